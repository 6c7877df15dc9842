/**
 * Spec part 8 sharing limits on a real listening socket: create + revoke together per IP,
 * create per dialog, public reads per IP, failed (404) public reads per IP — each with
 * `429`, `Retry-After` and `Cache-Control: no-store`; the defaults of the spec; and two
 * instances sharing one Redis and one PostgreSQL.
 */
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { randomBytes, randomInt } from 'node:crypto';
import { buildTestApp, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/storage.ts';
import { redisSkip, postgresSkip, redisClients } from '../helpers/services.ts';
import { say } from './sharing-helpers.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function call(port: number, method: 'GET' | 'POST', path: string, body: object | undefined, localAddress = '127.0.0.1'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const headers: http.OutgoingHttpHeaders = data === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) };
    const req = http.request({ host: '127.0.0.1', port, path, method, localAddress, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

const create = (port: number, userId: string, dialogId: string, ip?: string) => call(port, 'POST', '/dialogs/share', { user_id: userId, dialog_id: dialogId }, ip);
const revoke = (port: number, userId: string, dialogId: string, shareToken: string, ip?: string) =>
  call(port, 'POST', '/dialogs/share/revoke', { user_id: userId, dialog_id: dialogId, share_token: shareToken }, ip);
const read = (port: number, shareToken: string, ip?: string) => call(port, 'GET', `/dialogs/shared/${shareToken}`, undefined, ip);

function assertLimited(res: Answer, what: string): void {
  assert.equal(res.status, 429, `${what}: ${res.body}`);
  assert.equal(JSON.parse(res.body).code, 'RATE_LIMITED');
  assert.match(String(res.headers['retry-after']), /^\d+$/, 'Retry-After in whole seconds');
  const wait = Number(res.headers['retry-after']);
  assert.ok(wait >= 1 && wait <= 60, `Retry-After ${wait}`);
  assert.equal(res.headers['cache-control'], 'no-store');
}

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return (t.app.server.address() as { port: number }).port;
}

/** A dialog made through generation (not limited), with a fresh resource and thread. */
async function dialog(t: TestApp): Promise<{ user: string; thread: string }> {
  const d = { user: `lim-user-${randomBytes(4).toString('hex')}`, thread: `lim-thread-${randomBytes(4).toString('hex')}` };
  await say(t.app, { resourceId: d.user, threadId: d.thread, content: 'смартфон samsung' });
  return d;
}

/** A loopback address of its own per run, so counters left in a shared Redis by an earlier run do not meet this one. */
const randomLoopback = () => `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;

describe('sharing limits on a real socket', () => {
  const apps: TestApp[] = [];
  after(async () => {
    for (const a of apps) {
      await a.close();
    }
  });
  const start = async (env: Record<string, string>) => {
    const t = await buildTestApp('sqlite', { env: { ...NO_RATE_LIMITS, ...env } });
    apps.push(t);
    return { t, port: await listen(t) };
  };

  test('share create and revoke count together per IP; another IP and the public read are not affected', async () => {
    const { t, port } = await start({ RATE_LIMIT_SHARE: '4' });
    const d = await dialog(t);
    const first = await create(port, d.user, d.thread);
    assert.equal(first.status, 201);
    const link = JSON.parse(first.body).share_token as string;
    assert.equal((await create(port, d.user, d.thread)).status, 201);
    assert.equal((await revoke(port, d.user, d.thread, 'x'.repeat(43))).status, 204);
    assert.equal((await revoke(port, d.user, d.thread, 'y'.repeat(43))).status, 204);
    assertLimited(await create(port, d.user, d.thread), 'the 5th request (a create)');
    assertLimited(await revoke(port, d.user, d.thread, link), 'a revoke past the limit');
    assert.equal((await read(port, link)).status, 200, 'the refused revoke did nothing; reads have their own limit');
    const rows = await t.database.storage.db.selectFrom('shares').select('id').execute();
    assert.equal(rows.length, 2, 'refused creates store nothing');
    assert.equal((await create(port, d.user, d.thread, '127.0.0.2')).status, 201, 'another IP');
  });

  test('malformed share requests count per IP before their body is read (design.md §5), and so do registrations', async () => {
    const { t, port } = await start({ RATE_LIMIT_SHARE: '2', RATE_LIMIT_REGISTRATION: '2' });
    const d = await dialog(t);
    const malformed = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end('{bad');
      });
    assert.equal(await malformed('/dialogs/share'), 400);
    assert.equal(await malformed('/dialogs/share/revoke'), 400);
    assertLimited(await create(port, d.user, d.thread), 'a valid create after two malformed requests');
    assert.equal(await malformed('/shopping/guest-sessions'), 400);
    assert.equal(await malformed('/shopping/guest-sessions'), 400);
    assertLimited(await call(port, 'POST', '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'after-malformed' }), 'a registration after two malformed ones');
  });

  test('share create is limited per dialog across IPs; other dialogs and revoke are not', async () => {
    const { t, port } = await start({ RATE_LIMIT_SHARE_PER_DIALOG: '2' });
    const a = await dialog(t);
    const b = await dialog(t);
    const link = JSON.parse((await create(port, a.user, a.thread)).body).share_token as string;
    assert.equal((await create(port, a.user, a.thread, '127.0.0.3')).status, 201);
    assertLimited(await create(port, a.user, a.thread), 'a 3rd link for the dialog');
    assertLimited(await create(port, a.user, a.thread, '127.0.0.4'), 'a 3rd link for the dialog from another IP');
    assert.equal((await create(port, b.user, b.thread)).status, 201, 'another dialog');
    assert.equal((await revoke(port, a.user, a.thread, link)).status, 204, 'revoke is not counted per dialog');
  });

  test('public reads are limited per IP, found or not', async () => {
    const { t, port } = await start({ RATE_LIMIT_SHARED_READ: '3' });
    const d = await dialog(t);
    const link = JSON.parse((await create(port, d.user, d.thread)).body).share_token as string;
    assert.equal((await read(port, link)).status, 200);
    assert.equal((await read(port, 'unknown')).status, 404);
    assert.equal((await read(port, link)).status, 200);
    assertLimited(await read(port, link), 'the 4th read');
    assert.equal((await read(port, link, '127.0.0.5')).status, 200, 'another IP');
  });

  test('failed public reads count only the 404s; past the limit every read from that IP is refused', async () => {
    const { t, port } = await start({ RATE_LIMIT_SHARED_READ_FAILED: '2' });
    const d = await dialog(t);
    const link = JSON.parse((await create(port, d.user, d.thread)).body).share_token as string;
    for (let i = 0; i < 5; i++) {
      assert.equal((await read(port, link)).status, 200, `successful read ${i + 1} does not count`);
    }
    const unknown = randomBytes(32).toString('base64url');
    assert.equal((await read(port, unknown)).status, 404);
    assert.equal((await read(port, 'malformed')).status, 404);
    assertLimited(await read(port, link), 'a valid link after two failures');
    assertLimited(await read(port, unknown), 'an unknown link after two failures');
    assert.equal((await read(port, link, '127.0.0.6')).status, 200, 'another IP');
    assert.equal((await read(port, unknown, '127.0.0.6')).status, 404);
  });

  test('the defaults of spec part 8: 5 links per dialog, 20 create+revoke, 60 reads, 10 failed reads per minute', async () => {
    const t = await buildTestApp('sqlite');
    apps.push(t);
    const port = await listen(t);
    const d = await dialog(t);
    let link = '';
    for (let i = 0; i < 5; i++) {
      const res = await create(port, d.user, d.thread);
      assert.equal(res.status, 201, `link ${i + 1}`);
      link = JSON.parse(res.body).share_token as string;
    }
    assertLimited(await create(port, d.user, d.thread), 'the 6th link of a dialog');
    // Six share requests so far (the refused one counted too): fourteen more fit in twenty.
    for (let i = 0; i < 14; i++) {
      assert.equal((await revoke(port, d.user, d.thread, `no-such-${i}`)).status, 204, `request ${i + 7}`);
    }
    assertLimited(await revoke(port, d.user, d.thread, link), 'the 21st share request');

    for (let i = 0; i < 60; i++) {
      assert.equal((await read(port, link, '127.0.0.7')).status, 200, `read ${i + 1}`);
    }
    assertLimited(await read(port, link, '127.0.0.7'), 'the 61st read');

    for (let i = 0; i < 10; i++) {
      assert.equal((await read(port, `missing-${i}`, '127.0.0.8')).status, 404, `failed read ${i + 1}`);
    }
    assertLimited(await read(port, link, '127.0.0.8'), 'a read after 10 failures');
  });
});

describe('sharing on two instances with one PostgreSQL and one Redis', { skip: redisSkip || postgresSkip }, () => {
  const clients = redisClients();
  after(() => clients.closeAll());
  const redis = () => clients.client();

  test('a link made on one instance is read and revoked on the other; every sharing limit holds across both', async () => {
    const database = await createTestDatabase('postgres');
    const env = {
      ...NO_RATE_LIMITS,
      RATE_LIMIT_SHARE: '3',
      RATE_LIMIT_SHARE_PER_DIALOG: '2',
      RATE_LIMIT_SHARED_READ: '3',
      RATE_LIMIT_SHARED_READ_FAILED: '2',
    };
    const one = await buildTestApp('postgres', { database, redis: redis(), env });
    const two = await buildTestApp('postgres', { database, redis: redis(), env });
    try {
      const [p1, p2] = [await listen(one), await listen(two)];
      const d = await dialog(one);
      const ip = [randomLoopback(), randomLoopback(), randomLoopback(), randomLoopback()] as const;

      // Share requests: per dialog and per IP, counted in Redis.
      const made = await create(p1, d.user, d.thread, ip[0]);
      assert.equal(made.status, 201);
      const link = JSON.parse(made.body).share_token as string;
      assert.equal((await create(p2, d.user, d.thread, ip[0])).status, 201);
      assertLimited(await create(p1, d.user, d.thread, ip[1]), 'the 3rd link of the dialog, on the first instance');
      assertLimited(await create(p2, d.user, d.thread, ip[1]), 'and on the second');
      assert.equal((await revoke(p1, d.user, d.thread, 'x'.repeat(43), ip[0])).status, 204);
      assertLimited(await revoke(p2, d.user, d.thread, 'y'.repeat(43), ip[0]), 'the 4th share request of an IP across instances');

      // The link works on the other instance; reads are counted across both.
      assert.equal((await read(p2, link, ip[2])).status, 200);
      assert.equal((await read(p1, link, ip[2])).status, 200);
      assert.equal((await read(p2, link, ip[2])).status, 200);
      assertLimited(await read(p1, link, ip[2]), 'the 4th read of an IP across instances');

      // Failed reads across both.
      assert.equal((await read(p1, 'missing-1', ip[3])).status, 404);
      assert.equal((await read(p2, 'missing-2', ip[3])).status, 404);
      assertLimited(await read(p1, link, ip[3]), 'after two failed reads on two instances');

      // Revoked on the second instance (a fresh IP: the others spent their share requests).
      const fresh = randomLoopback();
      assert.equal((await revoke(p2, d.user, d.thread, link, fresh)).status, 204);
      assert.equal((await read(p1, link, randomLoopback())).status, 404);
    } finally {
      await one.close();
      await two.close();
      await database.dispose();
    }
  });
});
