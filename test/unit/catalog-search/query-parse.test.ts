import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractPriceIntent } from '../../../src/catalog/search/price.ts';
import { normalizeText } from '../../../src/catalog/search/tokenize.ts';
import { demoIndex } from './demo-catalog.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { runSearch, searchRequestOf } from '../../../src/catalog/search/relax.ts';

const { index } = await demoIndex();
const price = (s: string) => {
  const { rest: _rest, ...intent } = extractPriceIntent(normalizeText(s));
  return intent;
};

test('price bounds in Russian', () => {
  assert.deepEqual(price('до 5000 ₽'), { priceMax: 5000 });
  assert.deepEqual(price('дешевле 300 рублей'), { priceMax: 300 });
  assert.deepEqual(price('от 1000 до 2000'), { priceMin: 1000, priceMax: 2000 });
  assert.deepEqual(price('до 5 тыс'), { priceMax: 5000 });
  assert.deepEqual(price('до 15к'), { priceMax: 15000 });
  assert.deepEqual(price('от 50 000 до 80 000 руб'), { priceMin: 50000, priceMax: 80000 });
  assert.deepEqual(price('от 5 до 10 тыс'), { priceMin: 5000, priceMax: 10000 });
  assert.deepEqual(price('30-40 тыс'), { priceMin: 30000, priceMax: 40000 });
  assert.deepEqual(price('не дороже 7000р'), { priceMax: 7000 });
});

test('price bounds in English', () => {
  assert.deepEqual(price('under $50'), { priceMax: 50 });
  assert.deepEqual(price('between 20 and 40'), { priceMin: 20, priceMax: 40 });
  assert.deepEqual(price('below 100'), { priceMax: 100 });
  assert.deepEqual(price('over 500'), { priceMin: 500 });
  assert.deepEqual(price('less than 3k'), { priceMax: 3000 });
});

test('sizes and counts are not prices', () => {
  assert.deepEqual(price('пылесос до 2 кг'), {});
  assert.deepEqual(price('флешка больше 64 гб'), {});
  assert.deepEqual(price('от 2 до 4 человек'), {});
});

test('"what about 85?" asks for another value of the search, not for about $85; with a currency, or "about" alone, it is a price', () => {
  assert.deepEqual(price('what about 85?'), {});
  assert.deepEqual(price('how about 65'), {});
  assert.deepEqual(price('what about $500?'), { priceMin: 350, priceMax: 575, priceAround: 500 });
  assert.deepEqual(price('headphones about 100'), { priceMin: 70, priceMax: 115, priceAround: 100 });
});

test('price order and "cheaper" without a number', () => {
  assert.deepEqual(price('а подешевле?'), { cheaper: true, sort: 'price_asc' });
  assert.deepEqual(price('самый дорогой'), { sort: 'price_desc' });
  assert.deepEqual(price('недорогой чайник'), { sort: 'price_asc' });
  assert.deepEqual(price('cheaper'), { cheaper: true, sort: 'price_asc' });
});

test('availability', () => {
  assert.deepEqual(price('чайник в наличии'), { availableOnly: true });
  assert.deepEqual(price('kettle in stock'), { availableOnly: true });
});

test('parseQuery: price, brand and category words become filters, not search words', () => {
  const q = index.parseQuery('покажи смартфон samsung до 40000 в наличии');
  assert.equal(q.text, '');
  assert.deepEqual(q.filters, { priceMax: 40000, availableOnly: true, brands: ['Samsung'], categories: ['Смартфоны'] });
});

test('parseQuery: Cyrillic spellings of the catalogue brands', () => {
  assert.deepEqual(index.parseQuery('самсунг').filters.brands, ['Samsung']);
  assert.deepEqual(index.parseQuery('эппл').filters.brands, ['Apple']);
  assert.deepEqual(index.parseQuery('apple').filters.brands, ['Apple']);
  assert.deepEqual(index.parseQuery('сяоми').filters.brands, ['Xiaomi']);
  assert.deepEqual(index.parseQuery('делонги').filters.brands, ["De'Longhi"]);
  assert.deepEqual(index.parseQuery('у самсунга').filters.brands, ['Samsung'], 'a declined form');
  assert.equal(index.parseQuery('nokia').filters.brands, undefined, 'not in the catalogue');
});

test('parseQuery: "не"/"кроме"/"only" around a brand', () => {
  assert.deepEqual(index.parseQuery('наушники не sony').filters.excludeBrands, ['Sony']);
  assert.deepEqual(index.parseQuery('наушники кроме jbl').filters.excludeBrands, ['JBL']);
  const only = index.parseQuery('only Samsung');
  assert.deepEqual(only.filters.brands, ['Samsung']);
  assert.equal(only.text, '');
});

test('parseQuery: a brand after "для" says what the item fits and stays a search word', () => {
  const q = index.parseQuery('чехол для самсунг');
  assert.equal(q.filters.brands, undefined);
  assert.match(q.text, /samsung/);
});

test('parseQuery: category words, including a compound ("чайник" → Электрочайники) and siblings', () => {
  assert.deepEqual(index.parseQuery('чайник').filters.categories, ['Электрочайники']);
  assert.deepEqual(new Set(index.parseQuery('пылесос').filters.categories), new Set(['Пылесосы', 'Вертикальные пылесосы', 'Роботы-пылесосы']));
  assert.deepEqual(index.parseQuery('вертикальный пылесос').filters.categories, ['Вертикальные пылесосы']);
  assert.deepEqual(index.parseQuery('наушнки').filters.categories, ['Наушники'], 'a misspelt category word');
  assert.deepEqual(index.parseQuery('headphones').filters.categories, ['Наушники'], 'an English word');
});

test('parseQuery: two product kinds in one message are left to the ranking', () => {
  // "чехол" names the case category and "смартфон" the phone category: no guess.
  const q = index.parseQuery('чехол смартфон');
  assert.equal(q.filters.categories, undefined);
  assert.equal(q.text, 'чехол смартфон');
  // The fleeting vowel: "чехол" and "Чехлы" are one word.
  assert.deepEqual(index.parseQuery('чехол').filters.categories, ['Чехлы для смартфонов']);
});

test('parseQuery: conversational words are dropped, product words kept', () => {
  assert.equal(index.parseQuery('Подскажите, пожалуйста, хороший беспроводной чайник').text, 'беспроводной');
  const en = index.parseQuery('I am looking for wireless headphones please');
  assert.equal(en.text, 'wireless');
  assert.deepEqual(en.filters.categories, ['Наушники'], '"looking for" is not "a case for"');
});

test('a fraction of an inch in a message is read as in product names: "кран шаровой 1/2" finds the 1/2" valves', () => {
  const valve = (sku: string, name: string) => ({ sku, name, categories: ['Кран шаровый', 'Шаровые краны'], available: true, params: {}, price: 300 });
  const shop = buildCatalogIndex(
    [
      valve('a', 'Кран шар.Bugatti (302) 3/4 F/F баб.'),
      valve('b', 'Кран шар.Bugatti (301)1/2 F/F ручка'),
      valve('c', 'Кран руч. FR203- 3/4 M/M'),
      valve('d', 'Кран руч. FR201- 1/2 F/F'),
      valve('e', 'Кран баб. желтый G211- 1 FF'),
    ],
    { language: 'ru' },
  );
  const parsed = shop.parseDetailed('кран шаровой 1/2');
  assert.equal(parsed.text, '0.5');
  const skus = runSearch(shop, searchRequestOf(parsed), 5).hits.map((h) => h.product.sku);
  assert.deepEqual(skus.slice(0, 2).sort(), ['b', 'd']);
});

test('what an item comes with never names its category: "унитаз с бачком" is not the cisterns, "смеситель с душем" is the mixers', () => {
  const shop = buildCatalogIndex(
    [
      { sku: 't1', name: 'Компакт "Форвард" белый', categories: ['Унитазы (Компакты)'], available: true, price: 2800, params: {} },
      { sku: 't2', name: 'Унитаз-компакт Орион', categories: ['Унитазы (Компакты)'], available: true, price: 3100, params: {} },
      { sku: 'c1', name: 'Бачок "Универсал" белый', categories: ['Бачки'], available: true, price: 950, params: {} },
      { sku: 'c2', name: 'Бачок смывной Виктория', categories: ['Бачки'], available: true, price: 1200, params: {} },
      { sku: 'm1', name: 'Смеситель KAIZER Douglas для ванны с душем', categories: ['Смесители'], available: true, price: 3980, params: {} },
      { sku: 's1', name: 'Шланг для душа 1.5 м', categories: ['Душевые шланги'], available: true, price: 400, params: {} },
    ],
    { language: 'ru' },
  );
  assert.notDeepEqual(shop.parseDetailed('унитаз с бачком').filters.categories, ['Бачки']);
  assert.deepEqual(shop.parseDetailed('смеситель с душем').filters.categories, ['Смесители']);
  const hits = runSearch(shop, searchRequestOf(shop.parseDetailed('унитаз с бачком недорого')), 6).hits.map((h) => h.product.sku);
  assert.ok(!hits.includes('c1') && !hits.includes('c2'), `hits: ${hits.join(', ')}`);
});

test('an adjective after what the item is for is said of the item: "стул для кухни мягкий" shows the soft chairs first, not chairs for the kitchen that are not soft', () => {
  const chair = (sku: string, name: string, description: string) => ({ sku, name, description, categories: ['Стулья'], available: true, price: 3000, params: {} });
  const shop = buildCatalogIndex(
    [
      chair('k1', 'Стул ZT 091', 'Пластиковый стул для кухни и кафе'),
      chair('k2', 'Стул 016W', 'Лёгкий стул для кухни'),
      chair('s1', 'Стул Бристоль', 'Мягкий стул с обивкой из велюра'),
      chair('s2', 'Стул Эдинбург', 'Мягкий стул на металлических ножках'),
      chair('w1', 'Стул Прима', 'Деревянный стул'),
    ],
    { language: 'ru' },
  );
  assert.equal(shop.parseDetailed('стул для кухни мягкий').text, 'стул для кухни мягкий');
  const first = runSearch(shop, searchRequestOf(shop.parseDetailed('стул для кухни мягкий')), 6)
    .hits.slice(0, 2)
    .map((h) => h.product.sku)
    .sort();
  assert.deepEqual(first, ['s1', 's2']);
  // Without an adjective after it, what the item is for leaves the category word out as before.
  assert.equal(shop.parseDetailed('стул для кухни').text, 'кухни');
});

test('a brand written as a measure after other words is the measure: "hdmi cable 3m" is three metres, "3m privacy filter" the brand', () => {
  const shop = buildCatalogIndex(
    [
      { sku: 'f1', name: '3M Black Privacy Filter for Desktops PF19.0', brand: '3M', categories: ['Display privacy filters'], available: true, price: 74.95, params: {} },
      { sku: 'f2', name: '3M MS80B Adjustable Monitor Stand', brand: '3M', categories: ['Monitor arms'], available: true, price: 34.95, params: {} },
      { sku: 'c1', name: 'Manhattan HDMI Cable signal cable 3 m Black', brand: 'Manhattan', categories: ['HDMI cables'], available: true, price: 25.95, params: {} },
      { sku: 'c2', name: 'Manhattan HDMI Cable, 4K, 3m, Male to Male', brand: 'Manhattan', categories: ['HDMI cables'], available: true, price: 6.95, params: {} },
      { sku: 'c3', name: 'Manhattan HDMI Cable 1.5 m Black', brand: 'Manhattan', categories: ['HDMI cables'], available: true, price: 5.95, params: {} },
    ],
    { language: 'en' },
  );
  const cable = shop.parseDetailed('hdmi cable 3m');
  // Before: the brand 3M, and its privacy filters under «Nothing here matches "hdmi cable"».
  assert.equal(cable.filters.brands, undefined);
  const run = runSearch(shop, searchRequestOf(cable), 6);
  assert.deepEqual(run.hits.slice(0, 2).map((h) => h.product.sku).sort(), ['c1', 'c2']);
  assert.deepEqual(shop.parseDetailed('3m privacy filter').filters.brands, ['3M']);
});

test('a bound said with "not" or «не» before it is turned around: "not less than $1000" and «не дешевле 100000» are lower bounds, "tv not smaller than 55 inches" asks 55 inches and up', () => {
  // Before: { priceMax: 1000 } and { priceMax: 100000 }, the "less than" and «дешевле» inside read alone.
  assert.deepEqual(price('not less than $1000'), { priceMin: 1000 });
  assert.deepEqual(price('no less than 300'), { priceMin: 300 });
  assert.deepEqual(price('не дешевле 100000'), { priceMin: 100000 });
  assert.deepEqual(price('не меньше 100 тыс'), { priceMin: 100000 });
  assert.deepEqual(price('no more than $500'), { priceMax: 500 });
  assert.deepEqual(price('не дороже 7000р'), { priceMax: 7000 });
  const english = (said: string) => index.parseDetailed(said).text;
  // Before: "55inunder", the TVs under 55 inches.
  assert.match(english('tv not smaller than 55 inches'), /55inatleast/u);
  assert.match(english('tv no bigger than 50 inches'), /50inatmost/u);
  assert.match(english('tv smaller than 50 inches'), /50inunder/u);
});
