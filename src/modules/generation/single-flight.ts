/**
 * Single flight of a message id (design.md §5 "idempotent retry"): concurrent duplicates of
 * one request run its work once. In-process they share one promise; across instances a claim
 * row in the database lets one run while the others wait for its stored result (on SQLite,
 * one instance, the claims live in its memory instead: process-claims.ts). The claim is
 * a short lease its holder renews while the work runs, so the claim of a holder that died is
 * taken over within a lease; a stored result keeps its claim (done), so a request that looked
 * for the result just before it was stored and claims just after finds the claim taken.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import { MICROS_PER_DAY, type Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { ClaimKey, GenerationRepository, HeldClaim } from './repository.ts';

/**
 * A claim's lease. Its holder renews it while the engine works; when the holder dies, a retry
 * of the same message id takes the claim over at most this long after the last renewal.
 */
export const CLAIM_LEASE_MICROS = 10_000_000;
/** How often a holder renews its lease: it may miss two renewals in a row (a stall, a slow database) and keep it. */
const LEASE_RENEW_MS = 3_000;
/** A waiter polls the claim this often at first, backing off to the longest pause. */
const CLAIM_POLL_MS = 50;
const CLAIM_POLL_MAX_MS = 500;
/**
 * Claims are kept this long after their lease (done claims stop a late duplicate from running
 * the engine again; a day is far beyond any retry), then each instance deletes them about hourly.
 */
const CLAIM_KEPT_MICROS = MICROS_PER_DAY;
const CLAIM_PURGE_EVERY_MICROS = 3_600_000_000;

/** Where claims are kept: the claims table (the repository) or one process's memory. */
export interface ClaimStore extends Pick<GenerationRepository, 'tryClaim' | 'renewLease' | 'readClaim' | 'releaseClaim' | 'purgeClaims'> {
  /**
   * Marks a held claim done once its result is stored. Absent for the claims table, where the
   * result's own write marks it (the turn's transaction), so the two cannot part.
   */
  markDone?(claim: HeldClaim, at: number): void;
}

/** What a stored result's lookup found: the result, or what a new run starts from. */
export type Found<T, S> = { done: T } | { start: S };

/** The work of one message id, as `runOnce` runs it. */
export interface OnceWork<T, S> {
  /**
   * Looks for the stored result (it may throw, e.g. 409 for an id used by another request);
   * when there is none, returns what a run starts from (read in the same query).
   */
  find(): Promise<Found<T, S>>;
  /**
   * Runs the work. Given a claim, it must mark the claim done in the same write that stores
   * its result; given null, the claim store marks it after the run. Either way a unique
   * violation from that write means another holder stored the result first.
   */
  run(claim: HeldClaim | null, start: S): Promise<T>;
  log: FastifyBaseLogger;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `waitMs`: how long a request waits for another holder's result before it fails
 * (ASSISTANT_FAILED); longer than the work's own deadline.
 */
export function createSingleFlight(deps: { claims: ClaimStore; clock: Clock; waitMs: number }) {
  const { claims, clock } = deps;
  const inFlight = new Map<string, Promise<unknown>>();
  let nextPurge: number | null = null;

  /** Renews a held claim's lease until the returned function is called. */
  function keepLease(claim: HeldClaim, log: FastifyBaseLogger): () => void {
    let renewing = false;
    const timer = setInterval(() => {
      // A renewal slower than the period must not pile up behind itself.
      if (renewing) {
        return;
      }
      renewing = true;
      claims
        .renewLease(claim, clock.nowMicros() + CLAIM_LEASE_MICROS)
        .catch((err: unknown) => log.warn({ err }, 'renewing a generation claim failed'))
        .finally(() => {
          renewing = false;
        });
      // A lease found taken over needs nothing here: whichever holder stores first wins, and the
      // other answers with that stored result (see runHolding).
    }, LEASE_RENEW_MS);
    return () => clearInterval(timer);
  }

  /** Deletes old claims about once an hour, in the background of a run; the first run only sets the schedule. */
  function purgeClaimsNowAndThen(now: number, log: FastifyBaseLogger): void {
    if (nextPurge !== null && now < nextPurge) {
      return;
    }
    const first = nextPurge === null;
    nextPurge = now + CLAIM_PURGE_EVERY_MICROS;
    if (!first) {
      claims.purgeClaims(now - CLAIM_KEPT_MICROS).catch((err: unknown) => log.warn({ err }, 'purging old generation claims failed'));
    }
  }

  /**
   * Runs the work while holding its claim. A unique violation at the store means another
   * request stored this message id first (this holder's lease had run out and was taken over):
   * that stored result is the result. After any other failure the claim is released.
   */
  async function runHolding<T, S>(claim: HeldClaim, work: OnceWork<T, S>, start: S): Promise<T> {
    const stopRenewing = keepLease(claim, work.log);
    try {
      const result = await work.run(claims.markDone ? null : claim, start);
      claims.markDone?.(claim, clock.nowMicros());
      return result;
    } catch (err) {
      if (isUniqueViolation(err)) {
        const found = await work.find();
        if ('done' in found) {
          return found.done;
        }
      }
      await claims.releaseClaim(claim).catch((releaseErr: unknown) => work.log.warn({ err: releaseErr }, 'releasing a generation claim failed'));
      throw err;
    } finally {
      stopRenewing();
    }
  }

  /**
   * Waits while another live request holds the claim. Returns 'done' when its result is stored,
   * 'open' when the claim may be taken (released after a failure, or its holder's lease ran out).
   */
  async function awaitClaim(claim: ClaimKey, flightKey: string, fingerprint: string, deadline: number): Promise<'done' | 'open'> {
    for (let pause = CLAIM_POLL_MS; ; pause = Math.min(pause * 2, CLAIM_POLL_MAX_MS)) {
      if (inFlight.has(flightKey)) {
        // Held in this process: the caller waits on its promise instead of polling the database.
        return 'open';
      }
      const row = await claims.readClaim(claim);
      if (row && row.fingerprint !== fingerprint) {
        throw new AppError('MESSAGE_ID_CONFLICT');
      }
      if (row && row.done_at !== null) {
        return 'done';
      }
      if (!row || row.lease_until <= clock.nowMicros()) {
        return 'open';
      }
      if (Date.now() > deadline) {
        throw new AppError('ASSISTANT_FAILED');
      }
      await sleep(pause);
    }
  }

  return {
    /**
     * Runs the work of a message id once, however many identical requests arrive together,
     * here or on other instances: each of them gets the one stored result. A request whose
     * fingerprint differs from the claim's is refused (409).
     */
    async runOnce<T, S>(key: ClaimKey, fingerprint: string, work: OnceWork<T, S>): Promise<T> {
      const flightKey = `${key.dialogKey}:${key.clientMessageId}`;
      const deadline = Date.now() + deps.waitMs;
      let sawDone = false;
      for (;;) {
        const running = inFlight.get(flightKey);
        if (running) {
          await running.catch(() => undefined);
        }
        const found = await work.find();
        if ('done' in found) {
          return found.done;
        }
        if (sawDone) {
          // The claim says the result is stored, yet it is not found: never loop on that.
          throw new AppError('INTERNAL');
        }
        const now = clock.nowMicros();
        const claim: HeldClaim = { ...key, holder: randomUUID() };
        if (await claims.tryClaim(claim, fingerprint, now, now + CLAIM_LEASE_MICROS)) {
          purgeClaimsNowAndThen(now, work.log);
          const holding = runHolding(claim, work, found.start);
          inFlight.set(flightKey, holding);
          try {
            return await holding;
          } finally {
            inFlight.delete(flightKey);
          }
        }
        // Another request (here or on another instance) holds the claim, or has stored the result.
        sawDone = (await awaitClaim(key, flightKey, fingerprint, deadline)) === 'done';
      }
    },
  };
}

export type SingleFlight = ReturnType<typeof createSingleFlight>;
