/**
 * Dialog storage shared by generation, history, the dialog list, feedback and sharing:
 * Kysely only. A dialog is keyed by (tenant, resourceId, threadId); every lookup that a
 * client can drive checks the owning session too, so no request reveals another owner's dialog.
 */
import type { Kysely } from 'kysely';
import type { Database, Dialog } from '../../db/types.ts';

export interface DialogKey {
  tenantId: string;
  resourceId: string;
  threadId: string;
}

export interface ListCursor {
  lastMessageAt: number;
  threadId: string;
}

export function createDialogRepository(db: Kysely<Database>) {
  return {
    findByKey(key: DialogKey): Promise<Dialog | undefined> {
      return db
        .selectFrom('dialogs')
        .selectAll()
        .where('tenant_id', '=', key.tenantId)
        .where('resource_id', '=', key.resourceId)
        .where('thread_id', '=', key.threadId)
        .executeTakeFirst();
    },

    /** One page of a session's visible dialogs, most recently active first (keyset on the list index). */
    listPage(sessionId: string, limit: number, after: ListCursor | null) {
      let query = db
        .selectFrom('dialogs')
        .select(['thread_id', 'title', 'created_at', 'last_message_at'])
        .where('session_id', '=', sessionId)
        .where('hidden_at', 'is', null);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('last_message_at', '<', after.lastMessageAt),
            eb.and([eb('last_message_at', '=', after.lastMessageAt), eb('thread_id', '<', after.threadId)]),
          ]),
        );
      }
      return query.orderBy('last_message_at', 'desc').orderBy('thread_id', 'desc').limit(limit).execute();
    },

    async hide(dialogId: string, at: number): Promise<void> {
      await db.updateTable('dialogs').set({ hidden_at: at }).where('id', '=', dialogId).where('hidden_at', 'is', null).execute();
    },
  };
}

export type DialogRepository = ReturnType<typeof createDialogRepository>;

/**
 * Whether the caller may see this dialog: it belongs to the caller's guest session, or —
 * for resources never registered — to no session. A mismatch is answered exactly like a
 * missing dialog.
 */
export function ownedBy(dialog: Dialog, sessionId: string | null): boolean {
  return dialog.session_id === sessionId;
}
