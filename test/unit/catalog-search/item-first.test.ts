/**
 * «унитаз с горизонтальным выпуском»: a part named for the item («Клапан д/унитаза») may match
 * more of the request than the item itself, but the buyer asked for the item: the products of
 * that kind come first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex, type CatalogIndex } from '../../../src/catalog/search/index.ts';
import { runSearch, searchRequestOf } from '../../../src/catalog/search/relax.ts';

const product = (sku: string, name: string, categories: string[], price: number): CatalogProduct => ({ sku, name, categories, available: true, params: {}, price });

const ask = (index: CatalogIndex, message: string): string[] => runSearch(index, searchRequestOf(index.parseDetailed(message)), 6).hits.map((h) => h.product.sku);

test('«унитаз с горизонтальным выпуском»: the toilets first, not the fill valves «д/унитаза» that match «гориз» and, a letter off, «выпуском»; «клапан для унитаза» still finds the valves', () => {
  const toilets = ['Санфаянс', 'Унитазы (Компакты)'];
  const valves = ['Санфаянс', 'Комплектующие для санфаянса', 'Клапан впуска'];
  const shop = buildCatalogIndex(
    [
      product('v1', 'Клапан д/унитаза верт/ниж 3/8 метал.рез', valves, 450),
      product('v2', 'Клапан д/унитаза верт/ниж 1/2 АРА-2', valves, 460),
      product('v3', 'Клапан д/унитаза гориз/бок 1/2 АРА-1', valves, 407),
      product('v4', 'Клапан д/унитаза верт/ниж 1/2 метал.резьба АРА', valves, 450),
      product('t1', 'Унитаз компакт в комплекте "Бриз" белый Сантек', toilets, 3100),
      product('t2', 'Унитаз компакт "Реал" 2-клав. ниж.под с дюропласт', toilets, 3100),
      product('d1', 'Трап горизонт.D110 решетка пласт 150х150 РТП', ['Канализация', 'Трапы'], 900),
    ],
    { language: 'ru' },
  );
  const skus = ask(shop, 'унитаз с горизонтальным выпуском');
  assert.deepEqual(skus.slice(0, 2).sort(), ['t1', 't2'], skus.join(' '));
  assert.deepEqual(ask(shop, 'клапан для унитаза').slice(0, 4).sort(), ['v1', 'v2', 'v3', 'v4']);
});

test('«пылесос»: the vacuum cleaners of the shop\'s vacuum section before the USB desk vacuum filed under «АКСЕССУАРЫ», whose short name scores highest; «пылесос mini» still finds it first', () => {
  const vacuums = ['Vacuum Cleaners'];
  const shop = buildCatalogIndex(
    [
      product('m', 'Пылесос mini USB', ['АКСЕССУАРЫ'], 531),
      product('a', 'Компактный пылесос с простым контейнером, VC5320NNTR, 380 Вт', vacuums, 46990),
      product('b', 'Пылесос с системой прессования пыли Kompressor, VC83209UHA, 420 Вт', vacuums, 94990),
      product('c', 'Беспроводной пылесос LG CordZero A9N-PRIME, 160 Вт', vacuums, 149990),
      product('k', 'Клавиатура USB', ['АКСЕССУАРЫ'], 990),
    ],
    { language: 'ru' },
  );
  // Before: the mini vacuum first, and named the most affordable vacuum.
  const run = runSearch(shop, searchRequestOf(shop.parseDetailed('пылесос')), 6);
  assert.deepEqual(run.hits.slice(0, 3).map((h) => h.product.sku).sort(), ['a', 'b', 'c']);
  assert.equal(run.hits.find((h) => h.product.sku === 'm')?.ofKind ?? false, false);
  assert.equal(ask(shop, 'пылесос для квартиры')[0] === 'm', false);
  assert.equal(ask(shop, 'пылесос mini')[0], 'm');
});
