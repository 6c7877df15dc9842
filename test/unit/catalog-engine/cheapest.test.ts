/** The "most affordable" sentence names a card the buyer sees, and says "in stock" when it must. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { createCatalogEngine } from '../../../src/assistant/catalog-engine/index.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { ask, dialogOn, item, messageOf, productsOf, tenant, tracking } from './helpers.ts';

async function answer(products: CatalogProduct[], text: string) {
  const index = buildCatalogIndex(products, { language: 'ru' });
  const engine = createCatalogEngine({ catalogs: { get: () => index } });
  const r = await engine.answer({ tenant: tenant(), text, image: null, page: { type: 'HOMEPAGE' }, history: [], preferences: null, tracking, signal: new AbortController().signal });
  return { message: messageOf(r.answer), cards: productsOf(r.answer)?.value.map((c) => c.sku) ?? [] };
}

const tv = (sku: string, name: string, price: number, available = true): CatalogProduct => ({ sku, name, categories: ['Телевизоры'], available, price, params: {} });

test('the most affordable is one of the cards shown, not a cheaper match left off the shelf', async () => {
  const brands = ['Alfa', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf'];
  // Equal matches keep the catalogue's order: the cheapest, listed last, stays off the six cards.
  const products = brands.map((b, i) => tv(`tv-${i}`, `Телевизор ${b} OLED 65 дюймов`, 90_000 - i * 1000 - (i === 6 ? 50_000 : 0)));
  const { message, cards } = await answer(products, 'телевизор oled');
  assert.equal(cards.length, 6);
  assert.ok(!cards.includes('tv-6'));
  assert.match(message, /Самый доступный — Телевизор Foxtrot OLED 65 дюймов за 85 000/);
});

test('when cheaper cards are out of stock, the sentence names the cheapest in stock and says so', async () => {
  const products = [tv('a', 'Телевизор OLED 65 дюймов Alfa', 50_000, false), tv('b', 'Телевизор OLED 65 дюймов Bravo', 70_000), tv('c', 'Телевизор OLED 65 дюймов Charlie', 90_000)];
  const { message } = await answer(products, 'телевизор oled');
  assert.match(message, /Самый доступный из тех, что в наличии, — Телевизор OLED 65 дюймов Bravo за 70 000/);
});

test('the most affordable is of the kind asked for: a Galaxy adapter among Galaxy phones is not named', async () => {
  const phone = (sku: string, name: string, price: number): CatalogProduct => ({ sku, name, brand: 'Samsung', categories: ['Cell Phones', 'All Cell Phones with Plans'], available: true, price, params: {} });
  const products = [
    { sku: 'adapter', name: 'Samsung - Galaxy Micro-USB-to-USB Adapter - White', brand: 'Samsung', categories: ['Cell Phones', 'Samsung Galaxy', 'Samsung Galaxy Accessories'], available: true, price: 19.99, params: {} },
    phone('s7', 'Samsung - Galaxy S7 32GB - Platinum Gold (AT&T)', 694.99),
    phone('j3', 'Samsung - Galaxy J3 32GB - Black (Verizon)', 199.99),
    phone('a5', 'Samsung - Galaxy A5 16GB - Blue (Sprint)', 349.99),
  ];
  const { message, cards } = await answer(products, 'samsung galaxy phone');
  assert.ok(cards.includes('adapter'), 'the adapter is still shown, after the phones');
  assert.notEqual(cards[0], 'adapter');
  assert.match(message, /The most affordable is Samsung - Galaxy J3 32GB - Black \(Verizon\) at \$?199\.99/);
});

const bb = (sku: string, name: string, categories: string[], price: number): CatalogProduct => ({ sku, name, brand: name.split(' - ')[0], categories, available: true, price, params: {} });

test('a model named without a product word ("lg g5"): the most affordable is of the best card\'s kind, not an accessory that fits it', async () => {
  const phones = ['Cell Phones', 'All Cell Phones with Plans'];
  const accessories = ['Cell Phones', 'Cell Phone Accessories', 'Cell Phone Camera Accessories'];
  const products = [
    bb('g5-titan', 'LG - G5 with 32GB Memory Cell Phone - Titan (Verizon)', phones, 619.99),
    bb('g5-silver', 'LG - G5 with 32GB Memory Cell Phone - Silver (Verizon)', phones, 549.99),
    bb('cam', 'LG - CAM Plus for LG G5 - Silver', accessories, 69.99),
    bb('vr', 'LG - 360 VR Headset for LG G5', accessories, 199.99),
  ];
  const { message, cards } = await answer(products, 'lg g5');
  assert.ok(cards.includes('cam'), 'the accessory is still shown');
  assert.match(message, /Самый доступный — LG - G5 with 32GB Memory Cell Phone - Silver \(Verizon\) за 549,99/);
});

test('the end of a model\'s name is not the product word: "iphone 7 plus 128gb" names an iPhone as the most affordable, not a case for the 7 Plus', async () => {
  const phones = ['Cell Phones', 'All Cell Phones with Plans'];
  const cases = ['Cell Phones', 'Cell Phone Accessories', 'Cell Phone Cases & Clips'];
  const products = [
    bb('i7-128', 'Apple - iPhone 7 128GB - Black (Verizon)', phones, 799.99),
    bb('i7-32', 'Apple - iPhone 7 32GB - Black (Verizon)', phones, 699.99),
    bb('case-a', 'Dynex™ - Case for Apple® iPhone® 6s Plus and 7 Plus - Rudolph', cases, 2.99),
    bb('case-b', 'Nomad - Case for Apple® iPhone® 7 Plus - Brown', cases, 59.99),
    // Products whose names end in "Plus" make "plus" a kind word of this catalogue.
    bb('cam', 'LG - CAM Plus', ['Cell Phones', 'Cell Phone Accessories'], 69.99),
    bb('cam2', 'LG - Friends CAM Plus', ['Cell Phones', 'Cell Phone Accessories'], 79.99),
  ];
  const { message, cards } = await answer(products, 'iphone 7 plus 128gb');
  assert.equal(cards[0], 'i7-128');
  // No card matches every word: the one of the size asked for (128 GB), an iPhone, not the $2.99
  // case; the cheaper 32 GB iPhone beside it makes the sentence say the size.
  assert.match(message, /Самый доступный из тех, что на 128 ГБ, — Apple - iPhone 7 128GB - Black \(Verizon\) за 799,99/);
});

test('the most affordable matches every word when some cards do: under "wireless charger for samsung" a wireless charger, not the cheaper wall charger beside them', async () => {
  const chargers = ['Cell Phones', 'Cell Phone Accessories', 'Chargers'];
  const products = [
    bb('wireless', 'Samsung - Wireless Charger - White', chargers, 49.99),
    bb('fast', 'Samsung - Fast Charge Wireless Charger - Black', chargers, 59.99),
    bb('pad', 'Samsung - SMS Wireless Charger for Select Samsung Devices - Black', chargers, 54.99),
    bb('wall', 'Samsung - Wall Charger - Black', chargers, 29.99),
  ];
  const { message, cards } = await answer(products, 'wireless charger for samsung');
  assert.ok(cards.includes('wall'), `the wall charger is shown too: ${cards.join(', ')}`);
  assert.match(message, /The most affordable is Samsung - Wireless Charger - White at 49.99/);
});

test('a brand and one product word: the cheapest card whose name says the word, though its last word is a colour the rules do not know', async () => {
  // Written as the Icecat feed writes its keyboards.
  const kb = (sku: string, name: string, price: number): CatalogProduct => ({ sku, name, brand: 'Logitech', categories: [], available: true, price, params: {} });
  const products = [
    kb('illuminated', 'Logitech Illuminated , US keyboard USB Black', 126.95),
    kb('k350', 'Logitech Wireless K350, US keyboard RF Wireless Black', 57.95),
    kb('k580', 'Logitech K580 keyboard RF Wireless + Bluetooth Graphite', 49.95),
    kb('k860', 'Logitech ERGO K860 keyboard RF Wireless + Bluetooth QWERTZ German Black', 140.94),
    { sku: 'mouse', name: 'Logitech M500 mouse USB Laser', brand: 'Logitech', categories: [], available: true, price: 29.95, params: {} },
  ];
  const index = buildCatalogIndex(products, { language: 'en' });
  const engine = createCatalogEngine({ catalogs: { get: () => index } });
  const r = await engine.answer({ tenant: tenant({ language: 'en' }), text: 'logitech keyboard', image: null, page: { type: 'HOMEPAGE' }, history: [], preferences: null, tracking, signal: new AbortController().signal });
  const message = messageOf(r.answer);
  assert.ok((productsOf(r.answer)?.value.map((c) => c.sku) ?? []).includes('k580'));
  assert.match(message, /The most affordable is Logitech K580 keyboard .* at \$49\.95/);
});

test('when close matches follow the exact ones, the answer says how many are exactly what was asked for, and names the cheapest of those', async () => {
  const products = [
    tv('c5', 'Телевизор LG OLED evo C5 65 дюймов', 1_099_990),
    tv('c5b', 'Телевизор LG OLED evo C5 65 дюймов, серебристый', 1_049_990),
    tv('g6', 'Телевизор LG OLED evo G6 77 дюймов', 3_399_990),
    tv('ua75', 'Телевизор LG UHD UA75 65 дюймов', 419_990),
    tv('b6', 'Телевизор LG OLED B6 83 дюйма', 3_299_990),
  ];
  const { message, cards } = await answer(products, 'oled телевизор 65 дюймов');
  assert.equal(cards.length, 5);
  assert.match(message, /^OLED телевизор 65 дюймов — вот 2 варианта и ещё 3 похожих\. Самый доступный — Телевизор LG OLED evo C5 65 дюймов, серебристый за 1 049 990/u);
  // All exact: the plain count, as before.
  const exact = await answer(products, 'oled телевизор');
  assert.match(exact.message, /^OLED телевизор — вот 4 варианта\./u);
});

test('a saved brand put before the exact cards: the answer counts every card alike, as the order no longer says which are exact', async () => {
  const products = [
    tv('c5', 'Телевизор LG OLED evo C5 65 дюймов', 1_099_990),
    tv('g6', 'Телевизор LG OLED evo G6 77 дюймов', 3_399_990),
    { ...tv('du7', 'Телевизор Samsung Crystal UHD DU7200 65 дюймов', 459_990), brand: 'Samsung' },
  ];
  const index = buildCatalogIndex(products, { language: 'ru' });
  const engine = createCatalogEngine({ catalogs: { get: () => index } });
  const ask = (preferences: { brands: string[] } | null) =>
    engine.answer({ tenant: tenant({ memory: true }), text: 'oled телевизор 65 дюймов', image: null, page: { type: 'HOMEPAGE' }, history: [], preferences, tracking, signal: new AbortController().signal });
  assert.match(messageOf((await ask(null)).answer), /— вот 1 вариант и ещё 2 похожих\./u);
  const liked = await ask({ brands: ['Samsung'] });
  assert.equal(productsOf(liked.answer)?.value[0]?.sku, 'du7');
  assert.match(messageOf(liked.answer), /— вот 3 варианта\./u);
});

test('a model asked for by the name its cards say ("iphone 15") names the cheapest phone, not a glass "для iPhone 15"; asked with its price ("сколько стоит iphone 15") the same, the question no search word', async () => {
  for (const text of ['iphone 15', 'сколько стоит iphone 15']) {
    const r = await ask(text);
    // Before: «Самый доступный — Защитное стекло Deppa для iPhone 15 за 990 ₽», and for the question «Точного совпадения с «сколько стоит» нет».
    assert.match(messageOf(r.answer), /^iPhone 15 — вот \d+ вариантов\. Самый доступный — Смартфон Apple iPhone 15 128 ГБ/u, text);
  }
});

test('"how much is the airpods pro": the price question is no search word; the AirPods Pro first, the rest said to be close ones', async () => {
  const products: CatalogProduct[] = [
    { sku: 'pro2', name: 'Apple AirPods Pro 2 Wireless Earbuds, USB-C', categories: ['Electronics', 'Headphones'], available: true, price: 199, params: {} },
    { sku: 'ap3', name: 'Apple AirPods (3rd generation) Wireless Earbuds', categories: ['Electronics', 'Headphones'], available: true, price: 169, params: {} },
    { sku: 'pixel', name: 'Google Pixel 8 Pro 128GB, Bay', categories: ['Electronics', 'Smartphones'], available: true, price: 999, params: {} },
    { sku: 'ip15p', name: 'Apple iPhone 15 Pro 128GB, Natural Titanium', categories: ['Electronics', 'Smartphones'], available: true, price: 999, params: {} },
  ];
  const [r] = await dialogOn(buildCatalogIndex(products, { language: 'en' }), 'en', ['how much is the airpods pro']);
  // Before: 'Nothing matches "much" exactly — here is the closest to your request.'
  assert.doesNotMatch(messageOf(r!), /much|Nothing matches/u);
  assert.equal(productsOf(r!)?.value[0]?.sku, 'pro2');
  assert.match(messageOf(r!), /^AirPods pro: here is 1 option, and 3 close ones\.$/u);
});

test('"iphone 15" where the cards are iPhones: both iPhone 15 phones come before the cases and glass for them, and the cheaper one is named', async () => {
  const phone = (sku: string, name: string, price: number): CatalogProduct => ({ sku, name, categories: ['Electronics', 'Smartphones'], available: true, price, params: {} });
  const forIt = (sku: string, name: string, price: number): CatalogProduct => ({ sku, name, categories: ['Electronics', 'Accessories', 'Phone Cases'], available: true, price, params: {} });
  const products: CatalogProduct[] = [
    phone('pink', 'Apple iPhone 15 256GB, Pink', 899),
    phone('black', 'Apple iPhone 15 128GB, Black', 799),
    forIt('silicone', 'Apple Silicone Case with MagSafe for iPhone 15, Black', 49),
    forIt('zagg', 'ZAGG InvisibleShield Glass Elite Screen Protector for iPhone 15', 39.99),
    forIt('spigen', 'Spigen Ultra Hybrid MagFit Case for iPhone 15, Clear', 17.99),
    forIt('otter', 'OtterBox Symmetry Case for iPhone 15, Black', 49.95),
    forIt('mujjo', 'Mujjo Leather Wallet Case for iPhone 15, Tan', 59.99),
  ];
  const [r] = await dialogOn(buildCatalogIndex(products, { language: 'en' }), 'en', ['iphone 15']);
  // Before: the 128 GB phone, a colour and size variant of the first, waited behind the five accessories and off the shelf.
  assert.deepEqual(productsOf(r!)?.value.slice(0, 2).map((c) => c.sku).sort(), ['black', 'pink']);
  assert.match(messageOf(r!), /The most affordable is Apple iPhone 15 128GB, Black at \$799\./u);
});

test('the budget a quick reply offers comes from the prices of what was asked for: "iphone 15" offers «До 100 000 ₽», not «До 7 000 ₽» from the cases beside the phones', async () => {
  const r = await ask('iphone 15');
  const suggests = r.answer.response.ui?.suggests ?? [];
  // Before: «До 7 000 ₽», a budget that keeps only the glass and the cases.
  assert.ok(suggests.includes('До 100 000 ₽'), suggests.join(' | '));
  assert.ok(!suggests.includes('До 7 000 ₽'), suggests.join(' | '));
});

test('an accessory naming the kind asked for only as what it is for is no option beside products of that kind ("espresso machine under 500")', async () => {
  const products: CatalogProduct[] = [
    { sku: 'b1', name: 'Breville Bambino Plus Espresso Machine, Brushed Stainless Steel', categories: ['Coffee Makers & Espresso Machines'], available: true, price: 499.95, params: {} },
    { sku: 'n1', name: 'Nespresso Vertuo Next Coffee and Espresso Machine by Breville, Black', categories: ['Coffee Makers & Espresso Machines'], available: true, price: 179, params: {} },
    { sku: 'f1', name: 'Philips AquaClean Water Filter CA6903 for Philips Espresso Machines', categories: ['Coffee Maker Accessories'], available: true, price: 19.99, params: {} },
    { sku: 'j1', name: 'Jura E8 Fully Automatic Coffee Machine, Piano Black', categories: ['Coffee Makers & Espresso Machines'], available: true, price: 1499, params: {} },
  ];
  const [r] = await dialogOn(buildCatalogIndex(products, { language: 'en' }), 'en', ['espresso machine under 500']);
  // Before: "here are 3 options", the water filter third.
  assert.deepEqual(productsOf(r!)?.value.map((c) => c.sku).sort(), ['b1', 'n1']);
  assert.match(messageOf(r!), /here are 2 options/u);
});

test('with no card matching every word, the most affordable is one of the size asked for ("монитор 24 дюйма": a 24" one whose name does not say "монитор", not a 19" monitor)', async () => {
  // As the computer shop files them: monitors under webcams, only some saying what they are.
  const webcams = ['Компьютеры', 'ВЕБКАМЕРЫ'];
  const products = [
    item('s24', '24" Samsung T240 HDMI/DVI/VGA/USB', webcams, 6726),
    item('a24', '24" Acer H243X 1920х1080 DVI/VGA без ноги', webcams, 5310),
    item('a19', '19" Acer V193HQ W', webcams, 2950, 'Монитор Acer 19 дюймов, разрешение 1366x768.'),
    item('s17', '17" Samsung 731BF Б/у', webcams, 3304, 'Монитор Samsung 17 дюймов.'),
    item('cam', 'Вебкамера Logitech C270', webcams, 1990),
    item('cable', 'Кабель питания комп->монитор 1.8м', ['Компьютеры', 'Кабели'], 236),
  ];
  const { message, cards } = await answer(products, 'монитор 24 дюйма');
  assert.deepEqual(cards.slice(0, 2).sort(), ['a24', 's24'], message);
  // The 19" and 17" monitors beside them are cheaper: the sentence says the size.
  assert.match(message, /Самый доступный из тех, что на 24 дюйма, — 24" Acer H243X/u);
});

test('the most affordable states what the title describes on its own card: under "Laser printer" a laser printer, not an inkjet whose description promises "laser-quality documents"', async () => {
  const printers = ['Printers'];
  const en = buildCatalogIndex(
    [
      item('inkjet', 'HP Deskjet 3940 inkjet printer Colour 1200 x 1200 DPI A2', printers, 52.45, 'Print everything from laser-quality documents to colour photos.', 'HP'),
      item('laserjet', 'HP LaserJet Pro P1102 Printer', printers, 110.95, 'A compact mono printer.', 'HP'),
      item('brother', 'Brother HL-L2350DW laser printer', printers, 129.95, 'Fast mono printing.', 'Brother'),
    ],
    { language: 'en' },
  );
  const [laser] = await dialogOn(en, 'en', ['laser printer']);
  assert.match(messageOf(laser!), /The most affordable is HP LaserJet Pro P1102 Printer at \$110\.95/u);
});

test('«пылесос для квартиры с котом» then «а подешевле?» on a shop whose vacuums are filed under "Vacuum Cleaners": the vacuums, not the USB desk vacuum under «АКСЕССУАРЫ» named the most affordable, and the note keeps «с»', async () => {
  const vacuums = ['Vacuum Cleaners'];
  const index = buildCatalogIndex(
    [
      item('m', 'Пылесос mini USB', ['АКСЕССУАРЫ'], 531),
      item('a', 'Компактный пылесос с простым контейнером, VC5320NNTR, 380 Вт', vacuums, 46990),
      item('b', 'Компактный пылесос с простым контейнером, VK69662N, 350 Вт', vacuums, 41990),
      item('c', 'Пылесос с системой прессования пыли Kompressor, VC83209UHA, 420 Вт', vacuums, 94990),
      item('d', 'Беспроводной пылесос LG CordZero A9N-PRIME, 160 Вт', vacuums, 149990),
    ],
    { language: 'ru' },
  );
  const [first, cheaper] = await dialogOn(index, 'ru', ['пылесос для квартиры с котом', 'а подешевле?']);
  // Before: «Самый доступный — Пылесос mini USB за 531 ₽», and «квартиры котом» after «а подешевле?».
  assert.match(messageOf(first!), /^Точного совпадения с «квартиры с котом» нет.*Самый доступный — Компактный пылесос с простым контейнером, VK69662N/u);
  assert.equal(productsOf(first!)?.value[0]?.sku === 'm', false);
  assert.match(messageOf(cheaper!), /^Точного совпадения с «квартиры с котом» нет/u);
});
