/**
 * `GET /shopping/events/{signed}`: Aisle's own tracking collector (design.md §5).
 * A valid signature → 204 at once and the event is queued for a batched write;
 * anything else → 404. The debug stub's event link answers 204 and records nothing.
 * The rules are in service.ts; this file is the HTTP side.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Clock } from '../../clock.ts';
import type { Signer } from '../../security/signer.ts';
import { sendError } from '../../plugins/error-handler.ts';
import { errorResponses, noContent } from '../../plugins/error-schema.ts';
import type { EventWriter } from './event-writer.ts';
import { createTrackingService } from './service.ts';

/** Longest signed value accepted (the signer refuses longer ones too). */
const SIGNED_MAX = 4096;

export function registerTrackingRoutes(app: FastifyInstance, deps: { signer: Signer; clock: Clock; writer: EventWriter }): void {
  const tracking = createTrackingService(deps);

  async function collect(signed: string, reply: FastifyReply) {
    void reply.header('Cache-Control', 'no-store');
    if (!tracking.collect(signed)) {
      return sendError(reply, 404, 'NOT_FOUND', 'Not found');
    }
    return reply.code(204).send();
  }

  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/shopping/events/:signed',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Tracking link from an answer (impression, click); answers 204',
        description: [
          'The target of the tracking URLs in generation answers (`IMP`, `WRIMP`, `visible_impression`, `click`): call each URL with GET',
          'as it is, when its condition is met (see POST /shopping/generate). Aisle records the event for the shop\'s report and answers',
          '204 at once; a failed call must not block the interface. The link is signed: it names the section, the answer and the product,',
          'never the buyer or the dialog. The debug stub\'s link answers 204 and records nothing. No token, no IP restriction.',
          '',
          '**Cache.** `Cache-Control: no-store`.',
        ].join('\n'),
        params: Type.Object({
          signed: Type.String({
            minLength: 1,
            maxLength: SIGNED_MAX,
            description: 'The signed event, as it came in the URL.',
            examples: ['eyJ0IjoiZGVtbyIsInkiOiJjbGljayIsInMiOiIxMDEwMDYifQ.IJCg0gKHv69yCwZincGIZA'],
          }),
        }),
        response: {
          204: noContent('Recorded (or the debug link).'),
          ...errorResponses({
            INVALID_REQUEST: { when: 'the signed part is empty or longer than 4,096 characters', example: 'params/signed must NOT have fewer than 1 characters' },
            NOT_FOUND: 'the signature is not valid: the link was altered or not issued by this service',
          }),
        },
      },
    },
    async (request, reply) => collect(request.params.signed, reply),
  );
}
