/**
 * Guest sessions are served from memory, yet a revoked token stops working at once on the
 * instance that revoked it and within a second on every other instance (two apps on one
 * PostgreSQL: told through LISTEN/NOTIFY, or through Redis pub/sub when Redis is configured).
 * Both instances have served the token before the revocation, so both hold it in memory.
 */
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { auth, buildTestApp, registerGuest, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/storage.ts';
import { postgresSkip, redisClients, redisSkip } from '../helpers/services.ts';
import { skipFor } from '../helpers/storage.ts';
import { freePort } from '../helpers/ports.ts';

const list = (t: TestApp, token: string) => t.app.inject({ method: 'GET', url: '/shopping/dialogs', headers: auth(token) });

/** Asks `t` every 25 ms until the token is refused; the milliseconds that took, or null after `withinMs`. */
async function refusedWithin(t: TestApp, token: string, withinMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started <= withinMs) {
    const res = await list(t, token);
    if (res.statusCode === 401) {
      assert.equal(res.json().code, 'INVALID_GUEST_TOKEN');
      return Date.now() - started;
    }
    assert.equal(res.statusCode, 200, res.body);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return null;
}

async function revokedOnOneRefusedOnTheOther(redis: () => Redis | null) {
  const database = await createTestDatabase('postgres');
  const one = await buildTestApp('postgres', { database, redis: redis() });
  const two = await buildTestApp('postgres', { database, redis: redis() });
  try {
    const token = await registerGuest(one.app, 'shop-a', 'revoke-across');
    const other = await registerGuest(one.app, 'shop-a', 'keeps-working');
    // Until both instances listen for revocations they do not keep sessions in memory; give them time to connect.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let i = 0; i < 3; i++) {
      for (const t of [one, two]) {
        assert.equal((await list(t, token)).statusCode, 200);
        assert.equal((await list(t, other)).statusCode, 200);
      }
    }
    const revoked = await two.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: auth(token) });
    assert.equal(revoked.statusCode, 204);
    assert.equal((await list(two, token)).statusCode, 401, 'refused at once where it was revoked');
    const ms = await refusedWithin(one, token, 1000);
    assert.notEqual(ms, null, 'refused on the other instance within a second');
    process.stdout.write(`# refused on the other instance after ${ms} ms\n`);
    assert.equal((await list(one, other)).statusCode, 200, 'other sessions are not affected');
    assert.equal((await list(two, other)).statusCode, 200);
  } finally {
    await one.app.close();
    await two.app.close();
    await database.dispose();
  }
}

describe('revocation across two instances', () => {
  const clients = redisClients();
  after(() => clients.closeAll());

  test('on one PostgreSQL, told through LISTEN/NOTIFY', { skip: postgresSkip }, () => revokedOnOneRefusedOnTheOther(() => null));

  test('on one PostgreSQL and one Redis, told through Redis', { skip: postgresSkip || redisSkip }, () => revokedOnOneRefusedOnTheOther(() => clients.client()));
});

describe('revocation while Redis is away', { skip: skipFor('sqlite') }, () => {
  test('503 AUTH_STORAGE_UNAVAILABLE (the other instances could not be told), and the token is refused here all the same', async () => {
    const redis = new Redis({ host: '127.0.0.1', port: await freePort(), enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    const t = await buildTestApp('sqlite', { redis });
    try {
      const token = await registerGuest(t.app, 'shop-a', 'redis-away');
      assert.equal((await list(t, token)).statusCode, 200, 'served (from the database: nothing is kept in memory while revocations cannot be heard)');
      const revoked = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: auth(token) });
      assert.equal(revoked.statusCode, 503);
      assert.equal(revoked.json().code, 'AUTH_STORAGE_UNAVAILABLE');
      assert.doesNotMatch(revoked.body, /127\.0\.0\.1|ECONNREFUSED|writeable/i, 'no internal detail');
      assert.equal((await list(t, token)).statusCode, 401, 'the revocation itself was stored');
    } finally {
      await t.close();
      redis.disconnect();
    }
  });
});
