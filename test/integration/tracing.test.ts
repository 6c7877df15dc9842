/**
 * Tracing through the real app, its spans kept in memory: after a known sequence of requests
 * each request has one server span named by its route pattern, with its database queries,
 * the engine, catalogue searches, the image and the model calls as children; and no span
 * anywhere names a token, a buyer, a dialog or what the buyer wrote. Without OTEL variables
 * nothing is recorded.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { assertEvery, assertNone } from '../helpers/assert.ts';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, TEST_TENANTS, type TestApp } from '../helpers/app.ts';
import { answerReply, startFakeOpenAI, toolReply, type FakeOpenAI } from '../helpers/fake-openai.ts';

const KEY_VARIABLE = 'AISLE_TEST_TRACING_LLM_KEY';
process.env[KEY_VARIABLE] = 'sk-tracing-test-key';

const TRACING_ON = { OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: 'aisle-under-test' };

const generate = (t: TestApp, token: string | null, body: { threadId: string; resourceId: string; id: string; content: unknown; tenant: string }, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/shopping/generate',
    headers: { ...(token ? auth(token) : {}), ...headers },
    payload: { threadId: body.threadId, resourceId: body.resourceId, messages: [{ role: 'user', id: body.id, content: body.content }], runtimeContext: { tenant_id: body.tenant } },
  });

const isServer = (s: ReadableSpan) => s.kind === SpanKind.SERVER;
const spanId = (s: ReadableSpan) => s.spanContext().spanId;
const parentId = (s: ReadableSpan) => s.parentSpanContext?.spanId;

/** The finished spans, once `servers` server spans have ended (a response hook may end one just after the reply). */
async function finished(exporter: InMemorySpanExporter, servers: number): Promise<ReadableSpan[]> {
  for (let i = 0; i < 100 && exporter.getFinishedSpans().filter(isServer).length < servers; i++) {
    await sleep(10);
  }
  return exporter.getFinishedSpans();
}

/** Every span under `root` (children, their children …). */
function descendants(spans: ReadableSpan[], root: ReadableSpan): ReadableSpan[] {
  const out: ReadableSpan[] = [];
  const parents = new Set([spanId(root)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of spans) {
      if (!out.includes(s) && parents.has(parentId(s) ?? '')) {
        out.push(s);
        parents.add(spanId(s));
        grew = true;
      }
    }
  }
  return out;
}

for (const dialect of DIALECTS) {
  describe(`tracing [${dialect}]`, { skip: skipFor(dialect) }, () => {
    const system = dialect === 'postgres' ? 'postgresql' : 'sqlite';
    const exporter = new InMemorySpanExporter();
    let t: TestApp;
    let fake: FakeOpenAI;
    const resourceId = 'tracing-buyer-5c1d';
    const llmResourceId = 'tracing-buyer-llm-0e9f';
    const threads = { catalog: 'tracing-thread-7a2b', llm: 'tracing-thread-3f8e', image: 'tracing-thread-b41c' };
    const buyerCatalogText = 'ищу смартфон samsung маме на юбилей';
    const buyerLlmText = 'подберите чайник на дачу к выходным';
    const modelToolQuery = 'электрочайник для дачи';
    const completionText = 'Вот чайники, что подойдут для дачи.';
    const imageText = 'похожий на этот, но синий';
    const failingText = 'нужен утюг с отпаривателем';
    const incomingTrace = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
    let token = '';
    let llmToken = '';
    let shareToken = '';
    let spans: ReadableSpan[] = [];
    /** The server span of each request, in the order they were made. */
    let servers: ReadableSpan[] = [];

    before(async () => {
      fake = await startFakeOpenAI();
      const llmTenant = {
        id: 'llm-traced',
        name: 'Traced Model Shop',
        engine: { type: 'llm', llm: { baseUrl: fake.baseUrl, model: 'fake-model', apiKeyEnv: KEY_VARIABLE, timeoutMs: 5000, maxTokens: 600 } },
      };
      const failingTenant = { id: 'llm-failing', name: 'Failing Model Shop', engine: { type: 'llm', llm: { ...llmTenant.engine.llm, fallbackToCatalog: false } } };
      t = await buildTestApp(dialect, {
        tenants: [...TEST_TENANTS, llmTenant, failingTenant],
        env: { ...NO_RATE_LIMITS, ...TRACING_ON },
        app: { spanProcessor: new SimpleSpanProcessor({ exporter }) },
      });
      exporter.reset();

      token = await registerGuest(t.app, 'shop-a', resourceId);
      const catalogTurn = await generate(t, token, { threadId: threads.catalog, resourceId, id: 'tracing-m1', content: buyerCatalogText, tenant: 'shop-a' });
      assert.equal(catalogTurn.statusCode, 200, catalogTurn.body);

      llmToken = await registerGuest(t.app, 'llm-traced', llmResourceId);
      fake.enqueue(toolReply('search_products', { query: modelToolQuery }), answerReply({ text: completionText }));
      const llmTurn = await generate(t, llmToken, { threadId: threads.llm, resourceId: llmResourceId, id: 'tracing-m2', content: buyerLlmText, tenant: 'llm-traced' });
      assert.equal(llmTurn.statusCode, 200, llmTurn.body);
      assert.equal(fake.requests.length, 2, 'the search round and the answer');

      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 40, b: 200 } } }).png().toBuffer();
      const imageTurn = await generate(t, token, {
        threadId: threads.image,
        resourceId,
        id: 'tracing-m3',
        content: [
          { type: 'text', text: imageText },
          { type: 'image', source: { type: 'base64', mediaType: 'image/png', data: png.toString('base64') } },
        ],
        tenant: 'shop-a',
      });
      assert.equal(imageTurn.statusCode, 200, imageTurn.body);

      const refused = await generate(t, null, { threadId: threads.catalog, resourceId, id: 'tracing-m4', content: 'без токена', tenant: 'shop-a' });
      assert.equal(refused.statusCode, 401, refused.body);

      const shared = await t.app.inject({ method: 'POST', url: '/dialogs/share', headers: auth(token), payload: { user_id: resourceId, dialog_id: threads.catalog } });
      assert.equal(shared.statusCode, 201, shared.body);
      shareToken = shared.json().share_token as string;
      const read = await t.app.inject({ method: 'GET', url: `/dialogs/shared/${shareToken}?cursor=${threads.catalog}` });
      assert.equal(read.statusCode, 200, read.body);
      const history = await t.app.inject({ method: 'POST', url: '/shopping/history', headers: auth(token), payload: { tenant_id: 'shop-a', resourceId, threadId: threads.catalog } });
      assert.equal(history.statusCode, 200, history.body);

      const traceparent = `00-${incomingTrace.traceId}-${incomingTrace.spanId}-01`;
      const joined = await t.app.inject({ method: 'GET', url: `/no/such/${threads.catalog}`, headers: { traceparent } });
      assert.equal(joined.statusCode, 404);

      // The model fails (its error quotes the buyer) and the tenant has no fallback: a 500.
      fake.enqueue({ status: 500, body: { error: { message: `cannot answer "${failingText}"` } } });
      const failingToken = await registerGuest(t.app, 'llm-failing', llmResourceId);
      const failed = await generate(t, failingToken, { threadId: 'tracing-thread-fail-2d4a', resourceId: llmResourceId, id: 'tracing-m5', content: failingText, tenant: 'llm-failing' });
      assert.equal(failed.statusCode, 500, failed.body);

      spans = await finished(exporter, 12);
      servers = spans.filter(isServer).sort((a, b) => (a.startTime[0] - b.startTime[0]) * 1e9 + (a.startTime[1] - b.startTime[1]));
    });
    after(async () => {
      await t?.close();
      await fake?.close();
    });

    test('one server span per request, named by method and route pattern, with the status code', () => {
      assert.deepEqual(
        servers.map((s) => [s.name, s.attributes['http.response.status_code']]),
        [
          ['POST /shopping/guest-sessions', 201],
          ['POST /shopping/generate', 200],
          ['POST /shopping/guest-sessions', 201],
          ['POST /shopping/generate', 200],
          ['POST /shopping/generate', 200],
          ['POST /shopping/generate', 401],
          ['POST /dialogs/share', 201],
          ['GET /dialogs/shared/:share_token', 200],
          ['POST /shopping/history', 200],
          ['GET', 404],
          ['POST /shopping/guest-sessions', 201],
          ['POST /shopping/generate', 500],
        ],
      );
      const generation = servers[1]!;
      assert.equal(generation.attributes['http.request.method'], 'POST');
      assert.equal(generation.attributes['http.route'], '/shopping/generate');
      assert.equal(generation.resource.attributes['service.name'], 'aisle-under-test');
      assertEvery(servers, (s) => parentId(s) === undefined || s === servers[9], 'a request span is the root of its trace unless the caller sent one');
      assertNone(
        servers.flatMap((s) => Object.keys(s.attributes)),
        (key) => key.startsWith('url.path') || key.startsWith('url.full') || key.startsWith('url.query') || key.startsWith('http.request.header'),
        'no URL, query string or header',
      );
    });

    test('every span lies within its parent: nothing is recorded after its request ended', () => {
      const byId = new Map(spans.map((s) => [spanId(s), s]));
      // Spans are exported as they end, so the list's order is the order they ended in: a clock-free check.
      const endOrder = new Map(spans.map((s, i) => [spanId(s), i]));
      const nanos = (time: [number, number]) => BigInt(time[0]) * 1_000_000_000n + BigInt(time[1]);
      // A span's start is the wall clock truncated to the millisecond: two spans' starts may disagree by up to one.
      const slack = 2_000_000n;
      const children = spans.filter((s) => byId.has(parentId(s) ?? ''));
      assert.ok(children.length > 20, `${children.length} child spans`);
      assertEvery(children, (child) => {
        const parent = byId.get(parentId(child)!)!;
        return nanos(child.startTime) >= nanos(parent.startTime) - slack && endOrder.get(spanId(child))! < endOrder.get(spanId(parent))!;
      });
    });

    test('a 4xx is recorded by its code and is not a failed span; the unmatched route has no route attribute', () => {
      const refused = servers[5]!;
      assert.equal(refused.attributes['error.type'], 'GUEST_TOKEN_REQUIRED');
      assert.equal(refused.status.code, SpanStatusCode.UNSET);
      const unmatched = servers[9]!;
      assert.equal(unmatched.attributes['http.route'], undefined);
      assert.equal(unmatched.attributes['error.type'], '404');
    });

    test('a failed turn: the request, the engine and the model call are failed spans with their error codes', () => {
      const request = servers[11]!;
      assert.equal(request.status.code, SpanStatusCode.ERROR);
      assert.equal(request.attributes['error.type'], 'ASSISTANT_FAILED');
      const engine = descendants(spans, request).find((s) => s.name === 'engine.answer');
      assert.equal(engine?.status.code, SpanStatusCode.ERROR);
      const call = descendants(spans, request).find((s) => s.name === 'chat fake-model');
      assert.equal(call?.status.code, SpanStatusCode.ERROR);
      assert.equal(call?.attributes['error.type'], 'AI_APICallError');
      assert.equal(engine?.attributes['error.type'], 'AI_APICallError');
      assertNone([request, engine!, call!], (s) => s.status.message !== undefined || s.events.length > 0, 'no error message or exception event');
    });

    test('a traceparent header joins the caller’s trace', () => {
      const joined = servers[9]!;
      assert.equal(joined.spanContext().traceId, incomingTrace.traceId);
      assert.equal(parentId(joined), incomingTrace.spanId);
    });

    test('database queries are client spans under their request, with the database system and operation', () => {
      for (const server of [servers[0]!, servers[1]!, servers[6]!]) {
        const queries = descendants(spans, server).filter((s) => s.attributes['db.system'] !== undefined);
        assert.ok(queries.length > 0, `${server.name} made queries`);
        assertEvery(queries, (q) => q.kind === SpanKind.CLIENT && q.attributes['db.system'] === system && q.attributes['db.system.name'] === system);
        assertEvery(queries, (q) => typeof q.attributes['db.operation.name'] === 'string' && typeof q.attributes['db.query.text'] === 'string');
        assertEvery(queries, (q) => q.spanContext().traceId === server.spanContext().traceId);
      }
      const registration = descendants(spans, servers[0]!).filter((s) => s.attributes['db.system'] !== undefined);
      assert.ok(
        registration.some((q) => q.attributes['db.operation.name'] === 'INSERT' && q.attributes['db.collection.name'] === 'guest_sessions' && q.name === 'INSERT guest_sessions'),
        registration.map((q) => q.name).join(', '),
      );
    });

    test('the catalogue engine’s turn: the engine span under the request, the catalogue search under the engine', () => {
      const turn = descendants(spans, servers[1]!);
      const engine = turn.filter((s) => s.name === 'engine.answer');
      assert.equal(engine.length, 1);
      assert.equal(parentId(engine[0]!), spanId(servers[1]!));
      assert.equal(engine[0]!.attributes['aisle.engine.name'], 'catalog');
      assert.equal(engine[0]!.attributes['aisle.tenant.id'], 'shop-a');
      const searches = descendants(spans, engine[0]!).filter((s) => s.name === 'catalog.search');
      assert.ok(searches.length >= 1, 'the engine searched the catalogue');
      assertEvery(searches, (s) => s.attributes['aisle.tenant.id'] === 'shop-a' && typeof s.attributes['aisle.search.hits'] === 'number');
      assert.equal(turn.filter((s) => s.name.startsWith('chat ')).length, 0, 'no model call');
    });

    test('the model’s turn: a gen-ai span per model request with model, token counts and finish reason', () => {
      const turn = descendants(spans, servers[3]!);
      const engine = turn.find((s) => s.name === 'engine.answer');
      assert.equal(engine?.attributes['aisle.engine.name'], 'llm');
      assert.equal(engine?.attributes['aisle.tenant.id'], 'llm-traced');
      const calls = descendants(spans, engine!).filter((s) => s.attributes['gen_ai.operation.name'] !== undefined);
      assert.equal(calls.length, 2);
      for (const call of calls) {
        assert.equal(call.name, 'chat fake-model');
        assert.equal(call.kind, SpanKind.CLIENT);
        assert.equal(parentId(call), spanId(engine!));
        assert.equal(call.attributes['gen_ai.operation.name'], 'chat');
        assert.equal(call.attributes['gen_ai.provider.name'], 'openai');
        assert.equal(call.attributes['gen_ai.request.model'], 'fake-model');
        assert.equal(call.attributes['gen_ai.request.max_tokens'], 600);
        assert.equal(call.attributes['gen_ai.response.model'], 'fake-model');
        assert.equal(call.attributes['gen_ai.usage.input_tokens'], 10);
        assert.equal(call.attributes['gen_ai.usage.output_tokens'], 5);
        assert.deepEqual(call.attributes['gen_ai.response.finish_reasons'], ['tool_calls']);
        assert.equal(call.attributes['server.address'], '127.0.0.1');
      }
      // The model's search tool ran between its two requests, under the engine.
      const search = descendants(spans, engine!).find((s) => s.name === 'catalog.search');
      assert.equal(search?.attributes['aisle.tenant.id'], 'llm-traced');
    });

    test('the image is processed in a span of its own under the request', () => {
      const image = descendants(spans, servers[4]!).filter((s) => s.name === 'image.normalise');
      assert.equal(image.length, 1);
      assert.equal(image[0]!.attributes['aisle.image.source'], 'base64');
      assert.equal(image[0]!.attributes['aisle.image.width'], 64);
      assert.equal(image[0]!.status.code, SpanStatusCode.UNSET);
    });

    test('no span names a token, a buyer, a dialog, or what the buyer or the model wrote', () => {
      const text = JSON.stringify(
        spans.map((s) => ({ name: s.name, attributes: s.attributes, events: s.events, status: s.status, links: s.links, resource: s.resource.attributes })),
      );
      const secrets = [token, llmToken, shareToken, resourceId, llmResourceId, ...Object.values(threads), 'tracing-m1', 'tracing-m2', 'tracing-m3', 'tracing-m5', buyerCatalogText, buyerLlmText, modelToolQuery, completionText, imageText, failingText, 'sk-tracing-test-key'];
      assert.ok(token.length > 20 && shareToken.length > 20, 'the tokens were issued');
      assertNone(secrets, (secret) => text.includes(secret));
      // Nor a part of one: the buyer's distinctive words.
      assertNone(['юбилей', 'выходным', 'синий', 'электрочайник', 'утюг'], (word) => text.includes(word));
    });
  });
}

describe('tracing off by default [sqlite]', { skip: skipFor('sqlite') }, () => {
  test('without OTEL variables nothing is recorded, even with a span processor given', async () => {
    const exporter = new InMemorySpanExporter();
    const t = await buildTestApp('sqlite', { env: NO_RATE_LIMITS, app: { spanProcessor: new SimpleSpanProcessor({ exporter }) } });
    try {
      const token = await registerGuest(t.app, 'shop-a', 'tracing-off-buyer');
      const res = await generate(t, token, { threadId: 'tracing-off-thread', resourceId: 'tracing-off-buyer', id: 'tracing-off-m1', content: 'чайник', tenant: 'shop-a' });
      assert.equal(res.statusCode, 200, res.body);
      await sleep(50);
      assert.equal(exporter.getFinishedSpans().length, 0);
    } finally {
      await t.close();
    }
  });

  test('OTEL_SDK_DISABLED=true keeps tracing off although an exporter is named', async () => {
    const exporter = new InMemorySpanExporter();
    const t = await buildTestApp('sqlite', { env: { ...NO_RATE_LIMITS, ...TRACING_ON, OTEL_SDK_DISABLED: 'true' }, app: { spanProcessor: new SimpleSpanProcessor({ exporter }) } });
    try {
      assert.equal((await t.app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
      await sleep(50);
      assert.equal(exporter.getFinishedSpans().length, 0);
    } finally {
      await t.close();
    }
  });
});

const PROTOCOLS = [
  { protocol: 'http/protobuf', contentType: 'application/x-protobuf' },
  { protocol: 'http/json', contentType: 'application/json' },
];

describe('export to an OTLP/HTTP collector [sqlite]', { skip: skipFor('sqlite') }, () => {
  for (const { protocol, contentType } of PROTOCOLS) {
    test(`${protocol}: the spans of a request reach the collector the OTEL variables name, with its headers, when the app closes`, async () => {
      const received: Array<{ path: string; type: string | undefined; key: string | undefined; body: string }> = [];
      const collector = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received.push({ path: req.url ?? '', type: req.headers['content-type'], key: req.headers['x-collector-key'] as string | undefined, body: Buffer.concat(chunks).toString() });
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      });
      await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
      const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
      try {
        const t = await buildTestApp('sqlite', {
          env: {
            ...NO_RATE_LIMITS,
            OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
            OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
            OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=k%3D1',
            OTEL_SERVICE_NAME: 'aisle-export-test',
          },
        });
        const token = await registerGuest(t.app, 'shop-a', 'tracing-export-buyer');
        assert.ok(token.length > 20);
        // Spans are sent in batches; closing the app sends what is waiting.
        await t.close();
        assert.ok(received.length >= 1, 'the collector got an export');
        assertEvery(received, (r) => r.path === '/v1/traces' && r.type === contentType && r.key === 'k=1');
        // Protocol buffers keep strings as UTF-8 bytes, so both encodings show the names as they are.
        const body = received.map((r) => r.body).join('\n');
        assertEvery(['aisle-export-test', 'POST /shopping/guest-sessions', 'INSERT guest_sessions'], (name) => body.includes(name));
        assert.ok(!body.includes(token) && !body.includes('tracing-export-buyer'), 'neither the token nor the buyer');
      } finally {
        await new Promise((resolve) => collector.close(resolve));
      }
    });
  }
});
