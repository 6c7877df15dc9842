/**
 * The secret behind signed cursors and tracking links. Taken from SIGNING_SECRET when set;
 * otherwise generated once and kept in the database, so every instance on the same
 * database signs alike and links survive restarts.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

const KEY = 'signing_secret';

export async function ensureSigningSecret(db: Kysely<Database>, configured: string | null): Promise<string> {
  if (configured) {
    return configured;
  }
  const existing = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (existing) {
    return existing.value;
  }
  // Two instances may start together: insert-if-absent, then read whichever won.
  await db
    .insertInto('settings')
    .values({ key: KEY, value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirstOrThrow();
  return row.value;
}
