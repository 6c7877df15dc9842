/**
 * "Без проводов", "without cord", "cordless": wireless products, asked for in the buyer's own
 * words and said back in them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { assertEvery } from '../../helpers/assert.ts';
import { dialogOn, item, messageOf, productsOf } from './helpers.ts';

test('«а без проводов?» after vacuum cleaners: the cordless ones, titled «Пылесос без проводов» (not «Пылесос беспроводные», which disagrees in number)', async () => {
  const shop = buildCatalogIndex(
    [
      item('v1', 'Пылесос Bosch BGS05A220 с контейнером', ['Пылесосы'], 9990),
      item('v2', 'Пылесос Philips XB2125/09 с контейнером', ['Пылесосы'], 8990),
      item('c1', 'Вертикальный пылесос Xiaomi G10, беспроводной', ['Пылесосы'], 17990),
      item('c2', 'Вертикальный пылесос Dyson V8 беспроводной', ['Пылесосы'], 34990),
    ],
    { language: 'ru' },
  );
  const [, cordless] = await dialogOn(shop, 'ru', ['пылесос', 'а без проводов?']);
  // Before: «Пылесос беспроводные — вот 2 варианта».
  assert.match(messageOf(cordless!), /^Пылесос без проводов — вот 2 варианта/u);
  assertEvery((productsOf(cordless!)?.value ?? []).map((p) => p.name), (n) => /беспроводной/u.test(n));
});

test('"without cord?" after vacuums shows the cordless ones: "cordless" is the wireless of vacuums and tools', async () => {
  const shop = buildCatalogIndex(
    [
      item('u1', 'Bissell CleanView Swivel Pet Upright Vacuum', ['Home', 'Vacuums'], 129.99),
      item('u2', 'Shark Navigator Lift-Away Upright Vacuum', ['Home', 'Vacuums'], 199.99),
      item('c1', 'LEVOIT LVAC-200 Cordless Stick Vacuum', ['Home', 'Vacuums'], 169.99),
      item('c2', 'Dyson V8 Cordless Vacuum', ['Home', 'Vacuums'], 349.99),
    ],
    { language: 'en' },
  );
  const [, cordless] = await dialogOn(shop, 'en', ['vacuum', 'without cord?']);
  // Before: the upright vacuums first ("cord" was no word of theirs to leave out).
  const names = (productsOf(cordless!)?.value ?? []).map((p) => p.name);
  assert.ok(names.length >= 2, names.join('; '));
  assertEvery(names, (n) => /Cordless/u.test(n));
  const [wireless] = await dialogOn(shop, 'en', ['wireless vacuum']);
  assertEvery((productsOf(wireless!)?.value ?? []).map((p) => p.name), (n) => /Cordless/u.test(n));
});

test('"without a cord?" (with its article) is the same wish: the cordless vacuums, titled as the buyer said it; said again after cordless ones, the title does not repeat it', async () => {
  const shop = buildCatalogIndex(
    [
      item('u1', 'Bissell CleanView Swivel Pet Upright Vacuum', ['Home', 'Vacuums'], 129.99),
      item('u2', 'Miele Complete C3 Canister Vacuum', ['Home', 'Vacuums'], 899),
      item('c1', 'LEVOIT LVAC-200 Cordless Stick Vacuum', ['Home', 'Vacuums'], 169.99),
      item('c2', 'Dyson V8 Cordless Vacuum', ['Home', 'Vacuums'], 349.99),
    ],
    { language: 'en' },
  );
  const [, cordless] = await dialogOn(shop, 'en', ['vacuum cleaner', 'without a cord?']);
  // Before: "a cord" was read as something to leave out, no card says "cord", and every vacuum came back titled "Vacuum".
  assert.match(messageOf(cordless!), /^Vacuum cleaner without a cord: here are 2 options/u);
  assertEvery((productsOf(cordless!)?.value ?? []).map((p) => p.name), (n) => /Cordless/u.test(n));
  const [fresh] = await dialogOn(shop, 'en', ['vacuum without a cord']);
  assert.equal(productsOf(fresh!)?.title, 'Picks: vacuum without a cord');
  assertEvery((productsOf(fresh!)?.value ?? []).map((p) => p.name), (n) => /Cordless/u.test(n));
  const [, again] = await dialogOn(shop, 'en', ['cordless vacuum', 'without cord']);
  // Before: "Cordless vacuum without cord".
  assert.equal(productsOf(again!)?.title, 'Picks: cordless vacuum');
});
