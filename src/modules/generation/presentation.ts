/**
 * What a turn answers, as JSON text sent past the serializer: a stored answer as the response
 * (with its feedback links, which history never shows), and the fixed debug answer.
 */
import type { Tenant } from '../../config/index.ts';
import { DEBUG_STUB_LATENCY_MS, DEBUG_STUB_RESPONSE, debugStubEvents } from '../../assistant/debug-stub.ts';
import type { Message } from '../../db/types.ts';
import { feedbackLinks } from '../feedback/index.ts';
import type { GenerateBody, GenerateResponse } from './schemas.ts';

/** What a stored assistant message gives its response. */
type StoredAnswer = Pick<Message, 'id' | 'content'> & { events?: string | null; latency_ms?: number | null };

/**
 * The response for a stored assistant message, as the JSON text sent: its answer and events as
 * they were stored (the same text history shows), then the like/dislike links. Written here
 * rather than parsed back and serialised against the schema: that took a twelfth of a turn's
 * CPU (docs/performance.md). The tests check the text against the route's schema.
 */
export function answerText(publicBaseUrl: string, body: GenerateBody, tenant: Tenant, row: StoredAnswer): string {
  const feedback = JSON.stringify(
    feedbackLinks(publicBaseUrl, { tenantId: tenant.id, resourceId: body.resourceId, threadId: body.threadId, messageId: row.id }),
  );
  // Stored events are a JSON array: their items, then the feedback links'.
  const stored = row.events === null || row.events === undefined || row.events === '[]' ? '' : `${row.events.slice(1, -1)},`;
  return (
    `{"threadId":${JSON.stringify(body.threadId)},"resourceId":${JSON.stringify(body.resourceId)},` +
    `"assistantMessageId":${JSON.stringify(row.id)},"messageFormat":${JSON.stringify(tenant.messageFormat)},` +
    `"response":${row.content},"responseLatencyMs":${row.latency_ms ?? 0},"events":[${stored}${feedback.slice(1)}}`
  );
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
