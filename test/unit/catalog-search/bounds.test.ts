/**
 * The search reads a bounded part of any text and does bounded, linear work (hardening,
 * bounded work): what is read, how long a word may be, the price patterns on long runs,
 * typo expansion, the work budget and how the relaxation and related products obey it.
 * Time bounds here only catch blow-ups: each input took seconds before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { boundText, MAX_RUN_CHARS, MAX_SEARCH_POSTINGS, MAX_WORD_CHARS, WorkBudget } from '../../../src/catalog/search/limits.ts';
import { extractPriceIntent } from '../../../src/catalog/search/price.ts';
import { runSearch } from '../../../src/catalog/search/relax.ts';
import { normalizeText, tokenize, tokenizeForIndex } from '../../../src/catalog/search/tokenize.ts';
import type { CatalogIndex } from '../../../src/catalog/search/types.ts';
import { demoIndex, skus } from './demo-catalog.ts';

const { index } = await demoIndex();

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: performance.now() - started };
}

test('boundText: ordinary text is returned as it is', () => {
  for (const s of ['', 'наушники sony до 5000 ₽', 'чехол для iPhone 15 Pro Max, чёрный!', `${'слово '.repeat(300)}`.slice(0, 2000)]) {
    assert.equal(boundText(s), s);
  }
});

test('boundText: reads at most the given characters, cuts long runs, never splits a surrogate pair', () => {
  assert.equal(boundText('абв где', 5), 'абв г');
  const run = `x ${'a'.repeat(100_000)} y`;
  assert.equal(boundText(run, 10_000_000), `x ${'a'.repeat(MAX_RUN_CHARS)} y`);
  const emoji = '😀'.repeat(60);
  const cut = boundText(emoji);
  assert.ok(cut.length <= MAX_RUN_CHARS && !/[\ud800-\udbff]$/.test(cut), 'no lone high surrogate at the end');
  assert.ok(!/[\ud800-\udbff]$/.test(boundText(`ab${'😀'}`, 3)));
});

test('words longer than MAX_WORD_CHARS are cut the same way in the index and in queries', () => {
  const long = `${'модель'.repeat(20)}x`;
  assert.equal(tokenize(long)[0]?.length, MAX_WORD_CHARS);
  assert.deepEqual(tokenize(long), tokenizeForIndex(long).slice(0, 1));
  const products: CatalogProduct[] = [
    { sku: 'long', name: `Кабель ${long}`, categories: [], available: true, params: {} },
    { sku: 'other', name: 'Кабель USB', categories: [], available: true, params: {} },
  ];
  const small = buildCatalogIndex(products);
  assert.deepEqual(skus(small.search(long, {}, 5)), ['long']);
});

test('a number of many thousands groups in a feed text ("1,000,000,…") is read once, not once per group', () => {
  // 400,000 characters: 82 s on the test machine when each group re-read the whole number.
  const { value, ms } = timed(() => tokenizeForIndex(`1${',000'.repeat(100_000)} mAh`));
  assert.equal(value[0]?.length, MAX_WORD_CHARS);
  assert.ok(ms < 3000, `${Math.round(ms)} ms`);
});

test('a word of a million letters: parsed and searched in well under a second, with an honest empty answer', () => {
  for (const word of ['я'.repeat(1_000_000), 'ya'.repeat(500_000), 'aeiouy'.repeat(100_000)]) {
    const { value, ms } = timed(() => {
      const parsed = index.parseDetailed(word);
      return index.search(parsed.text, parsed.filters, 10);
    });
    assert.ok(ms < 1000, `${word.slice(0, 4)}…: ${Math.round(ms)} ms`);
    assert.deepEqual(value, []);
  }
});

test('price patterns: linear on long runs of digit groups, and the ordinary amounts unchanged', () => {
  const { ms } = timed(() => extractPriceIntent(normalizeText('111 '.repeat(50_000))));
  assert.ok(ms < 1000, `${Math.round(ms)} ms`);
  assert.deepEqual(extractPriceIntent('от 1 000 000 до 2 000 000 ₽'), { rest: '', priceMin: 1_000_000, priceMax: 2_000_000 });
  assert.deepEqual(extractPriceIntent('до 15 000 руб'), { rest: '', priceMax: 15_000 });
  assert.equal(extractPriceIntent('до 1 000 000 000 000 000 руб').priceMax, undefined, 'no budget of a quadrillion');
});

test('typo candidates are looked for in the first words only, and the first ones are still fixed', () => {
  const misspelt = Array.from({ length: 30 }, (_, i) => `наушнк${'абвгдежзийклмнопрстуфхцчшщ'[i % 26]}`).join(' ');
  const { ms } = timed(() => index.search(misspelt, {}, 5));
  assert.ok(ms < 1000, `${Math.round(ms)} ms`);
  assert.match(index.search('наушнки', {}, 1)[0]?.product.name ?? '', /^Наушники/);
});

/** An index that counts its searches, around the real one. */
function counting(inner: CatalogIndex): { index: CatalogIndex; searches: () => number } {
  let n = 0;
  const index: CatalogIndex = Object.create(inner) as CatalogIndex;
  index.search = (...args) => {
    n++;
    return inner.search(...args);
  };
  return { index, searches: () => n };
}

test('the work budget: searches add what they read; relaxation stops once it is spent', () => {
  const budget = new WorkBudget();
  index.search('наушники', {}, 10, { budget });
  assert.ok(budget.spent > 0 && !budget.exhausted);

  // Nothing fits: every constraint is dropped in turn, then together.
  const req = { text: 'наушники', filters: { brands: ['Sony'], priceMax: 1, availableOnly: true } };
  const free = counting(index);
  const relaxed = runSearch(free.index, req, 6, new WorkBudget());
  assert.ok(free.searches() >= 2 && relaxed.hits.length > 0, `${free.searches()} searches`);

  const spent = counting(index);
  const tight = new WorkBudget(1);
  const first = runSearch(spent.index, req, 6, tight);
  assert.equal(spent.searches(), 1, 'only the first search once the budget is spent');
  assert.deepEqual(first.hits, []);
  assert.deepEqual(first.relaxed, []);
});

test('related products stop at the budget once they have something to show; a list cut short is not remembered', () => {
  const sku = index.search('смартфон samsung', {}, 1)[0]?.product.sku as string;
  const tight = new WorkBudget(1);
  const cut = index.complementary(sku, 6, tight);
  const roomy = new WorkBudget();
  const full = index.complementary(sku, 6, roomy);
  assert.ok(cut.length >= 1 && full.length > cut.length, `${cut.length} of ${full.length}`);
  assert.ok(tight.spent < roomy.spent, `${tight.spent} postings read instead of ${roomy.spent}`);
  assert.ok(index.similar(sku, 6, undefined, new WorkBudget(1)).length > 0);

  // The whole list is remembered: asked again, the same accessories, and no search runs.
  const again = new WorkBudget();
  const names = (list: CatalogProduct[]) => list.map((p) => p.name);
  const second = index.complementary(sku, 6, again);
  assert.deepEqual(names(second), names(full));
  assert.equal(again.spent, 0);
  // What a caller does with its list does not change the next answer.
  second.length = 0;
  assert.deepEqual(names(index.complementary(sku, 6)), names(full));
});

test('one search reads the words in order while their postings fit', () => {
  // 20 words in every product's name: each word's posting list is the whole catalogue.
  const words = Array.from({ length: 20 }, (_, i) => `w${String.fromCharCode(97 + i)}x`);
  const n = 1000;
  const products: CatalogProduct[] = Array.from({ length: n }, (_, i) => ({ sku: String(i), name: words.join(' '), categories: [], available: true, params: {} }));
  const cap = 5 * n;
  const small = buildCatalogIndex(products, { searchPostings: cap });
  const budget = new WorkBudget(Number.POSITIVE_INFINITY);
  const hits = small.search(words.join(' '), {}, 3, { budget });
  assert.equal(hits.length, 3);
  assert.equal(hits[0]?.coverage, 1, 'the words read are all matched');
  assert.ok(budget.spent <= cap, `${budget.spent} postings read`);
  assert.ok(budget.spent >= cap - n, 'up to the cap');
  // The first word is always read.
  const one = new WorkBudget(Number.POSITIVE_INFINITY);
  assert.equal(buildCatalogIndex(products, { searchPostings: 1 }).search(words.join(' '), {}, 3, { budget: one }).length, 3);
  assert.equal(one.spent, n);
  assert.ok(MAX_SEARCH_POSTINGS >= 1_000_000, 'the default reads ordinary searches whole');
});
