/**
 * One word that names a few categories by their last word filters by them only when they hold
 * most products of that kind: "charger" in a phone shop whose portable chargers sit among the
 * accessories must not mean "Car Chargers" and "Wireless Chargers" only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { runSearch } from '../../../src/catalog/search/relax.ts';

let sku = 0;
const item = (name: string, categories: string[], price = 20): CatalogProduct => ({ sku: `k${sku++}`, name, categories, available: true, params: {}, price });

const phoneShop = () =>
  buildCatalogIndex(
    [
      item('Insignia - USB Car Charger - White', ['Cell Phones', 'Car Chargers']),
      item('Incipio - Vehicle Car Charger - Black', ['Cell Phones', 'Car Chargers']),
      item('Samsung - Wireless Charger - White', ['Cell Phones', 'Wireless Chargers']),
      item('APC - Portable Charger - Black', ['Cell Phones', 'Cell Phone Accessories']),
      item('PowerNow! - Portable Charger - Purple', ['Cell Phones', 'Cell Phone Accessories']),
      item('Dynex - Portable Charger - Green', ['Cell Phones', 'Cell Phone Accessories']),
      item('Tzumi - PocketJuice Portable Charger - Black', ['Cell Phones', 'Cell Phone Accessories']),
      item('Insignia - Wall Charger - Blue', ['Cell Phones', 'Cell Phone Accessories']),
      item('Otterbox - Portable Phone Stand', ['Cell Phones', 'Cell Phone Accessories']),
      item('Belkin - Car Mount - Black', ['Cell Phones', 'Car Mounts']),
    ],
    { language: 'en' },
  );

test('"portable charger" finds the portable chargers kept among accessories, not the car and wireless chargers', () => {
  const index = phoneShop();
  const parsed = index.parseQuery('portable charger');
  assert.equal(parsed.filters.categories, undefined, 'no category filter');
  const run = runSearch(index, { text: parsed.text, filters: parsed.filters }, 4);
  assert.equal(run.hits.length, 4);
  assertEvery(run.hits, (h) => /Portable Charger/.test(h.product.name));
});

test('the word still filters when its categories hold most products of its kind', () => {
  const index = buildCatalogIndex(
    [
      item('Пылесос Dyson V15', ['Пылесосы']),
      item('Пылесос Karcher VC 3', ['Пылесосы']),
      item('Пылесос Tefal X-Force', ['Пылесосы']),
      item('Фильтр для пылесоса Dyson', ['Аксессуары']),
      item('Чайник Bosch', ['Чайники']),
    ],
    { language: 'ru' },
  );
  assert.deepEqual(index.parseQuery('пылесос dyson').filters.categories, ['Пылесосы']);
});

test('a category word left to the search keeps what the item is for ("крем для рук": hand creams, not every cream)', () => {
  const index = buildCatalogIndex(
    [
      item('Крем для рук "Календула", 70 мл', ['Тело', 'Уход для рук и ног']),
      item('Крем для рук "Масло Ши", 70 мл', ['Тело', 'Уход для рук и ног']),
      item('Крем для лица "Йогурт", 50 мл', ['Лицо', 'Уход за лицом']),
      item('Крем для лица "Жожоба", 50 мл', ['Лицо', 'Уход за лицом']),
      item('Крем-маска Лифтинг, 150 мл', ['Лицо', 'Маски']),
      item('Гель для душа "Мята"', ['Тело', 'Крема и гели']),
      item('Крем для ног "Мята"', ['Тело', 'Крема и гели']),
      item('Масло для рук и тела, 100 мл', ['Тело', 'Масла']),
    ],
    { language: 'ru' },
  );
  const parsed = index.parseQuery('крем для рук');
  assert.equal(parsed.filters.categories, undefined);
  assert.match(parsed.text, /крем для рук/);
  const run = runSearch(index, { text: parsed.text, filters: parsed.filters }, 6);
  assert.deepEqual(
    run.hits.map((h) => h.product.name).slice(0, 2).sort(),
    ['Крем для рук "Календула", 70 мл', 'Крем для рук "Масло Ши", 70 мл'],
  );
  // What is for hands comes first; no face cream is offered.
  assertEvery(run.hits, (h) => / для рук/.test(h.product.name), run.hits.map((h) => h.product.name).join(' | '));
});

test('a product noun that only other products mention is not sold here: "монитор" in a shop of cables and repairs', () => {
  const shop = buildCatalogIndex(
    [
      item('Кабель питания Gembird комп->монитор 1.8м', ['Кабели']),
      item('Кабель питания Gembird комп->монитор 3.0м', ['Кабели']),
      item('Ремонт монитора', ['Услуги']),
      item('Диагностика монитора', ['Услуги']),
      item('Мышь беспроводная Logitech M510', ['Мыши']),
      item('Мышь беспроводная Logitech M705', ['Мыши']),
      item('Мышь проводная A4Tech OP-720', ['Мыши']),
    ],
    { language: 'ru' },
  );
  assert.deepEqual(shop.productWord('монитор 27'), { word: 'монитор', known: false, head: 'монитор', kind: false });
  // "мышь" is the kind of products here.
  assert.deepEqual(shop.productWord('мышь беспроводная'), { word: 'мышь', known: true, head: 'мышь', kind: true });
  // An English word that may only describe ("leather") is not judged so.
  const cases = buildCatalogIndex(
    [item('Nomad - Leather Case for iPhone 7', ['Cases']), item('Mujjo - Leather Case for iPhone 7', ['Cases']), item('Tumi - Leather Snap Case', ['Cases'])],
    { language: 'en' },
  );
  assert.equal(cases.productWord('leather')?.known ?? true, true);
});
