/**
 * Metrics (`GET /metrics`, Prometheus text format) behind the `METRICS_PORT` setting. When it
 * is unset nothing is registered or counted: the recorder does nothing and no hook is added.
 */
import type { FastifyInstance } from 'fastify';
import type { MetricsRecorder } from '../app-context.ts';
import type { Storage } from '../db/create-db.ts';
import type { ImagePipeline } from '../images/index.ts';
import { defineMetrics } from './definitions.ts';
import { installHttpMetrics } from './http-hooks.ts';
import { observeImages } from './images.ts';
import { installMetricsListener, type MetricsListener } from './listener.ts';
import { defineRuntimeMetrics } from './runtime.ts';

export interface AppMetrics {
  recorder: MetricsRecorder;
  /** The image pipeline, timed and its refusals counted. */
  images(pipeline: ImagePipeline): ImagePipeline;
  /** Called by the catalogue registry after it builds a tenant's index. */
  onIndexBuilt?: (tenantId: string, products: number, ms: number) => void;
  listener: MetricsListener | null;
}

const OFF: AppMetrics = {
  recorder: { generation() {}, engineTime() {}, rateLimitRefused() {} },
  images: (pipeline) => pipeline,
  listener: null,
};

export function setUpMetrics(app: FastifyInstance, settings: { host: string; port: number | null }, storage: Storage): AppMetrics {
  if (settings.port === null) {
    return OFF;
  }
  const metrics = defineMetrics();
  const stopRuntime = defineRuntimeMetrics(metrics.registry, () => storage.poolStats?.() ?? null);
  app.addHook('onClose', async () => stopRuntime());
  installHttpMetrics(app, metrics);
  return {
    recorder: {
      generation: (tenant, outcome) => metrics.generations.inc({ tenant, outcome }),
      engineTime: (engine, tenant, seconds) => metrics.engineDuration.observe({ engine, tenant }, seconds),
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
