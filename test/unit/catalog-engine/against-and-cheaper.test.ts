/** What an item is against ("от морщин") is what it is for, and "cheaper" never changes what is shown. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCatalogEngine } from '../../../src/assistant/catalog-engine/index.ts';
import type { EngineTurn } from '../../../src/assistant/engine.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { item, messageOf, productsOf, tenant, tracking } from './helpers.ts';

const cosmetics = [
  item('mask-big', 'Маска для Волос Алоэ, 500 мл', ['Уход за волосами'], 5288),
  item('mask', 'Маска для Волос "Алоэ Вера", 100 мл', ['Уход за волосами'], 1096),
  item('spray', 'Спрей Для укладки Волос "Мандарин-Мелисса", 100 мл', ['Уход за волосами'], 920, 'Лёгкая фиксация. После спрея нанесите маску для волос.'),
  item('shampoo', 'Шампунь "Хенна" от выпадения Волос, 200 мл', ['Уход за волосами'], 816),
  item('cream-wrinkles', 'Крем для Лица "Жожоба", 50 мл', ['Уход за лицом'], 1560, 'Разглаживает мелкие морщины.'),
  item('cream-day', 'Крем для Лица "Йогурт", 50 мл', ['Уход за лицом'], 1064, 'Увлажняет кожу.'),
  item('phones-a', 'Наушники Sony WH-CH520', ['Наушники'], 4990, undefined, 'Sony'),
  item('phones-b', 'Наушники JBL Tune 510', ['Наушники'], 3990, undefined, 'JBL'),
];

async function converse(texts: string[]) {
  const index = buildCatalogIndex(cosmetics, { language: 'ru' });
  const engine = createCatalogEngine({ catalogs: { get: () => index } });
  const history: EngineTurn[] = [];
  const out: Array<{ message: string; cards: string[] }> = [];
  for (const text of texts) {
    const r = await engine.answer({ tenant: tenant(), text, image: null, page: { type: 'HOMEPAGE' }, history: [...history], preferences: null, tracking, signal: new AbortController().signal });
    out.push({ message: messageOf(r.answer), cards: productsOf(r.answer)?.value.map((c) => c.sku ?? '') ?? [] });
    history.push({ role: 'user', text }, { role: 'assistant', text: '', response: r.answer.response, state: r.state ?? null });
  }
  return out;
}

test('"cheaper" keeps the kind shown: after hair masks, no cheaper mask is an honest note and the masks, not a hair spray whose description names masks', async () => {
  const [, cheaper] = await converse(['маска для волос', 'а подешевле?']);
  assert.ok(!cheaper!.cards.includes('spray'), `cards: ${cheaper!.cards.join(', ')}`);
  assert.match(cheaper!.message, /^Дешевле этих вариантов ничего подходящего нет/);
  assert.deepEqual([...cheaper!.cards].sort(), ['mask', 'mask-big']);
});

test('what an item is against is what it is for: "что-нибудь от морщин" finds the cream against wrinkles, never "not sold", and titles keep "от"', async () => {
  const [anything] = await converse(['что-нибудь от морщин']);
  assert.doesNotMatch(anything!.message, /не продаётся/);
  assert.equal(anything!.cards[0], 'cream-wrinkles');
  const [cream] = await converse(['крем от морщин']);
  assert.match(cream!.message, /^Крем от морщин — /);
  const [loss] = await converse(['есть что-нибудь против выпадения волос?']);
  assert.equal(loss!.cards[0], 'shampoo');
  // A brand after "от" is the maker, as before.
  const [sony] = await converse(['наушники от sony']);
  assert.deepEqual(sony!.cards, ['phones-a']);
});
