/**
 * `buildTestApp`: the real app on a fresh database of the chosen dialect, with a manual
 * clock, test tenants and a captured log. Nothing of Aisle's own is mocked.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { fileURLToPath } from 'node:url';
import { buildApp, type AppDeps } from '../../src/app.ts';
import { importCatalog } from '../../src/catalog/store.ts';
import { readFeedFile } from '../../src/catalog/import/index.ts';
import { makeConfig, type Config } from '../../src/config/index.ts';
import { readEnv } from '../../src/config/env.ts';
import { parseTenant } from '../../src/config/tenants-file.ts';
import { manualClock } from '../../src/clock.ts';
import type { DialectName } from '../../src/db/dialect.ts';
import { createTestDatabase, type TestDatabase } from './storage.ts';

/** Test tenants: two open shops and one behind an IP allow-list. */
export const TEST_TENANTS: unknown[] = [
  { id: 'shop-a', name: 'Shop A' },
  { id: 'shop-b', name: 'Shop B', language: 'en', messageFormat: 'markdown' },
  { id: 'restricted', name: 'Restricted Shop', allowedIps: ['10.0.0.0/8', '2001:db8::/32'] },
];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  clock: ReturnType<typeof manualClock>;
  /** Everything the app logged so far, as text. */
  logText(): string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  tenants?: unknown[];
  env?: Record<string, string>;
  redis?: Redis | null;
  /** Reuse a database (e.g. two instances on one database); it is not disposed on close. */
  database?: TestDatabase;
  /** Runs before `ready()`: tests may add probe routes here. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Catalogue files to import per tenant before the app starts; default: the demo catalogue for every test tenant. */
  catalogs?: Record<string, string>;
  /** Passed to buildApp. */
  app?: Partial<Pick<AppDeps, 'engineFor' | 'images' | 'trackingFlushMs' | 'sessionExtensionFlushMs' | 'spanProcessor'>>;
}

export const DEMO_CATALOG = fileURLToPath(new URL('../../examples/demo/catalog.jsonl', import.meta.url));

/**
 * Every request rate limit set far above what a functional test sends, so that only the
 * rate-limit tests, which set small limits of their own, ever meet a 429.
 */
export const NO_RATE_LIMITS = {
  RATE_LIMIT_REGISTRATION: '100000',
  RATE_LIMIT_SHARE: '100000',
  RATE_LIMIT_SHARE_PER_DIALOG: '100000',
  RATE_LIMIT_SHARED_READ: '100000',
  RATE_LIMIT_SHARED_READ_FAILED: '100000',
} as const satisfies Record<string, string>;

export async function buildTestApp(dialect: DialectName, options: TestAppOptions = {}): Promise<TestApp> {
  const ownDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase(dialect));
  // The engine's warm-up on each new index is off unless a test turns it on (it adds a second or two to each start).
  const env = readEnv({ LOG_LEVEL: 'info', PUBLIC_BASE_URL: 'https://aisle.test', CATALOG_WARM_UP_MS: '0', ...options.env });
  const config = makeConfig(
    { ...env, database: database.settings },
    (options.tenants ?? TEST_TENANTS).map((t, i) => parseTenant(t, i, process.cwd())),
    process.env,
  );
  const clock = manualClock();
  const chunks: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      chunks.push(String(chunk));
      cb();
    },
  });
  const catalogs = options.catalogs ?? Object.fromEntries([...config.tenants.keys()].map((id) => [id, DEMO_CATALOG]));
  if (ownDatabase) {
    for (const [tenantId, file] of Object.entries(catalogs)) {
      await importCatalog(database.storage.db, tenantId, readFeedFile(file), file, clock.nowMicros());
    }
  }
  const app = await buildApp({
    config,
    storage: database.storage,
    clock,
    logStream,
    redis: options.redis ?? null,
    catalogRefreshMs: 0,
    trackingFlushMs: 20,
    sessionExtensionFlushMs: 20,
    ...options.app,
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    clock,
    logText: () => chunks.join(''),
    async close() {
      await app.close();
      if (ownDatabase) {
        await database.dispose();
      }
    },
  };
}

/** Registers a guest session through the API and returns its token. */
export async function registerGuest(app: FastifyInstance, tenantId: string, resourceId: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/shopping/guest-sessions', payload: { tenant_id: tenantId, resourceId } });
  if (res.statusCode !== 201) {
    throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  }
  return res.json().accessToken as string;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
