/**
 * Guest sessions (spec 2.1, 3.1, 4.1, 4.2). The service is made apart from the routes because
 * the access plugin, which every other route relies on, needs it first.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { SessionAuthority } from '../../plugins/route-config.ts';
import { createGuestSessionRepository } from './repository.ts';
import { registerGuestSessionRoutes } from './routes.ts';
import { createGuestSessionService, type GuestSessionService } from './service.ts';
import { createAnnouncedLru } from '../epoch-lru.ts';
import { TRUSTED_FOR_MS } from '../../announcements/announced-changes.ts';
import type { GuestSession } from '../../db/types.ts';
import { createExtensionBatch } from './extension-batch.ts';

const SESSION_CACHE_MAX = 20_000;
const EXTENSION_MAX_PENDING = 5_000;

export interface GuestSessionsDeps {
  log: FastifyBaseLogger;
  /** How often noted expiry extensions are written; a crash loses at most this much of them. */
  extensionFlushMs: number;
}

/** The guest-session service; it is also the access plugin's `SessionAuthority`. */
export function createGuestSessions(ctx: AppContext, deps: GuestSessionsDeps): GuestSessionService & SessionAuthority {
  const repository = createGuestSessionRepository(ctx.storage.db, ctx.storage.dialect);
  const cache = createAnnouncedLru<GuestSession>(ctx.changes, { maxEntries: SESSION_CACHE_MAX, ttlMs: TRUSTED_FOR_MS });
  ctx.changes.on('guest-token-revoked', (hash) => cache.delete(hash));
  const extensions = createExtensionBatch({
    write: (batch) => repository.extendMany(batch),
    intervalMs: deps.extensionFlushMs,
    maxPending: EXTENSION_MAX_PENDING,
    // The answers succeeded; a lost batch only shortens those sessions by the time since their last extension.
    onError: (err) => deps.log.warn({ err }, 'guest session extensions not written'),
  });
  return createGuestSessionService({ repository, clock: ctx.clock, cache, changes: ctx.changes, extensions });
}

/** Registers `POST /shopping/guest-sessions` and its revoke; the last extensions are written when the app closes. */
export function registerGuestSessionsModule(app: FastifyInstance, ctx: AppContext, sessions: GuestSessionService): void {
  registerGuestSessionRoutes(app, { config: ctx.config, sessions });
  app.addHook('onClose', async () => sessions.close());
}
