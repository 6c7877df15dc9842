/**
 * Runs the schema migrations (at start and by `aisle migrate`). Migrations are listed
 * here in order; Kysely's migrator records what ran and takes a lock, so several
 * instances starting together migrate once.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DialectName } from './dialect.ts';
import type { Database } from './types.ts';
import { initialMigration } from './migrations/0001-initial.ts';
import { dialogsPairIndexMigration } from './migrations/0002-dialogs-pair-index.ts';
import { generationClaimLeasesMigration } from './migrations/0003-generation-claim-leases.ts';
import { insightsIndexesMigration } from './migrations/0004-insights-indexes.ts';
import { insightsAnswerProductsMigration } from './migrations/0005-insights-answer-products.ts';
import { dialogEngineStateMigration } from './migrations/0006-dialog-engine-state.ts';

function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
    '0002-dialogs-pair-index': dialogsPairIndexMigration,
    '0003-generation-claim-leases': generationClaimLeasesMigration,
    '0004-insights-indexes': insightsIndexesMigration,
    '0005-insights-answer-products': insightsAnswerProductsMigration(dialect),
    '0006-dialog-engine-state': dialogEngineStateMigration(dialect),
  };
}

/** Kysely's migrator over Aisle's migrations (tests also use it to step back and forth). */
export function migratorOf(db: Kysely<Database>, dialect: DialectName): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  return new Migrator({ db, provider });
}

/** Brings the schema up to date; returns the names of the migrations that ran. */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  const { error, results } = await migratorOf(db, dialect).migrateToLatest();
  if (error) {
    throw error instanceof Error ? error : new Error('migration failed');
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
