/** `POST /shopping/history` (spec 4.6). */
import type { FastifyInstance } from 'fastify';
import { sendJsonPieces } from '../dialogs/json-text-reply.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { identifyByBody } from '../../plugins/route-config.ts';
import { HistoryBody, historySchema } from './schemas.ts';
import type { HistoryService } from './service.ts';

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
      // A page already JSON text in pieces (see the service): the reply is not the schema's object, which documents the text.
      return sendJsonPieces(reply.header('Cache-Control', 'no-store'), await deps.history.read(request.body, request.access?.session?.id ?? null));
    },
  );
}
