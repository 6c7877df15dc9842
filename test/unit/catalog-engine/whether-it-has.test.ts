/** "does it have hdmi?", "у него есть wi-fi?", "is it durable?" about the products shown: their cards answer, not a search. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { askedWhetherItHas, askedWhetherItIs } from '../../../src/assistant/catalog-engine/intents.ts';
import { productFacts } from '../../../src/assistant/catalog-engine/product-facts.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { assertNone } from '../../helpers/assert.ts';
import { converse, dialogOn, item, messageOf, productsOf, shownSkus } from './helpers.ts';

test('a yes-or-no question says what it asks the item has; a colour is a request for such ones', () => {
  assert.equal(askedWhetherItHas('does it have hdmi?'), 'hdmi');
  assert.equal(askedWhetherItHas('Does this one come with a remote?'), 'a remote');
  assert.equal(askedWhetherItHas('а у него есть wi-fi?'), 'wi fi');
  assert.equal(askedWhetherItHas('есть ли у него bluetooth'), 'bluetooth');
  for (const said of ['does it have it in blue?', 'do they have black ones?', 'у них есть белые?', 'is it waterproof?', 'hdmi cable']) {
    assert.equal(askedWhetherItHas(said), null, said);
  }
});

test('"does it have hdmi?" after one TV answers from its card, or says the card does not say, instead of showing the TV again as "nothing matches"', async () => {
  const shop = (params: Record<string, string>) =>
    buildCatalogIndex([{ ...item('tv', 'Maker 32" HD TV', ['TVs'], 149.99), params }, item('tab', 'Maker Tablet 10", HDMI out, Wi-Fi', ['Tablets'], 199)], { language: 'en' });
  const [tv, silent] = await dialogOn(shop({ Resolution: '720p' }), 'en', ['tv for a small bedroom', 'does it have hdmi?']);
  assert.deepEqual(shownSkus(tv!), ['tv']);
  assert.match(messageOf(silent!), /^The product's card doesn't say\./u);
  assert.deepEqual(shownSkus(silent!), []);
  const [, said] = await dialogOn(shop({ 'HDMI ports': '3' }), 'en', ['tv for a small bedroom', 'does it have hdmi?']);
  assert.match(messageOf(said!), /HDMI ports: 3/u);
  assert.deepEqual(shownSkus(said!), ['tv'], 'the TV whose card says it, not the tablet with HDMI out');
  const ru = buildCatalogIndex([{ ...item('tv', 'Телевизор Марка 32" HD', ['Телевизоры'], 14_990), params: { 'Smart TV': 'нет' } }, item('tab', 'Планшет Марка 10", Wi-Fi', ['Планшеты'], 19_990)], { language: 'ru' });
  const [, wifi] = await dialogOn(ru, 'ru', ['телевизор', 'а у него есть wi-fi?']);
  assert.match(messageOf(wifi!), /^В карточке товара об этом не сказано\./u);
  assert.deepEqual(shownSkus(wifi!), [], 'no tablet with Wi-Fi');
});

test('"bluetooth" asks no colour: the cards\' connection is quoted, not their colour', () => {
  const p: CatalogProduct = { sku: 'h', name: 'Maker Wireless Headphones, Black', categories: [], available: true, params: { Color: 'Black', Connection: 'Wireless (Bluetooth 5.3)' } };
  const facts = productFacts(p, 'do they have bluetooth?').facts;
  assert.ok(facts.some((f) => /Bluetooth 5\.3/u.test(f)), facts.join(' | '));
  assertNone(facts, (f) => /^Color/u.test(f));
});

test('"а у них есть wi-fi?", "есть ли у них влажная уборка?" after several cards answer from the cards, not with tablets that have Wi-Fi', async () => {
  const ru = buildCatalogIndex(
    [
      { ...item('tv1', 'Телевизор Марка 55" QLED', ['Телевизоры'], 44_990), params: { 'Тип матрицы': 'QLED' } },
      { ...item('tv2', 'Телевизор Другая 55" OLED', ['Телевизоры'], 139_990), params: { 'Тип матрицы': 'OLED', 'Wi-Fi': 'есть' } },
      item('tab', 'Планшет Марка 10", Wi-Fi', ['Планшеты'], 19_990),
      { ...item('r1', 'Робот-пылесос Марка S8', ['Роботы-пылесосы'], 49_990), params: { 'Влажная уборка': 'да' } },
      { ...item('r2', 'Робот-пылесос Другая J7', ['Роботы-пылесосы'], 29_990), params: { 'Влажная уборка': 'нет' } },
    ],
    { language: 'ru' },
  );
  const [tvs, wifi] = await dialogOn(ru, 'ru', ['телевизор 55', 'а у них есть wi-fi?']);
  assert.deepEqual(shownSkus(tvs!).sort(), ['tv1', 'tv2']);
  assert.match(messageOf(wifi!), /^По карточкам: «Телевизор Другая 55" OLED» — Wi-Fi: есть\./u);
  assert.doesNotMatch(messageOf(wifi!), /Планшет/u);
  const [, mop] = await dialogOn(ru, 'ru', ['робот-пылесос', 'есть ли у них влажная уборка?']);
  assert.match(messageOf(mop!), /Влажная уборка: да/u);
  assert.match(messageOf(mop!), /Влажная уборка: нет/u);
});

test('"is it durable?", «он надёжный?» ask whether the items shown are so; a colour, a price or a verb is something else', () => {
  assert.equal(askedWhetherItIs('is it durable?'), 'durable');
  assert.equal(askedWhetherItIs('Are they really comfortable?'), 'comfortable');
  assert.equal(askedWhetherItIs('а он надёжный?'), 'надёжный');
  assert.equal(askedWhetherItIs('они очень тяжелые?'), 'тяжелые');
  assert.equal(askedWhetherItIs('is it dishwasher safe?'), 'dishwasher safe');
  for (const said of ['is it black?', 'is it available?', 'is it cheaper?', 'is it compatible?', 'они работают?', 'он есть?', 'is it durable and light?', 'durable?', 'is it durable', 'is it for kids?', 'is it a laptop?', 'is it made of metal?', 'is it in stock?', 'он тихий и легкий?']) {
    assert.equal(askedWhetherItIs(said), null, said);
  }
});

test('"is it durable?", «он надёжный?», "are they comfortable?" after a shelf answer from the shown cards, not as a search', async () => {
  const [tablets, durable] = await converse(['cheap tablet for kids', 'is it durable?']);
  assert.ok(shownSkus(tablets!.answer).length > 0);
  // Before: "We don't seem to have that in our catalogue. Try describing it differently".
  assert.match(messageOf(durable!.answer), /don't say|do not say/u);
  assert.doesNotMatch(messageOf(durable!.answer), /catalogue|Try describing/u);
  const [, reliable] = await converse(['ноутбук', 'он надежный?']);
  // Before: «Совпадений с «надежный» здесь не нашлось» over the laptops searched again.
  assert.match(messageOf(reliable!.answer), /^В карточках показанных товаров об этом не сказано\./u);
  const [, comfortable] = await converse(['наушники', 'а они удобные?']);
  // Answered of the six cards shown, none of which says so; before, a search for another pair
  // whose card says «удобными» («Наушники удобные — вот 1 вариант»).
  assert.match(messageOf(comfortable!.answer), /^В карточках показанных товаров об этом не сказано\./u);
  assert.equal(productsOf(comfortable!.answer), undefined);
  const shop = buildCatalogIndex(
    [
      item('h1', 'Maker Over-Ear Headphones', ['Headphones'], 99, 'Plush ear cushions, comfortable for long listening.'),
      item('h2', 'Maker On-Ear Headphones', ['Headphones'], 49, 'Foldable design.'),
      item('c1', 'Maker Comfortable Office Chair', ['Chairs'], 129),
    ],
    { language: 'en' },
  );
  const [, cards] = await dialogOn(shop, 'en', ['headphones', 'are they comfortable?']);
  assert.match(messageOf(cards!), /Maker Over-Ear Headphones.*comfortable for long listening.*The other card does not say/su);
  assert.deepEqual(productsOf(cards!)?.value.map((c) => c.sku).sort(), ['h1', 'h2']);
  const [, safe] = await dialogOn(
    buildCatalogIndex([item('b1', 'Maker Blender', ['Blenders'], 59, 'The jar is dishwasher safe.'), item('b2', 'Other Blender', ['Blenders'], 39)], { language: 'en' }),
    'en',
    ['blender', 'is it dishwasher safe?'],
  );
  // Before: "We don't seem to have that in our catalogue."
  assert.match(messageOf(safe!), /Maker Blender.*The jar is dishwasher safe\..*The other card does not say/su);
});
