/**
 * Russian said in a buyer's own order: a unit before its figure («дюймов 65», «литров 80»),
 * and a second thing joined by «и» to what no product has together.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { figureBeforeUnit } from '../../../src/catalog/search/measures.ts';
import { assertEvery } from '../../helpers/assert.ts';
import { dialogOn, item, messageOf, productsOf } from './helpers.ts';

test('«дюймов 65» is 65 inches: the unit said before its figure is read, and titled, as «65 дюймов»', async () => {
  assert.equal(figureBeforeUnit('телевизор побольше, дюймов 65'), 'телевизор побольше, 65 дюймов');
  assert.equal(figureBeforeUnit('бойлер литров 80'), 'бойлер 80 литров');
  // After a figure the unit is that figure's: «55 дюймов 2 шт» stays.
  assert.equal(figureBeforeUnit('телевизор 55 дюймов 2 шт'), 'телевизор 55 дюймов 2 шт');
  const shop = buildCatalogIndex(
    [
      item('t43', 'Телевизор Hisense 43A6K 43" 4K', ['Телевизоры'], 29990),
      item('t55', 'Телевизор TCL 55C645 55" QLED 4K', ['Телевизоры'], 42990),
      item('t65', 'Телевизор Samsung QE65Q80C 65" QLED 4K', ['Телевизоры'], 109990),
      item('t65b', 'Телевизор LG 65UT80006LA 65" 4K', ['Телевизоры'], 69990),
    ],
    { language: 'ru' },
  );
  const [answer] = await dialogOn(shop, 'ru', ['телевизор побольше, дюймов 65']);
  // Before: «Точного совпадения с «дюймов 65» нет … Телевизор 65 — …».
  assert.match(messageOf(answer!), /^Телевизор 65 дюймов — вот 2 варианта/u);
  assertEvery((productsOf(answer!)?.value ?? []).map((p) => p.name), (n) => n.includes('65"'));
});

test('«а с ssd на 1 тб?» where no laptop has it with the rest: «… и «ssd 1 тб»», not «… и «и ssd 1 тб»»', async () => {
  const shop = buildCatalogIndex(
    [
      item('n1', 'Ноутбук ASUS Vivobook 15 i5/16/512 ГБ', ['Ноутбуки'], 64990, 'Оперативная память 16 ГБ, SSD 512 ГБ.'),
      item('n2', 'Ноутбук Lenovo IdeaPad Slim 3 i3/8/256 ГБ', ['Ноутбуки'], 39990, 'Оперативная память 8 ГБ, SSD 256 ГБ.'),
      item('n3', 'Ноутбук Lenovo Legion 5 i7/32/1 ТБ', ['Ноутбуки'], 169990, 'Оперативная память 32 ГБ, SSD 1 ТБ.'),
    ],
    { language: 'ru' },
  );
  const [, both] = await dialogOn(shop, 'ru', ['ноутбук с 16 гб оперативки', 'а с ssd на 1 тб?']);
  assert.doesNotMatch(messageOf(both!), /«и /u);
});
