/**
 * Row counts of the tables a request can change, for tests that assert a refused request
 * changed nothing.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.ts';

/** The tables buyers' requests write to (the catalogue and settings tables are written at start only). */
export const REQUEST_TABLES = [
  'guest_sessions',
  'dialogs',
  'messages',
  'message_images',
  'feedback',
  'shares',
  'tracking_events',
  'starter_prompt_selections',
  'buyer_preferences',
  'generation_claims',
] as const satisfies ReadonlyArray<keyof Database>;

/** Rows in one table. */
export async function rowCount(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Rows in every table requests write to, by table name. */
export async function requestTableCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of REQUEST_TABLES) {
    counts[table] = await rowCount(db, table);
  }
  return counts;
}
