/**
 * A time-bounded fuzz campaign over the operations, shared by the test and `npm run fuzz`.
 *
 * fast-check stops at a property's first failure. To report every distinct failure, each
 * operation is fuzzed in rounds: a round ends at the first failure with a signature not seen
 * yet (no shrinking, so the time goes to exploring); that counterexample is then replayed by
 * its seed and path and shrunk under its own time limit, with a property that fails only on
 * that same signature; and the next round starts with a new seed, ignoring known signatures.
 */
import fc from 'fast-check';
import type { Harness } from './harness.ts';
import type { Failure } from './oracle.ts';
import { buildRequest, planArb, type Plan } from './plan.ts';
import type { Operation } from './spec.ts';

export interface Found {
  failure: Failure;
  seed: number;
  path: string;
  /** The shrunk plan, printed by fast-check. */
  counterexample: string;
  /** The request it becomes, as sent (tokens replaced by a description). */
  request: string;
  shrinks: number;
  /** Found among the coherent requests sent first (not replayable by seed and path). */
  coherent?: boolean;
}

export interface OperationResult {
  op: string;
  /** Requests judged during exploration (shrinking replays not counted). */
  runs: number;
  found: Found[];
  seeds: number[];
}

class FuzzFailure extends Error {
  constructor(readonly failure: Failure) {
    super(`${failure.op}: ${failure.detail}${failure.serverError ? ` — server logged: ${failure.serverError}` : ''}`);
  }
}

/** Relative share of a campaign's time per operation: the deeper the handler, the more time. */
const WEIGHT: Record<string, number> = {
  'POST /shopping/generate': 6,
  'POST /shopping/starter-prompts': 3,
  'POST /shopping/history': 2,
  'PUT /shopping/feedback': 2,
  'POST /dialogs/share': 2,
};

export const weightOf = (op: Operation): number => WEIGHT[op.id] ?? 1;

/** Operations that spend what the others use (tokens, dialogs, share links): fuzzed last. */
const SPENDING = ['POST /dialogs/share/revoke', 'DELETE /shopping/dialogs/{threadId}', 'POST /shopping/guest-sessions/revoke'];

/** The order to fuzz operations in: those that revoke and hide after those that read. */
export function runOrder(operations: Operation[]): Operation[] {
  const rank = (op: Operation) => SPENDING.indexOf(op.id);
  return [...operations].sort((a, b) => rank(a) - rank(b));
}

/** Milliseconds of `totalMs` for each operation, by weight. */
export function budgets(operations: Operation[], totalMs: number): Map<string, number> {
  const sum = operations.reduce((s, op) => s + weightOf(op), 0);
  return new Map(operations.map((op) => [op.id, (totalMs * weightOf(op)) / sum]));
}

/** How a plan was sent, for a report: the tokens are the world's, so they are named, not shown. */
export function describeRequest(harness: Harness, op: Operation, plan: Plan): string {
  const built = buildRequest(op, harness.world, plan);
  const headers = Object.entries(built.headers)
    .map(([k, v]) => (k === 'authorization' && typeof plan.auth === 'string' ? `${k}: <${plan.auth} token>` : `${k}: ${JSON.stringify(v).slice(1, -1).slice(0, 120)}`))
    .join('; ');
  const payload = built.payload === undefined ? '' : ` body(${built.payload.length} chars): ${JSON.stringify(built.payload.slice(0, 400)).slice(1, -1)}`;
  return `${built.method} ${built.url.slice(0, 300)} from ${built.remoteAddress}${headers ? ` [${headers}]` : ''}${payload}`;
}

export interface FuzzOptions {
  budgetMs: number;
  seed: number;
  /** Time for shrinking each new failure. */
  shrinkMs: number;
  /** Stop this operation after this many distinct failures. */
  maxFailures: number;
  /** Signatures already reported (across operations, rounds and worlds); updated here. */
  known: Set<string>;
}

/**
 * At most this many coherent requests open each operation's campaign, until one succeeds: the
 * campaign then reaches the handler's success path however few random requests fit in its time
 * (registration succeeds only for a resource never registered, about one coherent request in 14).
 */
const COHERENT_REQUESTS = 200;
const COHERENT_BATCH = 10;

/** Sends coherent requests until one succeeds; their failures are reported like the others. */
async function coherentFirst(harness: Harness, op: Operation, seed: number, result: OperationResult, known: Set<string>): Promise<void> {
  const arb = planArb(op, harness.world, { coherentOnly: true });
  // Drawn a few at a time: most operations succeed at the first.
  for (let batch = 0; batch * COHERENT_BATCH < COHERENT_REQUESTS; batch++) {
    const batchSeed = (seed + batch) | 0;
    for (const plan of fc.sample(arb, { seed: batchSeed, numRuns: COHERENT_BATCH })) {
      result.runs++;
      const { status, failure } = await harness.send(op, plan);
      if (failure && !known.has(failure.signature)) {
        known.add(failure.signature);
        result.found.push({ failure, seed: batchSeed, path: '', counterexample: fc.stringify(plan), request: describeRequest(harness, op, plan), shrinks: 0, coherent: true });
      }
      if (status >= 200 && status < 300) {
        await harness.idle();
        return;
      }
    }
  }
  await harness.idle();
}

/** Fuzzes one operation for `budgetMs` (plus shrinking time for each new failure). */
export async function fuzzOperation(harness: Harness, op: Operation, options: FuzzOptions): Promise<OperationResult> {
  const arb = planArb(op, harness.world);
  const deadline = Date.now() + options.budgetMs;
  const result: OperationResult = { op: op.id, runs: 0, found: [], seeds: [] };
  let seed = options.seed | 0;
  await coherentFirst(harness, op, seed, result, options.known);
  while (Date.now() < deadline && result.found.length < options.maxFailures) {
    result.seeds.push(seed);
    const explore = fc.asyncProperty(arb, async (plan) => {
      result.runs++;
      const { failure } = await harness.send(op, plan);
      if (failure && !options.known.has(failure.signature)) {
        throw new FuzzFailure(failure);
      }
    });
    const run = await fc.check(explore, {
      seed,
      numRuns: 1_000_000_000,
      endOnFailure: true,
      plugins: [fc.interruptAfterTimeLimit(Math.max(1, deadline - Date.now()))],
    });
    await harness.idle();
    const firstPlan = (run.counterexample as [Plan] | null)?.[0];
    if (!run.failed || firstPlan === undefined) {
      break;
    }
    if (!(run.errorInstance instanceof FuzzFailure)) {
      // A fault of the fuzzer itself, not of the service: stop with it.
      throw run.errorInstance instanceof Error ? run.errorInstance : new Error(String(run.errorInstance));
    }
    const first = run.errorInstance.failure;
    options.known.add(first.signature);

    const same = fc.asyncProperty(arb, async (plan) => {
      const { failure } = await harness.send(op, plan);
      if (failure?.signature === first.signature) {
        throw new FuzzFailure(failure);
      }
    });
    const shrunk = await fc.check(same, { seed: run.seed, path: run.counterexamplePath ?? undefined, plugins: [fc.interruptAfterTimeLimit(options.shrinkMs)] });
    await harness.idle();
    // A failure that needed the state of the moment may not come back on replay: keep the original then.
    const replayed = shrunk.failed && shrunk.counterexample !== null && shrunk.errorInstance instanceof FuzzFailure;
    const plan = replayed ? (shrunk.counterexample as [Plan])[0] : firstPlan;
    result.found.push({
      failure: replayed ? (shrunk.errorInstance as FuzzFailure).failure : first,
      seed: run.seed,
      path: (replayed ? shrunk.counterexamplePath : run.counterexamplePath) ?? '',
      counterexample: fc.stringify(plan),
      request: describeRequest(harness, op, plan),
      shrinks: replayed ? shrunk.numShrinks : 0,
    });
    seed = (Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) + result.found.length) | 0;
  }
  return result;
}

/** Replays one plan of a report by its seed and path. */
export async function replay(harness: Harness, op: Operation, seed: number, path: string): Promise<{ plan: Plan; status: number; failure: Failure | null } | null> {
  const arb = planArb(op, harness.world);
  const seen: Array<{ plan: Plan; status: number; failure: Failure | null }> = [];
  await fc.check(
    fc.asyncProperty(arb, async (plan) => {
      const { status, failure } = await harness.send(op, plan);
      seen.push({ plan, status, failure });
    }),
    { seed, path, numRuns: 1, endOnFailure: true },
  );
  return seen[0] ?? null;
}

/** A failure as a developer reads it, with the command that replays it. */
export function formatFound(found: Found, dialect: string): string {
  const f = found.failure;
  return [
    `${f.op} [${dialect}] ${f.kind}: ${f.detail}`,
    ...(f.serverError ? [`  server logged: ${f.serverError}`] : []),
    `  request: ${found.request}`,
    `  counterexample (${found.shrinks} shrinks): ${found.counterexample}`,
    found.coherent
      ? `  found among the coherent requests that open the campaign (seed ${found.seed}); send the request above to replay it`
      : `  replay: npm run fuzz -- --dialect ${dialect} --op '${f.op}' --seed=${found.seed} --path='${found.path}'`,
  ].join('\n');
}
