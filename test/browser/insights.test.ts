/**
 * The shop's insights page as a shop owner meets it, in headless Chromium against the real app:
 * three weeks of a demo shop's activity (turns with and without products, reactions, tracking
 * events through the answers' signed links, starter-prompt presses) are made through HTTP; the
 * owner opens /insights, a wrong key shows the message, the demo key shows the figures (the
 * same numbers as the summary), the charts and the lists, never a buyer's or a dialog's
 * identifier; the key never appears in an address; signing out forgets it. The page is saved as
 * test-output/screenshots/insights.png (docs/screenshots/insights.png is a copy).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertAccessible, browserSkip, launchBrowser, newShopContext, SCREENSHOT_DIR, startBrowserTestServer, type BrowserTestServer } from '../helpers/browser.ts';
import { registerGuest, auth } from '../helpers/app.ts';
import { generate, pathOf, type Answer } from '../helpers/dialogs.ts';
import { assertNone } from '../helpers/assert.ts';
import { shopsOptions } from './widget.ts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** The demo key of `demo-en` (examples/tenants.yaml). */
const DEMO_KEY = 'demo-en-insights';
const DAY_MICROS = 86_400_000_000;
/** What the page keeps in its tab's sessionStorage, read inside the page. */
const storedKey = () => (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }).sessionStorage.getItem('aisle.insights.key');

const REQUESTS = [
  'wireless headphones',
  'phone under $500',
  'laptop for work',
  'coffee machine',
  'do you sell bicycles',
  'tv 55 inch',
  'electric scooter',
  'hello',
  'robot vacuum',
  'gift for dad',
  'do you sell garden furniture',
  'phone under $500',
];

interface Summary {
  totals: Record<string, number | null>;
  topRequests: Array<{ text: string; count: number }>;
  requestsWithoutProducts: Array<{ text: string; count: number }>;
}

describe('the insights page', { skip: browserSkip }, () => {
  let server: BrowserTestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const identifiers: string[] = [];
  const addresses: string[] = [];
  let expected: Summary;

  const hit = async (url: string) => assert.equal((await server.t.app.inject({ method: 'GET', url: pathOf(url) })).statusCode, 204);

  before(async () => {
    server = await startBrowserTestServer(shopsOptions());
    const { t } = server;
    // Three weeks up to today (the page's default period is the last 30 days of the browser's clock).
    const today = Math.floor(Date.now() / 86_400_000) * DAY_MICROS;
    let n = 0;
    for (let day = 20; day >= 0; day--) {
      const turnsToday = 2 + ((day * 7) % 5);
      for (let i = 0; i < turnsToday; i++) {
        t.clock.set(today - day * DAY_MICROS + (9 + i) * 3_600_000_000);
        n++;
        const resourceId = `insights-browser-buyer-${n}`;
        const threadId = `insights-browser-thread-${n}`;
        identifiers.push(resourceId, threadId);
        let answer: Answer;
        if (i === 0 && day % 3 === 0) {
          // A registered buyer who presses the first starter prompt.
          const token = await registerGuest(t.app, 'demo-en', resourceId);
          const shown = await t.app.inject({ method: 'POST', url: '/shopping/starter-prompts', headers: auth(token), payload: { ctx: { type: 'HOMEPAGE' } } });
          const first = (shown.json().prompts as Array<{ text: string }>)[0]!;
          answer = await generate(t, { tenant: 'demo-en', resourceId, threadId, content: first.text, token });
        } else {
          answer = await generate(t, { tenant: 'demo-en', resourceId, threadId, content: REQUESTS[(n * 5 + day) % REQUESTS.length]! });
        }
        identifiers.push(answer.assistantMessageId);
        const products = answer.response.contents.find((b) => b.type === 'products')?.value as Array<{ events?: Array<{ type: string; url?: string }> }> | undefined;
        for (const e of answer.events.filter((x) => x.type === 'IMP')) {
          for (const url of e.urls ?? [e.url!]) {
            await hit(url);
          }
        }
        for (const [k, product] of (products ?? []).slice(0, 3).entries()) {
          for (const e of product.events ?? []) {
            if (e.type === 'visible_impression' || (e.type === 'click' && k === 0 && n % 3 === 0)) {
              await hit(e.url!);
            }
          }
        }
        if (n % 4 === 0 || n % 7 === 0) {
          const res = await t.app.inject({
            method: 'PUT',
            url: '/shopping/feedback',
            payload: { tenant_id: 'demo-en', resourceId, threadId, messageId: answer.assistantMessageId, reaction: n % 7 === 0 ? 'dislike' : 'like' },
          });
          // A registered buyer's reaction needs the token; those are left out.
          assert.ok(res.statusCode === 200 || res.statusCode === 401, res.body);
        }
      }
    }
    // The tracking writer flushes every 20 ms in tests.
    await new Promise((r) => setTimeout(r, 300));
    const res = await t.app.inject({ method: 'GET', url: '/insights/v1/summary?utcOffset=0', headers: { authorization: `Bearer ${DEMO_KEY}` } });
    assert.equal(res.statusCode, 200, res.body);
    expected = res.json() as Summary;

    browser = await launchBrowser();
    context = await newShopContext(browser, server.baseUrl, { width: 1366, height: 900 });
    // The browser's time zone is UTC, as the summary read above.
    page = await context.newPage();
    page.on('request', (request) => addresses.push(request.url()));
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  test('the page asks for the key; a wrong key shows a clear message and opens nothing', async () => {
    await page.goto(`${server.baseUrl}/insights`);
    await page.locator('#sign-in').waitFor({ state: 'visible' });
    assert.equal(await page.locator('h1').textContent(), 'Insights for your shop');
    await page.locator('#key').fill('not-the-key');
    await page.locator('#key-form button[type="submit"]').click();
    const error = page.locator('#key-error');
    await error.waitFor({ state: 'visible' });
    assert.equal(await error.textContent(), 'This key is not valid. Check it and enter it again.');
    assert.equal(await page.locator('#report').isVisible(), false);
    assert.equal(await page.evaluate(storedKey), null);
  });

  test("the right key shows the shop's figures, the same as the summary, with charts and lists", async () => {
    await page.locator('#key').fill(DEMO_KEY);
    await page.locator('#key-form button[type="submit"]').click();
    await page.locator('#report').waitFor({ state: 'visible' });
    await page.locator('[data-chart] canvas').first().waitFor();
    assert.equal(await page.locator('#shop-name').textContent(), 'Demo Store');
    const tile = async (name: string) => (await page.locator(`[data-figure="${name}"] .tile-value`).textContent())?.trim();
    const fmt = (v: number | null | undefined) => new Intl.NumberFormat('en-US').format(v ?? 0);
    assert.ok((expected.totals.turns ?? 0) > 40, 'three weeks of turns');
    assert.equal(await tile('conversations'), fmt(expected.totals.conversations));
    assert.equal(await tile('turns'), fmt(expected.totals.turns));
    assert.equal(await tile('with-products'), fmt(expected.totals.answersWithProducts));
    assert.equal(await tile('feedback'), `${fmt(expected.totals.likes)} / ${fmt(expected.totals.dislikes)}`);
    assert.equal(await tile('presses'), fmt(expected.totals.starterPromptPresses));
    assert.ok((expected.totals.starterPromptPresses ?? 0) > 0 && (expected.totals.clicks ?? 0) > 0 && (expected.totals.dislikes ?? 0) > 0, JSON.stringify(expected.totals));
    // Five charts, each drawn on a canvas.
    assert.equal(await page.locator('[data-chart]').count(), 5);
    assert.equal(await page.locator('[data-chart] canvas').count(), 5);
    // The lists: the most frequent request first, with its count; the missing assortment.
    const firstRow = page.locator('[data-list="top-requests"] tbody tr').first();
    assert.equal(await firstRow.locator('td').nth(0).textContent(), expected.topRequests[0]!.text);
    assert.equal(await firstRow.locator('td').nth(1).textContent(), fmt(expected.topRequests[0]!.count));
    assert.equal(await page.locator('[data-list="requests-without-products"] tbody tr').count(), expected.requestsWithoutProducts.length);
    assert.ok(expected.requestsWithoutProducts.length > 0, JSON.stringify(expected.topRequests));
    assert.ok((await page.locator('[data-list="disliked-answers"] tbody tr').count()) > 0);
    assert.ok((await page.locator('[data-list="prompts"] tbody tr').count()) > 0);
    await assertAccessible(page, 'the insights page', 'body');

    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'insights.png'), fullPage: true });
  });

  test('no buyer or dialog identifier on the page, and the key in no address', async () => {
    const text = (await page.locator('body').textContent()) ?? '';
    const html = await page.content();
    assert.ok(identifiers.length > 100);
    assertNone(identifiers, (id) => text.includes(id) || html.includes(id));
    assert.ok(addresses.some((a) => a.includes('/insights/v1/summary')), 'the page asked for the summary');
    assertNone(addresses, (a) => a.includes(DEMO_KEY) || a.includes('not-the-key'));
  });

  test('the key is kept for the tab: a reload stays open; signing out forgets it', async () => {
    await page.reload();
    await page.locator('#report').waitFor({ state: 'visible' });
    await page.locator('#sign-out').click();
    await page.locator('#sign-in').waitFor({ state: 'visible' });
    assert.equal(await page.evaluate(storedKey), null);
    await page.reload();
    await page.locator('#sign-in').waitFor({ state: 'visible' });
    assert.equal(await page.locator('#report').isVisible(), false);
  });
});
