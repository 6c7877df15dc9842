/**
 * Gives back the memory a catalogue index build leaves behind. Loading a catalogue and
 * building its index allocates several times what the index keeps (the stored rows, the
 * parsed products, the index's working tables); V8 keeps the heap it grew to, half empty
 * and fragmented, and its own memory reducer compacts it only after 30–70 s of quiet.
 * Measured on the bench's 10,000-product catalogue: 186 MB of RSS just after the start,
 * 134 MB after one compacting collection; with 100,000 products 729 → 412 MB, a 390 ms pause.
 *
 * So a few seconds after the last index build (once the build's allocation has left V8's
 * allocation-rate window, which lets it shrink the young generation too), the process runs
 * one full collection that compacts every page (50 ms on the bench's catalogue; index builds
 * happen at start and when a shop's catalogue changes, not per request). The collection is
 * V8's own `gc`, reached through its documented flag.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How long after the last index build the heap is settled: V8 measures the allocation rate over 5 s. */
export const SETTLE_DELAY_MS = 6000;
export interface HeapSettleReport {
  /** Resident memory before, and a second after (V8 unmaps the freed pages in the background), bytes. */
  rssBefore: number;
  rssAfter: number;
  /** V8's heap reserved before and after, bytes. */
  heapBefore: number;
  heapAfter: number;
  ms: number;
}

export interface HeapSettler {
  /** Settles the heap SETTLE_DELAY_MS (or the given delay) from now; a later call moves the time. */
  schedule(): void;
  /** Settles now; false when this runtime offers no such collection. */
  settleNow(): boolean;
  stop(): void;
}

let fullGc: (() => void) | null | undefined;

/** V8's full collection, compacting every page; null if this runtime refuses the flags. */
function compactingCollection(): (() => void) | null {
  if (fullGc === undefined) {
    try {
      let gc = (globalThis as { gc?: () => void }).gc;
      if (typeof gc !== 'function') {
        v8.setFlagsFromString('--expose-gc');
        gc = runInNewContext('gc') as () => void;
      }
      const collect = gc;
      fullGc = () => {
        v8.setFlagsFromString('--compact-on-every-full-gc');
        try {
          collect();
        } finally {
          v8.setFlagsFromString('--no-compact-on-every-full-gc');
        }
      };
    } catch {
      fullGc = null;
    }
  }
  return fullGc;
}

export function createHeapSettler(
  options: {
    onSettled?: (report: HeapSettleReport) => void;
    /** Other memory to give back at the same moment (the database file's mapped pages the load read). */
    release?: () => void;
    delayMs?: number;
  } = {},
): HeapSettler {
  const delayMs = options.delayMs ?? SETTLE_DELAY_MS;
  let timer: NodeJS.Timeout | null = null;

  const settleNow = (): boolean => {
    const before = process.memoryUsage();
    const collect = compactingCollection();
    if (!collect) {
      return false;
    }
    const started = performance.now();
    options.release?.();
    collect();
    const ms = performance.now() - started;
    const heapAfter = process.memoryUsage().heapTotal;
    const { onSettled } = options;
    if (onSettled) {
      timer = setTimeout(() => {
        timer = null;
        onSettled({ rssBefore: before.rss, rssAfter: process.memoryUsage().rss, heapBefore: before.heapTotal, heapAfter, ms });
      }, 1000);
      timer.unref();
    }
    return true;
  };

  return {
    schedule() {
      if (timer) {
        clearTimeout(timer);
      }
      timer = setTimeout(() => {
        timer = null;
        settleNow();
      }, delayMs);
      timer.unref();
    },
    settleNow,
    stop() {
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
    },
  };
}
