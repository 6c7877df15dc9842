/**
 * Spec part 7 row 503: when the database stops answering, guest-token operations answer
 * 503 AUTH_STORAGE_UNAVAILABLE, the process stays up, and it recovers when the database returns.
 * The database is real PostgreSQL behind a TCP proxy the test stops and restarts.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/storage.ts';
import { postgresSkip } from '../helpers/services.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import { createStorage } from '../../src/db/create-db.ts';

describe('database stops answering', { skip: postgresSkip }, () => {
  test('503 AUTH_STORAGE_UNAVAILABLE while it is away, normal answers once it is back', async () => {
    const database = await createTestDatabase('postgres');
    const url = new URL((database.settings as { url: string }).url);
    const proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    const viaProxy = new URL(url);
    viaProxy.port = String(proxy.port);
    const storage = createStorage({ kind: 'postgres', url: viaProxy.toString(), poolSize: 4 });
    const t = await buildTestApp('postgres', { database: { ...database, storage, settings: { kind: 'postgres', url: viaProxy.toString(), poolSize: 4 } } });
    try {
      const ok = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', payload: { tenant_id: 'shop-a', resourceId: 'before' } });
      assert.equal(ok.statusCode, 201);
      const token = ok.json().accessToken as string;

      await proxy.stop();
      const register = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', payload: { tenant_id: 'shop-a', resourceId: 'during' } });
      assert.equal(register.statusCode, 503);
      assert.equal(register.json().code, 'AUTH_STORAGE_UNAVAILABLE');
      assert.doesNotMatch(register.body, /ECONNREFUSED|127\.0\.0\.1|postgres/i, 'no internal detail');
      const revoke = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: { authorization: `Bearer ${token}` } });
      assert.equal(revoke.statusCode, 503);
      assert.equal(revoke.json().code, 'AUTH_STORAGE_UNAVAILABLE');
      assert.equal((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode, 503);
      assert.equal((await t.app.inject({ method: 'GET', url: '/health' })).statusCode, 200, 'the process is up');

      await proxy.start();
      const after = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', payload: { tenant_id: 'shop-a', resourceId: 'during' } });
      assert.equal(after.statusCode, 201, 'recovered, and the failed attempt stored nothing');
      assert.equal((await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: { authorization: `Bearer ${token}` } })).statusCode, 204);
    } finally {
      await t.app.close();
      await storage.close();
      await proxy.close();
      await database.dispose();
    }
  });
});
