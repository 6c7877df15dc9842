/**
 * Guest sessions (spec 2.1, 3.1, 4.1, 4.2): registration, revocation, token checks and
 * the sliding 30-day expiry. A database that cannot be reached in any of these is
 * `503 AUTH_STORAGE_UNAVAILABLE`, as the spec asks of guest-token operations.
 */
import { randomUUID } from 'node:crypto';
import { AppError, authStorageError } from '../../errors.ts';
import { MICROS_PER_DAY, type Clock } from '../../clock.ts';
import { GUEST_TOKEN_PATTERN, hashToken, newGuestToken } from '../../security/tokens.ts';
import type { GuestSession } from '../../db/types.ts';
import type { GuestSessionRepository } from './repository.ts';
import { isUniqueViolation } from '../../db/errors.ts';

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

export function createGuestSessionService(deps: { repository: GuestSessionRepository; clock: Clock }) {
  const { repository, clock } = deps;

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
      const session = await authStorage(() => repository.findByTokenHash(hashToken(token)));
      if (!session) {
        throw new AppError('INVALID_GUEST_TOKEN');
      }
      await authStorage(() => repository.revoke(session.id, clock.nowMicros()));
    },

    /** The active session of a token; 401 INVALID_GUEST_TOKEN when malformed, unknown, expired or revoked. */
    async authenticate(token: string): Promise<GuestSession> {
      if (!GUEST_TOKEN_PATTERN.test(token)) {
        throw new AppError('INVALID_GUEST_TOKEN');
      }
      const session = await authStorage(() => repository.findByTokenHash(hashToken(token)));
      if (!session || session.revoked_at !== null || session.expires_at <= clock.nowMicros()) {
        throw new AppError('INVALID_GUEST_TOKEN');
      }
      return session;
    },

    isRegistered(tenantId: string, resourceId: string): Promise<boolean> {
      return authStorage(() => repository.isRegistered(tenantId, resourceId));
    },

    /** Moves expiry to now + 30 days after a successful request, at most once a minute per session. */
    async extend(session: GuestSession): Promise<void> {
      const now = clock.nowMicros();
      if (now - session.extended_at < EXTEND_EVERY_MICROS) {
        return;
      }
      await repository.extend(session.id, now + SESSION_LIFETIME_MICROS, now);
    },
  };
}

export type GuestSessionService = ReturnType<typeof createGuestSessionService>;
