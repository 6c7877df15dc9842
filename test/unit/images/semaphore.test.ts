import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSemaphore } from '../../../src/images/semaphore.ts';

test('no more than the limit run at once, and every task completes', async () => {
  const semaphore = createSemaphore(2);
  let active = 0;
  let peak = 0;
  let finished = 0;
  const release: Array<() => void> = [];
  const results = Array.from({ length: 8 }, (_, i) =>
    semaphore.run(async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise<void>((resolve) => release.push(resolve));
      active--;
      finished++;
      return i;
    }),
  );
  // Let the tasks start, then release them one by one as they arrive.
  while (finished < 8) {
    await new Promise((resolve) => setImmediate(resolve));
    release.shift()?.();
  }
  assert.deepEqual(await Promise.all(results), [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.equal(peak, 2);
});

test('a failing task frees its slot', async () => {
  const semaphore = createSemaphore(1);
  await assert.rejects(semaphore.run(() => Promise.reject(new Error('boom'))), /boom/);
  assert.equal(await semaphore.run(() => Promise.resolve('next')), 'next');
});

test('a waiter whose signal aborts leaves the queue with the abort reason and never runs', async () => {
  const semaphore = createSemaphore(1);
  let unblock!: () => void;
  const holder = semaphore.run(() => new Promise<void>((resolve) => (unblock = resolve)));
  const controller = new AbortController();
  let ran = false;
  const waiter = semaphore.run(async () => {
    ran = true;
  }, controller.signal);
  controller.abort(new Error('client went away'));
  await assert.rejects(waiter, /client went away/);
  unblock();
  await holder;
  assert.equal(ran, false);
  assert.equal(await semaphore.run(() => Promise.resolve(1)), 1);
});
