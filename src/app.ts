/**
 * `buildApp(deps)`: the Fastify application, wired and not listening. Everything with a
 * side effect (database, Redis, clock, log destination) comes in through `deps`, so the
 * server, the tests and any embedding program choose their own.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { sql } from 'kysely';
import type { Config } from './config/index.ts';
import type { Storage } from './db/create-db.ts';
import { systemClock, type Clock } from './clock.ts';
import { createLimiter, type Limiter } from './limits/limiter.ts';
import { createSigner, type Signer } from './security/signer.ts';
import { ensureSigningSecret } from './security/signing-secret.ts';
import { loggerOptions } from './plugins/logging.ts';
import { installErrorHandler, sendError } from './plugins/error-handler.ts';
import { installValidation, installJsonParser } from './plugins/validation.ts';
import { collectRouteTable } from './plugins/route-table.ts';
import { installCors } from './plugins/cors.ts';
import { installOpenApi } from './plugins/openapi.ts';
import { installAccess } from './plugins/access.ts';
import { createGuestSessionRepository } from './modules/guest-sessions/repository.ts';
import { createGuestSessionService } from './modules/guest-sessions/service.ts';
import { registerGuestSessionRoutes } from './modules/guest-sessions/routes.ts';

export interface AppDeps {
  config: Config;
  storage: Storage;
  clock?: Clock;
  /** Shared rate-limit counters across instances; null keeps them in memory. */
  redis?: Redis | null;
  /** Where the log goes (tests capture it); defaults to standard output. */
  logStream?: DestinationStream;
}

/** What every module's wiring function may take from the app. */
export interface AppContext {
  config: Config;
  storage: Storage;
  clock: Clock;
  limiter: Limiter;
  signer: Signer;
}

/** Per-minute limits of spec part 8; each can be changed by configuration. */
function limitsOf(config: Config) {
  const r = config.rateLimits;
  return {
    registration: { points: r.registration, durationSec: 60, shared: false },
    share: { points: r.share, durationSec: 60, shared: true },
    sharePerDialog: { points: r.sharePerDialog, durationSec: 60, shared: true },
    sharedRead: { points: r.sharedRead, durationSec: 60, shared: true },
    sharedReadFailed: { points: r.sharedReadFailed, durationSec: 60, shared: true },
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, storage } = deps;
  const clock = deps.clock ?? systemClock();
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    // Fastify accepts a hop count at run time, though its types omit it.
    trustProxy: config.trustProxy as boolean | string[],
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }) as unknown as FastifyInstance;

  installValidation(app);
  installJsonParser(app);
  installErrorHandler(app);
  const routeTable = collectRouteTable(app);
  await installCors(app, routeTable);
  await installOpenApi(app, config.publicBaseUrl);

  const signer = createSigner(await ensureSigningSecret(storage.db, config.signingSecret));
  const limiter = createLimiter(limitsOf(config), deps.redis ?? null);
  const ctx: AppContext = { config, storage, clock, limiter, signer };

  const sessions = createGuestSessionService({ repository: createGuestSessionRepository(storage.db), clock });
  installAccess(app, { config, sessions });
  registerGuestSessionRoutes(app, { config, sessions, limiter });
  void ctx;

  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(storage.db);
      return { status: 'ready' };
    } catch {
      return sendError(reply, 503, 'NOT_READY', 'The database does not answer');
    }
  });

  app.setNotFoundHandler((request, reply) => {
    const methods = routeTable.methodsFor(request.url);
    if (methods.length > 0) {
      void reply.header('Allow', methods.join(', '));
      return sendError(reply, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
    }
    return sendError(reply, 404, 'NOT_FOUND', 'Not found');
  });

  return app;
}
