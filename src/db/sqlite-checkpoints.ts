/**
 * SQLite's WAL checkpoints off the request thread. By default SQLite copies the WAL back into
 * the database file inside the commit that crosses 1,000 pages, with two fsyncs, on the thread
 * that committed: for Aisle that is the event loop, which then serves nobody for milliseconds
 * (a stored turn writes about 25 pages, so this came every ~40 turns and set the turns' p99).
 *
 * Here a worker thread with its own connection runs a PASSIVE checkpoint (it never waits for
 * nor blocks the writer) every CHECKPOINT_EVERY_MS. The WAL can only start over when every frame
 * is copied and a writer begins, which under steady writing the worker alone rarely sees; so the
 * request connection keeps SQLite's own checkpoint with a larger threshold, and finds most of its
 * frames already copied when it comes. A crash loses nothing: the WAL is replayed on open, as
 * before (synchronous=NORMAL: commits are durable against a process crash, as before).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker copies the WAL back into the database file. */
const CHECKPOINT_EVERY_MS = 50;
/** The request connection still checkpoints past this many WAL pages (SQLite's default is 1,000). */
export const REQUEST_THREAD_CHECKPOINT_PAGES = 10_000;

/** The worker: plain CommonJS, so it runs the same from the sources and from the bundle. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
let busy = false;
const timer = setInterval(() => {
  if (busy) return;
  busy = true;
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (err) { parentPort.postMessage({ error: String(err && err.message) }); }
  busy = false;
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); process.exit(0); });
`;

export interface Checkpointer {
  /** Stops the worker after its current checkpoint; the request connection's close does the last one. */
  stop(): Promise<void>;
}

/** Starts checkpointing `file` (a SQLite database in WAL mode) on a worker thread. */
export function startCheckpointer(file: string, onError: (message: string) => void = () => undefined): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, everyMs: CHECKPOINT_EVERY_MS } });
  worker.on('message', (m: { error?: string }) => m.error && onError(m.error));
  worker.on('error', (err) => onError(err.message));
  // Never what keeps the process alive.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      // Waited for now: the caller is closing and wants the file left as the worker leaves it.
      worker.ref();
      worker.postMessage('stop');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
}
