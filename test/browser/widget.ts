/**
 * Shared by the browser tests: the shops they embed the widget in, and the widget's parts as
 * /tmp/widget-contract.md names them (`[part~="…"]` inside its open shadow root, which
 * Playwright's CSS locators pierce).
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { AssistantEngine, EngineRequest } from '../../src/assistant/engine.ts';
import type { EngineResolver } from '../../src/assistant/engines.ts';
import { DEMO_TENANTS_FILE } from '../../src/config/env.ts';
import type { Tenant } from '../../src/config/tenant.ts';
import { loadTenantsFile } from '../../src/config/tenants-file.ts';
import type { TestAppOptions } from '../helpers/app.ts';
import { eventually } from '../helpers/browser.ts';

/** The bundled demo shops (examples/tenants.yaml): `demo` (ru, RUB) and `demo-en` (en, USD), with starter prompts. */
export const DEMO_TENANTS = loadTenantsFile(DEMO_TENANTS_FILE);

function demoEn(): Tenant {
  const t = DEMO_TENANTS.find((x) => x.id === 'demo-en');
  assert.ok(t, 'examples/tenants.yaml declares demo-en');
  return t;
}

/** What the hostile shops' engine writes in its message block: markup a page must never run. */
export const HOSTILE_TEXT = [
  'Great <b>phones</b> <img src="x" onerror="window.__pwned=1"> <script>window.__pwned=2</script>',
  '[tap here](javascript:window.__pwned=3) and [shop](https://demo.aisle.example/en/deals)',
].join('\n\n');

/**
 * The demo shops plus two copies of demo-en whose engine answers with HOSTILE_TEXT (the real
 * catalogue engine's answer, cards and links, with its text replaced): `plain-shop` whose
 * messageFormat is plain_text and `markdown-shop` whose messageFormat is markdown.
 */
export function shopsOptions(): TestAppOptions {
  const en = demoEn();
  const tenants: Tenant[] = [...DEMO_TENANTS, { ...en, id: 'plain-shop', messageFormat: 'plain_text' }, { ...en, id: 'markdown-shop', messageFormat: 'markdown' }];
  const hostile = new Set(['plain-shop', 'markdown-shop']);
  return {
    tenants,
    catalogs: Object.fromEntries(tenants.flatMap((x) => (x.catalog ? [[x.id, x.catalog.path]] : []))),
    app: {
      engineFor: (tenant: Tenant, defaults: EngineResolver): AssistantEngine =>
        hostile.has(tenant.id)
          ? {
              async answer(request: EngineRequest) {
                const result = await defaults(tenant).answer(request);
                result.answer.response.contents = result.answer.response.contents.map((b) => (b.type === 'message' ? { ...b, value: HOSTILE_TEXT } : b));
                return result;
              },
            }
          : defaults(tenant),
    },
  };
}

/** The widget's parts on a page with one `<aisle-chat>`. */
export function chat(page: Page) {
  const root = page.locator('aisle-chat');
  const part = (name: string) => root.locator(`[part~="${name}"]`);
  return {
    root,
    part,
    panel: part('panel'),
    welcome: part('welcome'),
    starters: part('starter'),
    messages: part('messages'),
    userMessages: root.locator('[part~="message"][data-role="user"]'),
    answers: root.locator('[part~="message"][data-role="assistant"]'),
    input: part('input'),
    send: part('send'),
    error: part('error'),
  };
}

/** Waits until the widget has `count` answers, the last one with its id, and no request in flight. */
export async function waitForAnswers(page: Page, count: number): Promise<Locator> {
  const c = chat(page);
  await eventually(
    async () => ({
      n: await c.answers.count(),
      id: (await c.answers.count()) >= count ? await c.answers.nth(count - 1).getAttribute('data-message-id') : null,
      busy: await c.panel.getAttribute('aria-busy'),
    }),
    (s) => s.n >= count && !!s.id && s.busy !== 'true',
    15_000,
  );
  assert.equal(await c.answers.count(), count, 'number of answers shown');
  const last = c.answers.nth(count - 1);
  assert.ok(await last.getAttribute('data-message-id'), 'the answer carries its assistantMessageId');
  assert.notEqual(await c.panel.getAttribute('aria-busy'), 'true', 'the widget is no longer busy');
  return last;
}

/** Types a message into the composer, sends it with the send button and waits for the answer. */
export async function say(page: Page, text: string): Promise<Locator> {
  const c = chat(page);
  const before = await c.answers.count();
  await c.input.fill(text);
  await c.send.click();
  return waitForAnswers(page, before + 1);
}

/**
 * What a message says, without the words only a screen reader hears ("You:" before a buyer's
 * message, in a visually hidden span): its last line of rendered text.
 */
export async function messageText(message: Locator): Promise<string> {
  const lines = (await message.innerText()).split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.at(-1) ?? '';
}

/** The SKUs of the cards of one answer, in display order. */
export async function cardSkus(answer: Locator): Promise<string[]> {
  return answer.locator('[part~="card"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-sku') ?? ''));
}

/** Loads the page and waits for the widget's panel. */
export async function open(page: Page, url: string): Promise<void> {
  const res = await page.goto(url);
  assert.equal(res?.status(), 200, `GET ${url}`);
  await chat(page).panel.waitFor({ state: 'visible', timeout: 10_000 });
}
