/**
 * "шампунь для сухих волос", "cream for dry skin": a product whose name says it is for another
 * kind of the thing (oily hair, oily skin) is not offered while others are, though its parameters
 * name the kind asked («Жирные у корней / Сухие на кончиках»).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { runSearch, searchRequestOf } from '../../../src/catalog/search/relax.ts';
import { withoutContradicting } from '../../../src/catalog/search/purpose-conflicts.ts';
import type { SearchHit } from '../../../src/catalog/search/types.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { dialogOn, messageOf, productsOf } from '../catalog-engine/helpers.ts';

const shampoo = (sku: string, name: string, price: number, hair: string): CatalogProduct => ({
  sku,
  name,
  categories: ['Волосы', 'Шампуни'],
  available: true,
  params: { 'Тип волос': hair },
  price,
});

const hairShop = () =>
  buildCatalogIndex(
    [
      shampoo('oily', 'Шампунь "Береза-Липа" Для жирных Волос, 200 мл', 616, 'Жирные, Жирные у корней / Сухие на кончиках'),
      shampoo('seb', 'Шампунь "Хвощ" Для жирных и смешанных Волос с себореей, 200 мл', 640, 'Жирные у корней / Сухие на кончиках'),
      shampoo('dry', 'Шампунь "Арника-Отруби" Для сухих и хрупких Волос, 200 мл', 816, 'Сухие, Поврежденные'),
      shampoo('both', 'Шампунь "Крапива-Хмель" Для нормальных и сухих Волос, 200 мл', 888, 'Нормальные, Сухие'),
      shampoo('any', 'Шампунь для Волос "Вербена", 200 мл', 952, 'Окрашенные, Сухие'),
    ],
    { language: 'ru' },
  );

test('«шампунь для сухих волос»: the shampoos for oily hair are left out, and the cheapest named is one for dry hair', async () => {
  const run = runSearch(hairShop(), searchRequestOf(hairShop().parseDetailed('шампунь для сухих волос')), 6);
  const skus = run.hits.map((h) => h.product.sku);
  assert.deepEqual([...skus].sort(), ['any', 'both', 'dry'], skus.join(' '));
  const [answer] = await dialogOn(hairShop(), 'ru', ['шампунь для сухих волос']);
  // Before: «Самый доступный — Шампунь "Береза-Липа" Для жирных Волос».
  assert.doesNotMatch(messageOf(answer!), /жирных/u);
  assert.match(messageOf(answer!), /Самый доступный — Шампунь "Арника-Отруби" Для сухих и хрупких Волос/u);
  // A name for several kinds, the one asked among them, is no contradiction.
  assert.ok((productsOf(answer!)?.value ?? []).slice(0, 3).some((p) => p.sku === 'both'));
});

test('"cream for dry skin": no cream for oily skin; "case for iphone 15" keeps every case (another model is no other kind); when every hit is for another kind, they are the answer', () => {
  const cream = (sku: string, name: string, price: number): CatalogProduct => ({ sku, name, categories: ['Skin care'], available: true, params: {}, price, description: 'A face cream for dry skin and oily skin alike.' });
  const shop = buildCatalogIndex([cream('o', 'Face Cream for Oily Skin', 9), cream('d', 'Face Cream for Dry Skin', 19), cream('n', 'Daily Face Cream', 14)], { language: 'en' });
  const skus = runSearch(shop, searchRequestOf(shop.parseDetailed('cream for dry skin')), 6).hits.map((h) => h.product.sku);
  assert.deepEqual([...skus].sort(), ['d', 'n'], skus.join(' '));
  const oilyOnly = buildCatalogIndex([cream('o', 'Face Cream for Oily Skin', 9)], { language: 'en' });
  assert.deepEqual(runSearch(oilyOnly, searchRequestOf(oilyOnly.parseDetailed('cream for dry skin')), 6).hits.map((h) => h.product.sku), ['o']);
  const cases = buildCatalogIndex(
    [cream('c15', 'Clear Case for iPhone 15', 19), cream('c15p', 'Leather Case for iPhone 15 Pro', 29), cream('c14', 'Clear Case for iPhone 14', 9)].map((p) => ({ ...p, categories: ['Cases'], description: '' })),
    { language: 'en' },
  );
  const caseSkus = runSearch(cases, searchRequestOf(cases.parseDetailed('case for iphone 15')), 6).hits.map((h) => h.product.sku);
  assert.ok(caseSkus.includes('c15') && caseSkus.includes('c15p'), caseSkus.join(' '));
  // A model code is no thing whose kind is asked: "for samsung s7" keeps the cases "for Galaxy S7".
  const hit = (sku: string, name: string): SearchHit => ({ product: { ...cream(sku, name, 9), categories: ['Cases'] }, score: 1 });
  const s7 = [hit('g7', 'Clear Case for Galaxy S7'), hit('s8', 'Slim Case for Samsung S8'), hit('g7b', 'Rugged Case for Galaxy S7')];
  assert.deepEqual(withoutContradicting(s7, 'case for samsung s7', 6).map((h) => h.product.sku), ['g7', 's8', 'g7b']);
});
