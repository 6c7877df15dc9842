/**
 * What every endpoint shares: CORS preflights, 404/405 answers, the error body shape,
 * the OpenAPI document, and logs that never contain tokens, their hashes or cursors.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { assertEvery } from '../helpers/assert.ts';

describe('HTTP layer', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp('sqlite', { env: NO_RATE_LIMITS });
  });
  after(() => t.close());

  test('a CORS preflight needs no token and allows Authorization and the methods of that path', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/shopping/guest-sessions/revoke',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    assert.equal(res.statusCode, 204);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.match(String(res.headers['access-control-allow-headers']), /Authorization/);
    assert.equal(res.headers['access-control-allow-methods'], 'POST');
  });

  test('simple CORS responses carry the allow-origin header and expose Retry-After', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', headers: { origin: 'https://shop.example' }, payload: { tenant_id: 'shop-a', resourceId: 'cors-1' } });
    assert.equal(res.statusCode, 201);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.match(String(res.headers['access-control-expose-headers']), /Retry-After/);
  });

  test('an unknown path is a JSON 404; a known path with another method is a 405 with Allow', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/no/such/path' });
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(Object.keys(missing.json()).sort(), ['code', 'error', 'message', 'statusCode']);
    const wrongMethod = await t.app.inject({ method: 'GET', url: '/shopping/guest-sessions' });
    assert.equal(wrongMethod.statusCode, 405);
    assert.equal(wrongMethod.headers.allow, 'POST');
    assert.equal(wrongMethod.json().code, 'METHOD_NOT_ALLOWED');
  });

  test('an oversized body is a 413, never a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ tenant_id: 'shop-a', resourceId: 'x'.repeat(2 * 1024 * 1024) }) });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().code, 'BODY_TOO_LARGE');
  });

  test('errors carry no stack trace, SQL or internal names', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', headers: { 'content-type': 'application/json' }, payload: '{"tenant_id": "shop-a", "resourceId": ' });
    assert.equal(res.statusCode, 400);
    assert.doesNotMatch(res.body, /at \w+ \(|select |insert |FST_ERR|node_modules/i);
  });

  test('/openapi.json is OpenAPI 3.1 with the guest-session paths; /docs serves the interactive page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.equal(doc.openapi, '3.1.0');
    assert.ok(doc.paths['/shopping/guest-sessions'].post);
    assert.ok(doc.paths['/shopping/guest-sessions/revoke'].post);
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<html/i);
  });

  test('the log of a register → use → revoke round, failures included, holds neither the token nor its hash', async () => {
    const token = await registerGuest(t.app, 'shop-a', 'log-user');
    const hash = createHash('sha256').update(token).digest('hex');
    await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', payload: { tenant_id: 'shop-a', resourceId: 'log-user' } }); // 409
    await t.app.inject({ method: 'POST', url: `/shopping/guest-sessions/revoke?token=${token}` }); // 401, token in the URL
    await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: { authorization: `Bearer ${token}x` } }); // 401
    await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: auth(token) }); // 204
    await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: auth(token) }); // 204
    const log = t.logText();
    assert.match(log, /guest-sessions\/revoke/, 'the requests were logged');
    assert.ok(!log.includes(token), 'token absent');
    assert.ok(!log.includes(token.slice(4)), 'token body absent');
    assert.ok(!log.includes(hash), 'hash absent');
    assert.ok(!log.includes('log-user'), 'resource id absent');
  });
});

describe('request log lines', () => {
  const lines = (text: string) => text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);

  test('each answered request writes one line: its id, method, route pattern, status and time', async () => {
    const t = await buildTestApp('sqlite', { env: NO_RATE_LIMITS });
    try {
      const token = await registerGuest(t.app, 'shop-a', 'line-user');
      await t.app.inject({ method: 'GET', url: '/shopping/dialogs?limit=5', headers: auth(token) });
      const completed = lines(t.logText()).filter((l) => l.msg === 'request completed');
      assert.equal(completed.length, 2);
      const list = completed[1]!;
      assert.deepEqual(list.req, { method: 'GET', route: '/shopping/dialogs', id: list.reqId });
      assert.deepEqual(list.res, { statusCode: 200 });
      assert.equal(typeof list.ms, 'number');
      assert.equal(list.level, 30);
      assert.notEqual(completed[0]!.reqId, list.reqId, 'each request has its own id');
      assert.ok(!t.logText().includes('line-user'), 'no resource id');
    } finally {
      await t.close();
    }
  });

  test('at debug level the arrival is logged too, with the same request id as the answer', async () => {
    const t = await buildTestApp('sqlite', { env: { ...NO_RATE_LIMITS, LOG_LEVEL: 'debug' } });
    try {
      await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', payload: { tenant_id: 'shop-a', resourceId: 'debug-line' } });
      const all = lines(t.logText());
      const received = all.filter((l) => l.msg === 'request received');
      const completed = all.filter((l) => l.msg === 'request completed');
      assert.equal(received.length, 1);
      assert.equal(completed.length, 1);
      assert.equal(received[0]!.reqId, completed[0]!.reqId);
      assert.deepEqual(received[0]!.req, { method: 'POST', route: '/shopping/guest-sessions', id: completed[0]!.reqId });
    } finally {
      await t.close();
    }
  });

  test('a request that fails on the server is logged as an error with its id, without the driver details', async () => {
    const t = await buildTestApp('sqlite', {
      env: NO_RATE_LIMITS,
      beforeReady: (app) => {
        app.get('/probe/fails', async () => {
          throw Object.assign(new Error('boom'), { detail: 'Key (resource_id)=(secret-value) exists' });
        });
      },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/probe/fails' });
      assert.equal(res.statusCode, 500);
      const errored = lines(t.logText()).filter((l) => l.level === 50);
      assertEvery(errored, (l) => typeof l.reqId === 'string', 'error lines carry the request id');
      assert.ok(!t.logText().includes('secret-value'));
    } finally {
      await t.close();
    }
  });
});
