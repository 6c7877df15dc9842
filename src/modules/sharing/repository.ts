/** Share storage: Kysely only. Links are found by the SHA-256 of their token, never by the token. */
import type { Insertable, Kysely } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import { DIALOG_COLUMNS, type Database, type Dialog, type SharesTable } from '../../db/types.ts';

/** A share row as created (never revoked yet). */
export type NewShare = Omit<Insertable<SharesTable>, 'revoked_at'>;

/** The sharing queries over `db`. */
export function createSharingRepository(db: Kysely<Database>) {
  // The public read, the hot path: compiled once (a named server-side statement on PostgreSQL).
  const byTokenHash = prepared(db, 1, (tokenHash: string) =>
    db
      .selectFrom('shares as s')
      .innerJoin('dialogs as d', 'd.id', 's.dialog_id')
      .select(['s.token_hash', 's.dialog_id', 's.snapshot', 's.created_at', 's.expires_at', 's.revoked_at', 'd.hidden_at'])
      .where('s.token_hash', '=', tokenHash),
  );
  return {
    /**
     * Dialogs with this resource and thread id in any tenant (at most `limit`): share
     * requests name no tenant, so the caller must tell one match from an ambiguous pair.
     */
    dialogsByPair(resourceId: string, threadId: string, limit: number): Promise<Dialog[]> {
      return db.selectFrom('dialogs').select(DIALOG_COLUMNS).where('resource_id', '=', resourceId).where('thread_id', '=', threadId).limit(limit).execute();
    },

    /** The dialog with this resource and thread id in the tenant of the guest session holding `tokenHash`. */
    dialogInTokenTenant(tokenHash: string, resourceId: string, threadId: string): Promise<Dialog | undefined> {
      return db
        .selectFrom('dialogs as d')
        .innerJoin('guest_sessions as g', 'g.tenant_id', 'd.tenant_id')
        .select(DIALOG_COLUMNS.map((c) => `d.${c}` as const))
        .where('g.token_hash', '=', tokenHash)
        .where('d.resource_id', '=', resourceId)
        .where('d.thread_id', '=', threadId)
        .executeTakeFirst();
    },

    /** The message a client names: an assistant id, or a user message's client id or Aisle id. */
    async findMessage(dialogId: string, messageId: string) {
      const byId = await db
        .selectFrom('messages')
        .select(['id', 'role', 'client_message_id', 'created_at'])
        .where('dialog_id', '=', dialogId)
        .where('id', '=', messageId)
        .executeTakeFirst();
      if (byId) {
        return byId;
      }
      return db
        .selectFrom('messages')
        .select(['id', 'role', 'client_message_id', 'created_at'])
        .where('dialog_id', '=', dialogId)
        .where('role', '=', 'user')
        .where('client_message_id', '=', messageId)
        .executeTakeFirst();
    },

    /** The dialog's last message, in history order (created_at, id). */
    lastMessage(dialogId: string) {
      return db
        .selectFrom('messages')
        .select(['id', 'role', 'client_message_id', 'created_at'])
        .where('dialog_id', '=', dialogId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Messages from the first up to and including the cut, in history order. */
    messagesThrough(dialogId: string, cut: { id: string; created_at: number }) {
      return db
        .selectFrom('messages')
        .select(['role', 'content', 'created_at'])
        .where('dialog_id', '=', dialogId)
        .where((eb) => eb.or([eb('created_at', '<', cut.created_at), eb.and([eb('created_at', '=', cut.created_at), eb('id', '<=', cut.id)])]))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async insert(share: NewShare): Promise<void> {
      await db
        .insertInto('shares')
        .values({ ...share, revoked_at: null })
        .execute();
    },

    /** A link with the state that decides whether it opens: its own and its source dialog's. */
    async findByTokenHash(tokenHash: string) {
      return (await byTokenHash(tokenHash))[0];
    },

    /**
     * Revokes the link of this dialog with this token hash. The snapshot text is dropped at
     * once (the buyer asked for it to be gone) and expiry is brought forward so the purge
     * removes the row through the expiry index. Whether a link was revoked (not one already).
     */
    async revoke(dialogId: string, tokenHash: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('shares')
        .set({ revoked_at: at, snapshot: '[]', expires_at: at })
        .where('dialog_id', '=', dialogId)
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes links that expired before `before`; returns how many. Idempotent, so instances may race. */
    async deleteExpired(before: number): Promise<number> {
      const result = await db.deleteFrom('shares').where('expires_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SharingRepository = ReturnType<typeof createSharingRepository>;
