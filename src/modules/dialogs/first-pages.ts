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

export interface FirstPagesOptions {
  /** Whether pages are kept at all (false on PostgreSQL). */
  enabled: boolean;
  maxEntries: number;
}

export interface FirstPages extends DialogListChanges {
  readonly enabled: boolean;
  /** Bumped by every change; read it before the database read and pass it to `set`. */
  readonly epoch: number;
  /** The page's JSON text for this session and page size, if kept. */
  get(sessionId: string, limit: number): string | undefined;
  /** Keeps the page unless a session's dialogs changed since `readAt`. */
  set(sessionId: string, limit: number, json: string, readAt: number): void;
  readonly size: number;
}

export function createFirstPages(options: FirstPagesOptions): FirstPages {
  const pages = new Map<string, { limit: number; json: string }>();
  let epoch = 0;
  return {
    enabled: options.enabled,
    get epoch(): number {
      return epoch;
    },
    get(sessionId, limit) {
      const page = pages.get(sessionId);
      if (!page || page.limit !== limit) {
        return undefined;
      }
      // Most recently read last, so the oldest is dropped first.
      pages.delete(sessionId);
      pages.set(sessionId, page);
      return page.json;
    },
    set(sessionId, limit, json, readAt) {
      if (!options.enabled || readAt !== epoch) {
        return;
      }
      pages.delete(sessionId);
      if (pages.size >= options.maxEntries) {
        pages.delete(pages.keys().next().value as string);
      }
      pages.set(sessionId, { limit, json });
    },
    changed(sessionId) {
      epoch++;
      pages.delete(sessionId);
    },
    get size(): number {
      return pages.size;
    },
  };
}
