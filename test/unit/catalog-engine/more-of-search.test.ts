/** "show me more", "ещё варианты", "а другие есть?": the next cards of the last search. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asksForMore } from '../../../src/assistant/catalog-engine/intents.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { assertEvery, assertNone } from '../../helpers/assert.ts';
import { dialogOn, item, messageOf, productsOf, shownSkus } from './helpers.ts';

const headphones = buildCatalogIndex(
  [
    ...Array.from({ length: 15 }, (_, i) => item(`hp-${i + 1}`, `Maker${i + 1} Wireless Headphones model ${i + 1}`, ['Audio', 'Headphones'], 40 + i * 10)),
    item('kettle', 'Aisle Home Electric Kettle', ['Kitchen', 'Kettles'], 19.99),
  ],
  { language: 'en' },
);

test('"show me more", then "any others?", page through the search without showing a card twice, and then say there are no more', async () => {
  const [first, more, others, none] = await dialogOn(headphones, 'en', ['headphones', 'show me more', 'any others?', 'more']);
  const pages = [first, more, others].map((a) => shownSkus(a!));
  assert.deepEqual(
    pages.map((p) => p.length),
    [6, 6, 3],
    pages.map((p) => p.join(',')).join(' | '),
  );
  const all = pages.flat();
  assert.equal(new Set(all).size, 15, 'every headphone once');
  assertEvery(all, (sku) => sku.startsWith('hp-'));
  assert.match(messageOf(more!), /^Here are 6 more options\./u);
  assert.match(messageOf(others!), /^Here are 3 more options\./u);
  assert.equal(productsOf(more!)?.title, productsOf(first!)?.title);
  assert.deepEqual(shownSkus(none!), []);
  assert.match(messageOf(none!), /no more/u);
});

test('"ещё варианты", "а другие есть?" and "покажи больше" ask for more of the same; "а побольше?" and "more expensive" do not', async () => {
  const shop = buildCatalogIndex(
    Array.from({ length: 14 }, (_, i) => item(`n-${i + 1}`, `Наушники Марка${i + 1} беспроводные, модель ${i + 1}`, ['Наушники'], 3000 + i * 500)),
    { language: 'ru' },
  );
  const [first, more, others] = await dialogOn(shop, 'ru', ['наушники', 'ещё варианты', 'а другие есть?']);
  const pages = [first, more, others].map((a) => shownSkus(a!));
  assert.equal(new Set(pages.flat()).size, 14, pages.map((p) => p.join(',')).join(' | '));
  assert.match(messageOf(more!), /^Вот ещё 6 вариантов\./u);
  // 14 headphones: 6, 6, then the last 2.
  assert.match(messageOf(others!), /^Вот ещё 2 варианта\./u);
  const [, bigger] = await dialogOn(shop, 'ru', ['наушники', 'покажи больше']);
  assert.equal(shownSkus(bigger!).length, 6);
  assertNone(shownSkus(bigger!), (sku) => shownSkus(first!).includes(sku));
  for (const said of ['а побольше?', 'more expensive', 'more storage', 'tell me more', 'другого бренда', 'а другой цвет?', 'а ещё чайник']) {
    assert.equal(asksForMore(said), false, said);
  }
  for (const said of ['show me more', 'any others?', 'anything else?', 'what else do you have?', 'next', 'ещё', 'покажите ещё', 'а другие есть?', 'больше вариантов', 'другие варианты', 'next page', 'следующие', 'покажи следующую страницу']) {
    assert.equal(asksForMore(said), true, said);
  }
});

test('"show me more" after comparing two of the cards pages past the whole shelf, not only the two compared', async () => {
  const [first, compared, more] = await dialogOn(headphones, 'en', ['headphones', 'compare the first two', 'show me more']);
  assert.equal(shownSkus(compared!).length, 2, messageOf(compared!));
  assert.equal(shownSkus(more!).length, 6, messageOf(more!));
  assertNone(shownSkus(more!), (sku) => shownSkus(first!).includes(sku));
});

test('"more" after "cheapest headphones" goes on in price order: the next page costs more than the first', async () => {
  const [first, more] = await dialogOn(headphones, 'en', ['cheapest headphones', 'more']);
  const prices = (answer: typeof first) => (productsOf(answer!)?.value ?? []).map((c) => c.price ?? 0);
  assert.deepEqual(prices(first), [40, 50, 60, 70, 80, 90], messageOf(first!));
  assert.deepEqual(prices(more), [100, 110, 120, 130, 140, 150], messageOf(more!));
});
