/**
 * A fingerprint of everything the database holds, to tell whether a refused request changed
 * anything: per table, the row count and a hash of every row's content (order-independent).
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/types.ts';
import { ALL_TABLES } from '../helpers/rows.ts';

/** Every table of src/db/types.ts (the list checks at compile time that none is missing). */
export const TABLES = ALL_TABLES;

export type Fingerprint = Map<string, { rows: number; hash: string }>;

function cell(value: unknown): string {
  if (Buffer.isBuffer(value)) {
    return `b:${createHash('sha1').update(value).digest('hex')}`;
  }
  return JSON.stringify(value) ?? 'u';
}

/** Reads every table (at once: PostgreSQL answers on several pooled connections). A few milliseconds for the fuzz world. */
export async function fingerprint(db: Kysely<Database>): Promise<Fingerprint> {
  const tables = await Promise.all(TABLES.map(async (table) => [table, (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows] as const));
  const out: Fingerprint = new Map();
  for (const [table, rows] of tables) {
    const lines = rows.map((row) =>
      Object.keys(row)
        .sort()
        .map((k) => `${k}=${cell(row[k])}`)
        .join('\u0001'),
    );
    lines.sort();
    const hash = createHash('sha1');
    for (const line of lines) {
      hash.update(line).update('\u0002');
    }
    out.set(table, { rows: rows.length, hash: hash.digest('hex') });
  }
  return out;
}

/** The tables whose content differs, with their row counts before → after. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const changed: string[] = [];
  for (const [table, b] of before) {
    const a = after.get(table);
    if (!a || a.hash !== b.hash) {
      changed.push(`${table} (${b.rows} → ${a?.rows ?? '?'} rows)`);
    }
  }
  return changed;
}

/**
 * Whether the database holds a dialog (or, without `threadId`, a guest session) under exactly
 * these identifiers, compared in JavaScript: a driver that replaced a lone surrogate by U+FFFD
 * would match itself in SQL, and two identifiers sent as different would share one row.
 */
export async function storedExactly(db: Kysely<Database>, ids: { tenantId: string; resourceId: string; threadId?: string }): Promise<boolean> {
  if (ids.threadId === undefined) {
    const rows = await db.selectFrom('guest_sessions').select(['tenant_id', 'resource_id']).execute();
    return rows.some((r) => r.tenant_id === ids.tenantId && r.resource_id === ids.resourceId);
  }
  const rows = await db.selectFrom('dialogs').select(['tenant_id', 'resource_id', 'thread_id']).execute();
  return rows.some((r) => r.tenant_id === ids.tenantId && r.resource_id === ids.resourceId && r.thread_id === ids.threadId);
}
