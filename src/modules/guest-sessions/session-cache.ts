/**
 * Guest sessions held in memory, so that a request does not read its token's session from the
 * database every time: by token hash, at most `maxEntries` (least recently used dropped first),
 * each trusted for `ttlMs` before it is read again. Removing an entry (a revocation here or
 * announced by another instance) also bumps `epoch`, so a database read that started before the
 * removal does not put the old record back.
 */
import type { GuestSession } from '../../db/types.ts';
import { createEpochLru } from '../epoch-lru.ts';

export interface SessionCacheOptions {
  maxEntries: number;
  ttlMs: number;
  /** Milliseconds, monotonic enough for ages (performance.now by default). */
  now?: () => number;
}

export function createSessionCache(options: SessionCacheOptions) {
  const now = options.now ?? (() => performance.now());
  const entries = createEpochLru<{ session: GuestSession; at: number }>(options.maxEntries);

  return {
    /** Bumped by every removal; pass the value read before a database read to `set`. */
    get epoch(): number {
      return entries.epoch;
    },

    /** The cached session of a token hash while it is fresh; the same object every time. */
    get(tokenHash: string): GuestSession | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) {
        return undefined;
      }
      if (now() - entry.at > options.ttlMs) {
        entries.forget(tokenHash);
        return undefined;
      }
      return entry.session;
    },

    /** Keeps `session` unless something was removed since `readAt` (the epoch before its read). */
    set(tokenHash: string, session: GuestSession, readAt: number): void {
      entries.set(tokenHash, { session, at: now() }, readAt);
    },

    delete(tokenHash: string): void {
      entries.delete(tokenHash);
    },

    clear(): void {
      entries.clear();
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
