/** `POST /shopping/history` (spec 4.6). */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { identifyByBody } from '../../plugins/route-config.ts';
import { HistoryBody, historySchema } from './schemas.ts';
import type { HistoryService } from './service.ts';

/**
 * A page already JSON text (see the service), sent as is, past the serializer: the reply is
 * not the schema's object, which documents the text (the tests check the text against it).
 */
function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(json);
}

export function registerHistoryRoutes(app: FastifyInstance, deps: { history: HistoryService }): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/shopping/history',
    {
      schema: historySchema,
      config: {
        access: {
          guest: 'when-registered',
          ipRestricted: true,
          identify: identifyByBody(HistoryBody, (body) => ({ tenantId: body.tenant_id, resourceId: body.resourceId })),
        },
      },
    },
    async (request, reply) => {
      return sendJsonText(reply, await deps.history.read(request.body, request.access?.session?.id ?? null));
    },
  );
}
