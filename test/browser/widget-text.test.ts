/**
 * Answer text is shop data the page must never run. Two copies of the English demo shop whose
 * engine (the real catalogue engine, its text replaced through the app's engine seam) answers
 * with HTML, a script and a `javascript:` link: the plain_text shop must show it as text, the
 * markdown shop must render it with the dangerous parts neutralised — in the widget and on the
 * shared-dialog page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { browserSkip, launchBrowser, newShopContext, recordRequests, screenshot, sleep, startBrowserTestServer, type BrowserTestServer, type SentRequest } from '../helpers/browser.ts';
import { cardSkus, open, say, shopsOptions } from './widget.ts';
import type { DomElement, PageGlobals } from './dom.ts';

/** Attributes an element of rendered answer text carries that could run or load something. */
async function activeMarkup(text: Locator): Promise<string[]> {
  return text.evaluateAll((blocks: DomElement[]) => {
    const found: string[] = [];
    for (const block of blocks) {
      for (const el of Array.from(block.querySelectorAll('*'))) {
        const tag = el.tagName.toLowerCase();
        if (['script', 'iframe', 'object', 'embed', 'style', 'link', 'meta', 'form', 'base'].includes(tag)) {
          found.push(`<${tag}>`);
        }
        for (const attr of Array.from(el.attributes)) {
          if (/^on/i.test(attr.name)) {
            found.push(`${tag}[${attr.name}]`);
          }
          if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attr.name) && !/^https?:/i.test(attr.value.trim())) {
            found.push(`${tag}[${attr.name}=${attr.value}]`);
          }
        }
      }
    }
    return found;
  });
}

const pwned = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).window.__pwned ?? null);

describe('answer text in the page', { skip: browserSkip }, () => {
  let server: BrowserTestServer;
  let browser: Browser;
  let context: BrowserContext;
  const dialogs: string[] = [];

  before(async () => {
    server = await startBrowserTestServer(shopsOptions());
    browser = await launchBrowser();
    context = await newShopContext(browser, server.baseUrl);
    context.on('page', (p) => p.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    }));
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  test('plain_text containing HTML is shown as the very text, nothing of it interpreted', async () => {
    const page = await context.newPage();
    await open(page, server.testPage({ attrs: { tenant: 'plain-shop' } }));
    const answer = await say(page, 'Phone under $500');
    const text = answer.locator('[part~="text"]');
    const shown = await text.first().innerText();
    assert.ok(shown.includes('Great <b>phones</b> <img src="x" onerror="window.__pwned=1"> <script>window.__pwned=2</script>'), shown);
    assert.ok(shown.includes('[tap here](javascript:window.__pwned=3)'), `markdown is not rendered in plain_text either: ${shown}`);
    assert.equal(await text.locator('b, img, script, a').count(), 0, 'no element made from the text');
    assert.ok((await cardSkus(answer)).length > 0, 'the cards are shown as usual');
    await sleep(300);
    assert.equal(await pwned(page), null);
    assert.deepEqual(dialogs, []);
    await screenshot(page, 'widget-plain-text-with-html');
    await page.close();
  });

  describe('markdown with a script and a javascript: link', () => {
    let page: Page;
    let sent: SentRequest[];
    let text: Locator;

    before(async () => {
      page = await context.newPage();
      sent = recordRequests(page, server.baseUrl);
      await open(page, server.testPage({ attrs: { tenant: 'markdown-shop' } }));
      const answer = await say(page, 'Phone under $500');
      text = answer.locator('[part~="text"]');
    });

    test('is rendered as markdown with nothing that runs: no script, no event handler, no javascript: address', async () => {
      assert.deepEqual(await activeMarkup(text), []);
      const links = text.locator('a');
      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      assert.ok(hrefs.includes('https://demo.aisle.example/en/deals'), `the https link is a link: ${JSON.stringify(hrefs)}`);
      assert.ok((await text.first().innerText()).includes('tap here'), 'the text of the neutralised link stays');
      // Press whatever shows "tap here": nothing runs.
      await text.getByText('tap here').first().click();
      await sleep(300);
      assert.equal(await pwned(page), null);
      assert.deepEqual(dialogs, []);
      await screenshot(page, 'widget-markdown-neutralised');
    });

    test('the shared page of that dialog is as safe', async () => {
      const gen = sent.filter((r) => r.path === '/shopping/generate').at(-1);
      assert.ok(gen);
      const body = gen.body as { threadId: string; resourceId: string };
      const res = await server.t.app.inject({
        method: 'POST',
        url: '/dialogs/share',
        headers: { authorization: gen.authorization as string },
        payload: { user_id: body.resourceId, dialog_id: body.threadId },
      });
      assert.equal(res.statusCode, 201, res.body);
      const shared = await context.newPage();
      const nav = await shared.goto(`${server.baseUrl}/s/${res.json().share_token as string}`);
      assert.equal(nav?.status(), 200);
      const sharedText = shared.locator('[part~="text"]');
      await sharedText.first().waitFor();
      assert.ok((await sharedText.first().innerText()).includes('tap here'));
      assert.deepEqual(await activeMarkup(sharedText), []);
      await sleep(300);
      assert.equal(await pwned(shared), null);
      await shared.close();
    });

    after(() => page?.close());
  });
});
