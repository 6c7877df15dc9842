/**
 * What each instance keeps in memory of the dialog list and of shared dialogs follows changes
 * made on another instance within a second: a stored turn and a hidden dialog show in the other
 * instance's list, and a revoked link or a hidden dialog's link stops opening there, as debug
 * traffic on the hidden dialog stops being answered (two apps on
 * one PostgreSQL, told through LISTEN/NOTIFY, or through Redis pub/sub when Redis is configured).
 * Both instances have served the list and the link before each change, so both hold them.
 */
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Redis } from 'ioredis';
import { auth, buildTestApp, NO_RATE_LIMITS, registerGuest, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/storage.ts';
import { postgresSkip, redisClients, redisSkip } from '../helpers/services.ts';
import { generate } from '../helpers/dialogs.ts';
import { readShared, revokeShare, shareToken } from './sharing-helpers.ts';

interface Guest {
  token: string;
  resourceId: string;
}

const threadsOn = async (t: TestApp, g: Guest): Promise<string[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/shopping/dialogs', headers: auth(g.token) });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { items: Array<{ threadId: string }> }).items.map((i) => i.threadId);
};

/** Asks every 20 ms until `done`; the milliseconds it took, or null after a second. */
async function within(what: () => Promise<boolean>): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started <= 1000) {
    if (await what()) {
      return Date.now() - started;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
}

async function changesFollowedAcross(redis: () => Redis | null) {
  const database = await createTestDatabase('postgres');
  const one = await buildTestApp('postgres', { database, redis: redis(), env: NO_RATE_LIMITS });
  const two = await buildTestApp('postgres', { database, redis: redis(), env: NO_RATE_LIMITS });
  const took: string[] = [];
  try {
    const g: Guest = { resourceId: 'across', token: await registerGuest(one.app, 'shop-a', 'across') };
    const turn = (t: TestApp, threadId: string) => generate(t, { resourceId: g.resourceId, threadId, token: g.token, content: 'смартфон' });
    // Until both instances listen for announcements they keep nothing; give them time to connect.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await turn(one, 'a');
    const link = await shareToken(one.app, { user_id: g.resourceId, dialog_id: 'a' }, g.token);
    const opens = async (t: TestApp, token: string) => (await readShared(t.app, token)).statusCode === 200;
    const debugAnswered = async (t: TestApp, threadId: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/shopping/generate',
        headers: auth(g.token),
        payload: { threadId, resourceId: g.resourceId, trafficType: 'debug', messages: [{ role: 'user', content: 'ping' }], runtimeContext: { tenant_id: 'shop-a' } },
      });
      assert.ok(res.statusCode === 200 || res.statusCode === 404, res.body);
      return res.statusCode === 200;
    };
    for (const t of [one, two, one, two]) {
      assert.deepEqual(await threadsOn(t, g), ['a']);
      assert.ok(await opens(t, link));
      assert.ok(await debugAnswered(t, 'a'));
    }

    one.clock.advance(1_000_000);
    await turn(one, 'b');
    assert.deepEqual(await threadsOn(one, g), ['b', 'a'], 'at once where the turn was stored');
    const newDialog = await within(async () => (await threadsOn(two, g))[0] === 'b');
    assert.notEqual(newDialog, null, 'a new dialog shows on the other instance within a second');
    took.push(`new dialog ${newDialog} ms`);

    const revoked = await shareToken(one.app, { user_id: g.resourceId, dialog_id: 'b' }, g.token);
    for (const t of [two, one, two]) {
      assert.ok(await opens(t, revoked));
    }
    assert.equal((await revokeShare(one.app, { user_id: g.resourceId, dialog_id: 'b', share_token: revoked }, g.token)).statusCode, 204);
    assert.equal(await opens(one, revoked), false, 'a revoked link stops opening at once where it was revoked');
    const revokedLink = await within(async () => !(await opens(two, revoked)));
    assert.notEqual(revokedLink, null, 'and within a second on the other instance');
    took.push(`revoked link ${revokedLink} ms`);
    assert.ok(await opens(two, link), 'another link still opens');

    const hidden = await two.app.inject({ method: 'DELETE', url: '/shopping/dialogs/a', headers: auth(g.token) });
    assert.equal(hidden.statusCode, 204);
    assert.deepEqual(await threadsOn(two, g), ['b'], 'hidden at once where it was hidden');
    assert.equal(await opens(two, link), false);
    assert.equal(await debugAnswered(two, 'a'), false, 'debug traffic there is refused at once');
    const hiddenDialog = await within(async () => (await threadsOn(one, g)).join() === 'b' && !(await opens(one, link)) && !(await debugAnswered(one, 'a')));
    assert.notEqual(hiddenDialog, null, "a hidden dialog leaves the other instance's list, its link stops opening and debug traffic there is refused, within a second");
    took.push(`hidden dialog ${hiddenDialog} ms`);
    process.stdout.write(`# on the other instance: ${took.join(', ')}\n`);
  } finally {
    await one.app.close();
    await two.app.close();
    await database.dispose();
  }
}

describe('lists and shared dialogs kept in memory, changed on another instance', () => {
  const clients = redisClients();
  after(() => clients.closeAll());

  test('on one PostgreSQL, told through LISTEN/NOTIFY', { skip: postgresSkip }, () => changesFollowedAcross(() => null));

  test('on one PostgreSQL and one Redis, told through Redis', { skip: postgresSkip || redisSkip }, () => changesFollowedAcross(() => clients.client()));
});
