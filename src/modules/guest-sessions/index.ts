/**
 * Guest sessions (spec 2.1, 3.1, 4.1, 4.2). The service is made apart from the routes because
 * the access plugin, which every other route relies on, needs it first.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { SessionAuthority } from '../../plugins/route-config.ts';
import { createGuestSessionRepository } from './repository.ts';
import { registerGuestSessionRoutes } from './routes.ts';
import { createGuestSessionService, type GuestSessionService } from './service.ts';

/** The guest-session service; it is also the access plugin's `SessionAuthority`. */
export function createGuestSessions(ctx: AppContext): GuestSessionService & SessionAuthority {
  return createGuestSessionService({ repository: createGuestSessionRepository(ctx.storage.db), clock: ctx.clock });
}

/** Registers `POST /shopping/guest-sessions` and its revoke. */
export function registerGuestSessionsModule(app: FastifyInstance, ctx: AppContext, sessions: GuestSessionService): void {
  registerGuestSessionRoutes(app, { config: ctx.config, sessions });
}
