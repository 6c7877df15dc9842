/**
 * For the real-browser tests (test/browser/): headless Chromium driven by playwright-core,
 * against the real Aisle listening on a local socket. Outside CI a missing browser makes those
 * tests skip with a one-line reason; in CI (CI=true) it is a failure, because .ci/run installs
 * Debian's chromium and the browser tests must run.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import axe from 'axe-core';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, NO_RATE_LIMITS, type TestApp, type TestAppOptions } from './app.ts';
import { freePort } from './ports.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';

function skipReason(): string | false {
  if (existsSync(CHROMIUM_PATH)) {
    return false;
  }
  if (process.env.CI === 'true') {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}; CI must run the browser tests (.ci/run installs it)`);
  }
  // The word "Chromium" is what .ci/run looks for among skipped tests.
  return `Chromium not found at ${CHROMIUM_PATH} (skipped outside CI)`;
}

/** False when the browser is there; otherwise the one-line skip reason. */
export const browserSkip = skipReason();

/**
 * The machine has no internet: Chromium's own background connections (updates, sync, safe
 * browsing) would only fail noisily, so they are turned off.
 */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** One headless Chromium per test file; `launch` gives it a fresh temporary user-data dir. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const SCREENSHOT_DIR = path.join(REPO, 'test-output', 'screenshots');

/** Saves the page as test-output/screenshots/<name>.png and returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

export interface TestPageOptions {
  /** Attributes of `<aisle-chat>` (tenant is required by the widget). */
  attrs: Record<string, string>;
  /** Height in px of an empty block above the widget (to scroll it out of view). */
  above?: number;
  /** Height in px of an empty block below the widget. */
  below?: number;
  /** The page's `lang`; default en. */
  lang?: string;
  /** More CSS for the page (e.g. the widget's size on a phone). */
  css?: string;
}

export interface BrowserTestServer {
  t: TestApp;
  /** `http://127.0.0.1:<port>`, also the app's PUBLIC_BASE_URL. */
  baseUrl: string;
  /** Address of a shop page served by the same app, with the widget embedded as a shop would. */
  testPage(options: TestPageOptions): string;
  /** Rows of tracking_events of one answer, as `type` or `type:sku`, sorted. */
  trackedEvents(messageId: string): Promise<string[]>;
  close(): Promise<void>;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function pageHtml(o: TestPageOptions): string {
  const attrs = Object.entries(o.attrs)
    .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
    .join('');
  return `<!doctype html>
<html lang="${escapeHtml(o.lang ?? 'en')}">
<head><meta charset="utf-8"><title>Test shop</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0;font-family:sans-serif} aisle-chat{display:block;width:440px;height:680px;margin:8px}${o.css ?? ''}</style>
<script type="module" src="/widget/v1/aisle-chat.js"></script></head>
<body><main><h1>Test shop</h1>
<div id="above" style="height:${o.above ?? 0}px"></div>
<aisle-chat${attrs}></aisle-chat>
<div id="below" style="height:${o.below ?? 0}px"></div>
</main></body></html>`;
}

/**
 * The real app (buildTestApp on SQLite) listening on a local port, with PUBLIC_BASE_URL set to
 * that address so the tracking links in answers point at this very collector. Test pages are
 * served by the same app through a probe route, so the widget's default base URL (its script's
 * origin) is Aisle itself.
 */
export async function startBrowserTestServer(options: TestAppOptions = {}): Promise<BrowserTestServer> {
  const pages = new Map<string, string>();
  let lastError: unknown;
  // The port is chosen before the app is built (its links need the address); another process
  // may take it in between, so a few tries.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const t = await buildTestApp('sqlite', {
      ...options,
      env: {
        ...NO_RATE_LIMITS,
        ...options.env,
        PUBLIC_BASE_URL: baseUrl,
      },
      beforeReady: async (app: FastifyInstance) => {
        app.get<{ Params: { id: string } }>('/__test/page/:id', { schema: { hide: true } }, async (request, reply) => {
          const html = pages.get(request.params.id);
          if (html === undefined) {
            return reply.code(404).send('no such test page');
          }
          return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
        });
        await options.beforeReady?.(app);
      },
    });
    try {
      await t.app.listen({ host: '127.0.0.1', port });
    } catch (err) {
      lastError = err;
      await t.close();
      continue;
    }
    let pageCount = 0;
    return {
      t,
      baseUrl,
      testPage(o) {
        const id = `p${++pageCount}`;
        pages.set(id, pageHtml(o));
        return `${baseUrl}/__test/page/${id}`;
      },
      async trackedEvents(messageId) {
        const rows = await t.database.storage.db.selectFrom('tracking_events').select(['type', 'sku']).where('message_id', '=', messageId).execute();
        return rows.map((r) => (r.sku === null ? r.type : `${r.type}:${r.sku}`)).sort();
      },
      close: () => t.close(),
    };
  }
  throw lastError;
}

/** A small picture for the demo shop's product images (the machine has no internet). */
const PLACEHOLDER_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" fill="#c9d6e3"/></svg>';

/**
 * A fresh browser context (its own storage) in which the demo shop's host answers with a
 * placeholder image or page and every other outside address fails at once, as it would offline.
 */
export async function newShopContext(browser: Browser, baseUrl: string, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const origin = new URL(baseUrl).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === 'demo.aisle.example') {
        return /\.(jpe?g|png|webp|gif|svg)$/i.test(url.pathname)
          ? route.fulfill({ status: 200, contentType: 'image/svg+xml', body: PLACEHOLDER_SVG })
          : route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Product</title><p>Product page</p>' });
      }
      return route.abort('internetdisconnected');
    },
  );
  return context;
}

/** What the widget sent to Aisle, seen from the page. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
}

/** Records every request the page makes to Aisle (not the page and script loads). */
export function recordRequests(page: Page, baseUrl: string): SentRequest[] {
  const sent: SentRequest[] = [];
  const origin = new URL(baseUrl).origin;
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.origin !== origin || url.pathname.startsWith('/__test/') || url.pathname.startsWith('/widget/')) {
      return;
    }
    let body: unknown = null;
    const raw = request.postData();
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    sent.push({ method: request.method(), path: url.pathname, body, authorization: request.headers().authorization });
  });
  return sent;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown }>;
}

/**
 * Runs axe-core in the page on `selector` (the widget by default; axe reads open shadow roots)
 * and fails on any serious or critical violation, naming the rule and its targets.
 */
export async function assertAccessible(page: Page, what: string, selector = 'aisle-chat'): Promise<void> {
  const loaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === 'object');
  if (!loaded) {
    // Evaluated through the DevTools protocol rather than added as a <script>: Aisle's own pages
    // forbid inline scripts by their Content-Security-Policy, and the check must not loosen it.
    await page.evaluate(axe.source);
  }
  const violations = await page.evaluate(async (include) => {
    const engine = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await engine.run({ include: [include] }, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, selector);
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length > 0) {
    const lines = bad.map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
    throw new Error(`accessibility of ${what}:\n${lines.join('\n')}`);
  }
}

/** Waits until `read` gives a value `done` accepts; returns the last value read either way. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
