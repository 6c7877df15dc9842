/**
 * A buyer's conversation through `<aisle-chat>` in headless Chromium, against the real Aisle on
 * a local socket with the bundled English demo shop: the welcome screen's starter prompts, an
 * answer with its cards, a refinement by quick reply, a product page's context, reactions that
 * stay stored, a reload that brings the dialog back, and the dialog list with hiding.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { formatPrice } from '../../src/assistant/catalog-engine/texts.ts';
import { registerGuest, auth } from '../helpers/app.ts';
import { browserSkip, launchBrowser, newShopContext, recordRequests, screenshot, startBrowserTestServer, type BrowserTestServer, type SentRequest } from '../helpers/browser.ts';
import { cardSkus, chat, messageText, open, say, shopsOptions, waitForAnswers } from './widget.ts';
import { assertEvery } from '../helpers/assert.ts';

interface Product {
  sku: string;
  name: string;
  brand?: string;
  price?: number | null;
  url?: string;
}
interface Answer {
  threadId: string;
  resourceId: string;
  assistantMessageId: string;
  response: { contents: Array<{ type: string; value: unknown }>; ui?: { suggests?: string[] } };
}

/** The price as the shop's own answer text writes it ("$799", "$199.99"): a card and the sentence above it agree. */
const usd = (n: number) => formatPrice(n, '$', 'en');
const productsOf = (a: Answer): Product[] => a.response.contents.filter((b) => b.type === 'products').flatMap((b) => b.value as Product[]);
const isGenerate = (r: Response) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/shopping/generate';

/** The five starter prompts Aisle offers a new buyer of demo-en on this page, asked through the API. */
async function offeredPrompts(server: BrowserTestServer, ctx: unknown, who: string): Promise<string[]> {
  const token = await registerGuest(server.t.app, 'demo-en', who);
  const res = await server.t.app.inject({ method: 'POST', url: '/shopping/starter-prompts', headers: auth(token), payload: { ctx } });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json().prompts as Array<{ text: string }>).map((p) => p.text);
}

function lastSent(sent: SentRequest[], method: string, path: string): SentRequest {
  const found = sent.filter((r) => r.method === method && r.path === path).at(-1);
  assert.ok(found, `the widget sent ${method} ${path}`);
  return found;
}

describe('a conversation in the widget', { skip: browserSkip }, () => {
  let server: BrowserTestServer;
  let browser: Browser;

  before(async () => {
    server = await startBrowserTestServer(shopsOptions());
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  describe('on the home page', () => {
    let context: BrowserContext;
    let page: Page;
    let sent: SentRequest[];
    const answers: Answer[] = [];

    before(async () => {
      context = await newShopContext(browser, server.baseUrl);
      page = await context.newPage();
      sent = recordRequests(page, server.baseUrl);
      await open(page, server.testPage({ attrs: { tenant: 'demo-en', 'page-type': 'HOMEPAGE' } }));
    });
    after(() => context?.close());

    /** Sends through `act` and returns the answer Aisle gave, as the widget received it. */
    async function answered(act: () => Promise<unknown>): Promise<Answer> {
      const [response] = await Promise.all([page.waitForResponse(isGenerate), act()]);
      assert.equal(response.status(), 200);
      const answer = (await response.json()) as Answer;
      answers.push(answer);
      await waitForAnswers(page, answers.length);
      return answer;
    }

    test('the welcome screen shows the five starter prompts Aisle offers for the page, in order', async () => {
      const c = chat(page);
      await c.starters.first().waitFor({ timeout: 10_000 });
      assert.ok(await c.welcome.isVisible());
      assert.equal(await c.part('message').count(), 0);
      const expected = await offeredPrompts(server, { type: 'HOMEPAGE' }, 'prompts-home');
      assert.equal(expected.length, 5);
      assert.deepEqual(await c.starters.allTextContents().then((t) => t.map((s) => s.trim())), expected);
      assert.deepEqual((lastSent(sent, 'POST', '/shopping/starter-prompts').body as { ctx?: { type?: string } }).ctx?.type, 'HOMEPAGE');
      await screenshot(page, 'widget-welcome');
    });

    test('pressing a starter prompt sends its text and shows the answer with its product cards', async () => {
      const c = chat(page);
      const prompt = c.starters.filter({ hasText: 'Phone under $500' });
      const answer = await answered(() => prompt.click());
      assert.equal(await c.welcome.isVisible(), false, 'the welcome screen gives way to the dialog');
      assert.equal(await messageText(c.userMessages.nth(0)), 'Phone under $500');
      const shown = c.answers.nth(0);
      assert.equal(await shown.getAttribute('data-message-id'), answer.assistantMessageId);
      const message = answer.response.contents.find((b) => b.type === 'message')?.value as string;
      assert.ok((await shown.locator('[part~="text"]').first().innerText()).includes(message.slice(0, 20)), 'the answer text');

      const products = productsOf(answer);
      assert.ok(products.length >= 2, `the demo shop answers with several phones (${products.length})`);
      assert.deepEqual(await cardSkus(shown), products.map((p) => p.sku), 'one card per product, in order');
      assert.equal(await shown.locator('[part~="products"][data-block="products"]').count(), 1);
      for (const [i, p] of products.entries()) {
        const card = shown.locator('[part~="card"]').nth(i);
        assert.equal((await card.locator('[part~="card-name"]').innerText()).trim(), p.name);
        assert.equal((await card.locator('[part~="card-brand"]').innerText()).trim(), p.brand);
        assert.equal((await card.locator('[part~="card-price"]').innerText()).replace(/[\s\u00a0\u202f]+/g, ' ').trim(), usd(p.price as number));
        assert.equal(await card.locator('img[part~="card-image"]').getAttribute('alt'), p.name);
        const link = card.locator('a[part~="card-link"]');
        assert.equal(await link.getAttribute('href'), p.url);
        assert.equal(await link.getAttribute('target'), '_blank');
        assert.deepEqual((await link.getAttribute('rel'))?.split(/\s+/).sort(), ['noopener', 'noreferrer']);
      }
      const suggests = answer.response.ui?.suggests ?? [];
      assert.ok(suggests.length > 0, 'the answer offers quick replies');
      assert.deepEqual((await shown.locator('button[part~="suggest"]').allTextContents()).map((s) => s.trim()), suggests);
      assert.equal(await shown.locator('button[part~="like"]').getAttribute('aria-pressed'), 'false');
      assert.equal(await shown.locator('button[part~="dislike"]').getAttribute('aria-pressed'), 'false');
      await screenshot(page, 'widget-answer-with-cards');
    });

    test('a quick reply refines the search in the same dialog, sending only the new message', async () => {
      const c = chat(page);
      const first = answers[0] as Answer;
      const answer = await answered(() => c.answers.nth(0).locator('button[part~="suggest"]', { hasText: 'Cheaper' }).click());
      assert.equal(await messageText(c.userMessages.nth(1)), 'Cheaper');
      const body = lastSent(sent, 'POST', '/shopping/generate').body as { threadId: string; resourceId: string; messages: Array<{ content: unknown }> };
      assert.equal(body.threadId, first.threadId, 'the same dialog');
      assert.equal(body.resourceId, first.resourceId);
      assert.deepEqual(body.messages.map((m) => m.content), ['Cheaper'], 'only the new message is sent');

      const before = productsOf(first);
      const now = productsOf(answer);
      assert.ok(now.length > 0, 'the refinement shows products');
      assertEvery(now, (p) => p.sku.startsWith('US-101-'), `still phones: ${now.map((p) => p.sku).join(', ')}`);
      const maxPrice = (ps: Product[]) => Math.max(...ps.map((p) => p.price ?? 0));
      assert.ok(maxPrice(now) < maxPrice(before), `cheaper: ${maxPrice(now)} < ${maxPrice(before)}`);
      assert.deepEqual(await cardSkus(c.answers.nth(1)), now.map((p) => p.sku));
      assert.equal(await c.answers.count(), 2, 'the first answer stays shown above');
    });

    test('like, then dislike, then pressing dislike again: each state shown and stored (read back through history)', async () => {
      const c = chat(page);
      const target = answers[1] as Answer;
      const shown = c.answers.nth(1);
      const like = shown.locator('button[part~="like"]');
      const dislike = shown.locator('button[part~="dislike"]');
      const token = lastSent(sent, 'POST', '/shopping/generate').authorization;
      assert.match(token ?? '', /^Bearer gst_/, 'the widget sends its guest token as a Bearer header');
      const stored = async () => {
        const res = await server.t.app.inject({
          method: 'POST',
          url: '/shopping/history',
          headers: { authorization: token as string },
          payload: { tenant_id: 'demo-en', resourceId: target.resourceId, threadId: target.threadId },
        });
        assert.equal(res.statusCode, 200, res.body);
        const item = (res.json().items as Array<{ id: string; feedback?: { reaction: string | null } }>).find((i) => i.id === target.assistantMessageId);
        return item?.feedback?.reaction ?? null;
      };
      const isFeedback = (r: Response) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/shopping/feedback';
      const press = async (button: typeof like) => {
        const [res] = await Promise.all([page.waitForResponse(isFeedback), button.click()]);
        assert.equal(res.status(), 200);
        return JSON.parse(res.request().postData() ?? '{}').reaction as string | null;
      };

      assert.equal(await press(like), 'like');
      assert.deepEqual([await like.getAttribute('aria-pressed'), await dislike.getAttribute('aria-pressed')], ['true', 'false']);
      assert.equal(await stored(), 'like');

      assert.equal(await press(dislike), 'dislike');
      assert.deepEqual([await like.getAttribute('aria-pressed'), await dislike.getAttribute('aria-pressed')], ['false', 'true']);
      assert.equal(await stored(), 'dislike');

      assert.equal(await press(dislike), null, 'pressing the pressed one again removes the reaction');
      assert.deepEqual([await like.getAttribute('aria-pressed'), await dislike.getAttribute('aria-pressed')], ['false', 'false']);
      assert.equal(await stored(), null);
    });

    test('a reload brings the same dialog back, reactions included, and it goes on in the same dialog', async () => {
      const c = chat(page);
      const isFeedback = (r: Response) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/shopping/feedback';
      await Promise.all([page.waitForResponse(isFeedback), c.answers.nth(0).locator('button[part~="like"]').click()]);
      const ids = async () => c.part('message').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-role')}:${e.getAttribute('data-message-id')}`));
      const beforeIds = await ids();
      assert.equal(beforeIds.length, 4);

      await page.reload();
      await c.panel.waitFor();
      await waitForAnswers(page, 2);
      assert.deepEqual(await ids(), beforeIds, 'the same messages, in order');
      assert.deepEqual(await cardSkus(c.answers.nth(0)), productsOf(answers[0] as Answer).map((p) => p.sku), 'cards restored');
      assert.equal(await c.answers.nth(0).locator('button[part~="like"]').getAttribute('aria-pressed'), 'true', 'the like is shown again');
      assert.equal(await c.answers.nth(1).locator('button[part~="dislike"]').getAttribute('aria-pressed'), 'false');
      assert.equal(await c.welcome.isVisible(), false);

      await say(page, 'Only Samsung');
      const body = lastSent(sent, 'POST', '/shopping/generate').body as { threadId: string; resourceId: string };
      assert.equal(body.threadId, (answers[0] as Answer).threadId, 'the same thread after the reload');
      assert.equal(body.resourceId, (answers[0] as Answer).resourceId, 'the same buyer after the reload');
    });

    test('the dialog list: a new dialog, switching between dialogs, and hiding one removes it from the list for good', async () => {
      const c = chat(page);
      const oldThread = (answers[0] as Answer).threadId;
      await c.part('new-dialog').click();
      await c.starters.first().waitFor();
      assert.equal(await c.part('message').count(), 0, 'a new dialog starts empty');
      await say(page, 'Coffee maker');
      const newThread = (lastSent(sent, 'POST', '/shopping/generate').body as { threadId: string }).threadId;
      assert.notEqual(newThread, oldThread);

      await c.part('dialogs-toggle').click();
      const items = c.part('dialog-item');
      await items.first().waitFor();
      const threads = () => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-thread-id')));
      assert.deepEqual(await threads(), [newThread, oldThread], 'most recent first');
      await screenshot(page, 'widget-dialog-list');

      await c.root.locator(`[part~="dialog-item"][data-thread-id="${oldThread}"] [part~="open"]`).click();
      await waitForAnswers(page, 3);
      assert.equal(await messageText(c.userMessages.nth(0)), 'Phone under $500', 'the old dialog is shown');

      if (!(await items.first().isVisible())) {
        await c.part('dialogs-toggle').click();
      }
      const isHide = (r: Response) => r.request().method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/shopping/dialogs/');
      const [res] = await Promise.all([page.waitForResponse(isHide), c.root.locator(`[part~="dialog-item"][data-thread-id="${newThread}"] [part~="hide"]`).click()]);
      assert.equal(res.status(), 204);
      await c.root.locator(`[part~="dialog-item"][data-thread-id="${newThread}"]`).waitFor({ state: 'detached' });
      assert.deepEqual(await threads(), [oldThread]);

      const token = lastSent(sent, 'POST', '/shopping/generate').authorization as string;
      const listed = await server.t.app.inject({ method: 'GET', url: '/shopping/dialogs', headers: { authorization: token } });
      assert.deepEqual((listed.json().items as Array<{ threadId: string }>).map((i) => i.threadId), [oldThread], 'hidden for Aisle too');

      await page.reload();
      await c.panel.waitFor();
      await c.part('dialogs-toggle').click();
      await items.first().waitFor();
      assert.deepEqual(await threads(), [oldThread], 'still gone after a reload');
    });
  });

  test("answer buttons: the support button hands the dialog to the shop's own chat by a DOM event, a link button opens its page in a new tab", async () => {
    const context = await newShopContext(browser, server.baseUrl);
    try {
      const page = await context.newPage();
      const sent = recordRequests(page, server.baseUrl);
      await open(page, server.testPage({ attrs: { tenant: 'demo-en' } }));
      await page.evaluate(() => {
        const g = globalThis as unknown as { document: { addEventListener(t: string, l: (e: { detail: unknown }) => void): void }; supportChats: unknown[] };
        g.supportChats = [];
        g.document.addEventListener('aisle:support-chat', (e) => g.supportChats.push(e.detail));
      });
      const answer = await say(page, 'I want to talk to a human');
      const support = answer.locator('button[part~="action"][data-action="open_support_chat"]');
      assert.equal(await support.count(), 1, 'the answer offers the support chat');
      await support.click();
      const threadId = (lastSent(sent, 'POST', '/shopping/generate').body as { threadId: string }).threadId;
      const events = await page.evaluate(() => (globalThis as unknown as { supportChats: unknown[] }).supportChats);
      assert.deepEqual(events, [{ threadId }], 'one aisle:support-chat event, heard on the document, naming the dialog');

      const shipping = await say(page, 'How much is shipping?');
      const link = shipping.locator('button[part~="action"][data-action="follow_url"]');
      assert.equal(await link.count(), 1, 'the answer offers the shop page on shipping');
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      assert.equal(tab.url(), 'https://demo.aisle.example/en/delivery');
      assert.equal(page.url().startsWith(server.baseUrl), true, 'the shop page itself stays');
    } finally {
      await context.close();
    }
  });

  describe('on a product page', () => {
    let context: BrowserContext;
    let page: Page;
    let sent: SentRequest[];

    before(async () => {
      context = await newShopContext(browser, server.baseUrl);
      page = await context.newPage();
      sent = recordRequests(page, server.baseUrl);
      await open(page, server.testPage({ attrs: { tenant: 'demo-en', 'page-type': 'PRODUCT', 'page-data': '["US-101-01"]' } }));
    });
    after(() => context?.close());

    test("the page's product is the context of the starter prompts and of the answer", async () => {
      const c = chat(page);
      await c.starters.first().waitFor({ timeout: 10_000 });
      const ctx = { type: 'PRODUCT', data: ['US-101-01'] };
      assert.deepEqual((lastSent(sent, 'POST', '/shopping/starter-prompts').body as { ctx?: unknown }).ctx, ctx);
      const expected = await offeredPrompts(server, ctx, 'prompts-product');
      assert.deepEqual((await c.starters.allTextContents()).map((s) => s.trim()), expected);
      assert.ok(expected.includes('Show similar products'));

      await c.starters.filter({ hasText: 'Show similar products' }).click();
      const answer = await waitForAnswers(page, 1);
      const body = lastSent(sent, 'POST', '/shopping/generate').body as { runtimeContext: { tenant_id: string; ctx?: { type?: string; data?: unknown } } };
      assert.equal(body.runtimeContext.tenant_id, 'demo-en');
      assert.deepEqual({ type: body.runtimeContext.ctx?.type, data: body.runtimeContext.ctx?.data }, ctx);
      assert.match(await answer.locator('[part~="text"]').first().innerText(), /Apple iPhone 15 128GB, Black/, 'the answer is about the page product');
      const skus = await cardSkus(answer);
      assert.ok(skus.length > 0 && !skus.includes('US-101-01'), `similar products, not the page product itself: ${skus.join(', ')}`);
      await screenshot(page, 'widget-product-page');
    });

    test('setPageContext changes the context sent with the next message', async () => {
      await page.locator('aisle-chat').evaluate((el) => (el as unknown as { setPageContext(c: unknown): void }).setPageContext({ type: 'CART', data: ['US-101-01'], storeId: 'store-7' }));
      await say(page, 'What goes with it?');
      const body = lastSent(sent, 'POST', '/shopping/generate').body as { runtimeContext: { ctx?: { type?: string; data?: unknown; attributes?: { storeId?: string } } } };
      assert.equal(body.runtimeContext.ctx?.type, 'CART');
      assert.deepEqual(body.runtimeContext.ctx?.data, ['US-101-01']);
      assert.equal(body.runtimeContext.ctx?.attributes?.storeId, 'store-7', 'a chosen store goes in ctx.attributes.storeId (spec 2.3)');
    });
  });
});
