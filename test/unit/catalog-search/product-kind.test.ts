/**
 * The word naming each product's kind is read from the name words the index splits anyway,
 * and must be the one the buyer's rule reads from the name itself.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildColumns } from '../../../src/catalog/search/columns.ts';
import { KIND_SLOTS, productKinds, productKindWords } from '../../../src/catalog/search/product-type.ts';
import { stem } from '../../../src/catalog/search/stem.ts';
import { buildTextIndex } from '../../../src/catalog/search/text-index.ts';
import { tokenize, tokenizeForIndex, tokenizeName } from '../../../src/catalog/search/tokenize.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { runSearch, searchRequestOf } from '../../../src/catalog/search/relax.ts';

const NAMES = [
  'TP-Link Archer C6 Wi-Fi Router, white',
  'Кресло-качалка плетёное (ротанг), коричневое',
  'Адаптер PCI-E WiFi D-Link | 300 Мбит',
  'Slow Cooker Carry Bag; fits 6 qt',
  'Coffee Table Set',
  'Набор кастрюль из нержавеющей стали',
  '12 ft. 16/3 Indoor Extension Cord',
  'Dual-Core CPU',
];

/** The kind words the index keeps for each product, its categories given. */
function kindsWithCategories(docs: CatalogProduct[]): string[][] {
  const built = buildColumns(docs);
  const inv = buildTextIndex(docs, built.nameWordsOf);
  const { catNames, catOf, catOffsets } = built.columns;
  const terms = productKinds(docs.length, inv, built.nameFirstWords, (i) => docs[i]!.name, {
    names: catNames,
    pathOf: (i) => catOf.subarray(catOffsets[i], catOffsets[i + 1]),
  }).terms;
  return docs.map((_, i) => Array.from(terms.subarray(i * KIND_SLOTS, (i + 1) * KIND_SLOTS)).filter((t) => t >= 0).map((t) => inv.term(t)));
}

test('a name splits once: its index words, and its first part as a query is split', () => {
  for (const name of NAMES) {
    const { words, first } = tokenizeName(name);
    assert.deepEqual(words, tokenizeForIndex(name), name);
    assert.deepEqual(first, tokenize(name.split(/[,(|;]/, 1)[0] as string), name);
  }
});

test('the kind words the index keeps per product are those of the name', () => {
  const docs: CatalogProduct[] = NAMES.map((name, i) => ({ sku: `s${i}`, name, categories: ['Все'], available: true, params: {} }));
  const built = buildColumns(docs);
  const inv = buildTextIndex(docs, built.nameWordsOf);
  const terms = productKinds(docs.length, inv, built.nameFirstWords, (i) => docs[i]!.name).terms;
  const kinds = docs.map((_, i) => Array.from(terms.subarray(i * KIND_SLOTS, (i + 1) * KIND_SLOTS)).filter((t) => t >= 0).map((t) => inv.term(t)));
  assert.deepEqual(
    kinds,
    NAMES.map((name) => productKindWords(name).map(stem)),
  );
  // What the rule reads: the product word, not a colour, code or the words after "fits".
  assert.deepEqual(kinds.slice(0, 5), [['router'], ['кресл'], ['адаптер'], ['bag'], ['set', 'tabl']]);
});

test('a name whose kind word is none of its categories’ kinds takes its category’s: a Galaxy filed under phones is a phone', () => {
  const docs: CatalogProduct[] = [
    { sku: 'g1', name: 'Samsung - Galaxy S7 32GB - Platinum Gold (AT&T)', categories: ['Cell Phones', 'All Cell Phones with Plans'], available: true, params: {} },
    { sku: 'g2', name: 'Samsung - Galaxy Micro-USB-to-USB Adapter - White', categories: ['Cell Phones', 'Samsung Galaxy Accessories'], available: true, params: {} },
    { sku: 'g3', name: 'Insignia - USB Wall Adapter', categories: ['Cell Phones', 'Chargers & Adapters'], available: true, params: {} },
    { sku: 'g4', name: 'Samsung - Galaxy J3 Cell Phone - Black', categories: ['Cell Phones', 'All Cell Phones with Plans'], available: true, params: {} },
    // A series the shop also has a category for ("Samsung Galaxy") is still not what the product is.
    { sku: 'g5', name: 'Samsung - Galaxy J3 32GB - Black (Verizon)', categories: ['Cell Phones', 'All Cell Phones with Plans'], available: true, params: {} },
    { sku: 'g6', name: 'Смартфон Samsung Galaxy A55 8/256 ГБ', categories: ['Смартфоны'], available: true, params: {} },
  ];
  const kinds = kindsWithCategories(docs);
  assert.deepEqual(kinds, [
    // "Platinum" names no category: the category "… Phones with Plans" says what it is.
    ['platinum', 'phone'],
    // An adapter among accessories is an adapter, and an accessory.
    ['adapt', 'accessori'],
    // Its own category says adapters: the name says enough.
    ['adapt'],
    ['phone'],
    ['galaxi', 'phone'],
    ['смартфон'],
  ]);
  // Without categories, only the name counts.
  const built = buildColumns(docs);
  const nameOnly = productKinds(docs.length, buildTextIndex(docs, built.nameWordsOf), built.nameFirstWords, (i) => docs[i]!.name).terms;
  assert.equal(nameOnly[0 * KIND_SLOTS + 1], -1);
});

test('a Russian name of a model\'s code and what it is for says no kind: its category does ("F2102-B для ванной" is a mixer, not a bath)', () => {
  const docs: CatalogProduct[] = [
    { sku: 'm1', name: 'F2102-B для ванной', categories: ['Смесители', 'Смеситель "Frap" для ванной'], available: true, params: {} },
    { sku: 'm2', name: 'G2241для ванной', categories: ['Смесители', 'Смесители "Gappo" для ванной'], available: true, params: {} },
    { sku: 'm3', name: 'Смеситель для ванной KAIZER', categories: ['Смесители'], available: true, params: {} },
    // "З/У" is a charger in short: the category's word says it (before, the phone was its kind).
    { sku: 'm4', name: 'З/У для телефона', categories: ['ЗАРЯДНЫЕ УСТРОЙСТВА'], available: true, params: {} },
    // In English "for" is as often part of a line's name.
    { sku: 'm5', name: 'Philips NIVEA FOR MEN shaver HS8420/23', categories: ['Shavers'], available: true, params: {} },
  ];
  const kinds = kindsWithCategories(docs);
  assert.deepEqual(kinds, [[stem('смеситель')], [stem('смесители')], [stem('смеситель')], [stem('устройства')], ['shaver']]);
  assert.deepEqual(productKindWords('F2102-B для ванной'), []);
});

test('a name opening with a kind word of the synonym table is that kind whatever its category: an armchair filed under sofas is no sofa', () => {
  const docs: CatalogProduct[] = [
    { sku: 'a1', name: 'Кресло 1211-3', categories: ['Мебель', 'Диваны'], available: true, params: {} },
    { sku: 'a2', name: 'Планшет Acer A100', categories: ['БЛОКИ ПИТАНИЯ ATX'], available: true, params: {} },
    // The category's kind in another language is the same kind: kept.
    { sku: 'a3', name: 'Холодильник GC-B509 LG', categories: ['Refrigerators'], available: true, params: {} },
    // An adjective first: the category still says what it is ("камера" is no camera here).
    { sku: 'a4', name: 'Морозильная камера GC-B404 LG', categories: ['Refrigerators'], available: true, params: {} },
  ];
  const kinds = kindsWithCategories(docs);
  assert.deepEqual(kinds, [[stem('кресло')], [stem('планшет')], [stem('холодильник'), stem('refrigerators')], [stem('камера'), stem('refrigerators')]]);
});

test('a spec-sheet name says what it is before its first measure: a "computer monitor 68.6 cm … LED" is a monitor, a "printer kit" no printer', () => {
  const kinds = (name: string): string[] => productKindWords(name);
  // Brand, model, what it is in lower case, then the specifications.
  assert.deepEqual(kinds('AOC C27G2 computer monitor 68.6 cm (27") 1920 x 1080 pixels Full HD LED Black,Red'), ['monitor']);
  assert.deepEqual(kinds('HyperX FURY HX436C17FB3/16 memory module 16 GB DDR4 3600 MHz'), ['module']);
  assert.deepEqual(kinds('Canon LV-LP07 projector lamp 120 W UHP'), ['lamp']);
  assert.deepEqual(kinds('Samsung UE55RU7099UXZG TV 139.7 cm (55") 4K Ultra HD Smart TV Wi-Fi Black'), ['tv']);
  assert.deepEqual(kinds('Lenovo Legion Y540 Notebook Black 39.6 cm (15.6") 1920 x 1080 pixels 9th gen Intel® Core™ i5 16 GB DDR4-SDRAM'), ['notebook']);
  // The radio a keyboard uses is not what it is; a parts kit is not the machine it fits.
  assert.deepEqual(kinds('Logitech K580 keyboard RF Wireless + Bluetooth Graphite'), ['keyboard']);
  assert.deepEqual(kinds('HP CE487A printer kit Roller kit'), ['kit']);
  // Where the measure is part of what the product is, or the words before it are a brand's
  // capitalised names, or the whole name is in lower case, the rule before this one holds.
  assert.deepEqual(kinds('frigidaire 25.54 cu. ft. french door refrigerator'), ['refrigerator']);
  assert.deepEqual(kinds('bosch 500 series 24 in. dishwasher'), ['dishwasher']);
  assert.deepEqual(kinds("radabaugh counter height 26 '' dining table"), ['table']);
  assert.deepEqual(kinds('DYMO D1 Standard - Black on Yellow - 9mm label-making tape'), ['tape']);
  assert.deepEqual(kinds('Tripp Lite SmartPro 120V 3kVA 2.25kW Line-Interactive Sine Wave UPS, SNMP, Webcard'), ['ups']);
});

test('a spec-sheet name says what it is in lower case among capitalised brands, models and specifications', () => {
  const kinds = (name: string): string[] => productKindWords(name);
  // What it is, in lower case, after the brand and model; a count, a unit or a web address is no kind.
  assert.deepEqual(kinds('Lexmark 10E0045 printer roller Printer transfer roller 100000 pages'), ['roller']);
  assert.deepEqual(kinds('Lexmark C734X20G imaging unit 20000 pages'), ['unit']);
  assert.deepEqual(kinds('Xerox Phaser 5550V_DN laser printer 1200 x 1200 DPI'), ['printer']);
  assert.deepEqual(kinds('Intel Core E8200 processor 2.66 GHz Box 6 MB L2'), ['processor']);
  assert.deepEqual(kinds('HERMA 5577 self-adhesive label Multicolor Rectangle Permanent 6 pc(s)'), ['label']);
  assert.deepEqual(kinds('Varta CR2450 Single-use battery Lithium'), ['battery']);
  // After a title with "with" in it, the word that names a kind of product.
  assert.deepEqual(kinds('Adesso Tru-Form™ Media - Contoured Ergonomic with Hot Key keyboard USB + PS/2 QWERTY Black'), ['keyboard']);
  assert.deepEqual(kinds('Lenovo NON 17keys numeric USB black keyboard'), ['keyboard']);
  // The second half of a capitalised model's name is not the kind; a model code starting with digits is no count.
  assert.deepEqual(kinds('AOC Basic-line 27B2H computer monitor 68.6 cm (27") 1920 x 1080 pixels Full HD LED Black'), ['monitor']);
  assert.notDeepEqual(kinds('StarTech.com 25 ft Orange Molded Category 5e (350 MHz) UTP Patch Cable networking cable 7.62 m'), ['com']);
  assert.notDeepEqual(kinds('HP 338 Original Photo black 1 pc(s)'), ['pc']);
  // What a product comes with is not what it is.
  assert.deepEqual(kinds('AXI Pirate Flag with lift system'), ['flag']);
  // "Brand - Title - Colour": lower case there is a product line or a brand, not a kind.
  assert.deepEqual(kinds('Incipio - feather SHINE Ultrathin Shell Case for Apple® iPhone® 5c - Silver'), ['case']);
  assert.deepEqual(kinds('kate spade new york - Protective Hardshell Case for Apple® iPhone® 7 - Silver/Gold foil/Confetti dot clear'), ['case']);
  assert.deepEqual(kinds('mophie - Juice Pack External Battery Case for Samsung Galaxy S7 edge - Black'), ['case']);
  assert.deepEqual(kinds('Samsung - Galaxy S7 edge 32GB - Gold Platinum (Sprint)'), productKindWords('Samsung - Galaxy S7 32GB - Gold Platinum (Sprint)'));
  assert.deepEqual(kinds('LifeProof - nuud for iPhone 6s Plus case - Black'), ['case']);
  // Names in one case are read by the order of their words.
  assert.deepEqual(kinds('solid wood platform bed with storage'), ['bed']);
});

test('a spelled-out name is also of its short word\'s kind: an "internal solid state drive" is an SSD, an "internal hard drive" an HDD', () => {
  assert.deepEqual(productKindWords('Verbatim 49364 internal solid state drive M.2 1000 GB'), ['ssd', 'drive']);
  assert.deepEqual(productKindWords('Seagate Barracuda internal hard drive 3.5" 2000 GB Serial ATA III'), ['hdd', 'drive']);
  // A laptop that has an SSD is still a laptop.
  assert.deepEqual(productKindWords('Lenovo Legion Y540 Notebook Black 39.6 cm (15.6") 1920 x 1080 pixels 9th gen Intel® Core™ i5 16 GB DDR4-SDRAM 512 GB SSD'), ['notebook']);
});

test('a name that says no kind takes the one its Russian description opens with; a name that does keeps its own', () => {
  assert.deepEqual(productKindWords('17" Samsung 731BF 1024х1280 DVI/VGA Б\\У', 'Монитор Samsung 731BF DVI/VGA')[0], 'монитор');
  assert.deepEqual(productKindWords('_2.0Tb Toshiba MQ01ABB200 5400 SATA3*', '"Жесткие диски / Toshiba / MQ01ABB200 / 2TB')[0], 'диски');
  // A name saying a kind of the synonym table keeps it, whatever the description opens with;
  // a Russian name is read as it is.
  assert.deepEqual(productKindWords('Logitech M185 wireless mouse', 'Кабель в комплекте')[0], 'mouse');
  assert.deepEqual(productKindWords('Кабель питания Gembird 1.8м', 'Монитор не входит')[0], 'кабель');
  // A description opening with a verb or an adverb says no kind.
  assert.notEqual(productKindWords('Galaxy S26', 'Слушайте музыку в наушниках Galaxy Buds.')[0], 'слушайте');
  assert.notEqual(productKindWords('X100 Pro', 'Идеально подходит для дома')[0], 'идеально');
});

test('a category whose names say other kinds gives none of them its kind, nor filters a search by its name: a feed\'s "ВИДЕОРЕГИСТРАТОРЫ" of cables', () => {
  const misfiled = ['Кабель USB 3.0 AM-BM 1.8м', 'Кабель Foto USB для фотоаппарата', 'Удлинитель USB 2.0 3м', 'Удлинитель microUSB 1м', 'Разветвитель питания 1->4', 'Камера 3.6mm день/ночь'];
  const docs: CatalogProduct[] = [
    ...misfiled.map((name, i) => ({ sku: `c${i}`, name, categories: ['ВИДЕОРЕГИСТРАТОРЫ'], available: true, params: {} })),
    ...['Live', 'X310', 'Mini 3'].map((model, i) => ({ sku: `d${i}`, name: `Видеорегистратор Garmin Dash Cam ${model}`, categories: ['Навигация'], available: true, params: {} })),
    // A category whose names say its kind by a diminutive or with parts beside it stays trusted.
    ...['Батарея AA VARTA', 'Батарея AA Panasonic', 'Батарея AAA Duracell', 'Аккумулятор AA ROBITON', 'Аккумулятор AAA GP'].map((name, i) => ({ sku: `b${i}`, name, categories: ['БАТАРЕЙКИ/АКУМУЛЯТОРЫ'], available: true, params: {} })),
  ];
  const kinds = kindsWithCategories(docs);
  assert.deepEqual(kinds.slice(0, 3), [[stem('кабель')], [stem('кабель')], [stem('удлинитель')]]);
  assert.equal(kinds[6]![0], stem('видеорегистратор'));
  // The rechargeable one is a battery too.
  assert.ok(kinds[12]!.includes(stem('батарейки')), String(kinds[12]));

  const index = buildCatalogIndex(docs, { language: 'ru' });
  const parsed = index.parseDetailed('видеорегистратор');
  assert.equal(parsed.filters.categories, undefined, 'no filter by the misfiled category');
  const hits = runSearch(index, searchRequestOf(parsed), 6).hits.filter((h) => h.ofKind === true);
  assert.deepEqual(hits.map((h) => h.product.sku).sort(), ['d0', 'd1', 'd2']);
  assert.deepEqual(index.parseDetailed('батарейка AA').filters.categories, ['БАТАРЕЙКИ/АКУМУЛЯТОРЫ']);
});

test('a category whose names say its kind by a synonym is kept: the computer shop\'s "SVGA …" cards under "ВИДЕОКАРТЫ" for "видеокарта"', () => {
  // The shop names its desktop cards "SVGA …" and files them with tuners and cables; its few
  // notebook cards, named "Видеокарта NB …", are filed under the notebook parts.
  const desktop = ['SVGA AGP 512Mb ATI 4650 SAPPHIRE BOX', 'SVGA PCI-E 2Gb GF-750Ti PALIT STORMX', 'SVGA PCI-E 4Gb ATI R9 380X G1 Gigabyte', 'SVGA PCI-E 1GB GF-660GTX б/у', 'SVGA PCI-E 6Gb GF-Tit GTXTITANBLACK ASUS'];
  const docs: CatalogProduct[] = [
    ...desktop.map((name, i) => ({ sku: `s${i}`, name, categories: ['ВИДЕОКАРТЫ / TV-ТЮНЕРЫ / MP3'], available: true, params: {} })),
    ...['Кабель OTG microUSB->USB Gembird', 'Медиаплеер NETGEAR EVA-700-100 WiFi', 'TV Тюнер USB AVerMedia Volar GPS 805', 'Адаптер MHL Cablexpert Samsung A-MHL 003'].map((name, i) => ({ sku: `o${i}`, name, categories: ['ВИДЕОКАРТЫ / TV-ТЮНЕРЫ / MP3'], available: true, params: {} })),
    ...['Видеокарта NB TOSHIBA A200 ATI', 'Видеокарта NB GF 8600 512Mb DELL'].map((name, i) => ({ sku: `n${i}`, name, categories: ['NB АКСЕСУАРЫ'], available: true, params: {} })),
  ];
  const index = buildCatalogIndex(docs, { language: 'ru' });
  for (const text of ['видеокарта', 'видеокарты']) {
    const hits = runSearch(index, searchRequestOf(index.parseDetailed(text)), 6).hits;
    // Before: the two notebook cards alone, as if the category held none of the kind.
    assert.deepEqual(hits.slice(0, 5).map((h) => h.product.sku).sort(), ['s0', 's1', 's2', 's3', 's4'], text);
  }
});

test('a name opening with an abbreviation in capitals and a size is of the abbreviation\'s kind: "SSD 120Gb Kingston UV400" is an SSD', () => {
  // Before: of kind "kingston", "pro" and "uv" (the words before the model codes).
  assert.deepEqual(productKindWords('SSD  120Gb Kingston UV400           SATA3'), ['ssd']);
  assert.deepEqual(productKindWords('SSD 1.0Tb  Samsung 850 Pro          SATA3'), ['ssd']);
  assert.deepEqual(productKindWords('SSD  240GB PALIT UV-S               SATA3'), ['ssd']);
  assert.deepEqual(productKindWords('HDD 1Tb Seagate ST1000VX000 VS35 64/7200'), ['hdd']);
  // Not a brand in capitals before a size and the kind ("LG 9кг стиральная машина", "ASUS 15.6\" laptop").
  assert.ok(!productKindWords('LG 9кг стиральная машина').includes('lg'));
  assert.ok(!productKindWords('ASUS 15.6" laptop X515').includes('asus'));
  const drives = buildCatalogIndex(
    [
      { sku: 's1', name: 'SSD 1.0Tb  Samsung 850 Pro          SATA3', categories: ['ЖЕСТКИЕ ДИСКИ'], available: true, price: 45666, params: {} },
      { sku: 's2', name: 'SSD  480Gb Kingston A400            SATA3', categories: ['ЖЕСТКИЕ ДИСКИ'], available: true, price: 3900, params: {} },
      { sku: 's3', name: 'SSD  250Gb Samsung 850 EVO          SATA3', categories: ['ЖЕСТКИЕ ДИСКИ'], available: true, price: 5900, params: {} },
      { sku: 'h1', name: 'HDD 1Tb WD1003FBYX WD RE4 Server SATA3', categories: ['ЖЕСТКИЕ ДИСКИ'], available: true, price: 7670, params: {} },
      { sku: 'h2', name: 'HDD 1Tb Seagate ST1000VX000 VS35 64/7200', categories: ['ЖЕСТКИЕ ДИСКИ'], available: true, price: 4500, params: {} },
    ],
    { language: 'ru' },
  );
  const run = runSearch(drives, searchRequestOf(drives.parseDetailed('ssd на 1 тб')), 6);
  const skus = run.hits.map((h) => h.product.sku);
  assert.equal(skus[0], 's1');
  assert.ok(run.hits[0]?.ofKind, 'the 1 TB SSD is of the kind asked for');
});

test('two abbreviations joined by a hyphen, a code and a size open a name of the second abbreviation\'s kind: "SO-DIMM DDR3 8Gb Kingston" is a DIMM, found as laptop memory', () => {
  // Before: of kind "kingston" (the word after the size), so no memory for «оперативка».
  assert.deepEqual(productKindWords('SO-DIMM DDR3 8Gb Kingston    PC12800/1600'), ['dimm']);
  assert.deepEqual(productKindWords('SO-DIMM DDR1  512Mb Samsung        PC2100'), ['dimm']);
  // A word joined that is no abbreviation in capitals names no kind.
  assert.ok(!productKindWords('Wi-Fi 300Mbps TP-Link router').includes('fi'));
  const memory = buildCatalogIndex(
    [
      { sku: 'sd', name: '.SD RAM 128MB PC133', categories: ['МОДУЛИ ПАМЯТИ'], available: true, price: 1062, params: {} },
      { sku: 'sd2', name: '.SD RAM 256MB PC133', categories: ['МОДУЛИ ПАМЯТИ'], available: true, price: 1652, params: {} },
      { sku: 'nb1', name: 'SO-DIMM DDR1  256Mb', categories: ['МОДУЛИ ПАМЯТИ ДЛЯ NB'], available: true, price: 1003, params: {} },
      { sku: 'k8', name: 'SO-DIMM DDR3 8Gb Kingston    PC12800/1600', categories: ['З/П ДЛЯ ТЕЛЕФОНОВ ПЛАНШЕТОВ'], available: true, price: 6844, params: {} },
      { sku: 'p8', name: 'SO-DIMM DDR3 8Gb Patriot     PC10600/1333', categories: ['З/П ДЛЯ ТЕЛЕФОНОВ ПЛАНШЕТОВ'], available: true, price: 7080, params: {} },
      { sku: 'h2', name: 'SO-DIMM DDR3 2Gb Hynix       PC12800/1600', categories: ['З/П ДЛЯ ТЕЛЕФОНОВ ПЛАНШЕТОВ'], available: true, price: 2124, params: {} },
      { sku: 'd8', name: 'DDR3  8Gb 1600MHz PC12800 KINGSTON', categories: ['МОДУЛИ ПАМЯТИ'], available: true, price: 8850, params: {} },
      { sku: 'ch', name: 'Зарядное устройство для телефона micro USB 2A', categories: ['З/П ДЛЯ ТЕЛЕФОНОВ ПЛАНШЕТОВ'], available: true, price: 350, params: {} },
    ],
    { language: 'ru' },
  );
  // Before: the SD RAM modules (of kind "ram") and nothing with DDR3.
  const run = runSearch(memory, searchRequestOf(memory.parseDetailed('оперативка для ноутбука 8 гб ddr3')), 6);
  assert.deepEqual(run.hits.slice(0, 2).map((h) => h.product.sku).sort(), ['k8', 'p8']);
  const ddr3 = runSearch(memory, searchRequestOf(memory.parseDetailed('оперативка для ноутбука ddr3')), 6);
  assert.deepEqual(ddr3.hits.slice(0, 3).map((h) => h.product.sku).sort(), ['h2', 'k8', 'p8']);
});

test('a desktop computer asked for by any of its names finds the computers a shop names "ПК", before services and parts that mention one, and a power supply is no computer', () => {
  const names = [
    'ремонт ПК',
    'Сборка ПК',
    'удаление вирусов с ПК',
    'Кабель USB<->USB Gembird для связи ПК',
    'Бп 500Вт. FSP 500 ATX',
    'Бп 700Вт. Deepcool Aurora DA700R ATX',
    'Системный спикер',
    'ПК i3/2/',
    'ПК Atom410/2/250/InWin',
    'Мышь беспроводная Logitech',
  ];
  const index = buildCatalogIndex(
    names.map((name, i): CatalogProduct => ({ sku: `c${i}`, name, categories: [], available: true, params: {} })),
    { language: 'ru' },
  );
  for (const query of ['системный блок', 'компьютер', 'пк']) {
    const run = runSearch(index, searchRequestOf(index.parseDetailed(query)), 6);
    assert.deepEqual(
      run.hits.slice(0, 2).map((h) => h.product.name).sort(),
      ['ПК Atom410/2/250/InWin', 'ПК i3/2/'],
      `${query}: ${run.hits.map((h) => h.product.name).join(' | ')}`,
    );
  }
  // "блок" of "системный блок" names a computer: a power supply ("Бп", a "блок питания") is not one.
  const run = runSearch(index, searchRequestOf(index.parseDetailed('системный блок')), 10);
  const supplies = run.hits.filter((h) => h.product.name.startsWith('Бп'));
  assertEvery(supplies, (h) => h.ofKind !== true, supplies.map((h) => `${h.product.name}: ${h.ofKind}`).join(', '));
});

test('an abbreviation joined to a Russian noun says what the noun is for: a "ТВ-тюнер" is a tuner, and "телевизор до 30000" where every TV costs more shows the TVs, closest first, not the tuners', () => {
  assert.deepEqual(productKindWords('ТВ-тюнер DVB-T/T2 с медиаплеером SEE-121').slice(0, 1), ['тюнер']);
  assert.deepEqual(productKindWords('USB-хаб Orico 4 порта').slice(0, 1), ['хаб']);
  const docs: CatalogProduct[] = [
    { sku: 't1', name: 'ТВ-тюнер DVB-T/T2 с медиаплеером SEE-121', categories: ['ВИДЕОКАРТЫ / TV-ТЮНЕРЫ / MP3'], available: true, price: 2950, params: {} },
    { sku: 't2', name: 'TV Тюнер USB AVerMedia Volar GPS 805', categories: ['ВИДЕОКАРТЫ / TV-ТЮНЕРЫ / MP3'], available: true, price: 2006, params: {} },
    { sku: 'c1', name: 'Кабель телевиз. Gemb. Coaxial M/M 1.8м.', categories: ['КАБЕЛИ'], available: true, price: 177, params: {} },
    { sku: 'v1', name: '32-дюймовый телевизор LG SMART TV AI LB65 FHD 2026', categories: ['TV & Soundbars'], available: true, price: 124_990, params: {} },
    { sku: 'v2', name: '50-дюймовый телевизор Smart TV LG NANO 4K UHD AI NU85 2026', categories: ['TV & Soundbars'], available: true, price: 239_990, params: {} },
  ];
  const index = buildCatalogIndex(docs, { language: 'ru' });
  const tvs = runSearch(index, searchRequestOf(index.parseDetailed('телевизор до 30000')), 6);
  // Before: the TV tuner alone, titled «Телевизор до 30 000 ₽».
  assert.deepEqual(tvs.hits.map((h) => h.product.sku), ['v1', 'v2']);
  assert.deepEqual(tvs.relaxed, ['price']);
  // "тв тюнер" asks for a tuner: the tuners within the budget, of the kind asked for.
  const tuners = runSearch(index, searchRequestOf(index.parseDetailed('тв тюнер до 5000')), 6);
  assert.deepEqual(tuners.hits.map((h) => h.product.sku).sort(), ['t1', 't2']);
  assertEvery(tuners.hits, (h) => h.ofKind === true, 'tuners of the kind asked for');
});
