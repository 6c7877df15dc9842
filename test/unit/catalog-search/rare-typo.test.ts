/** A misspelt word that a product or two happen to contain is still read as the word buyers mean. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';

const item = (sku: string, name: string, description?: string): CatalogProduct => ({
  sku,
  name,
  categories: ['Cell Phones', 'Chargers'],
  available: true,
  price: 20,
  params: {},
  ...(description ? { description } : {}),
});

test('"wireles charger" finds the wireless chargers though one description writes "wireles"', () => {
  const index = buildCatalogIndex(
    [
      item('w1', 'Samsung - Wireless Charger - White'),
      item('w2', 'mophie - Wireless Charger - Black'),
      item('c1', 'Insignia - Vehicle Charger - Black'),
      item('c2', 'Dynex - Wall Charger - White', 'Charges fast; not a wireles pad.'),
    ],
    { language: 'en' },
  );
  const hits = index.search('wireles charger', undefined, 4);
  assert.deepEqual(
    hits.slice(0, 2).map((h) => h.product.sku).sort(),
    ['w1', 'w2'],
  );
  assert.equal(hits[0]?.coverage, 1);
});
