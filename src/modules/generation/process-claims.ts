/**
 * Single-flight claims kept in this process's memory: what the claims table does across
 * instances, for a deployment of one instance (SQLite: one process owns the file, see
 * docs/scaling.md). A turn then writes nothing to claim its message id; its stored user
 * message (unique per dialog and message id) is what stops a second copy being stored.
 *
 * The rules are the claims table's: a claim is held under a lease its holder renews, may be
 * taken over by a request with the same fingerprint once its lease has ended, is given back
 * after a failure, and is kept done after its result is stored. Done claims are kept only
 * `DONE_KEPT_MICROS`: they cover the moment between a request's look for a stored result and
 * its claim, and the stored result answers every retry after that. So the memory held is
 * bounded by the turns of that span, not by the turns of a day.
 */
import { CLAIM_LEASE_MICROS, type ClaimStore } from './single-flight.ts';
import type { ClaimKey, HeldClaim } from './repository.ts';

/**
 * How long a done claim is kept after its result was stored: a lease, far beyond the moment
 * between a look for the stored result and the claim, even on an instance slowed by a burst. At
 * 1,000 turns a second that is 10,000 small entries.
 */
export const DONE_KEPT_MICROS = CLAIM_LEASE_MICROS;

interface LiveClaim {
  fingerprint: string;
  holder: string;
  leaseUntil: number;
}

interface DoneClaim {
  fingerprint: string;
  doneAt: number;
}

export function createProcessClaims(): ClaimStore {
  // Keyed by the client's message id: Maps, never plain objects. `done` is in the order claims
  // were done, so the old ones are at its front.
  const live = new Map<string, LiveClaim>();
  const done = new Map<string, DoneClaim>();
  const keyOf = (claim: ClaimKey) => `${claim.dialogKey}\0${claim.clientMessageId}`;

  /** Forgets done claims done before `before`; returns how many. Stops at the first newer one. */
  function forgetDone(before: number): number {
    let forgotten = 0;
    for (const [key, claim] of done) {
      if (claim.doneAt >= before) {
        break;
      }
      done.delete(key);
      forgotten++;
    }
    return forgotten;
  }

  /** Forgets live claims whose lease ended before `before` (a holder that stopped renewing). */
  function forgetLapsed(before: number): number {
    let forgotten = 0;
    for (const [key, claim] of live) {
      if (claim.leaseUntil < before) {
        live.delete(key);
        forgotten++;
      }
    }
    return forgotten;
  }

  return {
    async tryClaim(claim: HeldClaim, fingerprint: string, now: number, leaseUntil: number): Promise<boolean> {
      forgetDone(now - DONE_KEPT_MICROS);
      const key = keyOf(claim);
      if (done.has(key)) {
        return false;
      }
      const held = live.get(key);
      if (held && (held.leaseUntil > now || held.fingerprint !== fingerprint)) {
        return false;
      }
      live.set(key, { fingerprint, holder: claim.holder, leaseUntil });
      return true;
    },

    async renewLease(claim: HeldClaim, leaseUntil: number): Promise<void> {
      const held = live.get(keyOf(claim));
      if (held && held.holder === claim.holder) {
        held.leaseUntil = leaseUntil;
      }
    },

    async readClaim(claim: ClaimKey): Promise<{ fingerprint: string; lease_until: number; done_at: number | null } | undefined> {
      const key = keyOf(claim);
      const finished = done.get(key);
      if (finished) {
        return { fingerprint: finished.fingerprint, lease_until: finished.doneAt, done_at: finished.doneAt };
      }
      const held = live.get(key);
      return held ? { fingerprint: held.fingerprint, lease_until: held.leaseUntil, done_at: null } : undefined;
    },

    async releaseClaim(claim: HeldClaim): Promise<void> {
      const key = keyOf(claim);
      if (live.get(key)?.holder === claim.holder) {
        live.delete(key);
      }
    },

    markDone(claim: HeldClaim, at: number): void {
      const key = keyOf(claim);
      const held = live.get(key);
      if (!held) {
        return;
      }
      // Also when another request took the claim over after this holder's lease ran out: the
      // result is stored, and that request's own store will find it (as with the claims table).
      live.delete(key);
      done.set(key, { fingerprint: held.fingerprint, doneAt: at });
      forgetDone(at - DONE_KEPT_MICROS);
    },

    async purgeClaims(before: number): Promise<number> {
      return forgetDone(before) + forgetLapsed(before);
    },
  };
}
