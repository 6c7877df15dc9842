/**
 * Assertions over lists that cannot pass by checking nothing. `assert.ok(xs.every(p))` is
 * true for an empty `xs`, so a search that found nothing would "pass" a test about what it
 * found; these helpers fail on an empty list and name the element that breaks the rule.
 * test/tools/find-vacuous-assertions.ts keeps the plain form out of the tests.
 */
import assert from 'node:assert/strict';
import { inspect } from 'node:util';

function show(value: unknown): string {
  return inspect(value, { depth: 3, breakLength: Infinity, maxStringLength: 200, maxArrayLength: 10 });
}

function label(message: string | undefined): string {
  return message ? `${message}: ` : '';
}

/**
 * Asserts that `list` has at least one element and that `predicate` holds for each. The
 * failure names the first element that breaks it, with its index, so the message says which
 * product (or row, or card) was wrong rather than only "false".
 */
export function assertEvery<T>(list: Iterable<T>, predicate: (item: T, index: number) => unknown, message?: string): void {
  const items = [...list];
  assert.ok(items.length > 0, `${label(message)}the list is empty, so there is nothing to check`);
  const bad = items.findIndex((item, i) => !predicate(item, i));
  if (bad !== -1) {
    assert.fail(`${label(message)}element ${bad} of ${items.length} does not match: ${show(items[bad])}`);
  }
}

/**
 * Asserts that `list` has at least one element and that `predicate` holds for none of them:
 * the non-vacuous form of `assert.ok(!xs.some(p))`.
 */
export function assertNone<T>(list: Iterable<T>, predicate: (item: T, index: number) => unknown, message?: string): void {
  const items = [...list];
  assert.ok(items.length > 0, `${label(message)}the list is empty, so there is nothing to check`);
  const bad = items.findIndex((item, i) => predicate(item, i));
  if (bad !== -1) {
    assert.fail(`${label(message)}element ${bad} of ${items.length} should not match: ${show(items[bad])}`);
  }
}
