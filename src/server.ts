/**
 * Starts Aisle: reads the configuration, opens and migrates the database, builds the app,
 * listens, and on SIGTERM/SIGINT stops taking requests, finishes those in flight and exits.
 */
import { Redis } from 'ioredis';
import { loadConfig, type Config } from './config/index.ts';
import { createStorage } from './db/create-db.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { syncCatalogsFromTenants } from './catalog/sync-from-tenants.ts';

/** Start-up messages before the app (and its logger) exists: one JSON line each, like the app's log. */
const startupLog = {
  info: (obj: object, msg: string) => process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), ...obj, msg })}\n`),
  warn: (obj: object, msg: string) => {
    const { err, ...rest } = obj as { err?: Error };
    process.stdout.write(`${JSON.stringify({ level: 40, time: Date.now(), ...rest, ...(err ? { error: err.message } : {}), msg })}\n`);
  },
};

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the service with `config`; resolves once it listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const started = performance.now();
  const storage = createStorage(config.database, {
    onPoolError: (err) => process.stderr.write(`database connection lost: ${err.message}\n`),
  });
  await migrateToLatest(storage.db, storage.dialect);
  const clock = systemClock();
  await syncCatalogsFromTenants(storage.db, config.tenants.values(), () => clock.nowMicros(), startupLog);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : null;
  redis?.on('error', () => {
    // Counting falls back to memory while Redis is away; reconnection is automatic.
  });
  const app = await buildApp({ config, storage, redis, clock });
  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info({ ms: Math.round(performance.now() - started), database: storage.dialect }, 'Aisle is listening');
  let closing: Promise<void> | null = null;
  return {
    url: address,
    close() {
      closing ??= (async () => {
        await app.close();
        redis?.disconnect();
        await storage.close();
      })();
      return closing;
    },
  };
}

/** Runs until SIGTERM/SIGINT. */
export async function serveFromEnvironment(): Promise<void> {
  const config = loadConfig(process.env);
  const server = await startServer(config);
  const shown = config.publicBaseUrl;
  process.stdout.write(`\nAisle is running: open ${shown}/docs (API reference) — tenants: ${[...config.tenants.keys()].join(', ')}\n\n`);
  const stop = (signal: string) => {
    process.stdout.write(`${signal}: finishing requests in flight, then stopping\n`);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`error while stopping: ${(err as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
