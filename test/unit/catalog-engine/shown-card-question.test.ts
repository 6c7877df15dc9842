/**
 * "а у второго какая камера?", "у первого есть приложение?", "how much ram does the third one
 * have?": a question about one of the cards just shown, named by its place, is answered from that
 * card; it was searched, and «Точного совпадения с «второго» нет» came over other products.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { shownCardQuestion } from '../../../src/assistant/catalog-engine/shown-card.ts';
import { dialogOn, item, messageOf, productsOf } from './helpers.ts';

const phone = (sku: string, name: string, price: number, description: string, ram: string): CatalogProduct => ({
  ...item(sku, name, ['Смартфоны'], price, description, 'Samsung'),
  params: { 'Оперативная память': ram },
});

const phones = () =>
  buildCatalogIndex(
    [
      phone('a', 'Смартфон Samsung Galaxy A15 4/128 ГБ', 15990, 'Недорогой смартфон с большим экраном и аккумулятором 5000 мАч.', '4 ГБ'),
      phone('b', 'Смартфон Samsung Galaxy A55 8/256 ГБ', 38990, 'Основная камера 50 Мп со стабилизацией, защита IP67.', '8 ГБ'),
      phone('c', 'Смартфон Samsung Galaxy S24 8/256 ГБ', 74990, 'Флагман с тройной камерой 50 Мп и приложением Galaxy AI.', '8 ГБ'),
    ],
    { language: 'ru' },
  );

test('«а у второго какая камера?», «у первого есть приложение?»: that card answers, and the dialog stays on the search', async () => {
  const [shelf] = await dialogOn(phones(), 'ru', ['смартфон samsung']);
  const order = (productsOf(shelf!)?.value ?? []).map((p) => p.sku);
  const places = ['первого', 'второго', 'третьего'];
  const [, camera, app, memory] = await dialogOn(phones(), 'ru', [
    'смартфон samsung',
    `а у ${places[order.indexOf('b')]} какая камера?`,
    `у ${places[order.indexOf('a')]} есть приложение?`,
    `а сколько оперативки у ${places[order.indexOf('c')]}?`,
  ]);
  // Before: «Точного совпадения с «второго» нет» over the phones whose cards say "камера".
  assert.equal(messageOf(camera!), 'Смартфон Samsung Galaxy A55 8/256 ГБ: Основная камера 50 Мп со стабилизацией, защита IP67.');
  assert.match(messageOf(app!), /^В карточке «Смартфон Samsung Galaxy A15 4\/128 ГБ» об этом не сказано/u);
  assert.match(messageOf(memory!), /^Смартфон Samsung Galaxy S24 8\/256 ГБ: Оперативная память: 8 ГБ/u);
});

test('"what\'s the second one?" describes that card; two places are a comparison and a number is no place', () => {
  assert.deepEqual(shownCardQuestion("what's the second one?", 6), { at: 1, question: "what's ?" });
  assert.deepEqual(shownCardQuestion('а у последнего какая мощность?', 4), { at: 3, question: 'а какая мощность?' });
  assert.equal(shownCardQuestion('чем отличаются первый и второй?', 6), null);
  assert.equal(shownCardQuestion('does it have 2 usb ports?', 6), null);
  // A place beyond the cards shown names none.
  assert.equal(shownCardQuestion('а у пятого какая камера?', 3), null);
});
