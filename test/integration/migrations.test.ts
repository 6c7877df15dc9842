/**
 * Schema migrations on data written before them, on both databases.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { DIALECTS, skipFor, createTestDatabase } from '../helpers/storage.ts';
import { buildTestApp, DEMO_CATALOG } from '../helpers/app.ts';
import { importCatalog } from '../../src/catalog/store.ts';
import { readFeedFile } from '../../src/catalog/import/index.ts';
import { migrateToLatest, migratorOf } from '../../src/db/migrate.ts';

const turn = (app: FastifyInstance, id: string, content: string) =>
  app.inject({
    method: 'POST',
    url: '/shopping/generate',
    payload: { threadId: 'upgrade-1', resourceId: 'buyer', messages: [{ role: 'user', id, content }], runtimeContext: { tenant_id: 'shop-a' } },
  });

const prices = (res: { json(): unknown }) =>
  ((res.json() as { response: { contents: Array<{ type: string; value: unknown }> } }).response.contents.find((b) => b.type === 'products')?.value as Array<{ price: number }>).map(
    (p) => p.price,
  );

for (const dialect of DIALECTS) {
  describe(`migrations on earlier data [${dialect}]`, { skip: skipFor(dialect) }, () => {
    test('0006: a dialog begun before the engine state moved onto the dialog keeps its context after the upgrade', async () => {
      const database = await createTestDatabase(dialect);
      const { db } = database.storage;
      try {
        // A database shared by the two apps gets its catalogue from the test.
        await importCatalog(db, 'shop-a', readFeedFile(DEMO_CATALOG), DEMO_CATALOG, Date.now() * 1000);
        const before = await buildTestApp(dialect, { database });
        const first = await turn(before.app, 'm1', 'смартфон');
        assert.equal(first.statusCode, 200, first.body);
        await before.close();
        // The schema as it was before 0006: the state lives only with the stored answer.
        const down = await migratorOf(db, dialect).migrateDown();
        assert.equal(down.error, undefined);
        assert.deepEqual(down.results?.map((r) => r.migrationName), ['0006-dialog-engine-state']);
        assert.deepEqual(await migrateToLatest(db, dialect), ['0006-dialog-engine-state']);
        const answer = await db.selectFrom('messages').select('engine_state').where('role', '=', 'assistant').executeTakeFirstOrThrow();
        const dialog = await db.selectFrom('dialogs').select('engine_state').executeTakeFirstOrThrow();
        assert.ok(answer.engine_state, 'the answer kept a state');
        assert.equal(dialog.engine_state, answer.engine_state, 'the dialog carries its latest answer\'s state');

        const after = await buildTestApp(dialect, { database });
        try {
          const second = await turn(after.app, 'm2', 'а подешевле?');
          assert.equal(second.statusCode, 200, second.body);
          assert.ok(Math.max(...prices(second)) < Math.max(...prices(first)), `cheaper: ${prices(second)} vs ${prices(first)}`);
        } finally {
          await after.close();
        }
      } finally {
        await database.dispose();
      }
    });
  });
}
