/**
 * Spec 2.1, 3.1, 4.1, 4.2 through HTTP on SQLite and PostgreSQL: registration,
 * its validation and refusals, revocation, and what is (not) stored.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { MICROS_PER_DAY } from '../../src/clock.ts';

const register = (t: TestApp, payload: unknown, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', payload: payload as object, ...extra });

for (const dialect of DIALECTS) {
  describe(`guest sessions [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect, { env: NO_RATE_LIMITS });
    });
    after(() => t.close());

    test('registration returns a Bearer gst_ token, a UUID session id and a 30-day expiry in ms precision', async () => {
      const now = t.clock.nowMicros();
      const res = await register(t, { tenant_id: 'shop-a', resourceId: 'user-1' });
      assert.equal(res.statusCode, 201);
      assert.equal(res.headers['cache-control'], 'no-store');
      const body = res.json();
      assert.deepEqual(Object.keys(body).sort(), ['accessToken', 'expiresAt', 'resourceId', 'sessionId', 'tokenType']);
      assert.match(body.accessToken, /^gst_[A-Za-z0-9_-]{43}$/);
      assert.equal(Buffer.from(body.accessToken.slice(4), 'base64url').length, 32);
      assert.match(body.sessionId, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      assert.equal(body.tokenType, 'Bearer');
      assert.equal(body.resourceId, 'user-1');
      assert.match(body.expiresAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const expiry = Date.parse(body.expiresAt) * 1000;
      assert.ok(Math.abs(expiry - (now + 30 * MICROS_PER_DAY)) < 5000, 'expiry is 30 days from now');
    });

    test('only the SHA-256 of the token is stored', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'user-hash');
      const rows = await t.database.storage.db.selectFrom('guest_sessions').selectAll().where('resource_id', '=', 'user-hash').execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.token_hash, createHash('sha256').update(token).digest('hex'));
      assert.ok(!JSON.stringify(rows).includes(token));
    });

    test('a 512-character tenant-scoped resource id is accepted; 513 is not', async () => {
      assert.equal((await register(t, { tenant_id: 'shop-a', resourceId: 'r'.repeat(512) })).statusCode, 201);
      const res = await register(t, { tenant_id: 'shop-a', resourceId: 'r'.repeat(513) });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().message, 'Invalid request body');
    });

    const badBodies: Array<[string, unknown]> = [
      ['missing resourceId', { tenant_id: 'shop-a' }],
      ['missing tenant_id', { resourceId: 'x' }],
      ['empty resourceId', { tenant_id: 'shop-a', resourceId: '' }],
      ['empty tenant_id', { tenant_id: '', resourceId: 'x' }],
      ['numeric resourceId', { tenant_id: 'shop-a', resourceId: 42 }],
      ['null tenant_id', { tenant_id: null, resourceId: 'x' }],
      ['extra field', { tenant_id: 'shop-a', resourceId: 'x', sessionId: 'y' }],
      ['over-long tenant_id', { tenant_id: 't'.repeat(513), resourceId: 'x' }],
      ['an array', [{ tenant_id: 'shop-a', resourceId: 'x' }]],
      ['no body', undefined],
    ];
    for (const [name, payload] of badBodies) {
      test(`400 "Invalid request body" for ${name}, and nothing is registered`, async () => {
        const res = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', headers: { 'content-type': 'application/json' }, payload: payload === undefined ? '' : JSON.stringify(payload) });
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().message, 'Invalid request body');
        assert.equal(res.json().statusCode, 400);
        const count = await t.database.storage.db.selectFrom('guest_sessions').select((eb) => eb.fn.countAll().as('n')).where('resource_id', '=', 'x').executeTakeFirstOrThrow();
        assert.equal(Number(count.n), 0);
      });
    }

    test('malformed JSON is a 400 "Invalid request body", never a 500', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', headers: { 'content-type': 'application/json' }, payload: '{"tenant_id":' });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().message, 'Invalid request body');
      assert.ok(!res.body.includes('at '), 'no stack trace');
    });

    test('a non-JSON content type is refused with 415', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', headers: { 'content-type': 'text/plain' }, payload: 'tenant_id=shop-a' });
      assert.equal(res.statusCode, 415);
    });

    test('unknown tenant: 400 "Unknown tenant"', async () => {
      const res = await register(t, { tenant_id: 'no-such-shop', resourceId: 'u' });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().message, 'Unknown tenant');
    });

    test('a resource registers once: again → 409, also after revoke; another tenant is separate', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'once');
      const again = await register(t, { tenant_id: 'shop-a', resourceId: 'once' });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().code, 'RESOURCE_ALREADY_EXISTS');
      await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: auth(token) });
      assert.equal((await register(t, { tenant_id: 'shop-a', resourceId: 'once' })).statusCode, 409);
      assert.equal((await register(t, { tenant_id: 'shop-b', resourceId: 'once' })).statusCode, 201);
    });

    test('a resource that already has history in the tenant cannot register (409)', async () => {
      await t.database.storage.db
        .insertInto('dialogs')
        .values({ id: 'd-legacy', tenant_id: 'shop-a', resource_id: 'legacy-user', thread_id: 't1', session_id: null, title: 'x', created_at: 1, last_message_at: 1, hidden_at: null })
        .execute();
      const res = await register(t, { tenant_id: 'shop-a', resourceId: 'legacy-user' });
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().code, 'RESOURCE_ALREADY_EXISTS');
      assert.equal((await register(t, { tenant_id: 'shop-b', resourceId: 'legacy-user' })).statusCode, 201);
    });

    test('concurrent registrations of one resource: exactly one succeeds', async () => {
      const results = await Promise.all(Array.from({ length: 5 }, () => register(t, { tenant_id: 'shop-a', resourceId: 'racer' })));
      const codes = results.map((r) => r.statusCode).sort();
      assert.deepEqual(codes, [201, 409, 409, 409, 409]);
    });

    test('revoke: 204, repeat 204, then the token is refused', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'rev-1');
      const first = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: auth(token) });
      assert.equal(first.statusCode, 204);
      assert.equal(first.body, '');
      const second = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: auth(token) });
      assert.equal(second.statusCode, 204);
    });

    test('revoke of an expired but known token is 204', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'rev-expired');
      t.clock.advance(31 * MICROS_PER_DAY);
      const res = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: auth(token) });
      assert.equal(res.statusCode, 204);
    });

    test('revoke with a JSON content type and an empty body still works', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'rev-json');
      const res = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: { ...auth(token), 'content-type': 'application/json' } });
      assert.equal(res.statusCode, 204);
    });

    for (const [name, headers] of [
      ['no Authorization header', {}],
      ['an unknown well-formed token', { authorization: `Bearer gst_${'A'.repeat(43)}` }],
      ['a malformed token', { authorization: 'Bearer not-a-token' }],
      ['a token in a non-Bearer scheme', { authorization: 'Basic Z3N0Xw==' }],
    ] as const) {
      test(`revoke with ${name} → 401 INVALID_GUEST_TOKEN`, async () => {
        const res = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: headers as Record<string, string> });
        assert.equal(res.statusCode, 401);
        assert.equal(res.json().code, 'INVALID_GUEST_TOKEN');
      });
    }

    test('a token passed in the query string is not read', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'rev-query');
      const res = await t.app.inject({ method: 'POST', url: `/shopping/guest-sessions/revoke?access_token=${token}` });
      assert.equal(res.statusCode, 401);
    });

    test('IP allow-list: registration from outside the ranges → 403 IP_NOT_ALLOWED; inside (IPv4, IPv6, mapped IPv4) → 201', async () => {
      const outside = await register(t, { tenant_id: 'restricted', resourceId: 'ip-1' }, { remoteAddress: '192.168.1.10' });
      assert.equal(outside.statusCode, 403);
      assert.equal(outside.json().code, 'IP_NOT_ALLOWED');
      assert.equal((await register(t, { tenant_id: 'restricted', resourceId: 'ip-1' }, { remoteAddress: '10.1.2.3' })).statusCode, 201);
      assert.equal((await register(t, { tenant_id: 'restricted', resourceId: 'ip-2' }, { remoteAddress: '2001:db8::42' })).statusCode, 201);
      assert.equal((await register(t, { tenant_id: 'restricted', resourceId: 'ip-3' }, { remoteAddress: '::ffff:10.9.9.9' })).statusCode, 201);
      assert.equal((await register(t, { tenant_id: 'restricted', resourceId: 'ip-4' }, { remoteAddress: '2001:db9::1' })).statusCode, 403);
    });
  });
}
