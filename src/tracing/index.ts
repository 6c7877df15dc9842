/**
 * Tracing (OpenTelemetry) behind the standard `OTEL_*` variables. When they name no exporter
 * nothing is loaded or started: the recorder runs the work and the parts are handed back as
 * they were. When on (`start.ts`), every request gets a server span with children for its
 * database queries, the engine, catalogue searches, images and model calls.
 */
import type { FastifyInstance } from 'fastify';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import type { TracingSettings } from '../config/index.ts';
import type { Storage } from '../db/create-db.ts';
import { NO_SPANS } from '../spans.ts';
import type { AppTracing } from './app-tracing.ts';

export type { AppTracing } from './app-tracing.ts';

export interface TracingOptions {
  /** Where finished spans go instead of the OTLP exporter the settings name (tests keep them in memory). */
  spanProcessor?: SpanProcessor;
}

const OFF: AppTracing = {
  spans: NO_SPANS,
  images: (pipeline) => pipeline,
  catalogs: (registry) => registry,
};

export async function setUpTracing(app: FastifyInstance, settings: TracingSettings | null, storage: Storage, options: TracingOptions = {}): Promise<AppTracing> {
  if (settings === null) {
    return OFF;
  }
  const { startTracing } = await import('./start.ts');
  return startTracing(app, settings, storage, options.spanProcessor);
}
