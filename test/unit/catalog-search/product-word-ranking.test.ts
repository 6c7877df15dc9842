/**
 * How an English home-goods shop's search orders products for the buyer's words: words
 * written together or apart.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';

const product = (name: string, i: number): CatalogProduct => ({ sku: `p${i}`, name, categories: [], available: true, params: {} });
const shop = (names: string[]) => buildCatalogIndex(names.map(product), { language: 'en' });
const names = (hits: Array<{ product: CatalogProduct }>) => hits.map((h) => h.product.name);

test('two words the shop writes as one find it ("love seat" → loveseat), with every word matched', () => {
  const index = shop(['Seat cushion', 'Love letters wall art', 'Tuxedo arm loveseat', 'Velvet round arm loveseat']);
  const hits = index.search('love seat', {}, 4);
  assert.deepEqual(names(hits.slice(0, 2)).sort(), ['Tuxedo arm loveseat', 'Velvet round arm loveseat']);
  assertEvery(hits.slice(0, 2), (h) => h.coverage === 1);
});
