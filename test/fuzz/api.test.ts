/**
 * Property-based fuzzing of every endpoint of `/openapi.json`, on SQLite and PostgreSQL: about
 * 26 seconds per database of generated requests — valid ones from real buyers, hostile values
 * the schemas admit, values they refuse, malformed JSON, wrong media types and methods. Every
 * answer must be below 500; a 4xx must carry the common error body with a code of
 * src/errors.ts and `Cache-Control: no-store`; a request the published schema refuses gets the
 * spec's 400; a refused request changes nothing in the database; what a successful request
 * stored is stored under exactly the identifiers sent. Each endpoint's campaign opens with
 * coherent requests until one succeeds, so every endpoint's success path is reached however
 * few random requests fit in its time on a busy machine.
 *
 * The seed is new on every run; a failure prints it with the shrunk counterexample and the
 * `npm run fuzz` command that replays it. `npm run fuzz -- --seconds N` runs the same longer.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { budgets, formatFound, fuzzOperation, runOrder, type Found } from './campaign.ts';
import { createHarness, type Harness } from './harness.ts';
import { readOperations, type Operation } from './spec.ts';
import { buildWorld, type World } from './world.ts';

/** Fuzzing time per database, shared among the endpoints by weight. */
const BUDGET_MS = 26_000;
/** Shrinking time for each new failure (spent only when something fails). */
const SHRINK_MS = 4_000;
/** Distinct failures reported per endpoint before moving on (bounds the time of a failing run). */
const MAX_FAILURES = 3;

for (const dialect of DIALECTS) {
  describe(`fuzz of every endpoint [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let world: World;
    let operations: Operation[];
    let harness: Harness;

    before(async () => {
      world = await buildWorld(dialect);
      operations = runOrder(await readOperations(world.t.app));
      harness = createHarness(world, operations);
    });
    after(() => world?.close());

    test('no 5xx, the spec’s refusals, refused requests change nothing', async (t) => {
      const seed = (Date.now() ^ Math.floor(Math.random() * 2 ** 31)) | 0;
      const share = budgets(operations, BUDGET_MS);
      const known = new Set<string>();
      for (const [i, op] of operations.entries()) {
        await t.test(op.id, async () => {
          const result = await fuzzOperation(harness, op, { budgetMs: share.get(op.id)!, seed: (seed + 101 * i) | 0, shrinkMs: SHRINK_MS, maxFailures: MAX_FAILURES, known });
          const found: Found[] = result.found;
          assert.ok(result.runs > 0, `no request was generated for ${op.id} (seeds ${result.seeds.join(', ')})`);
          assert.equal(found.length, 0, `${found.length} distinct failure(s):\n\n${found.map((f) => formatFound(f, dialect)).join('\n\n')}\n`);
        });
      }
      // The run is only worth something if requests got past the validator and the access checks.
      const neverSucceeded = operations.filter((op) => ![...(harness.stats.statuses.get(op.id) ?? new Map<number, number>()).keys()].some((s) => s >= 200 && s < 300));
      assert.deepEqual(
        neverSucceeded.map((op) => op.id),
        [],
        `endpoints that no generated request reached with success (seed ${seed}): requests sent ${JSON.stringify(Object.fromEntries(harness.stats.sent))}`,
      );
    });
  });
}
