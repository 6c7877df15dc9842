/**
 * Database round trips of a generation turn on PostgreSQL (issue target: at most 5; a continued
 * turn takes 4, its dialog lookup bringing the state the engine kept).
 * Every query Kysely sends is counted; the turn's store is one statement, not a transaction,
 * and marks the turn's claim done in that same statement.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNone } from '../helpers/assert.ts';
import { countingPostgresApp } from '../helpers/round-trips.ts';
import { TEST_TENANTS } from '../helpers/app.ts';
import { postgresSkip } from '../helpers/services.ts';
import { statementNameOf } from '../../src/db/prepared.ts';

describe('round trips per generation turn [postgres]', { skip: postgresSkip }, () => {
  test('a first turn, a continued turn with a message id, and a retry take at most 5, 4 and 3 queries', async () => {
    const app = await countingPostgresApp([...TEST_TENANTS, { id: 'shop-m', name: 'Shop M', memory: true }]);
    const { database } = app;
    const turn = async (id: string, text: string) => {
      const { res, queries } = await app.counted({
        method: 'POST',
        url: '/shopping/generate',
        payload: { threadId: 'rt-1', resourceId: 'u', messages: [{ role: 'user', id, content: text }], runtimeContext: { tenant_id: 'shop-a' } },
      });
      assert.equal(res.statusCode, 200, res.body);
      return queries;
    };
    try {
      const first = await turn('m1', 'смартфон');
      assert.ok(first.length <= 5, `first turn: ${first.length} queries\n${first.join('\n')}`);
      const second = await turn('m2', 'а подешевле?');
      assert.ok(second.length <= 4, `continued turn: ${second.length} queries\n${second.join('\n')}`);
      assertNone(second, (q) => /^begin|^commit/i.test(q), 'no transaction round trips');
      // The catalogue engine reads only the state its latest answer kept, which comes with the dialog: no earlier message is read.
      assertNone(second, (q) => /from "messages"/.test(q) && /order by "created_at" desc/.test(q), 'no window of earlier messages is read');
      assert.ok(second.some((q) => /"dialogs"\."engine_state"/.test(q) && /from "dialogs"/.test(q)), "the lookup reads the kept state with the dialog");
      const retry = await turn('m2', 'а подешевле?');
      assert.ok(retry.length <= 3, `retry: ${retry.length} queries`);
      const claims = await database.storage.db.selectFrom('generation_claims').select(['client_message_id', 'done_at']).orderBy('client_message_id').execute();
      assert.deepEqual(claims.map((c) => [c.client_message_id, c.done_at !== null]), [['m1', true], ['m2', true]], 'claims marked done by the store');
      // Each is built and planned once, the buyer's memory between dialogs too (read on every
      // turn of a section with memory on, written when the turn learned something).
      const remembered = await app.counted({
        method: 'POST',
        url: '/shopping/generate',
        payload: { threadId: 'rt-2', resourceId: 'u', messages: [{ role: 'user', id: 'm3', content: 'смартфон samsung' }], runtimeContext: { tenant_id: 'shop-m' } },
      });
      assert.equal(remembered.res.statusCode, 200, remembered.res.body);
      assert.ok(remembered.queries.some((q) => /buyer_preferences/.test(q)), 'the memory is read');
      for (const q of [...first, ...second, ...remembered.queries]) {
        assert.ok(statementNameOf(q), `a named prepared statement: ${q.slice(0, 80)}`);
      }
      process.stdout.write(`# round trips: first turn ${first.length}, continued ${second.length}, retry ${retry.length}\n`);
      if (process.env.SHOW_QUERIES) {
        // The queries of the continued turn, for anyone working on this path.
        process.stdout.write(`${second.map((q) => `# ${q.slice(0, 140)}`).join('\n')}\n`);
      }
    } finally {
      await app.close();
    }
  });
});
