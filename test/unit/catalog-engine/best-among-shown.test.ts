/** "which is the best?", "какой из них лучше?" naming nothing to judge by: how the cards differ, not "the cards don't say". */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { asksBestAmongShown } from '../../../src/assistant/catalog-engine/shown-comparison.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { PROJECT_ROOT } from '../../helpers/shared-data.ts';
import { loadProducts } from '../catalog-search/demo-catalog.ts';
import { converse, dialogOn, messageOf, productsOf } from './helpers.ts';

test('"а какой из них лучше?" after TVs says it depends, how their cards differ and the most affordable, without the cards again', async () => {
  const russian = buildCatalogIndex(await loadProducts(resolve(PROJECT_ROOT, 'examples/demo/catalog.jsonl')), { language: 'ru' });
  const [tvs, best] = await dialogOn(russian, 'ru', ['телевизор 55 дюймов', 'а какой из них лучше?']);
  assert.ok((productsOf(tvs!)?.value.length ?? 0) >= 2);
  // Before: «В карточках показанных товаров об этом не сказано».
  assert.match(messageOf(best!), /^Всё зависит от того, что для вас важнее\. По карточкам они различаются так: Тип матрицы: OLED — Телевизор LG[^;]*; QLED — Телевизор TCL[^;]*; LED — Телевизор Samsung/u);
  assert.match(messageOf(best!), /Самый доступный — «Телевизор TCL 55C645 55" QLED 4K» за 42 990 ₽\./u);
  assert.doesNotMatch(messageOf(best!), /Цвет/u, 'a colour is taste, not better or worse');
  assert.equal(productsOf(best!), undefined);
  const english = buildCatalogIndex(await loadProducts(resolve(PROJECT_ROOT, 'examples/demo-en/catalog.jsonl')), { language: 'en' });
  const [, which] = await dialogOn(english, 'en', ['robot vacuum', 'which one would you recommend?']);
  assert.match(messageOf(which!), /^It depends on what matters most to you\. Their cards differ in Navigation: /u);
});

test('a choice that names what to judge by is no such question', () => {
  for (const said of ['which is the best?', 'which one would you recommend?', 'а какой из них лучше?', 'какую посоветуете?']) {
    assert.equal(asksBestAmongShown(said), true, said);
  }
  for (const said of ['какой из них лучше для игр?', 'which is better for gaming?', 'which one has the best battery?', 'какая из них лучше для капучино?']) {
    assert.equal(asksBestAmongShown(said), false, said);
  }
});

test('"how much is it?" after a shelf says the price range of the cards shown, and after one card its price; a price asked with a product is still a search', async () => {
  const [list, range] = await converse(['наушники', 'сколько он стоит?']);
  const prices = (productsOf(list!.answer)?.value ?? []).map((p) => p.price ?? 0);
  // Before: «Подскажите, что вы ищете?», with no cards.
  assert.match(messageOf(range!.answer), /^Показанные товары стоят от [\d  ]+ ₽ до [\d  ]+ ₽, цена каждого — на его карточке\./u);
  assert.deepEqual((productsOf(range!.answer)?.value ?? []).map((p) => p.price ?? 0), prices);
  const [, , one] = await converse(['пылесос dyson', 'беру второй', 'сколько он стоит?']);
  assert.match(messageOf(one!.answer), /^«Вертикальный пылесос Dyson .+» стоит [\d  ]+ ₽\.$/u);
  const [, phones] = await converse(['наушники', 'сколько стоит iphone 15?']);
  assert.doesNotMatch(messageOf(phones!.answer), /Показанные товары стоят/u);
});
