/**
 * Sun protection as a measure written before its figure: "SPF 50", "spf50", "LSF-30 (SPF 30)".
 * "spf30" on a cosmetics feed answered "Такого в нашем каталоге не нашлось" beside its LSF-30
 * sun milk, and "крем spf 30" was searched as "крем" and "30" (30 ml hand creams).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNone } from '../../helpers/assert.ts';
import { measureWords, mergeMeasures } from '../../../src/catalog/search/measures.ts';
import { tokenize } from '../../../src/catalog/search/tokenize.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { runSearch, searchRequestOf } from '../../../src/catalog/search/relax.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { formatMeasure } from '../../../src/assistant/catalog-engine/texts.ts';
import { dialogOn, messageOf, productsOf } from '../catalog-engine/helpers.ts';

const product = (sku: string, name: string, description = ''): CatalogProduct => ({ sku, name, categories: ['Тело', 'Для и после загара'], available: true, params: {}, price: 1000, description });

test('"SPF 50", "spf50", "LSF-30" read as one measure each, by value', () => {
  assert.deepEqual(mergeMeasures(tokenize('крем spf 50')), ['крем', '50spf']);
  assert.deepEqual(mergeMeasures(tokenize('spf50 для лица')), ['50spf', 'для', 'лица']);
  assert.deepEqual(measureWords(tokenize('Молочко солнцезащитное LSF-30 (SPF 30), 150 мл')), ['30spf', '30spf', '150ml'], 'each time it is said');
  // A word that only begins like the unit is no measure.
  assert.deepEqual(measureWords(tokenize('spfx 50 lsf')), []);
  // Said back as shops write it.
  assert.equal(formatMeasure(50, 'spf', 'ru'), 'SPF 50');
  assert.equal(formatMeasure(30, 'spf', 'en'), 'SPF 30');
});

test('"spf30" finds the sun milk written "LSF-30"; "spf 15" does not take the SPF 30 one as exact', () => {
  const shop = buildCatalogIndex(
    [
      product('milk-15', 'Молочко Солнцезащитное для лица и тела LSF-15, 150 мл', 'Фотопротекторное молочко (SPF 15).'),
      product('milk-30', 'Молочко Солнцезащитное для лица и тела LSF-30, 150 мл', 'Фотопротекторное молочко (SPF 30).'),
      product('cream-30', 'Крем для рук "Облепиха", 30 мл'),
    ],
    { language: 'ru' },
  );
  const search = (q: string) => runSearch(shop, searchRequestOf(shop.parseDetailed(q)), 6);
  const thirty = search('spf30');
  assert.equal(thirty.hits[0]?.product.sku, 'milk-30');
  assert.ok(thirty.exact);
  const fifteen = search('молочко spf 15');
  assert.equal(fifteen.hits[0]?.product.sku, 'milk-15');
  assertNone(fifteen.hits, (h) => h.product.sku === 'cream-30', 'a 30 ml cream is no SPF 15');
});

test('«солнцезащитный крем spf 50» where the shop has sun milks of SPF 15 and 30 and 50 ml face creams: the sun milks first, and the answer says no card is SPF 50', async () => {
  const shop = buildCatalogIndex(
    [
      product('milk-15', 'Молочко Солнцезащитное для лица и тела LSF-15, 150 мл'),
      product('milk-30', 'Молочко Солнцезащитное для лица и тела LSF-30, 150 мл'),
      { ...product('face-1', 'Крем для Лица "Йогурт", 50 мл'), categories: ['Лицо', 'Крема и гели'] },
      { ...product('face-2', 'Крем-маска для Лица "Алоэ", 50 мл'), categories: ['Лицо', 'Крема и гели'] },
      { ...product('face-3', 'Крем для Лица "Жожоба", 50 мл'), categories: ['Лицо', 'Крема и гели'] },
      // A cosmetics shop: creams of every kind, "крем" a common word.
      ...['Облепиха', 'Календула', 'Ромашка', 'Шалфей', 'Лаванда', 'Мята', 'Роза', 'Липа', 'Чабрец', 'Мёд'].map((herb, i) => ({
        ...product(`cream-${i}`, `Крем для рук "${herb}", ${30 + 20 * (i % 2)} мл`),
        categories: ['Тело', 'Уход за руками'],
      })),
    ],
    { language: 'ru' },
  );
  const run = runSearch(shop, searchRequestOf(shop.parseDetailed('солнцезащитный крем spf 50')), 6);
  // Before: the 50 ml face creams, "50" read as the SPF; the sun milks not among the first.
  assert.deepEqual(run.hits.slice(0, 2).map((h) => h.product.sku).sort(), ['milk-15', 'milk-30']);
  assert.equal(run.exact, false, 'no card is SPF 50');
  const [answer] = await dialogOn(shop, 'ru', ['солнцезащитный крем spf 50']);
  assert.match(messageOf(answer!), /^Точного совпадения с «spf 50» нет/u);
  assert.deepEqual((productsOf(answer!)?.value ?? []).slice(0, 2).map((p) => p.sku).sort(), ['milk-15', 'milk-30']);
  // The affordable choice named is one of those matching the most words, not a face cream after them.
  assert.match(messageOf(answer!), /Самый доступный — Молочко Солнцезащитное/u);
});

test('«крем spf 50» without the word «солнцезащитный» is a sun cream too: the sun milks first; «а spf 30?» then puts the SPF 30 milk first instead of saying nothing is SPF 30', async () => {
  const shop = buildCatalogIndex(
    [
      product('milk-15', 'Молочко Солнцезащитное для лица и тела LSF-15, 150 мл'),
      product('milk-30', 'Молочко Солнцезащитное для лица и тела LSF-30, 150 мл'),
      ...['Йогурт', 'Жожоба', 'Алоэ'].map((herb, i) => ({
        ...product(`face-${i}`, `Крем для Лица "${herb}", 50 мл`),
        categories: ['Лицо', 'Крема и гели'],
      })),
      // Creams in other sections too, as a cosmetics shop has: "крем" names no one section.
      ...['Облепиха', 'Календула', 'Шалфей', 'Лаванда', 'Мята', 'Роза', 'Липа', 'Мёд'].map((herb, i) => ({
        ...product(`hand-${i}`, `Крем для рук "${herb}", 50 мл`),
        categories: ['Тело', 'Уход за руками'],
      })),
    ],
    { language: 'ru' },
  );
  // Before: six 50 ml face creams ("50" of the SPF read as their 50 ml), titled «Крем 50».
  const run = runSearch(shop, searchRequestOf(shop.parseDetailed('крем spf 50')), 6);
  assert.deepEqual(run.hits.slice(0, 2).map((h) => h.product.sku).sort(), ['milk-15', 'milk-30']);
  const [first, thirty] = await dialogOn(shop, 'ru', ['крем spf 50', 'а spf 30?']);
  assert.deepEqual((productsOf(first!)?.value ?? []).slice(0, 2).map((p) => p.sku).sort(), ['milk-15', 'milk-30']);
  // Before: «Таких на SPF 30 не нашлось — показываю ту же подборку», the LSF-30 milk in the shop.
  assert.equal(productsOf(thirty!)?.value[0]?.sku, 'milk-30');
  assert.doesNotMatch(messageOf(thirty!), /не нашлось/u);
  // A shop whose sun products do not say «солнцезащитный» searches the words as said.
  const plain = buildCatalogIndex([{ ...product('spf-cream', 'Крем SPF 50 для лица, 50 мл'), categories: ['Лицо'] }, { ...product('hand', 'Крем для рук, 50 мл'), categories: ['Руки'] }], { language: 'ru' });
  const exact = runSearch(plain, searchRequestOf(plain.parseDetailed('крем spf 50')), 6);
  assert.ok(exact.exact);
  assert.equal(exact.hits[0]?.product.sku, 'spf-cream');
});
