/**
 * The playground at `/` in headless Chromium, as a newcomer meets it after `npm start`: the
 * mock shop of the Russian demo with the widget, the switch to the English shop, a product page
 * whose product the widget is told about, and the developer panel listing the widget's requests
 * with their raw answers. Off by setting, `/` is not served.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildTestApp } from '../helpers/app.ts';
import { assertAccessible, browserSkip, launchBrowser, newShopContext, recordRequests, screenshot, startBrowserTestServer, type BrowserTestServer, type SentRequest } from '../helpers/browser.ts';
import { cardSkus, chat, shopsOptions, waitForAnswers } from './widget.ts';
import { assertEvery } from '../helpers/assert.ts';

const CYRILLIC = /[\u0400-\u04ff]/u;

describe('the playground', { skip: browserSkip }, () => {
  let server: BrowserTestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let sent: SentRequest[];

  before(async () => {
    server = await startBrowserTestServer({ ...shopsOptions(), env: { PLAYGROUND: 'on' } });
    browser = await launchBrowser();
    context = await newShopContext(browser, server.baseUrl, { width: 1440, height: 900 });
    page = await context.newPage();
    sent = recordRequests(page, server.baseUrl);
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  test('opens on the Russian demo shop with the widget and its Russian starter prompts', async () => {
    const res = await page.goto(`${server.baseUrl}/`);
    assert.equal(res?.status(), 200);
    const shops = await page.locator('select#tenant option').evaluateAll((os) => os.map((o) => o.getAttribute('value')));
    assert.ok(shops.includes('demo') && shops.includes('demo-en'), `both demo shops offered: ${shops.join(', ')}`);
    assert.equal(await page.locator('select#tenant').inputValue(), 'demo');
    assert.equal(await page.locator('aisle-chat').getAttribute('tenant'), 'demo');
    const c = chat(page);
    await c.starters.first().waitFor({ timeout: 10_000 });
    const starters = await c.starters.allTextContents();
    assert.equal(starters.length, 5);
    assertEvery(starters, (s) => CYRILLIC.test(s), starters.join(' | '));
    await screenshot(page, 'playground-ru');
  });

  test('the English shop on a product page: the widget gets the product as its page context', async () => {
    await page.locator('select#tenant').selectOption('demo-en');
    const c = chat(page);
    await page.waitForFunction(() => {
      const { document } = globalThis as unknown as { document: { querySelector(s: string): { getAttribute(n: string): string | null } | null } };
      return document.querySelector('aisle-chat')?.getAttribute('tenant') === 'demo-en';
    });
    await page.locator('select#page-type').selectOption('product');
    const product = page.locator('select#product');
    await product.waitFor({ state: 'visible' });
    const sku = await product.inputValue();
    assert.ok(sku, 'a product is chosen');
    assert.equal(await page.locator('aisle-chat').getAttribute('page-type'), 'PRODUCT');
    assert.deepEqual(JSON.parse((await page.locator('aisle-chat').getAttribute('page-data')) ?? 'null'), [sku]);

    await c.starters.filter({ hasText: 'Show similar products' }).waitFor({ timeout: 10_000 });
    assertEvery(await c.starters.allTextContents(), (s) => !CYRILLIC.test(s), 'English prompts in the English shop');
    await c.starters.filter({ hasText: 'Show similar products' }).click();
    const answer = await waitForAnswers(page, 1);
    const body = sent.filter((r) => r.path === '/shopping/generate').at(-1)?.body as { runtimeContext: { tenant_id: string; ctx?: { type?: string; data?: unknown } } };
    assert.equal(body.runtimeContext.tenant_id, 'demo-en');
    assert.deepEqual([body.runtimeContext.ctx?.type, body.runtimeContext.ctx?.data], ['PRODUCT', [sku]]);
    const skus = await cardSkus(answer);
    assert.ok(skus.length > 0 && !skus.includes(sku), `similar products, not the page product: ${skus.join(', ')}`);
    await assertAccessible(page, 'the widget in the playground');
    await screenshot(page, 'playground-en-product');
  });

  test('the developer panel lists each request with its status and raw JSON answer', async () => {
    const log = page.locator('#dev-log');
    const id = (await chat(page).answers.first().getAttribute('data-message-id')) as string;
    const generate = log.locator('li', { hasText: 'POST /shopping/generate' }).first();
    await generate.waitFor();
    assert.match(await generate.locator('summary').innerText(), /POST \/shopping\/generate 200 \d+ ms/);
    assert.ok((await generate.innerText()).includes(`"assistantMessageId": "${id}"`), 'the raw answer is shown');
    assert.ok((await log.locator('li', { hasText: 'POST /shopping/starter-prompts' }).count()) > 0);
    assert.ok((await log.locator('li', { hasText: '/shopping/events/' }).count()) > 0, 'tracking calls are listed too');
  });

  test('the cart page sends CART with the cart product', async () => {
    await page.locator('select#page-type').selectOption('cart');
    const sku = await page.locator('select#product').inputValue();
    assert.equal(await page.locator('aisle-chat').getAttribute('page-type'), 'CART');
    const c = chat(page);
    await c.input.fill('What goes with it?');
    await c.send.click();
    await waitForAnswers(page, 2);
    const body = sent.filter((r) => r.path === '/shopping/generate').at(-1)?.body as { runtimeContext: { ctx?: { type?: string; data?: unknown } } };
    assert.deepEqual([body.runtimeContext.ctx?.type, body.runtimeContext.ctx?.data], ['CART', [sku]]);
    await screenshot(page, 'playground-en-cart');
  });

  test('with PLAYGROUND=off, / is not served', async () => {
    const off = await buildTestApp('sqlite', { env: { PLAYGROUND: 'off' }, catalogs: {} });
    try {
      assert.equal((await off.app.inject({ method: 'GET', url: '/' })).statusCode, 404);
      assert.equal((await off.app.inject({ method: 'GET', url: '/playground.js' })).statusCode, 404);
    } finally {
      await off.close();
    }
  });
});
