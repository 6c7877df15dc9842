/**
 * Database round trips of the small requests on PostgreSQL, once the caller's guest session
 * is held in memory: a debug generation, a dialog-list page and a reaction each take one
 * query (the reaction is found, checked and written in one statement), and the hot queries
 * run as named prepared statements.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { auth, registerGuest } from '../helpers/app.ts';
import { countingPostgresApp } from '../helpers/round-trips.ts';
import { postgresSkip } from '../helpers/services.ts';
import { statementNameOf } from '../../src/db/prepared.ts';

describe('round trips per request [postgres]', { skip: postgresSkip }, () => {
  test('debug generation, dialog list and PUT feedback: one query each; the same reaction again writes nothing', async () => {
    const app = await countingPostgresApp();
    const { t, database, counted } = app;
    try {
      const token = await registerGuest(t.app, 'shop-a', 'rt');
      // Until the instance listens for revocations it reads the session every time; give it a moment.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const generate = (trafficType: 'debug' | 'real', id?: string) => ({
        method: 'POST' as const,
        url: '/shopping/generate',
        headers: auth(token),
        payload: { threadId: 'rt-1', resourceId: 'rt', trafficType, messages: [{ role: 'user', ...(id ? { id } : {}), content: 'смартфон' }], runtimeContext: { tenant_id: 'shop-a' } },
      });
      const turn = await t.app.inject(generate('real', 'm1'));
      assert.equal(turn.statusCode, 200, turn.body);
      const answerId = turn.json().assistantMessageId as string;

      const debug = await counted(generate('debug'));
      assert.equal(debug.res.statusCode, 200, debug.res.body);
      assert.equal(debug.queries.length, 1, `debug generation: ${debug.queries.join('\n')}`);

      const list = await counted({ method: 'GET', url: '/shopping/dialogs?limit=20', headers: auth(token) });
      assert.equal(list.res.statusCode, 200, list.res.body);
      assert.equal(list.queries.length, 1, `dialog list: ${list.queries.join('\n')}`);

      const react = (reaction: 'like' | 'dislike' | null) =>
        counted({ method: 'PUT', url: '/shopping/feedback', headers: auth(token), payload: { tenant_id: 'shop-a', resourceId: 'rt', threadId: 'rt-1', messageId: answerId, reaction } });
      const like = await react('like');
      assert.equal(like.res.statusCode, 200, like.res.body);
      assert.equal(like.queries.length, 1, `PUT feedback: ${like.queries.join('\n')}`);
      const again = await react('like');
      assert.equal(again.res.json().updatedAt, like.res.json().updatedAt, 'the same reaction again keeps its time');
      const cleared = await react(null);
      assert.equal(cleared.queries.length, 1);
      const stored = await database.storage.db.selectFrom('feedback').selectAll().where('message_id', '=', answerId).execute();
      assert.equal(stored.length, 0, 'cleared');

      for (const q of [...debug.queries, ...list.queries, ...like.queries]) {
        assert.ok(statementNameOf(q), `a named prepared statement: ${q.slice(0, 80)}`);
      }
      process.stdout.write(`# queries: debug ${debug.queries.length}, list ${list.queries.length}, feedback ${like.queries.length}\n`);
    } finally {
      await app.close();
    }
  });
});
