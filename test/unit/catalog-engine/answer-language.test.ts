/**
 * The language of an answer: the shop's, unless the buyer clearly writes in the other one. A
 * product line's name typed in Latin letters ("galaxy watch", "lg tv") is how a Russian
 * shop's buyers write it, and got an English answer from a shop in Kazakhstan.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectLanguage } from '../../../src/assistant/language.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { dialogOn, item, messageOf } from './helpers.ts';

test('a product line named in Latin letters keeps the shop\'s language; English words still switch', () => {
  for (const said of ['galaxy watch', 'lg tv', 'iphone 15 black', 'iphone 15']) {
    assert.equal(detectLanguage(said, 'ru'), 'ru', said);
  }
  for (const said of ['black tv', 'samsung galaxy phone', 'watch for running', 'wireless headphones', 'do you have galaxy watch?']) {
    assert.equal(detectLanguage(said, 'ru'), 'en', said);
  }
});

test('"galaxy watch" in a Russian shop that sells no watches is answered in Russian', async () => {
  const shop = buildCatalogIndex(
    [item('s1', 'Galaxy S26', ['Смартфоны', 'Galaxy S'], 617990), item('s2', 'Galaxy Tab A11 (LTE)', ['Планшеты', 'Galaxy Tab'], 81990), item('v1', 'Пылесос Samsung Jet 90', ['Пылесосы'], 199990)],
    { language: 'ru' },
  );
  const [answer] = await dialogOn(shop, 'ru', ['galaxy watch']);
  assert.match(messageOf(answer!), /[а-я]/u);
  assert.doesNotMatch(messageOf(answer!), /don't sell|We /u);
});
