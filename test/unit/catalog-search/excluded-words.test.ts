/** "без мешка", "without noise cancelling": products whose card says they have it are left out. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { MAX_CARDS_READ } from '../../../src/catalog/search/excluded-words.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { runSearch, searchRequestOf } from '../../../src/catalog/search/relax.ts';

const product = (sku: string, name: string, params: Record<string, string> = {}, description?: string): CatalogProduct => ({
  sku,
  name,
  categories: ['Бытовая техника', 'Пылесосы'],
  available: true,
  price: 10_000,
  params,
  ...(description ? { description } : {}),
});

const skus = (index: ReturnType<typeof buildCatalogIndex>, q: string) =>
  runSearch(index, searchRequestOf(index.parseDetailed(q)), 10)
    .hits.map((h) => h.product.sku)
    .sort();

test('the words after "без"/"without" leave the search and become what products must not say they have', () => {
  const index = buildCatalogIndex([{ ...product('bag', 'Пылесос Bosch с мешком'), brand: 'Bosch' }, product('box', 'Пылесос Philips с контейнером')]);
  const bagless = index.parseDetailed('пылесос без мешка до 20000');
  assert.ok([bagless.text, ...bagless.categoryWords].includes('пылесос'), JSON.stringify(bagless));
  assert.deepEqual(bagless.filters.excludeWords, ['мешка']);
  assert.equal(bagless.filters.priceMax, 20000);
  // A brand after "без" is an excluded brand; "без проводов" is one word, "беспроводные".
  const noBrand = index.parseDetailed('пылесос без bosch');
  assert.deepEqual(noBrand.filters.excludeBrands, ['Bosch']);
  assert.equal(noBrand.filters.excludeWords, undefined);
  assert.equal(index.parseDetailed('наушники без проводов').filters.excludeWords, undefined);
  assert.deepEqual(index.parseDetailed('headphones without noise cancelling for kids').filters.excludeWords, ['noise cancelling']);
});

test('a mention in the name, a parameter or the description leaves the product out; a denied one does not', () => {
  const index = buildCatalogIndex([
    product('bag', 'Пылесос Bosch с мешком'),
    product('bags', 'Мешки для пылесоса Bosch, 4 шт.'),
    product('param', 'Пылесос Karcher VC 2', { 'Тип пылесборника': 'мешок' }),
    product('described', 'Пылесос Thomas Twin', {}, 'Пылесос с бумажным мешком и аквафильтром.'),
    product('box', 'Пылесос Philips с контейнером'),
    product('instead', 'Пылесос Samsung', {}, 'Циклонный фильтр вместо мешка.'),
    product('said', 'Пылесос Dyson V8, без мешка'),
    product('denied', 'Пылесос Tefal', { 'Мешок для пыли': 'нет' }),
  ]);
  assert.deepEqual(skus(index, 'пылесос без мешка'), ['box', 'denied', 'instead', 'said']);
  assert.deepEqual(skus(index, 'пылесос'), ['bag', 'bags', 'box', 'denied', 'described', 'instead', 'param', 'said']);
});

test('a phrase counts only when all its words are mentioned together; "-free" denies it too', () => {
  const index = buildCatalogIndex([
    product('wet', 'Робот-пылесос Xiaomi', { 'Влажная уборка': 'да' }),
    product('wet-no', 'Робот-пылесос Samsung', { 'Влажная уборка': 'нет' }),
    product('dry', 'Робот-пылесос iRobot', { Навигация: 'камера' }, 'Сухая уборка ковров и паркета, без влажной уборки.'),
    { ...product('sls', 'Shampoo with sodium laureth sulfate'), categories: ['Hair', 'Shampoo'] },
    { ...product('free', 'Sulfate free shampoo'), categories: ['Hair', 'Shampoo'] },
  ]);
  assert.deepEqual(skus(index, 'робот-пылесос без влажной уборки'), ['dry', 'wet-no']);
  assert.deepEqual(skus(index, 'shampoo without sulfate'), ['free']);
});

test('past the cards one search may read, the products that may have it stay out: the work is bounded', () => {
  const many = Array.from({ length: MAX_CARDS_READ + 500 }, (_, i) => product(`bag-${i}`, `Пылесос Bosch ${i} с мешком`));
  const index = buildCatalogIndex([...many, product('box', 'Пылесос Philips с контейнером')]);
  assert.deepEqual(skus(index, 'пылесос без мешка'), ['box']);
});

test('what the item should come with is not matched by a card saying it lacks it: "смеситель с изливом" leaves out the mixer "без излива", "vacuum with bag" puts the one with "no bag" after those with one', () => {
  const mixers = buildCatalogIndex(
    [
      { ...product('spout-1', 'Смеситель F3221 для ванной', {}, 'Смеситель для ванной с длинным изливом 30 см.'), categories: ['Сантехника', 'Смесители'] },
      { ...product('spout-2', 'Смеситель F3204 для ванной', {}, 'Смеситель для ванной с поворотным изливом.'), categories: ['Сантехника', 'Смесители'] },
      { ...product('none', 'Смеситель F2002-B для душевой кабины', {}, 'Смеситель д/ душевой кабины без изливаF2002-B'), categories: ['Сантехника', 'Смесители'] },
      { ...product('plain', 'Смеситель F1000 для раковины'), categories: ['Сантехника', 'Смесители'] },
    ],
    { language: 'ru' },
  );
  const run = runSearch(mixers, searchRequestOf(mixers.parseDetailed('смеситель с изливом')), 10);
  const whole = run.hits.filter((h) => h.coverage === 1).map((h) => h.product.sku).sort();
  assert.deepEqual(whole, ['spout-1', 'spout-2']);
  const vacuums = buildCatalogIndex(
    [
      { ...product('bagless', 'Dyson V8 cordless vacuum', {}, 'A cordless vacuum with no bag to replace.'), categories: ['Vacuums'] },
      { ...product('bagged', 'Miele C3 canister vacuum', {}, 'A canister vacuum with a bag that seals in dust.'), categories: ['Vacuums'] },
    ],
    { language: 'en' },
  );
  const bag = runSearch(vacuums, searchRequestOf(vacuums.parseDetailed('vacuum with bag')), 10);
  assert.equal(bag.hits[0]?.product.sku, 'bagged');
  assert.notEqual(bag.hits.find((h) => h.product.sku === 'bagless')?.coverage, 1);
});
