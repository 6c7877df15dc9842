/**
 * Fresh, migrated databases for tests: a SQLite file in a temp folder, or a new
 * PostgreSQL database per call (dropped on dispose), so test files can run in parallel.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createStorage, type Storage } from '../../src/db/create-db.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { DialectName } from '../../src/db/dialect.ts';
import type { DatabaseSettings } from '../../src/config/index.ts';
import { PG_ADMIN_URL, postgresSkip } from './services.ts';

export const DIALECTS: readonly DialectName[] = ['sqlite', 'postgres'];

/** The skip reason for a dialect's tests, or false when they can run. */
export function skipFor(dialect: DialectName): string | false {
  return dialect === 'postgres' ? postgresSkip : false;
}

export interface TestDatabase {
  settings: DatabaseSettings;
  storage: Storage;
  dispose(): Promise<void>;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty migrated database of the given dialect. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'aisle-test-'));
    const settings: DatabaseSettings = { kind: 'sqlite', file: path.join(dir, 'aisle.sqlite') };
    const storage = createStorage(settings);
    await migrateToLatest(storage.db, storage.dialect);
    return {
      settings,
      storage,
      async dispose() {
        await storage.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `aisle_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const settings: DatabaseSettings = { kind: 'postgres', url: url.toString(), poolSize: 10 };
  const storage = createStorage(settings);
  await migrateToLatest(storage.db, storage.dialect);
  return {
    settings,
    storage,
    async dispose() {
      await storage.close();
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
