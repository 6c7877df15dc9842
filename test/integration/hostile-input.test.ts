/**
 * What a careless or hostile client sends that no database can store faithfully, nests
 * deeper than anything needs, or is larger than allowed: each is a clear 4xx with the
 * endpoint's own code or message, on both databases, and changes nothing.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { generate, readHistory } from '../helpers/dialogs.ts';
import { requestTableCounts } from '../helpers/rows.ts';

/** Values neither database can store as sent: U+0000, and UTF-16 surrogates without their other half. */
const UNSTORABLE = [
  ['a NUL character', 'id\u0000x'],
  ['an unpaired high surrogate', 'id\uD800x'],
  ['an unpaired low surrogate', 'x\uDC00'],
] as const;


function assertRefused(res: LightMyRequestResponse, status: number, expected: { code?: string; message?: string }, what: string): void {
  assert.equal(res.statusCode, status, `${what}: ${res.statusCode} ${res.body}`);
  const body = res.json() as { code: string; message: string };
  if (expected.code) {
    assert.equal(body.code, expected.code, what);
  }
  if (expected.message) {
    assert.equal(body.message, expected.message, what);
  }
  assert.equal(res.headers['cache-control'], 'no-store', what);
}

/** `depth` arrays inside one another, as JSON text (built as text: JSON.stringify itself would recurse). */
const nestedArrays = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);

for (const dialect of DIALECTS) {
  describe(`hostile input (${dialect})`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    let token: string;
    before(async () => {
      t = await buildTestApp(dialect, { env: NO_RATE_LIMITS });
      token = await registerGuest(t.app, 'shop-a', 'hostile-guest');
      await generate(t, { resourceId: 'hostile-guest', threadId: 'guest-thread', token, content: 'привет' });
    });
    after(() => t.close());

    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

    for (const [name, bad] of UNSTORABLE) {
      test(`${name} in any identifier or text is the endpoint's own 400 and stores nothing`, async () => {
        const before = await requestTableCounts(t.database.storage.db);
        const generateBody = (patch: Record<string, unknown>, message: Record<string, unknown> = {}, tenant = 'shop-a') => ({
          threadId: 'th-1',
          resourceId: 'res-1',
          messages: [{ role: 'user', content: 'чайник', ...message }],
          runtimeContext: { tenant_id: tenant },
          ...patch,
        });
        const generationCases: Array<[string, unknown]> = [
          ['threadId', generateBody({ threadId: bad })],
          ['resourceId', generateBody({ resourceId: bad })],
          ['tenant_id', generateBody({}, {}, bad)],
          ['message id', generateBody({}, { id: bad })],
          ['message text', generateBody({}, { content: `чайник ${bad}` })],
          ['text part', generateBody({}, { content: [{ type: 'text', text: bad }] })],
          ['page type', generateBody({ runtimeContext: { tenant_id: 'shop-a', ctx: { type: bad } } })],
          ['storeId', generateBody({ runtimeContext: { tenant_id: 'shop-a', ctx: { attributes: { storeId: bad } } } })],
        ];
        for (const [field, payload] of generationCases) {
          const res = await post('/shopping/generate', payload);
          assertRefused(res, 400, { code: 'INVALID_REQUEST' }, `generate, ${field}`);
          assert.match(res.json().message, /NUL character or an unpaired surrogate/, `generate, ${field}: the message says what is wrong`);
        }

        for (const field of ['tenant_id', 'resourceId']) {
          const res = await post('/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'fresh', [field]: bad });
          assertRefused(res, 400, { message: 'Invalid request body' }, `registration, ${field}`);
        }
        for (const field of ['tenant_id', 'resourceId', 'threadId']) {
          const res = await readHistory(t, { tenant_id: 'shop-a', resourceId: 'hostile-guest', threadId: 'guest-thread', [field]: bad }, { token });
          assertRefused(res, 400, { code: 'INVALID_REQUEST' }, `history, ${field}`);
        }
        for (const field of ['tenant_id', 'resourceId', 'threadId', 'messageId']) {
          const payload = { tenant_id: 'shop-a', resourceId: 'res-1', threadId: 'th-1', messageId: 'm-1', reaction: 'like', [field]: bad };
          const put = await t.app.inject({ method: 'PUT', url: '/shopping/feedback', payload });
          assertRefused(put, 400, { code: 'INVALID_REQUEST' }, `PUT feedback, ${field}`);
        }
        for (const field of ['user_id', 'dialog_id', 'through_message_id']) {
          const res = await post('/dialogs/share', { user_id: 'res-1', dialog_id: 'th-1', [field]: bad });
          assertRefused(res, 400, { code: 'INVALID_REQUEST' }, `share, ${field}`);
        }
        for (const field of ['user_id', 'dialog_id']) {
          const res = await post('/dialogs/share/revoke', { user_id: 'res-1', dialog_id: 'th-1', share_token: 'x', [field]: bad });
          assertRefused(res, 400, { code: 'INVALID_REQUEST' }, `revoke, ${field}`);
        }
        const starter = await post('/shopping/starter-prompts', { ctx: { type: bad } }, auth(token));
        assertRefused(starter, 400, { code: 'INVALID_REQUEST' }, 'starter prompts, ctx.type');

        assert.deepEqual(await requestTableCounts(t.database.storage.db), before, 'nothing was stored');
      });
    }

    test('a NUL in a query parameter or a path is refused as the spec says for that endpoint', async () => {
      const before = await requestTableCounts(t.database.storage.db);
      for (const field of ['tenant_id', 'resourceId', 'threadId', 'messageId']) {
        const query = new URLSearchParams({ tenant_id: 'shop-a', resourceId: 'r', threadId: 't', messageId: 'm', reaction: 'like', [field]: 'x\u0000y' });
        const res = await t.app.inject({ method: 'GET', url: `/shopping/feedback?${query}` });
        assertRefused(res, 400, { message: 'Invalid request query' }, `GET feedback, ${field}`);
      }
      const hide = await t.app.inject({ method: 'DELETE', url: '/shopping/dialogs/guest%00thread', headers: auth(token) });
      assertRefused(hide, 400, { code: 'INVALID_REQUEST' }, 'hide');
      // A public read gives one answer for every link that is not available, malformed ones included.
      const read = await t.app.inject({ method: 'GET', url: '/dialogs/shared/abc%00def' });
      assertRefused(read, 404, { code: 'SHARE_NOT_FOUND' }, 'public read');
      for (const url of ['/dialogs/shared/%E0%A4%A', '/dialogs/shared/abc%ZZ?x=1']) {
        assertRefused(await t.app.inject({ method: 'GET', url }), 404, { code: 'SHARE_NOT_FOUND' }, `public read of ${url}`);
      }
      const page = await t.app.inject({ method: 'GET', url: '/s/%E0%A4%A' });
      assert.equal(page.statusCode, 404, 'the human page of a malformed link is the unavailable page');
      const list = await t.app.inject({ method: 'GET', url: '/shopping/dialogs?cursor=%00', headers: auth(token) });
      assert.equal(list.statusCode, 400, `dialog list: ${list.body}`);
      assert.deepEqual(await requestTableCounts(t.database.storage.db), before);
    });

    test('two threadIds that differ only in an unpaired surrogate never become one dialog', async () => {
      const paired = await generate(t, { resourceId: 'surrogates', threadId: 'th-\uD83D\uDE00', content: 'первый диалог' });
      assert.equal(paired.threadId, 'th-\uD83D\uDE00', 'a whole emoji is an ordinary character');
      for (const lone of ['th-\uD83D', 'th-\uDE00', 'th-\uD83E']) {
        const res = await post('/shopping/generate', { threadId: lone, resourceId: 'surrogates', messages: [{ role: 'user', content: 'второй диалог' }], runtimeContext: { tenant_id: 'shop-a' } });
        assertRefused(res, 400, { code: 'INVALID_REQUEST' }, `threadId ${JSON.stringify(lone)}`);
      }
      const history = await readHistory(t, { tenant_id: 'shop-a', resourceId: 'surrogates', threadId: 'th-\uD83D\uDE00' });
      assert.equal(history.statusCode, 200);
      assert.deepEqual(
        (history.json().items as Array<{ role: string; content: unknown }>).filter((m) => m.role === 'user').map((m) => m.content),
        ['первый диалог'],
        'the first dialog holds only its own conversation',
      );
    });

    test('request JSON nested thousands of levels deep is a 400 before anything walks it', async () => {
      const before = await requestTableCounts(t.database.storage.db);
      const generationText = (data: string) =>
        `{"threadId":"deep","resourceId":"deep","messages":[{"role":"user","content":"чайник"}],"runtimeContext":{"tenant_id":"shop-a","ctx":{"type":"SEARCH","data":${data}}}}`;
      const json = { 'content-type': 'application/json' };
      for (const depth of [33, 10_000, 200_000]) {
        const gen = await t.app.inject({ method: 'POST', url: '/shopping/generate', headers: json, payload: generationText(nestedArrays(depth)) });
        assertRefused(gen, 400, { code: 'INVALID_REQUEST' }, `generate, ctx.data ${depth} deep`);
        assert.match(gen.json().message, /nested more than 32 levels/);
        const objects = `{"threadId":"deep","resourceId":"deep","messages":[{"role":"user","content":"x"}],"runtimeContext":{"tenant_id":"shop-a","ctx":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}}`;
        assertRefused(await t.app.inject({ method: 'POST', url: '/shopping/generate', headers: json, payload: objects }), 400, { code: 'INVALID_REQUEST' }, `generate, ctx ${depth} deep`);
        const starter = await t.app.inject({ method: 'POST', url: '/shopping/starter-prompts', headers: { ...json, ...auth(token) }, payload: `{"ctx":{"type":"HOMEPAGE","data":${nestedArrays(depth)}}}` });
        assertRefused(starter, 400, { code: 'INVALID_REQUEST' }, `starter prompts, ${depth} deep`);
        const register = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', headers: json, payload: `{"tenant_id":"shop-a","resourceId":${nestedArrays(depth, '"x"')}}` });
        assertRefused(register, 400, { message: 'Invalid request body' }, `registration, ${depth} deep`);
      }
      assert.deepEqual(await requestTableCounts(t.database.storage.db), before, 'nothing was stored');

      // Page data a real shop sends nests a few levels; brackets inside strings are text, not nesting.
      const shallow = await t.app.inject({ method: 'POST', url: '/shopping/generate', headers: json, payload: generationText(nestedArrays(20, '"чайник"')) });
      assert.equal(shallow.statusCode, 200, shallow.body);
      const bracketsInText = await t.app.inject({ method: 'POST', url: '/shopping/generate', headers: json, payload: generationText(JSON.stringify(`${'[{'.repeat(5000)} \\" ]]`)) });
      assert.equal(bracketsInText.statusCode, 200, bracketsInText.body);
    });

    test('a preflight for the dialog list allows GET and DELETE; 405 answers keep each path its own methods', async () => {
      const preflight = (url: string) =>
        t.app.inject({ method: 'OPTIONS', url, headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' } });
      assert.equal((await preflight('/shopping/dialogs')).headers['access-control-allow-methods'], 'DELETE, GET');
      assert.equal((await preflight('/shopping/dialogs?limit=5')).headers['access-control-allow-methods'], 'DELETE, GET');
      assert.equal((await preflight('/shopping/dialogs/some-thread')).headers['access-control-allow-methods'], 'DELETE');
      assert.equal((await preflight('/dialogs/share')).headers['access-control-allow-methods'], 'POST', 'a path without items keeps its own');
      assert.equal((await preflight('/shopping/guest-sessions')).headers['access-control-allow-methods'], 'POST');
      const wrong = await t.app.inject({ method: 'DELETE', url: '/shopping/dialogs', headers: auth(token) });
      assert.equal(wrong.statusCode, 405);
      assert.equal(wrong.headers.allow, 'GET');
    });
  });
}

/** Sends a whole request before reading anything back, as most clients do, and returns what came back. */
function sendWholeThenRead(port: number, path: string, bodyBytes: number): Promise<{ head: string; body: string; closed: boolean; error?: string }> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (closed: boolean, error?: string) => {
      if (settled) {
        return;
      }
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ head: split === -1 ? text : text.slice(0, split), body: split === -1 ? '' : text.slice(split + 4), closed, ...(error ? { error } : {}) });
    };
    const timer = setTimeout(() => finish(false, 'timed out'), 20_000);
    // Reading starts only once everything is written (the client is "busy sending").
    socket.pause();
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => finish(true));
    socket.on('error', (err: NodeJS.ErrnoException) => finish(false, err.code ?? err.message));
    socket.on('connect', () => {
      const body = Buffer.alloc(bodyBytes, 0x20);
      body[0] = 0x7b; // "{ ... " (never parsed)
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bodyBytes}\r\n\r\n`);
      socket.write(body, () => socket.resume());
    });
  });
}

describe('bodies over the limit on a real socket', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await buildTestApp('sqlite', { env: NO_RATE_LIMITS });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  after(() => t.close());

  for (const [path, size] of [
    ['/shopping/guest-sessions', 3 * 1024 * 1024],
    ['/shopping/history', 5 * 1024 * 1024],
    ['/shopping/generate', 9 * 1024 * 1024],
  ] as const) {
    test(`a ${size / 1024 / 1024} MiB body sent whole to ${path} is answered 413, then the connection closes`, async () => {
      const res = await sendWholeThenRead(port, path, size);
      assert.equal(res.error, undefined, `the client saw ${res.error} instead of an answer`);
      assert.match(res.head, /^HTTP\/1\.1 413 /);
      assert.match(res.head, /\r\ncache-control: no-store\r\n/i);
      assert.match(res.head, /\r\nconnection: close\r\n/i);
      assert.equal(JSON.parse(res.body).code, 'BODY_TOO_LARGE');
      assert.ok(res.closed, 'the server closed the connection after answering');
    });
  }

  test('the instance goes on answering after refusing large bodies', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    assert.equal(res.status, 200);
  });
});
