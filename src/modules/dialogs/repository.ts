/**
 * Dialog storage shared by generation, history, the dialog list, feedback and sharing:
 * Kysely only. A dialog is keyed by (tenant, resourceId, threadId); every lookup that a
 * client can drive checks the owning session too (the rule is in ownership.ts).
 */
import type { Kysely } from 'kysely';
import { DIALOG_COLUMNS, type Database, type Dialog } from '../../db/types.ts';
import { prepared } from '../../db/prepared.ts';

export interface DialogKey {
  tenantId: string;
  resourceId: string;
  threadId: string;
}

export interface ListCursor {
  lastMessageAt: number;
  threadId: string;
}

const QUALIFIED_DIALOG_COLUMNS = DIALOG_COLUMNS.map((c) => `dialogs.${c}` as const);

/**
 * The query for the dialog of a key, written once: the dialog lookup runs it as it is, and
 * generation joins the message of a retried id onto it (columns are qualified for that join).
 */
export function selectDialogByKey(db: Kysely<Database>, tenantId: string, resourceId: string, threadId: string) {
  return db
    .selectFrom('dialogs')
    .select(QUALIFIED_DIALOG_COLUMNS)
    .where('dialogs.tenant_id', '=', tenantId)
    .where('dialogs.resource_id', '=', resourceId)
    .where('dialogs.thread_id', '=', threadId);
}

export function createDialogRepository(db: Kysely<Database>) {
  const byKey = prepared(db, 3, (tenantId: string, resourceId: string, threadId: string) => selectDialogByKey(db, tenantId, resourceId, threadId));
  const listed = (sessionId: string) =>
    db.selectFrom('dialogs').select(['thread_id', 'title', 'created_at', 'last_message_at']).where('session_id', '=', sessionId).where('hidden_at', 'is', null);
  const firstPage = prepared(db, 2, (sessionId: string, limit: number) =>
    listed(sessionId).orderBy('last_message_at', 'desc').orderBy('thread_id', 'desc').limit(limit),
  );
  const pageAfter = prepared(db, 4, (sessionId: string, limit: number, lastMessageAt: number, threadId: string) =>
    listed(sessionId)
      // The leading `<=` lets both databases seek the list index to the cursor; the OR then
      // only sorts out ties (written as a plain OR, it was a filter over every earlier row).
      .where('last_message_at', '<=', lastMessageAt)
      .where((eb) => eb.or([eb('last_message_at', '<', lastMessageAt), eb('thread_id', '<', threadId)]))
      .orderBy('last_message_at', 'desc')
      .orderBy('thread_id', 'desc')
      .limit(limit),
  );
  return {
    async findByKey(key: DialogKey): Promise<Dialog | undefined> {
      return (await byKey(key.tenantId, key.resourceId, key.threadId))[0];
    },

    /** One page of a session's visible dialogs, most recently active first (keyset on the list index). */
    listPage(sessionId: string, limit: number, after: ListCursor | null) {
      return after ? pageAfter(sessionId, limit, after.lastMessageAt, after.threadId) : firstPage(sessionId, limit);
    },

    async hide(dialogId: string, at: number): Promise<void> {
      await db.updateTable('dialogs').set({ hidden_at: at }).where('id', '=', dialogId).where('hidden_at', 'is', null).execute();
    },
  };
}

export type DialogRepository = ReturnType<typeof createDialogRepository>;
