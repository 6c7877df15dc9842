/**
 * What a turn answers: a stored answer as the response (with its feedback links, which
 * history never shows), and the fixed debug answer (as JSON text, sent past the serializer).
 */
import type { Tenant } from '../../config/index.ts';
import type { AssistantResponse, EngagementEvent } from '../../assistant/contract.ts';
import { DEBUG_STUB_LATENCY_MS, DEBUG_STUB_RESPONSE, debugStubEvents } from '../../assistant/debug-stub.ts';
import type { Message } from '../../db/types.ts';
import { feedbackLinks } from '../feedback/index.ts';
import type { GenerateBody, GenerateResponse } from './schemas.ts';

/** The response for a stored assistant message: its events, then the like/dislike links. */
export function answerOf(publicBaseUrl: string, body: GenerateBody, tenant: Tenant, row: Message): GenerateResponse {
  const events = row.events ? (JSON.parse(row.events) as EngagementEvent[]) : [];
  return {
    threadId: body.threadId,
    resourceId: body.resourceId,
    assistantMessageId: row.id,
    messageFormat: tenant.messageFormat,
    response: JSON.parse(row.content) as AssistantResponse,
    responseLatencyMs: row.latency_ms ?? 0,
    events: [
      ...events,
      ...feedbackLinks(publicBaseUrl, {
        tenantId: tenant.id,
        resourceId: body.resourceId,
        threadId: body.threadId,
        messageId: row.id,
      }),
    ],
  };
}

/** The answer to debug traffic: the fixed stub, nothing stored. */
export function debugAnswer(publicBaseUrl: string, body: Pick<GenerateBody, 'threadId' | 'resourceId'>): GenerateResponse {
  return {
    threadId: body.threadId,
    resourceId: body.resourceId,
    // Frozen and never changed: serialised as is.
    response: DEBUG_STUB_RESPONSE,
    responseLatencyMs: DEBUG_STUB_LATENCY_MS,
    events: debugStubEvents(publicBaseUrl),
  };
}

/** The debug answer's JSON text after the caller's ids, written once per base URL. */
let debugTail: { publicBaseUrl: string; json: string } | null = null;

/**
 * `debugAnswer` as the JSON text sent: the caller's two ids, then the fixed rest written once
 * (test bots send debug traffic over and over; the serializer took a twentieth of each request).
 */
export function debugAnswerText(publicBaseUrl: string, body: Pick<GenerateBody, 'threadId' | 'resourceId'>): string {
  if (debugTail?.publicBaseUrl !== publicBaseUrl) {
    const { threadId: _t, resourceId: _r, ...rest } = debugAnswer(publicBaseUrl, { threadId: '', resourceId: '' });
    debugTail = { publicBaseUrl, json: JSON.stringify(rest).slice(1) };
  }
  return `{"threadId":${JSON.stringify(body.threadId)},"resourceId":${JSON.stringify(body.resourceId)},${debugTail.json}`;
}
