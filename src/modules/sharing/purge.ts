/**
 * The periodic removal of dead links (spec 3.3: snapshots expire after 30 days; revoked
 * ones are given an expiry of their revocation time). Every instance runs it: a DELETE of
 * rows past their expiry is idempotent, so instances racing each other do no harm.
 */

/** How often each instance purges. */
export const PURGE_INTERVAL_MS = 10 * 60 * 1000;
/** Links are kept this long past expiry, so instances whose clocks differ a little agree on what opens. */
export const PURGE_GRACE_MICROS = 60 * 60 * 1_000_000;

export interface PurgeJob {
  /** Runs one purge now (also what the timer runs); never rejects. */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for a purge in progress. */
  stop(): Promise<void>;
}

/**
 * Starts purging every `intervalMs`. A failed purge is reported to `onError` and retried
 * at the next tick; runs never overlap.
 */
export function startPurgeJob(options: { purge: () => Promise<number>; intervalMs: number; onError: (err: unknown) => void }): PurgeJob {
  let running: Promise<void> | null = null;
  const runOnce = (): Promise<void> => {
    running ??= options
      .purge()
      .then(() => undefined, options.onError)
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void runOnce(), options.intervalMs);
  // The job must not keep a process alive that has nothing else to do.
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
