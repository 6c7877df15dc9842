/**
 * A café-furniture shop files several kinds under one category («Шатры, зонты, качели», «Столы и
 * подстолья»), and what stands outside under «Мебель для уличных кафе». A buyer asking for one of
 * the kinds a category lists gets that kind, not the category's first one; "на улицу" finds what
 * the shop calls «уличный».
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { assertEvery } from '../../helpers/assert.ts';
import { dialogOn, item, messageOf, productsOf } from './helpers.ts';

const tents = ['Мебель', 'Мебель для уличных кафе', 'Шатры, зонты, качели'];
const outdoorTables = ['Мебель', 'Мебель для уличных кафе', 'Столы и подстолья'];
const bases = ['Мебель', 'Подстолья и столешницы', 'Подстолья'];
const outdoorChairs = ['Мебель', 'Мебель для уличных кафе', 'Кресла и стулья'];
const woodenChairs = ['Мебель', 'Стулья', 'Деревянные стулья'];
const foldingChairs = ['Мебель', 'Стулья', 'Складные стулья'];

const shop = buildCatalogIndex(
  [
    item('tent-1', 'Садовый шатер WS-G01/A', tents, 3200, 'Шатер для сада и летнего кафе.'),
    item('tent-2', 'Шатер WS-G03/A', tents, 3980, 'Шатер с москитной сеткой.'),
    item('tent-3', 'Шатер WS-G02/A', tents, 4160),
    item('tent-4', 'Шатер WS-G04/A', tents, 4890),
    item('tent-5', 'Шатер WS-G05/A', tents, 4500),
    item('tent-6', 'Шатер WS-P01/B', tents, 10200),
    item('tent-7', 'Шатер для кафе SB-058A', tents, 33500),
    item('umbrella-1', 'Зонт от солнца UM-240/8D', tents, 1100),
    item('umbrella-2', 'Зонт для летнего кафе UM-260/8D', tents, 1500),
    item('umbrella-3', 'Зонт для летнего кафе UM-300/16K', tents, 3000),
    item('swing', 'Качели Фиона-2', tents, 5300),
    item('coffee-table', 'Кофейный столик ANDREA', outdoorTables, 7700, 'Столик для кафе и бара.'),
    item('table-1', 'Стол 1015', outdoorTables, 14100, 'Барный стол для летнего кафе.'),
    item('table-2', 'Стол Т97А', outdoorTables, 10150, 'Барный стол.'),
    item('base-1', 'Подстолье барное 1249', outdoorTables, 6760),
    item('base-2', 'Подстолье барное BISTRO 4104', outdoorTables, 12200),
    item('base-3', 'Подстолье барное 1272', bases, 4680),
    item('base-4', 'Подстолье 1224', bases, 5850),
    item('out-chair-1', 'Стул Монако', outdoorChairs, 4900, 'Стул из искусственного ротанга для летних веранд.'),
    item('out-chair-2', 'Стул FT 3058', outdoorChairs, 2230),
    item('out-chair-3', 'Стул New Classic', outdoorChairs, 2250),
    item('out-armchair', 'Кресло плетеное 1018', outdoorChairs, 6460),
    item('chair-1', 'Стул ROZA', woodenChairs, 3670, 'Деревянный стул для кафе и ресторана.'),
    item('chair-2', 'Стул MALTA', woodenChairs, 4850, 'Стул для кафе, массив бука.'),
    item('chair-3', 'Стул Арчери', woodenChairs, 8100, 'Стул для дома и кафе.'),
    item('fold-1', 'Стул складной В07', foldingChairs, 2100),
    item('fold-2', 'Складной стул СВ', foldingChairs, 1350),
    item('set-1', 'Комплект для террасы MONTANA', ['Мебель', 'Мебель для уличных кафе', 'Комплекты мебели'], 30380),
    item('set-2', 'Комплект для террасы FRANK', ['Мебель', 'Мебель для уличных кафе', 'Комплекты мебели'], 30300),
    item('heater', 'Стол-обогреватель Cyclops', ['Мебель', 'Столы', 'Столы на металлокаркасе'], 45000, 'Стол с обогревателем для летней веранды кафе.'),
  ],
  { language: 'ru' },
);

test('«уличный зонт для террасы» shows the umbrellas of «Шатры, зонты, качели», not its tents', async () => {
  const [answer] = await dialogOn(shop, 'ru', ['уличный зонт для террасы']);
  const cards = productsOf(answer!)?.value ?? [];
  // Before: seven tents, the umbrellas after them (the category word was read as the filter alone).
  assert.equal(cards.length, 3, messageOf(answer!));
  assertEvery(cards, (c) => /^Зонт/u.test(c.name), messageOf(answer!));
  assert.match(messageOf(answer!), /Зонт от солнца UM-240\/8D за 1 100 ₽/u);
});

test('«подстолье для барного стола» shows the table bases, not the tables filed with them', async () => {
  const [answer] = await dialogOn(shop, 'ru', ['подстолье для барного стола']);
  const cards = productsOf(answer!)?.value ?? [];
  // Before: the coffee table first and two tables among the cards ("барного стола" read as the item).
  assert.ok(cards.length >= 3, messageOf(answer!));
  assertEvery(cards, (c) => /^Подстолье/u.test(c.name), messageOf(answer!));
});

test('«стулья для кафе на улицу» shows the outdoor chairs, and «а складные есть?» the folding ones', async () => {
  const [outdoor, folding] = await dialogOn(shop, 'ru', ['стулья для кафе на улицу', 'а складные есть?']);
  const cards = productsOf(outdoor!)?.value ?? [];
  // Before: «Точного совпадения с «улицу» нет», over chairs of any section.
  assert.doesNotMatch(messageOf(outdoor!), /Точного совпадения/u);
  assert.ok(cards.length >= 3, messageOf(outdoor!));
  assertEvery(cards.slice(0, 3), (c) => shop.bySku(c.sku ?? '')?.categories.includes('Мебель для уличных кафе') === true, messageOf(outdoor!));
  const folded = productsOf(folding!)?.value ?? [];
  assert.ok(folded.length >= 2, messageOf(folding!));
  assertEvery(folded, (c) => /складн/iu.test(c.name), messageOf(folding!));
});

test('«мебель для веранды» after a longer request: the title keeps the words said again, and no note quotes nothing', async () => {
  const [, shorter] = await dialogOn(shop, 'ru', ['нужна мебель для летней веранды кафе на 20 мест', 'мебель для веранды']);
  const message = messageOf(shorter!);
  // Before: «Товара, где было бы сразу «мебель для летней веранды кафе на 20 мест» и «», нет»,
  // under the title «Подборка: мебель для летней кафе».
  assert.doesNotMatch(message, /«»/u);
  assert.match(productsOf(shorter!)?.title ?? '', /веранды/u);
  assert.ok((productsOf(shorter!)?.value.length ?? 0) > 0, message);
});
