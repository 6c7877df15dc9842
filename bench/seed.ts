/**
 * `npm run bench:seed`: fills a SQLite or PostgreSQL database (or several at once, with
 * identical rows) with a realistic population — by default 20,000 resources (60 % of them
 * registered guests with sessions), 100,000 dialogs, 1,000,000 messages (user/assistant
 * pairs with real catalogue-engine answers: a message block, a products block with cards
 * and signed events) and a reaction on a tenth of the answers — plus the fixed guests the
 * benchmark reads through (`bench-list`, `bench-history`, …).
 *
 *   npm run bench:seed -- --database sqlite:./data/seed.sqlite
 *   npm run bench:seed -- --database postgres://postgres@127.0.0.1:5432/aisle_seed --messages 50000
 *
 * Options: --database (repeatable), --messages N (default 1,000,000), --resources N
 * (default messages/50), --dialogs N (default messages/10), --tenant ID[,ID…] (default:
 * the first tenant of TENANTS_FILE), --seed-key KEY (default `aisle-bench`; tokens derive
 * from it), --first-resource N (append a block after an earlier seeding; fixtures only
 * in the block at 0), --print-tokens N (default 5).
 * TENANTS_FILE, PUBLIC_BASE_URL and SIGNING_SECRET are read as the server reads them, so
 * seeded links and tokens work with a server started with the same environment.
 *
 * Guest tokens are derived from the seed key (`seededToken`); only their SHA-256 is stored,
 * as the app does. Never seed a production database: anyone with the key has the tokens.
 */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { readEnv, type DatabaseSettings } from '../src/config/env.ts';
import { loadTenantsFile } from '../src/config/tenants-file.ts';
import type { Tenant } from '../src/config/index.ts';
import { createStorage, type Storage } from '../src/db/create-db.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { ensureSigningSecret } from '../src/security/signing-secret.ts';
import { syncCatalogsFromTenants } from '../src/catalog/sync-from-tenants.ts';
import { loadCatalog } from '../src/catalog/store.ts';
import { readFeedFile } from '../src/catalog/import/index.ts';
import type { CatalogProduct } from '../src/catalog/product.ts';
import { buildCatalogIndex } from '../src/catalog/search/index.ts';
import { buildTemplates, checkBlock, checkLinkSigner, FIXTURES, generateBlock, seededResourceId, seededToken, TABLE_ORDER, type BlockSpec, type TableName } from './lib/population.ts';
import { postgresWriter, sqliteWriter, type BulkWriter } from './lib/bulk-writer.ts';
import { flagValue, flagValues, hasFlag, round, thousands } from './lib/util.ts';

export const DEFAULT_SEED_KEY = 'aisle-bench';
const DEMO_CATALOG = fileURLToPath(new URL('../examples/demo/catalog.jsonl', import.meta.url));

export interface SeedOptions {
  databases: DatabaseSettings[];
  /** Tenants the resources are spread over; the first one holds the benchmark's fixtures. */
  tenants: Tenant[];
  blocks: BlockSpec[];
  seedKey?: string;
  publicBaseUrl: string;
  /** SIGNING_SECRET when the servers get one; otherwise the secret kept in the database. */
  signingSecret: string | null;
  log?: (line: string) => void;
}

export interface SeedReport {
  rows: Record<TableName, number>;
  totalRows: number;
  seconds: number;
  rowsPerSecond: number;
  messagesPerSecond: number;
  /** Time spent before the first row (migrations, catalogue, answer templates). */
  setupSeconds: number;
  /** ANALYZE / checkpoint after the load. */
  finishSeconds: number;
}

/** Settings for a `--database` value: `sqlite:FILE`, `file:FILE` or `postgres://…`. */
export function databaseSettings(value: string): DatabaseSettings {
  return readEnv({ DATABASE_URL: value }).database;
}

async function productsFor(storage: Storage, tenant: Tenant): Promise<CatalogProduct[]> {
  const stored = await loadCatalog(storage.db, tenant.id);
  if (stored) {
    return stored.products;
  }
  // No catalogue for this tenant: answers come from the demo catalogue, as a fresh install's would.
  const products: CatalogProduct[] = [];
  for await (const item of readFeedFile(DEMO_CATALOG)) {
    if (item.kind === 'product') {
      products.push(item.product);
    }
  }
  return products;
}

/** The key src/security/signing-secret.ts keeps the generated secret under. */
const SECRET_KEY = 'signing_secret';

/**
 * One signing secret for all databases, so one set of rows is valid in each: the configured
 * one, or the one a database already keeps (given to the others), or a new one.
 */
async function sharedSecret(storages: Storage[], configured: string | null): Promise<string> {
  if (configured) {
    return configured;
  }
  const kept = await Promise.all(storages.map(async (s) => (await s.db.selectFrom('settings').select('value').where('key', '=', SECRET_KEY).executeTakeFirst())?.value ?? null));
  if (new Set(kept.filter((k) => k !== null)).size > 1) {
    throw new Error('the databases keep different signing secrets: set SIGNING_SECRET to seed them together, or seed one at a time');
  }
  const first = storages[kept.findIndex((k) => k !== null)] ?? storages[0]!;
  const secret = await ensureSigningSecret(first.db, null);
  for (const s of storages) {
    await s.db.insertInto('settings').values({ key: SECRET_KEY, value: secret }).onConflict((oc) => oc.column('key').doNothing()).execute();
  }
  return secret;
}

/** Seeds every database with the same rows; resolves with counts and speed. */
export async function seedDatabases(options: SeedOptions): Promise<SeedReport> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const seedKey = options.seedKey ?? DEFAULT_SEED_KEY;
  options.blocks.forEach(checkBlock);
  const started = performance.now();
  const now = Date.now() * 1000;

  const storages = options.databases.map((settings) => createStorage(settings));
  let secret: string;
  let templates;
  try {
    for (const storage of storages) {
      await migrateToLatest(storage.db, storage.dialect);
      await syncCatalogsFromTenants(storage.db, options.tenants, () => Date.now() * 1000, { info: () => undefined, warn: (o, m) => log(`${m} ${JSON.stringify(o)}`) });
      for (const block of options.blocks) {
        const first = block.fixtures ? FIXTURES[0].resourceId : seededResourceId(seedKey, block.firstResource);
        const taken = await storage.db.selectFrom('dialogs').select('id').where('resource_id', '=', first).executeTakeFirst();
        const registered = await storage.db.selectFrom('guest_sessions').select('id').where('resource_id', '=', first).executeTakeFirst();
        if (taken || registered) {
          throw new Error(`resource ${first} is already seeded in ${storage.dialect}; seed a fresh database or use --first-resource`);
        }
      }
    }
    secret = await sharedSecret(storages, options.signingSecret);
    checkLinkSigner(secret, options.publicBaseUrl);
    templates = [];
    for (const tenant of options.tenants) {
      const index = buildCatalogIndex(await productsFor(storages[0]!, tenant), { language: tenant.language });
      templates.push(await buildTemplates(tenant, index));
    }
  } finally {
    await Promise.all(storages.map((s) => s.close()));
  }

  const writers: BulkWriter[] = [];
  try {
    for (const settings of options.databases) {
      writers.push(settings.kind === 'sqlite' ? sqliteWriter(settings.file) : await postgresWriter(settings.url));
    }
    const setupSeconds = (performance.now() - started) / 1000;
    const loadStarted = performance.now();
    const rows = Object.fromEntries(TABLE_ORDER.map((t) => [t, 0])) as Record<TableName, number>;
    let reported = 0;
    for (const block of options.blocks) {
      // A few batches in flight: the next rows are generated while the writers still work.
      const inFlight: Array<Promise<unknown>> = [];
      for (const batch of generateBlock(block, { seedKey, tenants: options.tenants, templates, signingSecret: secret, publicBaseUrl: options.publicBaseUrl, now })) {
        const written = Promise.all(writers.map((w) => w.write(batch)));
        // Awaited below; this only keeps a failure from counting as unhandled before then.
        written.catch(() => undefined);
        inFlight.push(written);
        if (inFlight.length >= 4) {
          await inFlight.shift();
        }
        for (const t of TABLE_ORDER) {
          rows[t] += batch[t].length;
        }
        if (rows.messages - reported >= 100_000) {
          reported = rows.messages;
          const s = (performance.now() - loadStarted) / 1000;
          log(`  seeded ${thousands(rows.messages)} messages (${thousands(rows.messages / s)} messages/s)`);
        }
      }
      await Promise.all(inFlight);
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const finishStarted = performance.now();
    await Promise.all(writers.map((w) => w.finish()));
    const finishSeconds = (performance.now() - finishStarted) / 1000;
    const totalRows = TABLE_ORDER.reduce((n, t) => n + rows[t], 0);
    return {
      rows,
      totalRows,
      seconds: round(loadSeconds, 2),
      rowsPerSecond: Math.round(totalRows / loadSeconds),
      messagesPerSecond: Math.round(rows.messages / loadSeconds),
      setupSeconds: round(setupSeconds, 2),
      finishSeconds: round(finishSeconds, 2),
    };
  } finally {
    await Promise.all(writers.map((w) => w.close()));
  }
}

async function main(argv: string[]): Promise<void> {
  const values = flagValues(argv, 'database');
  if (values.length === 0 || hasFlag(argv, 'help')) {
    process.stdout.write('usage: npm run bench:seed -- --database sqlite:FILE|postgres://… [--database …] [--messages 1000000] [--resources N] [--dialogs N] [--tenant ID[,ID]] [--seed-key KEY] [--first-resource N] [--print-tokens N]\n');
    process.exit(values.length === 0 ? 2 : 0);
  }
  const env = readEnv(process.env);
  const all = loadTenantsFile(env.tenantsFile);
  const wanted = flagValue(argv, 'tenant')?.split(',').map((s) => s.trim()).filter(Boolean) ?? [all[0]!.id];
  const tenants = wanted.map((id) => {
    const t = all.find((x) => x.id === id);
    if (!t) {
      throw new Error(`tenant "${id}" is not in ${env.tenantsFile}`);
    }
    return t;
  });
  const messages = Number(flagValue(argv, 'messages') ?? 1_000_000);
  const firstResource = Number(flagValue(argv, 'first-resource') ?? 0);
  const block: BlockSpec = {
    firstResource,
    resources: Number(flagValue(argv, 'resources') ?? Math.round(messages / 50)),
    dialogs: Number(flagValue(argv, 'dialogs') ?? Math.round(messages / 10)),
    messages,
    fixtures: firstResource === 0,
  };
  const seedKey = flagValue(argv, 'seed-key') ?? DEFAULT_SEED_KEY;
  const databases = values.map(databaseSettings);
  process.stdout.write(
    `seeding ${databases.map((d) => (d.kind === 'sqlite' ? `sqlite:${d.file}` : 'postgres')).join(' + ')}: ${thousands(block.resources)} resources, ${thousands(block.dialogs)} dialogs, ${thousands(block.messages)} messages\n`,
  );
  const report = await seedDatabases({ databases, tenants, blocks: [block], seedKey, publicBaseUrl: env.publicBaseUrl, signingSecret: env.signingSecret });
  process.stdout.write(
    `done: ${TABLE_ORDER.map((t) => `${thousands(report.rows[t])} ${t}`).join(', ')}\n` +
      `      ${thousands(report.totalRows)} rows in ${report.seconds} s = ${thousands(report.rowsPerSecond)} rows/s (${thousands(report.messagesPerSecond)} messages/s); set-up ${report.setupSeconds} s, analyze/checkpoint ${report.finishSeconds} s\n`,
  );
  const show = Number(flagValue(argv, 'print-tokens') ?? 5);
  if (show > 0 && block.fixtures) {
    process.stdout.write(`guest tokens (tenant ${tenants[0]!.id}; threads are <resourceId>-0, -1, …):\n`);
    for (const f of FIXTURES) {
      process.stdout.write(`  ${f.resourceId.padEnd(16)} ${seededToken(seedKey, tenants[0]!.id, f.resourceId)}\n`);
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`bench:seed failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  });
}
