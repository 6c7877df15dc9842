/**
 * A gift for someone who loves a thing ("a gift for a music lover", "подарок меломану до 10000",
 * "a gift for a coffee lover under $100") is gift ideas about that thing, from the kinds it
 * names, within the budget: not the shop's sections at random, nor one kind alone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { giftInterest } from '../../../src/assistant/catalog-engine/gift-interests.ts';
import { dialogOn, item, messageOf, productsOf } from './helpers.ts';

const electronics = buildCatalogIndex(
  [
    item('h1', 'Sony WH-CH520 Wireless Headphones, Blue', ['Audio', 'Headphones'], 59.99),
    item('h2', 'JBL Tune 770NC Noise Cancelling Headphones', ['Audio', 'Headphones'], 99.95),
    item('s1', 'JBL Go 3 Portable Bluetooth Speaker, Red', ['Audio', 'Bluetooth Speakers'], 39.95),
    item('s2', 'Bose SoundLink Flex Bluetooth Speaker', ['Audio', 'Bluetooth Speakers'], 149),
    item('b1', 'Sonos Beam Smart Soundbar', ['TV', 'Soundbars'], 499),
    // Its description mentions headphones: it is no gift for music.
    item('l1', 'Lenovo IdeaPad Slim 3 Laptop, 8GB', ['Computers', 'Laptops'], 379.99, 'Thin laptop with a headphone jack and speakers.'),
    item('k1', 'Cuisinart Electric Kettle', ['Kitchen', 'Kettles'], 79.95),
    item('c1', 'Lavazza Super Crema Whole Bean Coffee, 2.2 lb', ['Coffee', 'Whole Bean Coffee'], 21.99),
    item('c2', 'illy Classico Whole Bean Coffee, 8.8 oz', ['Coffee', 'Whole Bean Coffee'], 14.99),
    item('j1', 'Breville Stainless Steel Milk Jug, 16 oz', ['Coffee', 'Coffee Maker Accessories'], 24.95, 'Milk frothing jug for latte art with your espresso coffee.'),
    item('m1', 'Breville Barista Express Espresso Coffee Machine', ['Coffee', 'Coffee Makers'], 599.95),
  ],
  { language: 'en' },
);

test('"gift for a music lover" gives headphones, speakers and a soundbar, not the shop\'s sections at random', async () => {
  const [music] = await dialogOn(electronics, 'en', ['gift for a music lover']);
  // Before: "Gift ideas from different sections" (a kettle, a laptop, coffee beans…).
  assert.match(messageOf(music!), /^Gift ideas for someone into music/u);
  const names = (productsOf(music!)?.value ?? []).map((p) => p.name);
  assert.ok(names.length >= 3, names.join('; '));
  assertEvery(names, (n) => /Headphones|Speaker|Soundbar/u.test(n));
  assert.ok(names.some((n) => /Speaker/u.test(n)) && names.some((n) => /Headphones/u.test(n)), 'from more than one kind');
});

test('"a gift for a coffee lover under $100" is about coffee within the budget: the beans and the milk jug, not the beans alone', async () => {
  const [coffee] = await dialogOn(electronics, 'en', ["what's a good gift for a coffee lover under $100"]);
  // Before: "Coffee under $100: here are 2 options", the beans alone.
  assert.match(messageOf(coffee!), /^Gift ideas for someone into coffee under \$100/u);
  const shown = productsOf(coffee!)?.value ?? [];
  assert.ok(shown.some((p) => /Milk Jug/u.test(p.name)));
  assert.ok(shown.some((p) => /Whole Bean Coffee/u.test(p.name)));
  assertEvery(shown, (p) => (p.price ?? Infinity) <= 100);
});

test('a Russian gift for a music lover within a budget: «подарок меломану до 10000»', async () => {
  const shop = buildCatalogIndex(
    [
      item('h1', 'Наушники JBL Tune 520BT, чёрные', ['Аудио', 'Наушники'], 3990),
      item('h2', 'Наушники Sony WH-1000XM5, чёрные', ['Аудио', 'Наушники'], 32990),
      item('s1', 'Портативная колонка JBL Go 3, красная', ['Аудио', 'Портативная акустика'], 3490),
      item('k1', 'Чайник электрический Xiaomi', ['Кухня', 'Чайники'], 2990),
      item('p1', 'Смартфон Xiaomi Redmi 13', ['Смартфоны'], 9990),
    ],
    { language: 'ru' },
  );
  const [music] = await dialogOn(shop, 'ru', ['подарок меломану до 10000']);
  assert.match(messageOf(music!), /^Идеи подарков на тему «музыка» до 10 000 ₽/u);
  const names = (productsOf(music!)?.value ?? []).map((p) => p.name);
  assert.deepEqual(names.sort(), ['Наушники JBL Tune 520BT, чёрные', 'Портативная колонка JBL Go 3, красная']);
});

test('the interest is read from the thing loved or from the one who loves it, in the shop\'s language', () => {
  assert.equal(giftInterest('music', 'en')?.topic, 'music');
  assert.equal(giftInterest('меломану', 'ru')?.topic, 'музыка');
  assert.deepEqual(giftInterest('son who is gamer', 'ru')?.kinds.includes('мышь'), true);
  assert.equal(giftInterest('kettle', 'en'), null);
});
