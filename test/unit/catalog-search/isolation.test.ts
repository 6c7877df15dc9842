import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { demoIndex, loadProducts, RU_SHOPS_CATALOG } from './demo-catalog.ts';
import { sharedDataSkip } from '../../helpers/shared-data.ts';

const { products: demoProducts, index: demo } = await demoIndex();
const shop = (sharedDataSkip ? [] : await loadProducts(RU_SHOPS_CATALOG)).filter((p) => p.sku.startsWith('lgkz:') || p.sku.startsWith('santechtula:'));
const other = buildCatalogIndex(shop, { language: 'ru' });
const demoSkus = new Set(demoProducts.map((p) => p.sku));
const otherSkus = new Set(shop.map((p) => p.sku));

const QUERIES = ['телевизор lg', 'холодильник', 'стиральная машина', 'пылесос', 'смеситель', 'samsung', 'чайник', 'микроволновая печь', ''];

test('two tenants never return each other’s products', { skip: sharedDataSkip }, () => {
  for (const q of QUERIES) {
    for (const hit of demo.search(q, {}, 50)) {
      assert.ok(demoSkus.has(hit.product.sku), `demo index returned ${hit.product.sku} for "${q}"`);
    }
    for (const hit of other.search(q, {}, 50)) {
      assert.ok(otherSkus.has(hit.product.sku), `other index returned ${hit.product.sku} for "${q}"`);
    }
  }
});

test('brands, categories and lookups are per tenant', { skip: sharedDataSkip }, () => {
  assert.ok(demo.brands().includes('Dyson'));
  assert.ok(!other.brands().includes('Dyson'));
  assert.ok(other.brands().includes('LG Electronics'));
  assert.equal(other.parseQuery('дайсон').filters.brands, undefined, 'a brand of another tenant is not recognised');
  assert.deepEqual(demo.parseQuery('lg').filters.brands, ['LG']);
  assert.deepEqual(other.parseQuery('lg').filters.brands, ['LG Electronics']);
  assert.equal(other.bySku('101001'), undefined);
  assert.equal(demo.bySku(shop[0]?.sku ?? ''), undefined);
});

test('the same SKU in two tenants stays two products', () => {
  const a: CatalogProduct = { sku: 'X1', name: 'Чайник красный', categories: ['Кухня'], available: true, params: {}, price: 1000 };
  const b: CatalogProduct = { sku: 'X1', name: 'Смартфон синий', categories: ['Телефоны'], available: true, params: {}, price: 2000 };
  const ia = buildCatalogIndex([a]);
  const ib = buildCatalogIndex([b]);
  assert.equal(ia.bySku('X1')?.name, 'Чайник красный');
  assert.equal(ib.bySku('X1')?.name, 'Смартфон синий');
  assert.deepEqual(ia.search('смартфон', {}, 5), []);
  assert.deepEqual(ib.search('чайник', {}, 5), []);
  // Searching one index in between must not disturb the other's reusable buffers.
  assert.equal(ia.search('чайник', {}, 5)[0]?.product.name, 'Чайник красный');
});

test('a repeated SKU keeps the first product', () => {
  const first: CatalogProduct = { sku: 'D', name: 'Первый', categories: [], available: true, params: {} };
  const second: CatalogProduct = { sku: 'D', name: 'Второй', categories: [], available: true, params: {} };
  const index = buildCatalogIndex([first, second]);
  assert.equal(index.size, 1);
  assert.equal(index.bySku('D')?.name, 'Первый');
});

test('an empty catalogue answers with nothing', () => {
  const empty = buildCatalogIndex([]);
  assert.equal(empty.size, 0);
  assert.deepEqual(empty.search('чайник', {}, 5), []);
  assert.deepEqual(empty.search('', {}, 5), []);
  assert.deepEqual(empty.brands(), []);
});
