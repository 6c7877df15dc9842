import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageTypeOf, pickFive, rankPrompts, type StarterPrompt } from '../../../src/modules/starter-prompts/selection.ts';
import { idsInReply } from '../../../src/modules/starter-prompts/model-selection.ts';

const P = (id: string, text: string, pageTypes: StarterPrompt['pageTypes'] = []): StarterPrompt => ({ id, text, pageTypes });
const SET: StarterPrompt[] = [
  P('phones', 'Смартфон до 30 000 ₽', ['HOMEPAGE', 'OTHER']),
  P('coffee', 'Кофемашина для дома', ['HOMEPAGE', 'OTHER']),
  P('vacuum', 'Робот-пылесос для квартиры', ['HOMEPAGE']),
  P('similar', 'Покажи похожие товары', ['PRODUCT']),
  P('cheaper', 'Есть дешевле?', ['PRODUCT']),
  P('delivery', 'Как работает доставка?'),
  P('returns', 'Как вернуть товар?'),
];
const ids = (list: StarterPrompt[] | undefined) => list?.map((p) => p.id);

test('page types: the known six, anything else is OTHER', () => {
  assert.equal(pageTypeOf('CART'), 'CART');
  for (const v of ['cart', 'LANDING', '', undefined, null, 5]) {
    assert.equal(pageTypeOf(v), 'OTHER');
  }
});

test('ranking: this page first, then any page, then the rest, in set order', () => {
  assert.deepEqual(ids(rankPrompts(SET, 'PRODUCT', [])), ['similar', 'cheaper', 'delivery', 'returns', 'phones', 'coffee', 'vacuum']);
  assert.deepEqual(ids(rankPrompts(SET, 'OTHER', [])), ['phones', 'coffee', 'delivery', 'returns', 'vacuum', 'similar', 'cheaper']);
});

test('history reorders within a group only: shared words rise, a prompt already sent sinks', () => {
  assert.deepEqual(ids(rankPrompts(SET, 'HOMEPAGE', ['хочу робот пылесос']).slice(0, 3)), ['vacuum', 'phones', 'coffee']);
  assert.deepEqual(ids(rankPrompts(SET, 'PRODUCT', ['покажи похожие товары!']).slice(0, 3)), ['cheaper', 'similar', 'delivery']);
  assert.deepEqual(ids(rankPrompts(SET, 'PRODUCT', ['кофемашина для дома']).slice(0, 2)), ['similar', 'cheaper'], 'history does not lift another page\'s prompt over this page\'s');
});

test('five: preferred ids first (unknown and repeated dropped), completed by the ranking; none when fewer than five', () => {
  const ranked = rankPrompts(SET, 'OTHER', []);
  assert.deepEqual(ids(pickFive(ranked)), ['phones', 'coffee', 'delivery', 'returns', 'vacuum']);
  assert.deepEqual(ids(pickFive(ranked, ['returns', 'x', 'returns', 'similar'])), ['returns', 'similar', 'phones', 'coffee', 'delivery']);
  assert.equal(pickFive(ranked.slice(0, 4)), undefined);
  const twins = [...ranked.slice(0, 4), P('twin', 'Смартфон до 30 000 ₽')];
  assert.equal(pickFive(twins), undefined, 'two ids with one text are one button');
});

test("the model's reply: an object or a bare array, fenced or not; nothing otherwise", () => {
  assert.deepEqual(idsInReply('{"ids": ["a", "b"]}'), ['a', 'b']);
  assert.deepEqual(idsInReply('Here:\n```json\n["a", 3, "b"]\n```'), ['a', 'b']);
  assert.deepEqual(idsInReply('no json here'), []);
  assert.deepEqual(idsInReply('{"ids": "a"}'), []);
});
