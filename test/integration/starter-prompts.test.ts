/**
 * `POST /shopping/starter-prompts` through HTTP on SQLite and PostgreSQL, row by row of spec
 * 4.9 and 2.10 (and the starter-prompt rows of parts 5, 7 and 8): the guest token, the closed
 * top level, the `ctx` limits, 405 for other methods, `Cache-Control: no-store`, the disabled
 * set, five unique prompts for the page type and the session's history (only with memory on),
 * model-based selection against a fake OpenAI-compatible server, the empty list on timeout or
 * model error, the recorded selection, and no dialog created.
 */
import { describe, test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { DIALECTS, skipFor, createUnreliablePostgres } from '../helpers/storage.ts';
import { postgresSkip } from '../helpers/services.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { answerReply, startFakeOpenAI, transcript, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { rowCount } from '../helpers/rows.ts';

const PROMPTS = [
  { id: 'phones-under-30k', text: 'Смартфон до 30 000 ₽', pageTypes: ['HOMEPAGE', 'CATEGORY', 'SEARCH', 'OTHER'] },
  { id: 'headphones', text: 'Беспроводные наушники с шумоподавлением', pageTypes: ['HOMEPAGE', 'CATEGORY', 'OTHER'] },
  { id: 'coffee', text: 'Кофемашина для дома', pageTypes: ['HOMEPAGE', 'OTHER'] },
  { id: 'gift', text: 'Подарок до 5 000 ₽', pageTypes: ['HOMEPAGE', 'OTHER', 'CART'] },
  { id: 'tv-55', text: 'Телевизор 55 дюймов', pageTypes: ['HOMEPAGE', 'CATEGORY'] },
  { id: 'similar', text: 'Покажи похожие товары', pageTypes: ['PRODUCT'] },
  { id: 'goes-with', text: 'Что к нему подойдёт?', pageTypes: ['PRODUCT', 'CART'] },
  { id: 'cheaper', text: 'Есть дешевле?', pageTypes: ['PRODUCT', 'SEARCH'] },
  { id: 'delivery', text: 'Как работает доставка?', pageTypes: [] },
  { id: 'returns', text: 'Как вернуть товар?', pageTypes: [] },
  { id: 'vacuum', text: 'Робот-пылесос для квартиры', pageTypes: ['HOMEPAGE', 'OTHER'] },
];
const TEXT_OF = new Map(PROMPTS.map((p) => [p.id, p.text]));
const set = (extra: object = {}) => ({ enabled: true, version: 3, prompts: PROMPTS, ...extra });

/** Rule order for OTHER pages: the OTHER prompts in set order, then those for any page. */
const OTHER_ORDER = ['phones-under-30k', 'headphones', 'coffee', 'gift', 'vacuum'];

function tenants(llmBaseUrl: string): unknown[] {
  const llm = { baseUrl: llmBaseUrl, model: 'fake-model', timeoutMs: 5000 };
  return [
    { id: 'sp-memory', name: 'Memory Shop', memory: true, starterPrompts: set() },
    { id: 'sp-nomemory', name: 'Forgetful Shop', memory: false, starterPrompts: set() },
    { id: 'sp-off', name: 'No Prompts Shop', starterPrompts: { enabled: false, prompts: PROMPTS } },
    { id: 'sp-restricted', name: 'Restricted Shop', allowedIps: ['10.0.0.0/8'], starterPrompts: set() },
    // A budget a loaded test machine cannot miss, and a tight one for the timeout row.
    { id: 'sp-llm', name: 'Model Shop', memory: true, engine: { type: 'llm', llm }, starterPrompts: set({ timeoutMs: 5000 }) },
    { id: 'sp-llm-tight', name: 'Hurried Model Shop', engine: { type: 'llm', llm }, starterPrompts: set({ timeoutMs: 300 }) },
  ];
}

type Headers = Record<string, string>;

for (const dialect of DIALECTS) {
  describe(`starter prompts [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    let fake: FakeOpenAI;
    let n = 0;
    /** A fresh guest of a tenant (one session per resource); its token. */
    const guest = async (tenant = 'sp-memory') => (await buyer(tenant)).token;
    const buyer = async (tenant = 'sp-memory') => {
      const resourceId = `buyer-${dialect}-${++n}`;
      return { resourceId, token: await registerGuest(t.app, tenant, resourceId) };
    };
    const post = (headers: Headers, payload?: unknown, remoteAddress?: string): Promise<LightMyRequestResponse> =>
      t.app.inject({
        method: 'POST',
        url: '/shopping/starter-prompts',
        headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
        ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    const ids = (res: LightMyRequestResponse) => (res.json().prompts as Array<{ id: string }>).map((p) => p.id);
    const count = (table: 'dialogs' | 'messages' | 'starter_prompt_selections') => rowCount(t.database.storage.db, table);
    const say = async (token: string, tenant: string, resourceId: string, threadId: string, text: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/shopping/generate',
        headers: auth(token),
        payload: { threadId, resourceId, messages: [{ role: 'user', content: text }], runtimeContext: { tenant_id: tenant } },
      });
      assert.equal(res.statusCode, 200, res.body);
    };
    before(async () => {
      fake = await startFakeOpenAI();
      t = await buildTestApp(dialect, { tenants: tenants(fake.baseUrl), env: NO_RATE_LIMITS });
    });
    after(async () => {
      await t.close();
      await fake.close();
    });
    beforeEach(() => {
      fake.reset();
      fake.otherwise = null;
    });

    // Part 5 and 7: the guest token is required; section and user come from it.
    test('401 GUEST_TOKEN_REQUIRED without a token', async () => {
      const res = await post({}, {});
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().code, 'GUEST_TOKEN_REQUIRED');
    });

    test('401 INVALID_GUEST_TOKEN for an unknown, malformed or revoked token, and for a static API key', async () => {
      const revoked = await guest();
      await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: auth(revoked) });
      for (const header of [`Bearer gst_${'A'.repeat(43)}`, 'Bearer gst_short', `Bearer ${revoked}`, 'Bearer sk-static-platform-api-key']) {
        const res = await post({ authorization: header }, {});
        assert.equal(res.statusCode, 401, header);
        assert.equal(res.json().code, 'INVALID_GUEST_TOKEN');
      }
    });

    test('403 IP_NOT_ALLOWED outside the section allow-list; allowed addresses get prompts', async () => {
      const token = (
        await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', payload: { tenant_id: 'sp-restricted', resourceId: `r-${dialect}` }, remoteAddress: '10.1.2.3' })
      ).json().accessToken as string;
      const denied = await post(auth(token), {}, '203.0.113.7');
      assert.equal(denied.statusCode, 403);
      assert.equal(denied.json().code, 'IP_NOT_ALLOWED');
      const allowed = await post(auth(token), {}, '10.9.9.9');
      assert.equal(allowed.statusCode, 200);
      assert.equal(allowed.json().prompts.length, 5);
    });

    // 2.10: the response.
    test('enabled: selectionId (UUID), promptSetVersion, exactly five unique {id, text} prompts; Cache-Control: no-store', async () => {
      const token = await guest();
      const res = await post(auth(token), {});
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['cache-control'], 'no-store');
      const body = res.json();
      assert.deepEqual(Object.keys(body).sort(), ['enabled', 'promptSetVersion', 'prompts', 'selectionId']);
      assert.equal(body.enabled, true);
      assert.match(body.selectionId, /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.equal(body.promptSetVersion, 3);
      assert.ok(Number.isInteger(body.promptSetVersion));
      assert.equal(body.prompts.length, 5);
      assert.equal(new Set(ids(res)).size, 5);
      for (const p of body.prompts) {
        assert.deepEqual(Object.keys(p).sort(), ['id', 'text']);
        assert.equal(p.text, TEXT_OF.get(p.id));
      }
      const again = await post(auth(token), {});
      assert.notEqual(again.json().selectionId, body.selectionId, 'every selection has its own id');
    });

    test('a disabled set answers {enabled: false} only, with no-store, and records nothing', async () => {
      const token = await guest('sp-off');
      const before = await count('starter_prompt_selections');
      const res = await post(auth(token), { ctx: { type: 'HOMEPAGE' } });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { enabled: false });
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(await count('starter_prompt_selections'), before);
    });

    // 4.9: the body.
    const accepted: Array<[string, unknown]> = [
      ['{}', {}],
      ['no body at all', undefined],
      ['ctx null', { ctx: null }],
      ['an empty ctx', { ctx: {} }],
      ['a full ctx', { ctx: { type: 'PRODUCT', data: ['101001'], lng: 'msk', location: 'https://shop.example/p/101001' } }],
      ['lng and location null', { ctx: { type: 'HOMEPAGE', lng: null, location: null } }],
      ['extra fields inside ctx', { ctx: { type: 'CART', data: [{ sku: '101001', qty: 2 }], attributes: { storeId: 's-1' }, anything: { nested: [1, 2] } } }],
      ['any data shape', { ctx: { type: 'SEARCH', data: { query: 'наушники', page: 2 } } }],
      ['type at 100 characters', { ctx: { type: 'X'.repeat(100) } }],
      ['lng at 100 characters', { ctx: { lng: 'l'.repeat(100) } }],
      ['location at 500 characters', { ctx: { location: 'l'.repeat(500) } }],
    ];
    for (const [name, payload] of accepted) {
      test(`200 with five prompts for ${name}`, async () => {
        const token = await guest();
        const res = await post(auth(token), payload);
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.json().prompts.length, 5);
      });
    }

    const refused: Array<[string, unknown]> = [
      ['tenant_id', { tenant_id: 'sp-memory' }],
      ['tenantId', { tenantId: 'sp-memory' }],
      ['resourceId', { resourceId: 'someone' }],
      ['threadId', { threadId: 't-1' }],
      ['messages', { messages: [] }],
      ['runtimeContext', { runtimeContext: { tenant_id: 'sp-memory' } }],
      ['an unknown top-level field', { ctx: {}, locale: 'ru' }],
      ['ctx.type over 100 characters', { ctx: { type: 'X'.repeat(101) } }],
      ['ctx.lng over 100 characters', { ctx: { lng: 'l'.repeat(101) } }],
      ['ctx.location over 500 characters', { ctx: { location: 'l'.repeat(501) } }],
      ['a non-string ctx.type', { ctx: { type: 5 } }],
      ['a non-string ctx.lng', { ctx: { lng: 7 } }],
      ['a ctx that is a string', { ctx: 'HOMEPAGE' }],
      ['a ctx that is an array', { ctx: [] }],
      ['a body that is an array', []],
      ['a body that is a string', '"ctx"'],
      ['malformed JSON', '{"ctx": {'],
    ];
    for (const [name, payload] of refused) {
      test(`400 INVALID_REQUEST for ${name}`, async () => {
        const token = await guest();
        const res = await post(auth(token), payload);
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().code, 'INVALID_REQUEST');
        assert.equal(res.headers['cache-control'], 'no-store');
      });
    }

    test('the serialised ctx may be 32,000 characters, not one more', async () => {
      const token = await guest();
      const overhead = JSON.stringify({ location: null, data: '' }).length;
      const exact = { location: null, data: 'd'.repeat(32_000 - overhead) };
      assert.equal(JSON.stringify(exact).length, 32_000);
      assert.equal((await post(auth(token), { ctx: exact })).statusCode, 200);
      const over = { ...exact, data: `${exact.data}d` };
      const res = await post(auth(token), { ctx: over });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().code, 'INVALID_REQUEST');
      // Characters, not bytes: 16,000 two-byte letters are well within the limit.
      assert.equal((await post(auth(token), { ctx: { data: 'ж'.repeat(31_000) } })).statusCode, 200);
    });

    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH'] as const) {
      test(`405 for ${method}, with Allow: POST`, async () => {
        const token = await guest();
        const res = await t.app.inject({ method, url: '/shopping/starter-prompts', headers: auth(token) });
        assert.equal(res.statusCode, 405);
        assert.equal(res.headers.allow, 'POST');
      });
    }

    test('a CORS preflight needs no token and names POST', async () => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/shopping/starter-prompts',
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      assert.equal(res.statusCode, 204);
      assert.equal(res.headers['access-control-allow-methods'], 'POST');
      assert.match(String(res.headers['access-control-allow-headers']), /Authorization/i);
    });

    // 4.9: the choice.
    test('prompts for the page type: PRODUCT prompts first; HOMEPAGE; unknown or missing type is OTHER', async () => {
      const token = await guest('sp-nomemory');
      assert.deepEqual(ids(await post(auth(token), { ctx: { type: 'PRODUCT', data: ['101001'] } })), ['similar', 'goes-with', 'cheaper', 'delivery', 'returns']);
      assert.deepEqual(ids(await post(auth(token), { ctx: { type: 'HOMEPAGE' } })), ['phones-under-30k', 'headphones', 'coffee', 'gift', 'tv-55']);
      assert.deepEqual(ids(await post(auth(token), { ctx: { type: 'CART' } })), ['gift', 'goes-with', 'delivery', 'returns', 'phones-under-30k']);
      for (const payload of [{}, { ctx: null }, { ctx: { type: 'OTHER' } }, { ctx: { type: 'LANDING' } }, { ctx: { type: 'product' } }]) {
        assert.deepEqual(ids(await post(auth(token), payload)), OTHER_ORDER, JSON.stringify(payload));
      }
    });

    test('each selection is recorded (id, session, version, page type, prompt ids), and no dialog is created', async () => {
      const token = await guest();
      const [dialogs, messages] = [await count('dialogs'), await count('messages')];
      const res = await post(auth(token), { ctx: { type: 'SOMETHING_NEW' } });
      const body = res.json();
      const row = await t.database.storage.db.selectFrom('starter_prompt_selections').selectAll().where('id', '=', body.selectionId).executeTakeFirstOrThrow();
      const session = await t.database.storage.db.selectFrom('guest_sessions').select(['id', 'tenant_id']).where('id', '=', row.session_id).executeTakeFirstOrThrow();
      assert.equal(session.tenant_id, 'sp-memory');
      assert.equal(row.tenant_id, 'sp-memory');
      assert.equal(Number(row.prompt_set_version), 3);
      assert.equal(row.page_type, 'OTHER');
      assert.deepEqual(JSON.parse(row.prompt_ids), ids(res));
      assert.equal(await count('dialogs'), dialogs, 'no dialog');
      assert.equal(await count('messages'), messages, 'no message');
    });

    test('with memory on, the session history reorders: words the buyer used rise, prompts already sent sink', async () => {
      const { token, resourceId } = await buyer('sp-memory');
      await say(token, 'sp-memory', resourceId, 'h-1', 'Нужен робот-пылесос для квартиры с животными');
      assert.equal(ids(await post(auth(token), {}))[0], 'vacuum', 'the buyer asked about robot vacuums');
      await say(token, 'sp-memory', resourceId, 'h-2', 'Покажи похожие товары');
      assert.deepEqual(ids(await post(auth(token), { ctx: { type: 'PRODUCT' } })), ['goes-with', 'cheaper', 'similar', 'delivery', 'returns']);
    });

    test('with memory off, past dialogs are not used', async () => {
      const { token, resourceId } = await buyer('sp-nomemory');
      await say(token, 'sp-nomemory', resourceId, 'h-1', 'Нужен робот-пылесос для квартиры');
      assert.deepEqual(ids(await post(auth(token), {})), OTHER_ORDER);
    });

    test("history is limited to the current guest session: another buyer's dialogs do not count", async () => {
      const other = await buyer('sp-memory');
      await say(other.token, 'sp-memory', other.resourceId, 'x-1', 'Нужен робот-пылесос для квартиры');
      const token = await guest('sp-memory');
      assert.deepEqual(ids(await post(auth(token), {})), OTHER_ORDER);
    });

    test('a hidden dialog no longer shapes the prompts', async () => {
      const { token, resourceId } = await buyer('sp-memory');
      await say(token, 'sp-memory', resourceId, 'hide-1', 'Нужен робот-пылесос для квартиры');
      assert.equal(ids(await post(auth(token), {}))[0], 'vacuum');
      assert.equal((await t.app.inject({ method: 'DELETE', url: '/shopping/dialogs/hide-1', headers: auth(token) })).statusCode, 204);
      assert.deepEqual(ids(await post(auth(token), {})), OTHER_ORDER);
    });

    // Model-based selection.
    test("with a model: the model's five in its order; it sees the candidates, the page and (memory on) the session's messages", async () => {
      const { token, resourceId } = await buyer('sp-llm');
      fake.enqueue(answerReply({ text: 'Вот кофемашины.' }));
      await say(token, 'sp-llm', resourceId, 'm-1', 'ищу кофемашину');
      fake.reset();
      fake.enqueue({ text: '```json\n{"ids": ["returns", "delivery", "coffee", "gift", "tv-55"]}\n```' });
      const res = await post(auth(token), { ctx: { type: 'PRODUCT', data: ['101001'] } });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(ids(res), ['returns', 'delivery', 'coffee', 'gift', 'tv-55']);
      assert.equal(fake.requests.length, 1);
      const seen = transcript(fake.requests[0]!);
      assert.match(seen, /Page type: PRODUCT/);
      assert.match(seen, /Samsung Galaxy S24/, 'the page product by name');
      assert.match(seen, /ищу кофемашину/);
      for (const p of PROMPTS) {
        assert.ok(seen.includes(p.id), p.id);
      }
    });

    test('with a model naming fewer than five known prompts, the rule ranking completes the five', async () => {
      const token = await guest('sp-llm');
      fake.enqueue({ text: '{"ids": ["returns", "no-such-prompt", "returns", "coffee"]}' });
      assert.deepEqual(ids(await post(auth(token), {})), ['returns', 'coffee', 'phones-under-30k', 'headphones', 'gift']);
    });

    const failures: Array<[string, string, () => void]> = [
      ['a model timeout', 'sp-llm-tight', () => fake.enqueue({ hang: true })],
      ['a model error', 'sp-llm', () => fake.enqueue({ status: 503 })],
      ['a reply naming no prompt', 'sp-llm', () => fake.enqueue({ text: 'I would show the phones.' })],
    ];
    for (const [name, tenant, script] of failures) {
      test(`${name}: enabled, selectionId, version and an empty list (no stand-in prompts), recorded`, async () => {
        const token = await guest(tenant);
        script();
        const started = performance.now();
        const res = await post(auth(token), { ctx: { type: 'HOMEPAGE' } });
        assert.equal(res.statusCode, 200, res.body);
        const body = res.json();
        assert.equal(body.enabled, true);
        assert.match(body.selectionId, /^[0-9a-f-]{36}$/);
        assert.equal(body.promptSetVersion, 3);
        assert.deepEqual(body.prompts, []);
        assert.ok(performance.now() - started < 3000, 'within the time budget');
        const row = await t.database.storage.db.selectFrom('starter_prompt_selections').select('prompt_ids').where('id', '=', body.selectionId).executeTakeFirstOrThrow();
        assert.deepEqual(JSON.parse(row.prompt_ids), []);
        assert.doesNotMatch(t.logText(), /Смартфон до 30 000/, 'no prompt or message text in the log');
      });
    }
  });
}

describe('starter prompts when the database stops answering', { skip: postgresSkip }, () => {
  test('503 AUTH_STORAGE_UNAVAILABLE while it is away', async () => {
    const database = await createUnreliablePostgres();
    const { proxy } = database;
    const t = await buildTestApp('postgres', { tenants: [{ id: 'sp', name: 'Shop', starterPrompts: set() }], database });
    try {
      const token = await registerGuest(t.app, 'sp', 'away-1');
      await proxy.stop();
      const res = await t.app.inject({ method: 'POST', url: '/shopping/starter-prompts', headers: { ...auth(token), 'content-type': 'application/json' }, payload: '{}' });
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().code, 'AUTH_STORAGE_UNAVAILABLE');
      await proxy.start();
      const back = await t.app.inject({ method: 'POST', url: '/shopping/starter-prompts', headers: { ...auth(token), 'content-type': 'application/json' }, payload: '{}' });
      assert.equal(back.statusCode, 200);
    } finally {
      await t.app.close();
      await database.dispose();
    }
  });
});
