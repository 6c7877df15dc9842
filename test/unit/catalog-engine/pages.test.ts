import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery, assertNone } from '../../helpers/assert.ts';
import { ask, index, messageOf, productsOf, shownSkus } from './helpers.ts';

const S24 = '101001';
const product = { type: 'PRODUCT' as const, data: [S24] };

test('product page, "похожие": similar products, not the product itself', async () => {
  const { answer, state } = await ask('похожие', { page: product });
  const skus = shownSkus(answer);
  assert.ok(skus.length >= 4 && !skus.includes(S24));
  assertEvery(skus, (s) => index.bySku(s)?.categories.includes('Смартфоны'));
  assert.match(messageOf(answer), /Galaxy S24/);
  assert.equal(productsOf(answer)?.shelf_id, 'aisle-similar');
  assert.equal(state?.['sku'], S24);
});

test('product page, "similar" in English', async () => {
  const { answer } = await ask('show me similar ones', { page: product });
  assertEvery(shownSkus(answer), (s) => index.bySku(s)?.categories.includes('Смартфоны'));
  assert.match(messageOf(answer), /^Similar to/);
});

test('product page, "что к нему подойдёт" / "what goes with it": accessories that fit', async () => {
  for (const text of ['что к нему подойдёт?', 'what goes with it?']) {
    const { answer } = await ask(text, { page: product });
    const names = shownSkus(answer).map((s) => index.bySku(s)?.name ?? '');
    assert.match(names[0] ?? '', /Чехол .*Galaxy S24/, text);
    assertNone(names, (n) => /^Смартфон/.test(n));
    assert.equal(productsOf(answer)?.shelf_id, 'aisle-complementary');
  }
});

test('product page, "а подешевле?": similar products cheaper than this one', async () => {
  const { answer } = await ask('а подешевле есть?', { page: product });
  const prices = shownSkus(answer).map((s) => index.bySku(s)?.price ?? Infinity);
  assertEvery(prices, (p) => p < 74990, prices.join());
});

test('product page, a vague question: what the product is, and similar ones', async () => {
  const { answer } = await ask('расскажи подробнее', { page: product });
  assert.match(messageOf(answer), /Galaxy S24 .*74 990 ₽/);
  assert.match(messageOf(answer), /Характеристики/);
  assert.ok(shownSkus(answer).length > 0 && !shownSkus(answer).includes(S24));
});

test('product page with a concrete request: the request wins', async () => {
  const { answer } = await ask('чайник bosch', { page: product });
  assertEvery(shownSkus(answer), (s) => index.bySku(s)?.brand === 'Bosch' && index.bySku(s)?.categories.includes('Электрочайники'));
});

test('cart: what goes with the cart items, nothing already in the cart', async () => {
  const cart = ['202001', '101007']; // a coffee machine and an iPhone 15
  const { answer } = await ask('что ещё взять?', { page: { type: 'CART', data: cart } });
  const skus = shownSkus(answer);
  assert.ok(skus.length >= 4, `${skus.length}`);
  assertEvery(skus, (s) => !cart.includes(s));
  const leaves = new Set(skus.map((s) => index.bySku(s)?.categories.at(-1)));
  assert.ok(leaves.has('Кофе в зёрнах') || leaves.has('Аксессуары для кофемашин'), [...leaves].join());
  assert.ok(leaves.has('Чехлы для смартфонов'), [...leaves].join());
  assert.equal(productsOf(answer)?.shelf_id, 'aisle-cart');
});

test('cart given as objects with a sku works too; an empty cart is said so', async () => {
  const objects = await ask('что посоветуете?', { page: { type: 'CART', data: [{ sku: '202001', qty: 1 }] } });
  assert.ok(shownSkus(objects.answer).length > 0);
  const empty = await ask('что посоветуете?', { page: { type: 'CART', data: [] } });
  assert.match(messageOf(empty.answer), /Корзина пока пуста/);
});

test('search page: a vague message uses the page query; filters from the message apply', async () => {
  const page = { type: 'SEARCH' as const, data: 'кофемашина' };
  const vague = await ask('что посоветуете?', { page });
  assertEvery(shownSkus(vague.answer), (s) => index.bySku(s)?.categories.includes('Кофемашины'));
  const cheaper = await ask('до 40000', { page });
  const prices = shownSkus(cheaper.answer).map((s) => index.bySku(s)?.price ?? Infinity);
  assertEvery(prices, (p) => p <= 40000);
  const object = await ask('что посоветуете?', { page: { type: 'SEARCH', data: { query: 'пылесос дайсон' } } });
  assertEvery(shownSkus(object.answer), (s) => index.bySku(s)?.brand === 'Dyson');
});

// This step used to send "покажи", which THANKS_CORE's unanchored /пока/ ("bye") reads as a
// goodbye: the answer was "Пожалуйста!" with no products, and `every` passed on the empty list.
test('"покажи" on a search page shows the page query, not a goodbye', async () => {
  const { answer } = await ask('покажи', { page: { type: 'SEARCH', data: 'пылесос дайсон' } });
  assertEvery(shownSkus(answer), (s) => index.bySku(s)?.brand === 'Dyson');
});

test('category page: a vague message lists the page category', async () => {
  const { answer } = await ask('что посоветуете?', { page: { type: 'CATEGORY', data: ['Роботы-пылесосы'] } });
  assertEvery(shownSkus(answer), (s) => index.bySku(s)?.categories.includes('Роботы-пылесосы'));
});

test('"похожие на <product>" without a page finds the product first', async () => {
  const { answer } = await ask('покажи похожие на dyson v15');
  const skus = shownSkus(answer);
  assert.ok(skus.length > 0 && !skus.includes('212001'));
  assertEvery(skus, (s) => /пылесос/i.test(index.bySku(s)?.name ?? ''));
});
