/** «Смарт часы» are the shop's «Умные часы»; «подойдут?» after them is a question, not a word to find. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { assertEvery } from '../../helpers/assert.ts';
import { dialogOn, item, messageOf, productsOf } from './helpers.ts';

const shop = buildCatalogIndex(
  [
    item('w1', 'Умные часы Apple Watch Series 9 41 мм, полночный', ['Электроника', 'Умные часы и браслеты'], 39990),
    item('w2', 'Умные часы Samsung Galaxy Watch6 44 мм, графит', ['Электроника', 'Умные часы и браслеты'], 24990),
    item('w3', 'Умные часы HUAWEI WATCH GT 4 46 мм, коричневый', ['Электроника', 'Умные часы и браслеты'], 19990),
    item('b1', 'Фитнес-браслет Xiaomi Smart Band 8, чёрный', ['Электроника', 'Умные часы и браслеты'], 3490),
    item('t1', 'Телевизор Samsung QE55Q60C 55" QLED Smart TV', ['Электроника', 'Телевизоры'], 59990),
  ],
  { language: 'ru' },
);

test('«какие у вас есть смарт часы» shows the smart watches, not only the band whose name says "Smart"', async () => {
  const [answer] = await dialogOn(shop, 'ru', ['какие у вас есть смарт часы']);
  const names = (productsOf(answer!)?.value ?? []).map((p) => p.name);
  // Before: «Часы — вот 1 вариант» over the Xiaomi Smart Band alone.
  assert.ok(names.filter((n) => n.startsWith('Умные часы')).length >= 3, names.join('; '));
  assertEvery(names, (n) => /часы|браслет/iu.test(n));
});

test('«для айфона подойдут?» after watches searches no word «подойдут»', async () => {
  const [, fits] = await dialogOn(shop, 'ru', ['умные часы', 'для айфона подойдут?']);
  // Before: «Совпадений с «айфона подойдут» здесь не нашлось».
  assert.doesNotMatch(messageOf(fits!), /подойдут/u);
  assert.ok((productsOf(fits!)?.value.length ?? 0) > 0);
});
