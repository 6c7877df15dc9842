/**
 * `npm run fuzz -- --seconds N [--dialect sqlite|postgres] [--seed S] [--op 'METHOD /path']`:
 * the fuzz properties of the test suite, run for N seconds in all (split between the
 * databases), in rounds of at most two minutes on a freshly built world (tokens get revoked
 * and dialogs hidden as a run goes on). Prints requests per endpoint, the status histogram,
 * and every distinct failure with the command that replays it:
 * `npm run fuzz -- --dialect D --op 'METHOD /path' --seed=S --path=P`.
 * Exits 1 when anything failed.
 */
import { parseArgs } from 'node:util';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import type { DialectName } from '../../src/db/dialect.ts';
import { budgets, describeRequest, formatFound, fuzzOperation, replay, runOrder, type Found } from './campaign.ts';
import { createHarness, type Stats } from './harness.ts';
import { readOperations } from './spec.ts';
import { buildWorld } from './world.ts';

const ROUND_MS = 120_000;
const SHRINK_MS = 15_000;
const MAX_FAILURES_PER_OPERATION = 20;

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    dialect: { type: 'string' },
    seed: { type: 'string' },
    op: { type: 'string' },
    path: { type: 'string' },
  },
});

const seconds = Number(values.seconds);
if (!Number.isFinite(seconds) || seconds <= 0) {
  throw new Error('--seconds must be a positive number');
}
if (values.dialect !== undefined && !DIALECTS.includes(values.dialect as DialectName)) {
  throw new Error(`--dialect must be one of ${DIALECTS.join(', ')}`);
}
const dialects = (values.dialect ? [values.dialect as DialectName] : [...DIALECTS]).filter((d) => {
  const skip = skipFor(d);
  if (skip) {
    console.log(`${d}: skipped (${skip})`);
  }
  return !skip;
});
const baseSeed = values.seed !== undefined ? Number(values.seed) | 0 : (Date.now() ^ Math.floor(Math.random() * 2 ** 31)) | 0;

async function replayOne(dialect: DialectName): Promise<boolean> {
  const world = await buildWorld(dialect);
  try {
    const harness = createHarness(world, await readOperations(world.t.app));
    const op = (await readOperations(world.t.app)).find((o) => o.id === values.op);
    if (!op) {
      throw new Error(`--op must name an operation exactly, e.g. 'POST /shopping/generate'`);
    }
    const seen = await replay(harness, op, baseSeed, values.path!);
    if (!seen) {
      console.log('the seed and path generated no request');
      return false;
    }
    const { plan, status, failure } = seen;
    console.log(`request: ${describeRequest(harness, op, plan)}`);
    console.log(`answer: ${status}`);
    console.log(failure ? `FAILED: ${failure.detail}${failure.serverError ? `\nserver logged: ${failure.serverError}` : ''}` : 'passed');
    return failure === null;
  } finally {
    await world.close();
  }
}

function printStats(dialect: string, stats: Stats): void {
  console.log(`\n${dialect}: requests per endpoint and answers by status`);
  for (const [op, sent] of [...stats.sent].sort()) {
    const histogram = [...(stats.statuses.get(op) ?? new Map<number, number>())]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(`  ${op.padEnd(40)} ${String(sent).padStart(7)}  ${histogram}`);
  }
}

async function campaign(dialect: DialectName, totalMs: number, dialectIndex: number): Promise<Found[]> {
  const deadline = Date.now() + totalMs;
  const known = new Set<string>();
  const found: Found[] = [];
  const total: Stats = { sent: new Map(), statuses: new Map() };
  for (let round = 0; Date.now() < deadline - 1000; round++) {
    const world = await buildWorld(dialect);
    try {
      const operations = runOrder(await readOperations(world.t.app)).filter((op) => !values.op || op.id === values.op);
      if (operations.length === 0) {
        throw new Error(`no operation is named ${values.op}`);
      }
      const harness = createHarness(world, operations);
      const roundMs = Math.min(ROUND_MS, deadline - Date.now());
      const share = budgets(operations, roundMs);
      for (const [i, op] of operations.entries()) {
        const result = await fuzzOperation(harness, op, {
          budgetMs: share.get(op.id)!,
          seed: (baseSeed + 1_000_003 * dialectIndex + 10_007 * round + 101 * i) | 0,
          shrinkMs: SHRINK_MS,
          maxFailures: MAX_FAILURES_PER_OPERATION,
          known,
        });
        for (const f of result.found) {
          console.log(`\n${formatFound(f, dialect)}`);
        }
        found.push(...result.found);
      }
      for (const [op, n] of harness.stats.sent) {
        total.sent.set(op, (total.sent.get(op) ?? 0) + n);
        const into = total.statuses.get(op) ?? new Map<number, number>();
        for (const [s, c] of harness.stats.statuses.get(op) ?? []) {
          into.set(s, (into.get(s) ?? 0) + c);
        }
        total.statuses.set(op, into);
      }
    } finally {
      await world.close();
    }
  }
  printStats(dialect, total);
  return found;
}

let ok = true;
if (values.path !== undefined) {
  if (values.seed === undefined || values.op === undefined || dialects.length !== 1) {
    throw new Error('a replay needs --dialect, --op, --seed and --path');
  }
  ok = await replayOne(dialects[0]!);
} else {
  console.log(`fuzzing ${dialects.join(' and ')} for ${seconds} s, seed ${baseSeed}`);
  const all: Array<[string, Found[]]> = [];
  for (const [i, dialect] of dialects.entries()) {
    all.push([dialect, await campaign(dialect, (seconds * 1000) / dialects.length, i)]);
  }
  const count = all.reduce((n, [, f]) => n + f.length, 0);
  console.log(`\n${count} distinct failure${count === 1 ? '' : 's'}`);
  for (const [dialect, found] of all) {
    for (const f of found) {
      console.log(`\n${formatFound(f, dialect)}`);
    }
  }
  ok = count === 0;
}
process.exit(ok ? 0 : 1);
