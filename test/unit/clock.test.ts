/** The timestamps every answer shows: the same text as `Date#toISOString`, to the microsecond. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isoMicros, isoMillis } from '../../src/clock.ts';

// From 1970 to 2200, in microseconds, where every stored timestamp lies.
const micros = fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) * 1000 });

test('isoMillis writes any time as Date#toISOString does', () => {
  fc.assert(
    fc.property(micros, (t) => {
      assert.equal(isoMillis(t), new Date(Math.floor(t / 1000)).toISOString());
    }),
    { numRuns: 5000 },
  );
});

test('isoMicros adds the microseconds after the milliseconds', () => {
  fc.assert(
    fc.property(micros, (t) => {
      const ms = new Date(Math.floor(t / 1000)).toISOString();
      assert.equal(isoMicros(t), `${ms.slice(0, -1)}${String(t % 1000).padStart(3, '0')}Z`);
    }),
    { numRuns: 5000 },
  );
});

test('edges of a day, a leap day and the first microsecond', () => {
  assert.equal(isoMicros(0), '1970-01-01T00:00:00.000000Z');
  assert.equal(isoMicros(Date.UTC(2028, 1, 29, 23, 59, 59, 999) * 1000 + 999), '2028-02-29T23:59:59.999999Z');
  assert.equal(isoMillis(Date.UTC(2026, 11, 31, 23, 59, 59, 999) * 1000 + 999), '2026-12-31T23:59:59.999Z');
  assert.equal(isoMillis(Date.UTC(2027, 0, 1) * 1000), '2027-01-01T00:00:00.000Z');
});
