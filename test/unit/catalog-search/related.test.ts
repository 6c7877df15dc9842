import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery, assertNone } from '../../helpers/assert.ts';
import { demoIndex } from './demo-catalog.ts';

const { index } = await demoIndex();

test('similar: same kind first, the product itself never', () => {
  const similar = index.similar('101007', 6); // iPhone 15 128 GB
  assert.equal(similar.length, 6);
  assertEvery(similar, (p) => p.categories.includes('Смартфоны') && p.sku !== '101007');
  assert.ok(similar.slice(0, 3).some((p) => /iPhone 15/.test(p.name)), similar.map((p) => p.name).join());
});

test('similar within filters: cheaper than the product', () => {
  const cheaper = index.similar('101001', 6, { priceMax: 74989 });
  assertEvery(cheaper, (p) => (p.price ?? Infinity) < 74990);
});

test('complementary: accessories made for this model first, one of each kind', () => {
  const items = index.complementary('101001', 6); // Galaxy S24
  const names = items.map((p) => p.name);
  assert.match(names[0] ?? '', /Чехол .* Galaxy S24/);
  assert.ok(names.some((n) => /стекло .*Galaxy S24/i.test(n)), names.join());
  assertEvery(items, (p) => !p.categories.includes('Смартфоны'));
  assertNone(names, (n) => /S24 Ultra|A55|iPhone/.test(n), `nothing made for another model: ${names.join()}`);
  const kinds = new Set(items.slice(0, 4).map((p) => p.categories[p.categories.length - 1]));
  assert.equal(kinds.size, 4, 'four kinds before a second of any');
});

test('complementary: a coffee machine gets coffee and descaler, not other appliances', () => {
  const items = index.complementary('202001', 6);
  const leaves = items.map((p) => p.categories[p.categories.length - 1]);
  assert.ok(leaves.includes('Кофе в зёрнах') && leaves.includes('Аксессуары для кофемашин'), leaves.join());
  assertEvery(leaves, (c) => c === 'Кофе в зёрнах' || c === 'Аксессуары для кофемашин');
});

test('complementary: a vacuum gets the filter made for it, not a filter for another model', () => {
  const items = index.complementary('212001', 6); // Dyson V15
  assert.ok(items.some((p) => p.sku === '214001'), 'Dyson V15/V12 filter');
  assertNone(items, (p) => p.sku === '214003', 'not the Xiaomi robot brush kit');
});

test('unknown SKUs give empty lists', () => {
  assert.deepEqual(index.similar('nope'), []);
  assert.deepEqual(index.complementary('nope'), []);
});

test('complementary for an accessory: other kinds for the same device, never its own kind', () => {
  const items = index.complementary('111001', 6); // Samsung silicone case for Galaxy S24
  assert.ok(items.length > 0);
  assertEvery(items, (p) => !p.categories.includes('Чехлы для смартфонов'), items.map((p) => p.name).join());
  assert.ok(items.some((p) => p.sku === '112002'), 'the screen glass for Galaxy S24');
  assertNone(items, (p) => /S24 Ultra|iPhone/.test(p.name));
});
