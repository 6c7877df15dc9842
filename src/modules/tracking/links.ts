/**
 * Signed tracking links to Aisle's own collector (`GET /shopping/events/{signed}`), bound
 * to one answer. The payload names tenant, dialog (Aisle's internal id, never the
 * resourceId/threadId pair), message, event type and SKU; the signature makes it unforgeable.
 */
import type { Signer } from '../../security/signer.ts';
import type { TrackingLinks } from '../../assistant/engine.ts';

export const EVENT_PURPOSE = 'event';

/** What a tracking link carries, in short keys to keep links short. */
export interface EventPayload {
  /** tenant id */
  t: string;
  /** dialog id (internal) */
  d: string;
  /** assistant message id */
  m: string;
  /** event type, case kept */
  y: string;
  /** product SKU for card events */
  s?: string;
}

export function createTrackingLinks(signer: Signer, baseUrl: string, answer: { tenantId: string; dialogId: string; messageId: string }): TrackingLinks {
  const link = (payload: EventPayload) => `${baseUrl}/shopping/events/${signer.sign(EVENT_PURPOSE, payload)}`;
  return {
    block: (type) => link({ t: answer.tenantId, d: answer.dialogId, m: answer.messageId, y: type }),
    card: (type, sku) => link({ t: answer.tenantId, d: answer.dialogId, m: answer.messageId, y: type, s: sku }),
  };
}
