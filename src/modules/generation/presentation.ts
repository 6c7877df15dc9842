/**
 * What a turn answers: a stored answer as the response (with its feedback links, which
 * history never shows), and the fixed debug answer.
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
export function debugAnswer(publicBaseUrl: string, body: GenerateBody): GenerateResponse {
  return {
    threadId: body.threadId,
    resourceId: body.resourceId,
    // Frozen and never changed: serialised as is.
    response: DEBUG_STUB_RESPONSE,
    responseLatencyMs: DEBUG_STUB_LATENCY_MS,
    events: debugStubEvents(publicBaseUrl),
  };
}
