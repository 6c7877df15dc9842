/**
 * `POST /dialogs/share`, `GET /dialogs/shared/{share_token}`, `POST /dialogs/share/revoke`
 * (spec 4.10–4.12). Every answer of these routes, errors included, carries
 * `Cache-Control: no-store`. Share create and revoke follow the guest-token rules of spec
 * part 5 item 2 and are not IP-restricted (item 8); the public read takes no token at all.
 */
import { sendJsonBytes } from '../dialogs/json-text-reply.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors.ts';
import { bearerToken } from '../../security/bearer.ts';
import { identifyByBody, type AccessPolicy } from '../../plugins/route-config.ts';
import { RevokeBody, ShareBody, revokeShareSchema, shareSchema, sharedSchema } from './schemas.ts';
import type { ShareCaller, SharingService } from './service.ts';

export interface SharingRouteDeps {
  sharing: SharingService;
}

async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  void reply.header('Cache-Control', 'no-store');
  return payload;
}

function callerOf(request: FastifyRequest): ShareCaller | null {
  const access = request.access;
  return access ? { sessionId: access.session?.id ?? null, tenantKnown: access.tenant !== undefined } : null;
}

/** Registers the three sharing routes on `app`. */
export function registerSharingRoutes(app: FastifyInstance, deps: SharingRouteDeps): void {
  const { sharing } = deps;
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  // Create and revoke name the dialog alike, by the same two fields of their bodies.
  const accessBy = (body: typeof ShareBody | typeof RevokeBody): AccessPolicy => ({
    guest: 'when-registered',
    ipRestricted: false,
    identify: identifyByBody(body, async ({ user_id, dialog_id }, request) => {
      const dialog = await sharing.locate(bearerToken(request), user_id, dialog_id);
      return dialog ? { tenantId: dialog.tenant_id, resourceId: dialog.resource_id, dialog } : null;
    }),
  });

  routes.post(
    '/dialogs/share',
    { schema: shareSchema, config: { access: accessBy(ShareBody), rateLimit: ['share-per-ip', 'share-per-dialog'] }, onSend: noStore },
    async (request, reply) => {
      const created = await sharing.create(request.access?.dialog ?? null, callerOf(request), request.body.through_message_id);
      return reply.code(201).send(created);
    },
  );

  routes.post(
    '/dialogs/share/revoke',
    { schema: revokeShareSchema, config: { access: accessBy(RevokeBody), rateLimit: ['share-per-ip'] }, onSend: noStore },
    async (request, reply) => {
      await sharing.revoke(request.access?.dialog ?? null, callerOf(request), request.body.share_token);
      // The 204 schema's body is `null`; nothing is sent for a 204 either way.
      return reply.code(204).send(null);
    },
  );

  const read = async (token: string, reply: FastifyReply) => {
    const snapshot = await sharing.read(token);
    if (snapshot === null) {
      throw new AppError('SHARE_NOT_FOUND');
    }
    // Already JSON text: sent as is, past the serializer, without a parse and a serialisation per
    // read (the reply is thus not the schema's object; the tests check the text against it).
    return sendJsonBytes(reply, snapshot);
  };

  routes.get(
    '/dialogs/shared/:share_token',
    { schema: sharedSchema, config: { rateLimit: ['shared-read'] }, onSend: noStore },
    async (request, reply) => read(request.params.share_token, reply),
  );
  // Paths the route above cannot take (an empty, over-long or slash-containing token) get the
  // same 404 and the same counting, instead of the app's generic not-found.
  routes.get('/dialogs/shared/*', { schema: { hide: true }, config: { rateLimit: ['shared-read'] }, onSend: noStore }, async (_request, reply) =>
    read('', reply),
  );
}
