/**
 * `POST /dialogs/share`, `GET /dialogs/shared/{share_token}`, `POST /dialogs/share/revoke`
 * (spec 4.10–4.12). Every answer of these routes, errors included, carries
 * `Cache-Control: no-store`. Share create and revoke follow the guest-token rules of spec
 * part 5 item 2 and are not IP-restricted (item 8); the public read takes no token at all.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { Dialog } from '../../db/types.ts';
import type { NamedLimiter } from '../../app-context.ts';
import { assertAllowed, limitBy } from '../../plugins/rate-limit.ts';
import { bearerToken } from '../../security/bearer.ts';
import type { AccessPolicy } from '../../plugins/route-config.ts';
import { revokeShareSchema, shareSchema, sharedSchema, type RevokeBody, type ShareBody, type SharedParams } from './schemas.ts';
import type { ShareCaller, SharingService } from './service.ts';

export interface SharingRouteDeps {
  sharing: SharingService;
  limiter: NamedLimiter;
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
  const { sharing, limiter } = deps;
  // The dialog `identify` found, so the handler and the per-dialog limit need not look again.
  const located = new WeakMap<FastifyRequest, Dialog>();
  const dialogOf = (request: FastifyRequest): Dialog | null => (request.access ? (located.get(request) ?? null) : null);

  const access: AccessPolicy = {
    guest: 'when-registered',
    ipRestricted: false,
    identify: async (request) => {
      const body = request.body as { user_id: string; dialog_id: string };
      const dialog = await sharing.locate(bearerToken(request), body.user_id, body.dialog_id);
      if (!dialog) {
        return null;
      }
      located.set(request, dialog);
      return { tenantId: dialog.tenant_id, resourceId: dialog.resource_id };
    },
  };
  const perIp = limitBy(limiter, 'share', (request) => request.ip);

  app.post<{ Body: ShareBody }>(
    '/dialogs/share',
    {
      schema: shareSchema,
      config: { access },
      onRequest: perIp,
      // After the access check (app-level preHandler): only a caller allowed to share counts against the dialog.
      preHandler: async (request) => {
        const dialog = dialogOf(request);
        if (dialog) {
          assertAllowed(await limiter.hit('sharePerDialog', dialog.id));
        }
      },
      onSend: noStore,
    },
    async (request, reply) => {
      const created = await sharing.create(dialogOf(request), callerOf(request), request.body.through_message_id);
      return reply.code(201).send(created);
    },
  );

  app.post<{ Body: RevokeBody }>(
    '/dialogs/share/revoke',
    { schema: revokeShareSchema, config: { access }, onRequest: perIp, onSend: noStore },
    async (request, reply) => {
      await sharing.revoke(dialogOf(request), callerOf(request), request.body.share_token);
      return reply.code(204).send();
    },
  );

  const readOptions = {
    onRequest: [
      limitBy(limiter, 'sharedRead', (request) => request.ip),
      // An address that failed too often is refused before the lookup, whatever it asks for now.
      async (request: FastifyRequest) => assertAllowed(await limiter.peek('sharedReadFailed', request.ip)),
    ],
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      // Only "not found" counts as a failed read, and it is counted before the answer leaves.
      if (reply.statusCode === 404) {
        await limiter.hit('sharedReadFailed', request.ip);
      }
      return noStore(request, reply, payload);
    },
  };
  const read = async (token: string, reply: FastifyReply) => {
    const snapshot = await sharing.read(token);
    if (snapshot === null) {
      throw new AppError('SHARE_NOT_FOUND');
    }
    // Already JSON text: sent as is, without a parse and a serialisation per read.
    return reply.type('application/json; charset=utf-8').send(snapshot);
  };

  app.get<{ Params: SharedParams }>('/dialogs/shared/:share_token', { schema: sharedSchema, ...readOptions }, async (request, reply) =>
    read(request.params.share_token, reply),
  );
  // Paths the route above cannot take (an empty, over-long or slash-containing token) get the
  // same 404 and the same counting, instead of the app's generic not-found.
  app.get('/dialogs/shared/*', { schema: { hide: true }, ...readOptions }, async (_request, reply) => read('', reply));
}
