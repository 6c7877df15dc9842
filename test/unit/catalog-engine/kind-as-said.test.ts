/**
 * The kind in the buyer's own word comes before a kind the search reached through a synonym:
 * "earbuds" in a shop filing earbuds and on-ear headphones under "Headphones".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { createCatalogEngine } from '../../../src/assistant/catalog-engine/index.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { tokenizeName } from '../../../src/catalog/search/tokenize.ts';
import { assertEvery } from '../../helpers/assert.ts';
import { dialogOn, item, messageOf, productsOf, tenant, tracking } from './helpers.ts';

const audio = (sku: string, name: string, price: number): CatalogProduct => ({ sku, name, categories: ['Electronics', 'Headphones'], available: true, price, params: {} });

const products = [
  audio('jbl-on-ear', 'JBL Tune 520BT Wireless On-Ear Headphones, Black', 49.95),
  audio('sony-on-ear', 'Sony WH-CH520 Wireless On-Ear Headphones, Blue', 59.99),
  audio('anker', 'Soundcore by Anker Life Q30 Wireless Noise Cancelling Headphones, Black', 79.99),
  audio('buds-fe', 'Samsung Galaxy Buds FE Wireless Earbuds, White', 99.99),
  audio('buds2', 'Samsung Galaxy Buds2 Pro Wireless Earbuds, Graphite', 149.99),
  audio('airpods3', 'Apple AirPods (3rd generation) Wireless Earbuds', 169),
  audio('sony-xm5', 'Sony WF-1000XM5 Wireless Noise Cancelling Earbuds, Black', 299.99),
  audio('bose', 'Bose QuietComfort Ultra Wireless Noise Cancelling Headphones, Black', 429),
];
const earbuds = new Set(['buds-fe', 'buds2', 'airpods3', 'sony-xm5']);

async function answer(text: string) {
  const index = buildCatalogIndex(products, { language: 'en' });
  const engine = createCatalogEngine({ catalogs: { get: () => index } });
  const r = await engine.answer({ tenant: tenant({ language: 'en' }), text, image: null, page: { type: 'HOMEPAGE' }, history: [], preferences: null, tracking, signal: new AbortController().signal });
  return { message: messageOf(r.answer), cards: productsOf(r.answer)?.value.map((c) => c.sku) ?? [] };
}

test('"cheap wireless earbuds" orders the earbuds by price, not the cheaper on-ear headphones filed beside them', async () => {
  const { message, cards } = await answer('cheap wireless earbuds');
  assert.deepEqual(cards, ['buds-fe', 'buds2', 'airpods3', 'sony-xm5']);
  assert.match(message, /Wireless earbuds/);
});

test('"earbuds" shows the earbuds first, and the most affordable named is a pair of earbuds', async () => {
  const { message, cards } = await answer('earbuds');
  assertEvery(cards.slice(0, 4), (sku) => sku !== undefined && earbuds.has(sku), 'the first four cards are earbuds');
  assert.match(message, /The most affordable is Samsung Galaxy Buds FE Wireless Earbuds, White at \$?99\.99/);
});

test('"earbuds under 100": the one pair of earbuds leads, and the sentence names it rather than cheaper headphones', async () => {
  const { message, cards } = await answer('earbuds under 100');
  assert.equal(cards[0], 'buds-fe');
  assert.match(message, /The most affordable is Samsung Galaxy Buds FE Wireless Earbuds, White/);
});

test('"headphones" still finds every kind of headphones', async () => {
  const { cards } = await answer('headphones');
  assert.ok(cards.includes('jbl-on-ear') && cards.includes('bose'));
});

test('a bracketed aside in the middle of a name does not end what the name says the product is', () => {
  assert.deepEqual(tokenizeName('Apple AirPods (3rd generation) Wireless Earbuds').first, ['apple', 'airpods', 'wireless', 'earbuds']);
  assert.deepEqual(tokenizeName('Смартфон Apple iPhone 15 (128 ГБ, синий)').first, ['смартфон', 'apple', 'iphone', '15']);
  assert.deepEqual(tokenizeName('Кран шаровой (латунь, 1/2').first, ['кран', 'шаровой']);
});

test('"headphones" on a shop selling only Bluetooth headsets says so before them; a shop with headphones says nothing of it', async () => {
  const headsets = ['Cell Phones', 'Cell Phone Accessories', 'Bluetooth Headsets'];
  const shop = buildCatalogIndex(
    [
      item('t', 'Tzumi - Bluetooth Headset - Black', headsets, 14.99),
      item('j', 'Jabra - Classic Bluetooth Headset - Black', headsets, 29.99),
      item('p', 'Plantronics - M95 Bluetooth Headset - Black', headsets, 49.99),
    ],
    { language: 'en' },
  );
  const [r] = await dialogOn(shop, 'en', ['headphones']);
  // Before: "Headphones: here are 3 options", nothing said of their being headsets for calls.
  assert.match(messageOf(r!), /^We don't seem to carry headphones as such — the closest we have are these headsets\./u);
  const ru = buildCatalogIndex([item('g1', 'Гарнитура Bluetooth Jabra Talk 5', ['Гарнитуры'], 1990), item('g2', 'Гарнитура Bluetooth Xiaomi Mi', ['Гарнитуры'], 1490)], { language: 'ru' });
  const [r2] = await dialogOn(ru, 'ru', ['наушники']);
  assert.match(messageOf(r2!), /^Именно «наушники» в каталоге, похоже, нет — ближе всего к ним вот эти гарнитуры\./u);
  const both = buildCatalogIndex([item('h', 'JBL Tune 520BT Wireless On-Ear Headphones', ['Headphones'], 49.95), item('t', 'Tzumi - Bluetooth Headset - Black', headsets, 14.99)], { language: 'en' });
  const [r3] = await dialogOn(both, 'en', ['headphones']);
  assert.doesNotMatch(messageOf(r3!), /as such/u);
});
