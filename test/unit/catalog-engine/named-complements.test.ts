/**
 * "А инсталляция к нему?", "a tripod to go with it": a request for what goes with the product
 * just shown that names a kind is answered with that kind (those of it that go with the
 * product when some do), or told plainly that the shop sells none; never the product's other
 * accessories under the buyer's word.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { dialogOn, item, messageOf, productsOf } from './helpers.ts';

const plumbing = buildCatalogIndex(
  [
    item('t1', 'Унитаз компакт "Бриз" белый', ['Санфаянс', 'Унитазы'], 3100),
    item('t2', 'Унитаз компакт "Реал" с сиденьем', ['Санфаянс', 'Унитазы'], 3400),
    item('t3', 'Унитаз компакт "Орион"', ['Санфаянс', 'Унитазы'], 3050),
    item('s1', 'Сиденье для унитаза "Алькор"', ['Санфаянс', 'Сиденья'], 350),
    item('s2', 'Сиденье для унитаза с микролифтом', ['Санфаянс', 'Сиденья'], 1200),
    item('m1', 'Смеситель для раковины Frap', ['Смесители'], 2400),
    item('m2', 'Смеситель для кухни Gappo', ['Смесители'], 2900),
  ],
  { language: 'ru' },
);

test('a kind the shop does not sell asked for "к нему" is said to be not sold, not answered with the seats that fit', async () => {
  const [toilets, installation] = await dialogOn(plumbing, 'ru', ['унитаз', 'а инсталляция к нему?']);
  assert.ok((productsOf(toilets!)?.value.length ?? 0) > 0);
  // Before: «Вместе с «Унитаз компакт "Бриз" белый» пригодится:» and the seats.
  assert.match(messageOf(installation!), /^Похоже, «инсталляция» в нашем магазине не продаётся/u);
  assert.equal(productsOf(installation!), undefined);
  // Asked without a kind, what goes with it is still offered.
  const [, fitting] = await dialogOn(plumbing, 'ru', ['унитаз', 'что к нему подойдёт?']);
  assertEvery((productsOf(fitting!)?.value ?? []).map((p) => p.name), (name) => /Сиденье/u.test(name));
});

const phones = buildCatalogIndex(
  [
    item('p1', 'Apple - iPhone 6s 16GB - Silver', ['Cell Phones', 'iPhone'], 549.99, 'iPhone 6s smartphone', 'Apple'),
    item('p2', 'Apple - iPhone 6s 64GB - Gold', ['Cell Phones', 'iPhone'], 649.99, 'iPhone 6s smartphone', 'Apple'),
    item('c1', 'Incipio - DualPro Case for Apple iPhone 6 and 6s - Black', ['Cell Phones', 'Cell Phone Accessories', 'iPhone Cases'], 29.99, 'Case for iPhone 6s', 'Incipio'),
    item('c2', 'OtterBox - Defender Case for Apple iPhone 6 and 6s - Black', ['Cell Phones', 'Cell Phone Accessories', 'iPhone Cases'], 49.99, 'Case for iPhone 6s', 'OtterBox'),
    item('g1', 'Joby - GripTight GorillaPod Video Tripod for Smartphones', ['Cell Phones', 'Cell Phone Accessories', 'Photography Accessories'], 39.99, 'Tripod for phones', 'Joby'),
    item('g2', 'Kenu - Stance 3.1" Tripod for iPhone - Silver', ['Cell Phones', 'Cell Phone Accessories', 'Photography Accessories'], 24.99, 'Tripod for iPhone', 'Kenu'),
    item('h1', 'Mophie - Juice Pack Charger for iPhone 6s', ['Cell Phones', 'Cell Phone Accessories', 'Chargers'], 99.99, 'Battery case', 'mophie'),
  ],
  { language: 'en' },
);

test('"a tripod to go with it" after iPhones shows tripods, not what goes with a tripod', async () => {
  const [iphones, tripods] = await dialogOn(phones, 'en', ['iphone 6s', 'a tripod to go with it']);
  assert.ok((productsOf(iphones!)?.value ?? []).some((p) => /iPhone 6s/u.test(p.name)));
  // Before: "Goes well with Joby - GripTight GorillaPod Video Tripod:" and its accessories.
  const names = (productsOf(tripods!)?.value ?? []).map((p) => p.name);
  assert.ok(names.length > 0, messageOf(tripods!));
  assertEvery(names, (name) => /Tripod/u.test(name));
  assert.doesNotMatch(messageOf(tripods!), /Goes well with Joby/u);
});

test('"что нужно для установки унитаза?" and "what do I need for it" ask what goes with the product named, not a search titled «Унитаза»', async () => {
  const [needed] = await dialogOn(plumbing, 'ru', ['что нужно для установки унитаза?']);
  assert.match(messageOf(needed!), /^Вместе с «Унитаз компакт/u);
  assertEvery((productsOf(needed!)?.value ?? []).map((p) => p.name), (name) => /Сиденье/u.test(name));
  const [forPhone] = await dialogOn(phones, 'en', ['what do i need for iphone 6s?']);
  assert.match(messageOf(forPhone!), /^Goes well with Apple - iPhone 6s/u);
  assert.ok((productsOf(forPhone!)?.value.length ?? 0) > 0);
});

test('«а чехол к нему?» after a tablet, where every case names the phone it is made for: said plainly, not phone cases; after a phone its own case', async () => {
  const shop = buildCatalogIndex(
    [
      item('pad', 'Планшет Xiaomi Redmi Pad SE 4/128 ГБ', ['Электроника', 'Планшеты'], 15_990, '', 'Xiaomi'),
      item('s24', 'Смартфон Samsung Galaxy S24 8/128 ГБ', ['Электроника', 'Смартфоны'], 74_990, '', 'Samsung'),
      item('c-s24', 'Чехол Samsung Silicone Case для Galaxy S24, чёрный', ['Аксессуары', 'Чехлы'], 2_490, '', 'Samsung'),
      item('c-ip14', 'Чехол Deppa Gel для iPhone 14, прозрачный', ['Аксессуары', 'Чехлы'], 690, '', 'Deppa'),
      item('c-note', 'Чехол Xiaomi для Redmi Note 13 Pro, чёрный', ['Аксессуары', 'Чехлы'], 990, '', 'Xiaomi'),
    ],
    { language: 'ru' },
  );
  const [, forPad] = await dialogOn(shop, 'ru', ['планшет xiaomi', 'а чехол к нему?']);
  // Before: «Чехол — вот 3 варианта», the iPhone 14 case the most affordable.
  assert.deepEqual(productsOf(forPad!)?.value ?? [], []);
  assert.match(messageOf(forPad!), /не нашлось/u);
  const [, forPhone] = await dialogOn(shop, 'ru', ['смартфон samsung galaxy s24', 'а чехол к нему?']);
  assert.deepEqual(productsOf(forPhone!)?.value.map((p) => p.sku), ['c-s24']);
});
