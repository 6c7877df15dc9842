/**
 * Metrics (`GET /metrics`, Prometheus text format) behind the `METRICS_PORT` setting. When it
 * is unset nothing is registered or counted: the recorder does nothing and no hook is added.
 */
import type { FastifyInstance } from 'fastify';
import type { MetricsRecorder } from '../app-context.ts';
import type { Storage } from '../db/create-db.ts';
import type { ImagePipeline } from '../images/index.ts';
import type { MetricsListener } from './listener.ts';

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

/** The metrics when `METRICS_PORT` is set; prom-client (and what it loads) only then. */
export async function setUpMetrics(app: FastifyInstance, settings: { host: string; port: number | null }, storage: Storage): Promise<AppMetrics> {
  if (settings.port === null) {
    return OFF;
  }
  const { startMetrics } = await import('./start.ts');
  return startMetrics(app, { host: settings.host, port: settings.port }, storage);
}
