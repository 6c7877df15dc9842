import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertEvery, assertNone } from '../helpers/assert.ts';
import { findInSource, findVacuousAssertions } from './find-vacuous-assertions.ts';

const TEST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Folders with other owners that still hold the plain form; their counts may only go down
// (lower the number when one is converted, remove the line at zero).
const STILL_PLAIN: Record<string, number> = {};

test('no test asserts every(…) or !some(…) of a list that may be empty', () => {
  const byFile = new Map<string, string[]>();
  for (const f of findVacuousAssertions(TEST_DIR)) {
    byFile.set(f.file, [...(byFile.get(f.file) ?? []), `${f.file}:${f.line} ${f.text}`]);
  }
  const unexpected = [...byFile].filter(([file, lines]) => lines.length > (STILL_PLAIN[file] ?? 0)).flatMap(([, lines]) => lines);
  assert.deepEqual(unexpected, [], 'use assertEvery / assertNone from test/helpers/assert.ts; they fail on an empty list');
  const stale = Object.entries(STILL_PLAIN).filter(([file, n]) => (byFile.get(file)?.length ?? 0) < n);
  assert.deepEqual(stale, [], 'converted: lower STILL_PLAIN to match');
});

test('the finder sees the plain forms, over several lines too, and not the helpers', () => {
  const source = [
    "assert.ok(xs.every((x) => x > 1));",
    "assert(ys.length > 0 && ys.every(Boolean), 'msg');",
    'assert.equal(', '  zs.every((z) => z),', '  true,', ');',
    "assert.ok(!(ws.some((w) => w)));",
    "assertEvery(xs, (x) => x > 1);",
    "assert.deepEqual(xs.filter((x) => !ys.some((y) => y === x)), []);",
    "const fine = xs.every((x) => x);",
  ].join('\n');
  const found = findInSource('sample.ts', source);
  assert.deepEqual(found.map((f) => [f.line, f.kind]), [[1, 'every'], [2, 'every'], [4, 'every'], [7, 'not-some']]);
});

test('assertEvery fails on an empty list and names the first element that does not match', () => {
  assert.throws(() => assertEvery([], () => true, 'phones shown'), /phones shown: the list is empty/);
  assert.throws(() => assertEvery([{ sku: 'a', price: 1 }, { sku: 'b', price: 9 }], (p) => p.price < 5), /element 1 of 2 does not match: \{ sku: 'b', price: 9 \}/);
  assertEvery(new Set([1, 2]), (n) => n > 0);
});

test('assertNone fails on an empty list and names the first element that matches', () => {
  assert.throws(() => assertNone([], () => false), /the list is empty/);
  assert.throws(() => assertNone(['x', 'kettle'], (s) => s === 'kettle', 'no kettles'), /no kettles: element 1 of 2 should not match: 'kettle'/);
  assertNone(['x'], (s) => s === 'kettle');
});
