/**
 * The shop's insights (`/insights`, `GET /insights/v1/summary`) through HTTP on SQLite and
 * PostgreSQL: after a known sequence of turns (with and without products), reactions, tracking
 * events through the answers' signed links and starter-prompt presses, the summary counts
 * exactly what happened, per day of the shop's time zone; one shop's key never shows another
 * shop's figures; a missing or wrong key is 401 (and too many wrong keys 429); a bad period is
 * 400; the answer never holds a resourceId or threadId; the key never reaches the log.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { auth, buildTestApp, NO_RATE_LIMITS, registerGuest, type TestApp } from '../helpers/app.ts';
import { generate, pathOf, pollUntil, type Answer } from '../helpers/dialogs.ts';
import { rowCount } from '../helpers/rows.ts';
import { assertEvery, assertNone } from '../helpers/assert.ts';
import { hashToken, newInsightsKey } from '../../src/security/tokens.ts';
import { parseTenantsYaml } from '../../src/config/tenants-file.ts';

const KEY_A = newInsightsKey();
const KEY_B = newInsightsKey();
const WRONG_KEY = newInsightsKey();

const PROMPTS = [
  { id: 'phones', text: 'Смартфон до 30 000 ₽' },
  { id: 'headphones', text: 'Беспроводные наушники с шумоподавлением' },
  { id: 'coffee', text: 'Кофемашина для дома' },
  { id: 'gift', text: 'Подарок до 5 000 ₽' },
  { id: 'tv', text: 'Телевизор 55 дюймов' },
];

const TENANTS: unknown[] = [
  { id: 'shop-a', name: 'Shop A', insightsKeySha256: hashToken(KEY_A), starterPrompts: { enabled: true, version: 2, prompts: PROMPTS } },
  { id: 'shop-b', name: 'Shop B', language: 'en', insightsKeySha256: hashToken(KEY_B) },
  { id: 'shop-c', name: 'Shop C' },
];

const DAY1 = Date.UTC(2026, 2, 10, 9, 0) * 1000;
const DAY2 = Date.UTC(2026, 2, 11, 12, 0) * 1000;
/** 22:30 UTC on 11 March: still the 11th in UTC, already the 12th in Moscow (UTC+3). */
const LATE_DAY2 = Date.UTC(2026, 2, 11, 22, 30) * 1000;

interface Summary {
  shop: { id: string; name: string };
  period: { from: string; to: string; utcOffset: number; days: number };
  totals: Record<string, number | null>;
  days: Array<Record<string, number | string | null>>;
  topRequests: Array<{ text: string; count: number; withoutProducts: number }>;
  requestsWithoutProducts: Array<{ text: string; count: number }>;
  dislikedAnswers: Array<{ at: string; request: string; answer: string }>;
  starterPrompts: Array<{ id: string; text: string; shown: number; pressed: number }>;
}

const showsProducts = (a: Answer) => a.response.contents.some((b) => b.type === 'products' && (b.value as unknown[]).length > 0);
const answerText = (a: Answer) =>
  a.response.contents
    .filter((b) => b.type === 'message')
    .map((b) => b.value as string)
    .join('\n')
    .trim();

describe('tenants file: insights keys', () => {
  test('two shops with the same insights key hash are refused, naming both', () => {
    const hash = hashToken(KEY_A);
    assert.throws(
      () => parseTenantsYaml(`tenants:\n  - { id: one, name: One, insightsKeySha256: ${hash} }\n  - { id: two, name: Two, insightsKeySha256: ${hash} }\n`, process.cwd()),
      /tenant "two": insightsKeySha256 is the same as tenant "one"'s/,
    );
  });

  test('`aisle insights-key` prints a fresh key and the tenants-file line with its SHA-256, which opens the summary', async () => {
    const cli = fileURLToPath(new URL('../../bin/aisle.js', import.meta.url));
    const run = async () => (await promisify(execFile)(process.execPath, [cli, 'insights-key'])).stdout;
    const [first, second] = await Promise.all([run(), run()]);
    const parse = (out: string) => {
      const key = /^ {2}(ins_[A-Za-z0-9_-]{43})$/m.exec(out)?.[1];
      const hash = /^ {4}insightsKeySha256: ([0-9a-f]{64})$/m.exec(out)?.[1];
      assert.ok(key && hash, out);
      return { key, hash };
    };
    const a = parse(first);
    const b = parse(second);
    assert.notEqual(a.key, b.key, 'a new key every time');
    assert.equal(a.hash, createHash('sha256').update(a.key).digest('hex'));
    const t = await buildTestApp(DIALECTS[0] ?? 'sqlite', { tenants: [{ id: 'cli-shop', name: 'CLI Shop', insightsKeySha256: a.hash }], catalogs: {} });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/insights/v1/summary', headers: { authorization: `Bearer ${a.key}` } });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().shop.id, 'cli-shop');
      const other = await t.app.inject({ method: 'GET', url: '/insights/v1/summary', headers: { authorization: `Bearer ${b.key}` } });
      assert.equal(other.statusCode, 401);
    } finally {
      await t.close();
    }
  });

  test('a value that is not a SHA-256 in hex is refused, naming the field', () => {
    assert.throws(() => parseTenantsYaml('tenants:\n  - { id: one, name: One, insightsKeySha256: not-a-hash }\n', process.cwd()), /tenant "one": insightsKeySha256/);
  });
});

for (const dialect of DIALECTS) {
  describe(`insights for shops [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    const summary = (key: string | null, query = 'from=2026-03-10&to=2026-03-12', remoteAddress = '127.0.0.1'): Promise<LightMyRequestResponse> =>
      t.app.inject({ method: 'GET', url: `/insights/v1/summary?${query}`, headers: key === null ? {} : { authorization: `Bearer ${key}` }, remoteAddress });

    /** Every turn sent, with the day (UTC) it was answered on and whether it showed products. */
    const turns: Array<{ tenant: string; day: string; thread: string; text: string; products: boolean }> = [];
    const identifiers: string[] = [];
    let promptShown: string[] = [];
    let pressedPrompt = '';
    let secondPrompt = '';
    let disliked: Answer;
    const say = async (tenant: string, resourceId: string, threadId: string, content: string, token?: string): Promise<Answer> => {
      const answer = await generate(t, { tenant, resourceId, threadId, content, ...(token ? { token } : {}) });
      const day = new Date(Math.floor(t.clock.nowMicros() / 1000)).toISOString().slice(0, 10);
      turns.push({ tenant, day, thread: threadId, text: content, products: showsProducts(answer) });
      identifiers.push(resourceId, threadId, answer.assistantMessageId);
      return answer;
    };
    const react = async (tenant: string, resourceId: string, threadId: string, answer: Answer, reaction: 'like' | 'dislike', token?: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/shopping/feedback',
        headers: token ? auth(token) : {},
        payload: { tenant_id: tenant, resourceId, threadId, messageId: answer.assistantMessageId, reaction },
      });
      assert.equal(res.statusCode, 200, res.body);
    };
    const eventUrls = (answer: Answer, type: string) => answer.events.filter((e) => e.type === type).flatMap((e) => e.urls ?? [e.url!]);
    const cardUrls = (answer: Answer, type: string) =>
      answer.response.contents
        .filter((b) => b.type === 'products')
        .flatMap((b) => b.value as Array<{ events?: Array<{ type: string; url?: string; urls?: string[] }> }>)
        .flatMap((p) => (p.events ?? []).filter((e) => e.type === type).flatMap((e) => e.urls ?? [e.url!]));
    const hitAll = async (urls: string[]) => {
      const before = await rowCount(t.database.storage.db, 'tracking_events');
      for (const url of urls) {
        assert.equal((await t.app.inject({ method: 'GET', url: pathOf(url) })).statusCode, 204);
      }
      await pollUntil(() => rowCount(t.database.storage.db, 'tracking_events'), (n) => n >= before + urls.length, 'tracking events');
    };
    const expected = { impressions: 0, cardViews: 0, clicks: 0 };

    before(async () => {
      t = await buildTestApp(dialect, { tenants: TENANTS, env: NO_RATE_LIMITS });

      // Day 1: a registered buyer opens the chat, sees five starter prompts and presses one.
      t.clock.set(DAY1);
      const token = await registerGuest(t.app, 'shop-a', 'ins-buyer-one');
      const shown = await t.app.inject({ method: 'POST', url: '/shopping/starter-prompts', headers: auth(token), payload: { ctx: { type: 'HOMEPAGE' } } });
      assert.equal(shown.statusCode, 200, shown.body);
      promptShown = (shown.json().prompts as Array<{ id: string }>).map((p) => p.id);
      assert.equal(promptShown.length, 5);
      pressedPrompt = PROMPTS.find((p) => p.id === promptShown[0])!.text;
      secondPrompt = PROMPTS.find((p) => p.id === promptShown[1])!.text;
      await say('shop-a', 'ins-buyer-one', 'ins-thread-1', pressedPrompt, token);
      const phones = await say('shop-a', 'ins-buyer-one', 'ins-thread-1', 'смартфон samsung', token);
      // The text of another prompt typed later in a dialog is not a press.
      await say('shop-a', 'ins-buyer-one', 'ins-thread-1', secondPrompt, token);
      await react('shop-a', 'ins-buyer-one', 'ins-thread-1', phones, 'like', token);
      // A buyer never registered (no token): the same request in other case and with a question mark, and a greeting.
      await say('shop-a', 'ins-buyer-two', 'ins-thread-2', 'Смартфон Samsung?');
      disliked = await say('shop-a', 'ins-buyer-two', 'ins-thread-2', 'привет');
      await react('shop-a', 'ins-buyer-two', 'ins-thread-2', disliked, 'dislike');
      // The widget shows the phones answer: its impressions, both visible card views, and one click.
      const imps = eventUrls(phones, 'IMP');
      const views = cardUrls(phones, 'visible_impression');
      const clicks = cardUrls(phones, 'click').slice(0, 1);
      await hitAll([...imps, ...views, ...clicks]);
      expected.impressions = imps.length;
      expected.cardViews = views.length;
      expected.clicks = clicks.length;
      // Shop B on the same day.
      const b = await say('shop-b', 'ins-buyer-b', 'ins-thread-b', 'wireless headphones');
      await react('shop-b', 'ins-buyer-b', 'ins-thread-b', b, 'like');
      await hitAll(eventUrls(b, 'IMP'));

      // Day 2: a new dialog, and one late in the (UTC) evening.
      t.clock.set(DAY2);
      await say('shop-a', 'ins-buyer-three', 'ins-thread-3', 'привет');
      await say('shop-a', 'ins-buyer-three', 'ins-thread-3', 'смартфон samsung');
      // Something the shop does not sell: the missing assortment.
      await say('shop-a', 'ins-buyer-three', 'ins-thread-3', 'Велосипед горный');
      t.clock.set(LATE_DAY2);
      await say('shop-a', 'ins-buyer-four', 'ins-thread-4', 'ноутбук');
    });
    after(() => t.close());

    test('the sequence has answers with and without products (so both counts are tested)', () => {
      const a = turns.filter((x) => x.tenant === 'shop-a');
      assert.ok(a.some((x) => x.products) && a.some((x) => !x.products), JSON.stringify(a));
    });

    test('the summary counts exactly the turns, conversations and answers with and without products of each day', async () => {
      const res = await summary(KEY_A);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['cache-control'], 'no-store');
      const s = res.json() as Summary;
      assert.deepEqual(s.shop, { id: 'shop-a', name: 'Shop A', language: 'ru' });
      assert.deepEqual(s.period, { from: '2026-03-10', to: '2026-03-12', utcOffset: 0, days: 3 });
      assert.deepEqual(
        s.days.map((d) => d.day),
        ['2026-03-10', '2026-03-11', '2026-03-12'],
      );
      for (const d of s.days) {
        const ofDay = turns.filter((x) => x.tenant === 'shop-a' && x.day === d.day);
        assert.equal(d.turns, ofDay.length, `turns of ${d.day}`);
        assert.equal(d.conversations, new Set(ofDay.map((x) => x.thread)).size, `conversations of ${d.day}`);
        assert.equal(d.answersWithProducts, ofDay.filter((x) => x.products).length, `with products on ${d.day}`);
        assert.equal(d.answersWithoutProducts, ofDay.filter((x) => !x.products).length, `without products on ${d.day}`);
      }
      const all = turns.filter((x) => x.tenant === 'shop-a');
      assert.equal(s.totals.turns, all.length);
      assert.equal(s.totals.conversations, 4);
      assert.equal(s.days[2]!.turns, 0, 'nothing happened on the 12th in UTC');
    });

    test("days are the shop's own: with utcOffset=180 the 22:30 UTC turn counts on the 12th", async () => {
      const s = (await summary(KEY_A, 'from=2026-03-10&to=2026-03-12&utcOffset=180')).json() as Summary;
      assert.deepEqual(
        s.days.map((d) => [d.day, d.turns, d.conversations]),
        [
          ['2026-03-10', 5, 2],
          ['2026-03-11', 3, 1],
          ['2026-03-12', 1, 1],
        ],
      );
    });

    test('likes and dislikes per day, and the disliked answer with what the buyer asked', async () => {
      const s = (await summary(KEY_A)).json() as Summary;
      assert.deepEqual(
        s.days.map((d) => [d.day, d.likes, d.dislikes]),
        [
          ['2026-03-10', 1, 1],
          ['2026-03-11', 0, 0],
          ['2026-03-12', 0, 0],
        ],
      );
      assert.equal(s.dislikedAnswers.length, 1);
      assert.equal(s.dislikedAnswers[0]!.request, 'привет');
      assert.equal(s.dislikedAnswers[0]!.answer, answerText(disliked));
      assert.ok(s.dislikedAnswers[0]!.at.startsWith('2026-03-10T'), s.dislikedAnswers[0]!.at);
    });

    test('impressions, card views, clicks and click-through per day come from the signed tracking links', async () => {
      const s = (await summary(KEY_A)).json() as Summary;
      const day1 = s.days[0]!;
      assert.ok(expected.impressions > 0 && expected.cardViews > 0 && expected.clicks === 1, JSON.stringify(expected));
      assert.deepEqual([day1.impressions, day1.cardViews, day1.clicks], [expected.impressions, expected.cardViews, expected.clicks]);
      assert.equal(day1.clickThrough, expected.clicks / expected.impressions);
      assert.equal(s.days[1]!.impressions, 0);
      assert.equal(s.days[1]!.clickThrough, null);
      assert.equal(s.totals.clickThrough, expected.clicks / expected.impressions);
    });

    test('the most frequent requests merge case and punctuation; product requests without products are listed as missing assortment, greetings are not', async () => {
      const s = (await summary(KEY_A)).json() as Summary;
      const phones = s.topRequests.find((r) => r.text === 'смартфон samsung');
      assert.ok(phones, JSON.stringify(s.topRequests));
      assert.equal(phones.count, 3);
      assert.equal(s.topRequests[0]!.text, 'смартфон samsung', 'the most frequent first');
      const withoutProducts = turns.filter((x) => x.tenant === 'shop-a' && !x.products);
      const greetings = withoutProducts.filter((x) => x.text === 'привет');
      assert.ok(greetings.length > 0, 'the sequence has greetings answered without products');
      // A greeting is answered without products by design: it is in the top requests, never in the missing assortment.
      assert.ok(s.topRequests.some((r) => r.text === 'привет' && r.withoutProducts === greetings.length), JSON.stringify(s.topRequests));
      const missing = new Map(s.requestsWithoutProducts.map((r) => [r.text, r.count]));
      assert.equal(missing.has('привет'), false, JSON.stringify(s.requestsWithoutProducts));
      assert.equal(missing.get('велосипед горный'), 1, JSON.stringify(s.requestsWithoutProducts));
      assert.equal(phones.withoutProducts, withoutProducts.filter((x) => x.text.toLowerCase().startsWith('смартфон samsung')).length);
      assert.equal(
        s.requestsWithoutProducts.reduce((n, r) => n + r.count, 0),
        withoutProducts.length - greetings.length,
        'every other answer without products is some request of the list',
      );
      assertEvery(s.requestsWithoutProducts, (r) => r.count > 0);
    });

    test('starter prompts: each shown prompt counted once, the pressed one pressed once, a prompt typed later in a dialog is no press', async () => {
      const s = (await summary(KEY_A)).json() as Summary;
      assert.equal(s.totals.starterPromptSelections, 1);
      assert.equal(s.totals.starterPromptPresses, 1);
      const byId = new Map(s.starterPrompts.map((p) => [p.id, p]));
      assert.equal(byId.size, PROMPTS.length);
      for (const p of PROMPTS) {
        assert.equal(byId.get(p.id)!.shown, promptShown.includes(p.id) ? 1 : 0, p.id);
        assert.equal(byId.get(p.id)!.pressed, p.text === pressedPrompt ? 1 : 0, p.id);
      }
      assert.notEqual(secondPrompt, pressedPrompt);
      assert.equal(s.starterPrompts[0]!.text, pressedPrompt, 'the pressed prompt first');
    });

    test("shop B's key shows shop B's figures only, and shop A's only shop A's", async () => {
      const b = (await summary(KEY_B)).json() as Summary;
      assert.equal(b.shop.id, 'shop-b');
      assert.equal(b.totals.turns, 1);
      assert.equal(b.totals.likes, 1);
      assert.equal(b.totals.dislikes, 0);
      assert.deepEqual(
        b.topRequests.map((r) => r.text),
        ['wireless headphones'],
      );
      assert.deepEqual(b.starterPrompts, []);
      const a = (await summary(KEY_A)).json() as Summary;
      assertNone(a.topRequests, (r) => r.text.includes('headphones'));
      assert.equal(a.totals.turns, turns.filter((x) => x.tenant === 'shop-a').length);
    });

    test('the answer holds no resourceId, threadId or message id', async () => {
      for (const key of [KEY_A, KEY_B]) {
        const body = (await summary(key, 'from=2026-03-10&to=2026-03-12&utcOffset=180')).body;
        assert.ok(identifiers.length > 10);
        assertNone(identifiers, (id) => body.includes(id));
      }
    });

    test('no key, a wrong key, a key of the wrong form or in the query string → 401 with a clear message', async () => {
      const missing = await summary(null);
      assert.equal(missing.statusCode, 401);
      assert.equal(missing.json().code, 'INSIGHTS_KEY_REQUIRED');
      assert.match(missing.json().message, /insights key/);
      for (const key of [WRONG_KEY, KEY_A.slice(0, -1), `${KEY_A}x`, hashToken(KEY_A), 'x'.repeat(5000)]) {
        const res = await summary(key);
        assert.equal(res.statusCode, 401, key.slice(0, 20));
        assert.equal(res.json().code, 'INVALID_INSIGHTS_KEY');
        assert.equal(res.json().message, 'This insights key is not valid');
      }
      const inQuery = await summary(null, `from=2026-03-10&to=2026-03-12&key=${KEY_A}`);
      assert.equal(inQuery.statusCode, 401, 'a key in the address opens nothing');
      const basic = await t.app.inject({ method: 'GET', url: '/insights/v1/summary', headers: { authorization: `Basic ${KEY_A}` } });
      assert.equal(basic.statusCode, 401);
    });

    test('a bad period → 400 naming the problem', async () => {
      const cases: Array<[string, RegExp]> = [
        ['from=2026-03-12&to=2026-03-10', /from must not be after to/],
        ['from=2025-01-01&to=2026-03-10', /at most 366 days/],
        ['from=2026-02-30&to=2026-03-10', /from must be a date/],
        ['from=2026-03-01&to=tomorrow', /to must be a date|to/],
        ['from=2026-03-01&to=2026-03-10&utcOffset=900', /utcOffset/],
        ['from=2026-03-01&to=2026-03-10&utcOffset=1.5', /utcOffset/],
        ['from=2026-03-01&to=2026-03-10&tenant_id=shop-b', /tenant_id|additional/],
      ];
      for (const [query, message] of cases) {
        const res = await summary(KEY_A, query);
        assert.equal(res.statusCode, 400, query);
        assert.equal(res.json().code, 'INVALID_REQUEST', query);
        assert.match(res.json().message, message, query);
      }
      const year = await summary(KEY_A, 'from=2025-03-11&to=2026-03-11');
      assert.equal(year.statusCode, 200, 'a whole year (366 days) is allowed');
      assert.equal((year.json() as Summary).days.length, 366);
    });

    test('without from and to the summary covers the last 30 days up to today', async () => {
      const s = (await summary(KEY_A, '')).json() as Summary;
      assert.deepEqual(s.period, { from: '2026-02-10', to: '2026-03-11', utcOffset: 0, days: 30 });
    });

    test('too many wrong keys from one address → 429, even with the right key; other addresses are not affected', async () => {
      const address = '10.20.30.40';
      for (let i = 0; i < 10; i++) {
        assert.equal((await summary(WRONG_KEY, undefined, address)).statusCode, 401);
      }
      const refused = await summary(KEY_A, undefined, address);
      assert.equal(refused.statusCode, 429);
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal((await summary(KEY_A, undefined, '10.20.30.41')).statusCode, 200);
    });

    test('the page and its script are served; the page holds no figures and allows requests only to Aisle', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/insights', headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
      assert.equal(page.statusCode, 200);
      assert.match(String(page.headers['content-type']), /text\/html/);
      assert.equal(page.headers['cache-control'], 'no-store');
      const csp = String(page.headers['content-security-policy']);
      assert.match(csp, /connect-src 'self'/);
      assert.match(csp, /form-action 'none'/);
      assert.match(csp, /script-src 'self'/);
      assert.match(page.body, /<html lang="ru">/);
      assert.match(page.body, /Ключ аналитики/);
      const src = /<script type="module" src="([^"]+)"/.exec(page.body)?.[1];
      assert.ok(src?.startsWith('insights/v1/insights.js?v='), src);
      const script = await t.app.inject({ method: 'GET', url: `/${src}` });
      assert.equal(script.statusCode, 200);
      assert.match(String(script.headers['content-type']), /javascript/);
      assert.ok(script.body.includes('insights/v1/summary'));
      assertNone(identifiers, (id) => page.body.includes(id));
    });

    test('the keys never reach the log', () => {
      const log = t.logText();
      assert.ok(log.includes('/insights/v1/summary'), 'the summary requests were logged');
      for (const key of [KEY_A, KEY_B, WRONG_KEY, KEY_A.slice(4, 30)]) {
        assert.ok(!log.includes(key), 'a key in the log');
      }
    });
  });
}
