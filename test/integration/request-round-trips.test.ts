/**
 * Database round trips of the small requests on PostgreSQL, once the caller's guest session
 * is held in memory: a debug generation, a dialog-list page, a reaction and a share read each
 * take one query (the reaction is found, checked and written in one statement), and the hot
 * queries run as named prepared statements. Debug traffic on a dialog it was answered on
 * before takes none. A list's first page and a shared dialog read again
 * come from memory (no query) until the session's dialogs change.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { auth, registerGuest } from '../helpers/app.ts';
import { countingPostgresApp } from '../helpers/round-trips.ts';
import { postgresSkip } from '../helpers/services.ts';
import { statementNameOf } from '../../src/db/prepared.ts';

describe('round trips per request [postgres]', { skip: postgresSkip }, () => {
  test('debug generation, dialog list, PUT feedback and a share read: one query each; the same reaction again writes nothing', async () => {
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
      const debugAgain = await counted(generate('debug'));
      assert.equal(debugAgain.res.body, debug.res.body);
      assert.equal(debugAgain.queries.length, 0, `debug traffic on the same dialog again: ${debugAgain.queries.join('\n')}`);

      const list = await counted({ method: 'GET', url: '/shopping/dialogs?limit=20', headers: auth(token) });
      assert.equal(list.res.statusCode, 200, list.res.body);
      assert.equal(list.queries.length, 1, `dialog list: ${list.queries.join('\n')}`);
      const listAgain = await counted({ method: 'GET', url: '/shopping/dialogs?limit=20', headers: auth(token) });
      assert.equal(listAgain.res.body, list.res.body);
      assert.equal(listAgain.queries.length, 0, `the same first page again: ${listAgain.queries.join('\n')}`);

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

      // The public read of a shared dialog: one query, prepared (it was built and planned anew each time).
      const created = await t.app.inject({ method: 'POST', url: '/dialogs/share', headers: auth(token), payload: { user_id: 'rt', dialog_id: 'rt-1' } });
      assert.equal(created.statusCode, 201, created.body);
      const share = await counted({ method: 'GET', url: `/dialogs/shared/${created.json().share_token as string}` });
      assert.equal(share.res.statusCode, 200, share.res.body);
      assert.equal(share.queries.length, 1, `share read: ${share.queries.join('\n')}`);
      const shareAgain = await counted({ method: 'GET', url: `/dialogs/shared/${created.json().share_token as string}` });
      assert.equal(shareAgain.res.body, share.res.body);
      assert.equal(shareAgain.queries.length, 0, `the same link again: ${shareAgain.queries.join('\n')}`);

      // A turn changes the list: the next first page is read again and shows it.
      t.clock.advance(1_000_000);
      const later = await t.app.inject(generate('real', 'm2'));
      assert.equal(later.statusCode, 200, later.body);
      const listAfter = await counted({ method: 'GET', url: '/shopping/dialogs?limit=20', headers: auth(token) });
      assert.equal(listAfter.queries.length, 1);
      assert.notEqual(listAfter.res.json().items[0].lastMessageAt, list.res.json().items[0].lastMessageAt, 'the later message shows');

      for (const q of [...debug.queries, ...list.queries, ...like.queries, ...share.queries]) {
        assert.ok(statementNameOf(q), `a named prepared statement: ${q.slice(0, 80)}`);
      }
      process.stdout.write(`# queries: debug ${debug.queries.length}, list ${list.queries.length}, feedback ${like.queries.length}, share read ${share.queries.length}\n`);
    } finally {
      await app.close();
    }
  });
});
