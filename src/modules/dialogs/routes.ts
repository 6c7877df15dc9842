/** `GET /shopping/dialogs` and `DELETE /shopping/dialogs/{threadId}` (spec 4.3, 4.4). */
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requiredSession } from '../../plugins/route-config.ts';
import { hideSchema, listSchema } from './schemas.ts';
import type { DialogService } from './service.ts';
import { sendJsonText } from './json-text-reply.ts';

const tokenRequired: FastifyContextConfig = { access: { guest: 'required', ipRestricted: true } };

export function registerDialogRoutes(app: FastifyInstance, deps: { dialogsService: DialogService }): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get('/shopping/dialogs', { schema: listSchema, config: tokenRequired }, async (request, reply) => {
    // JSON text, written once (and for a first page kept in memory, not again).
    const json = await deps.dialogsService.list(requiredSession(request), request.query.limit, request.query.cursor);
    return sendJsonText(reply.header('Cache-Control', 'no-store'), json);
  });

  routes.delete('/shopping/dialogs/:threadId', { schema: hideSchema, config: tokenRequired }, async (request, reply) => {
    await deps.dialogsService.hide(requiredSession(request), request.params.threadId);
    // The 204 schema's body is `null`; nothing is sent for a 204 either way.
    return reply.code(204).header('Cache-Control', 'no-store').send(null);
  });
}
