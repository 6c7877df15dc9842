/**
 * The one classification of driver errors (src/db/errors.ts), fed with errors the real
 * drivers raise: only a database that cannot be reached is "unavailable" (503 for guest-token
 * operations); a data error never is, because a retry would fail the same way.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import SqliteDatabase from 'better-sqlite3';
import { isStorageUnavailable, isUniqueViolation } from '../../src/db/errors.ts';
import { PG_ADMIN_URL, postgresSkip } from '../helpers/services.ts';
import { freePort } from '../helpers/ports.ts';

async function caught(work: () => unknown): Promise<unknown> {
  try {
    await work();
  } catch (err) {
    return err;
  }
  assert.fail('expected the driver to throw');
}

/** What a synchronous driver call threw (better-sqlite3 is synchronous). */
function caughtSync(work: () => unknown): unknown {
  try {
    work();
  } catch (err) {
    return err;
  }
  assert.fail('expected the driver to throw');
}

describe('PostgreSQL driver errors', { skip: postgresSkip }, () => {
  test('a NUL in a value, a bad cast and a unique violation are data errors', async () => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL });
    await client.connect();
    try {
      const nul = await caught(() => client.query('select $1::text as v', ['a\u0000b']));
      assert.equal(isStorageUnavailable(nul), false, String(nul));
      const cast = await caught(() => client.query("select 'x'::int"));
      assert.equal(isStorageUnavailable(cast), false);
      await client.query('create temp table t (k text primary key)');
      await client.query("insert into t values ('a')");
      const unique = await caught(() => client.query("insert into t values ('a')"));
      assert.equal(isUniqueViolation(unique), true);
      assert.equal(isStorageUnavailable(unique), false);
    } finally {
      await client.end();
    }
  });

  test('a refused connection, a pool that cannot connect and a terminated session are unavailability', async () => {
    const port = await freePort();
    const refused = await caught(async () => {
      const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres' });
      await c.connect();
    });
    assert.equal(isStorageUnavailable(refused), true, String(refused));

    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'postgres', connectionTimeoutMillis: 200 });
    const fromPool = await caught(() => pool.query('select 1'));
    await pool.end();
    assert.equal(isStorageUnavailable(fromPool), true, String(fromPool));

    const victim = new pg.Client({ connectionString: PG_ADMIN_URL });
    victim.on('error', () => undefined);
    await victim.connect();
    const terminated = await caught(() => victim.query('select pg_terminate_backend(pg_backend_pid())'));
    await victim.end().catch(() => undefined);
    assert.equal(isStorageUnavailable(terminated), true, String(terminated));
  });
});

describe('SQLite driver errors', () => {
  test('constraints are data errors; a busy or closed database is unavailability', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'aisle-errors-'));
    const file = path.join(dir, 'db.sqlite');
    const a = new SqliteDatabase(file);
    const b = new SqliteDatabase(file, { timeout: 0 });
    try {
      a.exec('create table t (k text primary key)');
      a.prepare('insert into t values (?)').run('a');
      const unique = caughtSync(() => a.prepare('insert into t values (?)').run('a'));
      assert.equal(isUniqueViolation(unique), true);
      assert.equal(isStorageUnavailable(unique), false);

      a.exec('begin exclusive');
      const busy = caughtSync(() => b.prepare('insert into t values (?)').run('b'));
      a.exec('rollback');
      assert.equal(isStorageUnavailable(busy), true, String(busy));

      b.close();
      const closed = caughtSync(() => b.prepare('select 1'));
      assert.equal(isStorageUnavailable(closed), true, String(closed));
    } finally {
      a.close();
      if (b.open) {
        b.close();
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('anything that is not a driver error is not unavailability', () => {
    for (const value of [null, undefined, 'ECONNREFUSED', new Error('boom'), { code: 42 }, new TypeError('x is not a function')]) {
      assert.equal(isStorageUnavailable(value), false, String(value));
    }
  });
});
