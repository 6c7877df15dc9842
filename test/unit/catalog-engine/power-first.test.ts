/**
 * "видеокарта для игр до 30 тысяч" where no card names games: the search dropped the purpose and
 * showed the kind in the shop's order, a 590 ₽ AGP card first. For games the most powerful —
 * the dearest of the kind within the budget — come first, and the answer says why.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { assertEvery } from '../../helpers/assert.ts';
import { dialogOn, item, messageOf, productsOf } from './helpers.ts';

const gpu = ['Комплектующие', 'Видеокарты'];
const cards = buildCatalogIndex(
  [
    item('agp', 'Видеокарта SVGA AGP 32MB GF2 MX200', gpu, 590),
    item('gt610', 'Видеокарта SVGA PCI-E 2Gb GF-610GT ASUS', gpu, 3776),
    item('gtx750', 'Видеокарта SVGA PCI-E 2Gb GF-750Ti PALIT', gpu, 12390),
    item('gtx950', 'Видеокарта SVGA PCI-E 2Gb GF-950GTX GIGABYTE', gpu, 16520),
    item('r9', 'Видеокарта SVGA PCI-E 4Gb ATI R9 380X Gigabyte', gpu, 25370),
    item('titan', 'Видеокарта SVGA PCI-E 6Gb GTX Titan Black ASUS', gpu, 59000),
    item('mouse', 'Мышь Logitech M90', ['Периферия', 'Мыши'], 500),
  ],
  { language: 'ru' },
);

const prices = (a: Parameters<typeof productsOf>[0]) => productsOf(a)?.value.map((c) => c.price ?? 0) ?? [];

test('«видеокарта для игр до 30 тысяч»: the dearest cards within the budget first, saying why — not the 590 ₽ AGP card', async () => {
  const [r] = await dialogOn(cards, 'ru', ['нужна видеокарта для игр до 30 тысяч']);
  const message = messageOf(r!);
  // Before: «Совпадений с «игр» здесь не нашлось — вот что есть из этого раздела», the AGP card first.
  assert.match(message, /Для игр важна мощность: сначала модели подороже/u, message);
  assert.doesNotMatch(message, /не нашлось/u, message);
  assert.deepEqual(prices(r!).slice(0, 3), [25370, 16520, 12390]);
  assertEvery(prices(r!), (p) => p <= 30000, 'within the budget');
  assertEvery(prices(r!).slice(1), (p, i) => p <= (prices(r!)[i] as number), 'the dearest first');
});

test('without a budget the whole kind, the dearest first; without games the shop order and no such note', async () => {
  const [games] = await dialogOn(cards, 'ru', ['видеокарта для игр']);
  assert.equal(productsOf(games!)?.value[0]?.sku, 'titan');
  const [plain] = await dialogOn(cards, 'ru', ['видеокарта до 30 тысяч']);
  assert.doesNotMatch(messageOf(plain!), /Для игр/u);
  assert.notDeepEqual(prices(plain!).slice(0, 3), [25370, 16520, 12390]);
});

test('"graphics card for gaming under $400" in English: the same order and the reason in English', async () => {
  const gpuEn = ['Computer Components', 'Graphics Cards'];
  const shop = buildCatalogIndex(
    [
      item('gt710', 'ZOTAC GeForce GT 710 2GB DDR3 Graphics Card', gpuEn, 59.99),
      item('gtx1650', 'MSI GeForce GTX 1650 4GB GDDR6 Graphics Card', gpuEn, 169.99),
      item('rtx3060', 'ASUS Dual GeForce RTX 3060 12GB Graphics Card', gpuEn, 329.99),
      item('rtx4080', 'PNY GeForce RTX 4080 16GB Graphics Card', gpuEn, 1099.99),
    ],
    { language: 'en' },
  );
  const [r] = await dialogOn(shop, 'en', ['graphics card for gaming under $400']);
  const message = messageOf(r!);
  assert.match(message, /For gaming, power matters: the pricier models come first/u, message);
  assert.deepEqual(prices(r!), [329.99, 169.99, 59.99]);
});

test('cards that name games are matched as said, not reordered by price', async () => {
  const shop = buildCatalogIndex(
    [
      item('game-1', 'Игровая видеокарта Palit GTX 1650 Gaming', gpu, 15000),
      item('game-2', 'Игровая видеокарта MSI RTX 3050 Gaming X', gpu, 25000),
      item('office', 'Видеокарта SVGA PCI-E 2Gb GF-610GT', gpu, 3776),
    ],
    { language: 'ru' },
  );
  const [r] = await dialogOn(shop, 'ru', ['видеокарта для игр']);
  assert.doesNotMatch(messageOf(r!), /Для игр важна мощность/u);
  assertEvery(productsOf(r!)!.value, (c) => (c.sku ?? '').startsWith('game-'), 'a card for games');
});

test('a section filing other kinds with the cards («ВИДЕОКАРТЫ / TV-ТЮНЕРЫ / MP3»): the dearest whose names say the kind, not a media player among them', async () => {
  const section = ['Комплектующие', 'ВИДЕОКАРТЫ / TV-ТЮНЕРЫ / MP3'];
  const shop = buildCatalogIndex(
    [
      item('r9', 'SVGA PCI-E 4Gb ATI R9 380X G1 Gigabyte', section, 25370),
      item('gtx950', 'SVGA PCI-E 2Gb GF-950GTX GIGABYTE WF2 OC', section, 16520),
      item('r7', 'SVGA PCI-E 1Gb ATI R7 260 ASUS', section, 12508),
      item('gtx750', 'SVGA PCI-E 2Gb GF-750Ti PALIT STORMX', section, 12390),
      item('gtx275', 'SVGA PCI-E 896MB GF-275GTX ASUS 448bit', section, 8260),
      item('player', 'Медиамлеер 3Q 3QMMP-F312HW HDD 3.5"', section, 4366),
      item('gt630', 'SVGA PCI-E 4Gb GF-630 Inno 3D DDR3', section, 4130),
      item('capture', 'Видеозахват Eazy Capture USB', section, 3068),
      item('agp', 'SVGA AGP', section, 590),
    ],
    { language: 'ru' },
  );
  const [r] = await dialogOn(shop, 'ru', ['видеокарта для игр до 30 тысяч']);
  // Before: the media player sixth, at 4 366 ₽.
  assert.deepEqual(
    productsOf(r!)?.value.map((c) => c.sku),
    ['r9', 'gtx950', 'r7', 'gtx750', 'gtx275', 'gt630'],
  );
});

test('«а подешевле?» after cards for games: the cheaper ones, the most powerful first, not a 590 ₽ AGP card', async () => {
  const [, cheaper] = await dialogOn(cards, 'ru', ['видеокарта для игр', 'а подешевле?']);
  const message = messageOf(cheaper!);
  // Before: «Самый доступный — …AGP… за 590 ₽», the cards in the shop's order.
  assert.match(message, /Для игр важна мощность/u, message);
  assert.doesNotMatch(message, /Самый доступный/u, message);
  const shown = prices(cheaper!);
  assert.ok(shown.length >= 2, message);
  assertEvery(shown.slice(1), (p, i) => p <= (shown[i] as number), 'the dearest of the cheaper ones first');
  assert.equal(productsOf(cheaper!)?.value.at(-1)?.sku, 'agp');
});

const laptops = buildCatalogIndex(
  [
    // A computer shop's laptops with no section of their own, none saying what it is for.
    item('sony', 'Ноутбук SONY EB1E1R i3 m330/4Gb/500Gb/5470', ['Компьютеры'], 20650),
    item('toshiba', 'Ноутбук Toshiba A100 T2600/1Gb/320Gb/X1600', ['Компьютеры'], 8850),
    item('fs', 'Ноутбук FS XA1526 TL62/2GB/320GB/GF7600', ['Компьютеры'], 14160),
    item('mouse', 'Мышь Logitech M90', ['Компьютеры'], 500),
  ],
  { language: 'ru' },
);

test('«ноутбук для игр» where laptops have no section: the dearest first, saying why', async () => {
  const [r] = await dialogOn(laptops, 'ru', ['ноутбук для игр']);
  // Before: «Точного совпадения с «игр» нет», the 8 850 ₽ laptop named the most affordable.
  assert.match(messageOf(r!), /Для игр важна мощность/u, messageOf(r!));
  assert.deepEqual(productsOf(r!)?.value.map((c) => c.sku), ['sony', 'fs', 'toshiba']);
});

test('«а чтобы игры тянул?» after «ноутбук для учебы»: the laptops for games, the study purpose given up', async () => {
  const [, games] = await dialogOn(laptops, 'ru', ['ноутбук для учебы', 'а чтобы игры тянул?']);
  const message = messageOf(games!);
  // Before: «Точного совпадения с «игры тянул» нет», the same shelf.
  assert.doesNotMatch(message, /тянул|учеб/u, message);
  assert.match(message, /Для игр важна мощность/u, message);
  assert.equal(productsOf(games!)?.value[0]?.sku, 'sony');
});

test('a purpose asked as which ones of the shown kind suit it is the kind for that purpose: "which ones are best for gaming?", «а какие лучше для спорта?»', async () => {
  const laptopsEn = buildCatalogIndex(
    [
      item('hp', 'HP 15.6" Laptop, AMD Ryzen 5, 8GB, 256GB SSD', ['Laptops'], 449.99),
      item('dell', 'Dell Inspiron 15 Laptop, Intel Core i5, 8GB, 512GB SSD', ['Laptops'], 549.99),
      item('tuf', 'ASUS TUF Gaming F15 Gaming Laptop, Intel Core i7, 16GB', ['Laptops'], 1099.99),
      item('legion', 'Lenovo Legion 5 16" Gaming Laptop, Intel Core i7, 16GB', ['Laptops'], 1449.99),
    ],
    { language: 'en' },
  );
  const [, gaming] = await dialogOn(laptopsEn, 'en', ['laptop', 'which ones are best for gaming?']);
  // Before: "The cards of these products don't say. I can call an operator to find out.", no cards.
  assert.deepEqual(productsOf(gaming!)?.value.map((c) => c.sku).sort(), ['legion', 'tuf'], messageOf(gaming!));
  const earphones = buildCatalogIndex(
    [
      item('jbl', 'Наушники JBL Tune 770NC, белые', ['Наушники'], 8990),
      item('buds', 'Наушники Samsung Galaxy Buds FE, белые', ['Наушники'], 7990),
      item('sport', 'Наушники спортивные JBL Endurance Peak 3, влагозащита', ['Наушники'], 9990, 'Для спорта и бега'),
    ],
    { language: 'ru' },
  );
  const [, sport] = await dialogOn(earphones, 'ru', ['наушники', 'а какие лучше для спорта?']);
  // Before: «В карточках показанных товаров об этом не сказано», no cards.
  assert.equal(productsOf(sport!)?.value[0]?.sku, 'sport', messageOf(sport!));
});
