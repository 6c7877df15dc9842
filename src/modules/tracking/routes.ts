/**
 * `GET /shopping/events/{signed}`: Aisle's own tracking collector (design.md §5).
 * A valid signature → 204 at once and the event is queued for a batched write;
 * anything else → 404. The debug stub's event link answers 204 and records nothing.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Clock } from '../../clock.ts';
import type { Signer } from '../../security/signer.ts';
import { sendError } from '../../plugins/error-handler.ts';
import { EVENT_PURPOSE, type EventPayload } from './links.ts';
import type { EventWriter } from './event-writer.ts';

export function registerTrackingRoutes(app: FastifyInstance, deps: { signer: Signer; clock: Clock; writer: EventWriter }): void {
  app.get<{ Params: { signed: string } }>(
    '/shopping/events/:signed',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Tracking link from an answer (impression, click); answers 204',
        params: Type.Object({ signed: Type.String({ minLength: 1, maxLength: 4096 }) }),
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      if (request.params.signed === 'debug') {
        return reply.code(204).send();
      }
      const event = deps.signer.verify<EventPayload>(EVENT_PURPOSE, request.params.signed);
      if (!event || typeof event.t !== 'string' || typeof event.y !== 'string') {
        return sendError(reply, 404, 'NOT_FOUND', 'Not found');
      }
      deps.writer.add({ tenant_id: event.t, dialog_id: event.d, message_id: event.m, type: event.y, sku: event.s ?? null, created_at: deps.clock.nowMicros() });
      return reply.code(204).send();
    },
  );
}
