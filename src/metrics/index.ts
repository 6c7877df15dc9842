/**
 * Metrics (`GET /metrics`, Prometheus text format) behind the `METRICS_PORT` setting. When it
 * is unset nothing is registered or counted: the recorder does nothing and no hook is added.
 */
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../db/create-db.ts';
import type { AppMetrics } from './app-metrics.ts';

export type { AppMetrics } from './app-metrics.ts';

const OFF: AppMetrics = {
  recorder: { generation() {}, engineTime() {}, turnQueue() {}, rateLimitRefused() {} },
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
