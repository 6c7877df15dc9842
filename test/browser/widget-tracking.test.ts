/**
 * Spec part 6 as a shop's report sees it: the widget in headless Chromium calls the tracking
 * links of the answers, which point at Aisle's own collector on this socket, and the events
 * are counted in the tracking_events table. IMP once per display whether seen or not; WRIMP
 * and the block's visible_impression only after the block stayed half-visible for a second;
 * one visible_impression per card seen; one click per click; and a collector that cannot be
 * reached changes nothing for the buyer.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { browserSkip, eventually, launchBrowser, newShopContext, screenshot, sleep, startBrowserTestServer, type BrowserTestServer } from '../helpers/browser.ts';
import { cardSkus, chat, open, say, shopsOptions, waitForAnswers } from './widget.ts';
import type { DomElement, PageGlobals } from './dom.ts';

/** Long enough for any event the widget would wrongly send to have been written (flush every 20 ms). */
const SETTLE_MS = 1500;
/** Page scroll that puts the widget (at the top of the page) wholly out of view. */
const OUT_OF_VIEW = 2400;

const count = (events: string[], what: string) => events.filter((e) => e === what).length;

/** How much of each element is in view now, measured by the page's own IntersectionObserver. */
function visibleRatios(elements: Locator): Promise<number[]> {
  return elements.evaluateAll((els: DomElement[]) => {
    const { IntersectionObserver } = globalThis as unknown as PageGlobals;
    return Promise.all(
      els.map(
        (el) =>
          new Promise<number>((resolve) => {
            const io = new IntersectionObserver(([entry]) => {
              io.disconnect();
              resolve(entry && entry.isIntersecting ? entry.intersectionRatio : 0);
            });
            io.observe(el);
          }),
      ),
    );
  });
}

async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => (globalThis as unknown as PageGlobals).window.scrollTo({ top, behavior: 'instant' }), y);
  // Two frames: the scroll is painted and the observers have run.
  await page.evaluate(() => {
    const { requestAnimationFrame } = globalThis as unknown as PageGlobals;
    return new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
  });
}

/** Sends a message without scrolling the widget into view (as a script would, no pointer). */
async function sendUnseen(page: Page, text: string): Promise<Locator> {
  const c = chat(page);
  const before = await c.answers.count();
  await c.input.evaluate((input: DomElement, value) => {
    const { Event } = globalThis as unknown as PageGlobals;
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }, text);
  await c.send.dispatchEvent('click');
  return waitForAnswers(page, before + 1);
}

describe('tracking of answers at Aisle’s own collector', { skip: browserSkip }, () => {
  let server: BrowserTestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let firstId: string;
  let firstCards: string[];
  const events = (id: string) => server.trackedEvents(id);

  before(async () => {
    server = await startBrowserTestServer(shopsOptions());
    browser = await launchBrowser();
    context = await newShopContext(browser, server.baseUrl);
    page = await context.newPage();
    await open(page, server.testPage({ attrs: { tenant: 'demo-en', 'page-type': 'HOMEPAGE' }, below: 4000 }));
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  test('IMP is sent once on display although the block is out of view; WRIMP not before the block is seen', async () => {
    await scrollTo(page, OUT_OF_VIEW);
    const answer = await sendUnseen(page, 'Phone under $500');
    assert.equal(await page.evaluate(() => (globalThis as unknown as PageGlobals).window.scrollY), OUT_OF_VIEW, 'the widget leaves the shop page where the buyer scrolled it');
    firstId = (await answer.getAttribute('data-message-id')) as string;
    firstCards = await cardSkus(answer);
    assert.ok(firstCards.length >= 2, 'an answer with cards');
    await eventually(() => events(firstId), (e) => e.includes('IMP'));
    await sleep(SETTLE_MS);
    assert.deepEqual(await events(firstId), ['IMP'], 'IMP only: nothing of the block was visible');
  });

  test('a block scrolled in and out again within a second gets no WRIMP', async () => {
    const block = chat(page).answers.first().locator('[part~="products"]');
    // In and out by the page itself, so a slow test process cannot stretch the time in view.
    const { ratio, inViewMs } = await block.evaluate(async (el: DomElement, [out, dwell]) => {
      const { window, IntersectionObserver, requestAnimationFrame } = globalThis as unknown as PageGlobals;
      // No named function in here: the TypeScript loader would wrap it in a helper the page lacks.
      const started = performance.now();
      window.scrollTo({ top: 0, behavior: 'instant' });
      const seen = await new Promise<number>((resolve) => {
        const io = new IntersectionObserver(([entry]) => {
          io.disconnect();
          resolve(entry && entry.isIntersecting ? entry.intersectionRatio : 0);
        });
        io.observe(el);
      });
      await new Promise((r) => setTimeout(r, dwell));
      window.scrollTo({ top: out, behavior: 'instant' });
      await new Promise<void>((r) => requestAnimationFrame(() => r()));
      return { ratio: seen, inViewMs: performance.now() - started };
    }, [OUT_OF_VIEW, 300] as const);
    assert.ok(ratio >= 0.5, `the products block is at least half visible in the widget once scrolled in (${ratio})`);
    assert.ok(inViewMs < 900, `precondition: the block was in view for less than a second (${Math.round(inViewMs)} ms)`);
    await sleep(SETTLE_MS);
    const seen = await events(firstId);
    assert.equal(count(seen, 'WRIMP'), 0, seen.join(' '));
    assert.equal(count(seen, 'visible_impression'), 0, `no block-level visible_impression either: ${seen.join(' ')}`);
    assert.equal(count(seen, 'IMP'), 1);
  });

  test('a block kept half-visible for more than a second gets one WRIMP and one block visible_impression, never again', async () => {
    await scrollTo(page, 0);
    const seen = await eventually(() => events(firstId), (e) => e.includes('WRIMP') && e.includes('visible_impression'));
    assert.equal(count(seen, 'WRIMP'), 1, seen.join(' '));
    await screenshot(page, 'widget-tracking-block-in-view');
    // Out and in again, and long enough for a second WRIMP if the widget sent one.
    await scrollTo(page, OUT_OF_VIEW);
    await sleep(300);
    await scrollTo(page, 0);
    await sleep(SETTLE_MS);
    const after = await events(firstId);
    assert.equal(count(after, 'WRIMP'), 1, after.join(' '));
    assert.equal(count(after, 'visible_impression'), 1, `the block-level visible_impression once: ${after.join(' ')}`);
    assert.equal(count(after, 'IMP'), 1, after.join(' '));
  });

  test('one visible_impression per card, sent when the card is half visible and not for cards not seen', async () => {
    const cards = chat(page).answers.first().locator('[part~="card"]');
    const ratios = await visibleRatios(cards);
    const seen = firstCards.filter((_, i) => (ratios[i] ?? 0) >= 0.5);
    const unseen = firstCards.filter((_, i) => (ratios[i] ?? 0) === 0);
    assert.ok(seen.length > 0, `some cards are in view (${ratios.join(', ')})`);
    await sleep(SETTLE_MS);
    let now = await events(firstId);
    for (const sku of seen) {
      assert.equal(count(now, `visible_impression:${sku}`), 1, `card ${sku} seen: ${now.join(' ')}`);
    }
    for (const sku of unseen) {
      assert.equal(count(now, `visible_impression:${sku}`), 0, `card ${sku} never in view: ${now.join(' ')}`);
    }
    // Bring every card into view in turn (a carousel scrolls sideways); each counts once.
    for (let i = 0; i < firstCards.length; i++) {
      await cards.nth(i).scrollIntoViewIfNeeded();
      await sleep(100);
    }
    await scrollTo(page, 0);
    now = await eventually(() => events(firstId), (e) => firstCards.every((sku) => e.includes(`visible_impression:${sku}`)));
    await sleep(SETTLE_MS);
    now = await events(firstId);
    for (const sku of firstCards) {
      assert.equal(count(now, `visible_impression:${sku}`), 1, `card ${sku}: ${now.join(' ')}`);
    }
  });

  test('each click on a card is counted, at that card', async () => {
    const cards = chat(page).answers.first().locator('[part~="card"]');
    const clickLink = async (i: number) => {
      const [popup] = await Promise.all([context.waitForEvent('page'), cards.nth(i).locator('a[part~="card-link"]').click()]);
      await popup.close();
    };
    await clickLink(0);
    await clickLink(0);
    await clickLink(1);
    const [a, b] = firstCards as [string, string];
    const now = await eventually(() => events(firstId), (e) => count(e, `click:${a}`) >= 2 && count(e, `click:${b}`) >= 1);
    await sleep(SETTLE_MS);
    const settled = await events(firstId);
    assert.equal(count(settled, `click:${a}`), 2, now.join(' '));
    assert.equal(count(settled, `click:${b}`), 1, now.join(' '));
    assert.equal(settled.filter((e) => e.startsWith('click:')).length, 3, 'no click for cards not clicked');
  });

  test('impressions are not sent again when the answer is rendered again (a new answer, a reaction, the dialog list)', async () => {
    const c = chat(page);
    const before = await events(firstId);
    const second = await say(page, 'Cheaper');
    const secondId = (await second.getAttribute('data-message-id')) as string;
    await c.answers.first().locator('button[part~="like"]').click();
    await c.part('dialogs-toggle').click();
    await c.part('dialogs-toggle').click();
    await scrollTo(page, 0);
    // The like button's click scrolled the list to the first answer: the second is brought
    // back into view, where it stays until its one WRIMP is sent.
    await second.scrollIntoViewIfNeeded();
    await eventually(() => events(secondId), (e) => e.includes('WRIMP'), 15_000);
    await sleep(SETTLE_MS);
    assert.deepEqual(await events(firstId), before, 'nothing more for the first answer');
    const next = await events(secondId);
    assert.equal(count(next, 'IMP'), 1, next.join(' '));
    assert.equal(count(next, 'WRIMP'), 1, next.join(' '));
  });

  test('a collector that cannot be reached does not break the widget', async () => {
    const c = chat(page);
    let failed = 0;
    await page.route('**/shopping/events/**', (route) => {
      failed++;
      return route.abort('connectionrefused');
    });
    try {
      const answer = await say(page, 'Coffee maker');
      const id = (await answer.getAttribute('data-message-id')) as string;
      const [popup] = await Promise.all([context.waitForEvent('page'), answer.locator('a[part~="card-link"]').first().click()]);
      await popup.close();
      await sleep(1500);
      assert.ok(failed > 0, 'the widget did try its tracking links');
      assert.deepEqual(await events(id), [], 'nothing reached the collector');
      assert.equal(await c.error.isVisible(), false, 'no error shown for tracking');
      // The buyer goes on: a reaction and the next message work.
      const res = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/shopping/feedback');
      await answer.locator('button[part~="like"]').click();
      assert.equal((await res).status(), 200);
      const next = await say(page, 'Robot vacuum');
      assert.ok((await cardSkus(next)).length > 0, 'the next answer is shown with its cards');
    } finally {
      await page.unroute('**/shopping/events/**');
    }
  });
});
