/**
 * Batched writes of tracking events: the collector answers at once and events are
 * written in bulk, every `flushMs` or when `maxBatch` are waiting. A failed write is
 * logged and dropped (tracking must never slow or fail an answer); `close()` flushes.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

export interface TrackedEvent {
  tenant_id: string;
  dialog_id: string;
  message_id: string;
  type: string;
  sku: string | null;
  created_at: number;
}

export interface EventWriter {
  add(event: TrackedEvent): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createEventWriter(
  db: Kysely<Database>,
  options: { flushMs?: number; maxBatch?: number; maxQueued?: number; onError?: (err: unknown, dropped: number) => void } = {},
): EventWriter {
  const flushMs = options.flushMs ?? 500;
  const maxBatch = options.maxBatch ?? 1000;
  const maxQueued = options.maxQueued ?? 100_000;
  const queue: TrackedEvent[] = [];
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    writing = writing.then(async () => {
      while (queue.length > 0) {
        const batch = queue.splice(0, maxBatch);
        try {
          await db.insertInto('tracking_events').values(batch).execute();
        } catch (err) {
          options.onError?.(err, batch.length);
        }
      }
    });
    return writing;
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    add(event) {
      if (queue.length >= maxQueued) {
        // The database is not keeping up; shed load rather than grow without bound.
        options.onError?.(new Error('tracking queue full'), 1);
        return;
      }
      queue.push(event);
      if (queue.length >= maxBatch) {
        void flush();
      }
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
