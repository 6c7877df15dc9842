/**
 * Guest sessions (spec 2.1, 3.1, 4.1, 4.2). The service is made apart from the routes because
 * the access plugin, which every other route relies on, needs it first.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppContext } from '../../app-context.ts';
import type { SessionAuthority } from '../../plugins/route-config.ts';
import { createGuestSessionRepository } from './repository.ts';
import { registerGuestSessionRoutes } from './routes.ts';
import { createGuestSessionService, type GuestSessionService } from './service.ts';
import { createSessionCache } from './session-cache.ts';
import { createInvalidationChannel } from './invalidation.ts';
import { createExtensionBatch } from './extension-batch.ts';

/** How long a session read from the database is trusted before it is read again. */
const SESSION_CACHE_TTL_MS = 10_000;
const SESSION_CACHE_MAX = 20_000;
const EXTENSION_MAX_PENDING = 5_000;

export interface GuestSessionsDeps {
  /** Redis, when configured: revocations are announced to the other instances through it. */
  redis: Redis | null;
  log: FastifyBaseLogger;
  /** How often noted expiry extensions are written; a crash loses at most this much of them. */
  extensionFlushMs: number;
}

/** The guest-session service; it is also the access plugin's `SessionAuthority`. */
export function createGuestSessions(ctx: AppContext, deps: GuestSessionsDeps): GuestSessionService & SessionAuthority {
  const repository = createGuestSessionRepository(ctx.storage.db, ctx.storage.dialect);
  const cache = createSessionCache({ maxEntries: SESSION_CACHE_MAX, ttlMs: SESSION_CACHE_TTL_MS });
  const channel = createInvalidationChannel({ storage: ctx.storage, redis: deps.redis }, { revoked: (hash) => cache.delete(hash), gap: () => cache.clear() });
  const extensions = createExtensionBatch({
    write: (batch) => repository.extendMany(batch),
    intervalMs: deps.extensionFlushMs,
    maxPending: EXTENSION_MAX_PENDING,
    // The answers succeeded; a lost batch only shortens those sessions by the time since their last extension.
    onError: (err) => deps.log.warn({ err }, 'guest session extensions not written'),
  });
  return createGuestSessionService({ repository, clock: ctx.clock, cache, channel, extensions });
}

/** Registers `POST /shopping/guest-sessions` and its revoke; the last extensions are written when the app closes. */
export function registerGuestSessionsModule(app: FastifyInstance, ctx: AppContext, sessions: GuestSessionService): void {
  registerGuestSessionRoutes(app, { config: ctx.config, sessions });
  app.addHook('onClose', async () => sessions.close());
}
