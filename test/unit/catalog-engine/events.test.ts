import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { ask, productsOf } from './helpers.ts';

test('block events: IMP with several URLs, WRIMP and visible_impression with one', async () => {
  const { answer } = await ask('наушники');
  assert.deepEqual(answer.events, [
    { type: 'IMP', urls: ['https://t.example/e/IMP'] },
    { type: 'WRIMP', url: 'https://t.example/e/WRIMP' },
    { type: 'visible_impression', url: 'https://t.example/e/visible_impression' },
  ]);
});

test('card events: click and visible_impression per card, for that card', async () => {
  const { answer } = await ask('наушники');
  const cards = productsOf(answer)?.value ?? [];
  assert.ok(cards.length > 0);
  for (const card of cards) {
    assert.deepEqual(card.events, [
      { type: 'click', url: `https://t.example/e/click/${card.sku}` },
      { type: 'visible_impression', url: `https://t.example/e/visible_impression/${card.sku}` },
    ]);
  }
});

test('every shelf kind carries block and card events', async () => {
  const shelves = [
    await ask('чайник'),
    await ask('похожие', { page: { type: 'PRODUCT', data: ['101001'] } }),
    await ask('что к нему подойдёт?', { page: { type: 'PRODUCT', data: ['101001'] } }),
    await ask('что ещё взять?', { page: { type: 'CART', data: ['202001'] } }),
  ];
  for (const { answer } of shelves) {
    assert.deepEqual(answer.events.map((e) => e.type), ['IMP', 'WRIMP', 'visible_impression']);
    assertEvery(productsOf(answer)?.value ?? [], (c) => c.events?.length === 2);
  }
});

test('answers without products carry no block events', async () => {
  for (const text of ['привет', 'спасибо', 'позовите оператора', 'доставка', 'космический телескоп хаббл']) {
    const { answer } = await ask(text);
    assert.deepEqual(answer.events, [], text);
  }
});
