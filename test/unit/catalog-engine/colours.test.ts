/** "What colors does it come in?": the colours the shop has a product in, from its offers of the same name. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { assertEvery } from '../../helpers/assert.ts';
import { ask, dialogOn, item, messageOf, productsOf } from './helpers.ts';

const shop = buildCatalogIndex(
  [
    item('sb', 'Apple - iPhone® 7 Plus Silicone Case - Black', ['Cases'], 39.99),
    item('sw', 'Apple - iPhone® 7 Plus Silicone Case - White', ['Cases'], 39.99),
    item('sr', 'Apple - iPhone® 7 Plus Silicone Case - Red', ['Cases'], 39.99),
    item('nb', 'Nomad - Case for Apple® iPhone® 7 Plus - Brown', ['Cases'], 39.99),
    item('dx', 'Dynex™ - Case for Apple® iPhone® 6s Plus and 7 Plus - Rudolph', ['Cases'], 2.99),
  ],
  { language: 'en' },
);

test('"what colors does it come in?" after a search names the colours of the first card\'s product and shows those offers', async () => {
  const [first, colours] = await dialogOn(shop, 'en', ['apple iphone 7 plus silicone case', 'what colors does it come in?']);
  assert.equal(productsOf(first!)?.value[0]?.sku, 'sb');
  assert.match(messageOf(colours!), /^Apple - iPhone® 7 Plus Silicone Case comes in Black, White, Red\.$/u);
  const cards = productsOf(colours!)?.value ?? [];
  assert.equal(cards.length, 3);
  assertEvery(
    cards.map((c) => c.name),
    (n) => n.startsWith('Apple - iPhone® 7 Plus Silicone Case - '),
  );
});

test('in one colour, the answer says so ("какие есть цвета?" on the page of the demo shop\'s iPhone 15 128 ГБ, чёрный)', async () => {
  const r = await ask('какие есть цвета?', { page: { type: 'PRODUCT', data: ['101007'] } });
  assert.match(messageOf(r.answer), /^«Смартфон Apple iPhone 15 128 ГБ» в каталоге есть только в одном цвете: чёрный\.$/u);
});

test('"в каком цвете есть?" asks the colours too, and leaves the search for "а подешевле модель?" after it, cheaper than the phones shown', async () => {
  const { converse } = await import('./helpers.ts');
  const [, colours, cheaper] = await converse(['iphone 15', 'а в каком цвете есть?', 'а подешевле модель?']);
  // Before: «Такого в нашем каталоге не нашлось», and "а подешевле модель?" then listed the whole catalogue cheapest first.
  assert.match(messageOf(colours!.answer), /^«Смартфон Apple iPhone 15 128 ГБ» в каталоге есть только в одном цвете: чёрный\.$/u);
  // Cheaper than the iPhones shown, not than the cases beside them («iPhone 15 дешевле 5 990 ₽», the glass first).
  // Only the phones: the glass and the cases are no cheaper iPhone.
  assert.match(messageOf(cheaper!.answer), /^iPhone 15 дешевле 89 990 ₽ — вот \d вариант\p{L}*\.(?: Самый доступный — Смартфон Apple iPhone 15 128 ГБ, чёрный за 79 990 ₽\.)?$/u);
  assert.equal(productsOf(cheaper!.answer)?.value[0]?.name, 'Смартфон Apple iPhone 15 128 ГБ, чёрный');
  assertEvery(productsOf(cheaper!.answer)?.value ?? [], (c) => /^Смартфон/u.test(c.name), 'a phone');
});
