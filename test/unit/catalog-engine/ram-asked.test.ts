/** "laptop with at least 32gb ram", "ноутбук от 16 гб оперативки": the laptops' RAM, not a disk of that size. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { ramAsked } from '../../../src/assistant/catalog-engine/ram-asked.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { assertEvery } from '../../helpers/assert.ts';
import { PROJECT_ROOT } from '../../helpers/shared-data.ts';
import { loadProducts } from '../catalog-search/demo-catalog.ts';
import { dialogOn, messageOf, productsOf } from './helpers.ts';

/** The RAM a demo card's name gives: "…, 16GB, 512GB SSD" or "i5/16/512 ГБ". */
const ramInName = (name: string): number => Number(/, (\d+)GB, \d+(?:GB|TB)/u.exec(name)?.[1] ?? /\/(\d+)\/\d+ (?:ГБ|ТБ)/u.exec(name)?.[1] ?? /\b(\d+)\/\d+ ГБ/u.exec(name)?.[1] ?? NaN);

test('memory asked for in gigabytes with a word for RAM is read with whether more will do; a disk or a phone\'s storage is not', () => {
  assert.deepEqual(ramAsked('laptop with at least 32gb ram'), { gb: 32, atLeast: true, rest: 'laptop with' });
  assert.deepEqual(ramAsked('ноутбук от 16 гб оперативки'), { gb: 16, atLeast: true, rest: 'ноутбук' });
  assert.deepEqual(ramAsked('laptop with 8gb of ram or more under $600'), { gb: 8, atLeast: true, rest: 'laptop with under $600' });
  assert.deepEqual(ramAsked('ноутбук с 16 гб оперативной памяти'), { gb: 16, atLeast: false, rest: 'ноутбук с' });
  assert.deepEqual(ramAsked('with 16gb ram?'), { gb: 16, atLeast: false, rest: 'with ?' });
  for (const said of ['laptop 512gb ssd', 'iphone 128gb', 'флешка 64 гб', 'ram', 'laptop with 99999gb ram']) {
    assert.equal(ramAsked(said), null, said);
  }
});

test('"laptop with at least 32gb ram" where none has it says so and shows the most RAM first; "with 16gb ram" after laptops under $800 keeps the budget', async () => {
  const english = buildCatalogIndex(await loadProducts(resolve(PROJECT_ROOT, 'examples/demo-en/catalog.jsonl')), { language: 'en' });
  const [none] = await dialogOn(english, 'en', ['laptop with at least 32gb ram']);
  // Before: "Laptop 32 GB and up: here are 6 options", 8 GB laptops whose disks are over 32 GB.
  assert.match(messageOf(none!), /^Nothing here has 32 GB of RAM or more\. These have the most, up to 18 GB\./u);
  const rams = (productsOf(none!)?.value ?? []).map((c) => ramInName(c.name));
  assert.ok(rams.length >= 3, rams.join(','));
  assert.deepEqual(rams, [...rams].sort((a, b) => b - a));
  const [, sixteen] = await dialogOn(english, 'en', ['laptop for a student under 800', 'with 16gb ram?']);
  const cards = productsOf(sixteen!)?.value ?? [];
  assert.ok(cards.length > 0, messageOf(sixteen!));
  assertEvery(cards, (c) => ramInName(c.name) === 16 && (c.price ?? Infinity) <= 800);
  assert.match(messageOf(sixteen!), /^Laptop with 16GB under \$800/u);
  const russian = buildCatalogIndex(await loadProducts(resolve(PROJECT_ROOT, 'examples/demo/catalog.jsonl')), { language: 'ru' });
  const [ru] = await dialogOn(russian, 'ru', ['ноутбук от 16 гб оперативки']);
  const ruCards = productsOf(ru!)?.value ?? [];
  assert.ok(ruCards.length >= 3, messageOf(ru!));
  assertEvery(ruCards, (c) => ramInName(c.name) >= 16);
  assert.match(messageOf(ru!), /^С оперативной памятью от 16 ГБ, по карточкам\./u);
});

test('"memory" said of a computer is its RAM ("ноутбук с 16 гб памяти", "laptop with 32gb memory"); of a phone it is storage', async () => {
  assert.deepEqual(ramAsked('ноутбук с 16 гб памяти'), { gb: 16, atLeast: false, rest: 'ноутбук с' });
  assert.deepEqual(ramAsked('laptop with 32gb memory'), { gb: 32, atLeast: false, rest: 'laptop with' });
  assert.deepEqual(ramAsked('а есть с 32 гб памяти?', 'Ноутбук для работы'), { gb: 32, atLeast: false, rest: 'а есть с ?' });
  for (const [said, shown] of [['смартфон с 256 гб памяти', ''], ['а с 256 гб памяти?', 'Смартфон'], ['phone with 128gb memory', '']] as const) {
    assert.equal(ramAsked(said, shown), null, said);
  }
  const russian = buildCatalogIndex(await loadProducts(resolve(PROJECT_ROOT, 'examples/demo/catalog.jsonl')), { language: 'ru' });
  const [sixteen] = await dialogOn(russian, 'ru', ['ноутбук с 16 гб памяти']);
  // Before: «Точного совпадения с «16 гб» нет» over 8 GB laptops first.
  const cards = productsOf(sixteen!)?.value ?? [];
  assert.ok(cards.length >= 3, messageOf(sixteen!));
  assertEvery(cards, (c) => ramInName(c.name) === 16);
  const [, more] = await dialogOn(russian, 'ru', ['посоветуй ноутбук для работы с фотошопом', 'а есть с 32 гб памяти?']);
  // Before: «Ноутбук для работы памяти — вот 6 вариантов», the cheapest 8 GB laptop named.
  assert.match(messageOf(more!), /^С оперативной памятью от 32 ГБ ничего не нашлось\. Больше всего памяти у этих — до 18 ГБ\./u);
  const rams = (productsOf(more!)?.value ?? []).map((c) => ramInName(c.name));
  assert.ok(rams.length >= 3 && rams[0] === 18, rams.join(','));
  assert.deepEqual(rams, [...rams].sort((a, b) => b - a));
  const english = buildCatalogIndex(await loadProducts(resolve(PROJECT_ROOT, 'examples/demo-en/catalog.jsonl')), { language: 'en' });
  const [none] = await dialogOn(english, 'en', ['laptop with 32gb memory']);
  assert.match(messageOf(none!), /^Nothing here has 32 GB of RAM or more\./u);
});
