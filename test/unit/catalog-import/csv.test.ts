import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectDelimiter } from '../../../src/catalog/import/csv.ts';
import { FeedFormatError } from '../../../src/catalog/import/index.ts';
import { collectBytes, plain } from './helpers.ts';

void test('CSV with semicolons and a BOM (what Excel writes in Russian locales)', async () => {
  const csv =
    '\ufeffSKU;Название;Brand;Price;Old_Price;Currency;Category;Available;Цвет;Объём\r\n' +
    '1;"Чайник; белый";Bosch;1 299,50;1500;RUB;Кухня > Чайники;да;белый;1,7 л\r\n' +
    '2;Кружка;;199;;RUB;Кухня/Посуда;no;;\r\n';
  // Without a name column the file is refused as a whole, with a clear error.
  await assert.rejects(collectBytes(Buffer.from(csv.replace('Название', 'Заголовок'), 'utf8'), { fileName: 'f.csv' }), FeedFormatError);

  const r = await collectBytes(Buffer.from(csv, 'utf8'), { fileName: 'f.csv', chunkSize: 5 });
  assert.deepEqual(r.skipped, []);
  assert.deepEqual(plain(r.products[0]), {
    sku: '1',
    name: 'Чайник; белый',
    brand: 'Bosch',
    price: 1299.5,
    oldPrice: 1500,
    currency: 'RUB',
    categories: ['Кухня', 'Чайники'],
    available: true,
    params: { 'Цвет': 'белый', 'Объём': '1,7 л' },
  });
  assert.deepEqual(r.products[1]?.categories, ['Кухня', 'Посуда']);
  assert.equal(r.products[1]?.available, false);
  assert.deepEqual(Object.keys(r.products[1]?.params ?? { x: 1 }), [], 'empty extra columns add no params');
});

void test('CSV with commas, quotes, all documented columns, and bad rows reported by line', async () => {
  const csv = [
    'id,title,brand,price,old_price,currency,category,category_id,description,url,image_url,available,size',
    'A1,"Shoe, ""Runner""",Acme,49.99,59.99,usd,Shoes > Running,12,"<p>Light &amp; fast</p>",https://s.example/a1,//cdn.example/a1.jpg,in stock,42',
    'A2,,Acme,10,,,,,,,,,',
    'A3,Broken price,Acme,ten,,,,,,,,,',
    '',
    'A4,"Multi',
    'line name",Acme,,,,,,,,,0,',
    'A1,Duplicate,Acme,1,,,,,,,,,',
    'A5,Too few columns',
  ].join('\n');
  const r = await collectBytes(csv, { format: 'csv' });
  const a1 = r.bySku.get('A1');
  assert.deepEqual(plain(a1), {
    sku: 'A1',
    name: 'Shoe, "Runner"',
    brand: 'Acme',
    price: 49.99,
    oldPrice: 59.99,
    currency: 'USD',
    categoryId: '12',
    categories: ['Shoes', 'Running'],
    description: 'Light & fast',
    url: 'https://s.example/a1',
    imageUrl: 'https://cdn.example/a1.jpg',
    available: true,
    params: { size: '42' },
  });
  assert.equal(r.bySku.get('A4')?.name, 'Multi line name');
  assert.equal(r.bySku.get('A4')?.available, false);
  assert.equal(r.bySku.get('A4')?.price, undefined);
  assert.equal(r.bySku.get('A5')?.name, 'Too few columns');
  assert.deepEqual(
    r.skipped.map((s) => [s.offerId, s.reason]),
    [
      ['A2', 'line 3: missing name'],
      ['A3', 'line 4: invalid price "ten"'],
      ['A1', 'line 8: duplicate id'],
    ],
  );
});

void test('CSV delimiter detection ignores delimiters inside quotes', () => {
  assert.equal(detectDelimiter('sku;name;price'), ';');
  assert.equal(detectDelimiter('sku,name,price'), ',');
  assert.equal(detectDelimiter('"a;b;c",name,price'), ',');
  assert.equal(detectDelimiter('sku\tname\tprice'), '\t');
});

void test('CSV: a header-only file yields nothing; a file without id/name columns is refused clearly', async () => {
  const empty = await collectBytes('sku,name,price\n', { format: 'csv' });
  assert.equal(empty.products.length + empty.skipped.length, 0);
  await assert.rejects(collectBytes('a,b,c\n1,2,3\n', { format: 'csv' }), /CSV header must name an id column/);
});
