/**
 * What the model sends back (tool arguments, its answer) and what the page sends are outside
 * data: read within bounds, in linear time, and never as a prototype (hardening). Time bounds
 * only catch blow-ups: each input took seconds, or threw, before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { WorkBudget } from '../../../src/catalog/search/limits.ts';
import { checkModelAnswer } from '../../../src/assistant/llm-engine/answer.ts';
import { systemPrompt, type PromptContext } from '../../../src/assistant/llm-engine/prompt.ts';
import { catalogTools, searchProducts, type ToolJournal } from '../../../src/assistant/llm-engine/tools.ts';
import { demoIndex, llmTenant } from './helpers.ts';

const journal = (): ToolJournal => ({ searches: [], seen: [] });
const options = { toolCallId: '1', messages: [] };

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: performance.now() - started };
}

test('search tool: a query of 200,000 letters and thousands of brands are read within bounds', async () => {
  const index = await demoIndex();
  const j = journal();
  const { value, ms } = timed(() =>
    searchProducts(index, { query: `наушники ${'я'.repeat(200_000)}`, brands: Array.from({ length: 5000 }, (_, i) => `brand-${i}-${'x'.repeat(1000)}`), category: 'к'.repeat(100_000) }, j),
  );
  assert.ok(ms < 1000, `${Math.round(ms)} ms`);
  assert.equal(typeof value['found'], 'number');
  assert.ok((j.searches[0]?.query.length ?? Infinity) <= 2000, 'the query as read, not as sent');
  assert.ok((j.searches[0]?.request.filters.brands?.length ?? Infinity) <= 20);
  assert.ok((j.searches[0]?.request.filters.categories?.[0]?.length ?? Infinity) <= 200);
});

test('the tools of one turn share a work budget; once it is spent they say so', async () => {
  const index = await demoIndex();
  const j: ToolJournal = { ...journal(), budget: new WorkBudget(1) };
  const tools = catalogTools(index, j, '₽');
  const first = (await tools['search_products']!.execute!({ query: 'наушники' }, options)) as { products?: unknown[] };
  assert.ok((first.products?.length ?? 0) > 0, 'the first search runs');
  const spent = (await tools['search_products']!.execute!({ query: 'чайник' }, options)) as { error?: string };
  assert.match(spent.error ?? '', /searched the catalogue enough/);
  const similar = (await tools['similar_products']!.execute!({ sku: '101001' }, options)) as { error?: string };
  assert.match(similar.error ?? '', /searched the catalogue enough/);
  assert.equal(j.searches.length, 1);
});

test('unknown SKUs are echoed back no longer than a catalogue SKU', async () => {
  const index = await demoIndex();
  const tools = catalogTools(index, journal(), '₽');
  const long = 's'.repeat(100_000);
  const out = (await tools['similar_products']!.execute!({ sku: long }, options)) as { error: string };
  assert.ok(out.error.length < 300);
  const got = (await tools['get_products']!.execute!({ skus: [long] }, options)) as { unknown_skus: string[] };
  assertEvery(got.unknown_skus, (s) => s.length <= 201);
});

test('the model answer: "__proto__" is a key like any other, deep nesting is refused, long lists are not read whole', () => {
  const proto = checkModelAnswer(JSON.parse('{"text":"Hi","__proto__":{"polluted":true},"quick_replies":["a"]}'), []);
  assert.ok('answer' in proto && proto.answer.text === 'Hi');
  assert.equal(({} as Record<string, unknown>)['polluted'], undefined);

  let deep: unknown = 'x';
  for (let i = 0; i < 20_000; i++) {
    deep = [deep];
  }
  const nested = checkModelAnswer({ text: 'Hi', products: deep }, []);
  assert.ok('problems' in nested, 'refused, not thrown');

  const { value, ms } = timed(() => checkModelAnswer({ text: 'Hi', quick_replies: Array.from({ length: 200_000 }, (_, i) => `reply ${i}`) }, []));
  assert.ok(ms < 1000, `${Math.round(ms)} ms`);
  assert.ok('answer' in value && value.answer.quickReplies.length === 4);
});

test('page data in the prompt: a bounded preview of any size and depth', () => {
  const tenant = llmTenant('http://x/v1', { language: 'en' });
  const context = (data: unknown): PromptContext => ({
    tenant,
    settings: tenant.engine.llm!,
    lang: 'en',
    page: { type: 'CART', data },
    pageProducts: [],
    preferences: null,
    currency: '$',
    actions: [],
    links: [],
    allowedHosts: [],
  });
  let deep: unknown = { sku: 'x' };
  for (let i = 0; i < 20_000; i++) {
    deep = { items: [deep] };
  }
  const huge = Array.from({ length: 1_000_000 }, (_, i) => ({ sku: `s${i}`, constructor: 'c', toString: 't' }));
  for (const data of [deep, huge, { ['__proto__']: 'x', valueOf: { hasOwnProperty: 1 } }]) {
    const { value, ms } = timed(() => systemPrompt(context(data)));
    assert.ok(ms < 500, `${Math.round(ms)} ms`);
    const line = value.split('\n').find((l) => l.startsWith('Page data: ')) ?? '';
    assert.ok(line.length > 'Page data: '.length && line.length < 1600, line.slice(0, 200));
  }
  assert.match(systemPrompt(context([{ sku: 'a', qty: 2 }, 'b'])), /Page data: \[\{"sku":"a","qty":2\},"b"\]\n/);
});
