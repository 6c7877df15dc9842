/**
 * The WAL is copied back into the database file by the worker thread, not by the connection
 * that serves requests: with that connection's own checkpoints off, the file still grows.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { startCheckpointer } from '../../src/db/sqlite-checkpoints.ts';

test('the background checkpointer moves committed pages from the WAL into the database file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'aisle-ckpt-'));
  const file = join(dir, 'db.sqlite');
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // Only the worker may checkpoint.
  db.pragma('wal_autocheckpoint = 0');
  db.exec('create table t (id integer primary key, body text not null)');
  const checkpointer = startCheckpointer(file);
  try {
    const sizeBefore = statSync(file).size;
    const insert = db.prepare('insert into t (body) values (?)');
    for (let i = 0; i < 500; i++) {
      insert.run('x'.repeat(2000));
    }
    const deadline = Date.now() + 10_000;
    while (statSync(file).size < sizeBefore + 500 * 2000 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.ok(statSync(file).size >= sizeBefore + 500 * 2000, `the database file holds the rows (${statSync(file).size} bytes)`);
    assert.equal((db.prepare('select count(*) as n from t').get() as { n: number }).n, 500);
  } finally {
    await checkpointer.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
