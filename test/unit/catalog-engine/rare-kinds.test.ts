/**
 * Kinds a shop has few of, and names that say their kind in an unusual way: the Garmin shop's
 * two collars among hundreds of watches, a cosmetics feed's serum spelt with a Latin "C", a
 * computer shop's cartridges named "HP 17 Картридж цветной". Each is found when asked for, and
 * never said to be "not sold".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { dialogOn, item, messageOf, productsOf } from './helpers.ts';

/** 300 watches: a catalogue large enough that a kind needs more than one product by the count of kinds alone. */
function watches(): CatalogProduct[] {
  return Array.from({ length: 300 }, (_, i) => item(`w${i}`, `Часы Garmin Forerunner ${100 + i}`, ['Часы'], 20000 + i * 10));
}

const garmin = buildCatalogIndex(
  [
    ...watches(),
    item('c1', 'Ошейник Garmin Alpha TT 25 GPS Dog Tracking and Training Collar', ['Навигация'], 34900),
    item('c2', 'Ошейник Garmin Alpha T 20 GPS Dog Tracking Collar', ['Навигация'], 29900),
  ],
  { language: 'ru' },
);

test('a kind two names open with is sold, though most kinds of a large catalogue have more products', async () => {
  for (const asked of ['ошейник', 'ошейник для собаки']) {
    const [answer] = await dialogOn(garmin, 'ru', [asked]);
    // Before: «Похоже, «ошейник» в нашем магазине не продаётся».
    assert.doesNotMatch(messageOf(answer!), /не продаётся/u, asked);
    const names = (productsOf(answer!)?.value ?? []).map((p) => p.name);
    assert.equal(names.length, 2, asked);
    assertEvery(names, (name) => /^Ошейник/u.test(name));
  }
  // "для собаки" is what the "Dog" of the names says: no "no exact match" note.
  const [forDog] = await dialogOn(garmin, 'ru', ['ошейник для собаки']);
  assert.doesNotMatch(messageOf(forDog!), /Точного совпадения/u);
});

const cosmetics = buildCatalogIndex(
  [
    ...Array.from({ length: 300 }, (_, i) => item(`k${i}`, `Крем для лица "Сад ${i}", 50 мл`, ['Крема'], 1000 + i)),
    // The feed's own spelling: a Latin "C" opening the Russian word.
    item('s1', 'Дневная \u0043ыворотка для лица Детокс, 30 мл', ['Серии', 'Aroma Derm лицо'], 1200),
    item('s2', 'Ночная \u0043ыворотка для лица Детокс, 30 мл', ['Серии', 'Aroma Derm лицо'], 1200),
  ],
  { language: 'ru' },
);

test('a Russian word typed with a Latin look-alike letter is the word', async () => {
  const [answer] = await dialogOn(cosmetics, 'ru', ['сыворотка']);
  assert.doesNotMatch(messageOf(answer!), /не продаётся/u);
  const names = (productsOf(answer!)?.value ?? []).map((p) => p.name);
  assert.equal(names.length, 2);
  assertEvery(names, (name) => /ыворотка/u.test(name));
});

const computers = buildCatalogIndex(
  [
    item('h1', 'HP 17  Картридж цветной', ['РАСХОДНЫЕ МАТЕРИАЛЫ'], 1062),
    item('h2', 'HP 82 Картридж голубой        DJ 500/800', ['РАСХОДНЫЕ МАТЕРИАЛЫ'], 1180),
    item('h3', 'HP  Laser 24A  Картридж  1150', ['РАСХОДНЫЕ МАТЕРИАЛЫ'], 1180),
    item('h4', 'HP  Laser 61X Картридж HP 4100', ['РАСХОДНЫЕ МАТЕРИАЛЫ'], 3776),
    item('k1', 'Canon BCI 6BK Картридж   черный', ['РАСХОДНЫЕ МАТЕРИАЛЫ'], 885),
    item('p1', 'HP LaserJet 1020 принтер', ['ПРИНТЕРЫ'], 9900),
    item('p2', 'HP DeskJet 2320 принтер цветной', ['ПРИНТЕРЫ'], 4900),
  ],
  { language: 'ru' },
);

test('a Russian noun after a Latin brand and model names the kind: "картридж для hp" shows every HP cartridge', async () => {
  const [answer] = await dialogOn(computers, 'ru', ['картридж для hp']);
  const skus = (productsOf(answer!)?.value ?? []).map((p) => p.sku).sort();
  // Before: only "HP Laser 24A Картридж 1150"; the others were "цветной", "dj" and "hp" by their last words.
  assert.deepEqual(skus, ['h1', 'h2', 'h3', 'h4']);
});

const furniture = buildCatalogIndex(
  [
    item('a1', 'Кресло плетеное 1018', ['Кресла и стулья'], 7950),
    item('a2', 'Кресло ANDREA', ['Кресла и стулья'], 22800),
    item('a3', 'Кресло VENICE', ['Кресла и стулья'], 11990),
    item('t1', 'Авто держатель для телефона', ['Аксессуары'], 590),
  ],
  { language: 'ru' },
);

test('a Russian compound names its own kind: "автокресло" is not an armchair "авто" + "кресло"', async () => {
  for (const asked of ['детское автокресло', 'автокресло']) {
    const [answer] = await dialogOn(furniture, 'ru', [asked]);
    // Before: armchairs under «Точного совпадения с «детское автокресло» нет».
    assert.match(messageOf(answer!), /«автокресло» в нашем магазине не продаётся/u, asked);
    assert.equal(productsOf(answer!), undefined, asked);
  }
});

const plumbing = buildCatalogIndex(
  [
    // The plumbing shop's own names: the model first, the kind in brackets after it.
    item('s1', 'F8006( душевая стойка металл)', ['Душевые стойки "Frap"'], 876),
    item('s2', 'F8011 (душ.стойка с лейкой и шлангом)', ['Душевые стойки "Frap"'], 935),
    item('s3', 'F11 (тропический душ)', ['Лейки «Frap»'], 440),
    item('m1', 'Смеситель д/ван.с душевой стойк Grohe eurosmart', ['Смесители для ванны'], 12900),
    item('f1', 'Картридж РР 10 мкм ЭФГ63/250', ['Фильтры для воды'], 120),
    item('f2', 'Фильтр Магистраль прозрач.1/2', ['Фильтры для воды'], 450),
    item('u1', 'Унитаз компакт "Эрика"', ['Унитазы'], 7900),
  ],
  { language: 'ru' },
);

test('a noun whose adjective opens a category is sold: "душ" in a shop filing "Душевые стойки"', async () => {
  const [answer] = await dialogOn(plumbing, 'ru', ['душ']);
  // Before: «Похоже, «душ» в нашем магазине не продаётся», no card.
  assert.doesNotMatch(messageOf(answer!), /не продаётся/u);
  const skus = (productsOf(answer!)?.value ?? []).map((p) => p.sku);
  for (const sku of ['s1', 's2', 's3']) {
    assert.ok(skus.includes(sku), `${sku} among ${skus.join(', ')}`);
  }
  assert.ok(!skus.includes('f1') && !skus.includes('u1'), skus.join(', '));
  // What only a category's purpose names stays not sold: water, of "Фильтры для воды".
  const [water] = await dialogOn(plumbing, 'ru', ['вода']);
  assert.match(messageOf(water!), /«вода» в нашем магазине не продаётся/u);
});

test('an English product word is spelt right: "ergonomic office chair" on a phone shop is not sold, not chain-link watch bands', async () => {
  const phones = buildCatalogIndex(
    [
      item('b1', 'Platinum - Chain Link Band for Apple Watch 42mm - Silver', ['Smartwatch Bands'], 39.99),
      item('b2', 'Platinum - Metal Chain Link Band for Apple Watch 38mm', ['Smartwatch Bands'], 39.99),
      item('c1', 'Case for iPhone 7 - Black', ['Cases'], 19.99),
    ],
    { language: 'en' },
  );
  const [chair] = await dialogOn(phones, 'en', ['ergonomic office chair']);
  assert.equal(productsOf(chair!), undefined, messageOf(chair!));
  assert.match(messageOf(chair!), /^It looks like we don't sell "chair"/u);
  // A misspelt word is still corrected: "chian link band" finds the bands.
  const [typo] = await dialogOn(phones, 'en', ['chian link band']);
  assert.ok((productsOf(typo!)?.value ?? []).some((c) => /Chain Link/u.test(c.name)), messageOf(typo!));
});

test('«робот пылесос» where vacuums are sold and no robot is: the vacuums, saying the robot did not match', async () => {
  const vacuums = buildCatalogIndex(
    [
      item('v1', 'Пылесос с системой прессования пыли Kompressor, VK89309H, 420 Вт', ['Vacuum Cleaners'], 86990, undefined, 'LG'),
      item('v2', 'Компактный пылесос с простым контейнером, VC5420NHTR, 380 Вт', ['Vacuum Cleaners'], 62990, undefined, 'LG'),
      item('v3', 'Беспроводной пылесос LG CordZero A9K-MAX1, 200 Вт', ['Vacuum Cleaners'], 149990, undefined, 'LG'),
      item('f1', 'Фильтр Магистраль прозрач.1/2', ['Фильтры для воды'], 858),
      item('b1', 'Батарейка AA Duracell', ['Батарейки'], 90),
    ],
    { language: 'ru' },
  );
  for (const asked of ['робот пылесос', 'робот-пылесос', 'робот-пылесос LG']) {
    const [answer] = await dialogOn(vacuums, 'ru', [asked]);
    // Before: «Похоже, «робот» в нашем магазине не продаётся», no card.
    const cards = productsOf(answer!)?.value ?? [];
    assert.equal(cards.length, 3, `${asked}: ${messageOf(answer!)}`);
    assertEvery(cards, (c) => /пылесос/iu.test(c.name), `${asked}: every card is a vacuum`);
    assert.match(messageOf(answer!), /^Точного совпадения с «робот(?:-пылесос)?» нет/u, asked);
    assert.match(productsOf(answer!)?.title ?? '', /^Подборка: пылесос/u, asked);
  }
  // A noun in the genitive says whose part the head is: a vacuum's filter is no vacuum.
  const [filter] = await dialogOn(vacuums, 'ru', ['фильтр пылесоса']);
  assertEvery(productsOf(filter!)?.value ?? [], (c) => !/пылесос/iu.test(c.name), 'no vacuum for «фильтр пылесоса»');
});
