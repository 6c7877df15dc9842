/** `POST /shopping/guest-sessions` and `POST /shopping/guest-sessions/revoke`. */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { isoMillis } from '../../clock.ts';
import type { Config } from '../../config/index.ts';
import type { NamedLimiter } from '../../app-context.ts';
import { limitBy } from '../../plugins/rate-limit.ts';
import { bearerToken } from '../../security/bearer.ts';
import { createIpCheck } from '../../security/ip-check.ts';
import { registerSchema, revokeSchema, type RegisterBody } from './schemas.ts';
import type { GuestSessionService } from './service.ts';

export function registerGuestSessionRoutes(
  app: FastifyInstance,
  deps: { config: Config; sessions: GuestSessionService; limiter: NamedLimiter },
): void {
  const checkIp = createIpCheck(deps.config);

  app.post<{ Body: RegisterBody }>(
    '/shopping/guest-sessions',
    {
      schema: registerSchema,
      config: { validationCode: 'INVALID_REQUEST_BODY' },
      onRequest: limitBy(deps.limiter, 'registration', (req) => req.ip),
    },
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

  app.post('/shopping/guest-sessions/revoke', { schema: revokeSchema }, async (request, reply) => {
    await deps.sessions.revoke(bearerToken(request));
    return reply.code(204).header('Cache-Control', 'no-store').send();
  });
}
