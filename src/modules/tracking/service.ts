/**
 * The tracking collector's rules (design.md §5 "tracking links"): a link signed by this service
 * records its event (queued for the batched write); the debug stub's link records nothing; any
 * other value is not a link of ours.
 */
import type { Clock } from '../../clock.ts';
import type { Signer } from '../../security/signer.ts';
import type { EventWriter } from './event-writer.ts';
import { EVENT_PURPOSE, type EventPayload } from './links.ts';

/** The value of the debug stub's event link: answered like a real one, recorded nowhere. */
const DEBUG_LINK = 'debug';

export function createTrackingService(deps: { signer: Signer; clock: Clock; writer: EventWriter }) {
  return {
    /** Records the event a signed link names; false when the value is not a link this service issued. */
    collect(signed: string): boolean {
      if (signed === DEBUG_LINK) {
        return true;
      }
      const event = deps.signer.verify<EventPayload>(EVENT_PURPOSE, signed);
      if (!event || typeof event.t !== 'string' || typeof event.y !== 'string') {
        return false;
      }
      deps.writer.add({ tenant_id: event.t, dialog_id: event.d, message_id: event.m, type: event.y, sku: event.s ?? null, created_at: deps.clock.nowMicros() });
      return true;
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
