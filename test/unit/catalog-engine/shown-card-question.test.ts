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

test('«какой объём у первого?» after creams is that card\'s volume, not the largest of the shelf', async () => {
  const cream = (sku: string, name: string, price: number): CatalogProduct => item(sku, name, ['Кремы для лица'], price, 'Крем для ухода за кожей лица.');
  const creams = buildCatalogIndex([cream('a', 'Крем для лица Зверобой, 50 мл', 1024), cream('b', 'Крем-пилинг для лица Нежность, 150 мл', 1984)], { language: 'ru' });
  const [shelf] = await dialogOn(creams, 'ru', ['крем для лица']);
  const first = productsOf(shelf!)?.value[0];
  assert.ok(first);
  const [, volume] = await dialogOn(creams, 'ru', ['крем для лица', 'какой объем у первого?']);
  // Before: «Самый большой объём из показанных — у «Крем-пилинг для лица Нежность, 150 мл»: 0,15 л»; and then that the card does not say.
  const stated = first.sku === 'a' ? '50 мл' : '150 мл';
  assert.equal(messageOf(volume!), `${first.name}: ${stated} — так указано в названии.`);
});
