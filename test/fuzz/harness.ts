/**
 * Sends one planned request to the fuzz world and judges the answer: takes the database's
 * fingerprint around it, waits for the tracking collector's batched write when the request
 * queued an event, reads what the server logged at error level, and keeps the counts the
 * summary prints.
 */
import { changedTables, fingerprint, storedExactly, type Fingerprint } from './db-state.ts';
import { expectationOf, judge, type Failure } from './oracle.ts';
import { buildRequest, type Plan } from './plan.ts';
import type { Operation } from './spec.ts';
import type { World } from './world.ts';
import { hashToken } from '../../src/security/tokens.ts';

/** Longer than any request of the fuzz world takes; past it the request is reported as unanswered. */
const ANSWER_TIMEOUT_MS = 20_000;
/** The collector writes every 20 ms in the test app; this is its write, not a measurement. */
const EVENT_WRITE_TIMEOUT_MS = 5_000;
/** Session extensions are written in batches (every 20 ms in the test app); this waits for that write. */
const EXTENSION_WRITE_TIMEOUT_MS = 2_000;
/** A session is extended at most once a minute. */
const EXTEND_EVERY_MICROS = 60_000_000;
/** Each request moves the manual clock by a minute and a second, so successful guest requests extend sessions (and refused ones must not)... */
const CLOCK_STEP_MICROS = 61_000_000;
/**
 * ...until 23 hours have passed: past a day the generation service's housekeeping deletes old
 * claims in the background of whichever turn runs then, a change no request asked for.
 */
const CLOCK_BUDGET_MICROS = 23 * 3600 * 1_000_000;

export interface Outcome {
  status: number;
  failure: Failure | null;
}

export interface Stats {
  /** Requests sent per operation. */
  sent: Map<string, number>;
  /** Answers per operation and status. */
  statuses: Map<string, Map<number, number>>;
}

export interface Harness {
  world: World;
  stats: Stats;
  /** Sends one request after the previous one has finished. */
  send(op: Operation, plan: Plan): Promise<Outcome>;
  /** Resolves when no request is in flight. */
  idle(): Promise<void>;
}

function errorLines(log: string): string | null {
  const found: string[] = [];
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) {
      continue;
    }
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { type?: string; message?: string; code?: string } };
      if ((entry.level ?? 0) >= 40) {
        const err = entry.err ? `${entry.err.type ?? 'Error'}${entry.err.code ? ` ${entry.err.code}` : ''}: ${entry.err.message ?? ''}` : '';
        found.push(`${entry.msg ?? ''}${err ? ` (${err.split('\n')[0]!.slice(0, 200)})` : ''}`);
      }
    } catch {
      // Not a log record.
    }
  }
  return found.length > 0 ? found.join('; ') : null;
}

/**
 * For a created dialog or guest session: null when the database holds it under exactly the
 * identifiers sent, otherwise what differs.
 */
async function identifiersNotStored(db: Parameters<typeof storedExactly>[0], op: Operation, payload: string | undefined): Promise<string | null> {
  let body: { threadId?: unknown; resourceId?: unknown; tenant_id?: unknown; trafficType?: unknown; runtimeContext?: { tenant_id?: unknown } };
  try {
    body = JSON.parse(payload ?? '') as typeof body;
  } catch {
    return null;
  }
  if (op.id === 'POST /shopping/generate' && body.trafficType !== 'debug') {
    const ids = { tenantId: String(body.runtimeContext?.tenant_id), resourceId: String(body.resourceId), threadId: String(body.threadId) };
    return (await storedExactly(db, ids)) ? null : `answered, but no dialog is stored under exactly the threadId ${JSON.stringify(ids.threadId)} and resourceId ${JSON.stringify(ids.resourceId)} sent`;
  }
  if (op.id === 'POST /shopping/guest-sessions') {
    const ids = { tenantId: String(body.tenant_id), resourceId: String(body.resourceId) };
    return (await storedExactly(db, ids)) ? null : `registered, but no session is stored under exactly the resourceId ${JSON.stringify(ids.resourceId)} sent`;
  }
  return null;
}

export function createHarness(world: World, operations: Operation[]): Harness {
  const { t } = world;
  const db = t.database.storage.db;
  const methodsOf = new Map<string, Set<string>>();
  for (const op of operations) {
    methodsOf.set(op.path, (methodsOf.get(op.path) ?? new Set()).add(op.method));
  }
  const stats: Stats = { sent: new Map(), statuses: new Map() };
  let last: Fingerprint | null = null;
  let clockMoved = 0;

  async function sendNow(op: Operation, plan: Plan): Promise<Outcome> {
    const built = buildRequest(op, world, plan);
    const expected = expectationOf(op, methodsOf.get(op.path) ?? new Set(), plan, built);
    if (clockMoved < CLOCK_BUDGET_MICROS) {
      t.clock.advance(CLOCK_STEP_MICROS);
      clockMoved += CLOCK_STEP_MICROS;
    }
    const before = last ?? (await fingerprint(db));
    // The session of the request's token, when a successful answer is due to extend it: that
    // write comes in a batch a moment later and must not be taken for a change by the next request.
    const bearer = /^Bearer (\S+)$/.exec(built.headers.authorization ?? '')?.[1];
    const sessionRow = () =>
      db.selectFrom('guest_sessions').select(['extended_at', 'revoked_at', 'expires_at']).where('token_hash', '=', hashToken(bearer!)).executeTakeFirst();
    const session = bearer && op.guest !== 'none' ? await sessionRow() : undefined;
    const now = t.clock.nowMicros();
    const extensionDue = session !== undefined && session.revoked_at === null && session.expires_at > now && now - session.extended_at >= EXTEND_EVERY_MICROS;
    const logMark = t.logText().length;
    stats.sent.set(op.id, (stats.sent.get(op.id) ?? 0) + 1);

    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      t.app.inject({
        method: built.method as 'GET',
        url: built.url,
        headers: built.headers,
        ...(built.payload !== undefined ? { payload: built.payload } : {}),
        remoteAddress: built.remoteAddress,
      }),
      new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`), ANSWER_TIMEOUT_MS);
      }),
    ]).catch((err: unknown) => `the request failed without an answer: ${String(err)}`);
    clearTimeout(timer);
    if (typeof answered === 'string') {
      last = null;
      const failure: Failure = {
        kind: 'no-answer',
        op: op.id,
        status: 0,
        code: null,
        detail: answered,
        serverError: errorLines(t.logText().slice(logMark)),
        signature: `${op.id} | no-answer`,
      };
      return { status: 0, failure };
    }
    const perStatus = stats.statuses.get(op.id) ?? new Map<number, number>();
    perStatus.set(answered.statusCode, (perStatus.get(answered.statusCode) ?? 0) + 1);
    stats.statuses.set(op.id, perStatus);

    if (extensionDue && answered.statusCode < 400) {
      const until = Date.now() + EXTENSION_WRITE_TIMEOUT_MS;
      for (;;) {
        const row = await sessionRow();
        if (!row || row.extended_at !== session.extended_at || row.revoked_at !== null || Date.now() >= until) {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    let after = await fingerprint(db);
    let eventLost: Failure | null = null;
    if (op.path.startsWith('/shopping/events/') && answered.statusCode === 204 && built.pathValues?.signed !== 'debug') {
      // The collector answered at once and writes in a batch: wait for that write, so it is not
      // taken for a change made by a later, refused request.
      const want = before.get('tracking_events')!.rows + 1;
      const until = Date.now() + EVENT_WRITE_TIMEOUT_MS;
      while (after.get('tracking_events')!.rows < want && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        after = await fingerprint(db);
      }
      if (after.get('tracking_events')!.rows < want) {
        eventLost = {
          kind: 'event-lost',
          op: op.id,
          status: 204,
          code: null,
          detail: `accepted with 204 but no tracking row was written within ${EVENT_WRITE_TIMEOUT_MS / 1000} s`,
          serverError: errorLines(t.logText().slice(logMark)),
          signature: `${op.id} | event-lost`,
        };
      }
    }
    last = after;
    const notStored = answered.statusCode < 300 ? await identifiersNotStored(db, op, built.payload) : null;
    const changed = answered.statusCode >= 400 ? changedTables(before, after) : null;
    const serverError = errorLines(t.logText().slice(logMark));
    const failure =
      judge(op, built, { status: answered.statusCode, headers: answered.headers, body: answered.body }, expected, changed, serverError) ??
      eventLost ??
      (notStored === null ? null : { kind: 'not-stored-as-sent' as const, op: op.id, status: answered.statusCode, code: null, detail: notStored, serverError, signature: `${op.id} | not-stored-as-sent` });
    return { status: answered.statusCode, failure };
  }

  // fast-check's time limit abandons a running predicate rather than waiting for it: without this
  // queue an abandoned request would still be writing while the next one is judged.
  let queue: Promise<unknown> = Promise.resolve();
  const send = (op: Operation, plan: Plan): Promise<Outcome> => {
    const next = queue.then(() => sendNow(op, plan));
    queue = next.catch(() => undefined);
    return next;
  };
  return { world, stats, send, idle: () => queue.then(() => undefined) };
}
