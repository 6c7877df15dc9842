/**
 * Sliding-expiry writes, off the request path: a successful request only notes the session's
 * new expiry here; the notes are written together every `intervalMs` and when the app closes.
 * A crash loses at most the notes of one interval, which shortens those sessions by no more
 * than the interval (plus the minute between two extensions of a session). At most
 * `maxPending` sessions wait at once; past that the batch is written at once.
 */
import type { Extension } from './repository.ts';

export interface ExtensionBatchOptions {
  write(extensions: Extension[]): Promise<void>;
  intervalMs: number;
  maxPending: number;
  /** A failed write (the extensions of that batch are dropped: the sessions stay valid until their stored expiry). */
  onError(err: unknown): void;
}

export function createExtensionBatch(options: ExtensionBatchOptions) {
  let pending = new Map<string, Extension>();
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (pending.size === 0) {
      return writing;
    }
    const batch = [...pending.values()];
    pending = new Map();
    // One write at a time, in order, so a later extension of a session is never overwritten by an earlier one.
    writing = writing.then(() => options.write(batch)).catch((err: unknown) => options.onError(err));
    return writing;
  };

  const timer = setInterval(() => void flush(), options.intervalMs);
  timer.unref();

  return {
    /** Notes a session's new expiry; a newer note of the same session replaces the older. */
    add(extension: Extension): void {
      pending.set(extension.id, extension);
      if (pending.size >= options.maxPending) {
        void flush();
      }
    },
    /** Writes what is noted now (and waits for writes under way). */
    flush,
    /** Stops the timer and writes the rest. */
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
    get pending(): number {
      return pending.size;
    },
  };
}

export type ExtensionBatch = ReturnType<typeof createExtensionBatch>;
