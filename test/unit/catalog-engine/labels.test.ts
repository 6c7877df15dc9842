/** The title of a selection writes brand and model words as the shop writes them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { productSpelling, readableLabel } from '../../../src/assistant/catalog-engine/labels.ts';
import { assertNone } from '../../helpers/assert.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { sharedDataPath, sharedDataSkip } from '../../helpers/shared-data.ts';
import { loadProducts, RU_SHOPS_CATALOG } from '../catalog-search/demo-catalog.ts';
import { converse, dialogOn, item, messageOf, productsOf, shownSkus } from './helpers.ts';

const product = (name: string, i: number): CatalogProduct => ({ sku: `s${i}`, name, categories: ['Cell Phone Cases'], available: true, params: {} });
const cases = ['Swarovski - Case for Apple® iPhone® 7 - Black', 'OtterBox - Commuter Series Case for Apple® iPhone® 7', 'Dynex™ - Case for Apple® iPhone® 6s and 7'].map(product);

test('a word typed in small letters takes the spelling the shown products give it ("iphone" → "iPhone", "otterbox" → "OtterBox")', () => {
  assert.deepEqual(readableLabel(['case', 'for', 'iphone', '7'], cases, 'en'), ['case', 'for', 'iPhone', '7']);
  assert.equal(productSpelling('otterbox', cases), 'OtterBox');
});

test('ordinary words capitalised only at the start of a name, and words the buyer wrote with capitals, stay as typed', () => {
  assert.equal(productSpelling('case', cases), 'case');
  assert.equal(productSpelling('IPHONE', cases), 'IPHONE');
  assert.equal(productSpelling('black', cases), 'black');
  const kettles = ['Чайник электрический Aisle Home', 'Чайник стеклянный'].map(product);
  assert.equal(productSpelling('чайник', kettles), 'чайник');
});

test('a Russian adjective whose noun the products do not show leaves the title with it ("зонт для летней веранды" → "зонт")', () => {
  const umbrellas = ['Зонт для летнего кафе UM-260/8D', 'Зонт для летнего кафе UM-300/16K'].map(product);
  assert.deepEqual(readableLabel(['зонт', 'для', 'летней', 'веранды'], umbrellas, 'ru'), ['зонт']);
  // Shown with its noun, it stays.
  const sofas = ['Диван кожаный угловой', 'Диван кожаный прямой'].map(product);
  assert.deepEqual(readableLabel(['кожаный', 'диван'], sofas, 'ru'), ['кожаный', 'диван']);
});

test('in title-cased English names, a product line the descriptions write as a proper noun takes its capital ("galaxy s7 case" → "Galaxy S7 case")', () => {
  const described = (name: string, description: string, i: number): CatalogProduct => ({ ...product(name, i), description });
  const shelf = [
    described('OtterBox - Defender Series Case for Samsung Galaxy S7 - Black', 'Protect your Samsung Galaxy S7 with this rugged case. The case has a black finish.', 1),
    described('Speck - Presidio Case for Samsung Galaxy S7 - Clear', 'This slim case keeps your Galaxy S7 safe. Its clear back shows the black phone.', 2),
  ];
  assert.deepEqual(readableLabel(['galaxy', 's7', 'case'], shelf, 'en'), ['Galaxy', 'S7', 'case']);
  // Written small in mid-sentence, or capitalised only where a sentence starts: as typed.
  assert.equal(productSpelling('case', shelf), 'case');
  assert.equal(productSpelling('black', shelf), 'black');
  assert.equal(productSpelling('protect', shelf), 'protect');
  // Capitalised in mid-sentence once, small twice: an ordinary word.
  const mixed = [
    described('Apple - Watch Band - Black', 'A band in Black for your watch. Pairs with any black case.', 3),
    described('Nike - Sport Band - Black', 'A sport band in Black. Made for black watches and black cases.', 4),
  ];
  assert.equal(productSpelling('black', mixed), 'black');
  // Capitalised in one product's description only: as typed.
  const once = [described('Sony - WF-1000XM5 Wireless Earbuds', 'Small earbuds with Hi-Res Audio Wireless.', 5), described('Sony - WH-CH720N Wireless Headphones', 'Light headphones.', 6)];
  assert.equal(productSpelling('wireless', once), 'wireless');
});

test('a brand word written with a capital inside by the descriptions of two shown products, and by no name, takes that spelling ("iphone charger" → "iPhone charger"; "USB" and "LED" ask nothing)', () => {
  const described = (name: string, description: string, i: number): CatalogProduct => ({ ...product(name, i), description });
  const chargers = [
    described('Kanex - Vehicle Charger - White', 'Its 1.2m Lightning cable lets you charge your iPhone, iPad or iPod on the road. LED indicators show the status.', 1),
    described('Insignia™ - Wall Charger - White', 'Its USB port is compatible with all iPhone and iPad models. LED light.', 2),
    described('Dynex™ - Wall Charger - Black', 'Charges phones and tablets over USB.', 3),
  ];
  // Before: "Iphone charger".
  assert.deepEqual(readableLabel(['iphone', 'charger'], chargers, 'en'), ['iPhone', 'charger']);
  assert.equal(productSpelling('ipad', chargers), 'iPad');
  // Written so by one description only, or in capitals only: as typed.
  assert.equal(productSpelling('ipod', chargers), 'ipod');
  assert.equal(productSpelling('led', chargers), 'led');
  assert.equal(productSpelling('charger', chargers), 'charger');
});

test('one name in capitals does not respell a word the other names write plainly ("portable charger", not "portable CHARGER")', () => {
  const chargers = ['Wagan - SOLAR E CHARGER SOLO 4,000 mAh Portable Charger - Black', 'APC - Portable Charger - Black', 'Dynex - Portable Charger - Green', 'Insignia - Wall Charger - Blue'].map(
    (name, i): CatalogProduct => ({ sku: `c${i}`, name, categories: ['Cell Phone Accessories'], available: true, params: {} }),
  );
  assert.deepEqual(readableLabel(['portable', 'charger'], chargers, 'en'), ['portable', 'charger']);
  // A spelling most names share still wins: "USB" here.
  const cables = ['Dynex - 3\' Micro USB-to-USB Cable', 'Belkin - USB Type C Cable', 'Insignia - Charge-and-Sync Cable Usb'].map(
    (name, i): CatalogProduct => ({ sku: `u${i}`, name, categories: ['Cables'], available: true, params: {} }),
  );
  assert.equal(productSpelling('usb', cables), 'USB');
});

test('a title never names a feature alone: "wireless earpods" answered with headsets is titled by their category', () => {
  const headsets = ['BlueParrott - Bluetooth Headset - Black', 'Jabra - Classic Bluetooth Headset - Black', 'Tzumi - Wireless Headset - Black'].map(
    (name, i): CatalogProduct => ({ sku: `h${i}`, name, categories: ['Cell Phone Headsets', 'Bluetooth Headsets'], available: true, params: {} }),
  );
  // An English category in title case stays as the shop wrote it (it read "bluetooth Headsets").
  assert.deepEqual(readableLabel(['wireless', 'earpods'], headsets, 'en'), ['Bluetooth Headsets']);
  // A word of the synonym table is shown by its synonym: headsets are headphones.
  assert.deepEqual(readableLabel(['wireless', 'headphones'], headsets, 'en'), ['wireless', 'headphones']);
  // A kept word naming what is shown keeps the buyer's words, a dropped one aside.
  assert.deepEqual(readableLabel(['wireless', 'headset', 'waterproof'], headsets, 'en'), ['wireless', 'headset']);
  // Nothing dropped: a brand alone stays the title.
  const phones = ['Samsung - Galaxy S7 32GB - Black Onyx', 'Samsung - Galaxy J3 Cell Phone - Black'].map(
    (name, i): CatalogProduct => ({ sku: `p${i}`, name, categories: ['Cell Phones'], available: true, params: {} }),
  );
  assert.deepEqual(readableLabel(['samsung'], phones, 'en'), ['samsung']);
});

test('a unit after a kept number stays in the title, in feet as in litres ("lightning cable 10 ft")', () => {
  const cables = ["Insignia - 10' Lightning Charge-and-Sync Cable", "Insignia - 3' Lightning Charging Cable"].map(
    (name, i): CatalogProduct => ({ sku: `l${i}`, name, categories: ['Cables'], available: true, params: {} }),
  );
  assert.deepEqual(readableLabel(['lightning', 'cable', '10', 'ft'], cables, 'en'), ['lightning', 'cable', '10', 'ft']);
});

test('a category title keeps an abbreviation at its start as the shop writes it ("TV & Soundbars", not "tV & Soundbars")', () => {
  const tvs = ['LG OLED evo G6 77"', 'LG QNED85 86"'].map((name, i): CatalogProduct => ({ sku: `t${i}`, name, categories: ['TV & Soundbars'], available: true, params: {} }));
  assert.deepEqual(readableLabel(['speaker'], tvs, 'en'), ['TV & Soundbars']);
  const kettles = ['Чайник Bosch TWK', 'Чайник Tefal KI'].map((name, i): CatalogProduct => ({ sku: `k${i}`, name, categories: ['Чайники'], available: true, params: {} }));
  assert.deepEqual(readableLabel(['самовар'], kettles, 'ru'), ['чайники']);
});

test('a number and its unit stay or go together: "удлинитель 5 метров" of 5.0 m cords, not "SSD гб" when no name shows the 500', () => {
  const cords = ['Удлинитель 5р 10А 5.0м.', 'Удлинитель USB 2.0 VCOM 5.0м.'].map((name, i): CatalogProduct => ({ sku: `u${i}`, name, categories: ['Удлинители'], available: true, params: {} }));
  assert.deepEqual(readableLabel(['удлинитель', '5', 'метров'], cords, 'ru'), ['удлинитель', '5', 'метров']);
  const disks = ['SSD 500Gb Samsung 850 EVO mSATA', 'SSD 240Gb Kingston A400'].map((name, i): CatalogProduct => ({ sku: `d${i}`, name, categories: ['Диски'], available: true, params: {} }));
  // "500" is shown by "500Gb"; with it the unit stays.
  assert.deepEqual(readableLabel(['SSD', '500', 'гб'], disks, 'ru'), ['SSD', '500', 'гб']);
  // No disk shows 1000: the number goes, and its unit with it.
  assert.deepEqual(readableLabel(['SSD', '1000', 'гб'], disks, 'ru'), ['SSD']);
});

test('a misspelt word is titled as the shown products write it, another form of a word is not: "wireles" → "wireless", "беспроводые" → "беспроводные", "от морщин" stays', () => {
  const chargers = ['Samsung - Wireless Charger - White', 'Samsung - Fast Charge Wireless Charger - Black'].map(
    (name, i): CatalogProduct => ({ sku: `c${i}`, name, categories: ['Chargers'], available: true, params: {} }),
  );
  assert.deepEqual(readableLabel(['wireles', 'charger'], chargers, 'en'), ['wireless', 'charger']);
  const headphones = ['Наушники Sony WH-CH520', 'Наушники JBL Tune 520BT'].map(
    (name, i): CatalogProduct => ({ sku: `h${i}`, name, categories: ['Беспроводные наушники'], available: true, params: {} }),
  );
  assert.deepEqual(readableLabel(['беспроводые', 'наушники'], headphones, 'ru'), ['беспроводные', 'наушники']);
  const creams = [{ sku: 'k', name: 'Крем для Лица "Жожоба"', categories: ['Кремы'], available: true, params: {}, description: 'Разглаживает мелкие морщины.' } as CatalogProduct];
  assert.deepEqual(readableLabel(['крем', 'от', 'морщин'], creams, 'ru'), ['крем', 'от', 'морщин']);
});

test('what the shown products are stays a common noun, however their descriptions title-case it ("usb flash drive 64gb" → "USB flash drive 64GB")', () => {
  const drive = (name: string, description: string, i: number): CatalogProduct => ({ sku: `d${i}`, name, description, categories: [], available: true, params: {} });
  const shelf = [
    drive('Freecom Databar USB flash drive 64 GB USB Type-A 2.0 Black', 'The Databar is a USB Flash Drive with 64GB for your files.', 1),
    drive('Silicon Power Helios 202 USB flash drive 64 GB USB Type-A 3.2 Gen 1 (3.1 Gen 1) Blue', 'This USB Drive stores 64GB in a metal USB Drive case.', 2),
    drive('Verbatim 64GB Store n Go USB Drive USB flash drive USB Type-A 2.0 Red', 'A USB Drive that holds 64GB.', 3),
  ];
  assert.deepEqual(readableLabel(['usb', 'flash', 'drive', '64gb'], shelf, 'en'), ['USB', 'flash', 'drive', '64GB']);
});

test('the title names a kind only when a shown product is one: phones whose descriptions mention headphones are not titled "наушники"', () => {
  const phone = (name: string, i: number): CatalogProduct => ({
    sku: `g${i}`,
    name,
    description: 'Слушайте музыку в наушниках Galaxy Buds, подключив их по Bluetooth.',
    categories: ['Мобильные устройства', 'Смартфоны'],
    available: true,
    params: {},
  });
  const phones = ['Galaxy S26', 'Galaxy S26 Ultra', 'Galaxy S25 Ultra'].map(phone);
  const title = readableLabel(['наушники', 'galaxy'], phones, 'ru');
  assertNone(title, (w) => /наушник/i.test(w), 'the title of phones');
  // A kind the cards are, in the buyer's word or through the synonym table, stays.
  assert.deepEqual(readableLabel(['смартфон', 'galaxy'], phones, 'ru'), ['смартфон', 'galaxy']);
  assert.deepEqual(readableLabel(['телефон', 'galaxy'], phones, 'ru'), ['телефон', 'galaxy']);
});

test('a title keeps a buyer\'s word the cards show by a synonym in another form, not a near card word: "Холодильник с морозилкой снизу"', { skip: sharedDataSkip }, async () => {
  const lg = buildCatalogIndex((await loadProducts(RU_SHOPS_CATALOG)).filter((p) => p.sku.startsWith('lgkz:')), { language: 'ru' });
  const [answer] = await dialogOn(lg, 'ru', ['холодильник с морозилкой снизу']);
  // Before: «Точного совпадения с «морозилкой снизу» нет», then «Холодильник с морозильной снизу» once the words were known.
  assert.match(messageOf(answer!), /^Холодильник с морозилкой снизу — вот \d+ вариант/u);
});

test('a Russian word the cards show by an English synonym stays the title\'s word: "Процессор Intel" on an English catalogue', { skip: sharedDataSkip }, async () => {
  const office = buildCatalogIndex(await loadProducts(sharedDataPath('catalogs/icecat_products_19k.jsonl')), { language: 'en' });
  const [answer] = await dialogOn(office, 'ru', ['процессор intel']);
  // Before: "Processor Intel — вот 6 вариантов", an English word in a Russian answer.
  assert.match(messageOf(answer!), /^Процессор Intel — вот 6 вариантов/u);
});

test('a hyphenated product word keeps the rest of the request in the title: "робот-пылесос с влажной уборкой", not the category "Роботы-пылесосы"', async () => {
  const vacuum = (sku: string, name: string): CatalogProduct => ({
    sku,
    name,
    categories: ['Бытовая техника', 'Роботы-пылесосы'],
    available: true,
    price: 20_000,
    params: { Уборка: 'сухая и влажная' },
    description: 'Робот-пылесос с влажной уборкой и лидаром.',
  });
  const shop = buildCatalogIndex(
    [vacuum('a', 'Робот-пылесос Xiaomi Robot Vacuum S10'), vacuum('b', 'Робот-пылесос Roborock S8'), { sku: 'c', name: 'Пылесос Bosch BGS05', categories: ['Бытовая техника', 'Пылесосы'], available: true, price: 9_000, params: {} }],
    { language: 'ru' },
  );
  const [wet] = await dialogOn(shop, 'ru', ['робот-пылесос с влажной уборкой']);
  assert.match(messageOf(wet!), /^Робот-пылесос с влажной уборкой — вот 2 варианта/);
  const [lidar] = await dialogOn(shop, 'ru', ['робот-пылесос с лидаром']);
  assert.match(messageOf(lidar!), /^Робот-пылесос с лидаром — /);
});

test('another case of a word the names write stays as the buyer wrote it, whatever the stemmer makes of it ("с большим экраном", not "с большим экран")', async () => {
  const shop = buildCatalogIndex(
    [
      { sku: 'a', name: 'Смартфон Samsung Galaxy A15, большой экран 6.5', categories: ['Смартфоны'], available: true, price: 15_990, params: {} },
      { sku: 'b', name: 'Смартфон Xiaomi Redmi 13C, экран 6.74', categories: ['Смартфоны'], available: true, price: 10_990, params: {} },
    ],
    { language: 'ru' },
  );
  const [answer] = await dialogOn(shop, 'ru', ['смартфон с большим экраном']);
  assert.match(messageOf(answer!), /^Смартфон с большим экраном — /);
});

test('a title keeps "в"/"на" between the words it shows ("Телевизор в спальню"), and drops an English phrase whose last word the cards do not show ("TV", not "TV for small")', () => {
  const tvs = ['Телевизор Xiaomi TV A2 32" HD для спальни и кухни', 'Телевизор Samsung 43" в спальню'].map(product);
  assert.deepEqual(readableLabel(['Телевизор', 'в', 'спальню'], tvs, 'ru'), ['Телевизор', 'в', 'спальню']);
  const small = ['TCL 32" Class S3 HD Roku TV, small and light'].map(product);
  assert.deepEqual(readableLabel(['TV', 'for', 'a', 'small', 'room'], small, 'en'), ['TV']);
  const watches = ['Apple Watch Series 9 GPS Smartwatch, tracks your workouts'].map(product);
  assert.deepEqual(readableLabel(['smartwatch', 'that', 'tracks', 'sleep'], watches, 'en'), ['smartwatch']);
  // A figure the cards show keeps its phrase.
  const laptops = ['ASUS VivoBook 15 Laptop 16GB 512GB SSD'].map(product);
  assert.deepEqual(readableLabel(['laptop', 'with', '16gb', 'ram'], laptops, 'en'), ['laptop', 'with', '16GB']);
});

test('an English title says no clause or compound by halves: "robot vacuum that can mop" is "Robot vacuum" (the search left "can" out), "stapler heavy duty" of staplers that do not say "duty" is "Stapler"', () => {
  const robots = ['Roborock S8 Robot Vacuum and Mop', 'iRobot Roomba Combo i5 Robot Vacuum and Mop'].map(
    (name, i): CatalogProduct => ({ sku: `r${i}`, name, categories: ['Robot Vacuums'], available: true, params: {} }),
  );
  assert.deepEqual(readableLabel(['robot', 'vacuum', 'that', 'mop'], robots, 'en'), ['robot', 'vacuum']);
  const staplers = [{ sku: 's', name: 'Leitz 55510084 stapler Silver', categories: [], available: true, params: {}, description: 'Heavy Duty Stapler, Silver' } as CatalogProduct];
  assert.deepEqual(readableLabel(['stapler', 'heavy', 'duty'], staplers, 'en'), ['stapler']);
});

test('a word the catalogue has is no typo and no translation: "а подешевле?" after "а с oled?" over a cheaper QLED set is not titled "с Qled", nor "с OLED"', async () => {
  const [, , cheaper] = await converse(['телевизор 55 дюймов', 'а с oled?', 'а подешевле?']);
  const title = productsOf(cheaper!.answer)?.title ?? '';
  assert.ok(title !== '', 'a shelf');
  const names = productsOf(cheaper!.answer)?.value.map((c) => c.name) ?? [];
  // Before: «Подборка: телевизор 55 дюймов с Qled дешевле 44 990 ₽», then «… с OLED …» over the QLED set.
  assert.ok(names.length > 0);
  assertNone(names, (n) => /\bOLED\b/u.test(n), 'the demo shop has no cheaper 55-inch OLED');
  assert.doesNotMatch(title, /qled|oled/iu);
  // A Latin word with a Russian translation, on a Russian shelf, stays: the products cannot show it.
  const shelf = [item('k1', 'Кофемашина DeLonghi Magnifica S', ['Кофемашины'], 39990)];
  assert.deepEqual(readableLabel(['coffee', 'machine'], shelf, 'ru'), ['coffee', 'machine']);
});

test('a shelf is titled by a category only when its names say a word of it: webcams a feed filed under memory cards keep the buyer\'s word', () => {
  const webcams = ['Веб-камера Logitech C170', 'Веб-камера Genius Web Cam Slim', 'Веб-камера Logitech HD 525'].map((name, i) => item(`w${i}`, name, ['МОДУЛЬ ПАМЯТИ USB/FLASH КАРТЫ'], 1_000 + i));
  // Before: ['МОДУЛЬ ПАМЯТИ USB/FLASH КАРТЫ'].
  assert.deepEqual(readableLabel(['веб-камера', 'для', 'zoom'], webcams, 'ru'), ['веб-камера']);
  // A category the names do say still titles the shelf when the buyer's words say nothing shown.
  const cams = ['Видеорегистратор Garmin Dash Cam Live', 'Видеорегистратор Garmin Dash Cam X310'].map((name, i) => item(`d${i}`, name, ['Видеорегистраторы'], 20_000 + i));
  assert.deepEqual(readableLabel(['для', 'zoom'], cams, 'ru'), ['видеорегистраторы']);
});

test('a brand is titled by the word the buyer said of its name ("LG" of "LG Electronics"), and a shop of one brand offers no other brand', async () => {
  const lg = buildCatalogIndex(
    [
      item('t1', '32-дюймовый телевизор LG SMART TV FHD', ['TV & Soundbars', 'Телевизоры'], 124990, undefined, 'LG Electronics'),
      item('t2', '55-дюймовый телевизор LG NanoCell 4K', ['TV & Soundbars', 'Телевизоры'], 344990, undefined, 'LG Electronics'),
      item('w1', 'Стиральная машина LG 9 кг - DD | Steam', ['Laundry', 'Стиральные машины'], 259990, undefined, 'LG Electronics'),
      item('w2', 'Стиральная машина LG 7 кг - AI DD', ['Laundry', 'Стиральные машины'], 244990, undefined, 'LG Electronics'),
    ],
    { language: 'ru' },
  );
  const [tv, washer] = await Promise.all([dialogOn(lg, 'ru', ['lg tv']), dialogOn(lg, 'ru', ['стиральная машина lg 9 кг'])]);
  // Before: "LG Electronics TV", "Стиральная машина LG 9 кг LG Electronics", and "Другого бренда" offered.
  assert.equal(productsOf(tv[0]!)?.title, 'Подборка: LG TV');
  assert.match(messageOf(washer[0]!), /^Стиральная машина LG 9 кг — /u);
  for (const answer of [tv[0]!, washer[0]!]) {
    assert.ok(!(answer.response.ui?.suggests ?? []).includes('Другого бренда'), JSON.stringify(answer.response.ui?.suggests));
  }
  const two = buildCatalogIndex(
    ['LG', 'Samsung', 'LG', 'Samsung', 'LG', 'Samsung'].map((b, i) => item(`x${i}`, `Телевизор ${b} ${43 + i * 4}"`, ['Телевизоры'], 50000 + i * 9000, undefined, b)),
    { language: 'ru' },
  );
  const [samsung] = await dialogOn(two, 'ru', ['телевизор samsung']);
  assert.ok((samsung!.response.ui?.suggests ?? []).includes('Другого бренда'));
});

test('a word written with a dot is titled whole and as the names write it: "а m.2?" after SSDs is "SSD … M.2", not "SSD 2"', async () => {
  const drives = buildCatalogIndex(
    [
      item('a', 'SSD 1.0Tb  Samsung 850 Pro          SATA3', ['ЖЕСТКИЕ ДИСКИ'], 45666),
      item('b', 'SSD  120Gb Smartbuy NV11-2280M        M.2', ['ЖЕСТКИЕ ДИСКИ'], 6254),
      item('c', 'SSD  180GB INTEL                      M.2', ['ЖЕСТКИЕ ДИСКИ'], 8260),
      item('d', 'SSD  240Gb Kingston  SATA-III A40   SATA3', ['ЖЕСТКИЕ ДИСКИ'], 3900),
      item('e', 'HDD 1Tb WD1003FBYX WD RE4 Server SATA3', ['ЖЕСТКИЕ ДИСКИ'], 7670),
    ],
    { language: 'ru' },
  );
  const [, m2] = await dialogOn(drives, 'ru', ['ssd на 1 тб', 'а m.2?']);
  // Before: "Подборка: SSD 2" under «Точного совпадения с «SSD на 1 тб m 2» нет».
  assert.match(productsOf(m2!)?.title ?? '', /^Подборка: SSD (на 1 тб )?M\.2$/u);
  assert.doesNotMatch(messageOf(m2!), /m 2/u);
  const [fresh] = await dialogOn(drives, 'ru', ['ssd m.2']);
  assert.equal(productsOf(fresh!)?.title, 'Подборка: SSD M.2');
});

test('"vacuum cleaner" is a vacuum: the robot vacuums are found, and a title keeps both words of the category said', async () => {
  const vacuums = buildCatalogIndex(
    [
      item('s1', 'LEVOIT LVAC-200 Cordless Stick Vacuum', ['Home', 'Stick Vacuums'], 169.99, 'A cordless stick vacuum', 'LEVOIT'),
      item('s2', 'Tineco Pure One S11 Smart Cordless Stick Vacuum', ['Home', 'Stick Vacuums'], 249, 'A cordless stick vacuum', 'Tineco'),
      item('u1', 'Shark Navigator Lift-Away NV352 Upright Vacuum', ['Home', 'Vacuums'], 159.99, 'An upright vacuum', 'Shark'),
      item('r1', 'eufy RoboVac 11S Slim Robot Vacuum', ['Home', 'Robot Vacuums'], 159.99, 'A robot vacuum', 'eufy'),
      item('r2', 'Roborock Q5 Max Robot Vacuum', ['Home', 'Robot Vacuums'], 269.99, 'A robot vacuum', 'Roborock'),
      item('r3', 'iRobot Roomba j7+ Self-Emptying Robot Vacuum', ['Home', 'Robot Vacuums'], 599.99, 'A robot vacuum', 'iRobot'),
    ],
    { language: 'en' },
  );
  const [robots] = await dialogOn(vacuums, 'en', ['robot vacuum cleaner']);
  // Before: one robot vacuum.
  assert.deepEqual((productsOf(robots!)?.value ?? []).map((p) => p.sku).sort(), ['r1', 'r2', 'r3']);
  const [cordless] = await dialogOn(vacuums, 'en', ['vacuum cleaner cordless under 300']);
  // Before: "Picks: vacuum clean cordless under $300" under «Nothing matches "vacuum cleaner cordless" exactly».
  assert.equal(productsOf(cordless!)?.title, 'Picks: vacuum cleaner cordless under $300');
  assert.doesNotMatch(messageOf(cordless!), /Nothing matches/u);
});

test('"6 in 1 air fryer" is titled so, not "6 1 air fryer"; "шампунь 3 в 1" keeps its "в"', async () => {
  const kitchen = buildCatalogIndex(
    [
      item('f6', 'Instant Vortex Plus 6-in-1 Air Fryer with ClearCook Window, 6 qt', ['Kitchen', 'Air Fryers'], 119.99, 'An air fryer', 'Instant'),
      item('f4', 'Ninja AF101 4-in-1 Air Fryer, 4 qt', ['Kitchen', 'Air Fryers'], 89.99, 'An air fryer', 'Ninja'),
      item('k1', 'Cosori Electric Kettle 1.7L', ['Kitchen', 'Kettles'], 39.99, 'A kettle', 'Cosori'),
    ],
    { language: 'en' },
  );
  const [fryer] = await dialogOn(kitchen, 'en', ['6 in 1 air fryer']);
  assert.equal(productsOf(fryer!)?.title, 'Picks: 6 in 1 air fryer');
  const care = buildCatalogIndex(
    [
      item('sh1', 'Шампунь и кондиционер 3 в 1 для мужчин, 250 мл', ['Волосы', 'Шампуни'], 450),
      item('sh2', 'Шампунь 3 в 1 с ментолом, 400 мл', ['Волосы', 'Шампуни'], 520),
      item('sh3', 'Шампунь для жирных волос, 200 мл', ['Волосы', 'Шампуни'], 380),
    ],
    { language: 'ru' },
  );
  const [shampoo] = await dialogOn(care, 'ru', ['шампунь 3 в 1']);
  assert.match(productsOf(shampoo!)?.title ?? '', /^Подборка: шампунь 3 в 1$/u);
});

test('a title keeps what a request opens with and a phrase saying a word twice: "с подсветкой", "холодильник side by side"', async () => {
  const shop = buildCatalogIndex(
    [
      item('k-light', 'Электрический чайник Tefal стеклянный с подсветкой', ['Чайники'], 3490),
      item('tv-light', 'Телевизор Philips 50" с подсветкой Ambilight', ['Телевизоры'], 54990),
      item('fr-sbs', 'Холодильник LG GC-B257 Side-by-Side 647л', ['Холодильники'], 699990),
      item('fr-2', 'Холодильник LG GA-B509 двухкамерный', ['Холодильники'], 299990),
    ],
    { language: 'ru' },
  );
  const [lit] = await dialogOn(shop, 'ru', ['с подсветкой']);
  assert.equal(productsOf(lit!)?.title, 'Подборка: с подсветкой', messageOf(lit!));
  assert.match(messageOf(lit!), /^С подсветкой — /u);
  const [sbs] = await dialogOn(shop, 'ru', ['холодильник side by side']);
  assert.match(messageOf(sbs!), /^Холодильник side by side — /u);
});

test('a colour said with "цвет" is titled as said, another colour takes its place, and "цвета" goes with a colour no card has: "а в черном цвете?" then "а синего цвета?" after phones, "чайник красного цвета"', async () => {
  // Before: «Смартфон черном цвете», «Чайник цвета».
  const [, black] = await converse(['смартфон', 'а в черном цвете?']);
  assert.match(messageOf(black!.answer), /^Смартфон в черном цвете — вот \d варианта?\./u);
  for (const c of productsOf(black!.answer)?.value ?? []) {
    assert.match(c.name, /чёрный/u);
  }
  const [red] = await converse(['чайник красного цвета']);
  assert.match(messageOf(red!.answer), /^Точного совпадения с «красного» нет — вот самое близкое по запросу\. Чайник — вот 6 вариантов\./u);
  // Another colour takes the old one's place with its words (before: «Смартфон в черном цвете синего цвета»).
  const [, , blue] = await converse(['смартфон', 'а в черном цвете?', 'а синего цвета?']);
  assert.match(messageOf(blue!.answer), /^Смартфон синего цвета — вот 4 варианта\. Самый доступный/u);
  for (const c of productsOf(blue!.answer)?.value ?? []) {
    assert.match(c.name, /синий/u);
  }
  const [, blackKettle] = await converse(['чайник белого цвета', 'а черного?']);
  assert.match(messageOf(blackKettle!.answer), /^Чайник черного цвета — вот \d вариант/u);
  // After a kind the shop does not sell, a colour asks for that kind again (it showed white things of any kind).
  const [, whiteChair] = await converse(['стул', 'а белого цвета есть?']);
  assert.match(messageOf(whiteChair!.answer), /^Похоже, «стул» в нашем магазине не продаётся\./u);
  const [, white] = await converse(['чайник', 'а белого цвета есть?']);
  assert.match(messageOf(white!.answer), /^Чайник белого цвета — вот \d вариант/u);
});

test('an English quality a follow-up adds goes before the noun: "Cordless vacuum for pet hair", "Black waterproof speaker"; a Russian one after it', async () => {
  const shop = buildCatalogIndex(
    [
      item('v1', 'Bissell CleanView Swivel Pet Upright Vacuum', ['Vacuums'], 129.99, 'Upright vacuum for pet hair.'),
      item('v2', 'Dyson V8 Cordless Stick Vacuum', ['Vacuums'], 349.99, 'Cordless stick vacuum for pet hair and hard floors.'),
      item('s1', 'JBL Flip 6 Waterproof Portable Speaker, Black', ['Speakers'], 129.95),
      item('s2', 'JBL Go 3 Waterproof Portable Speaker, Red', ['Speakers'], 39.95),
      item('s3', 'Sony SRS-XB100 Portable Speaker, Black', ['Speakers'], 59.99),
    ],
    { language: 'en' },
  );
  const [, cordless] = await dialogOn(shop, 'en', ['vacuum for pet hair', 'cordless?']);
  // Before: "Vacuum for pet hair cordless: here is 1 option."
  assert.match(messageOf(cordless!), /^Cordless vacuum for pet hair: here is 1 option, and 1 close one\./u);
  const [, waterproof, black] = await dialogOn(shop, 'en', ['speaker', 'waterproof?', 'black?']);
  assert.match(messageOf(waterproof!), /^Waterproof speaker: here are 2 options\./u);
  // Before: "Speaker waterproof black".
  assert.match(messageOf(black!), /^Black waterproof speaker: here is 1 option/u);
  assert.equal(productsOf(black!)?.value[0]?.sku, 's1');
  const mounts = buildCatalogIndex(
    [item('m1', 'iOttie - Magnetic Car Mount for Mobile Phones', ['Car Mounts'], 24.99), item('m2', 'Spigen - Car Mount for Most Cell Phones', ['Car Mounts'], 14.99)],
    { language: 'en' },
  );
  const [, magnetic] = await dialogOn(mounts, 'en', ['car mount', 'magnetic?']);
  // Before: "Car mount magnetic".
  assert.match(messageOf(magnetic!), /^Magnetic car mount: here is 1 option/u);
  const [, wireless] = await converse(['наушники', 'а беспроводные?']);
  assert.match(messageOf(wireless!.answer), /^Наушники беспроводные — /u);
});

test('a one-word request the cards write as half of a hyphenated compound is titled as they write it: «а робот?» after vacuums is «Робот-пылесос»', async () => {
  const [, robot] = await converse(['пылесос', 'а робот?']);
  // Before: «Робот — вот 5 вариантов».
  assert.match(messageOf(robot!.answer), /^Робот-пылесос — вот \d+ вариант/u);
  assert.equal(productsOf(robot!.answer)?.title, 'Подборка: робот-пылесос');
  const [alone] = await converse(['робот']);
  assert.match(messageOf(alone!.answer), /^Робот-пылесос — вот/u);
  // A word the cards do not join to another stays as said.
  const [headphones] = await converse(['наушники']);
  assert.match(messageOf(headphones!.answer), /^Наушники — вот/u);
});

test('«хочу колонку», «ищу кофеварку» are titled in the nominative the names write («Колонка», «Кофеварка»), an adjective before the noun too; a word no name or table writes so stays as said', async () => {
  for (const [said, title, shelf] of [
    ['хочу колонку', 'Колонка', 'Подборка: колонка'],
    ['ищу кофеварку', 'Кофеварка', 'Подборка: кофеварка'],
    ['хочу колонку на дачу', 'Колонка', 'Подборка: колонка'],
    ['хочу черную колонку jbl', 'Черная колонка JBL', 'Подборка: черная колонка JBL'],
  ] as const) {
    const [answer] = await converse([said]);
    // Before: «Колонку — вот 5 вариантов», «Подборка: колонку».
    assert.match(messageOf(answer!.answer), new RegExp(`(?:^|\\. )${title} — вот`, 'u'), said);
    assert.equal(productsOf(answer!.answer)?.title, shelf, said);
  }
  const stands = [item('s1', 'Консоль 10L', ['Барные стойки'], 10800), item('s2', 'Консоль 12L', ['Барные стойки'], 12800)];
  assert.deepEqual(readableLabel(['барную', 'стойку'], stands, 'ru'), ['барную', 'стойку']);
  assert.deepEqual(readableLabel(['беспроводную', 'мышку'], [item('m1', 'Беспроводная мышка Xiaomi', ['Мыши'], 690)], 'ru'), ['беспроводная', 'мышка']);
});

test('"something thinner?" after laptops shows the slim and thin ones under "Thinner laptop", «а потоньше?» under «Ноутбук потоньше»', async () => {
  const en = buildCatalogIndex(
    [
      item('s', 'Lenovo IdeaPad Slim 3 15" Laptop, Intel Core i3, 8GB', ['Computers', 'Laptops'], 379.99, 'A slim laptop for school.'),
      item('a', 'Apple MacBook Air 13" Laptop, M2 chip, 8GB', ['Computers', 'Laptops'], 799, 'Thin and light, with no fan.'),
      item('h', 'HP 15.6" Laptop, AMD Ryzen 5, 8GB', ['Computers', 'Laptops'], 449.99, 'An everyday laptop.'),
      item('d', 'Dell Inspiron 15 Laptop, Intel Core i5, 8GB', ['Computers', 'Laptops'], 549.99),
    ],
    { language: 'en' },
  );
  const ruShop = buildCatalogIndex(
    [
      item('t', 'Тонкий ноутбук Acer Swift Go 14', ['Ноутбуки'], 69990),
      item('r', 'Ноутбук Acer Aspire 3', ['Ноутбуки'], 39990),
      item('q', 'Ноутбук ASUS VivoBook 15', ['Ноутбуки'], 44990),
    ],
    { language: 'ru' },
  );
  const [, thinner] = await dialogOn(en, 'en', ['laptop', 'something thinner?']);
  // Before: the same six laptops again, titled "Laptop", as if nothing had been asked.
  assert.equal(productsOf(thinner!)?.title, 'Picks: thinner laptop');
  assert.match(messageOf(thinner!), /^Thinner laptop: /u);
  assert.deepEqual((productsOf(thinner!)?.value ?? []).map((p) => p.sku).sort(), ['a', 's']);
  const [, ru] = await dialogOn(ruShop, 'ru', ['ноутбук', 'а потоньше?']);
  // Before: «потоньше» в каталоге не нашлось.
  assert.equal(productsOf(ru!)?.value[0]?.sku, 't');
  assert.match(messageOf(ru!), /^Ноутбук потоньше — /u);
});

test('«мне нужна кофемашина, но я не знаю какую выбрать» and «для дома, пью капучино»: not knowing which and what the buyer drinks are no words of the title or the note', async () => {
  const [machine, home] = await converse(['мне нужна кофемашина, но я не знаю какую выбрать', 'для дома, пью капучино']);
  // Before: «Кофемашина, не знаю какую — вот 6 вариантов», read as what the buyer does not want.
  assert.match(messageOf(machine!.answer), /^Кофемашина — вот \d вариантов/u);
  assert.ok(shownSkus(machine!.answer).length > 0);
  // Before: «Совпадений с «дома пью» здесь не нашлось».
  assert.doesNotMatch(messageOf(home!.answer), /пью/u);
});
