/**
 * The fuzzer's own mutation step: applying mutations must leave the generated values it
 * inserts untouched (they are constants shared by every plan), or a later mutation adds a
 * value into itself and the fuzz run dies on a cycle instead of testing the service.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyMutations, mutationArb } from './arbitraries.ts';

test('mutations copy what they insert: shared constants stay as generated and bodies stay acyclic', () => {
  const values = () => fc.sample(mutationArb, { seed: 1, numRuns: 2000 }).map((m) => fc.stringify(m.value));
  const before = values();
  let applied = 0;
  for (const mutations of fc.sample(fc.array(mutationArb, { minLength: 1, maxLength: 6 }), { seed: 2, numRuns: 5000 })) {
    applyMutations({ a: { b: [1, { c: 2 }] }, d: 'x' }, mutations);
    applied++;
  }
  assert.equal(applied, 5000);
  assert.deepEqual(values(), before);
});
