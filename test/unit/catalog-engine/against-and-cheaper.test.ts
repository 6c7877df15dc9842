/** What an item is against ("от морщин") is what it is for, and "cheaper" never changes what is shown. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCatalogEngine } from '../../../src/assistant/catalog-engine/index.ts';
import type { EngineTurn } from '../../../src/assistant/engine.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { assertEvery } from '../../helpers/assert.ts';
import { dialogOn, item, messageOf, productsOf, tenant, tracking } from './helpers.ts';

const cosmetics = [
  item('mask-big', 'Маска для Волос Алоэ, 500 мл', ['Уход за волосами'], 5288),
  item('mask', 'Маска для Волос "Алоэ Вера", 100 мл', ['Уход за волосами'], 1096),
  item('spray', 'Спрей Для укладки Волос "Мандарин-Мелисса", 100 мл', ['Уход за волосами'], 920, 'Лёгкая фиксация. После спрея нанесите маску для волос.'),
  item('shampoo', 'Шампунь "Хенна" от выпадения Волос, 200 мл', ['Уход за волосами'], 816),
  item('cream-wrinkles', 'Крем для Лица "Жожоба", 50 мл', ['Уход за лицом'], 1560, 'Разглаживает мелкие морщины.'),
  item('cream-day', 'Крем для Лица "Йогурт", 50 мл', ['Уход за лицом'], 1064, 'Увлажняет кожу.'),
  item('phones-a', 'Наушники Sony WH-CH520', ['Наушники'], 4990, undefined, 'Sony'),
  item('phones-b', 'Наушники JBL Tune 510', ['Наушники'], 3990, undefined, 'JBL'),
];

/** A dialog in a shop of these products, each answer given the earlier turns and their states. */
async function dialogIn(products: CatalogProduct[], texts: string[]) {
  const index = buildCatalogIndex(products, { language: 'ru' });
  const engine = createCatalogEngine({ catalogs: { get: () => index } });
  const history: EngineTurn[] = [];
  const out: Array<{ message: string; cards: string[]; title: string | undefined }> = [];
  for (const text of texts) {
    const r = await engine.answer({ tenant: tenant(), text, image: null, page: { type: 'HOMEPAGE' }, history: [...history], preferences: null, tracking, signal: new AbortController().signal });
    out.push({ message: messageOf(r.answer), cards: productsOf(r.answer)?.value.map((c) => c.sku ?? '') ?? [], title: productsOf(r.answer)?.title });
    history.push({ role: 'user', text }, { role: 'assistant', text: '', response: r.answer.response, state: r.state ?? null });
  }
  return out;
}

const converse = (texts: string[]) => dialogIn(cosmetics, texts);

test('"cheaper" keeps the kind shown: after hair masks, no cheaper mask is an honest note and the masks, not a hair spray whose description names masks', async () => {
  const [, cheaper] = await converse(['маска для волос', 'а подешевле?']);
  assert.ok(!cheaper!.cards.includes('spray'), `cards: ${cheaper!.cards.join(', ')}`);
  assert.match(cheaper!.message, /^Дешевле этих вариантов ничего подходящего нет/);
  assert.deepEqual([...cheaper!.cards].sort(), ['mask', 'mask-big']);
});

test('what an item is against is what it is for: "что-нибудь от морщин" finds the cream against wrinkles, never "not sold", and titles keep "от"', async () => {
  const [anything] = await converse(['что-нибудь от морщин']);
  assert.doesNotMatch(anything!.message, /не продаётся/);
  assert.equal(anything!.cards[0], 'cream-wrinkles');
  const [cream] = await converse(['крем от морщин']);
  assert.match(cream!.message, /^Крем от морщин — /);
  const [loss] = await converse(['есть что-нибудь против выпадения волос?']);
  assert.equal(loss!.cards[0], 'shampoo');
  // A brand after "от" is the maker, as before.
  const [sony] = await converse(['наушники от sony']);
  assert.deepEqual(sony!.cards, ['phones-a']);
});

// A brand shop's feed as Samsung Kazakhstan writes it: phones named by model only, filed by series,
// TVs and the frames made for them under one department whose TV subcategories are named in English.
const brandShop = [
  item('s26u', 'Galaxy S26 Ultra', ['Products', 'Мобильные устройства', 'Смартфоны', 'Galaxy S'], 1_089_990),
  item('s26p', 'Galaxy S26+', ['Products', 'Мобильные устройства', 'Смартфоны', 'Galaxy S'], 724_990),
  item('s25u', 'Galaxy S25 Ultra', ['Products', 'Мобильные устройства', 'Смартфоны', 'Galaxy S'], 689_990),
  item('s26', 'Galaxy S26', ['Products', 'Мобильные устройства', 'Смартфоны', 'Galaxy S'], 617_990),
  item('s25p', 'Galaxy S25+', ['Products', 'Мобильные устройства', 'Смартфоны', 'Galaxy S'], 539_990),
  item('tv55', 'Телевизор 55" Crystal UHD 4K U8000F', ['Products', 'Телевизоры', 'UHD 4K TV'], 279_990),
  item('tv65', 'Телевизор 65" Crystal UHD 4K U8000F', ['Products', 'Телевизоры', 'UHD 4K TV'], 349_990),
  item('tv43', 'Телевизор 43" Full HD T5300', ['Products', 'Телевизоры', 'Full HD TV'], 149_990),
  ...[32, 43, 50, 55, 65].map((size) => item(`frame${size}`, `Сменная рамка для The Frame ${size}"`, ['Products', 'Телевизоры', 'Аксессуары для телевизоров', 'Настраиваемая рамка'], 20_000 + size * 450)),
];

const brandShopDialog = (texts: string[]) => dialogIn(brandShop, texts);

test('"cheaper" after phones no rule reads as phones by name ("Galaxy S26" filed under "Galaxy S") shows the cheaper phones', async () => {
  const [phones, cheaper] = await brandShopDialog(['смартфон', 'а подешевле?']);
  assert.ok(phones!.cards.length >= 4, phones!.message);
  assert.doesNotMatch(cheaper!.message, /ничего подходящего нет/);
  assertEvery(cheaper!.cards, (sku) => ['s26', 's25p'].includes(sku), cheaper!.message);
});

test('"телевизор 55 дюймов" shows the TV, not the frame made for 55-inch sets filed beside the TVs', async () => {
  const [tv] = await brandShopDialog(['телевизор 55 дюймов']);
  assert.deepEqual(tv!.cards, ['tv55'], tv!.message);
});

test('"а подешевле?" after "мышка для ноутбука беспроводная" shows cheaper wireless mice; what the item is for may go unsaid', async () => {
  // As the Б59 shop files them: most of its mice under power supplies.
  const mice = [
    item('m280', 'Мышь беспров. Logitech M280', ['Блоки питания'], 2360, 'Беспроводная мышь для ноутбука и компьютера.'),
    item('zalman', 'Мышь Zalman Wireless ZM-M520W USB Red', ['Блоки питания'], 1121),
    item('a4', 'Мышь беспров. A4 Tech G10-810F V-Track', ['Мыши'], 1711),
    item('m510', 'Мышь беспров. Logitech M510 Laser', ['Мыши'], 3032),
    item('hama', 'Мышь беспров. Hama H-86532', ['Блоки питания'], 944),
    item('m187', 'Мышь беспров. Logitech M187 красная', ['Блоки питания'], 2242),
    item('wired', 'Мышь проводная Logitech B100', ['Мыши'], 490),
    item('psu', 'Блок питания Aerocool 600W', ['Блоки питания'], 3900),
    item('pad', 'Коврик для мыши Logitech', ['Коврики'], 690),
  ];
  const [first, cheaper] = await dialogIn(mice, ['мышка для ноутбука беспроводная', 'а подешевле?']);
  // The cheapest card shown is named, not the one whose description says "для ноутбука".
  assert.match(first!.message, /Самый доступный — Мышь беспров\. Hama H-86532/);
  // Wireless mice under the middle of the shown prices (1,711 ₽); the wired one stays out,
  // however cheap: "беспроводная" describes the mouse, not the laptop.
  assert.deepEqual([...cheaper!.cards].sort(), ['hama', 'zalman']);
  assert.equal(cheaper!.title, 'Подборка: мышка беспроводная дешевле 1 711 ₽');
  assert.match(cheaper!.message, /«ноутбука»/);
  assert.doesNotMatch(cheaper!.message, /«мышка/);
});

// A plumbing shop's kitchen mixers as SantechTula names and files them: one says "высокий", none
// says "излив" (only a spare spout does).
const mixers = [
  item('kaizer-high', 'Смеситель KAIZER CARLSON кухня крест кер.высокий', ['Смесители', 'Смесители KAIZER', 'Смесители KAIZER для кухни'], 2640),
  item('kaizer', 'Смеситель KAIZER Sonat кухня однорукий', ['Смесители', 'Смесители KAIZER', 'Смесители KAIZER для кухни'], 3500),
  ...[660, 1380, 396, 770, 495, 560].map((price, i) => item(`f${i}`, `F41${i}0 для кухни`, ['Смесители', 'Смесители FRAP', 'Смесители "Frap" для кухни'], price)),
  item('spout', 'F40F Излив', ['Смесители', 'Шланги,лейки, комплектующие', 'Излив'], 300),
  ...Array.from({ length: 24 }, (_, i) => item(`bath${i}`, `F3${10 + i} для ванной`, ['Смесители', 'Смесители FRAP', 'Смесители "Frap" для ванной'], 900 + i * 40)),
  ...Array.from({ length: 24 }, (_, i) => item(`warmer${i}`, `Полотенцесушитель М-образный ${40 + i}x50`, ['Полотенцесушители', 'Серия "Стандарт"'], 2500 + i * 100)),
];

test('"cheaper" after a search no product matched whole shows cheaper products like those shown, not one dearer card as "the most affordable"', async () => {
  const [first, cheaper] = await dialogIn(mixers, ['смеситель для кухни с высоким изливом', 'а подешевле?']);
  assert.match(first!.message, /Точного совпадения/, `${first!.message} ${first!.cards.join(', ')}`);
  const price = new Map(mixers.map((p) => [p.sku, p.price as number]));
  const shown = first!.cards.map((sku) => price.get(sku) as number);
  assert.ok(cheaper!.cards.length >= 2, `${cheaper!.message} ${cheaper!.cards.join(', ')}`);
  assert.doesNotMatch(cheaper!.message, /ничего подходящего нет/);
  assertEvery(cheaper!.cards, (sku) => sku.startsWith('f') && (price.get(sku) as number) < Math.max(...shown), cheaper!.message);
});

test('"cheaper?" after a model asked by name alone ("samsung galaxy s7 edge") keeps the phones: its flip covers are no cheaper phone', async () => {
  const phones = ['Cell Phones', 'All Cell Phones'];
  const covers = ['Cell Phones', 'Cell Phone Accessories', 'Cell Phone Cases & Clips'];
  const shop = buildCatalogIndex(
    [
      item('e1', 'Samsung - Galaxy S7 edge 32GB - Gold Platinum (Verizon)', phones, 779.99, undefined, 'Samsung'),
      item('e2', 'Samsung - Galaxy S7 edge 32GB - Blue Coral (Sprint)', phones, 799.99, undefined, 'Samsung'),
      item('e3', 'Samsung - Refurbished Galaxy S7 edge 32GB - Silver Titanium', phones, 699.99, undefined, 'Samsung'),
      item('e4', 'Samsung - Galaxy S7 edge 4G LTE with 32GB Memory Cell Phone (Unlocked) - Black Onyx', phones, 769.99, undefined, 'Samsung'),
      item('c1', 'Samsung - LED View Cover Flip Cover for Galaxy S7 edge - Gold', covers, 37.99, undefined, 'Samsung'),
      item('c2', 'Samsung - S-View Flip Cover Flip Cover for Galaxy S7 edge - Black', covers, 29.99, undefined, 'Samsung'),
    ],
    { language: 'en' },
  );
  const [first, cheaper] = await dialogOn(shop, 'en', ['samsung galaxy s7 edge', 'cheaper?']);
  assert.equal(productsOf(first!)?.value[0]?.sku?.startsWith('e'), true, messageOf(first!));
  const cards = productsOf(cheaper!)?.value ?? [];
  assert.ok(cards.length > 0, messageOf(cheaper!));
  // Before: the two flip covers, at $37.99 and $29.99, among the "cheaper" phones.
  assertEvery(cards, (c) => (c.sku ?? '').startsWith('e'), 'a phone');
});
