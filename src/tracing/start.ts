/**
 * Tracing on: the app's tracer provider, the request spans, the query observer on the
 * storage, and the recorder the modules use. Closing the app flushes what is left to export.
 */
import type { FastifyInstance } from 'fastify';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import type { TracingSettings } from '../config/index.ts';
import type { Storage } from '../db/create-db.ts';
import { installHttpSpans } from './http-spans.ts';
import type { AppTracing } from './app-tracing.ts';
import { createTracerProvider } from './provider.ts';
import { querySpans } from './query-spans.ts';
import { createSpanRecorder } from './recorder.ts';
import { traceCatalogs, traceImages } from './work-spans.ts';

export function startTracing(app: FastifyInstance, settings: TracingSettings, storage: Storage, processor?: SpanProcessor): AppTracing {
  const provider = createTracerProvider(settings, processor);
  const tracer = provider.getTracer('aisle');
  const spans = createSpanRecorder(tracer);
  installHttpSpans(app, tracer, settings.acceptTraceContext);
  storage.observeQueries(querySpans(spans, storage.dialect));
  app.addHook('onClose', async () => {
    storage.observeQueries(null);
    await provider.shutdown();
  });
  return {
    spans,
    images: (pipeline) => traceImages(pipeline, spans),
    catalogs: (registry) => traceCatalogs(registry, spans),
  };
}
