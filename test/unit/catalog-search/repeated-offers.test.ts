/**
 * A shop listing one model under several offers (same name, same price) gets one card for it:
 * four identical television cards tell the buyer nothing the first did not. The search puts the
 * repeats after every other product, the offer in stock standing for the card; the answer leaves
 * them out.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { createCatalogEngine } from '../../../src/assistant/catalog-engine/index.ts';
import { productsOf, tenant, tracking } from '../catalog-engine/helpers.ts';

const offer = (sku: string, name: string, price: number, available: boolean): CatalogProduct => ({ sku, name, categories: ['Телевизоры'], available, price, params: {} });
const products = [
  offer('c5-1', '65 дюймовый телевизор LG OLED evo C5', 1_099_990, false),
  offer('c5-2', '65 дюймовый телевизор LG OLED evo C5', 1_099_990, false),
  offer('c5-3', '65 дюймовый телевизор LG OLED evo C5', 1_099_990, true),
  offer('c5-4', '65 дюймовый телевизор LG OLED evo C5', 1_199_990, false),
  offer('ua75', '65 дюймовый телевизор LG UHD UA75', 419_990, true),
  offer('b6', '83 дюймовый телевизор LG OLED B6', 3_299_990, true),
];
const index = buildCatalogIndex(products, { language: 'ru' });
const repeats = new Set(['c5-1', 'c5-2']);

function distinctFirst(skus: string[]): void {
  const firstRepeat = skus.findIndex((s) => repeats.has(s));
  if (firstRepeat !== -1) {
    assertEvery(skus.slice(firstRepeat), (s) => repeats.has(s), `repeats after every other product: ${skus.join()}`);
  }
  assert.ok(skus.includes('c5-3') && skus.indexOf('c5-3') < (firstRepeat === -1 ? Infinity : firstRepeat), `the offer in stock stands for the card: ${skus.join()}`);
  assert.ok(skus.includes('c5-4'), 'the same name at another price is another card');
}

test('a search puts the same offer again after every other product, the offer in stock first', () => {
  distinctFirst(index.search('телевизор oled evo', {}, 6).map((h) => h.product.sku));
});

test('a listing by category does the same', () => {
  distinctFirst(index.search('', { categories: ['Телевизоры'] }, 6).map((h) => h.product.sku));
});

test('the answer shows each card once', async () => {
  const engine = createCatalogEngine({ catalogs: { get: () => index } });
  const r = await engine.answer({ tenant: tenant(), text: 'телевизор', image: null, page: { type: 'HOMEPAGE' }, history: [], preferences: null, tracking, signal: new AbortController().signal });
  const cards = productsOf(r.answer)?.value ?? [];
  const seen = cards.map((c) => `${c.price} ${c.name}`);
  assert.equal(new Set(seen).size, seen.length, seen.join('; '));
  assert.equal(cards.length, 4, 'four different cards: C5 at two prices, UA75, B6');
});
