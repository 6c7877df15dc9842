/**
 * `npm run bench` (full, under 15 minutes) and `npm run bench -- --quick` (under 2).
 *
 * In one run on this machine it seeds a fresh SQLite database and (when 127.0.0.1:5432
 * answers) a fresh PostgreSQL database with the same population, starts three server
 * processes on loopback — Aisle on SQLite, Aisle on PostgreSQL, and a bare Fastify
 * baseline answering with responses captured from Aisle (the ceiling) — and drives each
 * with autocannon: per endpoint, at 1 and at 50 connections, alternating the targets
 * (A B C, then C B A, …) over at least three repetitions, so that drift of a shared,
 * noisy machine falls on every target alike. The dialog list and history are measured at
 * 50,000 messages and again after the database has grown to 1,000,000 (quick: 200,000).
 * Then the component benchmarks other issues define, the query plans of the hot queries,
 * and the tables: printed, and written as JSON and Markdown under bench/results/.
 *
 * Options: --quick, --seconds S (per run), --reps N, --connections 1,50, --only debug,list,…,
 * --no-postgres, --no-components, --plans (also in quick mode), --log-level LEVEL (Aisle's,
 * default info as in production), --profile (a V8 CPU profile of each Aisle server per
 * endpoint, over the measured runs only, into bench/results/profiles/, and their hottest
 * functions in the report), --calibrate 10,20,40 (also run copies of the ceiling that spend that
 * many µs of busy work per request: their ratios show what a ratio means in work added per
 * request on this machine), --keep (keep the work directory and the PostgreSQL database).
 */
import { CATALOG_FILES, SHARED_CATALOGS } from './lib/real-catalogs.ts';
import { SETTLE_DELAY_MS } from '../src/heap-settle.ts';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseSettings } from '../src/config/env.ts';
import { loadTenantsFile } from '../src/config/tenants-file.ts';
import { createStorage } from '../src/db/create-db.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { syncCatalogsFromTenants } from '../src/catalog/sync-from-tenants.ts';
import { buildWidgetScript, widgetSizeLine } from '../src/modules/web/widget-build.ts';
import { gzipSync } from 'node:zlib';
import { seedDatabases, type SeedReport } from './seed.ts';
import { benchInsights } from './insights.ts';
import { FOLLOW_UPS, OPENERS, fixtureThreadId, seededToken } from './lib/population.ts';
import { freePort, startChild, type ChildOptions, type ChildServer } from './lib/children.ts';
import { buildForBench, type Built } from './lib/build.ts';
import type { BaselineRoute, CapturedResponse, Usage } from './lib/child-usage.ts';
import { runLoad, type Counter, type LoadSpec } from './lib/load.ts';
import { BASELINE, calibratedName, isReference, endpointTables, figuresTable, fmt, sizeLabel, summarise, summaryTable, targetsTable, type Cell, type CellSummary, type Figure, type Sample, type TargetCheck } from './lib/report.ts';
import { collectQueryPlans, plansMarkdown, type QueryPlan } from './plans.ts';
import { summariseProfile } from './lib/profile.ts';
import { measureEngineShare, type EngineShare } from './lib/engine-share.ts';
import { flagValue, hasFlag, round, sleep, thousands } from './lib/util.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const RESULTS = join(HERE, 'results');
const TENANT = 'bench';
const SEED_KEY = 'aisle-bench';
const PUBLIC_BASE_URL = 'https://aisle.example';
/** Fixed so that every database and server of the run signs alike. */
const SIGNING_SECRET = 'aisle-benchmark-signing-secret-not-for-production-use';
const PG_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLOCK_TICKS_PER_SECOND = 100;

const argv = process.argv.slice(2);
const quick = hasFlag(argv, 'quick');
const opts = {
  quick,
  seconds: Number(flagValue(argv, 'seconds') ?? (quick ? 0.2 : 1.5)),
  maxSeconds: quick ? 0.5 : 4,
  minResponses: quick ? 40 : 300,
  reps: Math.max(3, Number(flagValue(argv, 'reps') ?? 3)),
  warmSeconds: quick ? 0.2 : 1,
  connections: (flagValue(argv, 'connections') ?? '1,50').split(',').map(Number),
  only: flagValue(argv, 'only')?.split(',') ?? null,
  postgres: !hasFlag(argv, 'no-postgres'),
  components: !hasFlag(argv, 'no-components'),
  plans: !quick || hasFlag(argv, 'plans'),
  rss100k: !quick && !hasFlag(argv, 'no-rss-100k'),
  logLevel: flagValue(argv, 'log-level') ?? 'info',
  profile: hasFlag(argv, 'profile'),
  calibrate: (flagValue(argv, 'calibrate')?.split(',') ?? []).map(Number).filter((us) => Number.isFinite(us) && us > 0),
  keep: hasFlag(argv, 'keep'),
};

/** The population: 50,000 messages first, then grown to the large size. */
const SMALL = { firstResource: 0, resources: 1_000, dialogs: 5_000, messages: 50_000, fixtures: true };
const LARGE_MESSAGES = quick ? 80_000 : 1_000_000;
const GROWTH = {
  firstResource: SMALL.resources,
  resources: LARGE_MESSAGES / 50 - SMALL.resources,
  dialogs: LARGE_MESSAGES / 10 - SMALL.dialogs,
  messages: LARGE_MESSAGES - SMALL.messages,
  fixtures: false,
};

const started = performance.now();
const notes: string[] = [];
const say = (line: string) => process.stdout.write(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = net.connect({ host, port });
    const end = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(1000, () => end(false));
    socket.once('connect', () => end(true));
    socket.once('error', () => end(false));
  });
}

/** A 10,000-product catalogue from the real shop feeds (Russian first, then Best Buy), as JSON Lines. */
function writeCatalog(file: string, size: number): number {
  const sources = CATALOG_FILES.map((f) => join(SHARED_CATALOGS, f));
  if (!sources.every(existsSync)) {
    notes.push(`The real catalogues (${SHARED_CATALOGS}) are missing: the bench tenant uses the 199-product demo catalogue.`);
    writeFileSync(file, readFileSync(fileURLToPath(new URL('../examples/demo/catalog.jsonl', import.meta.url))));
    return 199;
  }
  const lines = sources.flatMap((f) => readFileSync(f, 'utf8').split('\n').filter((l) => l.trim() !== ''));
  const out: string[] = [];
  for (let i = 0; out.length < size; i++) {
    const line = lines[i % lines.length]!;
    const round = Math.floor(i / lines.length);
    if (round === 0) {
      out.push(line);
    } else {
      // Copies of the real products under new SKUs, as another shop's would be.
      const p = JSON.parse(line) as { sku: string };
      out.push(JSON.stringify({ ...p, sku: `${p.sku}~${round}` }));
    }
  }
  writeFileSync(file, `${out.join('\n')}\n`);
  return out.length;
}

function tenantsYaml(catalogPath: string): string {
  return [
    'tenants:',
    `  - id: ${TENANT}`,
    '    name: Бенч-магазин',
    '    language: ru',
    '    messageFormat: markdown',
    '    showCategories: true',
    '    currencySymbol: ₽',
    '    catalog:',
    `      path: ${JSON.stringify(catalogPath)}`,
    '      format: jsonl',
    '    links:',
    '      - { topic: delivery, label: Доставка и оплата, url: "https://shop.example/delivery", keywords: [доставк, курьер, delivery] }',
    '      - { topic: returns, label: Возврат и обмен, url: "https://shop.example/returns", keywords: [возврат, вернуть, return] }',
    '    allowedLinkHosts: [shop.example]',
    '',
  ].join('\n');
}

interface AisleTarget {
  name: string;
  child: ChildServer;
  settings: DatabaseSettings;
  /** PostgreSQL database name, to find its backends' CPU. */
  pgDatabase: string | null;
  shareToken: string | null;
  feedbackIds: string[];
}

const auth = (resourceId: string) => ({ authorization: `Bearer ${seededToken(SEED_KEY, TENANT, resourceId)}` });
const json = { 'content-type': 'application/json' };

interface Endpoint {
  key: string;
  title: string;
  route: BaselineRoute;
  /** The request for a target (tokens, share links and answer ids are per database). */
  spec(target: AisleTarget): LoadSpec | null;
}

const GEN_TEXTS = [...OPENERS.filter((t) => !/оператор/.test(t)), ...FOLLOW_UPS];

const ENDPOINTS: Endpoint[] = [
  {
    key: 'debug',
    title: 'debug generation (POST /shopping/generate, trafficType debug)',
    route: 'POST /shopping/generate',
    spec: () => ({
      request: {
        method: 'POST',
        path: '/shopping/generate',
        headers: { ...json, ...auth('bench-gen') },
        body: JSON.stringify({
          threadId: 'bench-debug',
          resourceId: 'bench-gen',
          trafficType: 'debug',
          messages: [{ role: 'user', content: 'привет' }],
          runtimeContext: { tenant_id: TENANT, ctx: { type: 'HOMEPAGE', lng: 'ru' } },
        }),
      },
    }),
  },
  {
    key: 'list',
    title: 'dialog list, page of 20 (GET /shopping/dialogs)',
    route: 'GET /shopping/dialogs',
    spec: () => ({ request: { method: 'GET', path: '/shopping/dialogs?limit=20', headers: auth('bench-list') } }),
  },
  {
    key: 'history',
    title: 'history, page of 50 (POST /shopping/history)',
    route: 'POST /shopping/history',
    spec: () => ({
      request: {
        method: 'POST',
        path: '/shopping/history',
        headers: { ...json, ...auth('bench-history') },
        body: JSON.stringify({ tenant_id: TENANT, resourceId: 'bench-history', threadId: fixtureThreadId('bench-history', 0), page: 1, limit: 50 }),
      },
    }),
  },
  {
    key: 'feedback',
    title: 'PUT /shopping/feedback (each request changes a reaction)',
    route: 'PUT /shopping/feedback',
    spec: (t) => {
      const ids = t.feedbackIds;
      const body = (n: number) =>
        JSON.stringify({
          tenant_id: TENANT,
          resourceId: 'bench-feedback',
          threadId: fixtureThreadId('bench-feedback', 0),
          messageId: ids[n % ids.length],
          reaction: Math.floor(n / ids.length) % 2 === 0 ? 'like' : 'dislike',
        });
      return { request: { method: 'PUT', path: '/shopping/feedback', headers: { ...json, ...auth('bench-feedback') }, body: body(0) }, vary: (n) => ({ body: body(n) }) };
    },
  },
  {
    key: 'share',
    title: 'share read (GET /dialogs/shared/{token})',
    route: 'GET /dialogs/shared/:share_token',
    spec: (t) => (t.shareToken ? { request: { method: 'GET', path: `/dialogs/shared/${t.shareToken}`, headers: {} } } : null),
  },
  {
    key: 'generate',
    title: 'generation turn, catalogue engine, 10,000 products (each request a new stored message)',
    route: 'POST /shopping/generate',
    spec: () => {
      const body = (n: number) =>
        JSON.stringify({
          // 1,000 dialogs in turn: a dialog's next message comes ~1,000 requests later, never concurrently.
          threadId: `bench-gen-${n % 1000}`,
          resourceId: 'bench-gen',
          trafficType: 'real',
          messages: [{ role: 'user', id: `msg-${n}`, content: GEN_TEXTS[(n * 7) % GEN_TEXTS.length] }],
          runtimeContext: { tenant_id: TENANT, ctx: { type: 'HOMEPAGE', lng: 'ru' } },
        });
      return { request: { method: 'POST', path: '/shopping/generate', headers: { ...json, ...auth('bench-gen') }, body: body(0) }, vary: (n) => ({ body: body(n) }) };
    },
  },
];

const wanted = (key: string) => opts.only === null || opts.only.includes(key);

/** CPU ticks of the PostgreSQL backends connected to `database`, by pid. */
async function pgBackendTicks(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime are fields 14 and 15 of /proc/<pid>/stat (11 and 12 after the name).
      out.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The backend ended between the query and the read.
    }
  }
  return out;
}

function ticksDelta(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, t] of after) {
    ticks += t - (before.get(pid) ?? 0);
  }
  return (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}

/** One request through fetch, to capture the exact response the baseline will repeat. */
async function capture(origin: string, spec: LoadSpec, counter: Counter): Promise<CapturedResponse> {
  const req = { ...spec.request, ...(spec.vary ? spec.vary(counter.n++) : {}) };
  const res = await fetch(origin + req.path, { method: req.method, headers: req.headers, ...(req.body !== undefined ? { body: req.body } : {}) });
  const body = await res.text();
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) {
      headers[name] = value;
    }
  });
  return { status: res.status, headers, body };
}

async function main(): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'aisle-bench-'));
  const loadAtStart = loadavg();
  say(`${opts.quick ? 'quick' : 'full'} run; work directory ${work}; load average ${loadAtStart.map((x) => x.toFixed(2)).join(' ')} on ${cpus().length} CPUs`);
  // The bundles live inside the project (they find node_modules and the install folder from there).
  const buildDir = mkdtempSync(join(RESULTS, '.build-'));
  say('building the production bundle (the project\'s build script) and the baseline');
  let built: Built;
  try {
    built = await buildForBench(buildDir);
  } catch (err) {
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
  if (!built.cli) {
    notes.push('The project has no esbuild `build` script: Aisle ran from the TypeScript sources through tsx (more memory than `npm start`).');
  }
  const catalogFile = join(work, 'catalog.jsonl');
  const products = writeCatalog(catalogFile, 10_000);
  const tenantsFile = join(work, 'tenants.yaml');
  writeFileSync(tenantsFile, tenantsYaml(catalogFile));
  const tenants = loadTenantsFile(tenantsFile);

  const databases: Array<{ name: string; settings: DatabaseSettings; pgDatabase: string | null }> = [
    { name: 'aisle-sqlite', settings: { kind: 'sqlite', file: join(work, 'aisle.sqlite') }, pgDatabase: null },
  ];
  let admin: pg.Client | null = null;
  let pgDatabase: string | null = null;
  const pgUrl = new URL(PG_ADMIN_URL);
  if (opts.postgres && (await answers(pgUrl.hostname, Number(pgUrl.port || 5432)))) {
    admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    pgDatabase = `aisle_bench_${randomBytes(5).toString('hex')}`;
    await admin.query(`create database ${pgDatabase}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${pgDatabase}`;
    databases.push({ name: 'aisle-postgres', settings: { kind: 'postgres', url: url.toString(), poolSize: 10 }, pgDatabase });
  } else {
    notes.push(opts.postgres ? `PostgreSQL does not answer at ${pgUrl.host}: Aisle on PostgreSQL was not measured.` : 'PostgreSQL skipped (--no-postgres).');
  }

  const children: ChildServer[] = [];
  const cleanup = async () => {
    await Promise.all(children.map((c) => c.stop().catch(() => undefined)));
    if (admin && pgDatabase && !opts.keep) {
      await admin.query(`drop database if exists ${pgDatabase} with (force)`).catch(() => undefined);
    }
    await admin?.end().catch(() => undefined);
    if (!opts.keep) {
      rmSync(work, { recursive: true, force: true });
    }
    rmSync(buildDir, { recursive: true, force: true });
  };
  const interrupted = () => {
    say('interrupted: stopping the servers and dropping the benchmark database');
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    // 1. Seed both databases with the same 50,000-message population.
    const seeding: Array<{ stage: string; report: SeedReport; databases: string[] }> = [];
    const seed = async (stage: string, block: typeof SMALL) => {
      say(`seeding ${stage} into ${databases.map((d) => d.name).join(' + ')}`);
      const report = await seedDatabases({
        databases: databases.map((d) => d.settings),
        tenants,
        blocks: [block],
        seedKey: SEED_KEY,
        publicBaseUrl: PUBLIC_BASE_URL,
        signingSecret: SIGNING_SECRET,
        log: (l) => say(l),
      });
      seeding.push({ stage, report, databases: databases.map((d) => d.name) });
      say(`  ${thousands(report.totalRows)} rows in ${report.seconds} s = ${thousands(report.rowsPerSecond)} rows/s into each of ${databases.length} database(s) (set-up ${report.setupSeconds} s, analyze/checkpoint ${report.finishSeconds} s)`);
    };
    // 2. Schema and catalogue first (what a server's start does), so that the servers can
    // start while the seeder fills the databases: both then find them done.
    for (const d of databases) {
      const storage = createStorage(d.settings);
      try {
        await migrateToLatest(storage.db, storage.dialect);
        await syncCatalogsFromTenants(storage.db, tenants, () => Date.now() * 1000, { info: () => undefined, warn: (o, m) => notes.push(`${d.name}: ${m}`) });
      } finally {
        await storage.close();
      }
    }
    const env = (settings: DatabaseSettings): Record<string, string> => ({
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_BASE_URL,
      DATABASE_URL: settings.kind === 'sqlite' ? `sqlite:${settings.file}` : settings.url,
      DATABASE_POOL_SIZE: '10',
      TENANTS_FILE: tenantsFile,
      SIGNING_SECRET,
      LOG_LEVEL: opts.logLevel,
      REDIS_URL: '',
      TRUST_PROXY: '',
      NODE_ENV: 'production',
      // Guest registration and sharing are limited per IP; every request here comes from 127.0.0.1.
      RATE_LIMIT_REGISTRATION: '1000000',
      RATE_LIMIT_SHARE: '1000000',
      RATE_LIMIT_SHARE_PER_DIALOG: '1000000',
      RATE_LIMIT_SHARED_READ: '1000000',
      RATE_LIMIT_SHARED_READ_FAILED: '1000000',
      BENCH_CHILD_MAX_MS: String(opts.quick ? 600_000 : 1_800_000),
    });
    const profileDir = join(RESULTS, 'profiles', new Date().toISOString().replace(/[:.]/g, '-'));
    say('starting Aisle on each database and the baseline, while seeding');
    const starting = Promise.all([
      ...databases.map(async (d) => startChild(await aisleChild(built, d.name, env(d.settings), join(work, `${d.name}.log`)))),
      ...opts.calibrate.map((us) =>
        startChild({ name: calibratedName(us), args: [built.baseline], env: { BENCH_CHILD_MAX_MS: String(opts.quick ? 600_000 : 1_800_000), BENCH_BASELINE_BURN_US: String(us) }, logFile: join(work, `baseline-${us}.log`) }),
      ),
      startChild({ name: BASELINE, args: [built.baseline], env: { BENCH_CHILD_MAX_MS: String(opts.quick ? 600_000 : 1_800_000) }, logFile: join(work, 'baseline.log') }),
    ]);
    // Whatever happens to the seeding, the servers that started are stopped by the cleanup.
    void starting.then((c) => children.push(...c), () => undefined);
    const [startedChildren] = await Promise.all([starting, seed('50,000 messages', SMALL)]);
    const baseline = startedChildren.at(-1)!;
    const calibrated = startedChildren.slice(databases.length, -1);
    const targets: AisleTarget[] = databases.map((d, i) => ({ name: d.name, child: startedChildren[i]!, settings: d.settings, pgDatabase: d.pgDatabase, shareToken: null, feedbackIds: [] }));
    // Idle: after start-up work (catalogue index built, migrations done) has settled, and the
    // server has given back the heap the index build left (heap-settle.ts).
    await sleep(SETTLE_DELAY_MS + 2000);
    const idle: Record<string, Usage> = {};
    for (const c of children) {
      idle[c.name] = await c.usage();
    }
    say(`idle RSS: ${children.map((c) => `${c.name} ${round(idle[c.name]!.rss / 1048576)} MB`).join(', ')}`);

    // 3. Per-target set-up: a share link of the share fixture, the answers the feedback requests react to.
    for (const t of targets) {
      const share = await fetch(`${t.child.url}/dialogs/share`, {
        method: 'POST',
        headers: { ...json, ...auth('bench-share') },
        body: JSON.stringify({ user_id: 'bench-share', dialog_id: fixtureThreadId('bench-share', 0) }),
      });
      const shareBody = await share.text();
      if (share.status === 201) {
        t.shareToken = (JSON.parse(shareBody) as { share_token: string }).share_token;
      } else {
        notes.push(`${t.name}: POST /dialogs/share answered ${share.status} (${shareBody.slice(0, 120)}): share read not measured.`);
      }
      const history = await fetch(`${t.child.url}/shopping/history`, {
        method: 'POST',
        headers: { ...json, ...auth('bench-feedback') },
        body: JSON.stringify({ tenant_id: TENANT, resourceId: 'bench-feedback', threadId: fixtureThreadId('bench-feedback', 0), limit: 100 }),
      });
      const items = (history.ok ? ((await history.json()) as { items: Array<{ id: string; role: string }> }).items : []).filter((i) => i.role === 'assistant');
      t.feedbackIds = items.map((i) => i.id);
      if (t.feedbackIds.length === 0) {
        notes.push(`${t.name}: the feedback fixture's answers could not be read (history ${history.status}): PUT feedback not measured.`);
      }
    }

    const cells: Cell[] = [];
    const counters = new Map<string, Counter>();
    const counterOf = (key: string) => {
      let c = counters.get(key);
      if (!c) {
        c = { n: 0 };
        counters.set(key, c);
      }
      return c;
    };

    /** Measures one endpoint on every target, alternating them, at each connection count. */
    const measure = async (endpoint: Endpoint, size: number | null) => {
      if (!wanted(endpoint.key)) {
        return;
      }
      const reference = targets[0]!;
      const refSpec = endpoint.spec(reference);
      if (!refSpec) {
        notes.push(`${endpoint.title}: skipped (see the notes above).`);
        return;
      }
      // The ceiling answers exactly what Aisle answered to this request shape.
      const captured = await capture(reference.child.url, refSpec, counterOf(`${endpoint.key}:${reference.name}`));
      if (captured.status >= 300) {
        notes.push(`${endpoint.title}: Aisle answered ${captured.status} (${captured.body.slice(0, 200)}); not measured.`);
        return;
      }
      await baseline.serve(endpoint.route, captured);
      for (const c of calibrated) {
        await c.serve(endpoint.route, captured);
      }
      const runners: Array<{ name: string; child: ChildServer; spec: LoadSpec; pgDatabase: string | null }> = [];
      for (const t of targets) {
        const spec = endpoint.spec(t);
        if (!spec) {
          continue;
        }
        if (t !== reference) {
          const other = await capture(t.child.url, spec, counterOf(`${endpoint.key}:${t.name}`));
          if (other.status !== captured.status) {
            notes.push(`${endpoint.title}: ${t.name} answered ${other.status}, ${reference.name} ${captured.status}.`);
          } else if ((endpoint.key === 'list' || endpoint.key === 'history') && other.body !== captured.body) {
            // Both databases hold the same seeded rows: the same read must give the same bytes.
            notes.push(`${endpoint.title}${size ? ` @ ${sizeLabel(size)}` : ''}: ${t.name} answered ${other.body.length} bytes, ${reference.name} ${captured.body.length} — the databases differ.`);
          }
        }
        runners.push({ name: t.name, child: t.child, spec, pgDatabase: t.pgDatabase });
      }
      runners.push(...calibrated.map((c) => ({ name: c.name, child: c, spec: refSpec, pgDatabase: null })));
      runners.push({ name: BASELINE, child: baseline, spec: refSpec, pgDatabase: null });
      say(`${endpoint.key}${size ? ` @ ${sizeLabel(size)}` : ''}: ${captured.status}, ${captured.body.length} bytes; warming up`);
      // A run lasts long enough for a few hundred responses (within bounds), so a slow endpoint is not measured on a handful.
      const runSeconds = new Map<string, number>();
      for (const r of runners) {
        const warm = await runLoad(r.child.url, r.spec, { connections: 10, seconds: opts.warmSeconds, counter: counterOf(`${endpoint.key}:${r.name}`) });
        runSeconds.set(r.name, Math.min(opts.maxSeconds, Math.max(opts.seconds, opts.minResponses / Math.max(1, warm.rps))));
      }
      if (opts.profile) {
        await Promise.all(runners.map((r) => r.child.profileStart()));
      }
      for (const connections of opts.connections) {
        const byTarget = new Map(runners.map((r) => [r.name, { endpoint: endpoint.key, title: endpoint.title, size, connections, target: r.name, samples: [] as Sample[] } satisfies Cell]));
        for (let rep = 0; rep < opts.reps; rep++) {
          const order = rep % 2 === 0 ? runners : [...runners].reverse();
          for (const r of order) {
            await r.child.resetPeak();
            const before = await r.child.usage();
            const dbBefore = admin && r.pgDatabase ? await pgBackendTicks(admin, r.pgDatabase) : null;
            const res = await runLoad(r.child.url, r.spec, { connections, seconds: runSeconds.get(r.name)! * (connections === 1 && !opts.quick ? 1.5 : 1), counter: counterOf(`${endpoint.key}:${r.name}`) });
            // The requests abandoned at the stop still run to their end on the server: wait for them,
            // and count them (one per connection) in the CPU per request.
            await sleep(Math.min(opts.quick ? 30 : 1000, Math.max(20, res.latencies[Math.floor(res.latencies.length / 2)] ?? 0)));
            const after = await r.child.usage();
            const dbAfter = admin && r.pgDatabase ? await pgBackendTicks(admin, r.pgDatabase) : null;
            byTarget.get(r.name)!.samples.push({
              rep,
              rps: res.rps,
              requests: res.requests,
              seconds: res.seconds,
              cpuMicros: after.cpuMicros - before.cpuMicros,
              abandoned: connections,
              dbCpuMicros: dbBefore && dbAfter ? ticksDelta(dbBefore, dbAfter) : null,
              peakRss: after.peakRss,
              latencies: res.latencies,
              statuses: res.statuses,
              errors: res.errors,
              timeouts: res.timeouts,
            });
          }
        }
        const line = [...byTarget.values()].map((c) => {
          const rps = c.samples.map((s) => s.rps).sort((a, b) => a - b)[Math.floor(c.samples.length / 2)]!;
          return `${c.target} ${thousands(rps)}/s`;
        });
        say(`  ${connections} conn: ${line.join(', ')}`);
        cells.push(...byTarget.values());
      }
      if (opts.profile) {
        const label = `${endpoint.key}${size ? `-${size}` : ''}`;
        await Promise.all(runners.map((r) => r.child.profileStop(join(profileDir, `${r.name}-${label}.cpuprofile`))));
      }
    };

    // 4. The endpoints at 50,000 messages.
    for (const key of ['debug', 'list', 'history', 'feedback', 'share']) {
      const e = ENDPOINTS.find((x) => x.key === key)!;
      await measure(e, key === 'list' || key === 'history' ? SMALL.messages : null);
    }

    // 5. Grow the databases (servers keep running, idle) and measure the read paths again.
    if (wanted('list') || wanted('history')) {
      await seed(`growth to ${thousands(LARGE_MESSAGES)} messages`, GROWTH);
      for (const key of ['list', 'history']) {
        await measure(ENDPOINTS.find((x) => x.key === key)!, LARGE_MESSAGES);
      }
      if (opts.quick) {
        notes.push(`Quick mode: the second data size is ${thousands(LARGE_MESSAGES)} messages, not 1,000,000.`);
      }
    }

    // 6. Generation last: it adds messages, and should not change the sizes above.
    await measure(ENDPOINTS.find((x) => x.key === 'generate')!, null);

    const final: Record<string, Usage> = {};
    for (const c of children) {
      final[c.name] = await c.usage();
    }
    say('stopping the servers');
    await Promise.all(children.map((c) => c.stop()));
    children.length = 0;

    // The catalogue engine's own CPU per answer, in this process, over the same catalogue and texts.
    let engineShare: EngineShare | null = null;
    if (wanted('generate')) {
      say('the catalogue engine alone (its share of a generation turn)');
      engineShare = await measureEngineShare({
        settings: databases[0]!.settings,
        tenant: tenants.find((t) => t.id === TENANT)!,
        tenants: new Map(tenants.map((t) => [t.id, t])),
        texts: GEN_TEXTS,
        signingSecret: SIGNING_SECRET,
        publicBaseUrl: PUBLIC_BASE_URL,
        answers: opts.quick ? 600 : 3000,
        dialogs: 1000,
      });
      say(`  ${round(engineShare.cpuMicrosPerAnswer)} µs of CPU per answer`);
    }

    // 7. Query plans of the hot queries on the grown databases.
    const plans: Array<{ name: string; plans: QueryPlan[] }> = [];
    if (opts.plans) {
      for (const d of databases) {
        try {
          plans.push({ name: d.name, plans: await collectQueryPlans(d.settings, { tenantId: TENANT, seedKey: SEED_KEY }) });
        } catch (err) {
          notes.push(`query plans on ${d.name} failed: ${(err as Error).message}`);
        }
      }
    }

    // 7b. The shops' insights summary of a 30-day period on the grown databases (bench/insights.ts).
    const insights: { figures: Figure[]; seconds: number; error?: string } = { figures: [], seconds: 0 };
    if (opts.components) {
      const t0 = performance.now();
      const tenant = tenants.find((x) => x.id === TENANT)!;
      for (const d of databases) {
        try {
          say(`insights summary on ${d.name}`);
          insights.figures.push(...(await benchInsights(d.name, d.settings, tenant, { log: say })).figures);
        } catch (err) {
          insights.error = `${d.name}: ${(err as Error).message}`;
        }
      }
      insights.seconds = (performance.now() - t0) / 1000;
    }

    // 8. Memory with a 100,000-product catalogue loaded (full mode).
    const rss100k: { idleRss: number; seconds: number } | null = opts.rss100k ? await measureRss100k(work, built) : null;

    // 9. Component figures of the other issues.
    const components: Array<{ component: string; figures: Figure[]; error?: string; seconds: number }> = [];
    if (opts.components) {
      components.push({ component: 'benchInsights', ...insights });
      for (const [file, fn] of [
        ['components/images.ts', 'benchImages'],
        ['components/catalog-import.ts', 'benchCatalogImport'],
        ['components/catalog.ts', 'benchCatalog'],
        ['components/llm-engine.ts', 'benchLlmEngine'],
      ] as const) {
        const path = join(HERE, file);
        if (!existsSync(path)) {
          notes.push(`${file} does not exist yet: its figures are missing.`);
          continue;
        }
        const t0 = performance.now();
        say(`component ${file}`);
        try {
          const mod = (await import(pathToFileURL(path).href)) as Record<string, (o: { quick: boolean }) => Promise<Figure[]>>;
          const run = mod[fn];
          if (typeof run !== 'function') {
            throw new Error(`${file} does not export ${fn}`);
          }
          components.push({ component: fn, figures: await run({ quick: opts.quick }), seconds: (performance.now() - t0) / 1000 });
        } catch (err) {
          components.push({ component: fn, figures: [], error: (err as Error).message, seconds: (performance.now() - t0) / 1000 });
        }
      }
    }

    // 10. Profiles, if asked for.
    const profiles: Array<{ file: string; top: string[] }> = [];
    if (opts.profile && existsSync(profileDir)) {
      for (const p of summariseProfile(profileDir, 25)) {
        profiles.push(p);
      }
    }

    // 11. Report.
    const summaries = summarise(cells);
    const checks = evaluateTargets(summaries, idle, rss100k, components, engineShare);
    const seconds = (performance.now() - started) / 1000;
    const meta = {
      mode: opts.quick ? 'quick' : 'full',
      date: new Date().toISOString(),
      node: process.version,
      cpus: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
      memoryGb: round(totalmem() / 1024 ** 3, 1),
      loadAverageAtStart: loadAtStart.map((x) => round(x, 2)),
      loadAverageAtEnd: loadavg().map((x) => round(x, 2)),
      postgres: admin ? ((await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?') : null,
      settings: { ...opts, catalogueProducts: products, sizes: [SMALL.messages, LARGE_MESSAGES] },
      totalSeconds: round(seconds, 1),
    };
    const markdown = renderMarkdown({ meta, seeding, idle, final, summaries, checks, components, plans, rss100k, profiles, engineShare });
    const stamp = meta.date.replace(/[:.]/g, '-');
    const jsonOut = {
      meta,
      notes,
      seeding,
      idleRssMb: Object.fromEntries(Object.entries(idle).map(([k, v]) => [k, round(v.rss / 1048576, 1)])),
      lifetimePeakRssMb: Object.fromEntries(Object.entries(final).map(([k, v]) => [k, round(v.lifetimePeakRss / 1048576, 1)])),
      rss100k,
      engineShare,
      results: summaries.map((s) => ({ ...s, rpsMedian: round(s.rpsMedian), p50Ms: round(s.p50Ms, 3), p99Ms: round(s.p99Ms, 3), cpuMicrosPerRequest: round(s.cpuMicrosPerRequest, 1), ratio: s.ratio === null ? null : round(s.ratio, 3) })),
      runs: cells.map((c) => ({ ...c, samples: c.samples.map(({ latencies: _l, ...rest }) => rest) })),
      targets: checks,
      components,
      plans,
      profiles,
    };
    for (const name of [`bench-${stamp}-${meta.mode}`, `latest-${meta.mode}`]) {
      writeFileSync(join(RESULTS, `${name}.json`), `${JSON.stringify(jsonOut, null, 2)}\n`);
      writeFileSync(join(RESULTS, `${name}.md`), markdown);
    }
    process.stdout.write(`\n${markdown}\n`);
    process.stdout.write(`${widgetSizeLine(gzipSync(await buildWidgetScript('aisle-chat.js'), { level: 9 }).length)}\n`);
    say(`done in ${round(seconds)} s; written bench/results/bench-${stamp}-${meta.mode}.{json,md} (and latest-${meta.mode}.*)`);
  } finally {
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
    await cleanup();
  }
}

/** How an Aisle server is started: the production bundle with the usage reporter preloaded, or the sources through tsx. */
async function aisleChild(built: Built, name: string, env: Record<string, string>, logFile: string): Promise<ChildOptions> {
  if (built.cli) {
    const port = await freePort();
    return { name, args: ['--import', pathToFileURL(built.reporter).href, built.cli, 'serve'], env: { ...env, PORT: String(port) }, logFile, readyAt: `http://127.0.0.1:${port}`, readyTimeoutMs: 300_000 };
  }
  return { name, args: ['--import', 'tsx', 'bench/lib/aisle-server.ts'], env, logFile, readyTimeoutMs: 300_000 };
}

/** Starts Aisle once more on a fresh SQLite database with a 100,000-product catalogue and reads its idle RSS. */
async function measureRss100k(work: string, built: Built): Promise<{ idleRss: number; seconds: number } | null> {
  const dir = join(work, 'rss100k');
  mkdirSync(dir, { recursive: true });
  const catalog = join(dir, 'catalog.jsonl');
  if (writeCatalog(catalog, 100_000) < 100_000) {
    return null;
  }
  const tenants = join(dir, 'tenants.yaml');
  writeFileSync(tenants, tenantsYaml(catalog));
  say('starting Aisle with a 100,000-product catalogue (import + index build)');
  const t0 = performance.now();
  const logFile = join(dir, 'aisle.log');
  let child: ChildServer;
  try {
    child = await startChild(
      await aisleChild(
        built,
        'aisle-100k',
        { HOST: '127.0.0.1', PORT: '0', PUBLIC_BASE_URL, DATABASE_URL: `sqlite:${join(dir, 'aisle.sqlite')}`, TENANTS_FILE: tenants, SIGNING_SECRET, LOG_LEVEL: 'warn', REDIS_URL: '', TRUST_PROXY: '', BENCH_CHILD_MAX_MS: '600000' },
        logFile,
      ),
    );
  } catch (err) {
    notes.push(`Aisle with a 100,000-product catalogue did not start: ${(err as Error).message.replace(/\n/g, ' / ')}`);
    return null;
  }
  try {
    const seconds = (performance.now() - t0) / 1000;
    await sleep(SETTLE_DELAY_MS + 3000);
    const usage = await child.usage();
    say(`  100,000 products: start ${round(seconds, 1)} s, idle RSS ${round(usage.rss / 1048576)} MB`);
    return { idleRss: usage.rss, seconds };
  } finally {
    await child.stop();
  }
}

function evaluateTargets(
  s: CellSummary[],
  idle: Record<string, Usage>,
  rss100k: { idleRss: number } | null,
  components: Array<{ figures: Figure[] }>,
  engineShare: EngineShare | null,
): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const find = (endpoint: string, target: string, connections: number, size: number | null = null) =>
    s.find((x) => x.endpoint === endpoint && x.target === target && x.connections === connections && (size === null || x.size === size));
  const aisle = [...new Set(s.map((x) => x.target))].filter((t) => !isReference(t));
  const ratioCheck = (endpoint: string, label: string, goal: (t: string) => number, size: number | null = null) => {
    for (const t of aisle) {
      const at50 = find(endpoint, t, 50, size);
      const at1 = find(endpoint, t, 1, size);
      if (!at50) {
        continue;
      }
      const min = goal(t);
      checks.push({
        goal: `${label}, ${t}: ratio ≥ ${min}`,
        measured: `${fmt.ratio(at50.ratio)} at 50 conns${at1 ? `, ${fmt.ratio(at1.ratio)} at 1` : ''}`,
        met: at50.ratio !== null ? at50.ratio >= min : null,
      });
    }
  };
  const bySide = (sqlite: number, postgres: number) => (t: string) => (t.includes('postgres') ? postgres : sqlite);
  ratioCheck('debug', 'debug generation', bySide(0.6, 0.6));
  ratioCheck('list', `dialog list @ ${sizeLabel(LARGE_MESSAGES)}`, bySide(0.25, 0.15), LARGE_MESSAGES);
  ratioCheck('history', `history page @ ${sizeLabel(LARGE_MESSAGES)}`, bySide(0.4, 0.25), LARGE_MESSAGES);
  ratioCheck('feedback', 'PUT feedback', bySide(0.3, 0.2));
  ratioCheck('share', 'share read', bySide(0.4, 0.3));
  const gen = find('generate', 'aisle-sqlite', 50);
  if (gen) {
    const engine = engineShare ? `; the engine alone ${thousands(engineShare.cpuMicrosPerAnswer)} µs of the turn's ${thousands(gen.cpuMicrosPerRequest)} µs CPU` : '';
    checks.push({ goal: 'catalogue-engine turn on SQLite at 50 conns ≥ 1,000 req/s', measured: `${thousands(gen.rpsMedian)} req/s${engine}`, met: gen.rpsMedian >= 1000 });
  }
  for (const x of s.filter((y) => !isReference(y.target) && y.connections === 50 && y.endpoint !== 'generate' && y.p99VsCeiling !== null)) {
    checks.push({
      goal: `p99 at 50 conns ≤ 3× the ceiling's: ${x.endpoint}${x.size ? ` @ ${sizeLabel(x.size)}` : ''}, ${x.target}`,
      measured: `${fmt.ms(x.p99Ms)} ms (${fmt.times(x.p99VsCeiling)})`,
      met: x.p99VsCeiling! <= 3,
    });
  }
  for (const endpoint of ['list', 'history']) {
    for (const t of aisle) {
      for (const connections of [1, 50]) {
        const a = find(endpoint, t, connections, SMALL.messages);
        const b = find(endpoint, t, connections, LARGE_MESSAGES);
        if (a && b) {
          const cpu = b.cpuMicrosPerRequest / a.cpuMicrosPerRequest;
          const rps = a.rpsMedian / b.rpsMedian;
          const db = a.dbCpuMicrosPerRequest && b.dbCpuMicrosPerRequest ? b.dbCpuMicrosPerRequest / a.dbCpuMicrosPerRequest : null;
          checks.push({
            goal: `${endpoint} cost @ ${sizeLabel(LARGE_MESSAGES)} within 1.5× of @ 50k, ${t}, ${connections} conn`,
            measured: `CPU/req ×${cpu.toFixed(2)}${db !== null ? `, DB CPU/req ×${db.toFixed(2)}` : ''}, throughput ÷${rps.toFixed(2)}, p50 ×${(b.p50Ms / a.p50Ms).toFixed(2)}`,
            met: cpu <= 1.5 && rps <= 1.5 && (db === null || db <= 1.5),
          });
        }
      }
    }
  }
  for (const [name, u] of Object.entries(idle)) {
    if (!isReference(name)) {
      checks.push({ goal: `idle RSS ≤ 150 MB, ${name} (10,000-product catalogue loaded)`, measured: `${round(u.rss / 1048576)} MB`, met: u.rss / 1048576 <= 150 });
    }
  }
  if (rss100k) {
    checks.push({ goal: 'RSS ≤ 400 MB with a 100,000-product catalogue loaded (SQLite, idle)', measured: `${round(rss100k.idleRss / 1048576)} MB`, met: rss100k.idleRss / 1048576 <= 400 });
  }
  for (const f of components.flatMap((c) => c.figures).filter((x) => x.target)) {
    checks.push({ goal: `${f.name} ${f.target}`, measured: `${f.value} ${f.unit}`, met: null });
  }
  return checks;
}

function renderMarkdown(r: {
  meta: Record<string, unknown> & { mode: string; date: string; totalSeconds: number; settings: typeof opts & { catalogueProducts: number } };
  seeding: Array<{ stage: string; report: SeedReport; databases: string[] }>;
  idle: Record<string, Usage>;
  final: Record<string, Usage>;
  summaries: CellSummary[];
  checks: TargetCheck[];
  components: Array<{ component: string; figures: Figure[]; error?: string; seconds: number }>;
  plans: Array<{ name: string; plans: QueryPlan[] }>;
  rss100k: { idleRss: number; seconds: number } | null;
  profiles: Array<{ file: string; top: string[] }>;
  engineShare: EngineShare | null;
}): string {
  const m = r.meta;
  const out: string[] = [];
  out.push(`# Aisle benchmark — ${m.mode} run, ${m.date}`, '');
  out.push(
    `Node ${String(m.node)}, ${String(m.cpus)}, ${String(m.memoryGb)} GB; PostgreSQL ${String(m.postgres ?? 'not measured')}. Load average at start ${(m.loadAverageAtStart as number[]).join(' ')}, at end ${(m.loadAverageAtEnd as number[]).join(' ')} — the machine is shared: compare ratios, not absolute figures.`,
    '',
    `Each cell: ${r.meta.settings.reps} repetitions of ${r.meta.settings.seconds} s per target, targets alternated (A B C, C B A, …), after a ${r.meta.settings.warmSeconds} s warm-up per target. Aisle runs from the production bundle (the project's esbuild \`build\` script, as \`npm start\` runs it), log level ${r.meta.settings.logLevel}. Bench tenant: catalogue engine over ${thousands(r.meta.settings.catalogueProducts)} real products. req/s: responses between the first and the last of a run over that time (the steady rate, without ramp-up and stop). CPU µs/req: the server process's own CPU time over the run (user + system, all its threads) divided by the requests it served (responses plus the one request per connection cut off at the stop); DB CPU: the same for the PostgreSQL backends serving that server (from /proc). Ratio: Aisle's median req/s over the baseline's (bare Fastify serving the captured response) in the same cell. Runs of slow endpoints are lengthened (up to ${r.meta.settings.maxSeconds} s) to get about ${r.meta.settings.minResponses} responses. Total run time ${r.meta.totalSeconds} s.`,
    '',
  );
  out.push('## Seeding', '', '| stage | databases | rows | seconds | rows/s (each database) | messages/s |', '|---|---|---:|---:|---:|---:|');
  for (const s of r.seeding) {
    out.push(`| ${s.stage} | ${s.databases.join(' + ')} | ${thousands(s.report.totalRows)} | ${s.report.seconds} | ${thousands(s.report.rowsPerSecond)} | ${thousands(s.report.messagesPerSecond)} |`);
  }
  out.push('', '## Memory', '', '| server | idle RSS MB (after start) | of it: V8 heap used / reserved, external MB | peak RSS MB over the run |', '|---|---:|---:|---:|');
  const mb = (n: number | undefined) => (n === undefined ? '?' : String(round(n / 1048576)));
  for (const [name, u] of Object.entries(r.idle)) {
    out.push(`| ${name} | ${mb(u.rss)} | ${mb(u.heapUsed)} / ${mb(u.heapTotal)}, ${mb(u.external)} | ${mb(r.final[name]?.lifetimePeakRss ?? 0)} |`);
  }
  if (r.rss100k) {
    out.push(`| aisle-sqlite, 100,000-product catalogue | ${round(r.rss100k.idleRss / 1048576)} | (start incl. import and index: ${round(r.rss100k.seconds, 1)} s) |`);
  }
  const at = Math.max(...r.meta.settings.connections);
  out.push('', `## Summary at ${at} connections`, '', summaryTable(r.summaries, at), '');
  const gen = r.summaries.filter((x) => x.endpoint === 'generate' && x.connections === at && !isReference(x.target));
  if (r.engineShare && gen.length > 0) {
    out.push(
      `Generation turn: the catalogue engine alone (same catalogue and texts, in the bench process, links signed) takes ${thousands(r.engineShare.cpuMicrosPerAnswer)} µs of CPU per answer; ` +
        `the rest of each server's CPU per turn is the service around it: ${gen.map((g) => `${g.target} ${thousands(g.cpuMicrosPerRequest)} µs in all, ${thousands(g.cpuMicrosPerRequest - r.engineShare!.cpuMicrosPerAnswer)} µs besides the engine${g.dbCpuMicrosPerRequest !== null ? ` (+ DB ${thousands(g.dbCpuMicrosPerRequest)})` : ''}`).join('; ')}.`,
      '',
    );
  }
  out.push('## Endpoints', '', endpointTables(r.summaries), '');
  out.push('## Targets', '', targetsTable(r.checks), '');
  if (r.components.length > 0) {
    out.push('## Components', '', figuresTable(r.components), '');
  }
  if (notes.length > 0) {
    out.push('## Notes', '', ...notes.map((n) => `- ${n}`), '');
  }
  if (r.profiles.length > 0) {
    out.push('## CPU profiles (self time, top functions)', '');
    for (const p of r.profiles) {
      out.push(`${p.file}:`, '', '```', ...p.top, '```', '');
    }
  }
  if (r.plans.length > 0) {
    out.push(`## Query plans (on the grown database, ${sizeLabel(LARGE_MESSAGES)})`, '');
    for (const p of r.plans) {
      out.push(plansMarkdown(p.name, p.plans));
    }
  }
  return `${out.join('\n')}\n`;
}

await main();
