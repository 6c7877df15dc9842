/**
 * Spec part 5 and 3.1 (expiry, extension) through HTTP: the access plugin every endpoint
 * declares. Probe routes declare each policy the way real endpoints do, so the rules are
 * tested on their own; each endpoint's tests cover its own use of them.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { AppError } from '../../src/errors.ts';
import { MICROS_PER_DAY } from '../../src/clock.ts';

interface ProbeBody {
  tenant_id: string;
  resourceId: string;
  fail?: boolean;
}

function addProbes(app: FastifyInstance) {
  const identify = (req: FastifyRequest) => {
    const b = req.body as ProbeBody;
    return { tenantId: b.tenant_id, resourceId: b.resourceId };
  };
  const reply = async (req: FastifyRequest) => {
    if ((req.body as ProbeBody | undefined)?.fail) {
      throw new AppError('NOT_FOUND');
    }
    return { tenantId: req.access?.tenantId, resourceId: req.access?.resourceId, session: req.access?.session?.id ?? null };
  };
  app.post('/probe/when-registered', { config: { access: { guest: 'when-registered', ipRestricted: true, identify } } }, reply);
  app.post('/probe/open-ip', { config: { access: { guest: 'when-registered', ipRestricted: false, identify } } }, reply);
  app.post('/probe/required', { config: { access: { guest: 'required', ipRestricted: true } } }, reply);
}

for (const dialect of DIALECTS) {
  describe(`access rules [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    const probe = (url: string, payload: object | undefined, headers: Record<string, string> = {}, remoteAddress?: string) =>
      t.app.inject({ method: 'POST', url, payload, headers, ...(remoteAddress ? { remoteAddress } : {}) });

    before(async () => {
      t = await buildTestApp(dialect, { env: NO_RATE_LIMITS, beforeReady: addProbes });
    });
    after(() => t.close());

    test('a resource never registered works without a token (legacy mode)', async () => {
      const res = await probe('/probe/when-registered', { tenant_id: 'shop-a', resourceId: 'legacy' });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { tenantId: 'shop-a', resourceId: 'legacy', session: null });
    });

    test('a registered resource without a token → 401 GUEST_TOKEN_REQUIRED; with its token → 200', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'reg-1');
      const without = await probe('/probe/when-registered', { tenant_id: 'shop-a', resourceId: 'reg-1' });
      assert.equal(without.statusCode, 401);
      assert.equal(without.json().code, 'GUEST_TOKEN_REQUIRED');
      const withToken = await probe('/probe/when-registered', { tenant_id: 'shop-a', resourceId: 'reg-1' }, auth(token));
      assert.equal(withToken.statusCode, 200);
      assert.equal(withToken.json().resourceId, 'reg-1');
      assert.ok(withToken.json().session);
    });

    test('a token of another resource or section → 403 GUEST_RESOURCE_MISMATCH', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'owner-1');
      await registerGuest(t.app, 'shop-a', 'other-1');
      const otherResource = await probe('/probe/when-registered', { tenant_id: 'shop-a', resourceId: 'other-1' }, auth(token));
      assert.equal(otherResource.statusCode, 403);
      assert.equal(otherResource.json().code, 'GUEST_RESOURCE_MISMATCH');
      const otherSection = await probe('/probe/when-registered', { tenant_id: 'shop-b', resourceId: 'owner-1' }, auth(token));
      assert.equal(otherSection.statusCode, 403);
      assert.equal(otherSection.json().code, 'GUEST_RESOURCE_MISMATCH');
      const legacyWithForeignToken = await probe('/probe/when-registered', { tenant_id: 'shop-a', resourceId: 'never-registered' }, auth(token));
      assert.equal(legacyWithForeignToken.statusCode, 403);
    });

    test('an unknown or malformed token → 401 INVALID_GUEST_TOKEN, also for a legacy resource', async () => {
      for (const header of [`Bearer gst_${'B'.repeat(43)}`, 'Bearer gst_short', 'Bearer ']) {
        const res = await probe('/probe/when-registered', { tenant_id: 'shop-a', resourceId: 'legacy-2' }, { authorization: header });
        assert.equal(res.statusCode, 401, header);
        assert.equal(res.json().code, 'INVALID_GUEST_TOKEN');
      }
    });

    test('after revoke the token is refused and the resource stays protected', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'revoked-1');
      await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: auth(token) });
      const withToken = await probe('/probe/when-registered', { tenant_id: 'shop-a', resourceId: 'revoked-1' }, auth(token));
      assert.equal(withToken.statusCode, 401);
      assert.equal(withToken.json().code, 'INVALID_GUEST_TOKEN');
      const without = await probe('/probe/when-registered', { tenant_id: 'shop-a', resourceId: 'revoked-1' });
      assert.equal(without.statusCode, 401);
      assert.equal(without.json().code, 'GUEST_TOKEN_REQUIRED');
    });

    test('token-required routes take section and resource from the token', async () => {
      const token = await registerGuest(t.app, 'shop-b', 'req-1');
      const res = await probe('/probe/required', undefined, auth(token));
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json().tenantId, 'shop-b');
      const none = await probe('/probe/required', undefined);
      assert.equal(none.statusCode, 401);
      assert.equal(none.json().code, 'GUEST_TOKEN_REQUIRED');
    });

    test('30 days without a request expire the session; the session is not resumed', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'expiring');
      t.clock.advance(30 * MICROS_PER_DAY + 1);
      const res = await probe('/probe/required', undefined, auth(token));
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().code, 'INVALID_GUEST_TOKEN');
      t.clock.advance(-2 * MICROS_PER_DAY);
      assert.equal((await probe('/probe/required', undefined, auth(token))).statusCode, 200, 'valid again only because the clock went back');
    });

    test('every successful request extends the session by 30 days; failed requests do not', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'sliding');
      t.clock.advance(20 * MICROS_PER_DAY);
      assert.equal((await probe('/probe/when-registered', { tenant_id: 'shop-a', resourceId: 'sliding' }, auth(token))).statusCode, 200);
      t.clock.advance(20 * MICROS_PER_DAY); // 40 days after registration, 20 after the last success
      assert.equal((await probe('/probe/when-registered', { tenant_id: 'shop-a', resourceId: 'sliding' }, auth(token))).statusCode, 200);

      const other = await registerGuest(t.app, 'shop-a', 'sliding-fail');
      t.clock.advance(20 * MICROS_PER_DAY);
      const failed = await probe('/probe/when-registered', { tenant_id: 'shop-a', resourceId: 'sliding-fail', fail: true }, auth(other));
      assert.equal(failed.statusCode, 404);
      t.clock.advance(11 * MICROS_PER_DAY); // 31 days after registration; the failure did not extend
      const res = await probe('/probe/when-registered', { tenant_id: 'shop-a', resourceId: 'sliding-fail' }, auth(other));
      assert.equal(res.statusCode, 401);
    });

    test('the registration response keeps its initial expiresAt; extension is not written more than once a minute, and is written within seconds', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'ext-write');
      const read = () => t.database.storage.db.selectFrom('guest_sessions').select(['expires_at', 'extended_at']).where('resource_id', '=', 'ext-write').executeTakeFirstOrThrow();
      const first = await read();
      await probe('/probe/required', undefined, auth(token));
      // Extensions are written in batches about once a second: wait past two batches.
      await new Promise((resolve) => setTimeout(resolve, 2200));
      assert.deepEqual(await read(), first, 'no write within the first minute');
      t.clock.advance(120_000_000);
      await probe('/probe/required', undefined, auth(token));
      const deadline = Date.now() + 5000;
      let after = await read();
      while (after.expires_at === first.expires_at && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = await read();
      }
      const moved = after.expires_at - first.expires_at;
      assert.ok(moved >= 120_000_000 && moved < 121_000_000, `the new expiry is 30 days from the second request (moved ${moved} µs)`);
    });

    test('a revoked token is refused at once, also right after it was served from memory', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'revoke-now');
      for (let i = 0; i < 3; i++) {
        assert.equal((await probe('/probe/required', undefined, auth(token))).statusCode, 200);
      }
      const revoked = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: auth(token) });
      assert.equal(revoked.statusCode, 204);
      const after = await probe('/probe/required', undefined, auth(token));
      assert.equal(after.statusCode, 401);
      assert.equal(after.json().code, 'INVALID_GUEST_TOKEN');
    });

    test('a session served from memory still expires after 30 days without a request', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'expire-cached');
      assert.equal((await probe('/probe/required', undefined, auth(token))).statusCode, 200);
      t.clock.advance(30 * MICROS_PER_DAY + 1);
      const res = await probe('/probe/required', undefined, auth(token));
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().code, 'INVALID_GUEST_TOKEN');
    });

    test('IP allow-list applies to restricted operations only, on every path to the tenant', async () => {
      const denied = await probe('/probe/when-registered', { tenant_id: 'restricted', resourceId: 'u' }, {}, '8.8.8.8');
      assert.equal(denied.statusCode, 403);
      assert.equal(denied.json().code, 'IP_NOT_ALLOWED');
      assert.equal((await probe('/probe/when-registered', { tenant_id: 'restricted', resourceId: 'u' }, {}, '10.0.0.7')).statusCode, 200);
      assert.equal((await probe('/probe/open-ip', { tenant_id: 'restricted', resourceId: 'u' }, {}, '8.8.8.8')).statusCode, 200);
      const token = (await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', payload: { tenant_id: 'restricted', resourceId: 'tok' }, remoteAddress: '10.0.0.1' })).json().accessToken;
      const viaToken = await probe('/probe/required', undefined, auth(token), '8.8.8.8');
      assert.equal(viaToken.statusCode, 403);
      assert.equal(viaToken.json().code, 'IP_NOT_ALLOWED');
    });
  });
}
