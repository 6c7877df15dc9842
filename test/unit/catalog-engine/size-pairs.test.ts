/**
 * Two sizes asked as a pair ("полотенцесушитель 50 на 80"): the names stating the nearest pair
 * come first, in the unit that fits (centimetres asked, millimetres written), the answer says
 * when none is that size, and "а подешевле?" keeps the size asked for.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCatalogEngine } from '../../../src/assistant/catalog-engine/index.ts';
import type { EngineResult, EngineTurn } from '../../../src/assistant/engine.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { joinDimensionPairs } from '../../../src/catalog/search/measures.ts';
import { item, messageOf, productsOf, tenant, tracking } from './helpers.ts';
import { assertEvery } from '../../helpers/assert.ts';

const rails = [
  item('r-320x500', 'Полотенцесушитель Фокстрот 320*500', ['Сантехника', 'Полотенцесушители'], 2260),
  item('r-900x1030', 'Полотенцесушитель "Диана" 900*1030', ['Сантехника', 'Полотенцесушители'], 11880),
  item('r-400x800', 'Полотенцесушитель "Лиана" 400*800', ['Сантехника', 'Полотенцесушители'], 10500),
  item('r-200x930', 'Полотенцесушитель "Ниагара" 200*930', ['Сантехника', 'Полотенцесушители'], 11880),
  item('r-500x730', 'Полотенцесушитель "Ника" 500*730', ['Сантехника', 'Полотенцесушители'], 14500),
  item('r-500x830', 'Полотенцесушитель Классик 500*830', ['Сантехника', 'Полотенцесушители'], 5060),
  item('r-500x830b', 'Полотенцесушитель Стандарт 500*830', ['Сантехника', 'Полотенцесушители'], 5720),
  item('r-500x530', 'Полотенцесушитель Классик 500*530', ['Сантехника', 'Полотенцесушители'], 3750),
  item('r-600x600', 'Полотенцесушитель Фокстрот 600*600', ['Сантехника', 'Полотенцесушители'], 3300),
  item('r-200x1030', 'Полотенцесушитель "Сахара" 200*1030', ['Сантехника', 'Полотенцесушители'], 8900),
  item('mixer', 'Смеситель для ванной Frap', ['Сантехника', 'Смесители'], 2100),
];

const index = buildCatalogIndex(rails, { language: 'ru' });
const engine = createCatalogEngine({ catalogs: { get: () => index } });

async function converse(messages: string[]): Promise<EngineResult[]> {
  const history: EngineTurn[] = [];
  const out: EngineResult[] = [];
  for (const text of messages) {
    const r = await engine.answer({ tenant: tenant(), text, image: null, page: { type: 'HOMEPAGE' }, history: [...history], preferences: null, tracking, signal: new AbortController().signal });
    out.push(r);
    history.push({ role: 'user', text }, { role: 'assistant', text: messageOf(r.answer), response: r.answer.response, state: r.state ?? null });
  }
  return out;
}

const skus = (r: EngineResult): string[] => productsOf(r.answer)?.value.map((c) => c.sku ?? '') ?? [];

test('"полотенцесушитель 50 на 80": the nearest sizes first (millimetres in the names), and the answer says there is no 50×80', async () => {
  const [asked, cheaper] = await converse(['полотенцесушитель 50 на 80', 'а подешевле?']);
  const cards = skus(asked!);
  // 500 × 830 and 500 × 730 are nearest; 320 × 500 (the cheapest) and 900 × 1030 came first before.
  assert.deepEqual(cards.slice(0, 3).sort(), ['r-500x730', 'r-500x830', 'r-500x830b'], messageOf(asked!.answer));
  assert.equal(cards[3], 'r-400x800');
  assert.match(messageOf(asked!.answer), /^Размера 50×80 нет — вот ближайшие по размеру\./u);
  // Cheaper keeps the size asked for: the nearest of the cheaper ones first (500 × 530), not the cheapest (320 × 500).
  const shown = (productsOf(asked!.answer)?.value ?? []).map((c) => c.price ?? 0);
  const next = productsOf(cheaper!.answer)?.value ?? [];
  assert.ok(next.length > 0, messageOf(cheaper!.answer));
  const middle = [...shown].sort((a, b) => a - b)[Math.floor(shown.length / 2)] as number;
  assertEvery(next, (c) => (c.price ?? Infinity) < middle, messageOf(cheaper!.answer));
  assert.equal(next[0]?.sku, 'r-500x530', messageOf(cheaper!.answer));
  assert.match(messageOf(cheaper!.answer), /^Размера 50×80 нет/u);
});

test('a size the shop has ("60 x 60 см", "500 на 830") comes first with no note', async () => {
  const [sixty] = await converse(['полотенцесушитель 60 x 60 см']);
  assert.equal(skus(sixty!)[0], 'r-600x600');
  assert.doesNotMatch(messageOf(sixty!.answer), /нет|не нашлось/u);
  const [exact] = await converse(['полотенцесушитель 500 на 830']);
  assert.deepEqual(skus(exact!).slice(0, 2).sort(), ['r-500x830', 'r-500x830b']);
  assert.doesNotMatch(messageOf(exact!.answer), /нет|не нашлось/u);
});

test('only two sizes said as one are a pair: a budget, a model and its memory, three sizes and another unit stay as written', () => {
  assert.equal(joinDimensionPairs('полотенцесушитель 50 на 80'), 'полотенцесушитель 50х80');
  assert.equal(joinDimensionPairs('зеркало 60 x 80 см'), 'зеркало 60х80см');
  assert.equal(joinDimensionPairs('rug 5 by 7'), 'rug 5х7');
  assert.equal(joinDimensionPairs('стол 120*80'), 'стол 120х80');
  assert.equal(joinDimensionPairs('до 5000 на 2 человек'), 'до 5000 на 2 человек');
  assert.equal(joinDimensionPairs('стол до 120 на 80'), 'стол до 120 на 80');
  assert.equal(joinDimensionPairs('айфон 13 на 128'), 'айфон 13 на 128');
  assert.equal(joinDimensionPairs('3 на 4 на 5'), '3 на 4 на 5');
  assert.equal(joinDimensionPairs('case 5 x 3 inch'), 'case 5 x 3 inch');
  assert.equal(joinDimensionPairs('труба 110х2,2х1000'), 'труба 110х2,2х1000');
});
