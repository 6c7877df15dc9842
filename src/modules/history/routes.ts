/** `POST /shopping/history` (spec 4.6). */
import type { FastifyInstance } from 'fastify';
import { historySchema, type HistoryBody } from './schemas.ts';
import type { HistoryService } from './service.ts';

export function registerHistoryRoutes(app: FastifyInstance, deps: { history: HistoryService }): void {
  app.post<{ Body: HistoryBody }>(
    '/shopping/history',
    {
      schema: historySchema,
      config: {
        access: {
          guest: 'when-registered',
          ipRestricted: true,
          identify: (req) => {
            const body = req.body as HistoryBody;
            return { tenantId: body.tenant_id, resourceId: body.resourceId };
          },
        },
      },
    },
    async (request, reply) => {
      const json = await deps.history.read(request.body, request.access?.session?.id ?? null);
      // Already JSON (see the service): sent as is; the schema documents it.
      return reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(json);
    },
  );
}
