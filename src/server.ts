/**
 * Starts Aisle: reads the configuration, opens and migrates the database, builds the app,
 * listens, and on SIGTERM/SIGINT stops taking requests, finishes those in flight and exits.
 */
import net from 'node:net';
import { loadConfig, type Config } from './config/index.ts';
import { createStorage } from './db/create-db.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { syncCatalogsFromTenants } from './catalog/sync-from-tenants.ts';
import { createHeapSettler } from './heap-settle.ts';

/** Start-up messages before the app (and its logger) exists: one JSON line each, like the app's log. */
const startupLog = {
  info: (obj: object, msg: string) => process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), ...obj, msg })}\n`),
  warn: (obj: object, msg: string) => {
    const { err, ...rest } = obj as { err?: Error };
    process.stdout.write(`${JSON.stringify({ level: 40, time: Date.now(), ...rest, ...(err ? { error: err.message } : {}), msg })}\n`);
  },
};

/** How long a stop waits for requests in flight (a generation may wait on a model). */
const DRAIN_DEADLINE_MS = 30_000;

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the service with `config`; resolves once it listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const started = performance.now();
  const storage = createStorage(config.database, {
    onPoolError: (err) => process.stderr.write(`database connection lost: ${err.message}\n`),
    onCheckpointError: (message) => process.stderr.write(`background WAL checkpoint failed (tried again shortly): ${message}\n`),
  });
  await migrateToLatest(storage.db, storage.dialect);
  const clock = systemClock();
  await syncCatalogsFromTenants(storage.db, config.tenants.values(), () => clock.nowMicros(), startupLog);
  // ioredis is loaded only when Redis is configured (it adds ~25 MB to the process).
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : null;
  redis?.on('error', () => {
    // Counting falls back to memory while Redis is away; reconnection is automatic.
  });
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  const heap = createHeapSettler({
    ...(storage.releaseMappedPages ? { release: storage.releaseMappedPages } : {}),
    onSettled: (r) => startupLog.info({ rssMb: [mb(r.rssBefore), mb(r.rssAfter)], heapMb: [mb(r.heapBefore), mb(r.heapAfter)], ms: Math.round(r.ms) }, 'heap settled after the catalogue index build'),
  });
  const app = await buildApp({ config, storage, redis, clock, onCatalogIndexBuilt: heap.schedule });
  // Requests in flight, so a stop can wait for them before closing storage under them.
  let inFlight = 0;
  let drained: (() => void) | null = null;
  const finished = () => {
    inFlight--;
    if (inFlight === 0) {
      drained?.();
    }
  };
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight++;
    // 'close' fires once the response is complete or the connection is really gone; a client
    // that half-closes after its body (Fastify's "abort") is still waiting for the answer.
    reply.raw.once('close', finished);
    done();
  });
  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info({ ms: Math.round(performance.now() - started), database: storage.dialect }, 'Aisle is listening');
  let closing: Promise<void> | null = null;
  return {
    url: address,
    close() {
      closing ??= (async () => {
        // Stop taking connections, let the requests in flight finish (up to a deadline), then close.
        // net.Server's close, not http.Server's: the latter also drops "idle" connections, and
        // Node counts one still receiving its request body as idle, which would cut it off.
        net.Server.prototype.close.call(app.server);
        if (inFlight > 0) {
          await Promise.race([new Promise<void>((resolve) => (drained = resolve)), new Promise((resolve) => setTimeout(resolve, DRAIN_DEADLINE_MS).unref())]);
        }
        heap.stop();
        await app.close();
        redis?.disconnect();
        await storage.close();
        // The log is written in batches; write out the last one.
        await new Promise<void>((resolve) => (app.log as unknown as { flush(cb: () => void): void }).flush(() => resolve()));
      })();
      return closing;
    },
  };
}

/** Runs until SIGTERM/SIGINT. */
export async function serveFromEnvironment(): Promise<void> {
  const config = loadConfig(process.env);
  const server = await startServer(config);
  // Unbuffered (the log is written in batches), for the person starting it and for scripts waiting on the start.
  if (config.playground) {
    process.stdout.write(`\nPlayground (a demo shop with the chat widget): ${config.publicBaseUrl}/\n`);
  }
  process.stdout.write(
    `\nAisle is listening at ${server.url} — open ${config.publicBaseUrl}/docs for the API reference; tenants: ${[...config.tenants.keys()].join(', ')}\n\n`,
  );
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
