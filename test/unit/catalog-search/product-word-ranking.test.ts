/**
 * How an English home-goods shop's search orders products for the buyer's words: words
 * written together or apart, the kind of product a name says it is, a rare word of the
 * query against a common product word, the words shops use for the same furniture, and
 * plurals the stemmer misses, and accents.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { runSearch, searchRequestOf } from '../../../src/catalog/search/relax.ts';
import { tokenize } from '../../../src/catalog/search/tokenize.ts';

const product = (name: string, i: number): CatalogProduct => ({ sku: `p${i}`, name, categories: [], available: true, params: {} });
const shop = (names: string[]) => buildCatalogIndex(names.map(product), { language: 'en' });
const names = (hits: Array<{ product: CatalogProduct }>) => hits.map((h) => h.product.name);

test('two words the shop writes as one find it ("love seat" → loveseat), with every word matched', () => {
  const index = shop(['Seat cushion', 'Love letters wall art', 'Tuxedo arm loveseat', 'Velvet round arm loveseat']);
  const hits = index.search('love seat', {}, 4);
  assert.deepEqual(names(hits.slice(0, 2)).sort(), ['Tuxedo arm loveseat', 'Velvet round arm loveseat']);
  assertEvery(hits.slice(0, 2), (h) => h.coverage === 1);
});

test('a product of the kind asked for comes before one that only mentions it ("side table" → a table, not a lamp)', () => {
  // Listed first, the lamp would win a tie.
  const index = shop(['Side table lamp', 'Oak side table']);
  assert.deepEqual(names(index.search('side table', {}, 2)), ['Oak side table', 'Side table lamp']);
  // "Vanity set" is a vanity as well as a set.
  const sets = shop(['Bathroom vanity light', 'Bathroom vanity set']);
  assert.deepEqual(names(sets.search('bathroom vanity', {}, 2)), ['Bathroom vanity set', 'Bathroom vanity light']);
});

test("the query's rare word outranks a common product word ('lunch bag' → the lunch tote first)", () => {
  const others = ['Oak side table', 'Floor lamp', 'Area rug', 'Wall mirror', 'Bar stool', 'Desk chair', 'Coat rack', 'Shoe bench', 'Wine rack', 'Table lamp', 'Door mat', 'Wall clock', 'Bath towel', 'Shower curtain', 'Plant stand', 'Bookcase'];
  // Listed first, the canvas bag would win a tie.
  const index = shop(['Canvas bag', 'Beach bag', 'Garment bag', 'Lunch tote', ...others]);
  assert.equal(names(index.search('lunch bag', {}, 3))[0], 'Lunch tote');
});

test('when no product matches half the words, products of the kind asked for are the answer, however many others match one word', () => {
  const pillows = Array.from({ length: 40 }, (_, i) => `Black throw pillow ${i + 1}`);
  const beds = Array.from({ length: 120 }, (_, i) => `Platform bed model ${i + 1}`);
  const index = shop([...pillows, ...beds]);
  const run = runSearch(index, { text: 'aiden black velvet bed', filters: {} }, 6);
  assert.equal(run.exact, false);
  assertEvery(run.hits, (h) => /bed/.test(h.product.name), names(run.hits).join());
});

test('when the last word names no kind of product here, the product word before it is the product asked for, never "nothing found"', () => {
  const others = ['Oak side table', 'Floor lamp', 'Area rug', 'Wall mirror', 'Bar stool', 'Desk chair', 'Coat rack', 'Shoe bench'];
  const sconces = ['Tall glass wall sconce', 'Rusted metal wall sconce', 'Darius 1-light wall sconce'];
  const faucets = ['Graze kitchen sink faucet', 'Vessel sink bathroom faucet', 'Single handle kitchen faucet'];
  const tiles = ['Marble mosaic tile', 'Glass subway tile', 'Porcelain wood look tile', 'Eiffel tower splashes graphic art'];
  const desks = ['Remy desk', 'Gladstone writing desk', 'Niamh desk', 'Platform bed frame with mattress foundation'];
  const index = shop([...others, ...sconces, ...faucets, ...tiles, ...desks, 'Oil rubbed bronze cabinet pull']);
  const cases: Array<[string, RegExp]> = [
    // A finish after the product word; a model name and code after it; a word the shop does
    // not use ("backsplash", one edit from nothing but "splashes"); a maker after "by".
    ['fleur de lis living candle wall sconce bronze', /sconce/],
    ['kraus kitchen sink faucet oletto kpf 2820 sfs', /faucet/],
    ['tile backsplash', /tile/],
    ['johan desk by laurel foundry', /desk/],
  ];
  for (const [query, kind] of cases) {
    const run = runSearch(index, index.parseDetailed(query), 6);
    assert.ok(run.hits.length >= 3, `${query}: ${names(run.hits).join()}`);
    assertEvery(run.hits.slice(0, 3), (h) => kind.test(h.product.name), `${query}: ${names(run.hits).join()}`);
    // The shop sells the kind: the answer must not say it does not.
    assert.equal(run.productTypeMissing, undefined, query);
  }
});

test('a colour the shop has only on other products does not outrank the product asked for ("teal chair" → chairs, not teal rugs)', () => {
  // Listed first, the rugs would win a tie; "teal" is rarer than "chair" here.
  const index = shop(['Teal indoor area rug', 'Geometric teal outdoor rug', 'Teal comforter set', 'Bondville chair', 'Velvet accent chair', 'Oak dining chair', 'Desk chair', 'Rocking chair']);
  for (const query of ['teal chair', 'turquoise chair']) {
    const hits = index.search(query, {}, 6);
    assertEvery(hits.slice(0, 5), (h) => /chair/i.test(h.product.name), `${query}: ${names(hits).join()}`);
  }
  // A product in that colour and of that kind comes first.
  const withTeal = shop(['Teal indoor area rug', 'Bondville chair', 'Teal velvet accent chair', 'Oak dining chair']);
  assert.equal(names(withTeal.search('teal chair', {}, 3))[0], 'Teal velvet accent chair');
  // In Russian the colour words meet their English names.
  const ru = buildCatalogIndex(['Ковёр бирюзовый', 'Кресло Верона', 'Кресло офисное', 'Кресло бирюзовое велюр'].map(product), { language: 'ru' });
  assert.equal(names(ru.search('бирюзовое кресло', {}, 3))[0], 'Кресло бирюзовое велюр');
  assertEvery(ru.search('бирюзовое кресло', {}, 3), (h) => /Кресло/.test(h.product.name));
});

test('a size said of the item is no kind of product ("small wardrobe grey" → wardrobes, not a small grey dining set)', () => {
  // The dining set matches two of the three words, the wardrobes one: the size and the colour only describe.
  const index = shop(['Mid-century dining set for small spaces, gray', 'Small plastic basket set', 'Melbreak wardrobe', 'Portable wardrobe with closet organizer', 'Queen memory foam mattress', 'Big Joe small bean bag']);
  for (const query of ['small wardrobe grey', 'big wardrobe', 'tall wardrobe gray']) {
    const hits = index.search(query, {}, 6);
    assertEvery(hits.slice(0, 2), (h) => /wardrobe/i.test(h.product.name), `${query}: ${names(hits).join()}`);
  }
});

test('furniture synonyms: a couch is a sofa, drapes are curtains, in either language', () => {
  const index = shop(['Faux leather sofa', 'Leather office chair', 'Blackout curtain panel', 'Drapery rod']);
  assert.equal(names(index.search('leather couch', {}, 2))[0], 'Faux leather sofa');
  assert.equal(names(index.search('blackout drapes', {}, 1))[0], 'Blackout curtain panel');
  assert.equal(names(index.search('кожаный диван', {}, 1))[0], 'Faux leather sofa');
});

test('irregular English plurals meet their singular ("wall shelves" → a wall shelf, "knives" → a knife)', () => {
  // Other names have the plural form, so "shelves" and "knives" are not taken for typos.
  const index = shop(['Wall clock', 'Wire shelving unit', 'Floating wall shelf', 'Steak knives set', 'Chef apron', 'Chef knife']);
  const shelves = index.search('wall shelves', {}, 2);
  assert.equal(names(shelves)[0], 'Floating wall shelf');
  assert.equal(shelves[0]?.coverage, 1);
  const knives = index.search('chef knives', {}, 2);
  assert.equal(names(knives)[0], 'Chef knife');
  assert.equal(knives[0]?.coverage, 1);
});

test('accents on Latin letters do not keep words apart ("decor" finds "wall décor"), and "й" stays itself', () => {
  // "decor" is a word of another name, so it is not taken for a typo of "décor".
  const index = shop(['Rooster wall décor', 'Rooster figurine', 'Leaf wall decor']);
  const hits = index.search('rooster decor', {}, 1);
  assert.equal(names(hits)[0], 'Rooster wall décor');
  assert.equal(hits[0]?.coverage, 1);
  assert.deepEqual(tokenize('Crème brûlée Nestlé'), ['creme', 'brulee', 'nestle']);
  assert.deepEqual(tokenize('Чайник Ёмкий'), ['чайник', 'емкий']);
});

test('a product of another kind filed near the one asked for comes after it: "samsung galaxy phone" shows phones before a Galaxy adapter', () => {
  const phone = (name: string, i: number, leaf: string): CatalogProduct => ({ sku: `b${i}`, name, brand: 'Samsung', categories: ['Cell Phones', leaf], available: true, params: {}, price: 600 + i });
  const docs: CatalogProduct[] = [
    // The adapter's path repeats "Samsung Galaxy", so by words alone it would lead.
    { sku: 'a1', name: 'Samsung - Galaxy Micro-USB-to-USB Adapter - White', brand: 'Samsung', categories: ['Cell Phones', 'Samsung Galaxy', 'Samsung Galaxy Accessories'], available: true, params: {}, price: 19.99 },
    phone('Samsung - Galaxy S7 32GB - Platinum Gold (AT&T)', 1, 'All Cell Phones with Plans'),
    phone('Samsung - Galaxy S7 32GB - Black Onyx (Verizon)', 2, 'All Cell Phones with Plans'),
    phone('Samsung - Refurbished Galaxy S7 32GB - Gold Platinum', 3, 'Refurbished Phones'),
    phone('Samsung - Galaxy J3 Cell Phone - Black', 4, 'All Cell Phones with Plans'),
    { sku: 'c1', name: 'Insignia - Car Charger', brand: 'Insignia', categories: ['Cell Phones', 'Cell Phone Accessories'], available: true, params: {}, price: 14.99 },
  ];
  const index = buildCatalogIndex(docs, { language: 'en' });
  const hits = index.search('samsung galaxy phone', {}, 6);
  // Every phone first, a second colour of one phone too (it waits behind other phones, not
  // behind a product of another kind), then the adapter.
  const adapter = hits.findIndex((h) => /Adapter/.test(h.product.name));
  assert.equal(adapter, 4, names(hits).join(' | '));
  assertEvery(hits.slice(0, adapter), (h) => /Galaxy (S7|J3)/.test(h.product.name) && h.ofKind === true);
  assert.equal(hits[adapter]?.ofKind, false);
});

test('a price order orders the products of the kind asked for: "cheapest iphone" gives iPhones, not the cases that fit one', () => {
  const item = (name: string, price: number, i: number): CatalogProduct => ({ sku: `i${i}`, name, categories: ['Cell Phones'], available: true, params: {}, price });
  const docs = [
    ['Apple - iPhone 6s 16GB - Silver', 549.99],
    ['Apple - Refurbished iPhone 4S with 16GB Memory', 119],
    ['Apple - iPhone 7 32GB - Black', 649.99],
    ['Dynex - Case for Apple iPhone 6s - Gold', 1.49],
    ['Dynex - Soft Shell Case for Apple iPhone 6s Plus', 1.49],
    ['Insignia - Screen Protector for Apple iPhone 7', 9.99],
  ].map(([name, price], i) => item(name as string, price as number, i));
  const index = buildCatalogIndex(docs, { language: 'en' });
  assert.deepEqual(
    names(index.search('iphone', {}, 6, { sort: 'price_asc' })),
    ['Apple - Refurbished iPhone 4S with 16GB Memory', 'Apple - iPhone 6s 16GB - Silver', 'Apple - iPhone 7 32GB - Black'],
  );
  // Without a price order every match stays.
  assert.equal(index.search('iphone', {}, 6).length, 6);
});

test('one word a category names as its kind lists that kind first: "унитаз" → toilets, not seat fasteners that name toilets', () => {
  const item = (name: string, leaf: string, i: number): CatalogProduct => ({ sku: `t${i}`, name, categories: ['Санфаянс', leaf], available: true, price: 100 + i, params: {} });
  const index = buildCatalogIndex(
    [
      item('Крепление сидения унитаза', 'Сиденье д/унитаза', 1),
      item('Крепление сидения унитаза Виктория', 'Сиденье д/унитаза', 2),
      item('Манжета унитаза 40 мм', 'Манжеты', 3),
      item('Сиденье д/унитаза Эллис', 'Сиденье д/унитаза', 4),
      item('Унитаз компакт "Бриз" белый с сиденьем и арматурой', 'Унитазы (Компакты)', 5),
      item('Компакт "Орион" (+арматура, крепление, сиденье)', 'Унитазы (Компакты)', 6),
      item('Компакт белый "Версия"', 'Унитазы (Компакты)', 7),
    ],
    { language: 'ru' },
  );
  const hits = runSearch(index, { text: 'унитаз', filters: {} }, 6).hits;
  assert.deepEqual(
    names(hits.slice(0, 3)).sort(),
    ['Компакт "Орион" (+арматура, крепление, сиденье)', 'Компакт белый "Версия"', 'Унитаз компакт "Бриз" белый с сиденьем и арматурой'],
  );
});

test('a feature word alone does not outrank what the item is for: "часы для бега с GPS" → running watches, not a dive computer named "GPS"', () => {
  const watch = (name: string, i: number): CatalogProduct => ({ sku: `w${i}`, name, categories: ['Часы'], available: true, price: 30_000 + i, params: {} });
  const index = buildCatalogIndex(
    [
      watch('Часы Garmin Descent G1 Dive Computer and GPS Smartwatch, Powder Gray', 1),
      watch('Часы Garmin Forerunner 55 Black', 2),
      watch('Часы Garmin Forerunner 255 Tidal Blue', 3),
      watch('Часы Garmin Fenix 7 Sapphire Solar', 4),
      watch('Часы Garmin Instinct 2 Solar', 5),
      watch('Часы Garmin Venu 3', 6),
    ],
    { language: 'ru' },
  );
  const hits = runSearch(index, searchRequestOf(index.parseDetailed('часы для бега с GPS')), 6).hits;
  assert.deepEqual(names(hits.slice(0, 2)).sort(), ['Часы Garmin Forerunner 255 Tidal Blue', 'Часы Garmin Forerunner 55 Black']);
});

test('a count said in words finds the figure names write for what they count ("two usb ports": "2 USB Ports", "Dual USB"), not a model\'s number', () => {
  const index = shop([
    'Vehicle Charger with 1 USB Port - Black',
    'Micro USB Car Charger for Galaxy S2',
    'Vehicle Charger with 2 USB Ports - Black',
    'Dual USB Vehicle Charger - Black',
    '4-Port USB Wall Charger',
    'USB Wall Charger - White',
    'Screen Protector for ZenFone 3',
    'Screen Protector for Galaxy Note 3',
    'Screen Protector for LG G5',
  ]);
  const two = names(index.search('car charger with two usb ports', {}, 9));
  assert.equal(two[0], 'Vehicle Charger with 2 USB Ports - Black', two.join(' | '));
  assert.ok(two.indexOf('Dual USB Vehicle Charger - Black') < two.indexOf('USB Wall Charger - White'), two.join(' | '));
  assert.equal(names(index.search('wall charger with four ports', {}, 2))[0], '4-Port USB Wall Charger');
  // A count of nothing names count ("three pack") is no figure: the "3" of a model stays out.
  const three = index.search('three pack screen protector', {}, 6);
  const scoreOf = (name: string) => three.find((h) => h.product.name === name)?.score;
  assert.ok(scoreOf('Screen Protector for LG G5') !== undefined);
  assert.equal(scoreOf('Screen Protector for ZenFone 3'), scoreOf('Screen Protector for LG G5'), 'the ZenFone 3 is no closer to "three pack" than the LG G5');
});

const officeShop = () =>
  shop([
    'Canon Plus SG-201, 10x15, 50sheets photo paper',
    'Epson Premium Glossy Photo Paper - A4 - 50 Sheets',
    'Epson Archival Matte Paper - A4 - 50 Sheets',
    'Epson Double Sided Matte Paper - A4 - 50 Sheets',
    'Canon DADF-AB1 50 sheets',
    'Epson Matte Paper Heavy Weight - A4 - 50 Sheets',
    'Epson SIDM Single Sheet Feeder 50 sheets',
    'Xerox Convenience Stapler',
    'Leitz 55510084 stapler Silver',
  ]);

test('"50 sheet stapler" where no stapler says 50 sheets: the staplers, the other words dropped, not paper of 50 sheets', () => {
  const index = officeShop();
  const run = runSearch(index, searchRequestOf(index.parseDetailed('50 sheet stapler')), 6);
  // Before: six kinds of 50-sheet paper, matching two words of three, and no stapler.
  assert.deepEqual(names(run.hits).sort(), ['Leitz 55510084 stapler Silver', 'Xerox Convenience Stapler']);
  assert.ok(run.relaxed.includes('words') && run.droppedText === '50 sheet', `${run.relaxed} ${run.droppedText}`);
});

test('"stapler that can do 50 sheets": what the item can do is what it is for, and the kind is the stapler', () => {
  const index = officeShop();
  const parsed = index.parseDetailed('stapler that can do 50 sheets');
  assert.equal(index.productWord(parsed.text)?.head, 'stapler');
  const hits = runSearch(index, searchRequestOf(parsed), 6).hits;
  // Before: the photo paper of 50 sheets first, "sheets" read as the kind.
  assert.deepEqual(names(hits.slice(0, 2)).sort(), ['Leitz 55510084 stapler Silver', 'Xerox Convenience Stapler']);
});
