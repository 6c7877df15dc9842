/**
 * What a database driver's error means, decided in one place for both engines.
 *
 * Only a failure to reach the database (connection refused, dropped, timed out, the server
 * shutting down or out of connections, a SQLite file that is busy or cannot be read) is
 * "unavailable": a client may retry it and succeed. A data error (a constraint, a value the
 * engine refuses, a bug in a query) will fail the same way on every retry, so it must never
 * be reported as the storage being unavailable.
 */

/** Node's socket error codes that mean the server could not be reached or the connection died. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/**
 * PostgreSQL SQLSTATEs of unavailability: class 08 (connection exception), 53 (insufficient
 * resources: too many connections, out of memory or disk), 57P01–57P03 (shutting down,
 * crashed, cannot connect now).
 */
function isPostgresUnavailableState(code: string): boolean {
  return code.startsWith('08') || code.startsWith('53') || code === '57P01' || code === '57P02' || code === '57P03';
}

/** SQLite result codes of a database that cannot be used right now (better-sqlite3 names them). */
function isSqliteUnavailableCode(code: string): boolean {
  return code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_CANTOPEN' || code.startsWith('SQLITE_IOERR') || code === 'SQLITE_FULL' || code === 'SQLITE_NOMEM';
}

/** Messages of `pg` and `pg-pool` errors that carry no code. */
const UNREACHABLE_MESSAGE = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|The database connection is not open|Cannot use a pool after calling end/i;

function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** True when `err` says the database could not be reached or used at all (retryable), false for data errors. */
export function isStorageUnavailable(err: unknown, depth = 0): boolean {
  if (err === null || typeof err !== 'object' || depth > 4) {
    return false;
  }
  const code = codeOf(err);
  if (NETWORK_CODES.has(code) || isSqliteUnavailableCode(code)) {
    return true;
  }
  if (/^[0-9A-Z]{5}$/.test(code)) {
    return isPostgresUnavailableState(code);
  }
  // AggregateError (several addresses tried) and errors wrapping their cause.
  const inner = err as { errors?: unknown; cause?: unknown };
  if (Array.isArray(inner.errors) && inner.errors.some((e) => isStorageUnavailable(e, depth + 1))) {
    return true;
  }
  if (inner.cause !== undefined && inner.cause !== err && isStorageUnavailable(inner.cause, depth + 1)) {
    return true;
  }
  const message = (err as { message?: unknown }).message;
  return code === '' && typeof message === 'string' && UNREACHABLE_MESSAGE.test(message);
}

/** True for a unique-constraint violation on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const code = codeOf(err);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
