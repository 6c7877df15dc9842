/**
 * A burst of turns does not lock everyone else out: a real `aisle serve` process (the demo
 * shops, catalogue engine) gets many turns at once on open connections, and then a health
 * check on a new connection. The turns are served in arrival order one per event-loop
 * iteration, so the new connection is accepted and answered while most turns still wait.
 * Before, every turn read in one iteration ran its engine in that iteration, and the health
 * check (like any request on a new connection) came after all of them.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertEvery } from '../helpers/assert.ts';
import { startChildServer, killChildServer, type ChildServer } from '../helpers/child-server.ts';

const TURNS = 60;

function request(agent: http.Agent, base: string, method: string, pathname: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${pathname}`,
      { method, agent, headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const turn = (i: number) => ({
  threadId: `burst-${i}`,
  resourceId: `burst-buyer-${i}`,
  messages: [{ role: 'user', id: `burst-m-${i}`, content: i % 2 === 0 ? 'хочу смартфон до 30000' : 'беспроводные наушники с шумоподавлением' }],
  runtimeContext: { tenant_id: 'demo', ctx: { type: 'HOMEPAGE', lng: 'ru' } },
});

describe('a burst of turns', () => {
  let server: ChildServer | undefined;
  let dir = '';

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'aisle-burst-'));
    server = await startChildServer({ DATABASE_URL: `sqlite:${path.join(dir, 'aisle.sqlite')}`, PUBLIC_BASE_URL: 'https://aisle.test', LOG_LEVEL: 'warn', PLAYGROUND: 'off', REDIS_URL: '' });
  });
  after(async () => {
    await killChildServer(server);
    rmSync(dir, { recursive: true, force: true });
  });

  test('a health check on a new connection is answered before most of the turns, and every turn is answered', async () => {
    const base = server!.base;
    const open = new http.Agent({ keepAlive: true, maxSockets: TURNS });
    try {
      // The connections the turns will use, open and idle (as a busy shop client's would be).
      const warm = await Promise.all(Array.from({ length: TURNS }, () => request(open, base, 'GET', '/health')));
      assertEvery(warm, (r) => r.status === 200, 'the health checks that open the connections');
      const sockets = Object.values(open.freeSockets).reduce((n, list) => n + (list?.length ?? 0), 0);
      assert.equal(sockets, TURNS, 'each turn has a connection of its own');

      const order: string[] = [];
      const turns = Array.from({ length: TURNS }, (_, i) =>
        request(open, base, 'POST', '/shopping/generate', turn(i)).then((r) => {
          order.push('turn');
          return r;
        }),
      );
      // Sent after every turn, on a connection the server has not seen yet.
      const fresh = new http.Agent({ keepAlive: false });
      const health = request(fresh, base, 'GET', '/health').then((r) => {
        order.push('health');
        return r;
      });
      const [answers, healthAnswer] = await Promise.all([Promise.all(turns), health]);

      assert.equal(healthAnswer.status, 200);
      assert.deepEqual(
        answers.map((a) => a.status),
        Array.from({ length: TURNS }, () => 200),
      );
      const turnsBefore = order.indexOf('health');
      assert.ok(turnsBefore < TURNS / 2, `the health check waited for ${turnsBefore} of ${TURNS} turns`);
    } finally {
      open.destroy();
    }
  });
});
