/**
 * A PostgreSQL app whose storage records the SQL of every query sent while a request is
 * being counted: the round-trip tests count what one request costs the database.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createStorage } from '../../src/db/create-db.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './storage.ts';

export interface CountingApp {
  t: TestApp;
  database: TestDatabase;
  /** Runs one request and returns it with the SQL of the queries it sent. */
  counted(request: InjectOptions): Promise<{ res: LightMyRequestResponse; queries: string[] }>;
  close(): Promise<void>;
}

/** `tenants`: the sections of the counted app (the test tenants by default). */
export async function countingPostgresApp(tenants?: unknown[]): Promise<CountingApp> {
  const database = await createTestDatabase('postgres');
  const queries: string[] = [];
  let counting = false;
  const storage = createStorage(database.settings, { onQuery: (e) => counting && queries.push(e.query.sql) });
  // Migrated and seeded by an app of its own, so the counted app starts on a ready database.
  const seed = await buildTestApp('postgres', { database, ...(tenants ? { tenants } : {}) });
  await seed.close();
  const t = await buildTestApp('postgres', { database: { ...database, storage }, catalogs: {}, ...(tenants ? { tenants } : {}) });
  return {
    t,
    database,
    async counted(request) {
      queries.length = 0;
      counting = true;
      try {
        const res = await t.app.inject(request);
        return { res, queries: [...queries] };
      } finally {
        counting = false;
      }
    },
    async close() {
      await t.app.close();
      await storage.close();
      await database.dispose();
    },
  };
}
