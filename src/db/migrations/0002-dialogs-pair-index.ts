/**
 * Share requests name a dialog by (resourceId, threadId) without its tenant (spec 4.10,
 * design.md §5): this index lets that lookup, and the check that the pair is not in two
 * tenants, avoid a scan of every dialog. Never edit after it has landed; add a new one.
 */
import type { Kysely, Migration } from 'kysely';

export const dialogsPairIndexMigration: Migration = {
  // Migrations see the schema as it was then, not as the current table types say (Kysely docs).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.createIndex('dialogs_pair_idx').on('dialogs').columns(['resource_id', 'thread_id']).execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('dialogs_pair_idx').execute();
  },
};
