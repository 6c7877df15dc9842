/**
 * The widget for a buyer without a mouse and for assistive technology, in headless Chromium:
 * a whole conversation with the keyboard only (Tab, Enter, Space), focus that can be seen, an
 * error with a retry that resends the same message, and axe-core run in the page on each main
 * state with no serious or critical violation.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertAccessible, browserSkip, launchBrowser, newShopContext, recordRequests, screenshot, startBrowserTestServer, type BrowserTestServer, type SentRequest } from '../helpers/browser.ts';
import { chat, messageText, open, say, shopsOptions, waitForAnswers } from './widget.ts';
import type { DomElement, PageGlobals } from './dom.ts';
import { assertEvery } from '../helpers/assert.ts';

interface Focused {
  part: string;
  role: string | null;
  text: string;
  /** Whether the focused element is drawn differently from when it is not focused (WCAG 2.4.7). */
  indicated: boolean;
}

/** The element that has the keyboard focus, looked for through open shadow roots. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const { document, getComputedStyle } = globalThis as unknown as PageGlobals;
    let el: DomElement | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) {
      el = el.shadowRoot.activeElement;
    }
    if (!el) {
      return { part: '', role: null, text: '', indicated: false };
    }
    const style = getComputedStyle(el);
    const indicated = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    return { part: el.getAttribute('part') ?? '', role: el.closest('[data-role]')?.getAttribute('data-role') ?? null, text: (el.textContent ?? '').trim(), indicated };
  });
}

const hasPart = (f: Focused, name: string) => f.part.split(/\s+/).includes(name);

/** Presses Tab (or Shift+Tab) until the focus is on an element with the part; fails after `max` presses. */
async function tabTo(page: Page, part: string, { back = false, max = 40 } = {}): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (hasPart(f, part)) {
      return f;
    }
    seen.push(f.part || '(no part)');
  }
  assert.fail(`no ${part} reached with ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses; focus went through: ${seen.join(', ')}`);
}

describe('the widget with the keyboard and assistive technology', { skip: browserSkip }, () => {
  let server: BrowserTestServer;
  let browser: Browser;
  let context: BrowserContext;

  before(async () => {
    server = await startBrowserTestServer(shopsOptions());
    browser = await launchBrowser();
    context = await newShopContext(browser, server.baseUrl);
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  describe('keyboard only', () => {
    let page: Page;
    let sent: SentRequest[];

    before(async () => {
      page = await context.newPage();
      sent = recordRequests(page, server.baseUrl);
      await open(page, server.testPage({ attrs: { tenant: 'demo-en', 'page-type': 'HOMEPAGE' } }));
      await chat(page).starters.first().waitFor();
    });
    after(() => page?.close());

    test('the welcome screen has no serious accessibility violation', async () => {
      await assertAccessible(page, 'the welcome screen');
    });

    test('Tab reaches the input; typing and Enter send the message', async () => {
      const f = await tabTo(page, 'input');
      assert.ok(f.indicated, 'the focused input is visibly marked');
      await page.keyboard.type('Phone under $500');
      await page.keyboard.press('Enter');
      const answer = await waitForAnswers(page, 1);
      assert.ok((await answer.locator('[part~="card"]').count()) > 0);
      assert.equal(await messageText(chat(page).userMessages.first()), 'Phone under $500');
      assert.equal(await chat(page).input.inputValue(), '', 'the input is emptied for the next message');
    });

    test('Tab reaches a quick reply and Enter sends it', async () => {
      const f = await tabTo(page, 'suggest', { back: true });
      assert.ok(f.indicated, `the focused quick reply "${f.text}" is visibly marked`);
      await screenshot(page, 'widget-keyboard-focus-on-quick-reply');
      await page.keyboard.press('Enter');
      await waitForAnswers(page, 2);
      assert.equal(await messageText(chat(page).userMessages.nth(1)), f.text);
    });

    test('Tab reaches like and Space presses it', async () => {
      const f = await tabTo(page, 'like', { back: true });
      assert.ok(f.indicated, 'the focused like button is visibly marked');
      const res = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/shopping/feedback');
      await page.keyboard.press('Space');
      assert.equal((await res).status(), 200);
      const pressed = await chat(page).root.locator('button[part~="like"][aria-pressed="true"]').count();
      assert.equal(pressed, 1, 'one answer liked');
      const put = sent.filter((r) => r.method === 'PUT' && r.path === '/shopping/feedback').at(-1);
      assert.equal((put?.body as { reaction?: string }).reaction, 'like');
    });

    test('the conversation with cards and the open dialog list have no serious accessibility violation', async () => {
      await assertAccessible(page, 'the conversation with cards');
      await chat(page).part('dialogs-toggle').click();
      await chat(page).part('dialog-item').first().waitFor();
      await assertAccessible(page, 'the dialog list');
      await chat(page).part('dialogs-toggle').click();
    });
  });

  test('a network error shows an alert with retry; retry resends the same message id and the answer comes', async () => {
    // A new buyer (own storage): the keyboard test's dialog would otherwise be restored here.
    const buyer = await newShopContext(browser, server.baseUrl);
    const page = await buyer.newPage();
    const sent = recordRequests(page, server.baseUrl);
    await open(page, server.testPage({ attrs: { tenant: 'demo-en' } }));
    const c = chat(page);
    await page.route('**/shopping/generate', (route) => route.abort('internetdisconnected'));
    await c.input.fill('Coffee maker');
    await c.send.click();
    await c.error.waitFor({ timeout: 10_000 });
    assert.equal(await c.error.getAttribute('role'), 'alert');
    assert.ok((await c.error.innerText()).trim().length > 0, 'the error says something in plain words');
    assert.notEqual(await c.panel.getAttribute('aria-busy'), 'true');
    await screenshot(page, 'widget-network-error');
    await assertAccessible(page, 'the error state');

    await page.unroute('**/shopping/generate');
    await c.part('retry').focus();
    await page.keyboard.press('Enter');
    await waitForAnswers(page, 1);
    const tries = sent.filter((r) => r.path === '/shopping/generate').map((r) => (r.body as { messages: Array<{ id?: string }> }).messages[0]?.id);
    assert.equal(tries.length, 2, 'one try and one retry');
    assert.ok(tries[0], 'the message has an id');
    assert.equal(tries[1], tries[0], 'the retry resends the same message id');
    assert.equal(await c.error.isVisible(), false, 'the error goes once answered');
    assert.equal(await c.userMessages.count(), 1, 'the message is shown once');
    await buyer.close();
  });

  test('on a phone-width screen the widget fits the screen: nothing to scroll sideways, text and composer within it', async () => {
    const phone = await newShopContext(browser, server.baseUrl, { width: 375, height: 740 });
    try {
      const page = await phone.newPage();
      await open(page, server.testPage({ attrs: { tenant: 'demo-en' }, css: 'aisle-chat{width:auto;height:100vh;margin:0}' }));
      const answer = await say(page, 'Phone under $500');
      const c = chat(page);
      const widths = await page.evaluate(() => {
        const { document } = globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } };
        return [document.documentElement.scrollWidth, document.documentElement.clientWidth];
      });
      assert.ok((widths[0] as number) <= (widths[1] as number), `the page does not scroll sideways (${widths.join(' > ')})`);
      for (const [what, el] of [['panel', c.panel], ['input', c.input], ['send button', c.send], ['answer text', answer.locator('[part~="text"]').first()], ['first card', answer.locator('[part~="card"]').first()]] as const) {
        const box = await el.boundingBox();
        assert.ok(box && box.width > 0, `${what} is shown`);
        assert.ok(box.x >= 0 && box.x + box.width <= 375 + 0.5, `${what} within the 375 px screen: x ${box.x}, width ${box.width}`);
      }
      await screenshot(page, 'widget-phone-width');
    } finally {
      await phone.close();
    }
  });

  test('the Russian shop: labelled in Russian (also while its settings load), Russian starter prompts, no serious accessibility violation', async () => {
    const page = await context.newPage();
    // The shop's settings held back: the panel is already shown and must already be named.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/widget/v1/tenants/**', async (route) => {
      await held;
      await route.continue();
    });
    await open(page, server.testPage({ attrs: { tenant: 'demo' }, lang: 'ru' }));
    const c = chat(page);
    assert.equal(await c.panel.getAttribute('role'), 'region');
    assert.equal(await c.panel.getAttribute('aria-label'), 'Помощник по покупкам', 'named in the page language before the settings come');
    release();
    await c.starters.first().waitFor();
    assert.equal(await c.panel.getAttribute('aria-label'), 'Помощник по покупкам');
    await c.starters.first().waitFor();
    assertEvery(await c.starters.allTextContents(), (t) => /[\u0400-\u04ff]/u.test(t), 'Russian prompts in the Russian shop');
    await assertAccessible(page, 'the Russian welcome screen');
    await screenshot(page, 'widget-welcome-ru');
    await page.close();
  });
});
