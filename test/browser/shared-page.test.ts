/**
 * Sharing as a buyer and a link's reader meet it (spec 4.10–4.12): the widget's share button
 * makes a link to Aisle's human page `/s/{token}`, which shows the snapshot read-only in
 * headless Chromium; the snapshot does not follow the dialog; a revoked link, an unknown one
 * and a link of a hidden dialog all show the one unavailable state with HTTP 404.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertAccessible, browserSkip, launchBrowser, newShopContext, recordRequests, screenshot, startBrowserTestServer, type BrowserTestServer, type SentRequest } from '../helpers/browser.ts';
import { cardSkus, chat, messageText, open, say, shopsOptions } from './widget.ts';
import type { PageGlobals } from './dom.ts';

describe('a shared dialog', { skip: browserSkip }, () => {
  let server: BrowserTestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let sent: SentRequest[];
  let link: string;
  let skus: string[];

  before(async () => {
    server = await startBrowserTestServer(shopsOptions());
    browser = await launchBrowser();
    context = await newShopContext(browser, server.baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    page = await context.newPage();
    sent = recordRequests(page, server.baseUrl);
    await open(page, server.testPage({ attrs: { tenant: 'demo-en' } }));
    skus = await cardSkus(await say(page, 'Phone under $500'));
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  const generated = () => {
    const g = sent.filter((r) => r.method === 'POST' && r.path === '/shopping/generate').at(-1);
    assert.ok(g);
    return { ...(g.body as { threadId: string; resourceId: string }), authorization: g.authorization as string };
  };

  /** Presses the widget's share button and returns the link it shows. */
  async function shareFromWidget(): Promise<string> {
    const c = chat(page);
    const isShare = (r: { request(): { method(): string }; url(): string }) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/dialogs/share';
    const [res] = await Promise.all([page.waitForResponse(isShare), c.part('share').click()]);
    assert.equal(res.status(), 201);
    const token = (await res.json()).share_token as string;
    const anchor = c.root.locator('a[part~="share-link"]');
    await anchor.waitFor();
    const href = (await anchor.getAttribute('href')) as string;
    assert.equal(href, `${server.baseUrl}/s/${token}`, 'the link is the human page on Aisle');
    return href;
  }

  test("the share button makes a link to the page; copy puts it on the clipboard", async () => {
    link = await shareFromWidget();
    const body = sent.filter((r) => r.path === '/dialogs/share').at(-1)?.body as Record<string, unknown>;
    const { threadId, resourceId } = generated();
    assert.deepEqual(body, { user_id: resourceId, dialog_id: threadId }, 'spec 4.10 body, nothing else');
    await chat(page).part('copy').click();
    assert.equal(await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.readText()), link);
    await screenshot(page, 'widget-share-link');
  });

  test('the link opens the snapshot read-only: the messages and cards, no composer, reactions or sharing', async () => {
    const reader = await context.newPage();
    const res = await reader.goto(link);
    assert.equal(res?.status(), 200);
    assert.match(res?.headers()['cache-control'] ?? '', /no-store/);
    const messages = reader.locator('[part~="message"]');
    await messages.first().waitFor();
    assert.equal(await messages.count(), 2);
    assert.equal(await messageText(reader.locator('[part~="message"][data-role="user"]')), 'Phone under $500');
    assert.deepEqual(await cardSkus(reader.locator('[part~="message"][data-role="assistant"]')), skus);
    for (const absent of ['input', 'send', 'like', 'dislike', 'share', 'suggest', 'unavailable']) {
      assert.equal(await reader.locator(`[part~="${absent}"]`).count(), 0, `no ${absent} on the shared page`);
    }
    await screenshot(reader, 'shared-dialog');
    await assertAccessible(reader, 'the shared-dialog page', 'body');

    // The snapshot does not follow the dialog.
    await say(page, 'Cheaper');
    await reader.reload();
    await messages.first().waitFor();
    assert.equal(await messages.count(), 2, 'a later message is not in the earlier snapshot');
    await reader.close();
  });

  test('a revoked link shows the unavailable state with 404', async () => {
    const { threadId, resourceId, authorization } = generated();
    const token = link.split('/s/')[1] as string;
    const reader = await context.newPage();
    assert.equal((await reader.goto(link))?.status(), 200);
    const revoke = await server.t.app.inject({
      method: 'POST',
      url: '/dialogs/share/revoke',
      headers: { authorization },
      payload: { user_id: resourceId, dialog_id: threadId, share_token: token },
    });
    assert.equal(revoke.statusCode, 204, revoke.body);
    const res = await reader.reload();
    assert.equal(res?.status(), 404);
    const unavailable = reader.locator('[part~="unavailable"]');
    await unavailable.waitFor();
    assert.match(await unavailable.innerText(), /This link is not available/);
    assert.equal(await reader.locator('[part~="message"]').count(), 0, 'nothing of the snapshot is left');
    await screenshot(reader, 'shared-dialog-unavailable');
    await assertAccessible(reader, 'the unavailable shared page', 'body');
    await reader.close();
  });

  test('an unknown link and a link of a hidden dialog show the same unavailable state', async () => {
    const reader = await context.newPage();
    const unknown = await reader.goto(`${server.baseUrl}/s/not-a-real-token`);
    assert.equal(unknown?.status(), 404);
    await reader.locator('[part~="unavailable"]').waitFor();

    const fresh = await shareFromWidget();
    assert.equal((await reader.goto(fresh))?.status(), 200);
    const { threadId, authorization } = generated();
    const hide = await server.t.app.inject({ method: 'DELETE', url: `/shopping/dialogs/${encodeURIComponent(threadId)}`, headers: { authorization } });
    assert.equal(hide.statusCode, 204);
    const res = await reader.reload();
    assert.equal(res?.status(), 404);
    await reader.locator('[part~="unavailable"]').waitFor();
    await reader.close();
  });
});
