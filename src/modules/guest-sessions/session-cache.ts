/**
 * Guest sessions held in memory, so that a request does not read its token's session from the
 * database every time: by token hash, at most `maxEntries` (least recently used dropped first),
 * each trusted for `ttlMs` before it is read again. Removing an entry (a revocation here or
 * announced by another instance) also bumps `epoch`, so a database read that started before the
 * removal does not put the old record back.
 */
import type { GuestSession } from '../../db/types.ts';

export interface SessionCacheOptions {
  maxEntries: number;
  ttlMs: number;
  /** Milliseconds, monotonic enough for ages (performance.now by default). */
  now?: () => number;
}

export function createSessionCache(options: SessionCacheOptions) {
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, { session: GuestSession; at: number }>();
  let epoch = 0;

  return {
    /** Bumped by every removal; pass the value read before a database read to `set`. */
    get epoch(): number {
      return epoch;
    },

    /** The cached session of a token hash while it is fresh; the same object every time. */
    get(tokenHash: string): GuestSession | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) {
        return undefined;
      }
      if (now() - entry.at > options.ttlMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      // Most recently used last, so the oldest is evicted first.
      entries.delete(tokenHash);
      entries.set(tokenHash, entry);
      return entry.session;
    },

    /** Keeps `session` unless something was removed since `readAt` (the epoch before its read). */
    set(tokenHash: string, session: GuestSession, readAt: number): void {
      if (readAt !== epoch) {
        return;
      }
      entries.delete(tokenHash);
      if (entries.size >= options.maxEntries) {
        entries.delete(entries.keys().next().value as string);
      }
      entries.set(tokenHash, { session, at: now() });
    },

    delete(tokenHash: string): void {
      epoch++;
      entries.delete(tokenHash);
    },

    clear(): void {
      epoch++;
      entries.clear();
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
