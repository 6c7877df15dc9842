/**
 * Bulk row writers for the seeder: SQLite through prepared multi-row INSERTs inside one
 * transaction per batch, in a worker thread; PostgreSQL through COPY FROM STDIN in one
 * transaction per batch, on two connections. Each writer takes batches in order,
 * one at a time, so the seeder may hand it the next batch before the last one is done.
 */
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { COLUMNS, TABLE_ORDER, type Batch, type Row, type TableName } from './population.ts';

export interface BulkWriter {
  readonly label: string;
  /** Writes one batch atomically. */
  write(batch: Batch): Promise<void>;
  /** Makes the data durable and the planner aware of it (checkpoint / ANALYZE). */
  finish(): Promise<void>;
  close(): Promise<void>;
}

/** SQLite: inserts run in a worker thread (see sqlite-writer-worker.ts), in order. */
export function sqliteWriter(file: string): BulkWriter {
  // Workers do not inherit the TypeScript loader the seeder itself runs under: register it first.
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(new URL('./sqlite-writer-worker.ts', import.meta.url).href)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: { file } });
  let nextId = 1;
  let dead: Error | null = null;
  const pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  const failAll = (err: Error) => {
    dead ??= err;
    for (const p of pending.values()) {
      p.reject(err);
    }
    pending.clear();
  };
  worker.on('message', (msg: { id: number; error?: string }) => {
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    if (msg.error) {
      p?.reject(new Error(`SQLite seeding: ${msg.error}`));
    } else {
      p?.resolve();
    }
  });
  worker.on('error', (err) => failAll(err));
  worker.on('exit', (code) => failAll(new Error(`the SQLite writer thread stopped (exit ${code})`)));
  const ask = (msg: object) =>
    new Promise<void>((resolve, reject) => {
      if (dead) {
        reject(dead);
        return;
      }
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...msg });
    });
  return {
    label: `sqlite:${file}`,
    write: (batch) => ask({ batch }),
    finish: () => ask({ finish: true }),
    async close() {
      await ask({ close: true }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/**
 * `COPY … FROM STDIN` through `pg`'s own protocol messages (a query object `pg` accepts,
 * like pg-copy-streams builds, without taking that dependency): the server parses plain
 * tab-separated text instead of planning a 24,000-parameter INSERT per chunk.
 */
class CopyIn {
  private error: Error | null = null;
  constructor(
    private readonly text: string,
    private readonly data: Buffer,
    private readonly done: (err: Error | null) => void,
  ) {}
  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }): void {
    for (let at = 0; at < this.data.length; at += 1 << 20) {
      connection.sendCopyFromChunk(this.data.subarray(at, at + (1 << 20)));
    }
    connection.endCopyFrom();
  }
  handleError(err: Error): void {
    this.error ??= err;
  }
  handleReadyForQuery(): void {
    this.done(this.error);
  }
  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value in COPY's text format. */
function copyValue(v: string | number | null): string {
  if (v === null) {
    return '\\N';
  }
  if (typeof v === 'number') {
    return String(v);
  }
  return COPY_SPECIAL.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : v;
}

function copy(client: pg.Client, table: TableName, rows: Row[]): Promise<void> {
  if (rows.length === 0) {
    return Promise.resolve();
  }
  let text = '';
  for (const row of rows) {
    text += `${row.map(copyValue).join('\t')}\n`;
  }
  const data = Buffer.from(text);
  return new Promise((resolve, reject) => {
    const q = new CopyIn(`copy ${table} (${COLUMNS[table].join(', ')}) from stdin`, data, (err) => (err ? reject(err) : resolve()));
    void client.query(q as unknown as pg.QueryConfig);
  });
}

export async function postgresWriter(url: string, connections = 2): Promise<BulkWriter> {
  // Batches hold whole resources (sessions, dialogs, messages, feedback), so two connections
  // can load different batches at once: two server backends do the parsing and TOASTing.
  const lanes = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      // The load is redone from scratch if it fails; waiting for the WAL flush per commit buys nothing.
      await client.query('set synchronous_commit = off');
      return { client, chain: Promise.resolve() as Promise<void> };
    }),
  );
  const writeOne = async (client: pg.Client, batch: Batch) => {
    await client.query('begin');
    try {
      for (const table of TABLE_ORDER) {
        await copy(client, table, batch[table]);
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    }
  };
  let next = 0;
  return {
    label: url.replace(/\/\/[^@/]*@/, '//'),
    write(batch) {
      // Each connection takes its batches one after the other, however many are handed over.
      const lane = lanes[next++ % lanes.length]!;
      const run = lane.chain.then(() => writeOne(lane.client, batch));
      lane.chain = run.catch(() => undefined);
      return run;
    },
    async finish() {
      await Promise.all(lanes.map((l) => l.chain));
      // Autovacuum would get there within minutes; the benchmark measures right away.
      await lanes[0]!.client.query('analyze guest_sessions, dialogs, messages, feedback');
    },
    async close() {
      await Promise.all(lanes.map((l) => l.client.end()));
    },
  };
}
