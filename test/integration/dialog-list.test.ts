/**
 * Spec 4.3 and 2.7 through HTTP on SQLite and PostgreSQL: `GET /shopping/dialogs` — the
 * guest token, the closed query, order (ties by threadId descending), titles, timestamps
 * with microseconds, the signed cursor and its walk over several pages, and what is never
 * listed or logged.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { generate, listDialogs, sendTurn } from '../helpers/dialogs.ts';
import { readSharedData, sharedDataSkip } from '../helpers/shared-data.ts';

interface ListItem {
  threadId: string;
  title: string;
  createdAt: string;
  lastMessageAt: string;
}
interface ListBody {
  items: ListItem[];
  pagination: { hasMore: boolean; nextCursor: string | null };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ISO_MICROS = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\.(\d{3})(\d{3})Z$/;

/** Microseconds since the epoch of an ISO string with six fraction digits. */
function micros(iso: string): number {
  const m = ISO_MICROS.exec(iso);
  assert.ok(m, `${iso} has six fraction digits and Z`);
  return Date.parse(`${m[1]}.${m[2]}Z`) * 1000 + Number(m[3]);
}

for (const dialect of DIALECTS) {
  describe(`dialog list [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    let counter = 0;
    const db = () => t.database.storage.db;

    /** A new guest of shop-a with `n` dialogs (d1 oldest … dn newest); returns the token. */
    async function guestWithDialogs(n: number, prefix: string): Promise<{ token: string; resourceId: string }> {
      const resourceId = `list-${prefix}-${++counter}`;
      const token = await registerGuest(t.app, 'shop-a', resourceId);
      for (let i = 1; i <= n; i++) {
        t.clock.advance(1000);
        await generate(t, { resourceId, threadId: `${prefix}-d${i}`, token, content: `вопрос ${i}` });
      }
      return { token, resourceId };
    }

    const list = async (token: string, query: Record<string, string> = {}): Promise<ListBody> => {
      const res = await listDialogs(t, token, query);
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as ListBody;
    };

    before(async () => {
      t = await buildTestApp(dialect, { env: NO_RATE_LIMITS });
    });
    after(() => t.close());

    test('without a token → 401 GUEST_TOKEN_REQUIRED; an unknown token → 401 INVALID_GUEST_TOKEN', async () => {
      const none = await listDialogs(t, undefined);
      assert.equal(none.statusCode, 401);
      assert.equal(none.json().code, 'GUEST_TOKEN_REQUIRED');
      const unknown = await listDialogs(t, `gst_${'A'.repeat(43)}`);
      assert.equal(unknown.statusCode, 401);
      assert.equal(unknown.json().code, 'INVALID_GUEST_TOKEN');
    });

    test('a session without dialogs: empty items, hasMore false, nextCursor null; Cache-Control: no-store', async () => {
      const token = await registerGuest(t.app, 'shop-a', 'list-empty');
      const res = await listDialogs(t, token);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.deepEqual(res.json(), { items: [], pagination: { hasMore: false, nextCursor: null } });
    });

    test('items: most recently active first, with threadId, title, createdAt and lastMessageAt (microseconds)', async () => {
      const { token, resourceId } = await guestWithDialogs(3, 'order');
      const body = await list(token);
      assert.deepEqual(body.items.map((i) => i.threadId), ['order-d3', 'order-d2', 'order-d1']);
      assert.deepEqual(body.pagination, { hasMore: false, nextCursor: null });
      const rows = await db().selectFrom('dialogs').select(['thread_id', 'created_at', 'last_message_at']).where('resource_id', '=', resourceId).execute();
      for (const item of body.items) {
        assert.deepEqual(Object.keys(item).sort(), ['createdAt', 'lastMessageAt', 'threadId', 'title']);
        assert.equal(item.title, `вопрос ${item.threadId.slice(-1)}`);
        const row = rows.find((r) => r.thread_id === item.threadId)!;
        assert.equal(micros(item.createdAt), Number(row.created_at), 'createdAt is the stored time to the microsecond');
        assert.equal(micros(item.lastMessageAt), Number(row.last_message_at));
        assert.ok(micros(item.lastMessageAt) > micros(item.createdAt));
      }
      // The stored times are not whole milliseconds, so six digits really carry information.
      assert.ok(body.items.some((i) => !i.createdAt.endsWith('000Z') || !i.lastMessageAt.endsWith('000Z')));
    });

    test('equal lastMessageAt: ordered by threadId descending, also across pages', async () => {
      const { token, resourceId } = await guestWithDialogs(5, 'tie');
      // Make three of them equally recent: the list must then order them by threadId descending.
      const same = Number((await db().selectFrom('dialogs').select('last_message_at').where('thread_id', '=', 'tie-d5').executeTakeFirstOrThrow()).last_message_at) + 5000;
      await db().updateTable('dialogs').set({ last_message_at: same }).where('resource_id', '=', resourceId).where('thread_id', 'in', ['tie-d1', 'tie-d3', 'tie-d4']).execute();
      const expected = ['tie-d4', 'tie-d3', 'tie-d1', 'tie-d5', 'tie-d2'];
      assert.deepEqual((await list(token)).items.map((i) => i.threadId), expected);
      const first = await list(token, { limit: '2' });
      assert.deepEqual(first.items.map((i) => i.threadId), ['tie-d4', 'tie-d3']);
      assert.equal(first.items[0]!.lastMessageAt, first.items[1]!.lastMessageAt);
      const second = await list(token, { limit: '2', cursor: first.pagination.nextCursor! });
      assert.deepEqual(second.items.map((i) => i.threadId), ['tie-d1', 'tie-d5'], 'the cursor resumes inside a group of equal times');
      const third = await list(token, { limit: '2', cursor: second.pagination.nextCursor! });
      assert.deepEqual(third.items.map((i) => i.threadId), ['tie-d2']);
      assert.deepEqual(third.pagination, { hasMore: false, nextCursor: null });
    });

    test('cursor walk: 7 dialogs at limit 3 → 3 pages, no duplicates, no gaps, nextCursor null at the end', async () => {
      const { token } = await guestWithDialogs(7, 'walk');
      const all = (await list(token)).items.map((i) => i.threadId);
      assert.deepEqual(all, ['walk-d7', 'walk-d6', 'walk-d5', 'walk-d4', 'walk-d3', 'walk-d2', 'walk-d1']);
      const pages: ListBody[] = [];
      let cursor: string | null = null;
      do {
        const page: ListBody = await list(token, { limit: '3', ...(cursor ? { cursor } : {}) });
        pages.push(page);
        cursor = page.pagination.nextCursor;
        assert.equal(page.pagination.hasMore, cursor !== null, 'nextCursor present exactly when hasMore');
      } while (cursor && pages.length < 10);
      assert.deepEqual(pages.map((p) => p.items.length), [3, 3, 1]);
      assert.deepEqual(pages.map((p) => p.pagination.hasMore), [true, true, false]);
      assert.deepEqual(pages.flatMap((p) => p.items.map((i) => i.threadId)), all);
    });

    test('limit bounds: default 20; 1 and 100 accepted', async () => {
      const { token } = await guestWithDialogs(21, 'many');
      const byDefault = await list(token);
      assert.equal(byDefault.items.length, 20);
      assert.equal(byDefault.pagination.hasMore, true);
      const rest = await list(token, { cursor: byDefault.pagination.nextCursor! });
      assert.deepEqual(rest.items.map((i) => i.threadId), ['many-d1']);
      assert.equal(rest.pagination.hasMore, false);
      const one = await list(token, { limit: '1' });
      assert.deepEqual(one.items.map((i) => i.threadId), ['many-d21']);
      assert.equal((await list(token, { limit: '100' })).items.length, 21);
    });

    const badQueries: Array<[string, Record<string, string>]> = [
      ['tenant_id', { tenant_id: 'shop-a' }],
      ['resourceId', { resourceId: 'x' }],
      ['threadId', { threadId: 'x' }],
      ['an unknown parameter', { page: '1' }],
      ['limit 0', { limit: '0' }],
      ['limit 101', { limit: '101' }],
      ['limit -1', { limit: '-1' }],
      ['limit 1.5', { limit: '1.5' }],
      ['limit "ten"', { limit: 'ten' }],
      ['an empty limit', { limit: '' }],
      ['an empty cursor', { cursor: '' }],
    ];
    for (const [name, query] of badQueries) {
      test(`400 for ${name} in the query`, async () => {
        const token = await registerGuest(t.app, 'shop-a', `list-bad-${++counter}`);
        const res = await listDialogs(t, token, query);
        assert.equal(res.statusCode, 400, res.body);
      });
    }

    test('400 for a repeated limit parameter', async () => {
      const token = await registerGuest(t.app, 'shop-a', `list-bad-${++counter}`);
      const res = await t.app.inject({ method: 'GET', url: '/shopping/dialogs?limit=2&limit=3', headers: auth(token) });
      assert.equal(res.statusCode, 400, res.body);
    });

    test('garbage, tampered, foreign and other-purpose cursors → 400 INVALID_CURSOR', async () => {
      const a = await guestWithDialogs(3, 'cur-a');
      const b = await guestWithDialogs(3, 'cur-b');
      const cursorA = (await list(a.token, { limit: '1' })).pagination.nextCursor!;
      const cursorB = (await list(b.token, { limit: '1' })).pagination.nextCursor!;
      assert.ok(cursorA && cursorB);
      // A cursor re-signed with a payload changed by one character, and one with a changed signature.
      const [payload, mac] = cursorA.split('.') as [string, string];
      const decoded = Buffer.from(payload, 'base64url').toString('utf8');
      const alteredPayload = Buffer.from(decoded.replace('cur-a-d3', 'cur-a-d9')).toString('base64url');
      const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
      // A tracking link is signed by the same service, for another purpose.
      const answer = await generate(t, { resourceId: a.resourceId, threadId: 'cur-a-d1', token: a.token });
      const eventToken = answer.events.find((e) => e.type === 'WRIMP')!.url!.split('/').pop()!;
      const bad = {
        garbage: 'not-a-cursor',
        'garbage with a dot': 'abc.def',
        'altered payload': `${alteredPayload}.${mac}`,
        'altered signature': `${payload}.${flip(mac)}`,
        'truncated': cursorA.slice(0, -2),
        "another session's cursor": cursorB,
        'a tracking link token': eventToken,
      };
      for (const [name, cursor] of Object.entries(bad)) {
        const res = await listDialogs(t, a.token, { cursor });
        assert.equal(res.statusCode, 400, name);
        assert.equal(res.json().code, 'INVALID_CURSOR', name);
      }
      // The genuine cursor still works for its own session.
      assert.equal((await listDialogs(t, a.token, { cursor: cursorA })).statusCode, 200);
    });

    test('hidden dialogs and dialogs of other sessions are never listed', async () => {
      const a = await guestWithDialogs(3, 'vis-a');
      const b = await guestWithDialogs(2, 'vis-b');
      // Same threadId under another resource, and a legacy dialog with the same threadId in the tenant.
      await generate(t, { resourceId: b.resourceId, threadId: 'vis-a-d1', token: b.token });
      await generate(t, { resourceId: 'vis-legacy', threadId: 'vis-a-d2' });
      const del = await t.app.inject({ method: 'DELETE', url: '/shopping/dialogs/vis-a-d2', headers: auth(a.token) });
      assert.equal(del.statusCode, 204);
      const itemsA = (await list(a.token)).items;
      assert.deepEqual(itemsA.map((i) => i.threadId), ['vis-a-d3', 'vis-a-d1']);
      const itemsB = (await list(b.token)).items;
      assert.deepEqual(itemsB.map((i) => i.threadId), ['vis-a-d1', 'vis-b-d2', 'vis-b-d1']);
      // The title of B's "vis-a-d1" is B's own first message, not A's.
      assert.equal(itemsB[0]!.title, 'смартфон samsung');
      assert.equal(itemsA[1]!.title, 'вопрос 1');
    });

    test('a new message moves a dialog to the top; debug traffic and a retry of a stored message do not', async () => {
      const { token, resourceId } = await guestWithDialogs(3, 'top');
      const before = (await list(token)).items;
      assert.deepEqual(before.map((i) => i.threadId), ['top-d3', 'top-d2', 'top-d1']);

      t.clock.advance(1000);
      const debug = await sendTurn(t, { resourceId, threadId: 'top-d1', token, trafficType: 'debug' });
      assert.equal(debug.statusCode, 200);
      assert.deepEqual((await list(token)).items, before, 'debug generation stores nothing and changes nothing');

      t.clock.advance(1000);
      await generate(t, { resourceId, threadId: 'top-d2', token, content: 'ещё вопрос', messageId: 'again-1' });
      const after = (await list(token)).items;
      assert.deepEqual(after.map((i) => i.threadId), ['top-d2', 'top-d3', 'top-d1']);
      const moved = after[0]!;
      const earlier = before.find((i) => i.threadId === 'top-d2')!;
      assert.equal(moved.createdAt, earlier.createdAt, 'createdAt stays');
      assert.equal(moved.title, earlier.title, 'the title stays that of the first message');
      assert.ok(micros(moved.lastMessageAt) > micros(earlier.lastMessageAt));

      t.clock.advance(1000);
      await generate(t, { resourceId, threadId: 'top-d3', token, content: 'ещё вопрос', messageId: 'again-2' });
      const afterSecond = (await list(token)).items;
      assert.deepEqual(afterSecond.map((i) => i.threadId), ['top-d3', 'top-d2', 'top-d1']);
      t.clock.advance(1000);
      // A retry with the same message id returns the stored answer and stores nothing new.
      await generate(t, { resourceId, threadId: 'top-d2', token, content: 'ещё вопрос', messageId: 'again-1' });
      assert.deepEqual((await list(token)).items, afterSecond);
    });

    describe('titles', () => {
      const titleOf = async (content: unknown): Promise<string> => {
        const resourceId = `title-${++counter}`;
        const token = await registerGuest(t.app, 'shop-a', resourceId);
        await generate(t, { resourceId, threadId: 'title-thread', token, content });
        const items = (await list(token)).items;
        assert.equal(items.length, 1);
        return items[0]!.title;
      };

      /** Checks the cut rules of design.md §5 for a long text. */
      const assertCut = (title: string, text: string) => {
        const characters = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(title)].length;
        assert.ok(characters <= 80, `at most 80 characters: ${characters}`);
        assert.ok(title.endsWith('…'), 'a cut title ends with "…"');
        assert.ok(!LONE_SURROGATE.test(title), 'no broken characters');
        assert.ok(!title.includes('\uFFFD'), 'no replacement characters');
        const kept = title.slice(0, -1);
        assert.ok(text.startsWith(kept), 'the title is the beginning of the message');
        assert.ok(kept.length > 0);
      };

      test('the first message text, trimmed', async () => {
        assert.equal(await titleOf('   нужен смартфон samsung  \n'), 'нужен смартфон samsung');
      });

      test('a text of exactly 80 characters is kept whole', async () => {
        const text = `${'абвгд '.repeat(13)}аб`;
        assert.equal(text.length, 80);
        assert.equal(await titleOf(text), text);
      });

      test('a longer text is cut at a word boundary to at most 80 characters with "…"', async () => {
        const text = 'Подскажите пожалуйста хороший смартфон samsung с большой батареей и камерой для ночной съёмки до сорока тысяч';
        const title = await titleOf(text);
        assertCut(title, text);
        const kept = title.slice(0, -1);
        assert.equal(text[kept.length], ' ', 'cut where a word ends');
        assert.ok(kept.length > 60, 'not cut far earlier than needed');
      });

      test('a single long word is cut hard, still at most 80 characters', async () => {
        const text = 'ы'.repeat(120);
        const title = await titleOf(text);
        assertCut(title, text);
      });

      test('a long text of emoji is cut between characters, not inside one', async () => {
        const text = '📱'.repeat(100);
        const title = await titleOf(text);
        assertCut(title, text);
        const family = '👨‍👩‍👧';
        const families = await titleOf(family.repeat(100));
        assertCut(families, family.repeat(100));
        assert.equal((families.length - 1) % family.length, 0, 'no family emoji is split into its parts');
      });

      test('80 or fewer emoji are 80 or fewer characters: kept whole', async () => {
        const text = '📱'.repeat(50);
        assert.equal(await titleOf(text), text);
      });

      test('text parts: their text; an image-only first message: "Диалог"', { skip: sharedDataSkip }, async () => {
        assert.equal(await titleOf([{ type: 'text', text: ' наушники ' }]), 'наушники');
        const jpeg = readSharedData('images/pillow_testimages/hopper.jpg');
        assert.equal(await titleOf([{ type: 'image', source: { type: 'base64', mediaType: 'image/jpeg', data: jpeg.toString('base64') } }]), 'Диалог');
      });
    });

    test('IP allow-list applies: a restricted-tenant token from outside → 403 IP_NOT_ALLOWED', async () => {
      const reg = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', payload: { tenant_id: 'restricted', resourceId: 'list-restricted' }, remoteAddress: '10.0.0.2' });
      const token = reg.json().accessToken as string;
      const outside = await t.app.inject({ method: 'GET', url: '/shopping/dialogs', headers: auth(token), remoteAddress: '8.8.8.8' });
      assert.equal(outside.statusCode, 403);
      assert.equal(outside.json().code, 'IP_NOT_ALLOWED');
      const inside = await t.app.inject({ method: 'GET', url: '/shopping/dialogs', headers: auth(token), remoteAddress: '10.0.0.3' });
      assert.equal(inside.statusCode, 200);
    });

    test('cursors never appear in the application log', async () => {
      const { token } = await guestWithDialogs(4, 'log');
      const cursors: string[] = [];
      let cursor: string | null = null;
      do {
        const page: ListBody = await list(token, { limit: '1', ...(cursor ? { cursor } : {}) });
        cursor = page.pagination.nextCursor;
        if (cursor) {
          cursors.push(cursor);
        }
      } while (cursor);
      await listDialogs(t, token, { cursor: `${cursors[0]!}x` });
      assert.equal(cursors.length, 3);
      const log = t.logText();
      assert.ok(log.length > 0, 'the app does log requests');
      for (const c of cursors) {
        for (const form of [c, encodeURIComponent(c), c.split('.')[0]!, c.split('.')[1]!]) {
          assert.ok(!log.includes(form), 'cursor (or a part of it) found in the log');
        }
      }
      assert.ok(!log.includes(token), 'nor the token');
    });
  });
}
