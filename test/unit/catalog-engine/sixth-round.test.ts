/**
 * Turns found by trying real shops as a buyer would: the size the "most affordable" sentence
 * chose, how many pieces a buyer wants, batteries named «Батарея», a model's ordinal
 * ("AirPods (3rd generation)" for "airpods 3"), and a follow-up whose words name the category
 * just searched ("is it tempered glass?" after screen protectors for an iPhone 7).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { assertEvery, assertNone } from '../../helpers/assert.ts';
import { dialogOn, item, messageOf, productsOf } from './helpers.ts';

const cards = (a: Parameters<typeof productsOf>[0]) => productsOf(a)?.value.map((c) => c.sku) ?? [];
const names = (a: Parameters<typeof productsOf>[0]) => productsOf(a)?.value.map((c) => c.name) ?? [];

test('«а m.2?» after «ssd на 1 тб», where the one 1 TB drive is SATA: the M.2 drives, said to be no 1 TB ones, not the 45 666 ₽ drive named the most affordable', async () => {
  // As the computer shop names them: one 1 TB drive (SATA), M.2 drives of other sizes.
  const disks = ['Компьютеры', 'ЖЕСТКИЕ ДИСКИ'];
  const shop = buildCatalogIndex(
    [
      item('sata-1tb', 'SSD 1.0Tb Samsung 850 Pro SATA3', disks, 45_666),
      item('m2-180', 'SSD 180GB INTEL M.2', disks, 8260),
      item('m2-120', 'SSD 120Gb Smartbuy NV11-2280M M.2', disks, 6254),
      item('sata-480', 'SSD 480Gb Kingston A400 SATA3', disks, 15_930),
    ],
    { language: 'ru' },
  );
  const [, m2] = await dialogOn(shop, 'ru', ['ssd на 1 тб', 'а m.2?']);
  const message = messageOf(m2!);
  // Before: «Самый доступный — SSD 1.0Tb Samsung 850 Pro SATA3 за 45 666 ₽» beside a 6 254 ₽ M.2 drive.
  assert.doesNotMatch(message, /Самый доступный — SSD 1\.0Tb/u, message);
  assert.match(message, /Товара, где было бы сразу «SSD на 1 тб» и «m\.2», нет/u, message);
  assert.deepEqual(cards(m2!).sort(), ['m2-120', 'm2-180']);
  assert.match(message, /Самый доступный — SSD 120Gb Smartbuy NV11-2280M M\.2 за 6 254/u, message);
});

test('"the most affordable at 24 in." in English when cheaper monitors of other sizes are shown', async () => {
  // Filed as the computer shop files them, under webcams, only one saying what it is.
  const monitors = ['Computers', 'Webcams'];
  const shop = buildCatalogIndex(
    [
      item('m24a', '24" Samsung T240 HDMI/DVI/VGA/USB', monitors, 167.26),
      item('m24b', '24" Acer H243X 1920x1080 DVI/VGA', monitors, 153.1),
      item('m19', '19" Acer V193HQ W', monitors, 79.5, 'Monitor Acer 19 inch, 1366x768.'),
      item('m17', '17" Samsung 731BF used', monitors, 59.9, 'Monitor Samsung 17 inch.'),
      item('cam', 'Logitech C270 webcam', monitors, 29.9),
      item('cable', 'Power cable for PC to monitor 1.8m', ['Computers', 'Cables'], 4.5),
    ],
    { language: 'en' },
  );
  const [r] = await dialogOn(shop, 'en', ['monitor 24 inch']);
  const message = messageOf(r!);
  assert.match(message, /The most affordable at 24 in\. is 24" Acer H243X 1920x1080 DVI\/VGA at \$153\.10/u, message);
});

const chairs = ['Мебель', 'Стулья'];
const furniture = buildCatalogIndex(
  [
    item('zt', 'Стул ZT 091 для кухни', chairs, 2350),
    item('florence', 'Стул Флоренция для кухни', chairs, 1665),
    item('office', 'Кресло офисное Бюрократ', ['Мебель', 'Кресла'], 5400),
  ],
  { language: 'ru' },
);

test('how many pieces the buyer wants is no word of the search: «стулья для кухни 4 штуки»', async () => {
  const [r] = await dialogOn(furniture, 'ru', ['стулья для кухни 4 штуки']);
  const message = messageOf(r!);
  // Before: «Точного совпадения с «штуки» нет — вот самое близкое по запросу».
  assert.doesNotMatch(message, /штук|Точного совпадения/u, message);
  assert.deepEqual(cards(r!).sort(), ['florence', 'zt']);
  assert.doesNotMatch(productsOf(r!)?.title ?? '', /4|штук/u);
});

test('a count of pieces is taken out of the search words, other numbers stay', () => {
  assert.equal(furniture.parseDetailed('стулья для кухни 4 штуки').text.includes('штук'), false);
  assert.equal(furniture.parseDetailed('нужно две штуки стульев').text.includes('две'), false);
  assert.doesNotMatch(furniture.parseDetailed('стул 10 шт').text, /10|шт/u);
  // A size stays: it is the product's, not the order's; so does what an English set holds.
  assert.match(furniture.parseDetailed('стул 45 см').text, /45/u);
  const en = buildCatalogIndex([item('set', '5 Piece Dining Set', ['Dining Sets'], 500)], { language: 'en' });
  assert.match(en.parseDetailed('5 piece dining set').text, /5 piece/u);
});

test('a count said after its word («стулья для кухни, штук 20») and a number of people no card speaks of («стол на 4 человека») leave the search and the title', async () => {
  const [chairs] = await dialogOn(furniture, 'ru', ['нужны стулья для кухни, штук 20']);
  // Before: «Точного совпадения с «стулья для кухни штук 20» нет», titled «… штук 20».
  assert.doesNotMatch(messageOf(chairs!), /штук|20|Точного совпадения/u, messageOf(chairs!));
  assert.deepEqual(cards(chairs!).sort(), ['florence', 'zt']);
  const tables = buildCatalogIndex(
    [
      item('t1', 'Стол обеденный Рим 120х80', ['Мебель', 'Столы'], 12_000),
      item('t2', 'Стол кухонный Лофт 80х80', ['Мебель', 'Столы'], 8_000),
      item('s6', 'Сервиз столовый на 6 персон', ['Посуда'], 4_000),
    ],
    { language: 'ru' },
  );
  const [table] = await dialogOn(tables, 'ru', ['стол на 4 человека']);
  // Before: «Точного совпадения с «человека» нет».
  assert.doesNotMatch(messageOf(table!), /человек|Точного совпадения/u, messageOf(table!));
  assert.deepEqual(cards(table!).sort(), ['t1', 't2']);
  // Where cards say it, it is searched: «сервиз на 6 персон».
  assert.match(tables.parseDetailed('сервиз на 6 персон').text, /6 персон/u);
});

test('«батарейки» finds the batteries a shop names «Батарея AA», and the cheapest named is a battery, not the rechargeable one in their category', async () => {
  const cells = ['Электроника', 'БАТАРЕЙКИ/АККУМУЛЯТОРЫ'];
  const shop = buildCatalogIndex(
    [
      item('varta', 'Батарея AA VARTA SUPERLIFE 1шт.', cells, 59),
      item('duracell', 'Батарея AA DURACELL 1ШТ', cells, 118),
      item('panasonic', 'Батарея AAA Panasonic 1ШТ', cells, 64),
      item('robiton', 'Аккумулятор AA 2850 ROBITON 1ШТ.', cells, 354),
      item('bios', 'Батарейка Bios для NB 2032 на проводах', ['Электроника', 'NB АКСЕСУАРЫ'], 531),
      item('lamp', 'Лампа настольная на батарейках', ['Свет'], 990),
      item('case', 'Корпус для SSD 2,5"', ['Электроника', 'БАТАРЕЙКИ/АККУМУЛЯТОРЫ'], 1062),
    ],
    { language: 'ru' },
  );
  const [plain] = await dialogOn(shop, 'ru', ['батарейки']);
  // Before: only the BIOS cell, the one name saying «Батарейка».
  for (const sku of ['varta', 'duracell', 'panasonic']) {
    assert.ok(cards(plain!).includes(sku), `${sku} in ${cards(plain!).join(', ')}`);
  }
  const [aa] = await dialogOn(shop, 'ru', ['батарейки aa']);
  assertEvery(names(aa!), (n) => /AA/u.test(n), 'AA cells');
  // Before: «Самый доступный — Аккумулятор AA 2850 ROBITON 1ШТ. за 354 ₽» beside a 59 ₽ battery.
  assert.match(messageOf(aa!), /Самый доступный — Батарея AA VARTA SUPERLIFE 1шт\. за 59/u, messageOf(aa!));
});

test('"airpods 3" shows the AirPods (3rd generation) first, not a charger whose description names AirPods and whose name says "3-in-1"', async () => {
  const shop = buildCatalogIndex(
    [
      item('belkin', 'Belkin BoostCharge Pro 3-in-1 Wireless Charger with MagSafe', ['Chargers'], 149.99, 'Charges your iPhone, Apple Watch and AirPods at once.', 'Belkin'),
      item('airpods3', 'Apple AirPods (3rd generation) Wireless Earbuds', ['Headphones'], 169, 'Spatial audio and a MagSafe charging case.', 'Apple'),
      item('airpods-pro', 'Apple AirPods Pro 2 Wireless Earbuds, USB-C', ['Headphones'], 199, 'Active noise cancellation.', 'Apple'),
      item('buds', 'Samsung Galaxy Buds FE Wireless Earbuds, White', ['Headphones'], 99.99, 'Comfortable earbuds.', 'Samsung'),
    ],
    { language: 'en' },
  );
  const [r] = await dialogOn(shop, 'en', ['airpods 3']);
  assert.equal(cards(r!)[0], 'airpods3', cards(r!).join(', '));
});

test('"is it tempered glass?" after screen protectors for an iPhone 7 keeps the iPhone 7: the words name the category already searched', async () => {
  const protectors = ['Cell Phones', 'Cell Phone Accessories', 'Screen Protectors'];
  const protector = (sku: string, name: string, price: number, description: string) => item(sku, name, protectors, price, description, name.split(' - ')[0]);
  const shop = buildCatalogIndex(
    [
      protector('znitro-7', 'zNitro - Screen Protector for Apple iPhone 7 - Clear', 24.99, 'Its engineered tempered glass is hammer tested.'),
      protector('insignia-7', 'Insignia - Screen Protector for Apple iPhone 7 - Clear', 29.99, 'A film that keeps scratches off.'),
      protector('zagg-7', 'ZAGG - InvisibleShield Glass+ Screen Protector for Apple iPhone 7', 39.99, 'Tempered glass with a smooth finish.'),
      protector('zagg-s7', 'ZAGG - InvisibleShield Glass Screen Protector for Samsung Galaxy S7', 39.99, 'Tempered glass for the Galaxy S7.'),
      protector('zagg-g3', 'ZAGG - InvisibleShield Glass Screen Protector for LG G3', 39.99, 'Tempered glass for the LG G3.'),
      protector('tech21-6', 'Tech21 - Evo Glass Screen Protector for Apple iPhone 6 Plus', 44.99, 'Tempered glass for the iPhone 6 Plus.'),
      item('case-7', 'Otterbox - Case for Apple iPhone 7', ['Cell Phones', 'Cell Phone Accessories', 'Cases'], 39.99, 'A rugged case.', 'Otterbox'),
    ],
    { language: 'en' },
  );
  const [, glass] = await dialogOn(shop, 'en', ['screen protector for iphone 7', 'is it tempered glass?']);
  // Before: "Tempered glass: here are 6 options", the Galaxy S7 and LG G3 protectors first.
  assertEvery(names(glass!).slice(0, 2), (n) => /iPhone 7/u.test(n), 'protectors for the iPhone 7 first');
  assertNone(cards(glass!).slice(0, 3), (sku) => sku === 'zagg-s7' || sku === 'zagg-g3', 'the first three are for no other phone');
  assert.match(productsOf(glass!)?.title ?? '', /iPhone 7/u);
  assert.ok(cards(glass!).includes('znitro-7'), cards(glass!).join(', '));
});

test('«холодильник двухкамерный» shows the refrigerators with a freezer, not the fridge-only «Холодильная камера» first', async () => {
  const fridges = ['Refrigerators'];
  const shop = buildCatalogIndex(
    [
      item('chamber', 'Холодильная камера LG Objet Collection GC-B401FEPM DoorCooling+ на 386 л', fridges, 629_990),
      item('bottom-a', 'Холодильник с нижней морозильной камерой LG B509EQLM, 375 л', fridges, 329_990),
      item('bottom-b', 'Холодильник GC-B459SQCL LG DoorCooling+ с нижней морозильной камерой 341 л', fridges, 249_990),
      item('instaview', 'Холодильник GC-V459FB6W LG InstaView 349л', fridges, 629_990),
      item('freezer', 'Морозильная камера GC-B404FEQM LG Objet 324л', fridges, 639_990),
    ],
    { language: 'ru' },
  );
  const [r] = await dialogOn(shop, 'ru', ['холодильник двухкамерный']);
  // Before: «Точного совпадения с «двухкамерный» нет», the fridge-only chamber first.
  assert.deepEqual(cards(r!).slice(0, 2).sort(), ['bottom-a', 'bottom-b'], cards(r!).join(', '));
  assert.doesNotMatch(messageOf(r!), /Точного совпадения/u, messageOf(r!));
});

test('"does it have a touchscreen?" after "cheap laptop for school": the touchscreen laptop, said to be not for school, not the same laptops with it last', async () => {
  const laptops = ['Computers', 'Laptops'];
  const shop = buildCatalogIndex(
    [
      item('ideapad', 'Lenovo IdeaPad Slim 3 15" Laptop, Intel Core i3, 8GB', laptops, 379.99, 'A light laptop for school and home.', 'Lenovo'),
      item('chromebook', 'Acer Chromebook Plus 515 15.6" Laptop, Intel Core i3, 8GB', laptops, 399.99, 'Made for school work.', 'Acer'),
      item('hp', 'HP 15.6" Laptop, AMD Ryzen 5, 8GB', laptops, 449.99, 'Everyday laptop for school or office.', 'HP'),
      item('surface', 'Microsoft Surface Laptop Go 3 12.4" Touchscreen Laptop, Intel Core i5, 8GB', laptops, 799.99, 'A touchscreen laptop with a sharp display.', 'Microsoft'),
      item('phone', 'Samsung Galaxy A15 Smartphone', ['Phones', 'Smartphones'], 199.99, 'A touchscreen phone.', 'Samsung'),
    ],
    { language: 'en' },
  );
  const [, touch] = await dialogOn(shop, 'en', ['cheap laptop for school', 'does it have a touchscreen?']);
  // Before: the three school laptops first, the touchscreen one last, "Cheapest first."
  assert.deepEqual(cards(touch!), ['surface']);
  assert.match(messageOf(touch!), /Nothing is both "laptop for school" and "touchscreen"/u, messageOf(touch!));
  // One card: no order to state.
  assert.doesNotMatch(messageOf(touch!), /Cheapest first/u);
});

const phones = ['Электроника', 'Смартфоны'];
const cases = ['Электроника', 'Аксессуары'];
const phoneShop = buildCatalogIndex(
  [
    item('iphone-15', 'Смартфон Apple iPhone 15 128 ГБ, чёрный', phones, 79_990, undefined, 'Apple'),
    item('iphone-15-256', 'Смартфон Apple iPhone 15 256 ГБ, розовый', phones, 89_990, undefined, 'Apple'),
    item('iphone-14', 'Смартфон Apple iPhone 14 128 ГБ, белый', phones, 64_990, undefined, 'Apple'),
    item('glass-15', 'Защитное стекло Deppa для iPhone 15', cases, 990, undefined, 'Deppa'),
    item('case-15', 'Чехол Spigen Ultra Hybrid для iPhone 15, прозрачный', cases, 2190, undefined, 'Spigen'),
    item('a15', 'Смартфон Samsung Galaxy A15 4/128 ГБ, голубой', phones, 15_990, undefined, 'Samsung'),
    item('s24', 'Смартфон Samsung Galaxy S24 8/128 ГБ, чёрный', phones, 74_990, undefined, 'Samsung'),
    item('charger', 'Беспроводное зарядное устройство Samsung Wireless Charger Duo', cases, 4490, undefined, 'Samsung'),
    item('kettle', 'Чайник Bosch TWK 3A011', ['Кухня', 'Чайники'], 3990, undefined, 'Bosch'),
  ],
  { language: 'ru' },
);

test('«а samsung?» after «айфон 15» shows Samsung smartphones: the iPhone is Apple\'s line, its place taken by the kind its products are', async () => {
  const [, samsung] = await dialogOn(phoneShop, 'ru', ['айфон 15', 'а samsung?']);
  // Before: «Точного совпадения с «айфон 15» нет … Зарядные устройства Samsung — вот 1 вариант».
  assert.deepEqual(cards(samsung!).sort(), ['a15', 's24']);
  assert.match(productsOf(samsung!)?.title ?? '', /смартфон Samsung/iu);
  assert.match(messageOf(samsung!), /^Смартфон Samsung — вот 2 варианта/u, messageOf(samsung!));
  assert.doesNotMatch(messageOf(samsung!), /айфон|Точного совпадения/iu, messageOf(samsung!));
});

test('a brand asked after a word many makers name keeps it: «а bosch?» after «чайник» is Bosch kettles, after «смартфон» no Bosch phone', async () => {
  const [, kettle] = await dialogOn(phoneShop, 'ru', ['чайник', 'а bosch?']);
  assert.deepEqual(cards(kettle!), ['kettle']);
  // Every phone here is Apple's or Samsung's, but Bosch makes none: the word stays, and no kettle is offered as a phone.
  const [, bosch] = await dialogOn(phoneShop, 'ru', ['смартфон samsung', 'а bosch?']);
  assert.ok(!cards(bosch!).includes('kettle'), cards(bosch!).join(', '));
});

test('"what about samsung?" after "unlocked iphone under 500" and "what about lifeproof?" after OtterBox cases for an iPhone 6', async () => {
  const unlocked = ['Cell Phones', 'All Unlocked Cell Phones'];
  const bbCases = ['Cell Phones', 'Cell Phone Accessories', 'Cell Phone Cases & Clips'];
  const bb = (sku: string, name: string, categories: string[], price: number) => item(sku, name, categories, price, undefined, name.split(' - ')[0]);
  const shop = buildCatalogIndex(
    [
      bb('i4s', 'Apple - Refurbished iPhone 4S with 16GB Memory Cell Phone (Unlocked) - Black', unlocked, 119),
      bb('i5c', 'Apple - Refurbished iPhone 5C 4G LTE with 32GB Memory Cell Phone (Unlocked) - White', unlocked, 219),
      bb('j1', 'Samsung - Galaxy J1 Mini with 8GB Memory Cell Phone (Unlocked) - Black', unlocked, 99.99),
      bb('s6', 'Samsung - Galaxy S6 4G with 32GB Memory Cell Phone (Unlocked) - Black', unlocked, 449.99),
      bb('otter-6', 'OtterBox - Commuter Series Case for Apple iPhone 6 and 6s - Purple', bbCases, 34.95),
      bb('otter-6b', 'OtterBox - Defender Case for Apple iPhone 6 - Aqua Blue', bbCases, 49.99),
      bb('life-6', 'LifeProof - FRE Case for Apple iPhone 6 and 6s - Blue', bbCases, 79.99),
      bb('life-s7', 'LifeProof - FRE Case for Samsung Galaxy S7 - Black', bbCases, 79.99),
    ],
    { language: 'en' },
  );
  const [, samsung] = await dialogOn(shop, 'en', ['unlocked iphone under 500', 'what about samsung?']);
  // Before: «Nothing matches "iPhone" exactly — here is the closest to your request.»
  assert.doesNotMatch(messageOf(samsung!), /iPhone/u, messageOf(samsung!));
  assert.deepEqual(cards(samsung!).sort(), ['j1', 's6']);
  // Cases for an iPhone are made by many: "iphone" says what they are for, and stays.
  const [, lifeproof] = await dialogOn(shop, 'en', ['otterbox case for iphone 6', 'what about lifeproof?']);
  assert.equal(cards(lifeproof!)[0], 'life-6', cards(lifeproof!).join(', '));
});
