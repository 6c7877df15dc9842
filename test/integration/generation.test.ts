/**
 * `POST /shopping/generate` through HTTP on SQLite and PostgreSQL (spec 2.2–2.6, 3.2, 4.5,
 * part 7): the closed body, the answer's shape, dialog ownership, debug traffic, idempotent
 * retry (also concurrent, also across two instances), failure atomicity and images.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../helpers/assert.ts';
import type { FastifyInstance } from 'fastify';
import { DIALECTS, skipFor, createTestDatabase } from '../helpers/storage.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { readSharedData, sharedDataSkip } from '../helpers/shared-data.ts';
import { rowCount } from '../helpers/rows.ts';
import type { AssistantEngine } from '../../src/assistant/engine.ts';
import type { EngineResolver } from '../../src/assistant/engines.ts';
import type { Tenant } from '../../src/config/index.ts';
import { createStorage } from '../../src/db/create-db.ts';
import { GenerateResponse } from '../../src/modules/generation/schemas.ts';
import { responseChecker } from '../helpers/response-schema.ts';
import { Value } from 'typebox/value';
import { resultHolder, isTurnLookup } from '../helpers/held-results.ts';

const HOPPER_JPEG = readSharedData('images/pillow_testimages/hopper.jpg').toString('base64');
const HOPPER_GIF = readSharedData('images/pillow_testimages/hopper.gif').toString('base64');

interface Body {
  threadId?: unknown;
  resourceId?: unknown;
  trafficType?: unknown;
  messages?: unknown;
  runtimeContext?: unknown;
  [extra: string]: unknown;
}

function body(overrides: Partial<Body> = {}, text = 'Нужен смартфон Samsung'): Body {
  return {
    threadId: 'thread-1',
    resourceId: 'user-1',
    messages: [{ role: 'user', content: text }],
    runtimeContext: { tenant_id: 'shop-a' },
    ...overrides,
  };
}

/** Counts engine calls and can be told to fail or to answer nonsense, around the real engine. */
function engineProbe() {
  const probe = {
    calls: 0,
    failNext: 0,
    invalidNext: 0,
    delayMs: 0,
    engineFor: (tenant: Tenant, defaults: EngineResolver): AssistantEngine => ({
      async answer(request) {
        probe.calls++;
        if (probe.delayMs) {
          await new Promise((r) => setTimeout(r, probe.delayMs));
        }
        if (probe.failNext > 0) {
          probe.failNext--;
          throw new Error('engine exploded');
        }
        if (probe.invalidNext > 0) {
          probe.invalidNext--;
          return { answer: { response: { contents: [{ type: 'products', value: [{ sku: 'x' }] }] }, events: [] } as never };
        }
        return defaults(tenant).answer(request);
      },
    }),
  };
  return probe;
}

/** The text sent, against the documented answer with every object closed (what the serializer would have dropped fails). */
const checkAnswer = responseChecker(GenerateResponse);

const count = (t: TestApp, table: 'dialogs' | 'messages' | 'message_images') => rowCount(t.database.storage.db, table);

const generate = (app: FastifyInstance, payload: Body, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/shopping/generate', payload: payload as object, headers });

for (const dialect of DIALECTS) {
  describe(`generation [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    const probe = engineProbe();
    before(async () => {
      t = await buildTestApp(dialect, { env: NO_RATE_LIMITS, app: { engineFor: probe.engineFor } });
    });
    after(() => t.close());

    const refused: Array<[string, Body]> = [
      ['an unknown top-level field', body({ stream: true })],
      ['a missing threadId', body({ threadId: undefined })],
      ['an empty threadId', body({ threadId: '' })],
      ['a numeric resourceId', body({ resourceId: 7 })],
      ['an unknown trafficType', body({ trafficType: 'prod' })],
      ['no messages', body({ messages: [] })],
      ['an assistant message', body({ messages: [{ role: 'assistant', content: 'hi' }] })],
      ['an unknown field in a message', body({ messages: [{ role: 'user', content: 'hi', name: 'x' }] })],
      ['empty text', body({ messages: [{ role: 'user', content: '' }] })],
      ['blank text', body({ messages: [{ role: 'user', content: '   ' }] })],
      ['a part of unknown type', body({ messages: [{ role: 'user', content: [{ type: 'audio', data: 'x' }] }] })],
      ['two image parts', body({ messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', mediaType: 'image/jpeg', data: HOPPER_JPEG } }, { type: 'image', source: { type: 'base64', mediaType: 'image/jpeg', data: HOPPER_JPEG } }] }] })],
      ['a missing runtimeContext', body({ runtimeContext: undefined })],
      ['a missing tenant_id', body({ runtimeContext: { ctx: { type: 'HOMEPAGE' } } })],
      ['an unknown field in runtimeContext', body({ runtimeContext: { tenant_id: 'shop-a', locale: 'ru' } })],
      ['an unknown tenant', body({ runtimeContext: { tenant_id: 'no-such-shop' } })],
      ['an over-long threadId', body({ threadId: 't'.repeat(513) })],
    ];
    for (const [name, payload] of refused) {
      test(`400 for ${name}, nothing stored, no engine call`, async () => {
        const [calls, dialogs] = [probe.calls, await count(t, 'dialogs')];
        const res = await generate(t.app, payload);
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().statusCode, 400);
        assert.equal(probe.calls, calls);
        assert.equal(await count(t, 'dialogs'), dialogs);
      });
    }

    test('malformed JSON is a 400', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/shopping/generate', headers: { 'content-type': 'application/json' }, payload: '{"threadId": "x",' });
      assert.equal(res.statusCode, 400);
    });

    test('an answer: assistantMessageId, the tenant message format, products from the catalogue, suggests, latency, events with feedback links', async () => {
      const res = await generate(t.app, body({ threadId: 'shape-1' }));
      assert.equal(res.statusCode, 200, res.body);
      const answer = res.json();
      assert.equal(answer.threadId, 'shape-1');
      assert.equal(answer.resourceId, 'user-1');
      assert.match(answer.assistantMessageId, /^[0-9a-f-]{36}$/);
      assert.equal(answer.messageFormat, 'plain_text');
      const products = answer.response.contents.find((b: { type: string }) => b.type === 'products');
      assert.ok(products && products.value.length > 0, 'a products block');
      assertEvery(products.value, (p: { brand?: string }) => p.brand === 'Samsung', 'the brand the buyer asked for');
      assert.ok(Array.isArray(answer.response.ui.suggests) && answer.response.ui.suggests.length >= 2);
      assert.equal(typeof answer.responseLatencyMs, 'number');
      const like = answer.events.find((e: { type: string }) => e.type === 'like');
      const dislike = answer.events.find((e: { type: string }) => e.type === 'dislike');
      const likeUrl = new URL(like.url);
      assert.equal(likeUrl.origin, 'https://aisle.test');
      assert.equal(likeUrl.pathname, '/shopping/feedback');
      assert.deepEqual(Object.fromEntries(likeUrl.searchParams), { tenant_id: 'shop-a', resourceId: 'user-1', threadId: 'shape-1', messageId: answer.assistantMessageId, reaction: 'like' });
      assert.equal(new URL(dislike.url).searchParams.get('reaction'), 'dislike');
      assert.ok(answer.events.some((e: { type: string }) => e.type === 'IMP'), 'block events');
    });

    test('an answer is sent as it was stored: the documented shape and nothing undeclared, the response and events history shows, then the feedback links; a retry sends the same bytes', async () => {
      const turns: Array<[string, string]> = [
        ['Нужен смартфон Samsung', 'a search'],
        ['а подешевле?', 'a follow-up'],
        ['позовите оператора', 'the operator'],
        ['как работает доставка?', 'a shop question'],
        ['ты робот?', 'small talk'],
        ['asdf qwerty', 'nonsense'],
        ['coffee "maker" \\ with ё 🛒 <b>', 'odd characters'],
      ];
      for (const [i, [text, what]] of turns.entries()) {
        const payload = body({ threadId: 'as-stored', trafficType: 'real', messages: [{ role: 'user', id: `as-stored-${i}`, content: text }] });
        const res = await generate(t.app, payload);
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
        checkAnswer(res.body, what);
        const answer = res.json();
        const history = await t.app.inject({ method: 'POST', url: '/shopping/history', payload: { tenant_id: 'shop-a', resourceId: 'user-1', threadId: 'as-stored', limit: 100 } });
        assert.equal(history.statusCode, 200, history.body);
        const item = history.json().items.find((x: { id: string }) => x.id === answer.assistantMessageId);
        assert.ok(item, `${what}: history shows the answer`);
        assert.deepEqual(answer.response, item.response, `${what}: the response history shows`);
        assert.deepEqual(answer.events.slice(0, -2), item.events ?? [], `${what}: the stored events first`);
        assert.deepEqual(answer.events.slice(-2).map((e: { type: string }) => e.type), ['like', 'dislike'], `${what}: then the feedback links`);
        assert.equal(answer.responseLatencyMs, item.responseLatencyMs);
        const retry = await generate(t.app, payload);
        assert.equal(retry.body, res.body, `${what}: a retry sends the same bytes`);
      }
    });

    test('messageFormat follows the tenant', async () => {
      const res = await generate(t.app, body({ threadId: 'fmt', runtimeContext: { tenant_id: 'shop-b' } }, 'smartphone'));
      assert.equal(res.json().messageFormat, 'markdown');
    });

    test('the first request creates the dialog; the same threadId under another resource or tenant is another dialog', async () => {
      await generate(t.app, body({ threadId: 'shared-id', resourceId: 'owner-a' }, 'наушники'));
      await generate(t.app, body({ threadId: 'shared-id', resourceId: 'owner-b' }, 'телевизор'));
      await generate(t.app, body({ threadId: 'shared-id', resourceId: 'owner-a', runtimeContext: { tenant_id: 'shop-b' } }, 'kettle'));
      const rows = await t.database.storage.db.selectFrom('dialogs').select(['tenant_id', 'resource_id', 'title']).where('thread_id', '=', 'shared-id').orderBy('tenant_id').orderBy('resource_id').execute();
      assert.deepEqual(rows, [
        { tenant_id: 'shop-a', resource_id: 'owner-a', title: 'наушники' },
        { tenant_id: 'shop-a', resource_id: 'owner-b', title: 'телевизор' },
        { tenant_id: 'shop-b', resource_id: 'owner-a', title: 'kettle' },
      ]);
      const history = await t.app.inject({ method: 'POST', url: '/shopping/history', payload: { tenant_id: 'shop-a', resourceId: 'owner-b', threadId: 'shared-id' } });
      assert.deepEqual(history.json().items.filter((i: { role: string }) => i.role === 'user').map((i: { content: string }) => i.content), ['телевизор']);
    });

    test('a registered resource needs its token; with it, the dialog belongs to the session', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'guest-gen');
      const without = await generate(t.app, body({ resourceId: 'guest-gen', threadId: 'g1' }));
      assert.equal(without.statusCode, 401);
      assert.equal(without.json().code, 'GUEST_TOKEN_REQUIRED');
      const other = await registerGuest(t.app, 'shop-a', 'guest-other');
      const mismatch = await generate(t.app, body({ resourceId: 'guest-gen', threadId: 'g1' }), auth(other));
      assert.equal(mismatch.statusCode, 403);
      const ok = await generate(t.app, body({ resourceId: 'guest-gen', threadId: 'g1' }), auth(token));
      assert.equal(ok.statusCode, 200);
      const dialog = await t.database.storage.db.selectFrom('dialogs').select('session_id').where('thread_id', '=', 'g1').executeTakeFirstOrThrow();
      assert.ok(dialog.session_id);
      const list = await t.app.inject({ method: 'GET', url: '/shopping/dialogs', headers: auth(token) });
      assert.deepEqual(list.json().items.map((i: { threadId: string }) => i.threadId), ['g1']);
    });

    test('the IP allow-list applies to generation', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/shopping/generate', payload: body({ runtimeContext: { tenant_id: 'restricted' } }) as object, remoteAddress: '203.0.113.9' });
      assert.equal(res.statusCode, 403);
      assert.equal(res.json().code, 'IP_NOT_ALLOWED');
    });

    test('debug traffic: the fixed stub, no engine call, nothing stored, no feedback links', async () => {
      const [calls, dialogs, messages] = [probe.calls, await count(t, 'dialogs'), await count(t, 'messages')];
      const res = await generate(t.app, body({ threadId: 'debug-1', trafficType: 'debug', messages: [{ role: 'user', id: 'd1', content: [{ type: 'text', text: 'anything' }, { type: 'image', source: { type: 'base64', mediaType: 'image/gif', data: 'not-even-base64!' } }] }] }));
      assert.equal(res.statusCode, 200, res.body);
      const answer = res.json();
      assert.equal(probe.calls, calls, 'no engine call');
      assert.equal(await count(t, 'dialogs'), dialogs, 'no dialog');
      assert.equal(await count(t, 'messages'), messages, 'no message');
      assert.equal(answer.assistantMessageId, undefined);
      const [message, products, ...rest] = answer.response.contents;
      assert.equal(rest.length, 0);
      assert.equal(message.type, 'message');
      assert.equal(products.type, 'products');
      assert.ok(products.title && products.shelf_id && products.source_query);
      assert.equal(products.value.length, 2);
      for (const p of products.value) {
        assert.deepEqual(Object.keys(p).sort(), ['brand', 'name', 'price', 'sku']);
      }
      assert.equal(answer.response.ui.suggests.length, 3);
      assert.equal(typeof answer.responseLatencyMs, 'number');
      assert.equal(answer.events.length, 1);
      assert.equal(answer.events[0].type, 'visible_impression');
      assert.ok(answer.events[0].url);
      const again = await generate(t.app, body({ threadId: 'debug-2', trafficType: 'debug', runtimeContext: { tenant_id: 'shop-b' } }, 'другой текст'));
      assert.deepEqual(again.json().response, answer.response, 'independent of text and section');
      // The ids come back exactly, whatever they hold, in a body of the documented shape.
      const odd = 'debug "quoted" \\ back\u2028slash ё 🛒 <b>';
      const echoed = await generate(t.app, body({ threadId: odd, trafficType: 'debug' }));
      assert.equal(echoed.statusCode, 200, echoed.body);
      assert.equal(echoed.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(echoed.json().threadId, odd);
      const shown = echoed.json() as Record<string, unknown>;
      assert.deepEqual({ ...shown, threadId: answer.threadId }, answer);
      assert.ok(Value.Check(GenerateResponse, shown), [...Value.Errors(GenerateResponse, shown)].map((e) => `${e.instancePath} ${e.message}`).join('; '));
    });

    test('debug traffic still needs a valid body and the guest token, and a hidden dialog still answers 404', async () => {
      assert.equal((await generate(t.app, body({ trafficType: 'debug', messages: [] }))).statusCode, 400);
      await registerGuest(t.app, 'shop-a', 'debug-guest');
      assert.equal((await generate(t.app, body({ trafficType: 'debug', resourceId: 'debug-guest' }))).statusCode, 401);
      const token = await registerGuest(t.app, 'shop-a', 'debug-hider');
      await generate(t.app, body({ resourceId: 'debug-hider', threadId: 'to-hide' }), auth(token));
      assert.equal((await t.app.inject({ method: 'DELETE', url: '/shopping/dialogs/to-hide', headers: auth(token) })).statusCode, 204);
      const res = await generate(t.app, body({ resourceId: 'debug-hider', threadId: 'to-hide', trafficType: 'debug' }), auth(token));
      assert.equal(res.statusCode, 404);
      const cont = await generate(t.app, body({ resourceId: 'debug-hider', threadId: 'to-hide' }), auth(token));
      assert.equal(cont.statusCode, 404, 'continuing a hidden dialog');
    });

    test('retry with the same message id and request: the stored answer, same assistantMessageId, no second engine call', async () => {
      const payload = body({ threadId: 'retry-1', trafficType: 'real', messages: [{ role: 'user', id: 'msg-1', content: 'кофемашина' }] });
      const first = await generate(t.app, payload);
      const calls = probe.calls;
      const second = await generate(t.app, payload);
      assert.equal(second.statusCode, 200);
      assert.equal(probe.calls, calls, 'no engine call on retry');
      assert.equal(second.json().assistantMessageId, first.json().assistantMessageId);
      assert.deepEqual(second.json().response, first.json().response);
      assert.deepEqual(second.json().events, first.json().events);
      const stored = await t.database.storage.db.selectFrom('messages').innerJoin('dialogs', 'dialogs.id', 'messages.dialog_id').select('messages.id').where('thread_id', '=', 'retry-1').execute();
      assert.equal(stored.length, 2, 'one user message and one answer');
    });

    test('the same message id with a different request → 409 MESSAGE_ID_CONFLICT', async () => {
      await generate(t.app, body({ threadId: 'retry-2', messages: [{ role: 'user', id: 'msg-2', content: 'пылесос' }] }));
      const res = await generate(t.app, body({ threadId: 'retry-2', messages: [{ role: 'user', id: 'msg-2', content: 'чайник' }] }));
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().code, 'MESSAGE_ID_CONFLICT');
      const changedContext = await generate(t.app, body({ threadId: 'retry-2', messages: [{ role: 'user', id: 'msg-2', content: 'пылесос' }], runtimeContext: { tenant_id: 'shop-a', ctx: { type: 'CART' } } }));
      assert.equal(changedContext.statusCode, 409);
    });

    test('concurrent identical requests: one engine call, one stored pair, one answer id', async () => {
      probe.delayMs = 100;
      try {
        const payload = body({ threadId: 'race-1', messages: [{ role: 'user', id: 'race-msg', content: 'телевизор 55' }] });
        const calls = probe.calls;
        const results = await Promise.all(Array.from({ length: 8 }, () => generate(t.app, payload)));
        assert.deepEqual(results.map((r) => r.statusCode), Array(8).fill(200));
        assert.equal(new Set(results.map((r) => r.json().assistantMessageId)).size, 1);
        assert.equal(probe.calls - calls, 1, 'one engine call');
        const stored = await t.database.storage.db.selectFrom('messages').innerJoin('dialogs', 'dialogs.id', 'messages.dialog_id').select('messages.id').where('thread_id', '=', 'race-1').execute();
        assert.equal(stored.length, 2);
      } finally {
        probe.delayMs = 0;
      }
    });

    test('an engine failure → 500 with no detail, nothing stored; the retry with the same id runs again', async () => {
      probe.failNext = 1;
      const payload = body({ threadId: 'fail-1', messages: [{ role: 'user', id: 'fail-msg', content: 'ноутбук' }] });
      const failed = await generate(t.app, payload);
      assert.equal(failed.statusCode, 500);
      assert.doesNotMatch(failed.body, /exploded/);
      assert.equal(await t.database.storage.db.selectFrom('dialogs').select('id').where('thread_id', '=', 'fail-1').executeTakeFirst(), undefined);
      const retry = await generate(t.app, payload);
      assert.equal(retry.statusCode, 200);
    });

    test('an answer that fails the block schemas → 502, nothing stored', async () => {
      probe.invalidNext = 1;
      const messages = await count(t, 'messages');
      const res = await generate(t.app, body({ threadId: 'invalid-1' }));
      assert.equal(res.statusCode, 502);
      assert.equal(await count(t, 'messages'), messages);
    });

    test('an image part goes through the pipeline and is stored as JPEG; history returns it', { skip: sharedDataSkip }, async () => {
      const res = await generate(t.app, body({ threadId: 'img-1', messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', mediaType: 'image/jpeg', data: HOPPER_JPEG } }] }] }));
      assert.equal(res.statusCode, 200, res.body);
      const history = (await t.app.inject({ method: 'POST', url: '/shopping/history', payload: { tenant_id: 'shop-a', resourceId: 'user-1', threadId: 'img-1' } })).json();
      const part = history.items[0].content[0];
      assert.equal(part.type, 'image');
      assert.equal(part.source.mediaType, 'image/jpeg');
      assert.equal(Buffer.from(part.source.data, 'base64').subarray(0, 2).toString('hex'), 'ffd8');
      const dialog = await t.database.storage.db.selectFrom('dialogs').select('title').where('thread_id', '=', 'img-1').executeTakeFirstOrThrow();
      assert.equal(dialog.title, 'Диалог', 'an image alone gives the default title');
    });

    test('image refusals: 415 for GIF, 400 for a data: prefix, 413 for an over-long string; nothing stored', { skip: sharedDataSkip }, async () => {
      const messages = await count(t, 'messages');
      const gif = await generate(t.app, body({ threadId: 'img-2', messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', mediaType: 'image/gif', data: HOPPER_GIF } }] }] }));
      assert.equal(gif.statusCode, 415);
      const prefixed = await generate(t.app, body({ threadId: 'img-2', messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', mediaType: 'image/jpeg', data: `data:image/jpeg;base64,${HOPPER_JPEG}` } }] }] }));
      assert.equal(prefixed.statusCode, 400);
      const huge = await generate(t.app, body({ threadId: 'img-2', messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', mediaType: 'image/jpeg', data: 'A'.repeat(7_100_000) } }] }] }));
      assert.equal(huge.statusCode, 413);
      const http = await generate(t.app, body({ threadId: 'img-2', messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'url', url: 'http://example.com/a.jpg' } }] }] }));
      assert.equal(http.statusCode, 400);
      assert.equal(await count(t, 'messages'), messages);
    });

    test('a follow-up refines the previous search of the same dialog', async () => {
      const first = (await generate(t.app, body({ threadId: 'refine-1' }, 'смартфон'))).json();
      const second = (await generate(t.app, body({ threadId: 'refine-1' }, 'а подешевле?'))).json();
      const prices = (a: { response: { contents: Array<{ type: string; value: unknown }> } }) =>
        (a.response.contents.find((b) => b.type === 'products')!.value as Array<{ price: number }>).map((p) => p.price);
      assert.ok(Math.max(...prices(second)) < Math.max(...prices(first)), `cheaper: ${prices(second)} vs ${prices(first)}`);
    });
  });
}

/**
 * Several instances share one database only on PostgreSQL: SQLite has one instance
 * (docs/scaling.md), which keeps its claims in memory, so these run on PostgreSQL. The same
 * rules for claims in memory: test/unit/single-flight.test.ts.
 */
const SHARED_DIALECTS = DIALECTS.filter((d) => d === 'postgres');

for (const dialect of SHARED_DIALECTS) {
  describe(`idempotent retry across two instances on one database [${dialect}]`, { skip: skipFor(dialect) }, () => {
    test('the same request sent to both at once yields one stored answer and one engine call', async () => {
      const database = await createTestDatabase(dialect);
      const probe = engineProbe();
      probe.delayMs = 150;
      const a = await buildTestApp(dialect, { database, app: { engineFor: probe.engineFor }, catalogs: {} });
      const b = await buildTestApp(dialect, { database, app: { engineFor: probe.engineFor }, catalogs: {} });
      try {
        const payload = body({ threadId: 'cross-1', messages: [{ role: 'user', id: 'cross-msg', content: 'привет' }] });
        const results = await Promise.all([generate(a.app, payload), generate(b.app, payload), generate(a.app, payload), generate(b.app, payload)]);
        const seen = results.map((r) => `${r.statusCode} ${r.body.slice(0, 200)}`).join('\n');
        assert.deepEqual(results.map((r) => r.statusCode), [200, 200, 200, 200], seen);
        assert.equal(new Set(results.map((r) => r.json().assistantMessageId)).size, 1, seen);
        assert.equal(probe.calls, 1, `engine calls: ${probe.calls}\n${seen}`);
        const stored = await database.storage.db.selectFrom('messages').select('id').execute();
        assert.equal(stored.length, 2);
      } finally {
        await a.close();
        await b.close();
        await database.dispose();
      }
    });

    // The race seen under load: B looks for a stored answer and finds none, A stores its answer
    // and finishes, then B asks for the claim. Forced here by holding B's lookup result.
    for (const [name, firstTurn] of [
      ['a new dialog', false],
      ['a continued dialog', true],
    ] as const) {
      test(`${name}: a retry that looked before the answer was stored and claims after it gets the stored answer, with no second engine call`, async () => {
        const database = await createTestDatabase(dialect);
        const probe = engineProbe();
        const holder = resultHolder(isTurnLookup);
        const ownStorage = createStorage(database.settings);
        const a = await buildTestApp(dialect, { database, app: { engineFor: probe.engineFor }, catalogs: {} });
        const b = await buildTestApp(dialect, { database: { ...database, storage: { ...ownStorage, db: ownStorage.db.withPlugin(holder.plugin) } }, app: { engineFor: probe.engineFor }, catalogs: {} });
        try {
          if (firstTurn) {
            assert.equal((await generate(a.app, body({ threadId: 'late-1', messages: [{ role: 'user', id: 'late-0', content: 'чайник' }] }))).statusCode, 200);
          }
          const calls = probe.calls;
          const payload = body({ threadId: 'late-1', messages: [{ role: 'user', id: 'late-msg', content: 'привет' }] });
          const held = holder.holdNext();
          const onB = generate(b.app, payload);
          await held.reached;
          const onA = await generate(a.app, payload);
          assert.equal(onA.statusCode, 200, onA.body);
          held.release();
          const late = await onB;
          assert.equal(late.statusCode, 200, late.body);
          assert.equal(late.json().assistantMessageId, onA.json().assistantMessageId, 'the stored answer');
          assert.equal(probe.calls - calls, 1, 'one engine call');
          const stored = await database.storage.db.selectFrom('messages').select('id').where('client_message_id', '=', 'late-msg').execute();
          assert.equal(stored.length, 1);
        } finally {
          await a.close();
          await b.close();
          await ownStorage.close();
          await database.dispose();
        }
      });
    }
  });
}

/** An engine whose every call waits until the test opens it, around the real engine. */
function gatedEngine() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const gate = {
    calls: 0,
    open,
    engineFor: (tenant: Tenant, defaults: EngineResolver): AssistantEngine => ({
      async answer(request) {
        gate.calls++;
        await opened;
        return defaults(tenant).answer(request);
      },
    }),
  };
  return gate;
}

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) {
      return value;
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

const SECOND = 1_000_000;

for (const dialect of SHARED_DIALECTS) {
  describe(`generation claims are leases [${dialect}]`, { skip: skipFor(dialect) }, () => {
    test('a holder whose engine works longer than the lease keeps it by renewing: a retry on another instance waits for its answer', async () => {
      const database = await createTestDatabase(dialect);
      const engine = gatedEngine();
      const a = await buildTestApp(dialect, { database, app: { engineFor: engine.engineFor }, catalogs: {} });
      const b = await buildTestApp(dialect, { database, app: { engineFor: engine.engineFor }, catalogs: {} });
      const claimOf = () => database.storage.db.selectFrom('generation_claims').select(['lease_until', 'done_at']).where('client_message_id', '=', 'lease-msg').executeTakeFirst();
      // Both instances' clocks move together, as wall clocks would.
      const advance = (micros: number) => [a, b].forEach((x) => x.clock.advance(micros));
      try {
        const payload = body({ threadId: 'lease-1', messages: [{ role: 'user', id: 'lease-msg', content: 'пылесос' }] });
        const onA = generate(a.app, payload);
        const first = await until('the claim', claimOf, (c) => c !== undefined && engine.calls === 1);
        advance(8 * SECOND);
        const renewed = await until('a renewal', claimOf, (c) => Number(c?.lease_until) > Number(first!.lease_until));
        // Past the first lease, within the renewed one.
        advance(7 * SECOND);
        assert.ok(Number(first!.lease_until) < a.clock.nowMicros() && a.clock.nowMicros() < Number(renewed!.lease_until));
        const onB = generate(b.app, payload);
        // A retry that took the claim over would call the engine at once; a second is far beyond that.
        await new Promise((r) => setTimeout(r, 1000));
        assert.equal(engine.calls, 1, 'not taken over while its holder renews it');
        engine.open();
        const [resA, resB] = await Promise.all([onA, onB]);
        assert.equal(resA.statusCode, 200, resA.body);
        assert.equal(resB.statusCode, 200, resB.body);
        assert.equal(resB.json().assistantMessageId, resA.json().assistantMessageId);
        assert.equal(engine.calls, 1);
        assert.notEqual((await claimOf())?.done_at, null, 'the claim is kept, marked done');
      } finally {
        engine.open();
        await a.close();
        await b.close();
        await database.dispose();
      }
    });

    test('a holder that stalled past its lease and the request that took its claim over both finish: one answer stored, both answer with it', async () => {
      const database = await createTestDatabase(dialect);
      const engine = gatedEngine();
      const a = await buildTestApp(dialect, { database, app: { engineFor: engine.engineFor }, catalogs: {} });
      const b = await buildTestApp(dialect, { database, app: { engineFor: engine.engineFor }, catalogs: {} });
      try {
        const payload = body({ threadId: 'stall-1', messages: [{ role: 'user', id: 'stall-msg', content: 'утюг' }] });
        const onA = generate(a.app, payload);
        await until('the first engine call', async () => engine.calls, (n) => n === 1);
        // B's clock is past A's lease before A's first renewal (3 s away): to B, A looks dead.
        b.clock.advance(11 * SECOND);
        const onB = generate(b.app, payload);
        await until('the takeover', async () => engine.calls, (n) => n === 2);
        engine.open();
        const [resA, resB] = await Promise.all([onA, onB]);
        assert.equal(resA.statusCode, 200, resA.body);
        assert.equal(resB.statusCode, 200, resB.body);
        assert.equal(resB.json().assistantMessageId, resA.json().assistantMessageId, 'the answer stored first, for both');
        const stored = await database.storage.db.selectFrom('messages').select('role').execute();
        assert.deepEqual(stored.map((m) => m.role).sort(), ['assistant', 'user']);
      } finally {
        engine.open();
        await a.close();
        await b.close();
        await database.dispose();
      }
    });

    test('done claims are kept for a day, then purged by a later turn; the stored answer still answers a retry', async () => {
      const t = await buildTestApp(dialect, { catalogs: {} });
      const claims = () => t.database.storage.db.selectFrom('generation_claims').select('client_message_id').orderBy('client_message_id').execute();
      try {
        const old = body({ threadId: 'purge-1', messages: [{ role: 'user', id: 'purge-old', content: 'чайник' }] });
        const first = await generate(t.app, old);
        assert.equal(first.statusCode, 200);
        t.clock.advance(2 * 3600 * SECOND);
        assert.equal((await generate(t.app, body({ threadId: 'purge-1', messages: [{ role: 'user', id: 'purge-mid', content: 'кофе' }] }))).statusCode, 200);
        assert.deepEqual((await claims()).map((c) => c.client_message_id), ['purge-mid', 'purge-old'], 'kept within a day');
        t.clock.advance(23 * 3600 * SECOND);
        assert.equal((await generate(t.app, body({ threadId: 'purge-1', messages: [{ role: 'user', id: 'purge-new', content: 'тостер' }] }))).statusCode, 200);
        await until('the purge', claims, (rows) => rows.length === 2);
        assert.deepEqual((await claims()).map((c) => c.client_message_id), ['purge-mid', 'purge-new']);
        const retry = await generate(t.app, old);
        assert.equal(retry.statusCode, 200);
        assert.equal(retry.json().assistantMessageId, first.json().assistantMessageId);
      } finally {
        await t.close();
      }
    });
  });
}
