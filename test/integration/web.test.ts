/**
 * Aisle's own web pages and files over HTTP, on the real app: the widget script at its
 * versioned path (cached by ETag, gzipped, loadable cross-origin, within its size budget), the
 * tenant settings the widget reads, the share page `/s/{token}` (the snapshot exactly as the
 * API gives it, nothing that identifies the buyer or the dialog, one 404 page for every dead
 * link, the public-read limits shared with the API), and the playground at `/` only when on.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../helpers/assert.ts';
import { gunzipSync } from 'node:zlib';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { readShared, revokeShare, say, share } from './sharing-helpers.ts';
import { WIDGET_BUDGET_BYTES } from '../../src/modules/web/widget-build.ts';

const SCRIPT = '/widget/v1/aisle-chat.js';

/** The JSON inside the share page's `<script type="application/json">`. */
function embeddedSnapshot(html: string): unknown {
  const m = /<aisle-shared-dialog[^>]*><script type="application\/json">([\s\S]*?)<\/script><\/aisle-shared-dialog>/.exec(html);
  assert.ok(m, 'the page embeds the snapshot in <aisle-shared-dialog>');
  return JSON.parse(m[1]!);
}

/** Every address the page would load or link to. */
function addresses(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
}

describe('the widget script', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp('sqlite', { catalogs: {} });
  });
  after(() => t?.close());

  test('is served at its versioned path as a JavaScript module defining <aisle-chat>, cached for a day, with an ETag, to any origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: SCRIPT, headers: { origin: 'https://shop.example' } });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/javascript/);
    assert.match(String(res.headers['cache-control']), /max-age=86400/);
    assert.match(String(res.headers.etag), /^"[A-Za-z0-9_-]+"$/);
    // A module script from another origin is fetched with CORS.
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.ok(res.body.includes('customElements.define("aisle-chat"'), 'the script defines the element');
    assert.ok(res.body.includes('customElements.define("aisle-shared-dialog"'));

    const again = await t.app.inject({ method: 'GET', url: SCRIPT, headers: { 'if-none-match': String(res.headers.etag) } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  test('goes gzipped to a browser that accepts it, the same bytes once unzipped, within the 30 KB budget', async () => {
    const plain = await t.app.inject({ method: 'GET', url: SCRIPT });
    const zipped = await t.app.inject({ method: 'GET', url: SCRIPT, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.equal(zipped.headers.vary, 'Accept-Encoding');
    assert.equal(gunzipSync(zipped.rawPayload).toString('utf8'), plain.body);
    assert.ok(zipped.rawPayload.length <= WIDGET_BUDGET_BYTES, `${zipped.rawPayload.length} bytes gzipped`);
    const refused = await t.app.inject({ method: 'GET', url: SCRIPT, headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    assert.equal(refused.headers['content-encoding'], undefined);
  });

  test('the tenant settings say the shop language, currency sign and message format; an unknown tenant is 404', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/widget/v1/tenants/shop-b' });
    assert.equal(en.statusCode, 200);
    assert.deepEqual(en.json(), { name: 'Shop B', language: 'en', currencySymbol: '$', messageFormat: 'markdown' });
    const ru = await t.app.inject({ method: 'GET', url: '/widget/v1/tenants/shop-a' });
    assert.deepEqual(ru.json(), { name: 'Shop A', language: 'ru', currencySymbol: '₽', messageFormat: 'plain_text' });
    assert.equal((await t.app.inject({ method: 'GET', url: '/widget/v1/tenants/nobody' })).statusCode, 404);
  });
});

describe('the playground', () => {
  test('is served at / when on (the bundled demo tenants): a shop switch per tenant, page switch, developer panel, the widget embedded', async () => {
    const t = await buildTestApp('sqlite');
    try {
      assert.equal(t.config.playground, true);
      const res = await t.app.inject({ method: 'GET', url: '/' });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      const html = res.body;
      for (const id of ['shop-a', 'shop-b', 'restricted']) {
        assert.ok(html.includes(`<option value="${id}">`), `tenant ${id} in select#tenant`);
      }
      assert.ok(html.includes('<select id="page-type"><option value="home">') && html.includes('value="product"') && html.includes('value="cart"'));
      assert.ok(html.includes('id="dev-log"') && html.includes('<select id="product">'));
      const data = JSON.parse(/<script type="application\/json" id="playground-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as { shops: Array<{ id: string; products: unknown[] }> };
      assert.deepEqual(data.shops.map((s) => s.id), ['shop-a', 'shop-b', 'restricted']);
      assertEvery(data.shops, (s) => s.products.length > 0, 'each shop has products to show');
      const scripts = addresses(html).filter((a) => a.endsWith('.js') || a.includes('.js?'));
      assert.deepEqual(scripts.map((s) => s.split('?')[0]), ['widget/v1/aisle-chat.js', 'playground.js']);
      const script = await t.app.inject({ method: 'GET', url: '/playground.js' });
      assert.equal(script.statusCode, 200);
      assert.ok(script.body.includes('dev-log'));
    } finally {
      await t.close();
    }
  });

  test('is not served when off (PLAYGROUND=off): / is the ordinary 404', async () => {
    const t = await buildTestApp('sqlite', { env: { PLAYGROUND: 'off' }, catalogs: {} });
    try {
      assert.equal(t.config.playground, false);
      for (const url of ['/', '/playground.js']) {
        const res = await t.app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.json().code, 'NOT_FOUND');
      }
      // The widget and the share page are not part of the playground.
      assert.equal((await t.app.inject({ method: 'GET', url: SCRIPT })).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});

for (const dialect of DIALECTS) {
  describe(`the share page [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    const resourceId = 'buyer-web-1';
    const threadId = 'thread-web-1';
    let token: string;
    let shareToken: string;
    let assistantMessageId: string;

    before(async () => {
      t = await buildTestApp(dialect, { env: NO_RATE_LIMITS });
      token = await registerGuest(t.app, 'shop-b', resourceId);
      await say(t.app, { tenant: 'shop-b', resourceId, threadId, content: 'samsung phone </script><b>bold</b>', id: 'user-msg-1', token });
      assistantMessageId = (await say(t.app, { tenant: 'shop-b', resourceId, threadId, content: 'cheaper', token })).assistantMessageId;
      const created = await share(t.app, { user_id: resourceId, dialog_id: threadId }, token);
      assert.equal(created.statusCode, 201);
      shareToken = created.json().share_token;
    });
    after(() => t?.close());

    test('shows the snapshot exactly as the API gives it, in the shop language, not cached, without a referrer, and with no identifier in it', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/s/${shareToken}` });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers['referrer-policy'], 'no-referrer');
      assert.match(String(res.headers['content-security-policy']), /script-src 'self'/);
      const api = await readShared(t.app, shareToken);
      assert.deepEqual(embeddedSnapshot(res.body), api.json());
      // shop-b is English, markdown, and sells from the (roubles) demo catalogue.
      assert.ok(res.body.includes('<html lang="en">'), 'in the shop language');
      assert.ok(res.body.includes('currency="₽"') && res.body.includes('format="markdown"'), 'prices and text as the shop shows them');
      // The buyer's markup stays text inside the JSON: it cannot close the script element.
      assert.equal(res.body.split('</script>').length, 3, 'only the page script and the JSON script are closed');
      for (const secret of [shareToken, resourceId, threadId, 'user-msg-1', assistantMessageId, token, 'shop-b']) {
        assert.ok(!res.body.includes(secret), `the page does not contain ${secret.slice(0, 12)}…`);
      }
      for (const address of addresses(res.body)) {
        assert.ok(!address.includes(shareToken), `no address carries the token: ${address}`);
      }
      assert.deepEqual(addresses(res.body).map((a) => a.split('?')[0]), [`..${SCRIPT}`]);
    });

    test('every link that does not open gets the same 404 page: malformed, unknown, with a slash, empty, revoked, of a hidden dialog', async () => {
      const other = await share(t.app, { user_id: resourceId, dialog_id: threadId }, token);
      const revoked = other.json().share_token as string;
      assert.equal((await revokeShare(t.app, { user_id: resourceId, dialog_id: threadId, share_token: revoked }, token)).statusCode, 204);
      const bodies = new Set<string>();
      for (const url of ['/s/not-a-token', `/s/${'A'.repeat(43)}`, `/s/${shareToken}/x`, '/s/', `/s/${revoked}`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US,en;q=0.9' } });
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.headers['cache-control'], 'no-store', url);
        assert.match(String(res.headers['content-type']), /^text\/html/, url);
        assert.ok(res.body.includes('part="unavailable"') && res.body.includes('This link is not available'), url);
        bodies.add(res.body);
      }
      assert.equal(bodies.size, 1, 'one page for every reason');
      const ru = await t.app.inject({ method: 'GET', url: '/s/not-a-token', headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' } });
      assert.ok(ru.body.includes('Ссылка недоступна') && ru.body.includes('<html lang="ru">'));

      // Hiding the dialog closes the link that opened a moment ago.
      assert.equal((await t.app.inject({ method: 'GET', url: `/s/${shareToken}` })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/shopping/dialogs/${threadId}`, headers: auth(token) })).statusCode, 204);
      const hidden = await t.app.inject({ method: 'GET', url: `/s/${shareToken}`, headers: { 'accept-language': 'en' } });
      assert.equal(hidden.statusCode, 404);
      assert.ok(bodies.has(hidden.body));
    });
  });
}

describe('the share page counts against the public-read limits of the API', () => {
  test('failed page reads and failed API reads share one budget per address; past it both answer 429 with Retry-After', async () => {
    const t = await buildTestApp('sqlite', { env: { ...NO_RATE_LIMITS, RATE_LIMIT_SHARED_READ_FAILED: '2' }, catalogs: {} });
    try {
      const ip = '203.0.113.7';
      assert.equal((await t.app.inject({ method: 'GET', url: '/s/unknown-1', remoteAddress: ip })).statusCode, 404);
      assert.equal((await readShared(t.app, 'unknown-2', {}, ip)).statusCode, 404);
      const page = await t.app.inject({ method: 'GET', url: '/s/unknown-3', remoteAddress: ip });
      assert.equal(page.statusCode, 429);
      assert.ok(Number(page.headers['retry-after']) > 0);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.equal((await readShared(t.app, 'unknown-4', {}, ip)).statusCode, 429);
      // Another address is not affected.
      assert.equal((await t.app.inject({ method: 'GET', url: '/s/unknown-5', remoteAddress: '203.0.113.8' })).statusCode, 404);
    } finally {
      await t.close();
    }
  });
});
