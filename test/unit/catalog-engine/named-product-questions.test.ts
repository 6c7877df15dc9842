/**
 * A question about a topic of a product the buyer names ("is the galaxy s24 waterproof?",
 * "сколько памяти у iphone 15?") is answered from that product's card, with the card: the model
 * itself, not its Plus or its glass; honestly "the card does not say" when it does not. It was
 * searched: the model's variants and accessories under "no exact match", or «памяти» not sold.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { texts } from '../../../src/assistant/catalog-engine/texts.ts';
import { ask, buttonsOf, dialogOn, item, messageOf, productsOf } from './helpers.ts';

const phones = buildCatalogIndex(
  [
    item('p2', 'Samsung Galaxy S24+ 256GB, Cobalt Violet', ['Cell Phones', 'Smartphones'], 999.99, 'Bigger screen, IP68 water and dust resistance.', 'Samsung'),
    item('p1', 'Samsung Galaxy S24 128GB, Onyx Black', ['Cell Phones', 'Smartphones'], 699.99, 'Compact flagship with IP68 water and dust resistance and a 50MP camera.', 'Samsung'),
    item('p3', 'Samsung Galaxy S24 Ultra 256GB, Titanium Gray', ['Cell Phones', 'Smartphones'], 1299.99, 'S Pen built in; IP68.', 'Samsung'),
    item('c1', 'Samsung Silicone Case for Galaxy S24, Black', ['Cell Phones', 'Phone Cases'], 29.99, 'Soft silicone case.', 'Samsung'),
    item('a1', 'Apple AirPods Pro 2 Wireless Earbuds, USB-C', ['Audio', 'Headphones'], 199, 'Up to 6 hours of listening time with noise cancelling on.', 'Apple'),
  ],
  { language: 'en' },
);

test('"is the galaxy s24 waterproof?" answers from the S24\'s own card, shown, not the S24+ nor its case', async () => {
  const [answer] = await dialogOn(phones, 'en', ['is the galaxy s24 waterproof?']);
  assert.match(messageOf(answer!), /IP68/u);
  assert.deepEqual((productsOf(answer!)?.value ?? []).map((p) => p.sku), ['p1']);
  assert.doesNotMatch(messageOf(answer!), /Nothing matches/u);
});

test('"what is the battery life of airpods pro 2?" quotes the card\'s hours', async () => {
  const [answer] = await dialogOn(phones, 'en', ['what is the battery life of airpods pro 2?']);
  assert.match(messageOf(answer!), /6 hours/u);
  assert.deepEqual((productsOf(answer!)?.value ?? []).map((p) => p.sku), ['a1']);
});

test('a topic the card does not state is said honestly, with the card and the operator', async () => {
  const [answer] = await dialogOn(phones, 'en', ['does the galaxy s24 ultra have nfc?']);
  assert.match(messageOf(answer!), /Samsung Galaxy S24 Ultra 256GB, Titanium Gray doesn't say/u);
  assert.deepEqual((productsOf(answer!)?.value ?? []).map((p) => p.sku), ['p3']);
  assert.ok(buttonsOf(answer!).some((b) => b.action === 'open_support_chat'));
});

test('"сколько памяти у iphone 15?" on the demo shop names the phone\'s storage, not «памяти» not sold', async () => {
  const { answer } = await ask('сколько памяти у iphone 15?');
  assert.match(messageOf(answer), /iPhone 15 128 ГБ.*128 ГБ/u);
  assert.doesNotMatch(messageOf(answer), /не продаю?т/u);
  assert.equal(productsOf(answer)?.value.length, 1);
});

test('a kind not sold is named in the singular when its first word is: «карта памяти» не продаётся', () => {
  assert.match(texts('ru').typeNotSold('карта памяти', true), /«карта памяти» в нашем магазине не продаётся\./u);
  assert.match(texts('ru').typeNotSold('стиральные машины', true), /не продаются\./u);
  assert.match(texts('ru').typeNotSold('наушники galaxy', false), /не продаются\./u);
});
