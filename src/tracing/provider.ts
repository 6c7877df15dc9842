/**
 * The tracer provider of one app: the resource (service name and the operator's attributes),
 * the sampler, and where finished spans go — a batch processor over the OTLP/HTTP exporter
 * the settings name, or the processor the embedding program gives (tests keep spans in
 * memory). The async-hooks context manager, which carries the current span across `await`,
 * is registered once per process.
 */
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { TracingSettings } from '../config/index.ts';

/** Aisle's version, as `service.version` (kept with package.json by the release). */
const SERVICE_VERSION = '0.1.0';
/** Longer values (a long SQL text) are cut: a span is a summary, not a log. */
const ATTRIBUTE_VALUE_LIMIT = 2048;

let contextManagerRegistered = false;

/** Carries the active span across `await` (AsyncLocalStorage); once per process, whoever registered first wins. */
function registerContextManager(): void {
  if (!contextManagerRegistered) {
    contextManagerRegistered = true;
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  }
}

function samplerOf(settings: TracingSettings['sampler']): Sampler {
  const root =
    settings.name === 'always_off' ? new AlwaysOffSampler() : settings.name === 'traceidratio' ? new TraceIdRatioBasedSampler(settings.ratio) : new AlwaysOnSampler();
  return settings.parentBased ? new ParentBasedSampler({ root }) : root;
}

function exportingProcessor(exporter: TracingSettings['exporter']): SpanProcessor {
  const config = { url: exporter.url, headers: { ...exporter.headers }, timeoutMillis: exporter.timeoutMs };
  const spanExporter = exporter.protocol === 'http/json' ? new OtlpJsonExporter(config) : new OtlpProtobufExporter(config);
  // Bounded: when the collector is slow or gone, spans beyond the queue are dropped, never held.
  return new BatchSpanProcessor({ exporter: spanExporter, maxQueueSize: 2048, maxExportBatchSize: 512, scheduledDelayMillis: 5000, exportTimeoutMillis: exporter.timeoutMs });
}

export function createTracerProvider(settings: TracingSettings, processor?: SpanProcessor): TracerProvider {
  registerContextManager();
  return new TracerProvider({
    resource: resourceFromAttributes({ ...settings.resourceAttributes, [ATTR_SERVICE_NAME]: settings.serviceName, [ATTR_SERVICE_VERSION]: SERVICE_VERSION }),
    sampler: samplerOf(settings.sampler),
    spanLimits: { attributeValueLengthLimit: ATTRIBUTE_VALUE_LIMIT },
    spanProcessors: [processor ?? exportingProcessor(settings.exporter)],
  });
}
