import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collectBytes, collectFile, FEEDS, needsData } from './helpers.ts';

const GM = `${FEEDS}google_merchant/`;

void test('real Merchant feeds: every item imports', { skip: needsData }, async () => {
  const expected: Record<string, number> = {
    'italy_shop_pl_google_rss.xml': 498,
    'importpc_cz_google_rss_first200.xml': 200,
    'samsung_kz_ru_google_atom_first150.xml': 150,
  };
  for (const [file, count] of Object.entries(expected)) {
    const r = await collectFile(GM + file);
    assert.equal(r.products.length, count, file);
    assert.deepEqual(r.skipped, [], file);
  }
});

void test('italy_shop (RSS): "550.00 PLN" prices, sale price becomes the price, Polish text', { skip: needsData }, async () => {
  const r = await collectFile(`${GM}italy_shop_pl_google_rss.xml`);
  const bag = r.bySku.get('411_45');
  assert.equal(bag?.name, 'Duża skórzana torebka shopper Leather Country');
  assert.equal(bag?.price, 550);
  assert.equal(bag?.currency, 'PLN');
  assert.equal(bag?.oldPrice, undefined);
  assert.equal(bag?.brand, 'Leather Country');
  assert.deepEqual(bag?.categories, ['Torebki']);
  assert.equal(bag?.categoryId, '3032', 'numeric google_product_category is an id');
  assert.equal(bag?.available, true, '"in stock"');
  assert.equal(bag?.url, 'https://www.italy-shop.eu/Duza-skorzana-torebka-shopper-Leather-Country-p411');
  assert.equal(bag?.imageUrl, 'https://www.italy-shop.eu/images/ly453/6000-7000/Duza-skorzana-torebka-shopper-Leather-Country_%5B6826%5D_1200.jpg');
  assert.equal(bag?.params['color'], 'Czarny');
  assert.equal(bag?.params['material'], 'Skóra gładka');

  const sale = r.bySku.get('422_52');
  assert.equal(sale?.price, 711);
  assert.equal(sale?.oldPrice, 790);
  assert.equal(r.products.filter((p) => p.oldPrice !== undefined).length, 7);
});

void test('importpc (RSS on one line): category path with escaped ">", shipping price not taken as the price', { skip: needsData }, async () => {
  const r = await collectFile(`${GM}importpc_cz_google_rss_first200.xml`);
  const charger = r.bySku.get('2ed1c8b3-157c-4aec-b2e4-2c16d17df109');
  assert.equal(charger?.name, 'Nabíječka Movano 19.5V 4.62A (4.5x3.0 PIN) pro Dell');
  assert.deepEqual(charger?.categories, ['Elektronika', 'Počítače', 'Příslušenství', 'Nabíječky']);
  assert.equal(charger?.price, 599);
  assert.equal(charger?.currency, 'CZK');
  assert.equal(charger?.brand, 'Movano');
  assert.equal(charger?.params['gtin'], '5902687180165');
  assert.equal(charger?.available, true, '"in_stock"');
});

void test('samsung (Atom): empty elements, double-escaped category paths, relative image, availability, details', { skip: needsData }, async () => {
  const r = await collectFile(`${GM}samsung_kz_ru_google_atom_first150.xml`);
  const box = r.bySku.get('bespoke-merch-box');
  assert.equal(box?.name, 'BESPOKE merch box', 'leading space trimmed');
  assert.equal(box?.price, undefined, 'empty <g:price/> is no price, not an error');
  assert.equal(box?.description, undefined);
  assert.deepEqual(box?.categories, []);
  // A relative image link is resolved against the feed's link (rel="self" http://www.samsung.com/kz).
  assert.match(box?.imageUrl ?? '', /^http:\/\/www\.samsung\.com\/medias\/Big-Box-150x150\.jpg\?context=/);

  const washer = r.bySku.get('WW90DG6U94LKLD');
  assert.deepEqual(washer?.categories, ['Products', 'Бытовая техника', 'Стиральные машины'], '&amp;gt; decoded, repeated level merged');
  assert.equal(washer?.price, 354990, 'sale price');
  assert.equal(washer?.oldPrice, 374990);
  assert.equal(washer?.currency, 'KZT');
  assert.equal(washer?.params['color'], 'Белый');

  const narrow = r.bySku.get('WW65AG4S21CXLD');
  assert.equal(narrow?.available, false, 'out_of_stock');
  assert.equal(narrow?.params['Вес Нетто'], '51 кг', 'g:product_detail attributes become params');
  assert.equal(narrow?.description, undefined, 'a description of only a blank filler character is empty');

  assert.equal(r.products.filter((p) => !p.available).length, 29, '29 out_of_stock; preorder counts as available');
  assert.equal(r.products.filter((p) => p.oldPrice !== undefined).length, 80);
  assert.equal(r.products.filter((p) => p.imageUrl === undefined).length, 2, 'two empty <g:image_link/>');
});

void test('Merchant: Atom alternate link as base, availability words, missing fields, sale price edge cases', async () => {
  const atom = `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0">
  <link rel="self" href="https://feeds.example/merchant.xml"/>
  <link rel="alternate" href="https://shop.example/ru/"/>
  <entry><id>tag:shop.example,2024:entry-1</id><g:id>1</g:id><title>Entry title</title><link href="https://shop.example/p/1"/><g:image_link>img/1.jpg</g:image_link>
    <g:price>1,299.00 USD</g:price><g:availability>preorder</g:availability><g:product_type>Home &amp;gt; Kitchen</g:product_type></entry>
  <entry><g:id>2</g:id><g:title>Sold out</g:title><g:price>10 EUR</g:price><g:sale_price></g:sale_price><g:availability>out of stock</g:availability></entry>
  <entry><g:id>3</g:id><g:title>Bad</g:title><g:price>free</g:price></entry>
  <entry><g:title>No id</g:title></entry>
  <entry><g:id>5</g:id><g:title>Sale</g:title><g:price>100.00 EUR</g:price><g:sale_price>80.00 EUR</g:sale_price><g:google_product_category>Apparel &amp; Accessories &gt; Shoes</g:google_product_category></entry>
</feed>`;
  const r = await collectBytes(atom, { chunkSize: 17 });
  const one = r.bySku.get('1');
  assert.equal(one?.name, 'Entry title');
  assert.equal(one?.url, 'https://shop.example/p/1');
  assert.equal(one?.imageUrl, 'https://shop.example/ru/img/1.jpg');
  assert.equal(one?.price, 1299);
  assert.equal(one?.currency, 'USD');
  assert.equal(one?.available, true);
  assert.deepEqual(one?.categories, ['Home', 'Kitchen']);
  const two = r.bySku.get('2');
  assert.equal(two?.available, false);
  assert.equal(two?.price, 10, 'an empty sale price leaves the regular price');
  assert.equal(two?.oldPrice, undefined);
  assert.deepEqual(
    r.skipped.map((s) => [s.offerId, s.reason]),
    [
      ['3', 'invalid price "free"'],
      [null, 'missing id'],
    ],
  );
  const five = r.bySku.get('5');
  assert.equal(five?.price, 80);
  assert.equal(five?.oldPrice, 100);
  assert.deepEqual(five?.categories, ['Apparel & Accessories', 'Shoes'], 'a textual Google category is a path');
});

void test('Merchant RSS without a channel link: a relative image is dropped, not guessed', async () => {
  const rss = `<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>T</title>
<item><g:id>1</g:id><title>One</title><g:image_link>/img/1.jpg</g:image_link><g:price>5.00 GBP</g:price></item></channel></rss>`;
  const r = await collectBytes(rss);
  assert.equal(r.products.length, 1);
  assert.equal(r.products[0]?.imageUrl, undefined);
  assert.equal(r.products[0]?.currency, 'GBP');
});
