/** "чехол для него", "case for it": an item for what was just shown, not every such item. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { converse, dialogOn, item, messageOf, productsOf, shownSkus } from './helpers.ts';

const names = (r: { answer: Parameters<typeof productsOf>[0] }): string[] => productsOf(r.answer)?.value.map((c) => c.name) ?? [];

test('"чехол для него" after iPhone 15 shows cases for the iPhone 15 only, titled so', async () => {
  const [, cases] = await converse(['iphone 15', 'чехол для него']);
  const cards = names(cases!);
  assert.ok(cards.length > 0);
  assertEvery(cards, (n) => /^Чехол .*iPhone 15/u.test(n), 'cases for the iPhone 15');
  assert.match(messageOf(cases!.answer), /^Чехол для iPhone 15 — вот/u);
});

test('"а стекло для него?" after Samsung phones: glass for Samsung, the phone word not repeated in the wrong case', async () => {
  const [, glass] = await converse(['смартфон samsung', 'а стекло для него?']);
  const cards = names(glass!);
  assert.ok(cards.length > 0);
  assertEvery(cards, (n) => /стекло|плёнка/iu.test(n), 'glass or film');
  assert.match(messageOf(glass!.answer), /^Стекло для Samsung — вот/u);
});

test('"а стулья к нему?" after dining tables: chairs to go with the first table shown, not tables to go with a chair', async () => {
  const shop = buildCatalogIndex(
    [
      item('t1', 'Стол обеденный раздвижной 1016', ['Столы'], 19_900),
      item('t2', 'Стол обеденный раздвижной 1102', ['Столы'], 14_500),
      item('c1', 'Стул Прима', ['Стулья'], 1_280),
      item('c2', 'Стул SPARTA', ['Стулья'], 3_300),
      item('l1', 'Лампа настольная', ['Освещение'], 990),
    ],
    { language: 'ru' },
  );
  const [, chairs] = await dialogOn(shop, 'ru', ['стол обеденный раздвижной', 'а стулья к нему?']);
  // Before: «Вместе с «Стул Прима» пригодится:» and the tables.
  assert.ok(shownSkus(chairs!).length > 0);
  assertEvery(shownSkus(chairs!), (sku) => sku.startsWith('c'));
  assert.doesNotMatch(messageOf(chairs!), /Стул Прима»/u);
});
