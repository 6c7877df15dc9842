/** "something cheaper", "a budget", "show me more" after gift ideas: more gift ideas of the same kind, not any product. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { assertEvery, assertNone } from '../../helpers/assert.ts';
import { resolve } from 'node:path';
import { ask, dialogOn, item, messageOf, productsOf, shownSkus } from './helpers.ts';
import { PROJECT_ROOT } from '../../helpers/shared-data.ts';
import { loadProducts } from '../catalog-search/demo-catalog.ts';

const shop = buildCatalogIndex(
  [
    item('fryer-1', 'Maker Air Fryer, 5 qt', ['Kitchen', 'Air Fryers'], 89.99),
    item('fryer-2', 'Other Air Fryer, 4 qt', ['Kitchen', 'Air Fryers'], 69.99),
    item('blender-1', 'Maker Personal Blender', ['Kitchen', 'Blenders'], 89.99),
    item('blender-2', 'Other Hand Blender', ['Kitchen', 'Blenders'], 39.99),
    item('pan-1', 'Nonstick Frying Pan, 11 in', ['Kitchen', 'Frying Pans'], 16.99),
    item('pan-2', 'Cast Iron Frying Pan, 10 in', ['Kitchen', 'Frying Pans'], 24.99),
    item('pan-3', 'Ceramic Frying Pan, 12 in', ['Kitchen', 'Frying Pans'], 44.99),
    item('pan-4', 'Steel Frying Pan, 8 in', ['Kitchen', 'Frying Pans'], 29.99),
    ...Array.from({ length: 6 }, (_, i) => item(`pan-${5 + i}`, `Frying Pan no. ${5 + i}, 9 in`, ['Kitchen', 'Frying Pans'], 19.99 + i)),
    ...Array.from({ length: 8 }, (_, i) => item(`other-${i}`, `Wireless Headphones model ${i}`, ['Audio', 'Headphones'], 20 + i * 5)),
  ],
  { language: 'en' },
);
const kitchen = (sku: string): boolean => /^(fryer|blender|pan)-/u.test(sku);

test('"something cheaper" after gift ideas for a cook shows cheaper cooking ideas, and "show me more" the ones not shown yet, not headphones', async () => {
  const [ideas, cheaper, more, none] = await dialogOn(shop, 'en', ['a gift for my dad who likes cooking, under $100', 'something cheaper', 'show me more', 'more']);
  assert.ok(shownSkus(ideas!).length >= 4, messageOf(ideas!));
  assertEvery(shownSkus(ideas!), kitchen);
  const cheaperCards = productsOf(cheaper!)?.value ?? [];
  assert.ok(cheaperCards.length > 0, messageOf(cheaper!));
  assertEvery(cheaperCards, (c) => kitchen(c.sku ?? '') && (c.price ?? Infinity) < 89.99);
  assert.match(messageOf(cheaper!), /^Gift ideas for someone into cooking under \$\d+/u);
  const moreSkus = shownSkus(more!);
  assert.ok(moreSkus.length > 0, messageOf(more!));
  assertEvery(moreSkus, kitchen);
  assertNone(moreSkus, (sku) => shownSkus(cheaper!).includes(sku));
  assert.match(messageOf(more!), /^Here (are \d+ more options|is 1 more option)\./u);
  assert.deepEqual(shownSkus(none!), []);
  assert.match(messageOf(none!), /no more/u);
});

test('"а подешевле?" and "ещё" after gift ideas within a budget keep to gift ideas within it', async () => {
  const ru = buildCatalogIndex(
    Array.from({ length: 40 }, (_, i) => item(`g${i}`, `Товар ${i} для дома`, [`Раздел ${i % 8}`], 1000 + i * 100)),
    { language: 'ru' },
  );
  const [ideas, cheaper, more] = await dialogOn(ru, 'ru', ['подарок маме до 5000', 'а подешевле?', 'ещё']);
  assert.match(messageOf(ideas!), /^Идеи подарков до 5 000 ₽/u);
  assert.match(messageOf(cheaper!), /^Идеи подарков до /u);
  const top = Math.max(...(productsOf(cheaper!)?.value ?? []).map((c) => c.price ?? 0));
  assert.match(messageOf(more!), /^Вот ещё \d+ вариант/u);
  assertEvery(productsOf(more!)?.value ?? [], (c) => (c.price ?? Infinity) <= Math.max(top, 5000));
  assertNone(shownSkus(more!), (sku) => shownSkus(cheaper!).includes(sku));
});

test('"cheaper" after gift ideas of different kinds is below the middle price of them all, not of the first card\'s kind alone', async () => {
  // The first idea is the only laptop: its own price was the middle, and "cheaper" kept everything else.
  const mixed = buildCatalogIndex(
    [
      item('laptop', 'Laptop Pro 14', ['Computers', 'Laptops'], 1500),
      item('tv', 'Smart TV 55"', ['TV', 'Televisions'], 600),
      item('watch', 'Smartwatch S', ['Wearables', 'Smartwatches'], 400),
      item('phones', 'Wireless Headphones', ['Audio', 'Headphones'], 200),
      item('speaker', 'Portable Speaker', ['Audio', 'Speakers'], 120),
      item('kettle', 'Electric Kettle', ['Kitchen', 'Kettles'], 60),
      item('mouse', 'Wireless Mouse', ['Computers', 'Mice'], 30),
      item('pan', 'Frying Pan', ['Kitchen', 'Frying Pans'], 25),
    ],
    { language: 'en' },
  );
  const [ideas, cheaper] = await dialogOn(mixed, 'en', ['gift ideas for my dad', 'something cheaper']);
  const prices = (productsOf(ideas!)?.value ?? []).map((c) => c.price ?? 0).sort((a, b) => a - b);
  const middle = prices[Math.floor((prices.length - 1) / 2)] as number;
  const cards = productsOf(cheaper!)?.value ?? [];
  assert.ok(cards.length > 0, messageOf(cheaper!));
  assertEvery(cards, (c) => (c.price ?? Infinity) < middle);
});

test('a price said as "around" is said back so, not as the bounds it stands for: "headphones around 150", «подарок маме примерно за 5000»; "cheaper" after it names its own bound', async () => {
  const { answer } = await ask('наушники в районе 10000');
  // Before: «Наушники от 7 000 ₽ до 11 500 ₽ — вот 2 варианта».
  assert.match(messageOf(answer), /^Наушники около 10 000 ₽ — вот/u);
  const gift = (await ask('подарок маме примерно за 5000')).answer;
  // Before: «Идеи подарков до 5 750 ₽ из разных разделов».
  assert.match(messageOf(gift), /^Идеи подарков около 5 000 ₽ из разных разделов/u);
  const english = buildCatalogIndex(await loadProducts(resolve(PROJECT_ROOT, 'examples/demo-en/catalog.jsonl')), { language: 'en' });
  const [around, cheaper] = await dialogOn(english, 'en', ['headphones around 150', 'cheaper']);
  // Before: "Headphones over $105 under $173".
  assert.match(messageOf(around!), /^Headphones around \$150: here are/u);
  assert.match(messageOf(cheaper!), /^Headphones cheaper than \$/u);
  assert.doesNotMatch(messageOf(cheaper!), /around/u);
});
