/** Guest-session storage: Kysely only. Tokens are looked up by their hash. */
import { sql, type Kysely } from 'kysely';
import type { Database, GuestSession } from '../../db/types.ts';
import type { DialectName } from '../../db/dialect.ts';
import { prepared } from '../../db/prepared.ts';

/** A session's new expiry, written in a batch. */
export interface Extension {
  id: string;
  expiresAt: number;
  at: number;
}

export function createGuestSessionRepository(db: Kysely<Database>, dialect: DialectName) {
  // Checked on every request of a guest or legacy resource: compiled once.
  const byTokenHash = prepared(db, 1, (tokenHash: string) => db.selectFrom('guest_sessions').selectAll().where('token_hash', '=', tokenHash));
  const registration = prepared(db, 2, (tenantId: string, resourceId: string) =>
    db.selectFrom('guest_sessions').select('id').where('tenant_id', '=', tenantId).where('resource_id', '=', resourceId),
  );
  return {
    async findByTokenHash(tokenHash: string): Promise<GuestSession | undefined> {
      return (await byTokenHash(tokenHash))[0];
    },

    /** Whether the resource was ever registered in the tenant (revoked or expired included). */
    async isRegistered(tenantId: string, resourceId: string): Promise<boolean> {
      return (await registration(tenantId, resourceId)).length > 0;
    },

    /** Whether the resource is registered or has any dialog in the tenant (spec 3.1: then registration is refused). */
    async isRegisteredOrHasHistory(tenantId: string, resourceId: string): Promise<boolean> {
      const row = await db
        .selectFrom('guest_sessions')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('resource_id', '=', resourceId)
        .unionAll(
          db.selectFrom('dialogs').select('id').where('tenant_id', '=', tenantId).where('resource_id', '=', resourceId),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(session: GuestSession): Promise<void> {
      await db.insertInto('guest_sessions').values(session).execute();
    },

    async revoke(id: string, at: number): Promise<void> {
      await db.updateTable('guest_sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
    },

    /** Writes a batch of extensions (revoked sessions are left alone): one statement on PostgreSQL, one transaction on SQLite. */
    async extendMany(extensions: Extension[]): Promise<void> {
      if (extensions.length === 0) {
        return;
      }
      if (dialect === 'postgres') {
        await sql`update guest_sessions as g set expires_at = v.expires_at, extended_at = v.extended_at
          from unnest(${extensions.map((e) => e.id)}::text[], ${extensions.map((e) => e.expiresAt)}::bigint[], ${extensions.map((e) => e.at)}::bigint[])
            as v(id, expires_at, extended_at)
          where g.id = v.id and g.revoked_at is null`.execute(db);
        return;
      }
      await db.transaction().execute(async (trx) => {
        for (const e of extensions) {
          await trx
            .updateTable('guest_sessions')
            .set({ expires_at: e.expiresAt, extended_at: e.at })
            .where('id', '=', e.id)
            .where('revoked_at', 'is', null)
            .execute();
        }
      });
    },
  };
}

export type GuestSessionRepository = ReturnType<typeof createGuestSessionRepository>;
