/** A parameter whose value denies a feature ("Mopping: No") neither matches the feature nor shows it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { runSearch, searchRequestOf } from '../../../src/catalog/search/relax.ts';

const robot = (sku: string, name: string, price: number, params: Record<string, string>): CatalogProduct => ({
  sku,
  name,
  categories: ['Home Appliances', 'Robot Vacuums'],
  available: true,
  price,
  params,
});

test('"Mopping: No" or "Влажная уборка: нет" is no robot vacuum with a mop', () => {
  const index = buildCatalogIndex(
    [
      robot('s8', 'Roborock S8 Robot Vacuum and Mop', 549.99, { Mopping: 'Yes' }),
      robot('j7', 'iRobot Roomba j7+ Robot Vacuum', 599.99, { 'Self-emptying': 'Yes' }),
      robot('slim', 'eufy RoboVac 11S Slim Robot Vacuum', 159.99, { Mopping: 'No', 'Self-emptying': 'No' }),
      robot('q5', 'Roborock Q5 Max Robot Vacuum', 269.99, { Mopping: 'none' }),
      robot('ru', 'Робот-пылесос Xiaomi E10', 14990, { 'Влажная уборка': 'нет' }),
      robot('ru-wet', 'Робот-пылесос Dreame D10', 24990, { 'Влажная уборка': 'есть' }),
    ],
    { language: 'en' },
  );
  const skus = (q: string) => runSearch(index, searchRequestOf(index.parseDetailed(q)), 6).hits.map((h) => h.product.sku);
  assert.deepEqual(skus('robot vacuum mop'), ['s8']);
  assert.deepEqual(skus('self-emptying robot vacuum'), ['j7']);
  assert.deepEqual(skus('робот-пылесос с влажной уборкой'), ['ru-wet']);
});
