/**
 * `aisle <command>`: serve (default), migrate. Configuration errors end the process with
 * one line naming the variable or the tenant and field, and exit code 2.
 */
import { ConfigError, loadConfig } from './config/index.ts';
import { readEnv } from './config/env.ts';
import { createStorage } from './db/create-db.ts';
import { migrateToLatest } from './db/migrate.ts';
import { serveFromEnvironment } from './server.ts';
import { systemClock, MICROS_PER_DAY } from './clock.ts';
import { importCatalog, CatalogImportError } from './catalog/store.ts';
import { readFeedFile, FeedFormatError } from './catalog/import/index.ts';
import { engagementByDay } from './modules/tracking/index.ts';
import { hashToken, newInsightsKey } from './security/tokens.ts';

const USAGE = `usage: aisle <command>
  serve                                   start the service (default)
  migrate                                 bring the database schema up to date
  import-catalog --tenant ID [--format F] FILE
                                          import a feed (yml, google, csv, jsonl; default: detect)
                                          as the tenant's catalogue, replacing it atomically
  events-report [--tenant ID] [--days N]  impressions, clicks and click-through per tenant and day
  insights-key                            a new insights key for a shop's page /insights, and the
                                          insightsKeySha256 line for its entry in the tenants file
`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function withStorage<T>(work: (storage: ReturnType<typeof createStorage>) => Promise<T>): Promise<T> {
  const settings = readEnv(process.env);
  const storage = createStorage(settings.database);
  try {
    await migrateToLatest(storage.db, storage.dialect);
    return await work(storage);
  } finally {
    await storage.close();
  }
}

async function importCatalogCommand(args: string[]): Promise<void> {
  const tenant = option(args, '--tenant');
  const format = option(args, '--format') ?? 'auto';
  const file = args.filter((a, i) => !a.startsWith('--') && !['--tenant', '--format'].includes(args[i - 1] ?? ''))[0];
  if (!tenant || !file) {
    throw new UsageError('import-catalog needs --tenant ID and a FILE');
  }
  if (!['auto', 'yml', 'google', 'csv', 'jsonl'].includes(format)) {
    throw new UsageError(`--format must be auto, yml, google, csv or jsonl, got "${format}"`);
  }
  const config = loadConfig(process.env);
  if (!config.tenants.has(tenant)) {
    throw new UsageError(`tenant "${tenant}" is not in the tenants file`);
  }
  const report = await withStorage((storage) =>
    importCatalog(storage.db, tenant, readFeedFile(file, { format: format as 'auto' }), `cli:${file}`, systemClock().nowMicros()),
  );
  for (const s of report.skipped.slice(0, 50)) {
    process.stdout.write(`skipped ${s.offerId ?? '(no id)'}: ${s.reason}\n`);
  }
  if (report.skippedCount > 50) {
    process.stdout.write(`… and ${report.skippedCount - 50} more skipped\n`);
  }
  process.stdout.write(`imported ${report.imported} products for "${tenant}" (version ${report.version}), skipped ${report.skippedCount}\n`);
}

async function eventsReportCommand(args: string[]): Promise<void> {
  const days = Number(option(args, '--days') ?? '30');
  if (!Number.isInteger(days) || days < 1) {
    throw new UsageError('--days must be a whole number of at least 1');
  }
  const tenantId = option(args, '--tenant');
  const rows = await withStorage((storage) =>
    engagementByDay(storage.db, { ...(tenantId ? { tenantId } : {}), sinceMicros: systemClock().nowMicros() - days * MICROS_PER_DAY }),
  );
  process.stdout.write('tenant\tday\timpressions\tvisible\tcard views\tclicks\tclick-through\n');
  for (const r of rows) {
    const ctr = r.clickThrough === null ? '-' : `${(r.clickThrough * 100).toFixed(1)}%`;
    process.stdout.write(`${r.tenant}\t${r.day}\t${r.impressions}\t${r.visibleImpressions}\t${r.cardViews}\t${r.clicks}\t${ctr}\n`);
  }
}

/** Prints a fresh insights key and the line of the tenants file that opens the page with it. */
function insightsKeyCommand(): void {
  const key = newInsightsKey();
  process.stdout.write(
    [
      'Insights key (hand it to the shop; it is not stored anywhere and is shown only now):',
      `  ${key}`,
      "Put this line under the shop's entry in the tenants file, then restart Aisle:",
      `    insightsKeySha256: ${hashToken(key)}`,
      '',
    ].join('\n'),
  );
}

class UsageError extends Error {}

async function migrate(): Promise<void> {
  const settings = readEnv(process.env);
  const storage = createStorage(settings.database);
  try {
    const ran = await migrateToLatest(storage.db, storage.dialect);
    process.stdout.write(ran.length ? `applied: ${ran.join(', ')}\n` : 'schema is up to date\n');
  } finally {
    await storage.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command = 'serve'] = argv;
  switch (command) {
    case 'serve':
      return serveFromEnvironment();
    case 'migrate':
      return migrate();
    case 'import-catalog':
      return importCatalogCommand(argv.slice(1));
    case 'events-report':
      return eventsReportCommand(argv.slice(1));
    case 'insights-key':
      return insightsKeyCommand();
    case 'help':
    case '--help':
      process.stdout.write(USAGE);
      return;
    default:
      process.stderr.write(`unknown command "${command}"\n${USAGE}`);
      process.exit(2);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError) {
    process.stderr.write(`${err.message}\n${USAGE}`);
    process.exit(2);
  }
  if (err instanceof ConfigError || err instanceof CatalogImportError || err instanceof FeedFormatError) {
    process.stderr.write(`${err instanceof ConfigError ? 'configuration error' : 'import refused'}: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`aisle: ${(err as Error).message}\n`);
  process.exit(1);
});

