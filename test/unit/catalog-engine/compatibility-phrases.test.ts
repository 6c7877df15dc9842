/**
 * What an item is for, said with a verb: "a charger that works with a Galaxy S7", "чехол,
 * который подходит к iPhone 15". The item asked for is the charger or the case, not the phone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCatalogEngine } from '../../../src/assistant/catalog-engine/index.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { assertEvery } from '../../helpers/assert.ts';
import { sharedDataPath, sharedDataSkip } from '../../helpers/shared-data.ts';
import { loadProducts } from '../catalog-search/demo-catalog.ts';
import { ask, converse, dialogOn, item, messageOf, productsOf, shownSkus, tenant, tracking } from './helpers.ts';
import { fitTarget, namesModel } from '../../../src/assistant/catalog-engine/fits.ts';

test('"чехол который подходит к iphone 15" shows the cases for the iPhone 15, not what goes with a case', async () => {
  for (const text of ['чехол который подходит к iphone 15', 'чехол, подходящий для iphone 15']) {
    const r = await ask(text);
    const cards = productsOf(r.answer)?.value ?? [];
    assert.ok(cards.length > 0, text);
    assertEvery(
      cards.map((c) => c.name),
      (n) => /^Чехол/u.test(n) && /iPhone 15/u.test(n),
    );
    assert.match(messageOf(r.answer), /^Чехол для iPhone 15 — вот/u);
  }
});

test('«какой чехол подойдёт для iphone 15», «какие часы подойдут для плавания»: the verb before «для» says what the item is for, as «для» alone', async () => {
  const r = await ask('какой чехол подойдёт для iphone 15');
  // Before: «Вместе с «Чехол Apple Silicone Case MagSafe для iPhone 15, чёрный» пригодится:» (what goes with a case).
  assert.match(messageOf(r.answer), /^Чехол для iPhone 15 — вот/u, messageOf(r.answer));
  assertEvery(
    (productsOf(r.answer)?.value ?? []).map((c) => c.name),
    (n) => /^Чехол/u.test(n) && /iPhone 15/u.test(n),
  );
  const watches = buildCatalogIndex(
    [
      item('swim', 'Часы Garmin Swim 2', ['Часы', 'Для плавания'], 25000, 'Часы для плавания в бассейне и на открытой воде.'),
      item('run', 'Часы Garmin Forerunner 55', ['Часы', 'Для бега'], 6000, 'Часы для бега.'),
    ],
    { language: 'ru' },
  );
  const [swim] = await dialogOn(watches, 'ru', ['какие часы подойдут для плавания в бассейне']);
  // Before: «Совпадений с «подойдут для плавания в бассейне» здесь не нашлось».
  assert.equal(shownSkus(swim!)[0], 'swim');
  assert.doesNotMatch(messageOf(swim!), /подойдут/u, messageOf(swim!));
});

test('"what vacuum would work for a small apartment", "a kettle suitable for …": the verb before "for" says no more than "for"', async () => {
  const shop = buildCatalogIndex(
    [
      item('robot', 'eufy RoboVac 11S Slim Robot Vacuum', ['Vacuums'], 159.99, 'Slim robot vacuum for small apartments.'),
      item('stick', 'LEVOIT LVAC-200 Cordless Stick Vacuum', ['Vacuums'], 169.99, 'Lightweight stick vacuum for apartments.'),
      item('upright', 'Shark Navigator Upright Vacuum', ['Vacuums'], 199.99, 'Upright vacuum for large homes.'),
      item('work', 'Shop-Vac Wet/Dry Vacuum for Work Sites', ['Vacuums'], 89.99, 'A vacuum for work and garages.'),
    ],
    { language: 'en' },
  );
  const [r] = await dialogOn(shop, 'en', ['what vacuum would work for a small apartment']);
  // Before: 'Nothing matches "work" exactly', the work-site vacuum among the cards.
  assert.doesNotMatch(messageOf(r!), /nothing matches|work/iu, messageOf(r!));
  assert.deepEqual(shownSkus(r!).slice(0, 2).sort(), ['robot', 'stick']);
  assert.ok(!shownSkus(r!).includes('work'), shownSkus(r!).join(', '));
});

test('"charger that works with galaxy s7" on the phone shop shows chargers, not the phones', { skip: sharedDataSkip }, async () => {
  const index = buildCatalogIndex(await loadProducts(sharedDataPath('catalogs/bestbuy_products_3291.jsonl')), { language: 'en' });
  const engine = createCatalogEngine({ catalogs: { get: () => index } });
  for (const text of ['charger that works with galaxy s7', 'a case which fits the iphone 7 plus']) {
    const r = await engine.answer({ tenant: tenant({ language: 'en' }), text, image: null, page: { type: 'HOMEPAGE' }, history: [], preferences: null, tracking, signal: new AbortController().signal });
    const cards = productsOf(r.answer)?.value ?? [];
    assert.ok(cards.length > 0, text);
    assertEvery(
      cards.map((c) => c.name),
      (n) => (text.startsWith('charger') ? /charg/iu.test(n) : /case/iu.test(n) && /\b7 plus/iu.test(n)),
    );
    assert.doesNotMatch(messageOf(r.answer), /works with|which fits/u);
  }
});

test('on a product page, "is it compatible with verizon?" asks about that phone, not for Verizon\'s products', { skip: sharedDataSkip }, async () => {
  const index = buildCatalogIndex(await loadProducts(sharedDataPath('catalogs/bestbuy_products_3291.jsonl')), { language: 'en' });
  const engine = createCatalogEngine({ catalogs: { get: () => index } });
  // An unlocked Galaxy S7 edge whose card names no carrier.
  for (const text of ['is it compatible with verizon?', 'does it work with verizon?']) {
    const r = await engine.answer({ tenant: tenant({ language: 'en' }), text, image: null, page: { type: 'PRODUCT', data: ['5286507'] }, history: [], preferences: null, tracking, signal: new AbortController().signal });
    assert.equal(productsOf(r.answer), undefined, text);
    assert.match(messageOf(r.answer), /doesn't say/u, text);
  }
});

test('"а он совместим с samsung?" on an iPhone\'s page asks about the iPhone; "чехол совместимый с iphone 15" asks for its cases', async () => {
  const onPage = await ask('а он совместим с samsung?', { page: { type: 'PRODUCT', data: ['101007'] } });
  assert.equal(productsOf(onPage.answer), undefined);
  assert.match(messageOf(onPage.answer), /^В карточке «Смартфон Apple iPhone 15/u);
  const cases = productsOf((await ask('чехол совместимый с iphone 15')).answer)?.value ?? [];
  assert.ok(cases.length > 0);
  assertEvery(
    cases.map((c) => c.name),
    (n) => /^Чехол/u.test(n) && /iPhone 15/u.test(n),
  );
});

test('"does it work with iphone?" after Samsung wireless chargers asks about the cards shown, not for "wireless charger for Samsung work"', { skip: sharedDataSkip }, async () => {
  const index = buildCatalogIndex(await loadProducts(sharedDataPath('catalogs/bestbuy_products_3291.jsonl')), { language: 'en' });
  const [chargers, works] = await dialogOn(index, 'en', ['wireless charger for samsung', 'does it work with iphone?']);
  const shown = new Set((productsOf(chargers!)?.value ?? []).map((c) => c.sku));
  assert.ok(shown.size > 0);
  assert.deepEqual((productsOf(works!)?.value ?? []).map((c) => c.sku).filter((sku) => !shown.has(sku)), []);
  assert.doesNotMatch(messageOf(works!), /here (are|is) \d+ option|Nothing matches/u);
});

test('"will it fit iphone 15 pro?" after iPhone 6 cases says no card names it; "а он подойдёт к iphone 6s?" shows the two that do', { skip: sharedDataSkip }, async () => {
  const index = buildCatalogIndex(await loadProducts(sharedDataPath('catalogs/bestbuy_products_3291.jsonl')), { language: 'en' });
  const [cases, newer, older] = await dialogOn(index, 'en', ['iphone 6 case', 'will it fit iphone 15 pro?', 'а он подойдёт к iphone 6s?']);
  const shown = (productsOf(cases!)?.value ?? []).map((c) => c.name);
  assert.ok(shown.length >= 4);
  // Before: the cards' descriptions quoted, or what goes with an iPhone 6s.
  assert.match(messageOf(newer!), /^None of the cards shown says it fits iphone 15 pro\./u);
  assert.deepEqual(productsOf(newer!)?.value ?? [], []);
  const fitting = (productsOf(older!)?.value ?? []).map((c) => c.name);
  assert.deepEqual(fitting, shown.filter((n) => /6s/u.test(n)));
  assert.ok(fitting.length > 0);
  assert.match(messageOf(older!), /^Подходя?т к iphone 6s, по карточк/u);
});

test('a fit question reads the model, not a number inside another one: an "iPhone 6 Plus" case does not fit an iPhone 6; "айфон 15" → "чехол для него" → "подойдёт к iphone 15 pro?"', async () => {
  assert.equal(namesModel({ sku: 'a', name: 'Tech21 - EVO Case for Apple® iPhone® 6 Plus - Aqua/White', categories: [], available: true, params: {} }, fitTarget('will it fit iphone 6?')!), false);
  assert.equal(namesModel({ sku: 'b', name: 'Tech21 - Patriot Case for Apple® iPhone® 6 and 6s - Black', categories: [], available: true, params: {} }, fitTarget('will it fit iphone 6?')!), true);
  assert.equal(fitTarget('does it work with iphone?'), null, 'no model named: the cards are read as before');
  const [, cases, pro] = await converse(['айфон 15', 'чехол для него', 'подойдёт к iphone 15 pro?']);
  assert.match(messageOf(cases!.answer), /^Чехол для iPhone 15 — вот/u);
  const names = (productsOf(pro!.answer)?.value ?? []).map((c) => c.name);
  assert.ok(names.length > 0);
  assertEvery(names, (n) => /iPhone 15 Pro/u.test(n));
});

test('"which one fits an iphone 7?" when no case shown names it shows the cases that do, saying none shown did; "а к iphone 15 подойдёт?" too', async () => {
  const shop = buildCatalogIndex(
    [
      ...Array.from({ length: 6 }, (_, i) => item(`g${i}`, `Maker${i} Phone Case for Galaxy S7 - Colour ${i}`, ['Phone Cases'], 20 + i)),
      item('i1', 'Maker1 Case for iPhone 7 - Black', ['Phone Cases'], 30),
      item('i2', 'Maker2 Wallet Case for iPhone 6s and 7 - Brown', ['Phone Cases'], 35),
      item('i3', 'Maker3 Case for iPhone 7 Plus - Red', ['Phone Cases'], 32),
      item('s1', 'Maker4 Screen Protector for iPhone 7', ['Screen Protectors'], 9),
    ],
    { language: 'en' },
  );
  const [cases, fits] = await dialogOn(shop, 'en', ['phone case', 'which one fits an iphone 7?']);
  assertEvery(shownSkus(cases!), (sku) => sku.startsWith('g'));
  assert.match(messageOf(fits!), /^None of the cards shown says it fits iphone 7 — these do\./u);
  assert.deepEqual(shownSkus(fits!).sort(), ['i1', 'i2'], 'cases for the iPhone 7: no iPhone 7 Plus case, no screen protector');
  const ru = buildCatalogIndex(
    [
      ...Array.from({ length: 4 }, (_, i) => item(`s${i}`, `Чехол Марка${i} для Samsung Galaxy S24, цвет ${i}`, ['Чехлы'], 900 + i)),
      item('a1', 'Чехол Марка9 для iPhone 15, чёрный', ['Чехлы'], 1200),
      item('a2', 'Чехол Марка8 для iPhone 15 Pro, синий', ['Чехлы'], 1300),
    ],
    { language: 'ru' },
  );
  const [ruCases, ruFits] = await dialogOn(ru, 'ru', ['чехол samsung', 'а к iphone 15 подойдёт?']);
  assertEvery(shownSkus(ruCases!), (sku) => sku.startsWith('s'));
  assert.match(messageOf(ruFits!), /^Среди показанных нет товаров, про которые сказано, что они подходят к iphone 15, — вот те, что подходят по карточкам\./u);
  assert.deepEqual(shownSkus(ruFits!), ['a1']);
});
