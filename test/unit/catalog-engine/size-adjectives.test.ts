/**
 * "большой чайник", "маленький телевизор для кухни", "a large air fryer": a size said in a new
 * request puts the biggest (or the smallest) the cards state first, as "самый большой" and
 * "побольше" did; said of whom or what the item is for ("for a small office") it is no size.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { measureWish } from '../../../src/assistant/catalog-engine/measure-wish.ts';
import { assertEvery } from '../../helpers/assert.ts';
import { measuredValue } from '../../../src/assistant/catalog-engine/superlatives.ts';
import { dialogOn, item, messageOf, productsOf } from './helpers.ts';

const kitchen = buildCatalogIndex(
  [
    item('k1', 'Электрический чайник Tefal 1,2 л', ['Электрочайники'], 2490),
    item('k2', 'Электрический чайник Bosch 1,7 л', ['Электрочайники'], 2990),
    item('k3', 'Электрический чайник Philips 0,8 л', ['Электрочайники'], 1990),
    item('k4', 'Электрический чайник Redmond 2 л', ['Электрочайники'], 3490),
    item('t1', '65-дюймовый телевизор LG OLED', ['Телевизоры'], 199990),
    item('t2', '32-дюймовый телевизор LG FHD', ['Телевизоры'], 24990),
    item('t3', '43-дюймовый телевизор LG UHD', ['Телевизоры'], 39990),
  ],
  { language: 'ru' },
);

test('"большой чайник" shows the largest kettles first, "маленький чайник" the smallest', async () => {
  const [big] = await dialogOn(kitchen, 'ru', ['большой чайник']);
  assert.deepEqual((productsOf(big!)?.value ?? []).map((p) => p.sku), ['k4', 'k2', 'k1', 'k3']);
  assert.match(messageOf(big!), /самым большим объёмом/u);
  const [small] = await dialogOn(kitchen, 'ru', ['маленький чайник']);
  assert.deepEqual((productsOf(small!)?.value ?? []).map((p) => p.sku), ['k3', 'k1', 'k2', 'k4']);
});

test('"маленький телевизор для кухни" shows the smallest screen first', async () => {
  const [answer] = await dialogOn(kitchen, 'ru', ['маленький телевизор для кухни']);
  assert.deepEqual((productsOf(answer!)?.value ?? []).map((p) => p.sku), ['t2', 't3', 't1']);
});

test('"телевизор не очень большой" and "air fryer, not too big" show the smallest first, not the biggest', async () => {
  const [tv] = await dialogOn(kitchen, 'ru', ['телевизор не очень большой']);
  assert.deepEqual((productsOf(tv!)?.value ?? []).map((p) => p.sku), ['t2', 't3', 't1'], messageOf(tv!));
  const [fryer] = await dialogOn(fryers, 'en', ['air fryer, not too big']);
  assert.deepEqual((productsOf(fryer!)?.value ?? []).map((p) => p.sku), ['f3', 'f2', 'f1', 'f4'], messageOf(fryer!));
  assert.doesNotMatch(messageOf(fryer!), /"not"|not too big"/u);
});

const fryers = buildCatalogIndex(
  [
    item('f1', 'Instant Vortex Plus 6-in-1 Air Fryer with ClearCook Window, 6 qt', ['Air Fryers'], 119.99),
    item('f2', 'COSORI Pro LE Air Fryer, 5 qt, Black', ['Air Fryers'], 89.99),
    item('f3', 'Ninja AF101 Air Fryer, 4 qt, Gray', ['Air Fryers'], 89.99),
    item('f4', 'Ninja Foodi DualZone 2-Basket Air Fryer, 8 qt', ['Air Fryers'], 199.99),
  ],
  { language: 'en' },
);

test('"large air fryer" orders by the quarts the names state; "6-in-1" is no size', async () => {
  const [answer] = await dialogOn(fryers, 'en', ['large air fryer']);
  assert.deepEqual((productsOf(answer!)?.value ?? []).map((p) => p.sku), ['f4', 'f1', 'f2', 'f3']);
  assert.match(messageOf(answer!), /largest capacity first/u);
  assert.doesNotMatch(messageOf(answer!), /screen/u);
  assert.equal(measuredValue(fryers.bySku('f1')!, 'screen'), undefined);
});

test('a size said of whom or what the item is for is no size wish', () => {
  assert.equal(measureWish('laser printer for small office'), null);
  assert.equal(measureWish('кофемашина для большой семьи'), null);
  assert.equal(measureWish('small dog bed'), null);
  assert.deepEqual(measureWish('большой холодильник'), { attribute: 'size', most: true, plain: true, withItem: true, rest: 'холодильник' });
});

test('a number ending a Russian word in quotes is no screen size ("с рисунком "город-2"")', () => {
  const table = item('d1', 'Стол 3045', ['Столы'], 11980, 'Возможно 3 варианта исполнения столешницы: с рисунком "дерево", "натюрморт" или "город-2"');
  assert.equal(measuredValue(table, 'screen'), undefined);
  assert.equal(measuredValue(item('m1', 'Монитор Samsung 27"', ['Мониторы'], 19990), 'screen'), 27);
});

test('every form of wish is read, in both alphabets and any letter case (the quick check for wish words lets each through)', () => {
  const wishes: Array<[string, string, boolean]> = [
    ['phone with a good camera', 'camera', true],
    ['смартфон с хорошей камерой', 'camera', true],
    ['телефон, камера получше', 'camera', true],
    ['пылесос помощнее', 'power', true],
    ['powerful blender', 'power', true],
    ['ноутбук полегче', 'weight', false],
    ['lightweight stroller', 'weight', false],
    ['вентилятор потише', 'noise', false],
    ['silent fan', 'noise', false],
    ['бесшумный вентилятор', 'noise', false],
    ['narrower fridge', 'width', false],
    ['холодильник пошире', 'width', true],
    ['кабель подлиннее', 'length', true],
    ['кабель покороче', 'length', false],
    ['shorter cable', 'length', false],
    ['roomier backpack', 'volume', true],
    ['вместительный рюкзак', 'volume', true],
    ['кондиционер для просторной гостиной', 'area', true],
    ['air purifier for small rooms', 'area', false],
    ['the biggest tv', 'size', true],
    ['самый компактный пылесос', 'size', false],
    ['телевизор покрупнее', 'size', true],
    ['чайник поменьше', 'size', false],
    ['not too big kettle', 'size', false],
    ['огромный телевизор', 'size', true],
    ['tiny speaker', 'size', false],
    ['compact camera bag', 'size', false],
    ['ноутбук с большим объёмом оперативной памяти', 'ram', true],
    ['ноутбук побольше оперативки', 'ram', true],
    ['laptop with more RAM', 'ram', true],
    ['phone with a bigger battery', 'battery', true],
    ['смартфон с ёмким аккумулятором', 'battery', true],
    ['телефон с большой батареей', 'battery', true],
    ['смартфон с большой автономностью', 'battery', true],
    ['планшет с большим экраном', 'screen', true],
    ['monitor with a larger display', 'screen', true],
    ['телефон с большей диагональю', 'screen', true],
    ['phone with more storage', 'storage', true],
    ['смартфон с большим накопителем', 'storage', true],
    ['фотоаппарат с большей памятью', 'storage', true],
    ['холодильник с большим объёмом', 'volume', true],
    ['ЧАЙНИК С БОЛЬШЕЙ ВМЕСТИМОСТЬЮ', 'volume', true],
    ['PHONE WITH MORE POWER', 'power', true],
    ['пылесос с большей мощностью', 'power', true],
  ];
  for (const [text, attribute, most] of wishes) {
    const wish = measureWish(text);
    assert.ok(wish, `a wish in "${text}"`);
    assert.deepEqual([wish.attribute, wish.most], [attribute, most], text);
  }
  for (const text of ['наушники с микрофоном до 2000', 'кофемашина для дома', 'iphone 15 case', 'frame for a picture']) {
    assert.equal(measureWish(text), null, text);
  }
});

test('«чтобы не шумел» after vacuums and "one that\'s not too noisy" ask for the quietest; where no card states the noise the answer says so over the same products', async () => {
  const vacuums = buildCatalogIndex(
    [
      item('v1', 'Пылесос Bosch BGS05A220', ['Пылесосы'], 9990),
      item('v2', 'Пылесос Samsung VC18M31A0HB', ['Пылесосы'], 11990),
      item('v3', 'Пылесос Philips XB2125', ['Пылесосы'], 8990),
      item('a1', 'Кондиционер LG DUALCOOL B09TS', ['Кондиционеры'], 249990),
      item('a2', 'Кондиционер LG AI Deluxe H09S1D', ['Кондиционеры'], 304990),
    ],
    { language: 'ru' },
  );
  const [list, quiet] = await dialogOn(vacuums, 'ru', ['пылесос', 'чтобы не шумел']);
  // Before: «Такого в нашем каталоге не нашлось», with no cards.
  assert.match(messageOf(quiet!), /нет данных об уровне шума/u);
  assert.deepEqual(productsOf(quiet!)?.value.map((p) => p.sku).sort(), productsOf(list!)?.value.map((p) => p.sku).sort());
  const [conditioners] = await dialogOn(vacuums, 'ru', ['кондиционер, который не шумит']);
  // Before: «Точного совпадения с «шумит» нет».
  assert.doesNotMatch(messageOf(conditioners!), /шумит/u);
  assert.match(messageOf(conditioners!), /нет данных об уровне шума/u);
  assertEvery(productsOf(conditioners!)?.value ?? [], (p) => /Кондиционер/u.test(p.name));
  for (const [text, rest] of [['чтобы не шумел', ''], ["one that's not too noisy", ''], ['вентилятор, который не шумит', 'вентилятор который'], ["a fan that doesn't make much noise", 'fan']]) {
    const wish = measureWish(text as string);
    assert.deepEqual([wish?.attribute, wish?.most], ['noise', false], text);
    assert.equal(wish?.rest, rest, text);
  }
  // Noise cancelling is no wish for quiet.
  assert.equal(measureWish('наушники с шумоподавлением'), null);
});

test('"a laptop that\'s not too heavy", «ноутбук не слишком тяжелый» put the lightest first, and say so when no card states a weight', async () => {
  assert.deepEqual(measureWish("a laptop that's not too heavy"), measureWish('a lighter laptop'));
  assert.equal(measureWish('ноутбук не слишком тяжелый')?.attribute, 'weight');
  assert.equal(measureWish('ноутбук не слишком тяжелый')?.most, false);
  const laptops = buildCatalogIndex(
    [
      { ...item('l1', 'Laptop Pro 16', ['Laptops'], 1999), params: { Weight: '2.1 kg' } },
      { ...item('l2', 'Laptop Air 13', ['Laptops'], 999), params: { Weight: '1.2 kg' } },
      { ...item('l3', 'Laptop Gaming 15', ['Laptops'], 1499), params: { Weight: '2.6 kg' } },
    ],
    { language: 'en' },
  );
  const [light] = await dialogOn(laptops, 'en', ["a laptop that's not too heavy"]);
  // Before: "Nothing here matches "not heavy" — here is what this section has."
  assert.doesNotMatch(messageOf(light!), /Nothing|heavy/u);
  assert.deepEqual((productsOf(light!)?.value ?? []).map((p) => p.sku), ['l2', 'l1', 'l3']);
  const unstated = buildCatalogIndex([item('n1', 'Laptop One', ['Laptops'], 500), item('n2', 'Laptop Two', ['Laptops'], 700)], { language: 'en' });
  const [none] = await dialogOn(unstated, 'en', ["a laptop that's not too heavy"]);
  assert.match(messageOf(none!), /do not state the weight/u);
});

test('"best phone for photos", «смартфон для фото» put the highest-resolution camera first; «чтобы долго держал заряд», «с хорошей автономностью», "good battery life" the longest-lasting', () => {
  for (const said of ['best phone for photos', 'смартфон для фото до 40000', 'phone to take good pictures', 'телефон чтобы хорошо фотографировал']) {
    // Before: null, and "Phone for photos: here is 1 option" (a phone whose description says "photos").
    assert.deepEqual(measureWish(said) && { attribute: measureWish(said)!.attribute, most: measureWish(said)!.most }, { attribute: 'camera', most: true }, said);
  }
  for (const said of ['нужен ноутбук для учебы, чтобы долго держал заряд', 'ноутбук с хорошей автономностью', 'phone with good battery life']) {
    assert.deepEqual(measureWish(said) && { attribute: measureWish(said)!.attribute, most: measureWish(said)!.most }, { attribute: 'battery', most: true }, said);
  }
  assert.equal(measureWish('фоторамка'), null);
});
