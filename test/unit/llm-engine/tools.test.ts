import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { catalogTools, productView, searchProducts, type ToolJournal } from '../../../src/assistant/llm-engine/tools.ts';
import { demoIndex } from './helpers.ts';

const journal = (): ToolJournal => ({ searches: [], seen: [] });

test('search: words and filters of the query are parsed; explicit filters win', async () => {
  const index = await demoIndex();
  const j = journal();
  const out = searchProducts(index, { query: 'смартфон samsung до 50000', price_max: 40000 }, j);
  const products = out['products'] as Array<{ brand: string; price: number }>;
  assert.ok(products.length > 0);
  assertEvery(products, (p) => p.brand === 'Samsung' && p.price <= 40000);
  assert.equal(j.searches.length, 1);
  assert.equal(j.seen.length, products.length);
});

test('search: brand names are resolved to the catalogue spelling; nothing exact says what was relaxed', async () => {
  const index = await demoIndex();
  const out = searchProducts(index, { query: 'смартфон', brands: ['SAMSUNG'], price_max: 10 }, journal());
  assert.match(String(out['note']), /price bounds were dropped/);
  assert.ok((out['products'] as unknown[]).length > 0);
});

test('product view: compact for lists, with description and parameters in detail', async () => {
  const index = await demoIndex();
  const p = index.bySku('101001')!;
  const short = productView(p);
  assert.deepEqual(Object.keys(short), ['sku', 'name', 'price', 'old_price', 'brand', 'category', 'in_stock', 'features']);
  const detailed = productView(p, true);
  assert.ok(typeof detailed['description'] === 'string' && detailed['params']);
  assert.equal(detailed['url'], undefined, 'no links for the model to repeat');
});

test('the tools check their input, and say so without a catalogue', async () => {
  const index = await demoIndex();
  const j = journal();
  const tools = catalogTools(index, j, '₽');
  const schema = tools['get_products']!.inputSchema as { validate: (v: unknown) => Promise<{ success: boolean }> | { success: boolean } };
  assert.equal((await schema.validate({ skus: [] })).success, false);
  assert.equal((await schema.validate({ skus: ['101001'] })).success, true);
  const search = tools['search_products']!.inputSchema as { validate: (v: unknown) => { success: boolean; value?: unknown } };
  const converted = await search.validate({ query: 'x', price_max: '5000', brands: null });
  assert.deepEqual(converted, { success: true, value: { query: 'x', price_max: 5000 } });
  const options = { toolCallId: '1', messages: [] };
  const similar = await tools['similar_products']!.execute!({ sku: '101001' }, options);
  assert.ok((similar as { products: unknown[] }).products.length > 0);
  assert.deepEqual(j.related, { kind: 'similar', sku: '101001' });
  assert.deepEqual(await tools['similar_products']!.execute!({ sku: 'nope' }, options), { error: 'Unknown SKU nope' });
  const none = catalogTools(undefined, journal(), '₽');
  assert.deepEqual(await none['search_products']!.execute!({ query: 'x' }, options), { error: 'The catalogue is not available right now.' });
});
