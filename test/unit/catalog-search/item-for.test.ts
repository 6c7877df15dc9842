/**
 * "X для Y" / "X for Y": the products of kind X are the answer and Y says which fit best. What
 * the item fits is not the item: a Fenix 7 watch is not a strap "для fenix 7", a watch is not a
 * charger "для часов", an iPhone case is not a charger "для айфона".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { analyseQuery } from '../../../src/catalog/search/expansion.ts';
import { runSearch, searchRequestOf } from '../../../src/catalog/search/relax.ts';

let sku = 0;
const item = (name: string, category: string, price = 1000): CatalogProduct => ({ sku: `f${sku++}`, name, brand: 'Garmin', categories: [category], available: true, params: {}, price });

const watchShop = () =>
  buildCatalogIndex(
    [
      item('Часы Garmin Fenix 7 - Standard Edition Silver with Graphite Band', 'Часы', 39000),
      item('Часы Garmin Fenix 7 Pro - Solar Edition Titanium (без кожаного ремешка)', 'Часы', 88000),
      item('Часы Garmin Fenix 7 - Solar Edition Slate Gray with Black Band', 'Часы', 75000),
      item('Часы Garmin Forerunner 55 Black', 'Часы', 6000),
      item('Часы Garmin Enduro 2', 'Часы', 50000),
      item('Ремешок Garmin Marq Silicone Rubber Strap - Black', 'Аксессуары', 14000),
      item('Ремешок Garmin Quickfit 22 Watch Band Black Leather', 'Аксессуары', 14000),
      item('Ремешок Garmin UltraFit Nylon Strap (22MM) Black', 'Аксессуары', 7500),
      item('Кабель Garmin Charging/Data Cable (1 M) USB-C', 'Аксессуары', 2500),
      item('Кабель Garmin Marq (Gen 2) Magnetic Charger Cable USB-A', 'Аксессуары', 6000),
    ],
    { language: 'ru' },
  );

const answer = (index: ReturnType<typeof watchShop>, message: string) => runSearch(index, searchRequestOf(index.parseDetailed(message)), 6).hits.map((h) => h.product.name);

test('a strap "для fenix 7" is a strap, though no strap names the Fenix: not a Fenix 7 watch', () => {
  const names = answer(watchShop(), 'ремешок для fenix 7');
  assert.ok(names.length >= 3, names.join(' | '));
  assertEvery(names, (n) => n.startsWith('Ремешок'), names.join(' | '));
});

test('a charger "для часов garmin" is a charger or a charging cable, never a watch', () => {
  const names = answer(watchShop(), 'зарядка для часов garmin');
  assert.ok(names.length >= 2, names.join(' | '));
  assertEvery(names, (n) => /Charg/.test(n), names.join(' | '));
});

test('a charger "для айфона" is a charger: an iPhone case names the iPhone but is not one', () => {
  const index = buildCatalogIndex(
    [
      { sku: 'c1', name: 'Сетевое зарядное устройство Apple 20W USB-C', categories: ['Зарядные устройства'], available: true, params: {}, price: 2490 },
      { sku: 'c2', name: 'Беспроводное зарядное устройство Apple MagSafe Charger', categories: ['Зарядные устройства'], available: true, params: {}, price: 4990 },
      { sku: 'k1', name: 'Чехол Deppa Gel для iPhone 14, прозрачный', categories: ['Чехлы'], available: true, params: {}, price: 990 },
      { sku: 'k2', name: 'Защитное стекло Deppa для iPhone 15', categories: ['Защитные стекла'], available: true, params: {}, price: 790 },
      { sku: 'p1', name: 'Смартфон Apple iPhone 15 128 ГБ, чёрный', categories: ['Смартфоны'], available: true, params: {}, price: 89990 },
    ],
    { language: 'ru' },
  );
  const names = runSearch(index, searchRequestOf(index.parseDetailed('зарядка для айфона')), 6).hits.map((h) => h.product.name);
  assert.deepEqual(names.slice(0, 2).sort(), ['Беспроводное зарядное устройство Apple MagSafe Charger', 'Сетевое зарядное устройство Apple 20W USB-C']);
});

test('a Russian adjective alone does not make a product the one asked for: "унитаз подвесной" shows toilets before a wall cabinet', () => {
  const index = buildCatalogIndex(
    [
      { sku: 's1', name: 'Шкаф подвесной Фламенко 600', categories: ['Мебель для ванной'], available: true, params: {}, price: 2250 },
      { sku: 's2', name: 'Подвесная литая раковина 650х560мм', categories: ['Мойки'], available: true, params: {}, price: 10850 },
      { sku: 't1', name: 'Унитаз компакт "Бриз" белый', categories: ['Унитазы'], available: true, params: {}, price: 3100 },
      { sku: 't2', name: 'Унитаз компакт "Реал" с дюропласт', categories: ['Унитазы'], available: true, params: {}, price: 3100 },
      { sku: 'a1', name: 'Крепление сидения унитаза', categories: ['Комплектующие для санфаянса', 'Сиденье д/унитаза'], available: true, params: {}, price: 35 },
      { sku: 'a2', name: 'Сиденье д/унитаза Эллис', categories: ['Комплектующие для санфаянса', 'Сиденье д/унитаза'], available: true, params: {}, price: 350 },
    ],
    { language: 'ru' },
  );
  const hits = index.search('унитаз подвесной', {}, 6);
  const order = hits.map((h) => h.product.sku);
  assert.deepEqual(order.slice(0, 2).sort(), ['t1', 't2'], hits.map((h) => h.product.name).join(' | '));
  // Whatever is for a toilet comes before a wall cabinet or a wall-hung sink.
  for (const other of ['s1', 's2']) {
    const at = order.indexOf(other);
    assert.ok(at === -1 || (at > order.indexOf('a1') && at > order.indexOf('a2')), hits.map((h) => h.product.name).join(' | '));
  }
});

test('an adjective in the nominative after what the item is for describes the item again ("мышка для ноутбука беспроводная")', () => {
  assert.deepEqual(analyseQuery('мышка для ноутбука беспроводная').purpose, [1]);
  assert.deepEqual(analyseQuery('крем для рук детский').purpose, [1]);
  // The first word after "для" is what the item is for whatever its ending, and "-ой" may be
  // the genitive ("для беспроводной мыши").
  assert.deepEqual(analyseQuery('коврик для беспроводной мыши').purpose, [1, 2]);
  assert.deepEqual(analyseQuery('зарядка для часов garmin').purpose, [1, 2]);
});

// A phone shop as Best Buy names it: the phones' descriptions say "case" (water resistance), the
// cases are by the phone's maker and by others, and name the phone they fit.
const phoneShop = () => {
  const p = (name: string, brand: string, category: string, price: number, description?: string): CatalogProduct => ({
    sku: `p${sku++}`,
    name,
    brand,
    categories: ['Cell Phones', category],
    available: true,
    params: {},
    price,
    ...(description ? { description } : {}),
  });
  const phoneText = 'Water resistant, no case needed. Fast wireless charging.';
  return buildCatalogIndex(
    [
      p('Samsung - Galaxy S7 edge 32GB - Blue Coral (Sprint)', 'Samsung', 'All Cell Phones with Plans', 799.99, phoneText),
      p('Samsung - Galaxy S7 edge 4G LTE with 32GB Memory Cell Phone (Unlocked) - Gold', 'Samsung', 'Unlocked Cell Phones', 769.99, phoneText),
      p('Samsung - Galaxy S7 32GB - Black Onyx (Verizon)', 'Samsung', 'All Cell Phones with Plans', 669.99, phoneText),
      p('Samsung - Protective Cover Back Cover for Galaxy S7 edge - Black', 'Samsung', 'Cell Phone Cases & Clips', 21.99),
      p('Samsung - LED View Cover for Samsung Galaxy S7 edge - Black', 'Samsung', 'Cell Phone Cases & Clips', 69.99),
      p('OtterBox - Symmetry Series Case for Samsung Galaxy S7 edge - Black', 'OtterBox', 'Cell Phone Cases & Clips', 39.95),
      p('Speck - CandyShell Clear Case for Samsung Galaxy S7 edge Cell Phones - Clear', 'Speck', 'Cell Phone Cases & Clips', 34.99),
      p('OtterBox - Commuter Case for Apple iPhone 7 - Black', 'OtterBox', 'Cell Phone Cases & Clips', 39.99),
      p('Samsung - Fast Charge Wall Charger - White', 'Samsung', 'Cell Phone Chargers', 29.99),
    ],
    { language: 'en' },
  );
};

test('"galaxy s7 edge case" asks for a case: the model named before the item does not make the phones an answer', () => {
  const names = answer(phoneShop(), 'galaxy s7 edge case');
  assert.ok(names.length >= 3, names.join(' | '));
  assertEvery(names, (n) => /case|cover/i.test(n) && !/Cell Phone \(|GB - /.test(n), names.join(' | '));
});

test('"samsung galaxy s7 edge case" with the maker\'s filter: its cases and covers, not the phones', () => {
  const names = answer(phoneShop(), 'samsung galaxy s7 edge case');
  assert.ok(names.length >= 2, names.join(' | '));
  assertEvery(names, (n) => /case|cover/i.test(n) && /S7 edge/.test(n), names.join(' | '));
});
