import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { detectFeedFormat, FeedFormatError, readFeedFile } from '../../../src/catalog/import/index.ts';
import { parseAvailable, parsePrice } from '../../../src/catalog/import/fields.ts';
import { htmlToText, truncate } from '../../../src/catalog/import/text.ts';
import { CATALOGS, collectBytes, collectFile, FEEDS, needsData, reasons } from './helpers.ts';

async function head(path: string): Promise<Buffer> {
  const fh = await open(path);
  try {
    const buf = Buffer.alloc(8192);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

void test('format detection on every real feed and catalogue', { skip: needsData }, async () => {
  for (const f of readdirSync(`${FEEDS}yml`)) {
    assert.equal(detectFeedFormat(await head(`${FEEDS}yml/${f}`), f), 'yml', f);
  }
  for (const f of readdirSync(`${FEEDS}google_merchant`)) {
    assert.equal(detectFeedFormat(await head(`${FEEDS}google_merchant/${f}`), f), 'google', f);
  }
  for (const f of readdirSync(CATALOGS).filter((x) => x.endsWith('.jsonl'))) {
    assert.equal(detectFeedFormat(await head(CATALOGS + f), f), 'jsonl', f);
  }
});

void test('detection of synthetic heads, and clear errors for what is not a feed', () => {
  assert.equal(detectFeedFormat(Buffer.from('\ufeffsku;name;price\n1;a;2\n')), 'csv');
  assert.equal(detectFeedFormat(Buffer.from('sku,name\n'), 'x.csv'), 'csv');
  assert.equal(detectFeedFormat(Buffer.from('{"sku":"1"}\n')), 'jsonl');
  assert.equal(detectFeedFormat(Buffer.from('<!-- generated -->\n<yml_catalog date="x">')), 'yml');
  assert.equal(detectFeedFormat(Buffer.from('<?xml version="1.0"?><rss version="2.0">')), 'google');
  assert.equal(detectFeedFormat(Buffer.from('<feed xmlns="http://www.w3.org/2005/Atom">')), 'google');
  assert.throws(() => detectFeedFormat(Buffer.from('')), /empty/);
  assert.throws(() => detectFeedFormat(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00])), /binary/);
  assert.throws(() => detectFeedFormat(Buffer.from('[{"sku":"1"}]')), /JSON Lines/);
  assert.throws(() => detectFeedFormat(Buffer.from('<html><body>')), FeedFormatError);
  assert.throws(() => detectFeedFormat(Buffer.from([0xff, 0xfe, 0x3c, 0x00])), /UTF-16/);
});

void test('other marketplaces: Kaspi, Halyk and fm formats are refused with a clear error; the Ozon YML has no names', { skip: needsData }, async () => {
  const dir = `${FEEDS}other_marketplaces/`;
  const roots: Record<string, string> = {
    'lgkz_kaspi_catalog.xml': 'kaspi_catalog',
    'lgkz_halyk_catalog.xml': 'merchant_offers',
    'lgkz_fm_catalog.xml': 'fm_catalog',
  };
  for (const [file, root] of Object.entries(roots)) {
    await assert.rejects(collectFile(dir + file), (e: unknown) => e instanceof FeedFormatError && e.message.includes(`<${root}>`), file);
  }
  // Ozon's feed is YML carrying only prices and stock: every offer is reported, none imported,
  // and the import command then refuses the feed as having no valid product.
  const ozon = await collectFile(`${dir}lgkz_ozon_feed.xml`);
  assert.equal(ozon.products.length, 0);
  assert.deepEqual(reasons(ozon.skipped), { 'missing name': 838 });
  assert.equal(ozon.skipped[0]?.offerId, '5675');
});

void test('a consumer that stops early closes the file (no leak, no error)', { skip: needsData }, async () => {
  let n = 0;
  for await (const item of readFeedFile(`${FEEDS}yml/b59_ru_yandex_cp1251.xml`)) {
    assert.equal(item.kind, 'product');
    if (++n === 3) {
      break;
    }
  }
  assert.equal(n, 3);
});

void test('format forced by the caller wins over detection', async () => {
  const r = await collectBytes('sku,name\n1,One\n', { format: 'csv', fileName: 'feed.jsonl' });
  assert.equal(r.products[0]?.name, 'One');
  const bad = await collectBytes('sku,name\n1,One\n', { format: 'jsonl' });
  assert.equal(bad.products.length, 0);
  assert.equal(bad.skipped.length, 2);
});

void test('an XML feed with an unknown encoding is refused clearly', async () => {
  await assert.rejects(collectBytes('<?xml version="1.0" encoding="x-nonsense"?><yml_catalog/>'), /unsupported XML encoding "x-nonsense"/);
});

void test('helpers: prices, availability words, HTML to text, truncation', () => {
  assert.deepEqual(parsePrice('550.00 PLN'), { ok: true, value: 550, currency: 'PLN' });
  assert.deepEqual(parsePrice('1 299,50'), { ok: true, value: 1299.5 });
  assert.deepEqual(parsePrice('1.299,00 €'), { ok: true, value: 1299, currency: 'EUR' });
  assert.deepEqual(parsePrice(' '), { ok: true, value: undefined });
  assert.equal(parsePrice('NaN').ok, false);
  assert.equal(parsePrice(Number.POSITIVE_INFINITY).ok, false);
  assert.equal(parsePrice({}).ok, false);
  for (const yes of ['true', '1', 'yes', 'in stock', 'in_stock', 'preorder', 'да', true, 1]) {
    assert.equal(parseAvailable(yes), true, String(yes));
  }
  for (const no of ['false', '0', 'no', 'out of stock', 'out_of_stock', 'нет', false, 0]) {
    assert.equal(parseAvailable(no), false, String(no));
  }
  assert.equal(parseAvailable('maybe'), true, 'unknown words keep the default');
  assert.equal(htmlToText('<div>One<br>two &amp; <b>three</b><script>x()</script></div>'), 'One\ntwo & three');
  assert.equal(htmlToText('&lt;p&gt;escaped&lt;/p&gt;'), 'escaped');
  assert.equal(truncate('a'.repeat(10), 5), 'aaaa…');
});

void test('the demo-sized real catalogues read the same through a file and through bytes', { skip: needsData }, async () => {
  const path = `${CATALOGS}bestbuy_products_3291.jsonl`;
  const fromFile = await collectFile(path);
  const fromBytes = await collectBytes(readFileSync(path), { chunkSize: 4093 });
  assert.deepEqual(fromBytes.products, fromFile.products);
  assert.deepEqual(fromBytes.skipped, fromFile.skipped);
});
