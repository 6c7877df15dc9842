import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergePreferences } from '../../src/modules/generation/memory.ts';

test('newly learned brands come first, without repeats, at most ten', () => {
  const merged = mergePreferences({ brands: ['Apple', 'Sony'] }, { brands: ['Samsung', 'Apple'] });
  assert.deepEqual(merged.brands, ['Samsung', 'Apple', 'Sony']);
  const many = mergePreferences({ brands: Array.from({ length: 10 }, (_, i) => `old${i}`) }, { brands: ['new'] });
  assert.equal(many.brands!.length, 10);
  assert.equal(many.brands![0], 'new');
});

test('a new budget bound drops a contradicting saved one, and keeps a compatible one', () => {
  assert.deepEqual(mergePreferences({ budgetMin: 30000 }, { budgetMax: 20000 }), { budgetMax: 20000 });
  assert.deepEqual(mergePreferences({ budgetMax: 10000 }, { budgetMin: 15000 }), { budgetMin: 15000 });
  assert.deepEqual(mergePreferences({ budgetMin: 5000 }, { budgetMax: 20000 }), { budgetMin: 5000, budgetMax: 20000 });
});

test('nothing learned leaves the saved preferences as they were', () => {
  assert.deepEqual(mergePreferences({ sizes: ['M'] }, {}), { sizes: ['M'] });
  assert.deepEqual(mergePreferences(null, { constraints: ['vegan'] }), { constraints: ['vegan'] });
});
