/**
 * Turns the benchmark's raw runs into the tables it prints and writes: per endpoint and
 * connection count, per target, the median requests/s over the repetitions, p50/p99 over
 * all their responses, server CPU per request, peak RSS and the ratio to the ceiling (the
 * baseline's median requests/s in the same cells of the same run).
 */
import { median, percentile, round } from './util.ts';

export interface Sample {
  rep: number;
  rps: number;
  requests: number;
  seconds: number;
  /** CPU of the server process over the run, µs. */
  cpuMicros: number;
  /** Requests in flight when the run stopped: the server still did their work. */
  abandoned: number;
  /** CPU of the database server's backends serving this target, µs (PostgreSQL only). */
  dbCpuMicros: number | null;
  peakRss: number;
  latencies: Float64Array;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

export interface Cell {
  endpoint: string;
  title: string;
  /** Data size the cell was measured at (messages), when it matters. */
  size: number | null;
  connections: number;
  target: string;
  samples: Sample[];
}

export interface CellSummary {
  endpoint: string;
  title: string;
  size: number | null;
  connections: number;
  target: string;
  reps: number;
  rpsMedian: number;
  rpsMin: number;
  rpsMax: number;
  p50Ms: number;
  p99Ms: number;
  cpuMicrosPerRequest: number;
  dbCpuMicrosPerRequest: number | null;
  peakRssMb: number;
  /** rpsMedian / the baseline's rpsMedian in the same endpoint, size and connections. */
  ratio: number | null;
  /** CPU per request as a multiple of the baseline's in the same cell (the server process only). */
  cpuVsCeiling: number | null;
  /** p99 as a multiple of the baseline's p99 in the same cell. */
  p99VsCeiling: number | null;
  requests: number;
  non2xx: number;
  errors: number;
}

export const BASELINE = 'baseline';

/** The name of the ceiling made slower by `us` µs of busy work per request (`--calibrate`). */
export const calibratedName = (us: number): string => `ceiling +${us} µs`;

/** The ceiling and its calibrated copies: references, not Aisle (no goals, no columns of their own in the summary). */
export const isReference = (target: string): boolean => target === BASELINE || target.startsWith('ceiling +');

export function summarise(cells: Cell[]): CellSummary[] {
  const out: CellSummary[] = cells.map((cell) => {
    const s = cell.samples;
    const all = new Float64Array(s.reduce((n, x) => n + x.latencies.length, 0));
    let at = 0;
    for (const x of s) {
      all.set(x.latencies, at);
      at += x.latencies.length;
    }
    all.sort();
    const requests = s.reduce((n, x) => n + x.requests, 0);
    const served = s.reduce((n, x) => n + x.requests + x.abandoned, 0);
    const non2xx = s.reduce((n, x) => n + Object.entries(x.statuses).reduce((m, [code, count]) => m + (code.startsWith('2') ? 0 : count), 0), 0);
    const db = s.every((x) => x.dbCpuMicros !== null) ? s.reduce((n, x) => n + x.dbCpuMicros!, 0) : null;
    const rps = s.map((x) => x.rps);
    return {
      endpoint: cell.endpoint,
      title: cell.title,
      size: cell.size,
      connections: cell.connections,
      target: cell.target,
      reps: s.length,
      rpsMedian: median(rps),
      rpsMin: Math.min(...rps),
      rpsMax: Math.max(...rps),
      p50Ms: percentile(all, 50),
      p99Ms: percentile(all, 99),
      cpuMicrosPerRequest: requests > 0 ? s.reduce((n, x) => n + x.cpuMicros, 0) / served : Number.NaN,
      dbCpuMicrosPerRequest: db !== null && requests > 0 ? db / served : null,
      peakRssMb: Math.max(...s.map((x) => x.peakRss)) / 1024 / 1024,
      ratio: null,
      cpuVsCeiling: null,
      p99VsCeiling: null,
      requests,
      non2xx,
      errors: s.reduce((n, x) => n + x.errors + x.timeouts, 0),
    };
  });
  for (const c of out) {
    const base = out.find((b) => b.target === BASELINE && b.endpoint === c.endpoint && b.size === c.size && b.connections === c.connections);
    c.ratio = base && c.target !== BASELINE ? c.rpsMedian / base.rpsMedian : null;
    c.cpuVsCeiling = base && c.target !== BASELINE ? c.cpuMicrosPerRequest / base.cpuMicrosPerRequest : null;
    c.p99VsCeiling = base && c.target !== BASELINE ? c.p99Ms / base.p99Ms : null;
  }
  return out;
}

const fmt = {
  int: (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–'),
  ms: (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n.toFixed(1)) : '–'),
  ratio: (n: number | null) => (n === null || !Number.isFinite(n) ? '' : n.toFixed(2)),
  times: (n: number | null) => (n === null || !Number.isFinite(n) ? '' : `×${n.toFixed(1)}`),
};

export function sizeLabel(size: number | null): string {
  if (size === null) {
    return '';
  }
  return size >= 1_000_000 ? `${round(size / 1_000_000, 2)}M messages` : `${round(size / 1000, 1)}k messages`;
}

/** One Markdown table per endpoint (and data size). */
export function endpointTables(summaries: CellSummary[]): string {
  const groups = new Map<string, CellSummary[]>();
  for (const s of summaries) {
    const key = `${s.title}${s.size !== null ? ` @ ${sizeLabel(s.size)}` : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const out: string[] = [];
  for (const [title, rows] of groups) {
    out.push(`#### ${title}`, '');
    out.push('| conns | target | req/s (median) | min–max | p50 ms | p99 ms | CPU µs/req | CPU × ceiling | DB CPU µs/req | peak RSS MB | ratio to ceiling | notes |');
    out.push('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const r of rows.sort((a, b) => a.connections - b.connections)) {
      const notes = [r.non2xx > 0 ? `${r.non2xx} non-2xx` : '', r.errors > 0 ? `${r.errors} errors` : ''].filter(Boolean).join(', ');
      out.push(
        `| ${r.connections} | ${r.target} | ${fmt.int(r.rpsMedian)} | ${fmt.int(r.rpsMin)}–${fmt.int(r.rpsMax)} | ${fmt.ms(r.p50Ms)} | ${fmt.ms(r.p99Ms)} | ${fmt.int(r.cpuMicrosPerRequest)} | ${fmt.times(r.cpuVsCeiling)} | ${
          r.dbCpuMicrosPerRequest === null ? (r.target.includes('sqlite') ? 'in-process' : '') : fmt.int(r.dbCpuMicrosPerRequest)
        } | ${fmt.int(r.peakRssMb)} | ${fmt.ratio(r.ratio)} | ${notes} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}

/**
 * One line per endpoint (and size) at `connections`: each Aisle target's ratio to the ceiling,
 * its CPU per request as a multiple of the ceiling's (with the database's CPU beside it) and
 * its p99 as a multiple of the ceiling's — the figures to compare between runs.
 */
export function summaryTable(summaries: CellSummary[], connections: number): string {
  const targets = [...new Set(summaries.map((s) => s.target))].filter((t) => !isReference(t));
  const head = ['endpoint', ...targets.flatMap((t) => [`${t} ratio`, `${t} CPU µs/req (× ceiling)`, `${t} p99 × ceiling`]), 'ceiling CPU µs/req'];
  const out = [`| ${head.join(' | ')} |`, `|---|${head.slice(1).map(() => '---:').join('|')}|`];
  const groups = new Map<string, CellSummary[]>();
  for (const s of summaries.filter((x) => x.connections === connections)) {
    const key = `${s.endpoint}${s.size !== null ? ` @ ${sizeLabel(s.size)}` : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  for (const [key, rows] of groups) {
    const base = rows.find((r) => r.target === BASELINE);
    const cells = targets.flatMap((t) => {
      const r = rows.find((x) => x.target === t);
      if (!r) {
        return ['', '', ''];
      }
      const db = r.dbCpuMicrosPerRequest === null ? '' : ` + DB ${fmt.int(r.dbCpuMicrosPerRequest)}`;
      return [fmt.ratio(r.ratio) || `${fmt.int(r.rpsMedian)} req/s`, `${fmt.int(r.cpuMicrosPerRequest)} (${fmt.times(r.cpuVsCeiling)})${db}`, fmt.times(r.p99VsCeiling)];
    });
    out.push(`| ${key} | ${cells.join(' | ')} | ${base ? fmt.int(base.cpuMicrosPerRequest) : '—'} |`);
  }
  return out.join('\n');
}

export interface TargetCheck {
  goal: string;
  measured: string;
  met: boolean | null;
}

export function targetsTable(checks: TargetCheck[]): string {
  const out = ['| goal (issue 8) | measured | met? |', '|---|---|---|'];
  for (const c of checks) {
    out.push(`| ${c.goal} | ${c.measured} | ${c.met === null ? 'n/a' : c.met ? 'yes' : '**no**'} |`);
  }
  return out.join('\n');
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  target?: string;
}

export function figuresTable(groups: Array<{ component: string; figures: Figure[]; error?: string }>): string {
  const out = ['| component | figure | value | target |', '|---|---|---:|---|'];
  for (const g of groups) {
    if (g.error) {
      out.push(`| ${g.component} | (failed) | | ${g.error.replace(/\|/g, '/').split('\n')[0]} |`);
    }
    for (const f of g.figures) {
      out.push(`| ${g.component} | ${f.name} | ${f.value} ${f.unit} | ${f.target ?? ''} |`);
    }
  }
  return out.join('\n');
}

export { fmt };
