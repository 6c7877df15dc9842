/**
 * The tracing settings, from the standard OpenTelemetry variables (`OTEL_*`). Tracing is off
 * unless the operator names an exporter or an OTLP endpoint; `OTEL_SDK_DISABLED=true` turns it
 * off whatever else is set. Only the variables Aisle supports are read, and a value it cannot
 * honour (gRPC, an unknown sampler) stops the start with one clear line, as other settings do.
 */
import { ConfigError } from './config-error.ts';

export type TraceSamplerName = 'always_on' | 'always_off' | 'traceidratio';

export interface TracingSettings {
  /** `OTEL_SERVICE_NAME`, else `service.name` of `OTEL_RESOURCE_ATTRIBUTES`, else `aisle`. */
  serviceName: string;
  /** `OTEL_RESOURCE_ATTRIBUTES` (e.g. `deployment.environment.name=prod`), without `service.name`. */
  resourceAttributes: Readonly<Record<string, string>>;
  exporter: {
    /** OTLP over HTTP: `http/protobuf` (the OpenTelemetry default) or `http/json`. */
    protocol: 'http/protobuf' | 'http/json';
    /** The full traces URL, e.g. `http://localhost:4318/v1/traces`. */
    url: string;
    /** Sent with every export (a collector's API key); never logged. */
    headers: Readonly<Record<string, string>>;
    timeoutMs: number;
  };
  /** `OTEL_TRACES_SAMPLER`: the sampler, whether it follows the caller's decision, and its ratio. */
  sampler: { name: TraceSamplerName; parentBased: boolean; ratio: number };
  /** Whether a request's W3C `traceparent` header makes its span part of the caller's trace (`OTEL_PROPAGATORS`). */
  acceptTraceContext: boolean;
}

type Env = Record<string, string | undefined>;

const DEFAULT_ENDPOINT = 'http://localhost:4318';
const SAMPLERS = new Map<string, { name: TraceSamplerName; parentBased: boolean }>([
  ['always_on', { name: 'always_on', parentBased: false }],
  ['always_off', { name: 'always_off', parentBased: false }],
  ['traceidratio', { name: 'traceidratio', parentBased: false }],
  ['parentbased_always_on', { name: 'always_on', parentBased: true }],
  ['parentbased_always_off', { name: 'always_off', parentBased: true }],
  ['parentbased_traceidratio', { name: 'traceidratio', parentBased: true }],
]);
/** More key=value pairs than any collector needs; the lists are capped before they are read. */
const MAX_PAIRS = 64;

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function list(env: Env, name: string): string[] | undefined {
  const raw = value(env, name);
  return raw === undefined ? undefined : raw.split(',', MAX_PAIRS).map((s) => s.trim().toLowerCase()).filter(Boolean);
}

/** `key1=value1,key2=value2` with percent-encoded values (the OpenTelemetry format of headers and resource attributes). */
function pairs(env: Env, name: string, into: Record<string, string>): void {
  const raw = value(env, name);
  if (raw === undefined) {
    return;
  }
  for (const item of raw.split(',', MAX_PAIRS)) {
    if (item.trim() === '') {
      continue;
    }
    const eq = item.indexOf('=');
    const key = eq > 0 ? item.slice(0, eq).trim() : '';
    if (key === '') {
      throw new ConfigError(`${name} must be a comma-separated list of key=value pairs`);
    }
    try {
      into[key] = decodeURIComponent(item.slice(eq + 1).trim());
    } catch {
      throw new ConfigError(`${name} has a value with a broken percent-escape (key "${key}")`);
    }
  }
}

function httpUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an absolute http(s) URL`);
  }
  return raw;
}

/** The traces URL: the signal's own endpoint as given, or the general endpoint with `/v1/traces`. */
function tracesUrl(env: Env): string {
  const own = value(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  if (own !== undefined) {
    return httpUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', own);
  }
  const base = httpUrl('OTEL_EXPORTER_OTLP_ENDPOINT', value(env, 'OTEL_EXPORTER_OTLP_ENDPOINT') ?? DEFAULT_ENDPOINT);
  return `${base.replace(/\/+$/, '')}/v1/traces`;
}

function protocol(env: Env): 'http/protobuf' | 'http/json' {
  const name = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?.trim() ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL' : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  const raw = value(env, name)?.toLowerCase() ?? 'http/protobuf';
  if (raw === 'http/protobuf' || raw === 'http/json') {
    return raw;
  }
  throw new ConfigError(`${name} must be http/protobuf or http/json (gRPC export is not supported), got "${env[name]}"`);
}

function timeoutMs(env: Env): number {
  const name = env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT?.trim() ? 'OTEL_EXPORTER_OTLP_TRACES_TIMEOUT' : 'OTEL_EXPORTER_OTLP_TIMEOUT';
  const raw = value(env, name);
  if (raw === undefined) {
    return 10_000;
  }
  const ms = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(ms >= 1 && ms <= 600_000)) {
    throw new ConfigError(`${name} must be a whole number of milliseconds from 1 to 600000, got "${raw}"`);
  }
  return ms;
}

function sampler(env: Env): TracingSettings['sampler'] {
  const raw = value(env, 'OTEL_TRACES_SAMPLER')?.toLowerCase() ?? 'parentbased_always_on';
  const found = SAMPLERS.get(raw);
  if (!found) {
    throw new ConfigError(`OTEL_TRACES_SAMPLER must be one of ${[...SAMPLERS.keys()].join(', ')}; got "${env.OTEL_TRACES_SAMPLER}"`);
  }
  const arg = value(env, 'OTEL_TRACES_SAMPLER_ARG');
  if (found.name !== 'traceidratio' || arg === undefined) {
    return { ...found, ratio: 1 };
  }
  const ratio = /^(\d+(\.\d*)?|\.\d+)$/.test(arg) ? Number(arg) : NaN;
  if (!(ratio >= 0 && ratio <= 1)) {
    throw new ConfigError(`OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1, got "${arg}"`);
  }
  return { ...found, ratio };
}

function acceptTraceContext(env: Env): boolean {
  const names = list(env, 'OTEL_PROPAGATORS') ?? ['tracecontext', 'baggage'];
  for (const name of names) {
    if (!['tracecontext', 'baggage', 'none'].includes(name)) {
      throw new ConfigError(`OTEL_PROPAGATORS may name tracecontext, baggage or none; "${name}" is not supported`);
    }
  }
  return names.includes('tracecontext') && !names.includes('none');
}

/** Whether the operator asked for traces: an OTLP exporter named, or an OTLP endpoint given; never when the SDK is disabled. */
function tracingWanted(env: Env): boolean {
  if (value(env, 'OTEL_SDK_DISABLED')?.toLowerCase() === 'true') {
    return false;
  }
  const exporters = list(env, 'OTEL_TRACES_EXPORTER');
  for (const name of exporters ?? []) {
    if (name !== 'otlp' && name !== 'none') {
      throw new ConfigError(`OTEL_TRACES_EXPORTER must be otlp or none (Aisle exports traces over OTLP/HTTP), got "${name}"`);
    }
  }
  if (exporters?.includes('none') || exporters?.length === 0) {
    return false;
  }
  return exporters !== undefined || value(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') !== undefined || value(env, 'OTEL_EXPORTER_OTLP_ENDPOINT') !== undefined;
}

/** The tracing settings, or null when tracing is off (the default). */
export function readTracingEnv(env: Env): TracingSettings | null {
  if (!tracingWanted(env)) {
    return null;
  }
  // Keyed by names the operator writes: no prototype, so `constructor` is just a name.
  const resourceAttributes = Object.create(null) as Record<string, string>;
  pairs(env, 'OTEL_RESOURCE_ATTRIBUTES', resourceAttributes);
  const serviceName = value(env, 'OTEL_SERVICE_NAME') ?? resourceAttributes['service.name'] ?? 'aisle';
  delete resourceAttributes['service.name'];
  const headers = Object.create(null) as Record<string, string>;
  pairs(env, 'OTEL_EXPORTER_OTLP_HEADERS', headers);
  pairs(env, 'OTEL_EXPORTER_OTLP_TRACES_HEADERS', headers);
  return {
    serviceName,
    resourceAttributes,
    exporter: { protocol: protocol(env), url: tracesUrl(env), headers, timeoutMs: timeoutMs(env) },
    sampler: sampler(env),
    acceptTraceContext: acceptTraceContext(env),
  };
}
