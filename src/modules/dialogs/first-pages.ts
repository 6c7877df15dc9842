/**
 * The first page of a session's dialog list, kept in memory as the JSON text it was sent as, so
 * that opening the list again (the widget does on every open) reads no rows. Only where this
 * process sees every change to a session's dialogs: on SQLite, one instance (docs/scaling.md).
 * On PostgreSQL another instance may store a turn, so nothing is kept there.
 *
 * A session's page is forgotten when a turn is stored in one of its dialogs or one is hidden
 * (`changed`). Every change also bumps `epoch`, so a page read from the database before a change
 * and kept after it is not kept (the same rule as the guest-session cache). At most
 * `maxEntries` pages, the least recently read dropped first.
 */
import type { DialogListChanges } from '../../app-context.ts';
import { createEpochLru } from '../epoch-lru.ts';

export interface FirstPagesOptions {
  /** Whether pages are kept at all (false on PostgreSQL). */
  enabled: boolean;
  maxEntries: number;
}

export interface FirstPages extends DialogListChanges {
  /** Bumped by every change; read it before the database read and pass it to `set`. */
  readonly epoch: number;
  /** The page's JSON text for this session and page size, if kept. */
  get(sessionId: string, limit: number): string | undefined;
  /** Keeps the page unless a session's dialogs changed since `readAt`. */
  set(sessionId: string, limit: number, json: string, readAt: number): void;
  readonly size: number;
}

export function createFirstPages(options: FirstPagesOptions): FirstPages {
  const pages = createEpochLru<{ limit: number; json: string }>(options.maxEntries);
  return {
    get epoch(): number {
      return pages.epoch;
    },
    get(sessionId, limit) {
      const page = pages.get(sessionId);
      return page?.limit === limit ? page.json : undefined;
    },
    set(sessionId, limit, json, readAt) {
      if (options.enabled) {
        pages.set(sessionId, { limit, json }, readAt);
      }
    },
    changed(sessionId) {
      pages.delete(sessionId);
    },
    get size(): number {
      return pages.size;
    },
  };
}
