/**
 * Spec part 8 rate limits on a real listening socket, and the limiter shared through a
 * real Redis by two instances (guest registration stays per instance, as the spec says).
 */
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/storage.ts';
import { redisSkip, postgresSkip, redisClients } from '../helpers/services.ts';
import { createLimiter } from '../../src/limits/limiter.ts';

function post(port: number, path: string, body: object, localAddress = '127.0.0.1'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return (t.app.server.address() as { port: number }).port;
}

describe('registration limit on a real socket', () => {
  let t: TestApp;
  after(() => t?.close());

  test('the 21st registration in a minute from one IP is refused with 429 and Retry-After in whole seconds; another IP is not', async () => {
    t = await buildTestApp('sqlite');
    const port = await listen(t);
    for (let i = 0; i < 20; i++) {
      const res = await post(port, '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: `rl-${i}` });
      assert.equal(res.status, 201, `attempt ${i + 1}`);
    }
    const refused = await post(port, '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'rl-20' });
    assert.equal(refused.status, 429);
    assert.equal(JSON.parse(refused.body).code, 'RATE_LIMITED');
    assert.match(String(refused.headers['retry-after']), /^\d+$/);
    const wait = Number(refused.headers['retry-after']);
    assert.ok(wait >= 1 && wait <= 60, `Retry-After ${wait}`);
    const refusedRow = await t.database.storage.db.selectFrom('guest_sessions').select('id').where('resource_id', '=', 'rl-20').executeTakeFirst();
    assert.equal(refusedRow, undefined, 'a refused registration stores nothing');
    const otherIp = await post(port, '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'rl-other' }, '127.0.0.2');
    assert.equal(otherIp.status, 201);
  });

  test('the limit is configurable', async () => {
    const small = await buildTestApp('sqlite', { env: { RATE_LIMIT_REGISTRATION: '2' } });
    try {
      const port = await listen(small);
      assert.equal((await post(port, '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'c1' })).status, 201);
      assert.equal((await post(port, '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'c2' })).status, 201);
      assert.equal((await post(port, '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'c3' })).status, 429);
    } finally {
      await small.close();
    }
  });
});

describe('two instances on one PostgreSQL and one Redis', { skip: redisSkip || postgresSkip }, () => {
  const clients = redisClients();
  after(() => clients.closeAll());
  const redis = () => clients.client();

  test('shared limits count across instances; a per-instance limit does not', async () => {
    const prefix = `aisle-test:${randomBytes(4).toString('hex')}`;
    const specs = { shared: { points: 3, durationSec: 60, shared: true }, local: { points: 3, durationSec: 60, shared: false } };
    const a = createLimiter(specs, redis(), prefix);
    const b = createLimiter(specs, redis(), prefix);
    assert.equal((await a.hit('shared', 'ip-1')).allowed, true);
    assert.equal((await b.hit('shared', 'ip-1')).allowed, true);
    assert.equal((await a.hit('shared', 'ip-1')).allowed, true);
    const fourth = await b.hit('shared', 'ip-1');
    assert.equal(fourth.allowed, false, 'the fourth hit, on the other instance, is refused');
    assert.ok(fourth.retryAfterSec >= 1 && fourth.retryAfterSec <= 60);
    assert.equal((await b.peek('shared', 'ip-1')).allowed, false);
    assert.equal((await a.hit('shared', 'ip-2')).allowed, true, 'another key is counted apart');
    for (let i = 0; i < 3; i++) {
      assert.equal((await a.hit('local', 'ip-1')).allowed, true);
    }
    assert.equal((await a.hit('local', 'ip-1')).allowed, false);
    assert.equal((await b.hit('local', 'ip-1')).allowed, true, 'a per-instance limit is not shared');
  });

  test('guest sessions registered on one instance work and are revoked on the other; registration is limited per instance', async () => {
    const database = await createTestDatabase('postgres');
    const env = { RATE_LIMIT_REGISTRATION: '3' };
    const one = await buildTestApp('postgres', { database, redis: redis(), env });
    const two = await buildTestApp('postgres', { database, redis: redis(), env });
    try {
      const [p1, p2] = [await listen(one), await listen(two)];
      const created = await post(p1, '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'multi-1' });
      assert.equal(created.status, 201);
      const token = JSON.parse(created.body).accessToken as string;
      assert.equal((await post(p2, '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'multi-1' })).status, 409, 'the other instance sees the registration');
      const revoke = await two.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: { authorization: `Bearer ${token}` } });
      assert.equal(revoke.statusCode, 204);
      assert.equal((await post(p1, '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'multi-2' })).status, 201);
      assert.equal((await post(p1, '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'multi-3' })).status, 201);
      assert.equal((await post(p1, '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'multi-4' })).status, 429);
      assert.equal((await post(p2, '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'multi-4' })).status, 201, 'per instance');
    } finally {
      await one.close();
      await two.close();
      await database.dispose();
    }
  });
});
