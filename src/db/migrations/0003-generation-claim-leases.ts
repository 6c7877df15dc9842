/**
 * Generation claims become leases (design.md §5 "idempotent retry"): the holder's id, the
 * time its lease runs out (renewed while the engine works), and when the turn was stored.
 * A stored turn keeps its claim, marked done, so a request that claims late finds it taken
 * and reads the stored answer; done and abandoned claims are purged a day after their lease.
 * Rows written by instances still on the old code have no holder and no lease; they are
 * read as the old 150-second claim. Never edit after it has landed; add a new one.
 */
import type { Kysely, Migration } from 'kysely';

export const generationClaimLeasesMigration: Migration = {
  // Migrations see the schema as it was then, not as the current table types say (Kysely docs).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('generation_claims').addColumn('holder', 'text').execute();
    await db.schema.alterTable('generation_claims').addColumn('lease_until', 'bigint').execute();
    await db.schema.alterTable('generation_claims').addColumn('done_at', 'bigint').execute();
    await db.schema.createIndex('generation_claims_lease_idx').on('generation_claims').column('lease_until').execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('generation_claims_lease_idx').execute();
    await db.schema.alterTable('generation_claims').dropColumn('done_at').execute();
    await db.schema.alterTable('generation_claims').dropColumn('lease_until').execute();
    await db.schema.alterTable('generation_claims').dropColumn('holder').execute();
  },
};
