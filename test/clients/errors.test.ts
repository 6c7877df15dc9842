/**
 * How the JavaScript client reports failures: every refusal of the real Aisle app becomes one
 * AisleError with the status, code and message the app sent (400, 401, 403, 404, 409, 413,
 * 429 with Retry-After), a request that gets no answer is a network error, and an answer that
 * is not Aisle's (a proxy's HTML page) is still an AisleError. What a refused token does to
 * the session (spec 3.1, 5, 7) is here too. The mapping is the client's and the same on both
 * databases, so these run on SQLite.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { createAisleClient, memoryTokenStore, tokenKey, type AisleClientOptions, type AisleError } from '../../clients/js/src/index.ts';
import { parseRetryAfter } from '../../clients/js/src/errors.ts';
import { deadAddress, refusal, startClientTestServer, type ClientTestServer } from './helpers.ts';

describe('JavaScript client errors', () => {
  let s: ClientTestServer;
  const options = (extra: Partial<AisleClientOptions> = {}): AisleClientOptions => ({
    baseUrl: s.baseUrl,
    tenantId: 'shop-a',
    resourceId: `buyer-${randomUUID()}`,
    ...extra,
  });

  before(async () => {
    s = await startClientTestServer('sqlite');
  });
  after(async () => {
    await s.close();
  });

  test('400: the code and message the app sent', async () => {
    const aisle = createAisleClient(options());
    const err = await refusal(() => aisle.history({ threadId: 't', limit: 0 }));
    assert.equal(err.status, 400);
    assert.equal(err.code, 'INVALID_REQUEST');
    assert.match(err.message, /limit/);
    assert.equal(err.isNetworkError, false);
    assert.equal(err.operation, 'history');
  });

  test('401 INVALID_GUEST_TOKEN: the dead token leaves the store, the caller is told once, and nothing registers behind its back', async () => {
    const store = memoryTokenStore();
    const resourceId = `buyer-${randomUUID()}`;
    const key = tokenKey('shop-a', resourceId);
    await store.set(key, `gst_${'A'.repeat(43)}`);
    const ended: AisleError[] = [];
    const aisle = createAisleClient(options({ resourceId, tokenStore: store, onSessionEnded: (e) => ended.push(e) }));
    const registrations = s.count('POST /shopping/guest-sessions');

    const err = await refusal(() => aisle.listDialogs());
    assert.equal(err.status, 401);
    assert.equal(err.code, 'INVALID_GUEST_TOKEN');
    assert.equal(await store.get(key), null);
    assert.deepEqual(
      ended.map((e) => e.code),
      ['INVALID_GUEST_TOKEN'],
    );

    const requests = s.urls.length;
    const next = await refusal(() => aisle.listDialogs());
    assert.equal(next.code, 'GUEST_SESSION_ENDED');
    assert.equal(s.urls.length, requests, 'no request: the session cannot be renewed for this resource');
    assert.equal(s.count('POST /shopping/guest-sessions'), registrations);
    assert.equal(ended.length, 1);
  });

  test('404 and 403 refusals do not end the session (spec part 7)', async () => {
    const store = memoryTokenStore();
    const ended: AisleError[] = [];
    const aisle = createAisleClient(options({ tokenStore: store, onSessionEnded: (e) => ended.push(e) }));
    const missing = await refusal(() => aisle.hideDialog('never-existed'));
    assert.equal(missing.status, 404);
    assert.equal(missing.code, 'DIALOG_NOT_FOUND');
    const token = await store.get(tokenKey('shop-a', aisle.resourceId));
    assert.ok(token, 'the token stays after a 404');

    // A store that hands out another resource's token (keyed wrongly by the integrator): 403.
    const otherStore = memoryTokenStore();
    const other = createAisleClient(options({ tokenStore: otherStore, onSessionEnded: (e) => ended.push(e) }));
    await otherStore.set(tokenKey('shop-a', other.resourceId), token);
    const mismatch = await refusal(() => other.generate(other.createMessage({ threadId: 't', content: 'чайник' })));
    assert.equal(mismatch.status, 403);
    assert.equal(mismatch.code, 'GUEST_RESOURCE_MISMATCH');
    assert.equal(await otherStore.get(tokenKey('shop-a', other.resourceId)), token, 'a 403 does not throw the token away');
    assert.deepEqual(ended, []);
  });

  test('403 IP_NOT_ALLOWED at registration for a section behind an allow-list', async () => {
    const aisle = createAisleClient(options({ tenantId: 'restricted' }));
    const err = await refusal(() => aisle.registerGuestSession());
    assert.equal(err.status, 403);
    assert.equal(err.code, 'IP_NOT_ALLOWED');
  });

  test('409 RESOURCE_ALREADY_EXISTS: a resource registered elsewhere cannot get a token here, and the caller is told', async () => {
    const resourceId = `buyer-${randomUUID()}`;
    await createAisleClient(options({ resourceId })).registerGuestSession();
    const ended: AisleError[] = [];
    const elsewhere = createAisleClient(options({ resourceId, onSessionEnded: (e) => ended.push(e) }));
    const err = await refusal(() => elsewhere.generate(elsewhere.createMessage({ threadId: 't', content: 'чайник' })));
    assert.equal(err.status, 409);
    assert.equal(err.code, 'RESOURCE_ALREADY_EXISTS');
    assert.deepEqual(
      ended.map((e) => e.code),
      ['RESOURCE_ALREADY_EXISTS'],
    );
  });

  test('413: an image over 5 MiB', async () => {
    const aisle = createAisleClient(options());
    const data = 'A'.repeat(Math.ceil((5.5 * 1024 * 1024) / 3) * 4);
    const message = aisle.createMessage({
      threadId: aisle.newThreadId(),
      content: [
        { type: 'text', text: 'что это?' },
        { type: 'image', source: { type: 'base64', mediaType: 'image/png', data } },
      ],
    });
    const err = await refusal(() => aisle.generate(message));
    assert.equal(err.status, 413);
    assert.equal(err.code, 'IMAGE_TOO_LARGE');
  });

  test('after a revoke the token is gone and the session ended; the resource cannot register again (spec 3.1)', async () => {
    const store = memoryTokenStore();
    const aisle = createAisleClient(options({ tokenStore: store }));
    await aisle.registerGuestSession();
    await aisle.revokeGuestSession();
    assert.equal(await aisle.hasGuestSession(), false);
    assert.equal((await refusal(() => aisle.listDialogs())).code, 'GUEST_SESSION_ENDED');
    const again = createAisleClient(options({ resourceId: aisle.resourceId, tokenStore: store }));
    assert.equal((await refusal(() => again.listDialogs())).code, 'RESOURCE_ALREADY_EXISTS');
  });

  test('network error: no answer, status 0, and no address or identifier in the message', async () => {
    const resourceId = `buyer-${randomUUID()}`;
    const aisle = createAisleClient({ baseUrl: await deadAddress(), tenantId: 'shop-a', resourceId, auth: 'none' });
    const err = await refusal(() => aisle.hideDialog('thread-secret'));
    assert.equal(err.isNetworkError, true);
    assert.equal(err.code, 'NETWORK_ERROR');
    assert.equal(err.status, 0);
    assert.ok(!/127\.0\.0\.1|thread-secret|buyer-/.test(`${err.message} ${err.stack ?? ''}`), err.message);
  });

  test('an aborted call is ABORTED, not a network error', async () => {
    const aisle = createAisleClient(options({ auth: 'none' }));
    const controller = new AbortController();
    controller.abort();
    const err = await refusal(() => aisle.listDialogs({}, { signal: controller.signal }));
    assert.equal(err.code, 'ABORTED');
    assert.equal(err.isNetworkError, false);
  });

  test('an answer that is not Aisle\'s (a proxy page) is still one AisleError', async () => {
    const proxy = http.createServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = proxy.address() as net.AddressInfo;
      const aisle = createAisleClient({ baseUrl: `http://127.0.0.1:${port}`, tenantId: 'shop-a', resourceId: 'r', auth: 'none' });
      const err = await refusal(() => aisle.history({ threadId: 't' }));
      assert.equal(err.status, 502);
      assert.equal(err.code, 'HTTP_502');
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  test('Retry-After as seconds or as an HTTP date', () => {
    assert.equal(parseRetryAfter('17'), 17);
    assert.equal(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2030, 0, 1)), 30);
    assert.equal(parseRetryAfter('soon'), null);
    assert.equal(parseRetryAfter(null), null);
  });
});

describe('JavaScript client errors: 429', () => {
  let s: ClientTestServer;
  before(async () => {
    s = await startClientTestServer('sqlite', { env: { RATE_LIMIT_REGISTRATION: '1' } });
  });
  after(async () => {
    await s.close();
  });

  test('429 carries the seconds of Retry-After', async () => {
    const make = () => createAisleClient({ baseUrl: s.baseUrl, tenantId: 'shop-a', resourceId: `buyer-${randomUUID()}` });
    await make().registerGuestSession();
    const err = await refusal(() => make().registerGuestSession());
    assert.equal(err.status, 429);
    assert.equal(err.code, 'RATE_LIMITED');
    assert.ok(err.retryAfterSeconds !== null && Number.isInteger(err.retryAfterSeconds) && err.retryAfterSeconds >= 1 && err.retryAfterSeconds <= 60, String(err.retryAfterSeconds));
  });
});
