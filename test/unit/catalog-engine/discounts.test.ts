/** "Со скидкой", "по акции", "on sale": products sold below their old price, and an honest note when none fits. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractPriceIntent } from '../../../src/catalog/search/price.ts';
import { shopTopics } from '../../../src/assistant/catalog-engine/intents.ts';
import { assertEvery } from '../../helpers/assert.ts';
import { converse, index, messageOf, productsOf, shownSkus } from './helpers.ts';

const discounted = (sku: string): boolean => {
  const p = index.bySku(sku);
  return p?.price !== undefined && p.oldPrice !== undefined && p.oldPrice > p.price;
};

test('a discount asked for is a filter in both languages, and a question about discounts stays a shop question', () => {
  for (const [text, rest] of [
    ['ноутбуки со скидкой', 'ноутбуки'],
    ['смартфон по акции', 'смартфон'],
    ['акционные наушники', 'наушники'],
    ['headphones on sale', 'headphones'],
    ['discounted laptops', 'laptops'],
    // Before: "deals" was searched ('Nothing here matches "deals"').
    ['tv deals', 'tv'],
    ['any deals on headphones', 'any on headphones'],
    ['laptops on clearance', 'laptops'],
  ] as const) {
    const intent = extractPriceIntent(text);
    assert.equal(intent.discountedOnly, true, text);
    assert.equal(intent.rest, rest, text);
  }
  assert.equal(extractPriceIntent('скидочная карта').discountedOnly, undefined);
  assert.deepEqual(shopTopics('ноутбуки со скидкой'), []);
  assert.deepEqual(shopTopics('у вас есть скидки?'), ['discounts']);
});

test('"ноутбуки со скидкой" shows only laptops sold below their old price, and says so in the title', async () => {
  const [answer] = await converse(['ноутбуки со скидкой']);
  const skus = shownSkus(answer!.answer);
  assert.ok(skus.length > 0, messageOf(answer!.answer));
  assertEvery(skus, (s) => discounted(s) && index.bySku(s)?.categories.includes('Ноутбуки') === true);
  assert.match(messageOf(answer!.answer), /^Ноутбуки со скидкой — вот/u);
  // Laptops at their regular price are there too, and left out ("Ноутбуки" alone shows them).
  const [all] = await converse(['ноутбуки']);
  assert.ok(shownSkus(all!.answer).some((s) => !discounted(s)));
});

test('"а со скидкой есть?" after coffee machines keeps the coffee machines on sale; a budget outlasts the discount', async () => {
  const [, onSale] = await converse(['кофемашина', 'а со скидкой есть?']);
  assert.ok(shownSkus(onSale!.answer).length > 0);
  assertEvery(shownSkus(onSale!.answer), (s) => discounted(s) && index.bySku(s)?.categories.includes('Кофемашины') === true);
  // No vacuum on sale within 10,000 ₽: the answer says so and keeps the budget.
  const [bounded] = await converse(['пылесос со скидкой до 10000']);
  assert.match(messageOf(bounded!.answer), /^Со скидкой подходящего сейчас нет — вот что есть по обычной цене\. /u);
  assertEvery(shownSkus(bounded!.answer), (s) => (index.bySku(s)?.price ?? Infinity) <= 10000);
  assert.ok((productsOf(bounded!.answer)?.value.length ?? 0) > 0);
});
