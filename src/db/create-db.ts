/**
 * Opens the database the configuration names: a SQLite file (WAL, foreign keys on) or a
 * PostgreSQL pool. Both give the same `Kysely<Database>`; the rest of Aisle does not care which.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent, type PostgresPool, type PostgresPoolClient, type SqliteDialectConfig } from 'kysely';
import type { DatabaseSettings } from '../config/index.ts';
import type { DialectName } from './dialect.ts';
import type { Database } from './types.ts';
import { observedDialect, type ObserverSlot, type QueryObserver } from './observed-driver.ts';
import { statementNameOf } from './prepared.ts';
import { REQUEST_THREAD_CHECKPOINT_PAGES, startCheckpointer } from './sqlite-checkpoints.ts';

export interface Storage {
  db: Kysely<Database>;
  /** Passes every query through `observer` (the query spans of tracing); null runs them directly again. */
  observeQueries(observer: QueryObserver | null): void;
  dialect: DialectName;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections right now (for metrics); absent on SQLite, which has no pool. */
  poolStats?: () => PoolStats;
  /**
   * PostgreSQL: LISTEN on `channel` over a connection of its own (outside the pool), reconnecting
   * after a second when it is lost. `state(true)` once listening, `state(false)` when the
   * connection is lost or closed. Absent on SQLite.
   */
  listen?: (channel: string, handlers: ListenHandlers) => { close(): Promise<void> };
  /**
   * SQLite: maps the database file afresh, so the pages a bulk read touched (a catalogue load)
   * stop counting as the process's memory until they are read again. Absent on PostgreSQL.
   */
  releaseMappedPages?: () => void;
}

export interface ListenHandlers {
  message(payload: string): void;
  state(listening: boolean): void;
}

/** Channel names are written into the LISTEN statement: plain identifiers only. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function listenOn(url: string, channel: string, handlers: ListenHandlers): { close(): Promise<void> } {
  if (!CHANNEL_NAME.test(channel)) {
    throw new Error('invalid channel name');
  }
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const drop = (c: pg.Client) => {
    if (client !== c) {
      return;
    }
    client = null;
    handlers.state(false);
    c.end().catch(() => undefined);
    if (!closed) {
      retry = setTimeout(() => void connect(), 1000);
      retry.unref();
    }
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    client = c;
    c.on('error', () => drop(c));
    c.on('end', () => drop(c));
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) {
        handlers.message(n.payload);
      }
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (client === c && !closed) {
        handlers.state(true);
      }
    } catch {
      drop(c);
    }
  };
  void connect();
  return {
    async close() {
      closed = true;
      if (retry) {
        clearTimeout(retry);
      }
      const c = client;
      client = null;
      handlers.state(false);
      await c?.end().catch(() => undefined);
    },
  };
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries queued for a connection. */
  waiting: number;
}

// int8 (bigint) columns hold microsecond times; they fit a JS number exactly until year 2255.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * The pool as Kysely sees it, with the app's prepared queries (prepared.ts) sent as named
 * statements: PostgreSQL parses and plans each once per connection instead of on every call.
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // Kysely passes SQL and parameters (it streams through a cursor object only for .stream(), which Aisle does not use).
    query: ((text: string, values: unknown[]) => {
      const name = statementNameOf(text);
      return name ? client.query({ name, text, values }) : client.query(text, values);
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}

/** Opens the configured database. Does not run migrations (see migrate.ts). */
/** Distinct SQL texts kept prepared; Aisle's queries are few, batch inserts add a handful more. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * better-sqlite3 behind Kysely prepares every query anew, which costs more than running it.
 * Statements are reused by SQL text instead (safe: better-sqlite3 is synchronous, and Aisle
 * never streams rows, so no statement is busy when it is taken again).
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectConfig['database'] {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        // Most recently used last, so the oldest is evicted first.
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) {
          cache.delete(cache.keys().next().value as string);
        }
      }
      cache.set(sql, statement);
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

export interface StorageOptions {
  onPoolError?: (err: Error) => void;
  /** SQLite: a background checkpoint that failed (it is tried again shortly; the log should say so). */
  onCheckpointError?: (message: string) => void;
  /** Called for every query (with its SQL, never its parameters): round-trip counting in tests and benchmarks. */
  onQuery?: (event: LogEvent) => void;
}

/** SQLite's memory-mapped reads: up to 256 MB of the file. */
const MMAP_BYTES = 268435456;

export function createStorage(settings: DatabaseSettings, options: StorageOptions = {}): Storage {
  const log = options.onQuery;
  const slot: ObserverSlot = { observer: null };
  const observeQueries = (observer: QueryObserver | null) => {
    slot.observer = observer;
  };
  if (settings.kind === 'sqlite') {
    if (settings.file !== ':memory:') {
      mkdirSync(path.dirname(path.resolve(settings.file)), { recursive: true });
    }
    const sqlite = new SqliteDatabase(settings.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    // The default 2 MB page cache made inserts into a large file read pages again and again;
    // 32 MB of cache and memory-mapped reads keep the hot index pages at hand.
    sqlite.pragma('cache_size = -32000');
    sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
    // WAL checkpoints run on a worker thread (sqlite-checkpoints.ts); a file, not memory, has a WAL.
    const checkpointer = settings.file === ':memory:' ? null : startCheckpointer(settings.file, options.onCheckpointError);
    if (checkpointer) {
      sqlite.pragma(`wal_autocheckpoint = ${REQUEST_THREAD_CHECKPOINT_PAGES}`);
    }
    const dialect = observedDialect(new SqliteDialect({ database: withStatementCache(sqlite) }), slot);
    const db = new Kysely<Database>({ dialect, ...(log ? { log } : {}) });
    return {
      db,
      observeQueries,
      dialect: 'sqlite',
      releaseMappedPages: () => {
        // A changed limit makes SQLite unmap the file and map it again, untouched.
        sqlite.pragma('mmap_size = 0');
        sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
      },
      close: async () => {
        await checkpointer?.stop();
        await db.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: settings.url,
    max: settings.poolSize,
    connectionTimeoutMillis: 3000,
    // A query that hangs because the server stopped answering must fail, not hold the request forever.
    query_timeout: 10000,
    idleTimeoutMillis: 30000,
  });
  // A connection lost while idle (pool 'error') or while checked out for a query (client
  // 'error', which nothing else listens to) must not crash the process: the query fails,
  // the pool replaces the client, and the request gets its error answer.
  const report = (err: Error) => options.onPoolError?.(err);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const db = new Kysely<Database>({ dialect: observedDialect(new PostgresDialect({ pool: withNamedStatements(pool) }), slot), ...(log ? { log } : {}) });
  return {
    db,
    observeQueries,
    dialect: 'postgres',
    close: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, handlers) => listenOn(settings.url, channel, handlers),
  };
}
