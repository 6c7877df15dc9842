/**
 * Every metric Aisle exports, with its help text, on a registry of its own per app (tests build
 * many apps in one process, so the global default registry is never used). Labels hold only
 * bounded values: route patterns, status classes, engine kinds, the shop's own tenant ids,
 * limit names and error codes — never an identifier of a buyer, a dialog, a token or a message.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds; few buckets keep the per-request cost and the series count small. */
const HTTP_BUCKETS = [0.005, 0.025, 0.1, 0.5, 2.5, 10];
const ENGINE_BUCKETS = [0.01, 0.05, 0.25, 1, 5, 30, 120];
const IMAGE_BUCKETS = [0.01, 0.05, 0.25, 1, 5];

export function defineMetrics() {
  const registry = new Registry();
  const registers = [registry];
  /** What the gauges read when scraped; the modules that know set them. */
  const sources = { turnsWaiting: (): number => 0 };
  return {
    registry,
    sources,
    httpRequests: new Counter({
      name: 'aisle_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern (unmatched for unknown paths) and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'aisle_http_request_duration_seconds',
      help: 'Time from receiving a request to the end of its response, by route pattern and status class',
      labelNames: ['route', 'status_class'] as const,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    engineDuration: new Histogram({
      name: 'aisle_engine_duration_seconds',
      help: "Time an assistant engine took to answer a turn, by engine (the tenant's engine type) and tenant",
      labelNames: ['engine', 'tenant'] as const,
      buckets: ENGINE_BUCKETS,
      registers,
    }),
    generations: new Counter({
      name: 'aisle_generations_total',
      help: 'Generation requests by tenant and outcome: answered, retried (stored answer replayed), conflict (409), invalid_answer (502), failed (5xx), rejected (other 4xx), debug',
      labelNames: ['tenant', 'outcome'] as const,
      registers,
    }),
    turnsWaiting: new Gauge({
      name: 'aisle_generation_turns_waiting',
      help: 'Turns read and waiting for their turn on this instance (turns are answered in arrival order, one starting per event-loop iteration); a queue that keeps growing means the instance is short of CPU',
      registers,
      collect() {
        this.set(sources.turnsWaiting());
      },
    }),
    rateLimitRefusals: new Counter({
      name: 'aisle_rate_limit_refusals_total',
      help: 'Requests refused with 429, by the named limit that refused them',
      labelNames: ['limit'] as const,
      registers,
    }),
    catalogProducts: new Gauge({
      name: 'aisle_catalog_products',
      help: "Products in the tenant's catalogue index on this instance",
      labelNames: ['tenant'] as const,
      registers,
    }),
    catalogIndexBuild: new Gauge({
      name: 'aisle_catalog_index_build_seconds',
      help: "How long the last build of the tenant's catalogue index took on this instance",
      labelNames: ['tenant'] as const,
      registers,
    }),
    imageDuration: new Histogram({
      name: 'aisle_image_pipeline_duration_seconds',
      help: 'Time the image pipeline took per image (checks, fetch, normalisation), refused images included',
      buckets: IMAGE_BUCKETS,
      registers,
    }),
    imageRefusals: new Counter({
      name: 'aisle_image_refusals_total',
      help: 'Images the pipeline refused, by error code',
      labelNames: ['reason'] as const,
      registers,
    }),
  };
}

export type MetricDefinitions = ReturnType<typeof defineMetrics>;
