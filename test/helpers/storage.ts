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
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const ALL_DIALECTS: readonly DialectName[] = ['sqlite', 'postgres'];

/**
 * The dialects the tests loop over. AISLE_TEST_DIALECTS=sqlite (or postgres, or
 * sqlite,postgres; default both) runs one pass only, as Kysely's suite does with DIALECTS,
 * for a quick local run. It narrows the `for (const dialect of DIALECTS)` loops only; the
 * PostgreSQL-only suites still follow `postgresSkip`. An unknown name is an error, not an
 * empty loop, and CI (CI=true) refuses a narrowed list because both passes must run there.
 */
export const DIALECTS: readonly DialectName[] = dialectsFromEnv(process.env.AISLE_TEST_DIALECTS);

function dialectsFromEnv(value: string | undefined): readonly DialectName[] {
  if (value === undefined || value.trim() === '') {
    return ALL_DIALECTS;
  }
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(ALL_DIALECTS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(`AISLE_TEST_DIALECTS: unknown dialect ${unknown.join(', ')} (use ${ALL_DIALECTS.join(', ')})`);
  }
  const chosen = ALL_DIALECTS.filter((d) => names.includes(d));
  if (process.env.CI === 'true' && chosen.length < ALL_DIALECTS.length) {
    throw new Error(`AISLE_TEST_DIALECTS=${value} leaves out a dialect; CI runs both`);
  }
  return chosen;
}

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

/** A fresh PostgreSQL database reached through a TCP proxy the test can stop and start. */
export interface UnreliablePostgres extends TestDatabase {
  /** `stop()` cuts every connection and refuses new ones (the database "stops answering"); `start()` brings it back. */
  proxy: TcpProxy;
}

/**
 * A migrated PostgreSQL database whose storage connects through a proxy, for the tests of
 * what users see while the database is away. Pass it as buildTestApp's `database` (it is
 * then not disposed by the app's close) and call `dispose()` after closing the app.
 */
export async function createUnreliablePostgres(poolSize = 4): Promise<UnreliablePostgres> {
  const direct = await createTestDatabase('postgres');
  const url = new URL((direct.settings as { url: string }).url);
  const proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
  url.port = String(proxy.port);
  const settings: DatabaseSettings = { kind: 'postgres', url: url.toString(), poolSize };
  const storage = createStorage(settings);
  return {
    settings,
    storage,
    proxy,
    async dispose() {
      await storage.close();
      await proxy.close();
      await direct.dispose();
    },
  };
}
