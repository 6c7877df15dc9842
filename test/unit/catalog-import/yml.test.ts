import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import iconv from 'iconv-lite';
import { collectBytes, collectFile, FEEDS, needsData, reasons } from './helpers.ts';

const YML = `${FEEDS}yml/`;

void test('real YML feeds: product and skipped counts match what the shops published', { skip: needsData }, async () => {
  // Offer counts from ../shared/data/SOURCES.md; garminko repeats 90 ids (102 extra offers).
  const expected: Record<string, [number, number]> = {
    'santechtula_ru_yandex_cp1251.xml': [1405, 0],
    'b59_ru_yandex_cp1251.xml': [3739, 0],
    'newbar_ru_yandex_cp1251.xml': [1149, 0],
    'styx_ru_yandex_cp1251.xml': [375, 0],
    'garminko_ru_feed.xml': [662, 102],
    'lgkz_yandex_feed.xml': [320, 0],
    'yml_library_fixture_valid_feed.xml': [8, 0],
  };
  for (const [file, [products, skipped]] of Object.entries(expected)) {
    const r = await collectFile(YML + file);
    assert.equal(r.products.length, products, `${file} products`);
    assert.equal(r.skipped.length, skipped, `${file} skipped`);
  }
});

void test('garminko: a repeated offer id keeps the first offer and reports the later ones', { skip: needsData }, async () => {
  const r = await collectFile(`${YML}garminko_ru_feed.xml`);
  assert.deepEqual(reasons(r.skipped), { 'duplicate id': 102 });
  assert.equal(r.skipped.filter((s) => s.offerId === 'BLACK').length, 5);
  assert.equal(new Set(r.skipped.map((s) => s.offerId)).size, 90);
  const black = r.bySku.get('BLACK');
  assert.equal(black?.name, 'Ремень нейлоновый FlexMove QuickFit 22мм BLACK');
  // UTF-8 feed, currency RUR (YML's old code for the rouble), no <url> at all.
  assertEvery(r.products, (p) => p.currency === 'RUB' && p.url === undefined && p.brand === 'Garmin');
});

void test('windows-1251 feeds: Cyrillic names, category paths from the parentId tree, prices', { skip: needsData }, async () => {
  const newbar = await collectFile(`${YML}newbar_ru_yandex_cp1251.xml`);
  const bl45 = newbar.bySku.get('23');
  assert.equal(bl45?.name, 'BL45');
  assert.deepEqual(bl45?.categories, ['Мебель', 'Барные стойки', 'Станции официанта']);
  assert.equal(bl45?.categoryId, '87');
  assert.equal(bl45?.price, 12000);
  assert.equal(bl45?.currency, 'RUB');
  assert.equal(bl45?.url, 'http://newbar.ru/catalog/87/23/?r1=yandext&r2=');
  assert.match(bl45?.description ?? '', /^120х70х76 см\nВся мебель сделана из плиты австрийского концерна EGGER/);

  const santech = await collectFile(`${YML}santechtula_ru_yandex_cp1251.xml`);
  const p48 = santech.bySku.get('48');
  assert.equal(p48?.name, 'Американка HJ-3/4 F*3/4M');
  assert.deepEqual(p48?.categories, ['Фитинги', 'Американка латунная']);
  assert.equal(p48?.price, 97);
  // Three offers have no <picture>: they import without an image.
  assert.equal(santech.products.filter((p) => p.imageUrl === undefined).length, 3);

  const b59 = await collectFile(`${YML}b59_ru_yandex_cp1251.xml`);
  // Names are trimmed and inner runs of spaces collapsed.
  assert.equal(b59.bySku.get('4680')?.name, '--146ГБ ST Cheetah 15K.6 ST3146356SS SAS');
  assert.deepEqual(b59.bySku.get('4680')?.categories, ['ЖЕСТКИЕ ДИСКИ']);
  assertEvery(b59.products, (p) => !/[ÐÑ]|Р[ЎЃ]/.test(p.name), 'no mojibake');
});

void test('styx: params, oldprice, empty vendor, and UTF-8 links written into a windows-1251 feed', { skip: needsData }, async () => {
  const r = await collectFile(`${YML}styx_ru_yandex_cp1251.xml`);
  const gel = r.bySku.get('750');
  assert.equal(gel?.name, 'Гель Антикуперозный с Центеллой Азиатской, 400 мл');
  assert.equal(gel?.price, 4528);
  assert.equal(gel?.oldPrice, 5660);
  assert.equal(gel?.params['Артикул'], '83074');
  assert.equal(gel?.params['СРЕДСТВО'], 'Гель');
  assert.equal(gel?.brand, undefined, 'empty <vendor/> gives no brand');
  assert.deepEqual(gel?.categories, ['Серии', 'Aroma Derm тело']);
  // The feed's links are UTF-8 bytes of "стикс.рф" inside a windows-1251 document.
  assert.equal(new URL(gel?.url ?? 'x:').hostname, 'xn--h1aetcc.xn--p1ai');
  assertEvery(r.products, (p) => p.oldPrice !== undefined && Object.keys(p.params).length > 0);
  // Entities inside the text (&quot;) are decoded.
  assert.ok(r.products.some((p) => p.name.includes('"')));
  assertEvery(r.products, (p) => !p.name.includes('&quot;'));
});

void test('lgkz: available="false" offers are kept as not available; KZT prices', { skip: needsData }, async () => {
  const r = await collectFile(`${YML}lgkz_yandex_feed.xml`);
  assert.equal(r.products.filter((p) => !p.available).length, 184);
  const tv = r.bySku.get('21496');
  assert.equal(tv?.available, false);
  assert.equal(tv?.name, '43 дюймовый телевизор Smart TV LG UHD AI UA73 4K 2025 года');
  assert.equal(tv?.price, 179990);
  assert.equal(tv?.currency, 'KZT');
  assert.equal(tv?.brand, 'LG Electronics');
  assert.deepEqual(tv?.categories, ['TV & Soundbars'], '&amp; in a category name is decoded');
  assert.equal(tv?.description, undefined);
});

void test('every YML offer type gets the name a buyer would recognise', { skip: needsData }, async () => {
  const r = await collectFile(`${YML}yml_library_fixture_valid_feed.xml`);
  const names = Object.fromEntries(r.products.map((p) => [p.sku, p.name]));
  assert.deepEqual(names, {
    '1511AB': 'Принтер Brother 331', // simple
    A1VV: 'Сэндвичница Brand K220Y9', // vendor.model: typePrefix + vendor + model
    '755B': 'Александра Маринина — Все не так. В 2 томах. Том 1', // book: author + name
    '888AB': "Владимир Кунин — Иваnов и Rабинович, или Аj'гоу ту 'Хаjфа!", // audiobook
    '1511AT': 'Свадьба Мюриэл', // artist.title without an artist: the title
    '12541M': 'БАД Селен-актив n30 таблетки', // medicine
    '123144ET': 'Дмитрий Хворостовский и Национальный филармонический оркестр России...', // event-ticket
    ALCO111: 'Игристое вино брют розовое Santa Margherita Rose Италия, 0.75 л', // alco
  });
});

void test('YML fixture: prices, currencies, categories, params with units, HTML descriptions', { skip: needsData }, async () => {
  const r = await collectFile(`${YML}yml_library_fixture_valid_feed.xml`);
  const printer = r.bySku.get('1511AB');
  assert.equal(printer?.price, 80990);
  assert.equal(printer?.oldPrice, 89990);
  assert.equal(printer?.currency, 'RUB', 'RUR is normalised to RUB');
  assert.equal(printer?.brand, 'Brother');
  assert.deepEqual(printer?.categories, ['Принтеры']);
  assert.equal(printer?.imageUrl, 'https://example.shop/img/model_1.jpg');
  assert.equal(printer?.description, 'Принтер Brother.\nНеплохой.', 'CDATA HTML becomes text');
  assert.equal(printer?.params['Цвет'], 'черный, black', 'a repeated param keeps both values');
  assert.equal(printer?.params['Размер дисплея'], '5.6 дюйм');
  assert.equal(printer?.params['vendorCode'], 'ABC1234');

  const book = r.bySku.get('755B');
  assert.deepEqual(book?.categories, ['Книги', 'Боевики']);
  assert.equal(book?.imageUrl, 'https://example.shop/img/model_2.jpg', 'first picture');
  assert.equal(book?.params['ISBN'], '978-5-699-23647-3');
  assert.equal(book?.params['author'], 'Александра Маринина');

  const sandwich = r.bySku.get('A1VV');
  assert.deepEqual(sandwich?.categories, [], 'categoryId 101 is not declared');
  assert.equal(sandwich?.categoryId, '101');
  assert.equal(sandwich?.params['Мощность'], '750 Вт');

  const wine = r.bySku.get('ALCO111');
  assert.equal(wine?.params['Объем'], '0.75 л');
  assert.equal(wine?.price, 1750);
  assert.equal(wine?.oldPrice, undefined, 'an oldprice below the price is not a discount');

  const medicine = r.bySku.get('12541M');
  assert.equal(medicine?.oldPrice, undefined);
  assert.equal(medicine?.currency, 'RUB');
});

function ymlDoc(offers: string, categories = '<category id="1">Root</category><category id="2" parentId="1">Leaf</category>'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE yml_catalog SYSTEM "shops.dtd">
<yml_catalog date="2024-01-01 00:00"><shop><name>T</name><url>https://shop.example/</url>
<categories>${categories}</categories><offers>${offers}</offers></shop></yml_catalog>`;
}

void test('YML validation: missing id, missing name, bad price, negative price are skipped with reasons', async () => {
  const r = await collectBytes(
    ymlDoc(`
      <offer><name>No id</name><price>1</price></offer>
      <offer id="a"><price>1</price></offer>
      <offer id="b"><name>Bad price</name><price>12 рублей</price></offer>
      <offer id="c"><name>Negative</name><price>-5</price></offer>
      <offer id="d"><name>  Good
         one  </name><price>1 234,50</price><categoryId>2</categoryId><picture>/img/d.jpg</picture></offer>
      <offer id="e"><name>No price</name></offer>`),
  );
  assert.deepEqual(
    r.skipped.map((s) => [s.offerId, s.reason]),
    [
      [null, 'missing id'],
      ['a', 'missing name'],
      ['b', 'invalid price "12 рублей"'],
      ['c', 'invalid price "-5"'],
    ],
  );
  assert.equal(r.products.length, 2);
  const d = r.bySku.get('d');
  assert.equal(d?.name, 'Good one');
  assert.equal(d?.price, 1234.5);
  assert.deepEqual(d?.categories, ['Root', 'Leaf']);
  assert.equal(d?.imageUrl, 'https://shop.example/img/d.jpg', 'relative picture resolved against the shop url');
  assert.equal(r.bySku.get('e')?.price, undefined);
});

void test('YML windows-1251 in tiny chunks: multi-byte boundaries and entities survive', async () => {
  const doc = `<?xml version="1.0" encoding="windows-1251"?>
<!DOCTYPE yml_catalog SYSTEM "shops.dtd">
<yml_catalog><shop><categories><category id="1">Смесители</category><category id="2" parentId="1">Для кухни</category><category id="3" parentId="3">Цикл</category></categories>
<offers><offer id="1" available="true"><name>Смеситель &quot;Ёлка&quot; &amp;nbsp;№1</name><price>990</price><currencyId>RUR</currencyId><categoryId>2</categoryId>
<description>&lt;p&gt;Хороший &lt;b&gt;смеситель&lt;/b&gt;&lt;/p&gt;&lt;ul&gt;&lt;li&gt;латунь&lt;/li&gt;&lt;/ul&gt;</description>
<param name="Материал">латунь</param></offer>
<offer id="2"><name>Петля</name><price>1</price><categoryId>3</categoryId></offer></offers></shop></yml_catalog>`;
  const r = await collectBytes(iconv.encode(doc, 'win1251'), { chunkSize: 3 });
  assert.equal(r.skipped.length, 0);
  const p = r.bySku.get('1');
  assert.equal(p?.name, 'Смеситель "Ёлка" №1');
  assert.deepEqual(p?.categories, ['Смесители', 'Для кухни']);
  assert.equal(p?.description, 'Хороший смеситель\nлатунь');
  assert.equal(p?.params['Материал'], 'латунь');
  assert.equal(p?.currency, 'RUB');
  assert.deepEqual(r.bySku.get('2')?.categories, ['Цикл'], 'a parentId cycle does not hang');
});

void test('YML cut off in the middle of an offer: earlier offers kept, the cut one reported', async () => {
  const doc = ymlDoc('<offer id="1"><name>One</name><price>1</price></offer><offer id="2"><name>Two</name><pri');
  const cut = doc.slice(0, doc.lastIndexOf('<pri') + 4);
  const r = await collectBytes(cut);
  assert.deepEqual(
    r.products.map((p) => p.sku),
    ['1'],
  );
  assert.deepEqual(r.skipped, [{ offerId: '2', reason: 'incomplete offer: the feed ends inside it' }]);
});

void test('YML description: long text is capped with an ellipsis, unescaped HTML keeps line breaks', async () => {
  const long = 'слово '.repeat(1000);
  const r = await collectBytes(
    ymlDoc(`<offer id="1"><name>A</name><description>${long}</description></offer>
      <offer id="2"><name>B</name><description><p>First</p><p>Second &amp; third</p></description></offer>`),
  );
  const a = r.bySku.get('1')?.description ?? '';
  assert.ok(a.length <= 2000 && a.endsWith('…'), `length ${a.length}`);
  assert.equal(r.bySku.get('2')?.description, 'First\nSecond & third');
});

void test('YML vendor.model offer without typePrefix, and an unknown element order', async () => {
  const r = await collectBytes(
    ymlDoc(`<offer id="vm" type="vendor.model"><model>X100</model><vendor>Acme</vendor><price>5</price></offer>
            <offer id="at" type="artist.title"><artist>Queen</artist><title>A Night at the Opera</title></offer>`),
  );
  assert.equal(r.bySku.get('vm')?.name, 'Acme X100');
  assert.equal(r.bySku.get('vm')?.brand, 'Acme');
  assert.equal(r.bySku.get('at')?.name, 'Queen — A Night at the Opera');
});
