import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { CATALOGS, collectBytes, collectFile, needsData, plain, reasons } from './helpers.ts';

void test('ru_shops_yml_catalog.jsonl: 7,752 rows, repeated skus reported once each', { skip: needsData }, async () => {
  const r = await collectFile(`${CATALOGS}ru_shops_yml_catalog.jsonl`);
  assert.equal(r.products.length + r.skipped.length, 7752);
  assert.deepEqual(reasons(r.skipped), { 'duplicate id': 102 });
  assert.equal(r.products.length, 7650);
  const p = r.bySku.get('b59:4680');
  assert.equal(p?.name, '--146ГБ ST Cheetah 15K.6 ST3146356SS SAS');
  assert.equal(p?.price, 7670);
  assert.equal(p?.currency, 'RUB');
  assert.deepEqual(p?.categories, ['ЖЕСТКИЕ ДИСКИ']);
  assert.equal(p?.categoryId, '150');
  assert.equal(p?.available, true, '"true" string');
  assert.equal(p?.oldPrice, undefined, 'null oldprice');
  assert.equal(p?.brand, undefined, 'null brand');
  // 61 rows hold HTML descriptions: none survives as markup.
  assertEvery(r.products, (x) => !/<\/?(p|br|div|li|ul|b|strong)\b/i.test(x.description ?? ''));
  // Duplicate-line reasons name the line.
  assert.match(r.skipped[0]?.reason ?? '', /^line \d+: duplicate id$/);
});

void test('bestbuy: the 4 rows with a null sku are skipped as missing id', { skip: needsData }, async () => {
  const r = await collectFile(`${CATALOGS}bestbuy_products_3291.jsonl`);
  assert.equal(r.products.length, 3287);
  assert.equal(r.skipped.length, 4);
  assertEvery(r.skipped, (s) => s.offerId === null && /^line \d+: missing id$/.test(s.reason));
  const phone = r.bySku.get('4984700');
  assert.equal(phone?.brand, 'AT&T GoPhone');
  assert.deepEqual(phone?.categories, ['Cell Phones', 'Prepaid Phones', 'All Prepaid Phones']);
  assert.equal(phone?.price, 49.99);
  assert.equal(phone?.imageUrl, 'https://cdn-demo.algolia.com/bestbuy-0118/4984700_sb.jpg');
});

void test('icecat: features become params, product_type the category, model a param', { skip: needsData }, async () => {
  const r = await collectFile(`${CATALOGS}icecat_products_19k.jsonl`);
  assert.equal(r.products.length, 19406);
  assert.equal(r.skipped.length, 0);
  const toner = r.bySku.get('0095205603217');
  assert.equal(toner?.brand, 'Xerox');
  assert.equal(toner?.params['print_technology'], 'Laser printing');
  assert.equal(toner?.params['model'], '006R90321');
  assert.deepEqual(toner?.categories, []);
  const notebook = r.bySku.get('0884420588030');
  assert.deepEqual(notebook?.categories, ['Notebook']);
  assert.equal(r.products.filter((p) => p.categories.length > 0).length, 1532);
});

void test('JSONL: bad lines reported by line number, blank lines ignored, camelCase keys accepted', async () => {
  const lines = [
    '{"sku":"1","name":"One","price":"10.5","currency":"eur","available":"false","category":"A > B"}',
    '',
    '   ',
    '{"sku":"2","name":"Two", "price": 5',
    '[1,2]',
    '{"sku":"3","name":"Negative","price":-1}',
    '{"offerId":"4","name":"Camel","oldPrice":20,"price":15,"categoryId":7,"categories":["X","Y"],"imageUrl":"https://i.example/4.png","url":"https://s.example/4","params":{"colour":"red","sizes":["S","M"],"nested":{"a":1}},"isStm":true,"brand":"Own"}',
    '{"sku":"5","name":"&quot;Quoted&quot;   name","description":"<p>Para&nbsp;one</p><p>two</p>","price":null,"available":0}',
    '{"sku":"6","title":"By title","price":"1 200,00 ₽"}',
  ];
  const r = await collectBytes(lines.join('\r\n') + '\n', { fileName: 'x.jsonl', chunkSize: 7 });
  assert.deepEqual(
    r.skipped.map((s) => [s.offerId, s.reason.replace(/ \(.*\)$/, '')]),
    [
      [null, 'line 4: invalid JSON'],
      [null, 'line 5: not a JSON object'],
      ['3', 'line 6: invalid price "-1"'],
    ],
  );
  assert.equal(r.bySku.get('6')?.name, 'By title');
  assert.equal(r.bySku.get('6')?.price, 1200);
  assert.equal(r.bySku.get('6')?.currency, 'RUB', 'the ₽ sign');
  assert.deepEqual(plain(r.bySku.get('1')), { sku: '1', name: 'One', price: 10.5, currency: 'EUR', categories: ['A', 'B'], available: false, params: {} });
  assert.deepEqual(plain(r.bySku.get('4')), {
    sku: '4',
    name: 'Camel',
    brand: 'Own',
    price: 15,
    oldPrice: 20,
    categoryId: '7',
    categories: ['X', 'Y'],
    url: 'https://s.example/4',
    imageUrl: 'https://i.example/4.png',
    available: true,
    params: { colour: 'red', sizes: 'S, M' },
    isStm: true,
  });
  const five = r.bySku.get('5');
  assert.equal(five?.name, '"Quoted" name');
  assert.equal(five?.description, 'Para one\ntwo');
  assert.equal(five?.available, false);
  assert.equal(five?.price, undefined);
});

void test('JSONL: a UTF-8 BOM and a last line without a newline', async () => {
  const r = await collectBytes('\ufeff{"sku":"a","name":"Ä"}\n{"sku":"b","name":"Б"}', { format: 'jsonl', chunkSize: 1 });
  assert.deepEqual(
    r.products.map((p) => [p.sku, p.name]),
    [
      ['a', 'Ä'],
      ['b', 'Б'],
    ],
  );
});
