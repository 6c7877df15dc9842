/**
 * The first page of a session's dialog list, kept in memory as the JSON text it was sent as, so
 * that opening the list again (the widget does on every open) reads no rows.
 *
 * A session's page is forgotten when a turn is stored in one of its dialogs or one is hidden,
 * here or on another instance: the change is announced (`announcements/`), and pages are served
 * only while announcements can be heard (on SQLite, one instance, always). Every change also
 * bumps the epoch, so a page read from the database before a change and kept after it is not
 * kept (the same rule as the guest-session cache). A page is trusted for `TRUSTED_FOR_MS` at
 * most, and at most `maxEntries` pages are kept, the least recently read dropped first.
 */
import { TRUSTED_FOR_MS, type AnnouncedChanges } from '../../announcements/announced-changes.ts';
import { createAnnouncedLru } from '../epoch-lru.ts';

export interface FirstPagesOptions {
  changes: AnnouncedChanges;
  maxEntries: number;
}

export interface FirstPages {
  /** Bumped by every change; read it before the database read and pass it to `set`. */
  readonly epoch: number;
  /** The page's JSON text for this session and page size, if kept. */
  get(sessionId: string, limit: number): string | undefined;
  /** Keeps the page unless a session's dialogs changed since `readAt`. */
  set(sessionId: string, limit: number, json: string, readAt: number): void;
  readonly size: number;
}

export function createFirstPages(options: FirstPagesOptions): FirstPages {
  const pages = createAnnouncedLru<{ limit: number; json: string }>(options.changes, { maxEntries: options.maxEntries, ttlMs: TRUSTED_FOR_MS });
  options.changes.on('dialogs-changed', (sessionId) => pages.delete(sessionId));
  return {
    get epoch(): number {
      return pages.epoch;
    },
    get(sessionId, limit) {
      const page = pages.get(sessionId);
      return page?.limit === limit ? page.json : undefined;
    },
    set(sessionId, limit, json, readAt) {
      pages.set(sessionId, { limit, json }, readAt);
    },
    get size(): number {
      return pages.size;
    },
  };
}
