/**
 * The shop's insights summary on a seeded database (`npm run bench:seed`, 1,000,000 messages by
 * default): the time of the summary of a 30-day period (the latest 30 days of the seeded history),
 * of each of its queries, and their plans (`EXPLAIN QUERY PLAN` on SQLite, `EXPLAIN ANALYZE` on
 * PostgreSQL). Before measuring it brings the schema up to date (the insights indexes) and, when
 * the tenant has none, adds what the seeder does not write: tracking events for the answers of the
 * period (two impressions, two card views and a click on every tenth answer) and a starter-prompt
 * selection per dialog. `npm run bench` runs it on its grown databases; alone:
 *
 *   npx tsx bench/insights.ts --database sqlite:FILE --database postgres://… [--tenant demo] [--runs 5]
 */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { sql, type CompiledQuery } from 'kysely';
import type { DatabaseSettings } from '../src/config/env.ts';
import { loadTenantsFile } from '../src/config/tenants-file.ts';
import type { Tenant } from '../src/config/index.ts';
import { createStorage, type Storage } from '../src/db/create-db.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createInsightsRepository } from '../src/modules/insights/repository.ts';
import { createInsightsService } from '../src/modules/insights/service.ts';
import { parsePeriod } from '../src/modules/insights/period.ts';
import { engagementByDay } from '../src/modules/tracking/report.ts';
import type { Figure } from './lib/report.ts';
import { databaseSettings } from './seed.ts';
import { flagValue, flagValues, median, round, thousands } from './lib/util.ts';

export interface InsightsBenchResult {
  figures: Figure[];
  /** Each query of the summary with its plan, for the report. */
  plans: Array<{ sql: string; plan: string }>;
}

const BATCH = 1000;

/** Tracking events and starter-prompt selections for the period, when the tenant has none. */
async function addActivity(storage: Storage, tenant: Tenant, since: number, until: number, log: (line: string) => void): Promise<void> {
  const db = storage.db;
  const existing = await db
    .selectFrom('tracking_events')
    .select(sql<number>`count(*)`.as('n'))
    .where('tenant_id', '=', tenant.id)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  if (Number(existing?.n ?? 0) > 0) {
    return;
  }
  const answers = await db
    .selectFrom('messages as a')
    .innerJoin('dialogs as d', 'd.id', 'a.dialog_id')
    .select(['a.id', 'a.dialog_id', 'a.created_at'])
    .where('d.tenant_id', '=', tenant.id)
    .where('a.role', '=', 'assistant')
    .where('a.created_at', '>=', since)
    .where('a.created_at', '<', until)
    .execute();
  const events: Array<{ tenant_id: string; dialog_id: string; message_id: string; type: string; sku: string | null; created_at: number }> = [];
  answers.forEach((a, i) => {
    const at = Number(a.created_at) + 1_000_000;
    const base = { tenant_id: tenant.id, dialog_id: a.dialog_id, message_id: a.id };
    events.push({ ...base, type: 'IMP', sku: null, created_at: at }, { ...base, type: 'WRIMP', sku: null, created_at: at });
    events.push({ ...base, type: 'visible_impression', sku: `sku-${i % 97}`, created_at: at }, { ...base, type: 'visible_impression', sku: `sku-${i % 89}`, created_at: at });
    if (i % 10 === 0) {
      events.push({ ...base, type: 'click', sku: `sku-${i % 97}`, created_at: at + 5_000_000 });
    }
  });
  for (let i = 0; i < events.length; i += BATCH) {
    await db.insertInto('tracking_events').values(events.slice(i, i + BATCH)).execute();
  }
  const dialogs = await db
    .selectFrom('dialogs')
    .select(['id', 'session_id', 'created_at'])
    .where('tenant_id', '=', tenant.id)
    .where('created_at', '>=', since)
    .where('created_at', '<', until)
    .execute();
  const promptIds = JSON.stringify(tenant.starterPrompts.prompts.slice(0, 5).map((p) => p.id));
  const selections = dialogs.map((d) => ({
    id: crypto.randomUUID(),
    tenant_id: tenant.id,
    session_id: d.session_id ?? d.id,
    prompt_set_version: tenant.starterPrompts.version,
    page_type: 'HOMEPAGE',
    prompt_ids: promptIds,
    created_at: Number(d.created_at) - 1_000_000,
  }));
  for (let i = 0; i < selections.length; i += BATCH) {
    await db.insertInto('starter_prompt_selections').values(selections.slice(i, i + BATCH)).execute();
  }
  await sql`analyze`.execute(db);
  log(`  added ${thousands(events.length)} tracking events and ${thousands(selections.length)} starter-prompt selections for the period`);
}

async function explain(storage: Storage, query: CompiledQuery): Promise<string> {
  if (storage.dialect === 'postgres') {
    const result = await storage.db.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain (analyze, costs off, timing off, summary on) ${query.sql}` } as CompiledQuery<{ 'QUERY PLAN': string }>);
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  }
  const result = await storage.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` } as CompiledQuery<{ detail: string }>);
  return result.rows.map((r) => r.detail).join('\n');
}

/**
 * Measures the summary of the latest 30 days of `tenant` on one database: `runs` timed runs after
 * a warm-up, and each query's own time and plan.
 */
export async function benchInsights(
  name: string,
  settings: DatabaseSettings,
  tenant: Tenant,
  options: { runs?: number; log?: (line: string) => void } = {},
): Promise<InsightsBenchResult> {
  const log = options.log ?? (() => {});
  const runs = options.runs ?? 5;
  const captured: CompiledQuery[] = [];
  let capturing = false;
  const storage = createStorage(settings, { onQuery: (event) => capturing && captured.push(event.query) });
  try {
    const t0 = performance.now();
    const ran = await migrateToLatest(storage.db, storage.dialect);
    if (ran.length > 0) {
      log(`  ${name}: migrations ${ran.join(', ')} in ${round((performance.now() - t0) / 1000, 1)} s`);
    }
    const latest = await storage.db
      .selectFrom('messages as m')
      .innerJoin('dialogs as d', 'd.id', 'm.dialog_id')
      .select(sql<number>`max(m.created_at)`.as('at'))
      .where('d.tenant_id', '=', tenant.id)
      .executeTakeFirst();
    const lastDay = new Date(Math.floor(Number(latest?.at ?? Date.now() * 1000) / 1000)).toISOString().slice(0, 10);
    const firstDay = new Date(Date.parse(lastDay) - 29 * 86_400_000).toISOString().slice(0, 10);
    const period = parsePeriod({ from: firstDay, to: lastDay, utcOffset: 180 }, Date.now() * 1000);
    await addActivity(storage, tenant, period.sinceMicros, period.untilMicros, log);

    const repository = createInsightsRepository(storage.db, storage.dialect);
    const service = createInsightsService({ repository, engagement: (o) => engagementByDay(storage.db, o) });
    const inPeriod = await storage.db
      .selectFrom('messages as m')
      .innerJoin('dialogs as d', 'd.id', 'm.dialog_id')
      .select(sql<number>`count(*)`.as('n'))
      .where('d.tenant_id', '=', tenant.id)
      .where('m.created_at', '>=', period.sinceMicros)
      .where('m.created_at', '<', period.untilMicros)
      .executeTakeFirst();
    const total = await storage.db.selectFrom('messages').select(sql<number>`count(*)`.as('n')).executeTakeFirst();

    await service.summary(tenant, period);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await service.summary(tenant, period);
      times.push(performance.now() - start);
    }
    // Each query alone, in the order the service sends them, with its plan.
    capturing = true;
    await service.summary(tenant, period);
    capturing = false;
    const plans: InsightsBenchResult['plans'] = [];
    const figures: Figure[] = [
      { name: `${name}: messages in the database`, value: Number(total?.n ?? 0), unit: 'messages' },
      { name: `${name}: messages of the tenant in the 30-day period`, value: Number(inPeriod?.n ?? 0), unit: 'messages' },
      { name: `${name}: insights summary, 30 days (median of ${runs})`, value: round(median(times), 1), unit: 'ms', target: '< 2000 ms' },
    ];
    for (const query of captured) {
      const start = performance.now();
      await storage.db.executeQuery(query);
      const ms = performance.now() - start;
      const label = query.sql.replace(/\s+/g, ' ').slice(0, 60);
      figures.push({ name: `${name}: query ${label}…`, value: round(ms, 1), unit: 'ms' });
      plans.push({ sql: query.sql, plan: await explain(storage, query) });
    }
    log(`  ${name}: summary ${round(median(times), 1)} ms (median of ${runs}) over ${thousands(Number(inPeriod?.n ?? 0))} messages of the period, ${thousands(Number(total?.n ?? 0))} in all`);
    return { figures, plans };
  } finally {
    await storage.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const tenants = loadTenantsFile(process.env.TENANTS_FILE ?? fileURLToPath(new URL('../examples/tenants.yaml', import.meta.url)));
  const tenantId = flagValue(argv, 'tenant') ?? tenants[0]!.id;
  const tenant = tenants.find((t) => t.id === tenantId);
  if (!tenant) {
    throw new Error(`tenant "${tenantId}" is not in the tenants file`);
  }
  const runs = Number(flagValue(argv, 'runs') ?? 5);
  for (const value of flagValues(argv, 'database')) {
    const name = value.startsWith('postgres') ? 'postgres' : 'sqlite';
    const result = await benchInsights(name, databaseSettings(value), tenant, { runs, log: (line) => process.stdout.write(`${line}\n`) });
    for (const f of result.figures) {
      process.stdout.write(`${f.name}\t${f.value} ${f.unit}\n`);
    }
    if (argv.includes('--plans')) {
      for (const p of result.plans) {
        process.stdout.write(`\n${p.sql}\n${p.plan}\n`);
      }
    }
  }
}
