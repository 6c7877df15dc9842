/**
 * Worker thread of the SQLite bulk writer: better-sqlite3 is synchronous, so its inserts
 * run here, beside the generation of the next rows and the PostgreSQL inserts in the
 * main thread, instead of stopping them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { COLUMNS, TABLE_ORDER, type Batch, type Row, type TableName } from './population.ts';

const ROWS_PER_STATEMENT = 64;
const db = new SqliteDatabase((workerData as { file: string }).file);
db.pragma('journal_mode = WAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
// A bulk load that is redone from scratch if the machine dies half-way: no fsync per
// transaction, and a page cache large enough for the random-UUID primary-key B-trees.
db.pragma('synchronous = OFF');
db.pragma('cache_size = -262144');
db.pragma('temp_store = MEMORY');

const statements = new Map<TableName, { many: SqliteDatabase.Statement; one: SqliteDatabase.Statement; params: Row }>();
for (const table of TABLE_ORDER) {
  const cols = COLUMNS[table];
  const tuple = `(${cols.map(() => '?').join(', ')})`;
  const head = `insert into ${table} (${cols.join(', ')}) values `;
  statements.set(table, {
    many: db.prepare(head + Array<string>(ROWS_PER_STATEMENT).fill(tuple).join(', ')),
    one: db.prepare(head + tuple),
    // Filled in place for every statement: a million rows should not mean a million arrays to collect.
    params: new Array<string | number | null>(ROWS_PER_STATEMENT * cols.length),
  });
}

const writeAll = db.transaction((batch: Batch) => {
  for (const table of TABLE_ORDER) {
    const rows = batch[table];
    const st = statements.get(table)!;
    const width = COLUMNS[table].length;
    let i = 0;
    for (; i + ROWS_PER_STATEMENT <= rows.length; i += ROWS_PER_STATEMENT) {
      for (let r = 0; r < ROWS_PER_STATEMENT; r++) {
        const row = rows[i + r]!;
        for (let c = 0; c < width; c++) {
          st.params[r * width + c] = row[c]!;
        }
      }
      st.many.run(st.params);
    }
    for (; i < rows.length; i++) {
      st.one.run(rows[i]!);
    }
  }
});

parentPort!.on('message', (msg: { id: number; batch?: Batch; finish?: boolean; close?: boolean }) => {
  try {
    if (msg.batch) {
      writeAll(msg.batch);
    } else if (msg.finish) {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } else if (msg.close) {
      db.close();
    }
    parentPort!.postMessage({ id: msg.id });
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: (err as Error).message });
  }
});
