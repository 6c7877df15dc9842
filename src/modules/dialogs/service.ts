/**
 * The dialog list and hiding (spec 2.7, 3.2, 4.3, 4.4). The list reads the dialogs table
 * only, with a keyset cursor signed and bound to the session and to this list, so a
 * cursor cannot be forged, reused by another session, or moved to another list.
 */
import { AppError } from '../../errors.ts';
import { isoMicros, type Clock } from '../../clock.ts';
import type { Signer } from '../../security/signer.ts';
import type { GuestSession } from '../../db/types.ts';
import { ownedBy } from './ownership.ts';
import type { DialogRepository, ListCursor } from './repository.ts';
import type { ListResponse } from './schemas.ts';
import type { FirstPages } from './first-pages.ts';
import type { AnnouncedChanges } from '../../announcements/announced-changes.ts';

const CURSOR_PURPOSE = 'dialog-list';
export const LIST_DEFAULT_LIMIT = 20;

interface CursorPayload {
  /** session id */
  s: string;
  /** last_message_at of the last item shown */
  l: number;
  /** thread_id of the last item shown */
  t: string;
}

export function createDialogService(deps: { dialogs: DialogRepository; signer: Signer; clock: Clock; firstPages: FirstPages; changes: AnnouncedChanges }) {
  function readCursor(cursor: string, session: GuestSession): ListCursor {
    const payload = deps.signer.verify<CursorPayload>(CURSOR_PURPOSE, cursor);
    if (!payload || payload.s !== session.id || typeof payload.l !== 'number' || typeof payload.t !== 'string') {
      throw new AppError('INVALID_CURSOR');
    }
    return { lastMessageAt: payload.l, threadId: payload.t };
  }

  async function page(session: GuestSession, limit: number, after: ListCursor | null): Promise<ListResponse> {
    const rows = await deps.dialogs.listPage(session.id, limit + 1, after);
    const shown = rows.slice(0, limit);
    const last = shown[shown.length - 1];
    const hasMore = rows.length > limit;
    return {
      items: shown.map((row) => ({
        threadId: row.thread_id,
        title: row.title,
        createdAt: isoMicros(row.created_at),
        lastMessageAt: isoMicros(row.last_message_at),
      })),
      pagination: {
        hasMore,
        nextCursor: hasMore && last ? deps.signer.sign(CURSOR_PURPOSE, { s: session.id, l: last.last_message_at, t: last.thread_id } satisfies CursorPayload) : null,
      },
    };
  }

  return {
    /**
     * A page of the session's dialog list as JSON text (the response's body). The first page comes
     * from memory when it is kept (`first-pages.ts`), and is kept once read.
     */
    async list(session: GuestSession, limit = LIST_DEFAULT_LIMIT, cursor?: string): Promise<string> {
      if (cursor !== undefined) {
        return JSON.stringify(await page(session, limit, readCursor(cursor, session)));
      }
      const kept = deps.firstPages.get(session.id, limit);
      if (kept !== undefined) {
        return kept;
      }
      const readAt = deps.firstPages.epoch;
      const json = JSON.stringify(await page(session, limit, null));
      deps.firstPages.set(session.id, limit, json, readAt);
      return json;
    },

    /** Hides an own dialog (again: still 204); a foreign or missing one is 404 DIALOG_NOT_FOUND. */
    async hide(session: GuestSession, threadId: string): Promise<void> {
      const dialog = await deps.dialogs.findByKey({ tenantId: session.tenant_id, resourceId: session.resource_id, threadId });
      if (!dialog || !ownedBy(dialog, session.id)) {
        throw new AppError('DIALOG_NOT_FOUND');
      }
      if (dialog.hidden_at === null) {
        try {
          await deps.dialogs.hide(dialog.id, deps.clock.nowMicros());
        } finally {
          // The session's list and the dialog's share links change, here and on every instance.
          await Promise.all([deps.changes.announce('dialogs-changed', session.id), deps.changes.announce('dialog-hidden', dialog.id)]);
        }
      }
    },
  };
}

export type DialogService = ReturnType<typeof createDialogService>;
