/**
 * Gives back the memory a catalogue index build leaves behind. Loading a catalogue and
 * building its index allocates several times what the index keeps (the stored rows, the
 * parsed products, the index's working tables); V8 keeps the heap it grew to, half empty
 * and fragmented, and its own memory reducer compacts it only after 30–70 s of quiet.
 * Measured on the bench's 10,000-product catalogue: 186 MB of RSS just after the start,
 * 134 MB after one compacting collection; with 100,000 products 729 → 412 MB, a 390 ms pause.
 *
 * So a few seconds after the last index build the process runs one full collection that
 * compacts every page (50–300 ms on the bench's catalogue; index builds happen at start and
 * when a shop's catalogue changes, not per request). The collection is V8's own `gc`,
 * reached through its documented flag.
 *
 * The young generation is given back too. The build's long-lived tables make V8 grow it to
 * its largest (two 16 MB halves), and V8 shrinks it at a collection only when the allocation
 * rate it measured since the collection before, over at least 5 s, is low (under 1 KB/ms).
 * Whatever the start allocated after the build's last young collection (the server's routes,
 * the listen, a few MB) counted in that measure, so the young generation stayed at 32 MB in
 * most starts (idle RSS 160 MB against 130). Young collections a second after the build
 * start a quiet stretch, and the settling collection, 5.5 s later, measures only that. Work
 * in that stretch (requests, a refresh) keeps the young generation as it is, as it should.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How long after the last index build the heap is settled. */
export const SETTLE_DELAY_MS = 6500;
/** When the quiet stretch V8 measures the allocation rate over (at least 5 s) begins, after the last index build. */
const QUIET_FROM_MS = 1000;
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

interface Collections {
  /** A full collection, compacting every page. */
  full: () => void;
  /** A young collection only. */
  young: () => void;
}

let collections: Collections | null | undefined;

/** V8's collections; null if this runtime refuses the flags. */
function v8Collections(): Collections | null {
  if (collections === undefined) {
    try {
      type Gc = (options?: { type: 'minor' | 'major' }) => void;
      let gc = (globalThis as { gc?: Gc }).gc;
      if (typeof gc !== 'function') {
        v8.setFlagsFromString('--expose-gc');
        gc = runInNewContext('gc') as Gc;
      }
      const collect = gc;
      collections = {
        full: () => {
          v8.setFlagsFromString('--compact-on-every-full-gc');
          try {
            collect();
          } finally {
            v8.setFlagsFromString('--no-compact-on-every-full-gc');
          }
        },
        young: () => collect({ type: 'minor' }),
      };
    } catch {
      collections = null;
    }
  }
  return collections;
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
  const quietFromMs = Math.min(QUIET_FROM_MS, delayMs);
  let timer: NodeJS.Timeout | null = null;
  let quiet: NodeJS.Timeout | null = null;

  const settleNow = (): boolean => {
    const before = process.memoryUsage();
    const gc = v8Collections();
    if (!gc) {
      return false;
    }
    const started = performance.now();
    options.release?.();
    gc.full();
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
      if (quiet) {
        clearTimeout(quiet);
      }
      quiet = setTimeout(() => {
        quiet = null;
        // Two: the second moves what survived the first to the old generation, so the young
        // generation is empty when the settle measures it.
        const gc = v8Collections();
        gc?.young();
        gc?.young();
      }, quietFromMs);
      quiet.unref();
      timer = setTimeout(() => {
        timer = null;
        settleNow();
      }, delayMs);
      timer.unref();
    },
    settleNow,
    stop() {
      if (quiet) {
        clearTimeout(quiet);
        quiet = null;
      }
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
    },
  };
}
