/**
 * Follow-ups that name a maker or a feature of what was just shown: "а kingston есть?" after
 * flash drives in a feed without brands, "otterbox" after iPhone 7 cases filed apart from the
 * category guessed, "does it have a backlit keyboard?" after laptops. Each refines what was
 * shown; none starts another kind of search.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery, assertNone } from '../../helpers/assert.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { dialogOn, item, messageOf, productsOf } from './helpers.ts';
import { sharedDataPath, sharedDataSkip } from '../../helpers/shared-data.ts';
import { loadProducts } from '../catalog-search/demo-catalog.ts';

test('"а kingston есть?" after flash drives, in a feed whose names end with the maker, shows Kingston flash drives, not Kingston memory', async () => {
  const shop = buildCatalogIndex(
    [
      item('f1', 'USB Flash 64Gb Kingston DT100G3 3.0', ['МОДУЛЬ ПАМЯТИ USB/FLASH КАРТЫ'], 2360, 'Флешка Kingston'),
      item('f2', 'USB Flash 16Gb Transcend JF T3G', ['МОДУЛЬ ПАМЯТИ USB/FLASH КАРТЫ'], 1888, 'Флешка Transcend'),
      item('f3', 'USB Flash 32Gb Kingston DTSE9 серебро', ['НАУШНИКИ, ГАРНИТУРЫ, МИКРОФОНЫ'], 2360, 'Флешка Kingston'),
      item('f4', 'USB Flash 8Gb Corsair Voyager', ['МОДУЛЬ ПАМЯТИ USB/FLASH КАРТЫ'], 900, 'Флешка Corsair'),
      ...[1, 2, 3, 4].map((i) => item(`m${i}`, `DDR${i} ${i}Gb PC3200 Kingston`, ['МОДУЛИ ПАМЯТИ'], 500 * i)),
    ],
    { language: 'ru' },
  );
  const [, kingston] = await dialogOn(shop, 'ru', ['флешка', 'а kingston есть?']);
  const names = (productsOf(kingston!)?.value ?? []).map((p) => p.name);
  // Before: "Kingston — вот 6 вариантов", the DDR modules first.
  assert.ok(names.length >= 2, messageOf(kingston!));
  assertEvery(names.slice(0, 2), (name) => /USB Flash \d+Gb Kingston/u.test(name));
  assertNone(names, (name) => /^DDR/u.test(name));
});

test('"otterbox" after "iphone 7 case" on Best Buy keeps the iPhone 7, whose OtterBox cases are filed apart from the category guessed', { skip: sharedDataSkip }, async () => {
  const shop = buildCatalogIndex(await loadProducts(sharedDataPath('catalogs/bestbuy_products_3291.jsonl')), { language: 'en' });
  const [, otterbox] = await dialogOn(shop, 'en', ['iphone 7 case', 'otterbox']);
  // Before: OtterBox cases for the iPhone 6 and 6s, under "iPhone case OtterBox".
  assertEvery((productsOf(otterbox!)?.value ?? []).map((p) => p.name), (name) => /^OtterBox - .*iPhone® 7\b/iu.test(name));
  // The maker first, as English says it (was "iPhone 7 case OtterBox").
  assert.match(messageOf(otterbox!), /^OtterBox iPhone 7 case/u);
});

test('"does it have a backlit keyboard?" after laptops keeps the laptops and says none of them mentions it', async () => {
  const shop = buildCatalogIndex(
    [
      item('l1', 'Dell Inspiron 15 Laptop, Intel Core i5, 8GB, 512GB SSD', ['Computers', 'Laptops'], 549.99),
      item('l2', 'HP 15.6" Laptop, AMD Ryzen 5, 8GB, 256GB SSD', ['Computers', 'Laptops'], 449.99),
      item('l3', 'Apple MacBook Air 13" Laptop, M2 chip', ['Computers', 'Laptops'], 799),
      item('k1', 'Logitech K380 Bluetooth keyboard', ['Computers', 'Accessories'], 39.99),
    ],
    { language: 'en' },
  );
  const [, asked] = await dialogOn(shop, 'en', ['laptop', 'does it have a backlit keyboard?']);
  // Before: "It looks like we don't sell "backlit keyboard"", no cards.
  assert.doesNotMatch(messageOf(asked!), /don't sell/u);
  assert.match(messageOf(asked!), /backlit keyboard/u);
  assertEvery((productsOf(asked!)?.value ?? []).map((p) => p.name), (name) => /Laptop/u.test(name));
  assert.ok((productsOf(asked!)?.value.length ?? 0) >= 3);
});

test('"only dell" after "laptop" is titled as English says it, the maker first; «только sony» after «наушники» keeps Russian order', async () => {
  const laptops = buildCatalogIndex(
    [
      item('d1', 'DELL Inspiron 3593 Notebook Black 39.6 cm (15.6")', ['Computers', 'Notebooks'], 479.95, undefined, 'DELL'),
      item('d2', 'DELL XPS 13 9380 Notebook Silver 33.8 cm (13.3")', ['Computers', 'Notebooks'], 1399.95, undefined, 'DELL'),
      item('h1', 'HP EliteBook 840 G5 Notebook Silver 35.6 cm (14")', ['Computers', 'Notebooks'], 2459.94, undefined, 'HP'),
    ],
    { language: 'en' },
  );
  const [, dell] = await dialogOn(laptops, 'en', ['laptop', 'only dell']);
  assert.equal(productsOf(dell!)?.title, 'Picks: DELL laptop');
  assert.match(messageOf(dell!), /^DELL laptop: here are 2 options\./u, messageOf(dell!));
  const headphones = buildCatalogIndex(
    [
      item('s1', 'Наушники Sony WH-CH520, синие', ['Аудио', 'Наушники'], 4990, undefined, 'Sony'),
      item('j1', 'Наушники JBL Tune 520BT, чёрные', ['Аудио', 'Наушники'], 3990, undefined, 'JBL'),
    ],
    { language: 'ru' },
  );
  const [, sony] = await dialogOn(headphones, 'ru', ['наушники', 'только sony']);
  assert.equal(productsOf(sony!)?.title, 'Подборка: наушники Sony');
});
