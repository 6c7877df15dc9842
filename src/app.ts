/**
 * `buildApp(deps)`: the Fastify application, wired and not listening. Everything with a
 * side effect (database, Redis, clock, log destination) comes in through `deps`, so the
 * server, the tests and any embedding program choose their own.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import { sql } from 'kysely';
import type { Config, Tenant } from './config/index.ts';
import type { AssistantEngine } from './assistant/engine.ts';
import type { Storage } from './db/create-db.ts';
import { systemClock, type Clock } from './clock.ts';
import { createLimiter } from './limits/limiter.ts';
import { limitsOf, type AppContext } from './app-context.ts';
import { createSigner } from './security/signer.ts';
import { ensureSigningSecret } from './security/signing-secret.ts';
import { appLogging } from './plugins/logging.ts';
import { installErrorHandler, sendError } from './plugins/error-handler.ts';
import { rewriteMalformedSharePath } from './plugins/malformed-share-paths.ts';
import { installValidation, installJsonParser } from './plugins/validation.ts';
import { collectRouteTable } from './plugins/route-table.ts';
import { installCors } from './plugins/cors.ts';
import { healthSchema, installOpenApi, readySchema } from './plugins/openapi.ts';
import { installAccess } from './plugins/access.ts';
import { installRateLimits } from './plugins/rate-limit.ts';
import { createImagePipeline, type ImagePipeline } from './images/index.ts';
import { setUpMetrics } from './metrics/index.ts';
import { setUpTracing } from './tracing/index.ts';
import { createCatalogRegistry } from './catalog/registry.ts';
import { createCatalogEngine, warmUpCatalogEngine, WARM_UP_MIN_PRODUCTS } from './assistant/catalog-engine/index.ts';
import { createEngineResolver, type EngineResolver } from './assistant/engines.ts';
import { createGuestSessions, registerGuestSessionsModule } from './modules/guest-sessions/index.ts';
import { registerGenerationModule } from './modules/generation/index.ts';
import { registerHistoryModule } from './modules/history/index.ts';
import { registerDialogsModule } from './modules/dialogs/index.ts';
import { createAnnouncedChanges } from './announcements/announced-changes.ts';
import { registerFeedbackModule } from './modules/feedback/index.ts';
import { registerTrackingModule } from './modules/tracking/index.ts';
import { registerSharingModule } from './modules/sharing/index.ts';
import { registerStarterPromptsModule } from './modules/starter-prompts/index.ts';
import { registerWebModule } from './modules/web/index.ts';
import { registerInsightsModule } from './modules/insights/index.ts';

export interface AppDeps {
  config: Config;
  storage: Storage;
  clock?: Clock;
  /** Shared rate-limit counters across instances; null keeps them in memory. */
  redis?: Redis | null;
  /** Where the log goes (tests capture it); defaults to standard output. */
  logStream?: DestinationStream;
  /** The image pipeline; defaults to the real one fetching public HTTPS addresses only. */
  images?: ImagePipeline;
  /** Chooses the engine per tenant; defaults to the engines the tenants file configures. */
  engineFor?: (tenant: Tenant, defaults: EngineResolver) => AssistantEngine;
  /** How often each instance looks for re-imported catalogues (ms); 0 turns it off. Default 30 s. */
  catalogRefreshMs?: number;
  /** How often tracking events are written (ms). Default 500. */
  trackingFlushMs?: number;
  /** How often guest-session expiry extensions are written (ms). Default 1000. */
  sessionExtensionFlushMs?: number;
  /** Where finished spans go when the OTEL_* settings turn tracing on; defaults to the OTLP exporter they name. */
  spanProcessor?: SpanProcessor;
  /** Told after each catalogue index build (the server settles its heap a little later). */
  onCatalogIndexBuilt?: () => void;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, storage } = deps;
  const clock = deps.clock ?? systemClock();
  const app = Fastify({
    ...appLogging(config.logLevel, deps.logStream),
    // Fastify accepts a hop count at run time, though its types omit it.
    trustProxy: config.trustProxy as boolean | string[],
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Identifiers in paths (threadId, share and tracking tokens) may be long; their schemas set the real limits.
    routerOptions: { maxParamLength: 4096 },
    // A share link with a broken percent-escape is a link that does not open (404), not a bad request.
    rewriteUrl: (request) => rewriteMalformedSharePath(request.url ?? '/'),
    // Errors raised before any route runs (a bad percent-escape in the URL) get the same body as all others.
    frameworkErrors: (error, _request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      void sendError(reply, 400, 'INVALID_REQUEST', error.code === 'FST_ERR_BAD_URL' ? 'The URL is malformed' : 'Invalid request');
    },
  }) as unknown as FastifyInstance;

  // First, so its request span is current in every other hook.
  const tracing = await setUpTracing(app, config.tracing, storage, { spanProcessor: deps.spanProcessor });
  // Then metrics, so its response hook sees every request.
  const metrics = await setUpMetrics(app, { host: config.host, port: config.metricsPort }, storage);
  installValidation(app);
  installJsonParser(app);
  installErrorHandler(app);
  const routeTable = collectRouteTable(app);
  await installCors(app, routeTable);
  await installOpenApi(app, config.publicBaseUrl);

  const signer = createSigner(await ensureSigningSecret(storage.db, config.signingSecret));
  const limiter = createLimiter(limitsOf(config), deps.redis ?? null);
  const warmUpMs = config.catalogWarmUpMs;
  const catalogs = tracing.catalogs(
    await createCatalogRegistry({
      db: storage.db,
      tenants: config.tenants,
      log: app.log,
      refreshMs: deps.catalogRefreshMs ?? 30_000,
      onIndexBuilt: (tenantId, products, ms) => {
        metrics.onIndexBuilt?.(tenantId, products, ms);
        deps.onCatalogIndexBuilt?.();
      },
      ...(warmUpMs > 0
        ? {
            warmUp: async (tenant, index) => {
              if (index.size < WARM_UP_MIN_PRODUCTS) {
                return;
              }
              const report = await warmUpCatalogEngine(createCatalogEngine({ catalogs: { get: () => index } }), index, tenant, { maxMs: warmUpMs });
              app.log.info({ tenant: tenant.id, answers: report.answers, ms: Math.round(report.ms) }, 'catalogue engine warmed up');
            },
          }
        : {}),
    }),
  );
  const defaultEngines = createEngineResolver({ catalogs, log: app.log, env: config.modelApiKeys, spans: tracing.spans });
  const engineFor: EngineResolver = deps.engineFor ? (tenant) => deps.engineFor!(tenant, defaultEngines) : defaultEngines;
  const changes = createAnnouncedChanges({ storage, redis: deps.redis ?? null, log: app.log });
  app.addHook('onClose', async () => changes.close());
  const ctx: AppContext = { config, storage, clock, limiter, signer, catalogs, metrics: metrics.recorder, spans: tracing.spans, changes };

  const sessions = createGuestSessions(ctx, { log: app.log, extensionFlushMs: deps.sessionExtensionFlushMs ?? 1000 });
  installAccess(app, { config, sessions });
  // Before the modules: it reads the presets of each route as the route is registered.
  installRateLimits(app, limiter, metrics.recorder);
  registerGuestSessionsModule(app, ctx, sessions);
  registerGenerationModule(app, ctx, { engineFor, images: tracing.images(metrics.images(deps.images ?? createImagePipeline())) });
  registerHistoryModule(app, ctx);
  registerDialogsModule(app, ctx);
  registerFeedbackModule(app, ctx);
  registerTrackingModule(app, ctx, { flushMs: deps.trackingFlushMs ?? 500 });
  const sharing = registerSharingModule(app, ctx);
  registerStarterPromptsModule(app, ctx);
  registerWebModule(app, ctx, sharing);
  registerInsightsModule(app, ctx);
  app.addHook('onClose', async () => catalogs.stop());

  app.get('/health', { schema: healthSchema }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: readySchema }, async (_request, reply) => {
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
