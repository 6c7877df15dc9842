/**
 * Guest sessions (spec 2.1, 3.1, 4.1, 4.2): registration, revocation, token checks and
 * the sliding 30-day expiry. A database that cannot be reached in any of these is
 * `503 AUTH_STORAGE_UNAVAILABLE`, as the spec asks of guest-token operations.
 *
 * Token checks are served from memory when that is safe: a session read once is trusted for a
 * few seconds, its expiry is checked on every request, and a revocation removes it at once here
 * and, announced (`../announced-changes.ts`), on every other instance within a second; while
 * announcements cannot be heard the memory is not used. Registrations are never
 * undone, so "is registered" is remembered once true. Expiry extensions are written in
 * batches (extension-batch.ts).
 */
import { randomUUID } from 'node:crypto';
import { AppError, authStorageError } from '../../errors.ts';
import { MICROS_PER_DAY, type Clock } from '../../clock.ts';
import { GUEST_TOKEN_PATTERN, hashToken, newGuestToken } from '../../security/tokens.ts';
import type { GuestSession } from '../../db/types.ts';
import type { GuestSessionRepository } from './repository.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { EpochLru } from '../epoch-lru.ts';
import type { AnnouncedChanges } from '../../announcements/announced-changes.ts';
import type { ExtensionBatch } from './extension-batch.ts';

export const SESSION_LIFETIME_MICROS = 30 * MICROS_PER_DAY;
/** Extension writes are skipped when the last one was under a minute ago (design.md §5). */
const EXTEND_EVERY_MICROS = 60_000_000;

export interface Registration {
  session: GuestSession;
  accessToken: string;
}

/** Runs a storage call; a database that cannot be reached becomes 503 AUTH_STORAGE_UNAVAILABLE. */
async function authStorage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw authStorageError(err);
  }
}

/** Registered resources remembered (a registration is never undone); the oldest dropped first. */
const REGISTERED_MAX = 20_000;

export interface GuestSessionServiceDeps {
  repository: GuestSessionRepository;
  clock: Clock;
  /** Sessions in memory by token hash (used only while announcements can be heard); the caller forgets revoked ones. */
  cache: EpochLru<GuestSession>;
  changes: AnnouncedChanges;
  extensions: ExtensionBatch;
}

export function createGuestSessionService(deps: GuestSessionServiceDeps) {
  const { repository, clock, cache, changes, extensions } = deps;
  const registered = new Map<string, true>();
  const registrationKey = (tenantId: string, resourceId: string) => `${tenantId.length}:${tenantId}${resourceId}`;
  const live = (session: GuestSession) => session.revoked_at === null && session.expires_at > clock.nowMicros();

  return {
    /** Issues a session for a resource never registered and without history; 409 otherwise. */
    async register(tenantId: string, resourceId: string): Promise<Registration> {
      if (await authStorage(() => repository.isRegisteredOrHasHistory(tenantId, resourceId))) {
        throw new AppError('RESOURCE_ALREADY_EXISTS');
      }
      const now = clock.nowMicros();
      const accessToken = newGuestToken();
      const session: GuestSession = {
        id: randomUUID(),
        tenant_id: tenantId,
        resource_id: resourceId,
        token_hash: hashToken(accessToken),
        created_at: now,
        expires_at: now + SESSION_LIFETIME_MICROS,
        extended_at: now,
        revoked_at: null,
      };
      try {
        await repository.insert(session);
      } catch (err) {
        if (isUniqueViolation(err)) {
          // Two registrations raced; the other one won.
          throw new AppError('RESOURCE_ALREADY_EXISTS');
        }
        throw authStorageError(err);
      }
      return { session, accessToken };
    },

    /** Revokes a known token (also an expired or already revoked one); 401 for a missing or unknown token. */
    async revoke(token: string | undefined): Promise<void> {
      if (!token || !GUEST_TOKEN_PATTERN.test(token)) {
        throw new AppError('INVALID_GUEST_TOKEN');
      }
      const tokenHash = hashToken(token);
      const session = await authStorage(() => repository.findByTokenHash(tokenHash));
      if (!session) {
        throw new AppError('INVALID_GUEST_TOKEN');
      }
      await authStorage(() => repository.revoke(session.id, clock.nowMicros()));
      // Forgotten here at once; the other instances must hear of it: if they cannot be told, the caller retries (revoking again answers 204).
      try {
        await changes.announceOrThrow('guest-token-revoked', tokenHash);
      } catch (err) {
        throw new AppError('AUTH_STORAGE_UNAVAILABLE', undefined, { cause: err });
      }
    },

    /** The active session of a token; 401 INVALID_GUEST_TOKEN when malformed, unknown, expired or revoked. */
    async authenticate(token: string): Promise<GuestSession> {
      if (!GUEST_TOKEN_PATTERN.test(token)) {
        throw new AppError('INVALID_GUEST_TOKEN');
      }
      const tokenHash = hashToken(token);
      const cached = cache.get(tokenHash);
      // A cached session that looks expired is read again: another instance may have extended it.
      if (cached && live(cached)) {
        return cached;
      }
      const epoch = cache.epoch;
      const session = await authStorage(() => repository.findByTokenHash(tokenHash));
      if (!session || !live(session)) {
        if (cached) {
          cache.delete(tokenHash);
        }
        throw new AppError('INVALID_GUEST_TOKEN');
      }
      cache.set(tokenHash, session, epoch);
      return session;
    },

    async isRegistered(tenantId: string, resourceId: string): Promise<boolean> {
      const key = registrationKey(tenantId, resourceId);
      if (registered.has(key)) {
        return true;
      }
      const found = await authStorage(() => repository.isRegistered(tenantId, resourceId));
      if (found) {
        if (registered.size >= REGISTERED_MAX) {
          registered.delete(registered.keys().next().value as string);
        }
        registered.set(key, true);
      }
      return found;
    },

    /**
     * Moves expiry to now + 30 days after a successful request, at most once a minute per
     * session: at once on the session held in memory, in the database with the next batch.
     */
    extend(session: GuestSession): void {
      const now = clock.nowMicros();
      if (now - session.extended_at < EXTEND_EVERY_MICROS) {
        return;
      }
      session.extended_at = now;
      session.expires_at = now + SESSION_LIFETIME_MICROS;
      extensions.add({ id: session.id, expiresAt: session.expires_at, at: now });
    },

    /** Writes the extensions noted so far (tests, and the app's close). */
    flushExtensions(): Promise<void> {
      return extensions.flush();
    },

    /** Writes the last extensions. */
    async close(): Promise<void> {
      await extensions.close();
    },
  };
}

export type GuestSessionService = ReturnType<typeof createGuestSessionService>;
