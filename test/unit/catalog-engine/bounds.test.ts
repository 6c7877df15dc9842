/**
 * The catalogue engine reads bounded parts of the message, the page data and its own old
 * state, and does linear work on them (hardening, bounded work). Time bounds only catch
 * blow-ups: each input took seconds before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stripIntentWords } from '../../../src/assistant/catalog-engine/intents.ts';
import { pageSkus, pageStrings } from '../../../src/assistant/page-data.ts';
import { normalizeText } from '../../../src/catalog/search/tokenize.ts';
import { ask, messageOf, shownSkus } from './helpers.ts';

async function timedAsk(...args: Parameters<typeof ask>): Promise<{ result: Awaited<ReturnType<typeof ask>>; ms: number }> {
  const started = performance.now();
  const result = await ask(...args);
  return { result, ms: performance.now() - started };
}

test('an intent word followed by thousands of letters: answered in well under a second', async () => {
  for (const text of [`похожие ${'а'.repeat(7992)}`, `что к нему подойдёт ${'я'.repeat(7980)}`, `другого бренда ${'б'.repeat(7985)}`]) {
    const { result, ms } = await timedAsk(text);
    assert.ok(ms < 1000, `${text.slice(0, 12)}…: ${Math.round(ms)} ms`);
    assert.ok(messageOf(result.answer).length < 1000, 'an answer of ordinary length');
  }
});

test('intent words are removed whole, as before', () => {
  const cases: Array<[string, string]> = [
    ['похожие на iphone 15', 'на iphone 15'],
    ['есть что-то вроде dyson v15?', 'есть dyson v15?'],
    ['покажи аналоги и альтернативы', 'покажи и'],
    ['а другого бренда есть?', 'а есть?'],
    ['what goes with it', 'what it'],
    ['чехол, который подойдёт к нему', 'чехол, который'],
  ];
  for (const [text, stripped] of cases) {
    assert.equal(stripIntentWords(text), stripped, text);
    // The pattern it replaces, for comparison on ordinary text.
    assert.equal(stripIntentWords(text), legacyStrip(text), text);
  }
});

const LEGACY = [/похож/u, /аналог/u, /альтернатив/u, /что-то вроде/u, /подойд[её]т/u, /к нему/u, /goes? with/u, /друг(ого|ой|ие|ую) (бренд|фирм|производител|марк)/u];
function legacyStrip(text: string): string {
  let norm = normalizeText(text);
  for (const re of LEGACY) {
    norm = norm.replace(new RegExp(`[\\p{L}]*(?:${re.source})[\\p{L}]*`, 'gu'), ' ');
  }
  return norm.replace(/\s+/g, ' ').trim();
}

test('page data: SKUs and strings are read from the first entries only, own keys only', () => {
  assert.deepEqual(pageSkus(['a', { sku: 'b' }, { id: 3 }, { productId: 'c' }, [1], null, { sku: null, id: 'd' }]), ['a', 'b', '3', 'c', 'd']);
  const many = Array.from({ length: 1_000_000 }, (_, i) => `sku-${i}`);
  const started = performance.now();
  const skus = pageSkus(many);
  assert.ok(performance.now() - started < 200);
  assert.deepEqual(skus, many.slice(0, 100));
  assert.deepEqual(pageSkus([JSON.parse('{"constructor":"x","toString":"y"}')]), []);
  assert.deepEqual(pageStrings({ q: 'чайник' }), ['чайник']);
  assert.deepEqual(pageStrings(JSON.parse('{"constructor":"x","categories":["A","B"]}')), ['A', 'B']);
  assert.equal(pageStrings(['я'.repeat(1_000_000)])[0]?.length, 100, 'one long word is read to its run limit');
  assert.equal(pageStrings(Array.from({ length: 1000 }, () => 'x')).length, 10);
});

test('a cart of a thousand lines: the first items are offered accessories, fast', async () => {
  const cart = ['101001', ...Array.from({ length: 999 }, (_, i) => `missing-${i}`)];
  const { result, ms } = await timedAsk('что ещё взять?', { page: { type: 'CART', data: cart } });
  assert.ok(ms < 1000, `${Math.round(ms)} ms`);
  assert.ok(shownSkus(result.answer).length > 0);
});

test('a refinement of an old dialog whose stored search text is a million letters is answered fast', async () => {
  const state = { v: 1, kind: 'search', lang: 'ru', text: `наушники ${'я'.repeat(1_000_000)}`, filters: {}, categoryWords: [], brandWords: [], label: ['наушники'], shown: ['101001'] };
  const { result, ms } = await timedAsk('а подешевле?', { history: [{ role: 'user', text: 'наушники' }, { role: 'assistant', text: '', state }] });
  assert.ok(ms < 1000, `${Math.round(ms)} ms`);
  assert.ok(messageOf(result.answer).length > 0);
  assert.ok(JSON.stringify(result.state ?? {}).length < 10_000, 'the new state is bounded too');
});
