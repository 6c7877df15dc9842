/**
 * `GET /metrics` (Prometheus text format) on the metrics listener of `METRICS_PORT`: after a
 * known sequence of requests the counters say exactly what happened, the public port does not
 * serve them, and no label carries a buyer's, dialog's, token's or message's identifier.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertEvery, assertNone } from '../helpers/assert.ts';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, TEST_TENANTS, type TestApp } from '../helpers/app.ts';
import type { AssistantEngine } from '../../src/assistant/engine.ts';
import type { EngineResolver } from '../../src/assistant/engines.ts';
import { ConfigError, type Tenant } from '../../src/config/index.ts';
import { readEnv } from '../../src/config/env.ts';

const KEY_VARIABLE = 'AISLE_TEST_METRICS_LLM_KEY';
process.env[KEY_VARIABLE] = 'sk-test-key';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the sample lines of the Prometheus text format (comments skipped). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) {
      continue;
    }
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    assert.ok(m, `unparsable metrics line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[l[1]!] = l[2]!;
    }
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and these labels (undefined when absent). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v) && Object.keys(s.labels).length === Object.keys(labels).length);
  assert.ok(found.length <= 1, `${name} ${JSON.stringify(labels)} matched ${found.length} samples`);
  return found[0]?.value;
}

/** The metrics listener's address, from the line the app logs when it listens. */
async function metricsUrl(t: TestApp): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const m = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"metrics listening"/.exec(t.logText());
    if (m) {
      return m[1]!;
    }
    await sleep(20);
  }
  throw new Error('the app did not log its metrics address');
}

const generate = (t: TestApp, token: string, threadId: string, resourceId: string, id: string, content: unknown, tenant = 'shop-a') =>
  t.app.inject({
    method: 'POST',
    url: '/shopping/generate',
    headers: auth(token),
    payload: { threadId, resourceId, messages: [{ role: 'user', id, content }], runtimeContext: { tenant_id: tenant } },
  });

async function scrapeAt(url: string): Promise<Sample[]> {
  const res = await fetch(`${url}/metrics`);
  assert.equal(res.status, 200);
  return parse(await res.text());
}

for (const dialect of DIALECTS) {
  describe(`metrics [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    let url: string;
    const resourceId = 'metrics-buyer-7f3a';
    const threadId = 'metrics-thread-91c2';
    const messageId = 'metrics-msg-5d0e';
    const imageMessageId = 'metrics-msg-img-3b8c';
    let token = '';
    let shareToken = '';

    before(async () => {
      t = await buildTestApp(dialect, { env: { ...NO_RATE_LIMITS, RATE_LIMIT_SHARE: '1', METRICS_PORT: '0' } });
      url = await metricsUrl(t);

      token = await registerGuest(t.app, 'shop-a', resourceId);
      const answered = await generate(t, token, threadId, resourceId, messageId, 'смартфон samsung');
      assert.equal(answered.statusCode, 200, answered.body);
      const retried = await generate(t, token, threadId, resourceId, messageId, 'смартфон samsung');
      assert.equal(retried.statusCode, 200, retried.body);
      const conflict = await generate(t, token, threadId, resourceId, messageId, 'чайник');
      assert.equal(conflict.statusCode, 409, conflict.body);
      const notAnImage = Buffer.from('this text is not an image, whatever its media type says').toString('base64');
      const refusedImage = await generate(t, token, threadId, resourceId, imageMessageId, [
        { type: 'text', text: 'что это?' },
        { type: 'image', source: { type: 'base64', mediaType: 'image/jpeg', data: notAnImage } },
      ]);
      assert.equal(refusedImage.statusCode, 415, refusedImage.body);
      assert.equal((await t.app.inject({ method: 'GET', url: `/no/such/${threadId}` })).statusCode, 404);
      const shared = await t.app.inject({ method: 'POST', url: '/dialogs/share', headers: auth(token), payload: { user_id: resourceId, dialog_id: threadId } });
      assert.equal(shared.statusCode, 201, shared.body);
      shareToken = shared.json().share_token as string;
      const refusedShare = await t.app.inject({ method: 'POST', url: '/dialogs/share', headers: auth(token), payload: { user_id: resourceId, dialog_id: threadId } });
      assert.equal(refusedShare.statusCode, 429, refusedShare.body);
    });
    after(async () => t?.close());

    async function scrape(): Promise<{ status: number; type: string | null; samples: Sample[]; text: string }> {
      const res = await fetch(`${url}/metrics`);
      const text = await res.text();
      return { status: res.status, type: res.headers.get('content-type'), samples: res.status === 200 ? parse(text) : [], text };
    }

    test('request counts and durations by route pattern and status class', async () => {
      const { status, type, samples } = await scrape();
      assert.equal(status, 200);
      assert.match(String(type), /^text\/plain; version=0\.0\.4/);
      const requests = (route: string, method: string, statusClass: string) =>
        valueOf(samples, 'aisle_http_requests_total', { method, route, status_class: statusClass });
      assert.equal(requests('/shopping/guest-sessions', 'POST', '2xx'), 1);
      assert.equal(requests('/shopping/generate', 'POST', '2xx'), 2);
      assert.equal(requests('/shopping/generate', 'POST', '4xx'), 2, 'the 409 and the refused image');
      assert.equal(requests('unmatched', 'GET', '4xx'), 1);
      assert.equal(requests('/dialogs/share', 'POST', '2xx'), 1);
      assert.equal(requests('/dialogs/share', 'POST', '4xx'), 1);
      assert.equal(valueOf(samples, 'aisle_http_request_duration_seconds_count', { route: '/shopping/generate', status_class: '2xx' }), 2);
      const sum = valueOf(samples, 'aisle_http_request_duration_seconds_sum', { route: '/shopping/generate', status_class: '2xx' });
      assert.ok(sum !== undefined && sum > 0, `duration sum ${sum}`);
    });

    test('generation outcomes, engine time, rate-limit refusals and image refusals', async () => {
      const { samples } = await scrape();
      const outcome = (name: string) => valueOf(samples, 'aisle_generations_total', { tenant: 'shop-a', outcome: name });
      assert.equal(outcome('answered'), 1);
      assert.equal(outcome('retried'), 1);
      assert.equal(outcome('conflict'), 1);
      assert.equal(outcome('rejected'), 1, 'the refused image');
      assert.equal(outcome('invalid_answer'), undefined);
      assert.equal(valueOf(samples, 'aisle_engine_duration_seconds_count', { engine: 'catalog', tenant: 'shop-a' }), 1, 'the engine ran once: not for the retry');
      assert.equal(valueOf(samples, 'aisle_generation_turns_waiting'), 0, 'no turn waits once all are answered');
      assert.equal(valueOf(samples, 'aisle_rate_limit_refusals_total', { limit: 'share' }), 1);
      assert.equal(valueOf(samples, 'aisle_image_refusals_total', { reason: 'IMAGE_UNSUPPORTED' }), 1);
      assert.equal(valueOf(samples, 'aisle_image_pipeline_duration_seconds_count'), 1);
    });

    test('catalogue size and index build time per tenant; event-loop delay; the database pool', async () => {
      const { samples } = await scrape();
      const products = await t.database.storage.db
        .selectFrom('catalog_products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', 'shop-a')
        .executeTakeFirstOrThrow();
      assert.ok(Number(products.n) > 0);
      assert.equal(valueOf(samples, 'aisle_catalog_products', { tenant: 'shop-a' }), Number(products.n));
      const build = valueOf(samples, 'aisle_catalog_index_build_seconds', { tenant: 'shop-a' });
      assert.ok(build !== undefined && build > 0, `index build seconds ${build}`);
      const p99 = valueOf(samples, 'aisle_event_loop_delay_seconds', { quantile: '0.99' });
      assert.ok(p99 !== undefined && p99 >= 0 && p99 < 60, `event-loop p99 ${p99}`);
      const pool = (state: string) => valueOf(samples, 'aisle_db_pool_connections', { state });
      if (dialect === 'postgres') {
        assert.equal(pool('waiting'), 0);
        assert.ok((pool('idle') ?? 0) + (pool('in_use') ?? 0) >= 1, 'the pool has opened a connection');
      } else {
        assert.equal(pool('in_use'), undefined, 'SQLite has no pool');
      }
    });

    test('no label names a buyer, a dialog, a token or a message', async () => {
      const { samples } = await scrape();
      const values = samples.flatMap((s) => Object.values(s.labels));
      assert.ok(token !== '' && shareToken !== '');
      const secrets = [resourceId, threadId, messageId, imageMessageId, token, shareToken];
      assertEvery(secrets, (secret) => values.every((v) => !v.includes(secret)), 'an identifier in a label');
      assertNone(values, (v) => v.includes('metrics-'), 'a label made from request data');
    });

    test('the public port does not serve /metrics; the metrics port serves nothing else', async () => {
      const pub = await t.app.inject({ method: 'GET', url: '/metrics' });
      assert.equal(pub.statusCode, 404);
      assert.equal((await fetch(`${url}/health`)).status, 404);
      assert.equal((await fetch(`${url}/metrics`, { method: 'POST' })).status, 404);
    });
  });
}

describe('metrics of failed turns and of the language model falling back [sqlite]', { skip: skipFor('sqlite') }, () => {
  test('an engine error is failed (500), an invalid answer is invalid_answer (502), a dead model is a fallback', async () => {
    // Nothing listens on port 9: the model call fails, and the catalogue engine answers.
    const deadModel = { baseUrl: 'http://127.0.0.1:9/v1', model: 'none', apiKeyEnv: KEY_VARIABLE, timeoutMs: 300 };
    const t = await buildTestApp('sqlite', {
      tenants: [...TEST_TENANTS, { id: 'llm-dead', name: 'Dead Model Shop', engine: { type: 'llm', llm: deadModel } }],
      env: { ...NO_RATE_LIMITS, METRICS_PORT: '0' },
      app: {
        engineFor: (tenant: Tenant, defaults: EngineResolver): AssistantEngine =>
          tenant.id === 'shop-a'
            ? { answer: async () => Promise.reject(new Error('engine exploded')) }
            : tenant.id === 'shop-b'
              ? { answer: async () => ({ answer: { response: { contents: [{ type: 'products', value: [{ sku: 'x' }] }] }, events: [] } as never }) }
              : defaults(tenant),
      },
    });
    try {
      const url = await metricsUrl(t);
      const token = await registerGuest(t.app, 'shop-a', 'metrics-failing-buyer');
      assert.equal((await generate(t, token, 'metrics-t1', 'metrics-failing-buyer', 'metrics-m1', 'чайник', 'shop-a')).statusCode, 500);
      const tokenB = await registerGuest(t.app, 'shop-b', 'metrics-failing-buyer');
      assert.equal((await generate(t, tokenB, 'metrics-t2', 'metrics-failing-buyer', 'metrics-m2', 'kettle', 'shop-b')).statusCode, 502);
      const tokenL = await registerGuest(t.app, 'llm-dead', 'metrics-failing-buyer');
      const fellBack = await generate(t, tokenL, 'metrics-t3', 'metrics-failing-buyer', 'metrics-m3', 'чайник', 'llm-dead');
      assert.equal(fellBack.statusCode, 200, fellBack.body);

      const samples = await scrapeAt(url);
      assert.equal(valueOf(samples, 'aisle_generations_total', { tenant: 'shop-a', outcome: 'failed' }), 1);
      assert.equal(valueOf(samples, 'aisle_generations_total', { tenant: 'shop-b', outcome: 'invalid_answer' }), 1);
      assert.equal(valueOf(samples, 'aisle_generations_total', { tenant: 'llm-dead', outcome: 'answered' }), 1);
      assert.equal(valueOf(samples, 'aisle_http_requests_total', { method: 'POST', route: '/shopping/generate', status_class: '5xx' }), 2);
      assert.equal(valueOf(samples, 'aisle_engine_duration_seconds_count', { engine: 'llm', tenant: 'llm-dead' }), 1);
      // The fallback counters are the process's; no other test of this file uses the tenant llm-dead.
      assert.equal(valueOf(samples, 'aisle_llm_fallbacks_total', { tenant: 'llm-dead' }), 1);
    } finally {
      await t.close();
    }
  });
});

describe('metrics off by default', () => {
  test('without METRICS_PORT nothing listens for metrics', { skip: skipFor('sqlite') }, async () => {
    const t = await buildTestApp('sqlite');
    try {
      assert.equal((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode, 404);
      assert.doesNotMatch(t.logText(), /metrics listening/);
    } finally {
      await t.close();
    }
  });
});

describe('METRICS_PORT', () => {
  test('unset or empty is off; a port number turns metrics on; anything else, or the public port, stops the start', () => {
    assert.equal(readEnv({}).metricsPort, null);
    assert.equal(readEnv({ METRICS_PORT: ' ' }).metricsPort, null);
    assert.equal(readEnv({ METRICS_PORT: '9464' }).metricsPort, 9464);
    assert.throws(() => readEnv({ METRICS_PORT: 'on' }), (err: Error) => err instanceof ConfigError && /METRICS_PORT must be a whole number/.test(err.message));
    assert.throws(() => readEnv({ METRICS_PORT: '70000' }), ConfigError);
    assert.throws(() => readEnv({ PORT: '8080', METRICS_PORT: '8080' }), /METRICS_PORT must differ from PORT/);
  });
});
