/**
 * The turn queue (src/modules/generation/turn-queue.ts): turns start in arrival order, one per
 * event-loop iteration, so whatever else the loop has to do (accepting a connection, reading
 * a cheap request) gets its chance between two engine answers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTurnQueue } from '../../src/modules/generation/turn-queue.ts';

/** Counts event-loop iterations (one check phase each) until stopped. */
function iterationCounter() {
  let iteration = 0;
  let running = true;
  const tick = () => {
    iteration++;
    if (running) {
      setImmediate(tick);
    }
  };
  setImmediate(tick);
  return {
    get now() {
      return iteration;
    },
    stop() {
      running = false;
    },
  };
}

test('turns start in the order they arrived, each in an iteration of its own', async () => {
  const queue = createTurnQueue();
  const loop = iterationCounter();
  const started: Array<{ turn: number; iteration: number }> = [];
  await Promise.all(
    Array.from({ length: 6 }, async (_, turn) => {
      await queue.next();
      started.push({ turn, iteration: loop.now });
    }),
  );
  loop.stop();
  assert.deepEqual(
    started.map((s) => s.turn),
    [0, 1, 2, 3, 4, 5],
  );
  for (let i = 1; i < started.length; i++) {
    assert.ok(started[i]!.iteration > started[i - 1]!.iteration, `turns ${i - 1} and ${i} started in the same iteration`);
  }
});

test('the queue says how many turns wait, and is empty once all have started', async () => {
  const queue = createTurnQueue();
  assert.equal(queue.waiting, 0);
  const all = Promise.all([queue.next(), queue.next(), queue.next()]);
  assert.equal(queue.waiting, 3);
  await queue.next();
  assert.equal(queue.waiting, 0);
  await all;
  // It keeps working after it ran empty, and across a compaction of its storage.
  const many = Array.from({ length: 50 }, (_, i) => queue.next().then(() => i));
  assert.deepEqual(await Promise.all(many), Array.from({ length: 50 }, (_, i) => i));
  assert.equal(queue.waiting, 0);
});
