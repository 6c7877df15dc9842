/** `GET /shopping/dialogs` and `DELETE /shopping/dialogs/{threadId}` (spec 4.3, 4.4). */
import type { FastifyInstance } from 'fastify';
import type { GuestSession } from '../../db/types.ts';
import { hideSchema, listSchema, type HideParams, type ListQuery } from './schemas.ts';
import type { DialogService } from './service.ts';

const tokenRequired = { access: { guest: 'required' as const, ipRestricted: true } };

export function registerDialogRoutes(app: FastifyInstance, deps: { dialogsService: DialogService }): void {
  app.get<{ Querystring: ListQuery }>('/shopping/dialogs', { schema: listSchema, config: tokenRequired }, async (request, reply) => {
    const session = request.access!.session as GuestSession;
    const result = await deps.dialogsService.list(session, request.query.limit, request.query.cursor);
    return reply.header('Cache-Control', 'no-store').send(result);
  });

  app.delete<{ Params: HideParams }>('/shopping/dialogs/:threadId', { schema: hideSchema, config: tokenRequired }, async (request, reply) => {
    await deps.dialogsService.hide(request.access!.session as GuestSession, request.params.threadId);
    return reply.code(204).header('Cache-Control', 'no-store').send();
  });
}
