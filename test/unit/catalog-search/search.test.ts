import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { demoIndex, skus } from './demo-catalog.ts';

const { index, products } = await demoIndex();
const bySku = (sku: string) => products.find((p) => p.sku === sku);

test('the demo catalogue loads whole through the feed reader', () => {
  assert.ok(products.length >= 120 && products.length <= 200, `${products.length} products`);
  assert.equal(index.size, products.length);
  assert.ok(products.some((p) => !p.available), 'some products are out of stock');
  assert.ok(products.some((p) => p.oldPrice !== undefined), 'some products have an old price');
  assert.ok(products.some((p) => p.isStm === true), 'the shop has its own brand');
});

test('Russian stemming: an inflected word finds the products named in another form', () => {
  const hits = index.search('наушников', {}, 20);
  assert.ok(hits.length >= 10);
  assertEvery(hits.slice(0, 10), (h) => /Наушники/.test(h.product.name), skus(hits).join());
  const kettles = index.search('чайники стеклянные', {}, 5);
  assertEvery(kettles, (h) => h.product.categories.includes('Электрочайники'));
  assert.match(kettles[0]?.product.name ?? '', /стеклянный/);
});

test('English stemming: plural and singular meet', () => {
  const plural = index.search('chargers', {}, 2).map((h) => h.product.sku);
  const singular = index.search('charger', {}, 2).map((h) => h.product.sku);
  assert.deepEqual(plural, singular);
  assertEvery(plural, (sku) => /Charger/.test(index.bySku(sku)?.name ?? ''));
});

test('typos are tolerated, including a swapped pair of letters and a Cyrillic brand typo', () => {
  assert.match(index.search('смартфн', {}, 1)[0]?.product.name ?? '', /^Смартфон/);
  assert.match(index.search('наушнки', {}, 1)[0]?.product.name ?? '', /^Наушники/);
  for (const q of ['samsnug galaxy', 'самснуг галакси']) {
    const top = index.search(q, {}, 3);
    assert.equal(top.length, 3);
    assertEvery(top, (h) => /Samsung/.test(h.product.name) && /Galaxy/.test(h.product.name), q);
  }
});

test('the last word matches as a prefix; earlier words do not', () => {
  const hits = index.search('холодил', {}, 5);
  assert.equal(hits.length, 3);
  assertEvery(hits, (h) => /^Холодильник/.test(h.product.name));
  // Not last: "холодил" must be a whole word (or a typo of one), so only "bosch" matches.
  assertEvery(index.search('холодил bosch', {}, 5), (h) => (h.coverage ?? 1) < 1);
});

test('a Cyrillic model code finds the Latin one ("с24" → S24)', () => {
  const top = index.search('galaxy с24', {}, 3);
  assertEvery(top, (h) => /S24/.test(h.product.name), skus(top).join());
});

test('ranking prefers a match in the name over one in the description', () => {
  // "кофе" is in coffee names and in coffee-machine descriptions.
  const hits = index.search('кофе', {}, 3);
  assertEvery(hits, (h) => /^Кофе в зёрнах/.test(h.product.name), skus(hits).join());
});

test('ranking prefers products that match every word', () => {
  const hits = index.search('чехол iphone 15', {}, 10);
  const full = hits.filter((h) => h.coverage === 1).map((h) => h.product.sku);
  assert.deepEqual(new Set(full.slice(0, 3)), new Set(['111004', '111005', '111006']));
  assert.ok(hits.findIndex((h) => (h.coverage ?? 1) < 1) >= full.length);
});

test('synonyms: colloquial and English words reach Russian names', () => {
  assertEvery(index.search('айфон', {}, 3), (h) => /iPhone/.test(h.product.name));
  assertEvery(index.search('макбук', {}, 3), (h) => /MacBook/.test(h.product.name));
  assertEvery(index.search('kettle', {}, 3), (h) => /чайник/i.test(h.product.name));
  assertEvery(index.search('пауэрбанк', {}, 4), (h) => /Внешний аккумулятор/.test(h.product.name));
});

test('an unavailable product ranks after available ones of equal match', () => {
  const hits = index.search('iphone 13', {}, 5);
  assert.equal(bySku('101011')?.available, false);
  assert.ok(hits.some((h) => h.product.sku === '101011'));
});

test('empty text lists the filtered products, available first', () => {
  const hits = index.search('', { categories: ['Вертикальные пылесосы'] }, 10);
  assert.equal(hits.length, 7);
  assert.equal(hits[hits.length - 1]?.product.available, false);
});

test('price order: cheapest or dearest first among the best matches', () => {
  const asc = index.search('', { categories: ['Электрочайники'] }, 3, { sort: 'price_asc' });
  assert.deepEqual(asc.map((h) => h.product.price), [1290, 1990, 2290]);
  const desc = index.search('наушники', {}, 2, { sort: 'price_desc' });
  assert.deepEqual(desc.map((h) => h.product.price), [32990, 32990]);
});

test('nothing found is an empty list, not an error', () => {
  assert.deepEqual(index.search('zzzxqj', {}, 5), []);
  assert.deepEqual(index.search('чайник', { priceMax: 10 }, 5), []);
});
