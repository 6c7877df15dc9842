/**
 * A counting semaphore: at most `limit` holders at once, the rest wait in arrival order.
 *
 * Decoding is where an image costs memory (a 16 MP RGBA frame is 64 MB before any resizing), so
 * the pipeline lets only a few decodes run at a time and queues the others instead of letting a
 * burst of uploads decode all at once.
 */
export interface Semaphore {
  /** Runs `task` once a slot is free; a waiter whose `signal` aborts leaves the queue with its reason. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** Creates a semaphore admitting `limit` (≥ 1) concurrent tasks. */
export function createSemaphore(limit: number): Semaphore {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError('The semaphore limit must be a positive integer');
  }
  let active = 0;
  const waiting: Array<() => void> = [];

  function acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (active < limit) {
      active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const grant = (): void => {
        signal?.removeEventListener('abort', onAbort);
        active++;
        resolve();
      };
      const onAbort = (): void => {
        const index = waiting.indexOf(grant);
        if (index !== -1) {
          waiting.splice(index, 1);
        }
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(grant);
    });
  }

  function release(): void {
    active--;
    waiting.shift()?.();
  }

  return {
    async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
