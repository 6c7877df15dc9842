/**
 * Row counts of the tables a request can change, for tests that assert a refused request
 * changed nothing.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.ts';

/** Every table of src/db/types.ts; the type below fails to compile when one is added there and not here. */
export const ALL_TABLES = [
  'settings',
  'guest_sessions',
  'dialogs',
  'messages',
  'message_images',
  'feedback',
  'shares',
  'tracking_events',
  'starter_prompt_selections',
  'buyer_preferences',
  'catalogs',
  'catalog_products',
  'generation_claims',
] as const satisfies ReadonlyArray<keyof Database>;

type Missing = Exclude<keyof Database, (typeof ALL_TABLES)[number]>;
const _everyTable: [Missing] extends [never] ? true : Missing = true;
void _everyTable;

/** The tables buyers' requests write to (the catalogue and settings tables are written at start only). */
const WRITTEN_AT_START = new Set<string>(['settings', 'catalogs', 'catalog_products']);
export const REQUEST_TABLES = ALL_TABLES.filter((table) => !WRITTEN_AT_START.has(table));

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
