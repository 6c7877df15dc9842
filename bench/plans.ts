/**
 * Query plans of Aisle's hot queries on a seeded database: the SQL is what Kysely compiled
 * for the app's own repositories (captured from Kysely's query log while the repository
 * functions run against the seeded fixtures; writes are compiled by a recording driver and
 * never executed), explained with `EXPLAIN QUERY PLAN` on SQLite and `EXPLAIN` on PostgreSQL.
 * A plan that scans a table or sorts is flagged.
 *
 *   npx tsx bench/plans.ts --database sqlite:FILE [--tenant bench] [--seed-key aisle-bench]
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type QueryResult,
} from 'kysely';
import type { DatabaseSettings } from '../src/config/env.ts';
import type { Database } from '../src/db/types.ts';
import { hashToken } from '../src/security/tokens.ts';
import { createGuestSessionRepository } from '../src/modules/guest-sessions/repository.ts';
import { createDialogRepository } from '../src/modules/dialogs/repository.ts';
import { createHistoryRepository } from '../src/modules/history/repository.ts';
import { createFeedbackRepository } from '../src/modules/feedback/repository.ts';
import { createGenerationRepository } from '../src/modules/generation/repository.ts';
import { fixtureThreadId, seededToken } from './lib/population.ts';
import { databaseSettings, DEFAULT_SEED_KEY } from './seed.ts';
import { flagValue } from './lib/util.ts';

export interface QueryPlan {
  name: string;
  /** Where the query comes from in src/. */
  source: string;
  sql: string;
  parameters: unknown[];
  plan: string[];
  /** Why the plan is worth a look (a scan without an index, a sort), or null. */
  flag: string | null;
}

/**
 * A Kysely whose driver only records the compiled statements (and answers each with one
 * dummy row): writes are explained, never executed, whichever way the repository opens
 * its transaction.
 */
function recordingDb(dialect: 'sqlite' | 'postgres', sink: CompiledQuery[]): Kysely<Database> {
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      sink.push(query);
      return { rows: [{ id: 'recorded' } as R], numAffectedRows: 1n };
    },
    async *streamQuery() {
      throw new Error('not used');
    },
  };
  const d: Dialect = {
    createAdapter: () => (dialect === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
    createQueryCompiler: () => (dialect === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    createIntrospector: (db) => (dialect === 'sqlite' ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
    createDriver: () => ({
      init: async () => undefined,
      acquireConnection: async () => connection,
      beginTransaction: async () => undefined,
      commitTransaction: async () => undefined,
      rollbackTransaction: async () => undefined,
      releaseConnection: async () => undefined,
      destroy: async () => undefined,
    }),
  };
  return new Kysely<Database>({ dialect: d });
}

function flagOf(dialect: 'sqlite' | 'postgres', sql: string, plan: string[]): string | null {
  const text = plan.join('\n');
  const problems: string[] = [];
  // A keyset written as `a < ? or (a = ? and b < ?)` is not an index range: the index finds
  // the leading equality only, and every earlier row of the range is read and filtered.
  if (/ or \(/i.test(sql) && (dialect === 'sqlite' ? !/[<>]\?/.test(text) : /Filter: .* OR /.test(text))) {
    problems.push('keyset condition is a filter, not an index range');
  }
  if (dialect === 'sqlite') {
    for (const line of plan) {
      if (/VALUES CLAUSE|CONSTANT ROW/.test(line)) {
        continue;
      }
      const scan = /\bSCAN (\w+)(?: AS \w+)?(?! USING)/.exec(line);
      if (scan && !/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/.test(line)) {
        problems.push(`full scan of ${scan[1]}`);
      }
    }
    if (/USE TEMP B-TREE/.test(text)) {
      problems.push('sorts in a temporary B-tree');
    }
  } else {
    for (const m of text.matchAll(/Seq Scan on (\w+)/g)) {
      problems.push(`sequential scan of ${m[1]}`);
    }
    if (/^\s*(->\s*)?(Incremental )?Sort\b/m.test(text)) {
      problems.push('sorts');
    }
  }
  return problems.length > 0 ? problems.join('; ') : null;
}

/** Captures the app's queries on the seeded fixtures and explains each. */
export async function collectQueryPlans(settings: DatabaseSettings, options: { tenantId: string; seedKey?: string }): Promise<QueryPlan[]> {
  const seedKey = options.seedKey ?? DEFAULT_SEED_KEY;
  const captured: CompiledQuery[] = [];
  const log = (event: { level: string; query: CompiledQuery }) => {
    if (event.level === 'query') {
      captured.push(event.query);
    }
  };
  let explain: (sql: string, parameters: readonly unknown[]) => Promise<string[]>;
  let close: () => Promise<void>;
  let db: Kysely<Database>;
  if (settings.kind === 'sqlite') {
    const raw = new SqliteDatabase(settings.file);
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }), log });
    explain = async (sql, parameters) => {
      const rows = raw.prepare(`explain query plan ${sql}`).all(...(parameters as unknown[])) as Array<{ id: number; parent: number; detail: string }>;
      // Children indented under their parent, as the sqlite3 shell shows them.
      const depth = new Map<number, number>([[0, -1]]);
      return rows.map((r) => {
        const d = (depth.get(r.parent) ?? -1) + 1;
        depth.set(r.id, d);
        return `${'  '.repeat(d)}${r.detail}`;
      });
    };
    close = () => db.destroy();
  } else {
    const pool = new pg.Pool({ connectionString: settings.url, max: 2 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    explain = async (sql, parameters) => (await pool.query(`explain ${sql}`, parameters as unknown[])).rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
    close = () => db.destroy();
  }

  const plans: QueryPlan[] = [];
  const writes = recordingDb(settings.kind, captured);
  const record = async (name: string, source: string, work: () => Promise<unknown>) => {
    captured.length = 0;
    await work();
    for (const [i, q] of captured.entries()) {
      if (/^\s*(begin|commit|rollback|savepoint|release)/i.test(q.sql)) {
        continue;
      }
      const plan = await explain(q.sql, q.parameters);
      plans.push({
        name: captured.length > 1 ? `${name} (${i + 1})` : name,
        source,
        sql: q.sql,
        parameters: [...q.parameters],
        plan,
        flag: flagOf(settings.kind, q.sql, plan),
      });
    }
  };

  try {
    const tenantId = options.tenantId;
    const sessions = createGuestSessionRepository(db, settings.kind);
    const dialogs = createDialogRepository(db);
    const history = createHistoryRepository(db, settings.kind);
    const generation = createGenerationRepository(db, settings.kind);

    const listSession = await sessions.findByTokenHash(hashToken(seededToken(seedKey, tenantId, 'bench-list')));
    const historyDialog = await dialogs.findByKey({ tenantId, resourceId: 'bench-history', threadId: fixtureThreadId('bench-history', 0) });
    if (!listSession || !historyDialog) {
      throw new Error(`the database has no benchmark fixtures for tenant ${tenantId} (seed it with npm run bench:seed)`);
    }
    const firstPage = await dialogs.listPage(listSession.id, 21, null);
    const cursorRow = firstPage[19]!;
    const rows = await history.page(historyDialog.id, 0, 50);
    const answer = rows.find((r) => r.role === 'assistant')!;
    const question = rows.find((r) => r.role === 'user' && r.client_message_id !== null) ?? rows[0]!;

    await record('guest token lookup (every authorised request)', 'modules/guest-sessions/repository.ts findByTokenHash', () =>
      sessions.findByTokenHash(listSession.token_hash),
    );
    await record('registered? (requests without a token)', 'modules/guest-sessions/repository.ts isRegistered', () => sessions.isRegistered(tenantId, 'bench-history'));
    await record('dialog list, first page of 20', 'modules/dialogs/repository.ts listPage', () => dialogs.listPage(listSession.id, 21, null));
    await record('dialog list, next page (cursor)', 'modules/dialogs/repository.ts listPage', () =>
      dialogs.listPage(listSession.id, 21, { lastMessageAt: cursorRow.last_message_at, threadId: cursorRow.thread_id }),
    );
    await record('dialog by key (generation, history, hide, share)', 'modules/dialogs/repository.ts findByKey', () =>
      dialogs.findByKey({ tenantId, resourceId: 'bench-history', threadId: fixtureThreadId('bench-history', 0) }),
    );
    await record('history page of 50 (page 1)', 'modules/history/repository.ts page', () => history.page(historyDialog.id, 0, 50));
    await record('history page of 50 (page 3: OFFSET 100)', 'modules/history/repository.ts page', () => history.page(historyDialog.id, 100, 50));
    const reactKey = { tenantId, resourceId: 'bench-history', threadId: fixtureThreadId('bench-history', 0), messageId: answer.id };
    // Compiled by the recording driver, never run: on PostgreSQL the one statement that finds, checks and writes; on SQLite its read.
    await record('feedback: set the reaction', 'modules/feedback/repository.ts react', () => createFeedbackRepository(writes, settings.kind).react(reactKey, 'like', historyDialog.session_id, Date.now() * 1000));
    await record('feedback: clear the reaction', 'modules/feedback/repository.ts react', () => createFeedbackRepository(writes, settings.kind).react(reactKey, null, historyDialog.session_id, Date.now() * 1000));
    await record('generation: dialog and retry lookup', 'modules/generation/repository.ts lookup', () =>
      generation.lookup({ tenantId, resourceId: 'bench-history', threadId: fixtureThreadId('bench-history', 0) }, question.client_message_id ?? 'none'),
    );
    await record('generation: the reply to a user message', 'modules/generation/repository.ts findReply', () => generation.findReply(question.id));
    await record('generation: earlier turns for the language-model engine', 'modules/generation/repository.ts recentMessages', () => generation.recentMessages(historyDialog.id, 20));
    await record('generation: store a turn (existing dialog)', 'modules/generation/repository.ts storeTurn', () => {
        const now = Date.now() * 1000;
        const base = { client_message_id: null, fingerprint: null, traffic_type: 'real', events: null, engine_state: null };
        const userId = randomUUID();
        return createGenerationRepository(writes, settings.kind).storeTurn({
          dialog: { ...historyDialog, created_at: now },
          userMessages: [{ ...base, id: userId, dialog_id: historyDialog.id, role: 'user', content: '"x"', created_at: now, reply_to: null, latency_ms: null }],
          image: null,
          assistant: { ...base, id: randomUUID(), dialog_id: historyDialog.id, role: 'assistant', content: '{"contents":[]}', created_at: now + 1, reply_to: userId, latency_ms: 1 },
          claim: { dialogKey: 'k', clientMessageId: 'c' },
        });
    });
  } finally {
    await close();
  }
  return plans;
}

/** Markdown for one database's plans. */
export function plansMarkdown(title: string, plans: QueryPlan[]): string {
  const out = [`### ${title}`, ''];
  for (const p of plans) {
    out.push(`**${p.name}** — \`${p.source}\`${p.flag ? ` — ⚠ ${p.flag}` : ''}`, '', '```sql', p.sql, '```', '```', ...p.plan, '```', '');
  }
  return out.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const database = flagValue(argv, 'database');
  if (!database) {
    process.stderr.write('usage: npx tsx bench/plans.ts --database sqlite:FILE|postgres://… [--tenant bench] [--seed-key KEY]\n');
    process.exit(2);
  }
  const plans = await collectQueryPlans(databaseSettings(database), { tenantId: flagValue(argv, 'tenant') ?? 'demo', seedKey: flagValue(argv, 'seed-key') });
  process.stdout.write(`${plansMarkdown(database.startsWith('postgres') ? 'PostgreSQL' : 'SQLite', plans)}\n`);
}
