/**
 * Feed fields of any size are read in bounded, linear time (hardening, bounded work): a
 * shop's feed is outside data like a buyer's message. Each input here took seconds or more
 * before; the bounds only catch such blow-ups.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { parsePrice } from '../../../src/catalog/import/fields.ts';
import { LIMITS } from '../../../src/catalog/import/limits.ts';
import { htmlToText } from '../../../src/catalog/import/text.ts';
import { collectBytes } from './helpers.ts';

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: performance.now() - started };
}

test('a price of 40,000 digits and spaces is refused at once; ordinary prices read as before', () => {
  for (const raw of ['1 '.repeat(20_000), `USD ${"1'".repeat(20_000)}xx`, `${'1.'.repeat(20_000)}x`]) {
    const { value, ms } = timed(() => parsePrice(raw));
    assert.ok(ms < 500, `${Math.round(ms)} ms`);
    assert.equal(value.ok, false);
  }
  assert.deepEqual(parsePrice('1 234 567,89 RUB'), { ok: true, value: 1234567.89, currency: 'RUB' });
  assert.deepEqual(parsePrice('PLN 550'), { ok: true, value: 550, currency: 'PLN' });
  assert.deepEqual(parsePrice({ deep: [[[1]]] }), { ok: false, raw: '{"deep":[[[1]]]}' });
});

test('an escaped description of "<a" without end is converted in linear time', () => {
  const { value, ms } = timed(() => htmlToText('&lt;a '.repeat(10_000)));
  assert.ok(ms < 500, `${Math.round(ms)} ms`);
  assert.equal(value, '<a '.repeat(10_000).trim(), 'no tag: the text as it reads');
  assert.equal(htmlToText('&lt;p&gt;Para one&lt;/p&gt;&lt;p&gt;two&lt;/p&gt;'), 'Para one\ntwo', 'escaped twice: still converted');
  assert.equal(htmlToText('a < b and c > d'), 'a < b and c > d', 'comparison signs are text');
});

test('JSON Lines: megabyte fields are cut to the product limits without reading them whole', async () => {
  // About 2 MB a line: under the line limit, so the reader does look at every field.
  const big = (sku: string, price: unknown) =>
    JSON.stringify({
      sku,
      name: `Чайник ${'очень '.repeat(100_000)}`,
      price,
      description: '&lt;a '.repeat(150_000),
      params: Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`p${i}`, 'v'.repeat(1_000)])),
    });
  const lines = [big('bad-price', '1 '.repeat(50_000)), big('big', 990)];
  assertEvery(lines, (l) => l.length < LIMITS.lineBytes);
  const started = performance.now();
  const r = await collectBytes(`${lines.join('\n')}\n`, { format: 'jsonl' });
  const ms = performance.now() - started;
  assert.ok(ms < 5000, `${Math.round(ms)} ms`);
  assert.deepEqual(r.skipped.map((s) => s.offerId), ['bad-price'], 'a 100,000-character price is not a price');
  const p = r.bySku.get('big');
  assert.ok(p && p.name.length <= LIMITS.nameChars && p.name.startsWith('Чайник очень'));
  assert.ok((p.description?.length ?? 0) <= LIMITS.descriptionChars && (p.description?.length ?? 0) > LIMITS.descriptionChars - 10);
  assert.equal(Object.keys(p.params).length, LIMITS.params);
  assertEvery(Object.values(p.params), (v) => v.length <= LIMITS.paramValueChars);
});

test('a parameter repeated thousands of times grows to its limit, not beyond; new names stop at the limit', async () => {
  const names = Array.from({ length: 300 }, (_, i) => `<param name="p${i}">v</param>`).join('');
  const params = Array.from({ length: 4_000 }, (_, i) => `<param name="Цвет">цвет-${i}</param>`).join('');
  const yml = `<?xml version="1.0" encoding="UTF-8"?><yml_catalog><shop><offers><offer id="1"><name>Чайник</name><price>10</price><param name="Цвет">цвет-0</param>${params}${names}</offer></offers></shop></yml_catalog>`;
  const started = performance.now();
  const r = await collectBytes(yml, { format: 'yml' });
  const ms = performance.now() - started;
  assert.ok(ms < 3000, `${Math.round(ms)} ms`);
  const p = r.bySku.get('1');
  assert.ok(p?.params['Цвет']?.startsWith('цвет-0, цвет-1, цвет-2'));
  assert.ok((p?.params['Цвет']?.length ?? 0) <= LIMITS.paramValueChars);
  assert.equal(Object.keys(p?.params ?? {}).length, LIMITS.params);
});
