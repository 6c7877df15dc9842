/**
 * Follow-ups said as a clause of the item shown («который моет» after robot vacuums), a
 * screen technology by its family (OLED of AMOLED phones), and a standard the catalogue does
 * not name («а nvme?» after SSDs): each keeps to the kind shown and says what it did.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { converse, dialogOn, index, item, messageOf, productsOf, shownSkus } from './helpers.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';

/** Whether the demo card says its robot vacuum cleans wet ("Влажная уборка: да"). */
const mops = (sku: string): boolean => index.bySku(sku)?.params?.['Влажная уборка'] === 'да';

test('«который моет» after robot vacuums shows those that mop, titled with the clause; before, «моет» was said not to be sold', async () => {
  const [, mopping] = await converse(['робот-пылесос', 'который моет']);
  // Before: «Похоже, «моет» в нашем магазине не продаётся» and no cards.
  assert.match(messageOf(mopping!.answer), /^Робот-пылесос, который моет — вот 4 варианта\./u);
  assert.equal(productsOf(mopping!.answer)?.title, 'Подборка: робот-пылесос, который моет');
  const skus = shownSkus(mopping!.answer);
  assert.equal(skus.length, 4);
  assertEvery(skus, mops, 'robot vacuums that mop');
  const [, asked] = await converse(['робот-пылесос', 'а который моет?']);
  assertEvery(shownSkus(asked!.answer), mops, 'robot vacuums that mop');
  assert.doesNotMatch(messageOf(asked!.answer), /не продаётся/u);
});

test('«а с oled экраном?» after phones shows the AMOLED ones without saying OLED is missing; an OLED television stays an OLED one', async () => {
  const [phones, oled] = await converse(['смартфон', 'а с oled экраном?']);
  assert.ok(shownSkus(phones!.answer).length > 0);
  // Before: «Точного совпадения с «oled» нет» over phones of any screen.
  assert.doesNotMatch(messageOf(oled!.answer), /Точного совпадения|не нашлось/u);
  const skus = shownSkus(oled!.answer);
  assert.ok(skus.length >= 4, `${skus.length} phones`);
  assertEvery(skus, (s) => /oled/iu.test(index.bySku(s)?.description ?? '') && /Смартфон/u.test(index.bySku(s)?.name ?? ''), 'phones with an (AM)OLED screen');
  const [tv] = await converse(['телевизор oled']);
  assertEvery(shownSkus(tv!.answer), (s) => /\bOLED\b/u.test(index.bySku(s)?.name ?? ''), 'OLED televisions only');
});

test('«а nvme?» after SSDs, where no card names NVMe, shows the same SSDs and says so; a word the catalogue does not know is not said back', async () => {
  const ssds = buildCatalogIndex(
    [
      item('s1', 'SSD 120Gb Smartbuy Stels SATA3', ['Накопители SSD'], 6018),
      item('s2', 'SSD 480Gb Kingston A400 SATA3', ['Накопители SSD'], 15930),
      item('s3', 'SSD 180GB INTEL M.2', ['Накопители SSD'], 8260),
      item('h1', '500Gb Seagate ST500LM021 7200/32 7mm Sata', ['Жёсткие диски'], 4200),
    ],
    { language: 'ru' },
  );
  const [first, nvme] = await dialogOn(ssds, 'ru', ['ssd', 'а nvme есть?']);
  // Before: «Такого в нашем каталоге не нашлось. Опишите, пожалуйста, по-другому» and no cards.
  assert.match(messageOf(nvme!), /^«nvme» в нашем каталоге не встречается — показываю ту же подборку\./u);
  assert.deepEqual(shownSkus(nvme!), shownSkus(first!));
  for (const garbage of ['ыврапролд', 'qwzx', 'qwzx plorb']) {
    const [, answer] = await dialogOn(ssds, 'ru', ['ssd', garbage]);
    assert.ok(!messageOf(answer!).includes(garbage), `«${garbage}» is not said back`);
  }
});
