/**
 * The single flight of a message id with its claims in this process's memory (SQLite's one
 * instance): the same rules as the claims table (test/integration/generation.test.ts, two
 * instances on PostgreSQL). The work is a stand-in for a turn: `find` looks for a stored
 * result, `run` stores one, as the generation service's do.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import { manualClock } from '../../src/clock.ts';
import { createSingleFlight, type Found, type OnceWork } from '../../src/modules/generation/single-flight.ts';
import { createProcessClaims, DONE_KEPT_MICROS } from '../../src/modules/generation/process-claims.ts';
import { isAppError } from '../../src/errors.ts';

const log = pino({ level: 'silent' });
const key = { dialogKey: 'a'.repeat(64), clientMessageId: 'msg-1' };

/** A stored result per message id, as the messages table keeps it (with the request's fingerprint). */
function storage() {
  const stored = new Map<string, { fingerprint: string; answer: string }>();
  let runs = 0;
  const work = (fingerprint: string, opts: { runMs?: number; fail?: boolean; findLate?: Promise<void> } = {}): OnceWork<string, string> => ({
    log,
    async find(): Promise<Found<string, string>> {
      // What the lookup saw when it ran; `findLate` holds its answer back, as a slow query would.
      const seen = stored.get(key.clientMessageId);
      await opts.findLate;
      if (!seen) {
        return { start: 'fresh' };
      }
      if (seen.fingerprint !== fingerprint) {
        throw Object.assign(new Error('conflict'), { conflict: true });
      }
      return { done: seen.answer };
    },
    async run(): Promise<string> {
      runs++;
      await new Promise((r) => setTimeout(r, opts.runMs ?? 5));
      if (opts.fail) {
        throw new Error('the engine failed');
      }
      if (stored.has(key.clientMessageId)) {
        throw Object.assign(new Error('duplicate'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
      }
      const answer = `answer ${runs}`;
      stored.set(key.clientMessageId, { fingerprint, answer });
      return answer;
    },
  });
  return { work, runs: () => runs };
}

function flight() {
  const clock = manualClock();
  const claims = createProcessClaims();
  return { clock, claims, single: createSingleFlight({ claims, clock, waitMs: 5_000 }) };
}

describe('single flight with claims in memory', () => {
  test('identical requests at once run the work once and all get its result', async () => {
    const { single } = flight();
    const s = storage();
    const results = await Promise.all(Array.from({ length: 5 }, () => single.runOnce(key, 'fp', s.work('fp', { runMs: 30 }))));
    assert.deepEqual(results, Array(5).fill('answer 1'));
    assert.equal(s.runs(), 1);
  });

  test('a request that looked before the result was stored and claims after it gets that result, without running again', async () => {
    const { single } = flight();
    const s = storage();
    let answerLookup!: () => void;
    const late = single.runOnce(key, 'fp', s.work('fp', { findLate: new Promise<void>((r) => (answerLookup = r)) }));
    const first = await single.runOnce(key, 'fp', s.work('fp'));
    answerLookup();
    assert.equal(await late, first);
    assert.equal(s.runs(), 1);
  });

  test('the same id with another request while the first runs or after it is done: refused, nothing run again', async () => {
    const conflicting = async (single: ReturnType<typeof flight>['single'], s: ReturnType<typeof storage>, findLate?: Promise<void>) => {
      try {
        await single.runOnce(key, 'other', s.work('other', findLate ? { findLate } : {}));
        return 'ran';
      } catch (err) {
        return isAppError(err) ? err.code : (err as { conflict?: boolean }).conflict ? 'conflict found' : String(err);
      }
    };
    {
      const { single } = flight();
      const s = storage();
      const first = single.runOnce(key, 'fp', s.work('fp', { runMs: 30 }));
      const during = conflicting(single, s);
      assert.equal(await first, 'answer 1');
      assert.equal(await during, 'conflict found', 'waits for the first, then finds it stored under another request');
      assert.equal(s.runs(), 1);
    }
    {
      // Looked before the first was stored, claims after it: the done claim's fingerprint refuses it.
      const { single } = flight();
      const s = storage();
      let answerLookup!: () => void;
      const stale = conflicting(single, s, new Promise<void>((r) => (answerLookup = r)));
      assert.equal(await single.runOnce(key, 'fp', s.work('fp')), 'answer 1');
      answerLookup();
      assert.equal(await stale, 'MESSAGE_ID_CONFLICT');
      assert.equal(s.runs(), 1);
    }
  });

  test('after a failure the claim is given back: the retry runs the work again', async () => {
    const { single } = flight();
    const s = storage();
    await assert.rejects(single.runOnce(key, 'fp', s.work('fp', { fail: true })), /the engine failed/);
    assert.equal(await single.runOnce(key, 'fp', s.work('fp')), 'answer 2');
  });

  test('done claims are forgotten after their window, so memory holds only recent turns; the stored result still answers', async () => {
    const { single, claims, clock } = flight();
    const s = storage();
    await single.runOnce(key, 'fp', s.work('fp'));
    assert.notEqual((await claims.readClaim(key))?.done_at, null, 'kept done at first');
    clock.advance(DONE_KEPT_MICROS + 1);
    // Any later claim sweeps the old ones.
    const other = { ...key, clientMessageId: 'msg-2' };
    assert.equal(await claims.tryClaim({ ...other, holder: 'h' }, 'fp', clock.nowMicros(), clock.nowMicros() + 1), true);
    assert.equal(await claims.readClaim(key), undefined, 'forgotten');
    assert.equal(await single.runOnce(key, 'fp', s.work('fp')), 'answer 1');
    assert.equal(s.runs(), 1);
  });

  test('a claim whose holder stopped renewing past its lease is taken over by the same request only', async () => {
    const { claims } = flight();
    const holder = { ...key, holder: 'first' };
    assert.equal(await claims.tryClaim(holder, 'fp', 0, 100), true);
    assert.equal(await claims.tryClaim({ ...key, holder: 'second' }, 'fp', 50, 150), false, 'live lease');
    assert.equal(await claims.tryClaim({ ...key, holder: 'other request' }, 'other', 200, 300), false, 'another request never takes it');
    assert.equal(await claims.tryClaim({ ...key, holder: 'second' }, 'fp', 200, 300), true, 'lease ended');
    await claims.renewLease(holder, 1_000);
    assert.equal((await claims.readClaim(key))?.lease_until, 300, 'the old holder no longer renews it');
  });
});
