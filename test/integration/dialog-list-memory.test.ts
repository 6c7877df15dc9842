/**
 * The dialog list's first page kept in memory (SQLite, one instance): every change a buyer makes
 * through the API shows in the next list at once — a new dialog, a later message, a hidden
 * dialog — also when a list and a turn race; one session's page is never another's; another
 * page size is read afresh. On PostgreSQL nothing is kept, and the same holds.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { generate, listDialogs } from '../helpers/dialogs.ts';

interface ListBody {
  items: Array<{ threadId: string; title: string; lastMessageAt: string }>;
  pagination: { hasMore: boolean; nextCursor: string | null };
}

for (const dialect of DIALECTS) {
  describe(`dialog list after changes [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    let counter = 0;

    const list = async (token: string, query: Record<string, string> = {}): Promise<ListBody> => {
      const res = await listDialogs(t, token, query);
      assert.equal(res.statusCode, 200, res.body);
      assert.match(String(res.headers['content-type']), /^application\/json; charset=utf-8/u);
      assert.equal(res.headers['cache-control'], 'no-store');
      return res.json() as ListBody;
    };
    const threads = (body: ListBody): string[] => body.items.map((i) => i.threadId);

    async function guest(prefix: string): Promise<{ token: string; resourceId: string }> {
      const resourceId = `mem-${prefix}-${++counter}`;
      return { token: await registerGuest(t.app, 'shop-a', resourceId), resourceId };
    }
    async function turn(g: { token: string; resourceId: string }, threadId: string, content = 'смартфон'): Promise<void> {
      t.clock.advance(1000);
      await generate(t, { resourceId: g.resourceId, threadId, token: g.token, content });
    }

    before(async () => {
      t = await buildTestApp(dialect, { env: NO_RATE_LIMITS });
    });
    after(async () => {
      await t.close();
    });

    test('a new dialog, a later message and a hidden dialog show in the very next list', async () => {
      const g = await guest('changes');
      await turn(g, 'a');
      await turn(g, 'b');
      assert.deepEqual(threads(await list(g.token)), ['b', 'a']);
      assert.deepEqual(threads(await list(g.token)), ['b', 'a'], 'the same page again');
      await turn(g, 'c', 'наушники');
      const withNew = await list(g.token);
      assert.deepEqual(threads(withNew), ['c', 'b', 'a'], 'a new dialog comes first');
      assert.equal(withNew.items[0]!.title, 'наушники');
      await turn(g, 'a');
      assert.deepEqual(threads(await list(g.token)), ['a', 'c', 'b'], 'a later message moves its dialog up');
      const hidden = await t.app.inject({ method: 'DELETE', url: '/shopping/dialogs/c', headers: auth(g.token) });
      assert.equal(hidden.statusCode, 204);
      assert.deepEqual(threads(await list(g.token)), ['a', 'b'], 'a hidden dialog is gone');
    });

    test('another page size is read afresh, and a cursor page follows the kept first page', async () => {
      const g = await guest('sizes');
      for (const id of ['d1', 'd2', 'd3']) {
        await turn(g, id);
      }
      assert.deepEqual(threads(await list(g.token)), ['d3', 'd2', 'd1']);
      const first = await list(g.token, { limit: '2' });
      assert.deepEqual(threads(first), ['d3', 'd2']);
      assert.equal(first.pagination.hasMore, true);
      const again = await list(g.token, { limit: '2' });
      assert.deepEqual(again, first, 'the same first page');
      const next = await list(g.token, { limit: '2', cursor: again.pagination.nextCursor! });
      assert.deepEqual(threads(next), ['d1']);
      assert.deepEqual(threads(await list(g.token)), ['d3', 'd2', 'd1']);
    });

    test("one session's list is never another's, and another session's turn changes nothing of it", async () => {
      const a = await guest('own-a');
      const b = await guest('own-b');
      await turn(a, 'a-1');
      await turn(b, 'b-1');
      assert.deepEqual(threads(await list(a.token)), ['a-1']);
      assert.deepEqual(threads(await list(b.token)), ['b-1']);
      await turn(b, 'b-2');
      assert.deepEqual(threads(await list(a.token)), ['a-1']);
      assert.deepEqual(threads(await list(b.token)), ['b-2', 'b-1']);
    });

    test('a list racing a turn: the list after both shows the turn', async () => {
      const g = await guest('race');
      await turn(g, 'r-0');
      await list(g.token);
      for (let i = 1; i <= 5; i++) {
        t.clock.advance(1000);
        const [listed] = await Promise.all([
          list(g.token),
          generate(t, { resourceId: g.resourceId, threadId: `r-${i}`, token: g.token, content: 'смартфон' }),
          list(g.token),
        ]);
        assert.ok(threads(listed).includes('r-0'));
        assert.equal(threads(await list(g.token))[0], `r-${i}`, `after turn ${i}`);
      }
    });
  });
}
