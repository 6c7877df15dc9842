/**
 * Where debug traffic may be answered, kept in memory: a debug request needs only to know that
 * its dialog is not hidden and not another session's (spec 4.5), and test bots send it over and
 * over on the same threads, each time reading the dialog's row for that alone.
 *
 * Kept per caller's session and dialog key: "answerable", meaning no such dialog existed or it
 * was visible and the caller's when it was read. Only hiding a dialog takes that back: dialogs are
 * never unhidden, deleted or given to another session, and a stored turn makes a missing dialog
 * its caller's, while all callers of one resource are of its one guest session (or, never
 * registered, of none). So every hidden dialog, here or announced by another instance
 * (`announcements/`), empties the memory: hiding is rare, and a hidden dialog's id does not
 * tell which keys were missing before. Refusals are not kept (they read the row every time).
 * Used only while announcements can be heard (on SQLite, one instance, always), each entry
 * trusted for `TRUSTED_FOR_MS`, at most `maxEntries` of them and `maxChars` of their keys, the
 * least recently read dropped first; a read that began before a hide is not kept after it (the epoch rule of `epoch-lru.ts`).
 */
import { TRUSTED_FOR_MS, type AnnouncedChanges } from '../../announcements/announced-changes.ts';
import { createAnnouncedLru } from '../epoch-lru.ts';

export interface DebugOpenings {
  /** Bumped by every hidden dialog; read it before the database read and pass it to `remember`. */
  readonly epoch: number;
  /** Whether a debug request of this session was last found answerable on this dialog key. */
  answerable(sessionId: string | null, dialogKey: string): boolean;
  /** Notes that it is, unless a dialog was hidden since `readAt`. */
  remember(sessionId: string | null, dialogKey: string, readAt: number): void;
  readonly size: number;
}

export function createDebugOpenings(options: { changes: AnnouncedChanges; maxEntries: number; maxChars: number }): DebugOpenings {
  // Each entry's value is its key's length, the weight the bound on characters adds up.
  const kept = createAnnouncedLru<number>(options.changes, {
    maxEntries: options.maxEntries,
    ttlMs: TRUSTED_FOR_MS,
    maxWeight: options.maxChars,
    weigh: (chars) => chars,
  });
  options.changes.on('dialog-hidden', () => kept.clear());
  // A session id is a UUID (no NUL); the dialog key's parts are separated by NUL already.
  const keyOf = (sessionId: string | null, dialogKey: string) => `${sessionId ?? ''}\0${dialogKey}`;
  return {
    get epoch(): number {
      return kept.epoch;
    },
    answerable(sessionId, dialogKey) {
      return kept.get(keyOf(sessionId, dialogKey)) !== undefined;
    },
    remember(sessionId, dialogKey, readAt) {
      const key = keyOf(sessionId, dialogKey);
      kept.set(key, key.length, readAt);
    },
    get size(): number {
      return kept.size;
    },
  };
}
