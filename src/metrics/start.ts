/** The metrics turned on (see index.ts): definitions, hooks, the runtime gauges and the listener. */
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../db/create-db.ts';
import { defineMetrics } from './definitions.ts';
import { installHttpMetrics } from './http-hooks.ts';
import { observeImages } from './images.ts';
import { installMetricsListener } from './listener.ts';
import { defineRuntimeMetrics } from './runtime.ts';
import type { AppMetrics } from './app-metrics.ts';

export function startMetrics(app: FastifyInstance, settings: { host: string; port: number }, storage: Storage): AppMetrics {
  const metrics = defineMetrics();
  const stopRuntime = defineRuntimeMetrics(metrics.registry, () => storage.poolStats?.() ?? null);
  app.addHook('onClose', async () => stopRuntime());
  installHttpMetrics(app, metrics);
  return {
    recorder: {
      generation: (tenant, outcome) => metrics.generations.inc({ tenant, outcome }),
      engineTime: (engine, tenant, seconds) => metrics.engineDuration.observe({ engine, tenant }, seconds),
      turnQueue: (waiting) => {
        metrics.sources.turnsWaiting = waiting;
      },
      rateLimitRefused: (limit) => metrics.rateLimitRefusals.inc({ limit }),
    },
    images: (pipeline) => observeImages(pipeline, metrics),
    onIndexBuilt: (tenant, products, ms) => {
      metrics.catalogProducts.set({ tenant }, products);
      metrics.catalogIndexBuild.set({ tenant }, ms / 1000);
    },
    listener: installMetricsListener(app, metrics.registry, settings.host, settings.port),
  };
}
