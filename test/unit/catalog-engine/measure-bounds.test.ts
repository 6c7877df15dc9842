/**
 * Measures with a bound ("больше 60 дюймов", "tv under 50 inches", "от 300 литров") and a size
 * relative to what was shown ("а побольше?"), in both languages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { createCatalogEngine } from '../../../src/assistant/catalog-engine/index.ts';
import type { EngineTurn } from '../../../src/assistant/engine.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { extractPriceIntent } from '../../../src/catalog/search/price.ts';
import { assertEvery } from '../../helpers/assert.ts';
import { dialogOn, item, messageOf, productsOf, shownSkus, tenant, tracking } from './helpers.ts';

const tv = (sku: string, inches: number, price: number): CatalogProduct => ({
  sku,
  name: `Телевизор Brand${sku} ${inches}" 4K`,
  categories: ['Электроника', 'Телевизоры'],
  available: true,
  price,
  params: {},
});
const products = [
  tv('a', 32, 14_990),
  tv('b', 43, 27_990),
  tv('c', 50, 46_990),
  tv('d', 55, 42_990),
  tv('e', 55, 44_990),
  tv('f', 65, 109_990),
  tv('g', 75, 159_990),
  { sku: 'mount', name: 'Кронштейн для телевизора Holder 32–55" фиксированный', categories: ['Электроника', 'Кронштейны для телевизоров'], available: true, price: 1490, params: {} },
];
const inches = new Map(products.map((p) => [p.sku, Number(/(\d+)"/.exec(p.name)?.[1] ?? 0)]));

async function converse(messages: string[], language: 'ru' | 'en' = 'ru') {
  const index = buildCatalogIndex(products, { language });
  const engine = createCatalogEngine({ catalogs: { get: () => index } });
  const history: EngineTurn[] = [];
  const out: Array<{ message: string; cards: string[] }> = [];
  for (const text of messages) {
    const r = await engine.answer({ tenant: tenant({ language }), text, image: null, page: { type: 'HOMEPAGE' }, history: [...history], preferences: null, tracking, signal: new AbortController().signal });
    history.push({ role: 'user', text }, { role: 'assistant', text: messageOf(r.answer), response: r.answer.response, state: r.state ?? null });
    out.push({ message: messageOf(r.answer), cards: productsOf(r.answer)?.value.map((c) => c.sku ?? '') ?? [] });
  }
  return out;
}

test('"телевизор больше 60 дюймов" shows only larger screens and says the bound as the buyer did', async () => {
  const [r] = await converse(['телевизор больше 60 дюймов']);
  assert.deepEqual(new Set(r!.cards), new Set(['f', 'g']));
  assert.match(r!.message, /Телевизор больше 60 дюймов — вот 2 варианта/);
});

test('"телевизор до 50 дюймов" shows screens of 50 inches and less', async () => {
  const [r] = await converse(['телевизор до 50 дюймов']);
  assertEvery(r!.cards, (sku) => (inches.get(sku) ?? 99) <= 50 && sku !== 'mount', 'screens up to 50"');
  assert.equal(r!.cards.length, 3);
  assert.match(r!.message, /Телевизор до 50 дюймов/);
});

test('a bound no product meets is said plainly, and the kind asked for is shown', async () => {
  const [r] = await converse(['телевизор больше 100 дюймов']);
  assert.match(r!.message, /«больше 100 дюймов» в каталоге не нашлось/);
  assert.ok(r!.cards.length > 0);
  assert.ok(!r!.cards.includes('mount'), 'a mount for 32–55" is no television over 100"');
});

test('"а побольше?" after 55-inch televisions shows the larger ones; "а поменьше?" the smaller', async () => {
  const [first, bigger] = await converse(['телевизор 55 дюймов', 'а побольше?']);
  assert.deepEqual(new Set(first!.cards), new Set(['d', 'e']));
  assert.deepEqual(new Set(bigger!.cards), new Set(['f', 'g']));
  assert.match(bigger!.message, /Телевизор больше 55 дюймов/);
  const [, smaller] = await converse(['телевизор 55 дюймов', 'а поменьше?']);
  assertEvery(smaller!.cards, (sku) => (inches.get(sku) ?? 99) < 55 && sku !== 'mount', 'screens under 55"');
});

test('English: "tv at least 60 inches", then "bigger?"', async () => {
  const [atLeast] = await converse(['tv at least 60 inches'], 'en');
  assert.deepEqual(new Set(atLeast!.cards), new Set(['f', 'g']));
  assert.match(atLeast!.message, /60 in\. and up/);
  const [, bigger] = await converse(['65 inch tv', 'bigger?'], 'en');
  assert.deepEqual(bigger!.cards, ['g']);
  assert.match(bigger!.message, /over 65 in\./);
});

test('a number before a unit is a size, not a price: "холодильник от 300 литров" sets no price bound', () => {
  const p = extractPriceIntent('холодильник от 300 литров');
  assert.equal(p.priceMin, undefined);
  assert.equal(extractPriceIntent('холодильник от 30000').priceMin, 30000);
});

test('a bound no product meets, in a shop whose categories do not name the kind ("Laundry"), leaves the kind in the title, not "Подборка для вас"', async () => {
  // As LG Kazakhstan's feed files them: washers by weight, no depth anywhere.
  const laundry: CatalogProduct[] = [6, 6.5, 7, 8, 9].map((kg) => ({ sku: `w${kg}`, name: `Стиральная машина LG ${kg} кг - DD | Steam`, categories: ['Laundry'], available: true, price: 150_000 + kg * 10_000, params: {} }));
  laundry.push({ sku: 'fridge', name: 'Холодильник LG с нижней морозильной камерой 341 л', categories: ['Refrigerators'], available: true, price: 250_000, params: {} });
  const index = buildCatalogIndex(laundry, { language: 'ru' });
  const engine = createCatalogEngine({ catalogs: { get: () => index } });
  const r = await engine.answer({ tenant: tenant(), text: 'стиральная машина узкая до 45 см', image: null, page: { type: 'HOMEPAGE' }, history: [], preferences: null, tracking, signal: new AbortController().signal });
  const cards = productsOf(r.answer)?.value.map((c) => c.sku ?? '') ?? [];
  assert.ok(cards.length > 0);
  assertEvery(cards, (sku) => sku.startsWith('w'), 'washers');
  assert.match(messageOf(r.answer), /«до 45 см» в каталоге не нашлось.*Стиральная машина — вот \d+ вариант/);
  assert.match(productsOf(r.answer)?.title ?? '', /стиральная машина/i);
});

test('"а побольше?" after shampoos all of 200 ml, a cream of 1000 ml beside them: the note names the bound as said, and the title no bound no card meets', async () => {
  const shampoos = buildCatalogIndex(
    [
      ...['Йогурт', 'Вербена', 'Крапива'].map((n, i) => item(`s${i}`, `Шампунь "${n}" для волос, 200 мл`, ['Волосы', 'Шампуни'], 816 + i * 50)),
      // Bigger, but no shampoo.
      item('cream', 'Крем для массажа Нейтральный, 1000 мл', ['Тело', 'Для массажа'], 4816),
    ],
    { language: 'ru' },
  );
  const [, bigger] = await dialogOn(shampoos, 'ru', ['шампунь', 'а побольше?']);
  // Before: «Точного совпадения с «200mlover» нет … Шампунь больше 200 мл — вот 3 варианта» over shampoos of 200 ml.
  assert.match(messageOf(bigger!), /^(?:Точного совпадения с|Совпадений с) «больше 200 мл» (?:нет|здесь не нашлось) — .* Шампунь — вот 3 варианта\./u);
  assert.equal(productsOf(bigger!)?.title, 'Подборка: шампунь');
});

test('a size no product has: the nearest sizes first, and the answer says the size asked for is not there ("телевизор 60 дюймов" over 32" to 86" sets, "tv 60 inch")', async () => {
  const sizes = [32, 43, 50, 55, 65, 75, 86];
  const ru = buildCatalogIndex(
    sizes.map((n, i) => ({ ...tv(`t${n}`, n, 100_000 + i * 1000), name: `${n}-дюймовый телевизор LG Smart TV модель ${i}` })),
    { language: 'ru' },
  );
  const [sixty] = await dialogOn(ru, 'ru', ['телевизор 60 дюймов']);
  // Before: 32", 43", 50" first in the listing's order, and no word about 60".
  assert.deepEqual(productsOf(sixty!)?.value.slice(0, 2).map((c) => c.sku).sort(), ['t55', 't65']);
  assert.match(messageOf(sixty!), /«60 дюймов»/u);
  const en = buildCatalogIndex(
    sizes.map((n, i) => item(`e${n}`, `Brand ${n}" Class 4K Smart TV`, ['Televisions'], 200 + i * 100)),
    { language: 'en' },
  );
  const [inch] = await dialogOn(en, 'en', ['tv 60 inch']);
  assert.deepEqual(productsOf(inch!)?.value.slice(0, 2).map((c) => c.sku).sort(), ['e55', 'e65']);
  assert.match(messageOf(inch!), /"60 inch"/u);
});

test('the "not exactly" note names the measure with the word saying what it measures: «шириной 60 см», not «шириной»', async () => {
  const bathroom = buildCatalogIndex(
    [
      item('t50', 'Тумба под раковину Фламенко 501 и умывальник Ладога 50', ['Мебель для ванной'], 3625),
      item('t100', 'Тумба под раковину Фламенко 1001 и умывальник Эльбрус 100', ['Мебель для ванной'], 16125),
      item('t80', 'Тумба под раковину Фламенко 801 белая', ['Мебель для ванной'], 9800),
      item('mirror', 'Зеркало для ванной 60 см', ['Мебель для ванной'], 2100),
    ],
    { language: 'ru' },
  );
  const [, wide] = await dialogOn(bathroom, 'ru', ['тумба под раковину', 'а шириной 60 см?']);
  assert.match(messageOf(wide!), /«шириной 60 см»/u, messageOf(wide!));
});

test('"а 75?" after 55-inch or "телевизор 65" sets, where no set is 75": the nearest sizes, saying «75 дюймов» is not there; a model code "KD-50X75WL" is no 50 × 75 size', async () => {
  const tvs = buildCatalogIndex(
    [
      item('s65', 'Телевизор Samsung QE65Q80C 65" QLED 4K', ['Телевизоры'], 109_990),
      item('t55', 'Телевизор TCL 55C645 55" QLED 4K', ['Телевизоры'], 42_990),
      item('l55', 'Телевизор LG OLED55C3RLA 55" OLED 4K', ['Телевизоры'], 139_990),
      item('sony', 'Телевизор Sony Bravia KD-50X75WL 50" 4K', ['Телевизоры'], 59_990),
      item('s32', 'Телевизор Samsung 32" Full HD', ['Телевизоры'], 29_990),
    ],
    { language: 'ru' },
  );
  const [, inches] = await dialogOn(tvs, 'ru', ['телевизор 55 дюймов', 'а 75?']);
  // Before: «Телевизор — вот 1 вариант», the 50-inch Sony whose code says "X75".
  assert.equal(productsOf(inches!)?.value[0]?.sku, 's65');
  assert.match(messageOf(inches!), /«75 дюймов»/u);
  const [, bare] = await dialogOn(tvs, 'ru', ['телевизор 65', 'а 75?']);
  // Before: every set in no order of size, and no word of the 75.
  assert.equal(productsOf(bare!)?.value[0]?.sku, 's65');
  assert.match(messageOf(bare!), /«75 дюймов»/u);
});

test('"для комнаты 20 метров" after air conditioners asks for a room of 20 m², not a length of 20 m: those rated for 20 m² and more, the nearest first', async () => {
  const shop = buildCatalogIndex(
    [
      { sku: 'ac-18', name: 'Кондиционер LG Standard | до 18 м²', categories: ['Кондиционеры'], available: true, params: {}, price: 199_990 },
      { sku: 'ac-27', name: 'Кондиционер LG DUALCOOL B09TS | до 27 м²', categories: ['Кондиционеры'], available: true, params: {}, price: 249_990 },
      { sku: 'ac-54', name: 'Кондиционер LG DUALCOOL B18TS | до 54 м²', categories: ['Кондиционеры'], available: true, params: {}, price: 359_990 },
      { sku: 'cable', name: 'Кабель межблочный для кондиционера 20 м', categories: ['Аксессуары'], available: true, params: {}, price: 9_990 },
    ],
    { language: 'ru' },
  );
  const [, room] = await dialogOn(shop, 'ru', ['кондиционер', 'для комнаты 20 метров']);
  assert.deepEqual(shownSkus(room!), ['ac-27', 'ac-54'], messageOf(room!));
  assert.match(messageOf(room!), /от 20 м²/u);
});

test('"а побольше?", "something bigger?" after one TV shown: bigger ones than it, the small one asked before no longer asked (it showed the same TV alone, then every TV under "Nothing matches")', async () => {
  const sets = (lang: 'ru' | 'en') =>
    buildCatalogIndex(
      [
        { ...tv('s', 32, 14_990), description: lang === 'ru' ? 'Компактный телевизор для спальни и кухни.' : 'A small TV for a bedroom or a kitchen.', name: lang === 'ru' ? 'Телевизор Brands 32" HD' : 'Brands 32" HD TV', categories: ['Electronics', lang === 'ru' ? 'Телевизоры' : 'Televisions'] },
        ...[tv('b', 43, 27_990), tv('d', 55, 42_990), tv('f', 65, 109_990)].map((p) => (lang === 'ru' ? p : { ...p, name: `Brand${p.sku} ${inches.get(p.sku)}" 4K TV`, categories: ['Electronics', 'Televisions'] })),
      ],
      { language: lang },
    );
  const [one, bigger] = await dialogOn(sets('ru'), 'ru', ['нужен телевизор в спальню', 'а побольше?']);
  assert.deepEqual(shownSkus(one!), ['s']);
  assert.deepEqual(new Set(shownSkus(bigger!)), new Set(['b', 'd', 'f']), messageOf(bigger!));
  assert.match(messageOf(bigger!), /Телевизор больше 32 дюйм/u);
  const [oneEn, biggerEn] = await dialogOn(sets('en'), 'en', ['tv for a small bedroom', 'something bigger?']);
  assert.deepEqual(shownSkus(oneEn!), ['s']);
  assert.deepEqual(new Set(shownSkus(biggerEn!)), new Set(['b', 'd', 'f']), messageOf(biggerEn!));
  assert.doesNotMatch(messageOf(biggerEn!), /small|Nothing here matches/u);
});
