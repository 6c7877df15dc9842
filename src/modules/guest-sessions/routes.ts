/** `POST /shopping/guest-sessions` and `POST /shopping/guest-sessions/revoke`. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors.ts';
import { isoMillis } from '../../clock.ts';
import type { Config } from '../../config/index.ts';
import { bearerToken } from '../../security/bearer.ts';
import { createIpCheck } from '../../security/ip-check.ts';
import { registerSchema, revokeSchema } from './schemas.ts';
import type { GuestSessionService } from './service.ts';

export function registerGuestSessionRoutes(
  app: FastifyInstance,
  deps: { config: Config; sessions: GuestSessionService },
): void {
  const checkIp = createIpCheck(deps.config);
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post(
    '/shopping/guest-sessions',
    { schema: registerSchema, config: { validationCode: 'INVALID_REQUEST_BODY', rateLimit: ['registration-per-ip'] } },
    async (request, reply) => {
      const { tenant_id: tenantId, resourceId } = request.body;
      if (!deps.config.tenants.has(tenantId)) {
        throw new AppError('UNKNOWN_TENANT');
      }
      checkIp(tenantId, request.ip);
      const { session, accessToken } = await deps.sessions.register(tenantId, resourceId);
      return reply
        .code(201)
        .header('Cache-Control', 'no-store')
        .send({
          sessionId: session.id,
          accessToken,
          tokenType: 'Bearer',
          resourceId: session.resource_id,
          expiresAt: isoMillis(session.expires_at),
        });
    },
  );

  routes.post('/shopping/guest-sessions/revoke', { schema: revokeSchema }, async (request, reply) => {
    await deps.sessions.revoke(bearerToken(request));
    // The 204 schema's body is `null`; nothing is sent for a 204 either way.
    return reply.code(204).header('Cache-Control', 'no-store').send(null);
  });
}
