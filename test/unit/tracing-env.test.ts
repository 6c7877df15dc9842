/** The tracing settings read from the standard `OTEL_*` variables: off by default, and the operator's choices. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readEnv } from '../../src/config/env.ts';
import { ConfigError } from '../../src/config/index.ts';
import { readTracingEnv } from '../../src/config/tracing-env.ts';

test('tracing is off with no OTEL variables, and the settings say so', () => {
  assert.equal(readTracingEnv({}), null);
  assert.equal(readEnv({}).tracing, null);
  // A service name or a sampler alone does not name anywhere to send spans.
  assert.equal(readTracingEnv({ OTEL_SERVICE_NAME: 'shop-assistant', OTEL_TRACES_SAMPLER: 'always_on' }), null);
});

test('an OTLP endpoint turns tracing on, with the traces path added to the general endpoint', () => {
  const settings = readTracingEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' });
  assert.equal(settings?.exporter.url, 'http://collector:4318/v1/traces');
  assert.equal(settings?.exporter.protocol, 'http/protobuf');
  assert.equal(settings?.serviceName, 'aisle');
  assert.deepEqual(settings?.sampler, { name: 'always_on', parentBased: true, ratio: 1 });
  assert.equal(settings?.acceptTraceContext, true);
  // The signal's own endpoint is used exactly as given.
  const own = readTracingEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://b.example/otlp/traces' });
  assert.equal(own?.exporter.url, 'https://b.example/otlp/traces');
});

test('OTEL_TRACES_EXPORTER=otlp alone sends to the local collector', () => {
  assert.equal(readTracingEnv({ OTEL_TRACES_EXPORTER: 'otlp' })?.exporter.url, 'http://localhost:4318/v1/traces');
});

test('OTEL_SDK_DISABLED=true wins over every other variable', () => {
  const env = { OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'TRUE' };
  assert.equal(readTracingEnv(env), null);
  assert.notEqual(readTracingEnv({ ...env, OTEL_SDK_DISABLED: 'false' }), null);
});

test('OTEL_TRACES_EXPORTER=none turns tracing off even with an endpoint', () => {
  assert.equal(readTracingEnv({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }), null);
});

test('service name, resource attributes, headers, protocol and timeout follow the OpenTelemetry rules', () => {
  const settings = readTracingEnv({
    OTEL_TRACES_EXPORTER: 'otlp',
    OTEL_RESOURCE_ATTRIBUTES: 'service.name=from-resource,deployment.environment.name=prod,team=shop%20ops',
    OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=general,x-tenant=one',
    OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-api-key=for%3Dtraces',
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: '2500',
  });
  assert.equal(settings?.serviceName, 'from-resource');
  assert.deepEqual({ ...settings?.resourceAttributes }, { 'deployment.environment.name': 'prod', team: 'shop ops' });
  assert.deepEqual({ ...settings?.exporter.headers }, { 'x-api-key': 'for=traces', 'x-tenant': 'one' });
  assert.equal(settings?.exporter.protocol, 'http/json');
  assert.equal(settings?.exporter.timeoutMs, 2500);
  // OTEL_SERVICE_NAME wins over the resource attribute.
  assert.equal(readTracingEnv({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: 'aisle-eu', OTEL_RESOURCE_ATTRIBUTES: 'service.name=x' })?.serviceName, 'aisle-eu');
});

test('samplers: ratio, parent-based, and the propagators setting', () => {
  const on = { OTEL_TRACES_EXPORTER: 'otlp' };
  assert.deepEqual(readTracingEnv({ ...on, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' })?.sampler, {
    name: 'traceidratio',
    parentBased: true,
    ratio: 0.25,
  });
  assert.deepEqual(readTracingEnv({ ...on, OTEL_TRACES_SAMPLER: 'always_off' })?.sampler, { name: 'always_off', parentBased: false, ratio: 1 });
  assert.equal(readTracingEnv({ ...on, OTEL_PROPAGATORS: 'none' })?.acceptTraceContext, false);
  assert.equal(readTracingEnv({ ...on, OTEL_PROPAGATORS: 'baggage' })?.acceptTraceContext, false);
});

test('values Aisle cannot honour stop the start with the variable named', () => {
  const on = { OTEL_TRACES_EXPORTER: 'otlp' };
  const refused: Array<[Record<string, string>, RegExp]> = [
    [{ OTEL_TRACES_EXPORTER: 'zipkin' }, /OTEL_TRACES_EXPORTER/],
    [{ ...on, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, /OTEL_EXPORTER_OTLP_PROTOCOL.*gRPC/],
    [{ ...on, OTEL_TRACES_SAMPLER: 'sometimes' }, /OTEL_TRACES_SAMPLER/],
    [{ ...on, OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '1.5' }, /OTEL_TRACES_SAMPLER_ARG/],
    [{ ...on, OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: 'half' }, /OTEL_TRACES_SAMPLER_ARG/],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, /OTEL_EXPORTER_OTLP_ENDPOINT/],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'ftp://collector/traces' }, /OTEL_EXPORTER_OTLP_TRACES_ENDPOINT/],
    [{ ...on, OTEL_EXPORTER_OTLP_HEADERS: 'no-equals-sign' }, /OTEL_EXPORTER_OTLP_HEADERS/],
    [{ ...on, OTEL_EXPORTER_OTLP_HEADERS: 'x-key=%E0%A4%A' }, /OTEL_EXPORTER_OTLP_HEADERS/],
    [{ ...on, OTEL_EXPORTER_OTLP_TIMEOUT: '0' }, /OTEL_EXPORTER_OTLP_TIMEOUT/],
    [{ ...on, OTEL_PROPAGATORS: 'b3' }, /OTEL_PROPAGATORS/],
  ];
  for (const [env, message] of refused) {
    assert.throws(() => readEnv(env), (err: unknown) => err instanceof ConfigError && message.test(err.message), JSON.stringify(env));
  }
});

test('a refused header value is not repeated in the error', () => {
  assert.throws(
    () => readTracingEnv({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%ZZsecret-key' }),
    (err: unknown) => err instanceof ConfigError && !err.message.includes('secret-key'),
  );
});
