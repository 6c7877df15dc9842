import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { demoIndex } from './demo-catalog.ts';

const { index } = await demoIndex();

test('priceMax and priceMin bound the results', () => {
  const hits = index.search('наушники', { priceMax: 5000 }, 20);
  assert.ok(hits.length >= 4, `${hits.length}`);
  assertEvery(hits, (h) => (h.product.price ?? Infinity) <= 5000);
  const dear = index.search('наушники', { priceMin: 20000 }, 20);
  assert.ok(dear.length >= 3, `${dear.length}`);
  assertEvery(dear, (h) => (h.product.price ?? 0) >= 20000);
  const band = index.search('', { priceMin: 1000, priceMax: 2000, categories: ['Электрочайники'] }, 20);
  assert.deepEqual(band.map((h) => h.product.sku).sort(), ['201006', '201010']);
});

test('brands filter, also by a buyer spelling', () => {
  const hits = index.search('наушники', { brands: ['Sony'] }, 20);
  assert.equal(hits.length, 4);
  assertEvery(hits, (h) => h.product.brand === 'Sony');
  assert.equal(index.search('наушники', { brands: ['сони'] }, 20).length, 4);
});

test('excludeBrands removes a maker', () => {
  const hits = index.search('наушники', { excludeBrands: ['JBL', 'Sony'] }, 20);
  assertEvery(hits, (h) => h.product.brand !== 'JBL' && h.product.brand !== 'Sony');
});

test('categories filter matches any level of the path', () => {
  const leaf = index.search('', { categories: ['Смартфоны'] }, 50);
  assert.equal(leaf.length, 18);
  const mid = index.search('', { categories: ['Аксессуары'] }, 200);
  assertEvery(mid, (h) => h.product.categories.includes('Аксессуары'));
  assert.ok(mid.length > 40);
});

test('availableOnly drops what is out of stock', () => {
  const all = index.search('', { categories: ['Смартфоны'] }, 50);
  const inStock = index.search('', { categories: ['Смартфоны'], availableOnly: true }, 50);
  assert.equal(all.length - inStock.length, all.filter((h) => !h.product.available).length);
  assertEvery(inStock, (h) => h.product.available);
});

test('a brand the catalogue does not carry filters everything out', () => {
  assert.deepEqual(index.search('смартфон', { brands: ['Nokia'] }, 10), []);
});
