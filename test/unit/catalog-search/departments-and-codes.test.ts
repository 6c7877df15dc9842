/**
 * How a buyer's words name what the shop sells when the catalogue's own names get in the
 * way: a department named for a kind of product that mostly holds things for it, a brand
 * whose first word is an ordinary word, and part codes typed in pieces or by their number.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex, type CatalogIndex } from '../../../src/catalog/search/index.ts';
import { runSearch, searchRequestOf, type SearchRun } from '../../../src/catalog/search/relax.ts';
import { assertEvery } from '../../helpers/assert.ts';

function ask(index: CatalogIndex, message: string): SearchRun {
  return runSearch(index, searchRequestOf(index.parseDetailed(message)), 10);
}

const product = (sku: string, name: string, brand: string, categories: string[]): CatalogProduct => ({ sku, name, brand, categories, available: true, params: {} });
const leaf = (p: CatalogProduct): string => p.categories[p.categories.length - 1] as string;

// A phone department as shops build it: a few kinds of phones, and far more accessories
// whose names say "smartphone" and "phone".
const PHONES: CatalogProduct[] = [
  product('p1', 'Acme X1 4G LTE Cell Phone (Unlocked) - Black', 'Acme', ['Cell Phones', 'Unlocked Cell Phones']),
  product('p2', 'Zeta Z5 64GB Cell Phone (Unlocked) - Silver', 'Zeta', ['Cell Phones', 'Unlocked Cell Phones']),
  product('p3', 'Orbit Mini 4G Prepaid Cell Phone', 'Orbit', ['Cell Phones', 'Prepaid Phones']),
  ...Array.from({ length: 12 }, (_, i) =>
    product(`a${i}`, `Grip ${i} - Smartphone Wallet Card Holder for Smartphone - Red`, 'Grip', ['Cell Phones', 'Cell Phone Accessories', 'Cell Phone Cases & Clips']),
  ),
  product('f1', 'French Bull - Soft Shell Case for Smartphone - Blue', 'French Bull', ['Cell Phones', 'Cell Phone Accessories', 'Cell Phone Cases & Clips']),
  product('l1', 'LG - Stylo 2 Cell Phone (Unlocked)', 'LG Electronics', ['Cell Phones', 'Unlocked Cell Phones']),
];

test('"smartphone" in a department of mostly accessories lists the phones, not the cases', () => {
  const index = buildCatalogIndex(PHONES, { language: 'en' });
  for (const message of ['I want a smartphone', 'phone']) {
    const run = ask(index, message);
    assert.equal(run.hits.length, 4, message);
    assertEvery(
      run.hits.map((h) => h.product),
      (p) => /Phones$/.test(leaf(p)),
    );
  }
  // The accessories are still found when asked for.
  const cases = ask(index, 'smartphone wallet');
  assert.ok(cases.hits.length >= 6);
  assertEvery(
    cases.hits.map((h) => h.product.name),
    (n) => /Wallet/.test(n),
  );
});

test('a department keeps what it holds of its kind: "Смесители FRAP" are mixers, "Комплектующие к мойкам" are not sinks', () => {
  const index = buildCatalogIndex(
    [
      product('m1', 'Смеситель для кухни Frap F4052', 'Frap', ['Смесители', 'Смесители FRAP']),
      product('m2', 'Смеситель для ванной Frap F3236', 'Frap', ['Смесители', 'Смесители FRAP']),
      product('m3', 'Картридж для смесителя 40 мм', 'Frap', ['Смесители', 'Комплектующие для смесителей']),
      product('s1', 'Мойка каменная Granula 5801', 'Granula', ['Мойки', 'Мойки каменные']),
      product('s2', 'Мойка металлическая Ukinox 50', 'Ukinox', ['Мойки', 'Металлические мойки']),
      ...Array.from({ length: 6 }, (_, i) => product(`c${i}`, `Сифон для мойки ${i} выпуск`, 'Ani', ['Мойки', 'Комплектующие к мойкам'])),
    ],
    { language: 'ru' },
  );
  const sinks = ask(index, 'мойка');
  assert.deepEqual(sinks.hits.map((h) => h.product.sku).sort(), ['s1', 's2']);
  // A mixer department with a brand series of mixers: the series stays, and so does the
  // rest of the department (it holds more than things for mixers).
  const mixers = ask(index, 'смеситель');
  assertEvery(['m1', 'm2'], (sku) => mixers.hits.some((h) => h.product.sku === sku));
});

test('a brand is named by its whole name or a distinctive word: "french" is not French Bull, "lg" is LG Electronics', () => {
  const index = buildCatalogIndex(PHONES, { language: 'en' });
  assert.equal(index.parseDetailed('french door refrigerator').filters.brands, undefined);
  assert.equal(index.parseDetailed('french').filters.brands, undefined);
  assert.deepEqual(index.parseDetailed('french bull case').filters.brands, ['French Bull']);
  assert.deepEqual(index.parseDetailed('lg phone').filters.brands, ['LG Electronics']);
  // Without the filter the word still finds what names it.
  assert.equal(ask(index, 'french').hits[0]?.product.sku, 'f1');
});

const PARTS: CatalogProduct[] = [
  product('d1', 'Delta Faucet Handle Kit RP4453 Chrome', 'Delta', ['Home', 'Faucet Parts']),
  product('d2', 'Delta Seat and Spring Kit RP4993', 'Delta', ['Home', 'Faucet Parts']),
  product('d3', 'Delta Cartridge Assembly RP46074', 'Delta', ['Home', 'Faucet Parts']),
  product('i1', 'Apple iPhone 7 32GB - Black', 'Apple', ['Phones', 'iPhone']),
  product('i2', 'Case for Apple iPhone 7 - Clear', 'Speck', ['Accessories', 'Cases']),
  product('i3', 'Case for Apple iPhone 6 - Clear', 'Speck', ['Accessories', 'Cases']),
  product('i4', 'Screen Protector for iPhone7 and 7 Plus', 'Zagg', ['Accessories', 'Protectors']),
];

test('a part code is found by its number alone, and with or without its letters and separator', () => {
  const index = buildCatalogIndex(PARTS, { language: 'en' });
  for (const message of ['4453', 'rp4453', 'RP-4453', 'rp 4453', 'delta 4453']) {
    assert.equal(ask(index, message).hits[0]?.product.sku, 'd1', message);
  }
  // Too short a number is no code's tail.
  assert.equal(
    ask(index, '53').hits.some((h) => h.product.sku === 'd1'),
    false,
  );
});

test('"case for iphone 7" and "iphone 7 case" find the iPhone 7 cases though some text writes "iphone7"', () => {
  const index = buildCatalogIndex(PARTS, { language: 'en' });
  for (const message of ['case for iphone 7', 'iphone 7 case']) {
    assert.equal(ask(index, message).hits[0]?.product.sku, 'i2', message);
  }
  // The words searched for as such: every text with both, written apart or together.
  const iphone7 = index.search('iphone 7', {}, 10);
  assert.deepEqual(iphone7.filter((h) => h.coverage === 1).map((h) => h.product.sku).sort(), ['i1', 'i2', 'i4']);
});

test('a category named for two kinds whose subcategories hold one («Подстолья и столешницы» of table bases) does not stand for the other', async () => {
  const bases = (held: string[]): CatalogProduct[] => [
    ...Array.from({ length: 6 }, (_, i) => product(`b${i}`, `Подстолье QUADRA ${4160 + i}`, 'Quadra', ['Мебель', 'Подстолья и столешницы', 'Подстолья'])),
    product('t1', 'Стол Ришелье 80х80', 'Ришелье', ['Мебель', 'Столы']),
    ...held.map((name, i) => product(`top${i}`, name, 'Topalit', ['Мебель', 'Подстолья и столешницы', 'Столешницы'])),
  ];
  const without = buildCatalogIndex(bases([]), { language: 'ru' });
  // Before: the category filter «Подстолья и столешницы», and table bases titled «Столешница — вот 6 вариантов».
  assert.deepEqual(without.parseDetailed('столешница 80х80').filters.categories ?? [], []);
  assert.equal(without.productWord('столешница 80х80')?.known, false);
  assert.deepEqual(without.parseDetailed('подстолье').filters.categories?.includes('Подстолья'), true);
  // Where the shop sells both, the word names the category as before.
  const both = buildCatalogIndex(bases(['Столешница Topalit 80х80', 'Столешница Topalit 70х70']), { language: 'ru' });
  const run = ask(both, 'столешница 80х80');
  assert.equal(run.hits[0]?.product.sku, 'top0');
  assert.equal(both.productWord('столешница')?.known, true);
});
