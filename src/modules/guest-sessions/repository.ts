/** Guest-session storage: Kysely only. Tokens are looked up by their hash. */
import type { Kysely } from 'kysely';
import type { Database, GuestSession } from '../../db/types.ts';
import { prepared } from '../../db/prepared.ts';

export function createGuestSessionRepository(db: Kysely<Database>) {
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

    async extend(id: string, expiresAt: number, at: number): Promise<void> {
      await db
        .updateTable('guest_sessions')
        .set({ expires_at: expiresAt, extended_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type GuestSessionRepository = ReturnType<typeof createGuestSessionRepository>;
