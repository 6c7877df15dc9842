/**
 * Spec 3.4, 4.7 and 4.8 through HTTP on SQLite and PostgreSQL: `PUT /shopping/feedback`
 * (closed body, exact identifiers, the state table) and `GET /shopping/feedback` ready links
 * taken from real answers (fixed messages, no IP list, the guest token), and the 500
 * "Failed to save feedback" when the database really refuses the write.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { generate, pathOf, readHistory, type Answer } from '../helpers/dialogs.ts';

const ISO_MILLIS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

interface Key {
  tenant_id: string;
  resourceId: string;
  threadId: string;
  messageId: string;
}

for (const dialect of DIALECTS) {
  describe(`feedback [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    let counter = 0;
    const db = () => t.database.storage.db;

    const put = (body: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/shopping/feedback',
        headers: { 'content-type': 'application/json', ...headers },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    const get = (query: Record<string, string>, headers: Record<string, string> = {}, remoteAddress?: string) =>
      t.app.inject({ method: 'GET', url: `/shopping/feedback?${new URLSearchParams(query).toString()}`, headers, ...(remoteAddress ? { remoteAddress } : {}) });

    /** A fresh answer of a legacy resource; its key and the answer. */
    async function freshAnswer(tenant = 'shop-a', remoteAddress?: string): Promise<{ key: Key; answer: Answer }> {
      const resourceId = `fb-${++counter}`;
      const threadId = `fb-thread-${counter}`;
      const answer = await generate(t, { tenant, resourceId, threadId, messageId: 'u1', ...(remoteAddress ? { remoteAddress } : {}) });
      return { key: { tenant_id: tenant, resourceId, threadId, messageId: answer.assistantMessageId }, answer };
    }

    const storedRows = async (messageId: string) =>
      db().selectFrom('feedback').select(['reaction', 'updated_at']).where('message_id', '=', messageId).execute();

    /** The ready link of the given type from the answer's root events. */
    const linkOf = (answer: Answer, type: 'like' | 'dislike'): string => {
      const links = answer.events.filter((e) => e.type === type);
      assert.equal(links.length, 1, `one ${type} link`);
      assert.ok(links[0]!.url, 'a single url');
      return links[0]!.url!;
    };

    before(async () => {
      t = await buildTestApp(dialect, { env: NO_RATE_LIMITS });
    });
    after(() => t.close());

    describe('PUT', () => {
      let fixture: { key: Key; answer: Answer };
      before(async () => {
        fixture = await freshAnswer();
      });

      test('the state table: none → like → like (idempotent) → dislike → like → null → null', async () => {
        const { key } = await freshAnswer();
        const step = async (reaction: 'like' | 'dislike' | null) => {
          t.clock.advance(5_000_000);
          const res = await put({ ...key, reaction });
          assert.equal(res.statusCode, 200, res.body);
          const body = res.json() as { reaction: string | null; updatedAt: string };
          assert.deepEqual(Object.keys(body).sort(), ['reaction', 'updatedAt']);
          assert.equal(body.reaction, reaction);
          assert.match(body.updatedAt, ISO_MILLIS);
          return body;
        };
        const liked = await step('like');
        assert.deepEqual((await storedRows(key.messageId)).map((r) => r.reaction), ['like']);
        const again = await step('like');
        assert.equal(again.updatedAt, liked.updatedAt, 'the same reaction again changes nothing, its time included');
        assert.equal((await storedRows(key.messageId)).length, 1, 'no duplicate');
        const disliked = await step('dislike');
        assert.ok(Date.parse(disliked.updatedAt) > Date.parse(liked.updatedAt), 'a change moves updatedAt');
        assert.deepEqual((await storedRows(key.messageId)).map((r) => r.reaction), ['dislike'], 'dislike replaces like');
        const likedAgain = await step('like');
        assert.ok(Date.parse(likedAgain.updatedAt) > Date.parse(disliked.updatedAt));
        assert.deepEqual((await storedRows(key.messageId)).map((r) => r.reaction), ['like']);
        const removed = await step(null);
        assert.ok(Date.parse(removed.updatedAt) > Date.parse(likedAgain.updatedAt));
        assert.deepEqual(await storedRows(key.messageId), [], 'null removes the reaction');
        await step(null);
        assert.deepEqual(await storedRows(key.messageId), []);
      });

      test('history shows the stored reaction, and null after removal', async () => {
        const { key } = await freshAnswer();
        const reactionInHistory = async () => {
          const items = (await readHistory(t, { tenant_id: key.tenant_id, resourceId: key.resourceId, threadId: key.threadId })).json().items as Array<{ id: string; feedback?: { reaction: string | null } }>;
          return items.find((i) => i.id === key.messageId)!.feedback!.reaction;
        };
        assert.equal(await reactionInHistory(), null);
        await put({ ...key, reaction: 'dislike' });
        assert.equal(await reactionInHistory(), 'dislike');
        await put({ ...key, reaction: null });
        assert.equal(await reactionInHistory(), null);
      });

      test('every identifier must match exactly; each wrong one → the same 404, nothing stored', async () => {
        const { key } = fixture;
        const other = await freshAnswer();
        const userMessage = await db()
          .selectFrom('messages as m')
          .innerJoin('dialogs as d', 'd.id', 'm.dialog_id')
          .select('m.id')
          .where('d.thread_id', '=', key.threadId)
          .where('m.role', '=', 'user')
          .executeTakeFirstOrThrow();
        const wrong: Array<[string, Key]> = [
          ['tenant_id of another section', { ...key, tenant_id: 'shop-b' }],
          ['an unknown tenant_id', { ...key, tenant_id: 'no-such-shop' }],
          ['another resourceId', { ...key, resourceId: other.key.resourceId }],
          ['resourceId in another case', { ...key, resourceId: key.resourceId.toUpperCase() }],
          ['another threadId of the same tenant', { ...key, threadId: other.key.threadId }],
          ['an unknown threadId', { ...key, threadId: 'nope' }],
          ['an unknown messageId', { ...key, messageId: '00000000-0000-4000-8000-000000000000' }],
          ["another dialog's answer id", { ...key, messageId: other.key.messageId }],
          ["the user message's client id", { ...key, messageId: 'u1' }],
          ["the user message's stored id", { ...key, messageId: userMessage.id }],
        ];
        const bodies = new Set<string>();
        for (const [name, body] of wrong) {
          const res = await put({ ...body, reaction: 'like' });
          assert.equal(res.statusCode, 404, name);
          bodies.add(res.body);
        }
        assert.equal(bodies.size, 1, 'the 404 does not tell which identifier was wrong');
        assert.deepEqual(await storedRows(key.messageId), []);
        assert.deepEqual(await storedRows(other.key.messageId), []);
        assert.deepEqual(await storedRows(userMessage.id), []);
      });

      const fields = ['tenant_id', 'resourceId', 'threadId', 'messageId', 'reaction'] as const;
      for (const field of fields) {
        test(`400 without ${field}`, async () => {
          const body: Record<string, unknown> = { ...fixture.key, reaction: 'like' };
          delete body[field];
          const res = await put(body);
          assert.equal(res.statusCode, 400, res.body);
          assert.deepEqual(await storedRows(fixture.key.messageId), []);
        });
      }
      for (const field of ['tenant_id', 'resourceId', 'threadId', 'messageId'] as const) {
        test(`400 for an empty ${field}`, async () => {
          const res = await put({ ...fixture.key, [field]: '', reaction: 'like' });
          assert.equal(res.statusCode, 400, res.body);
        });
      }
      for (const reaction of ['LIKE', 'love', '', 'null', 1, true, ['like'], { type: 'like' }]) {
        test(`400 for reaction ${JSON.stringify(reaction)}`, async () => {
          const res = await put({ ...fixture.key, reaction });
          assert.equal(res.statusCode, 400, res.body);
          assert.deepEqual(await storedRows(fixture.key.messageId), []);
        });
      }
      test('400 for an extra field, a non-string identifier, malformed JSON and no body', async () => {
        for (const body of [
          { ...fixture.key, reaction: 'like', comment: 'nice' },
          { ...fixture.key, threadId: 5, reaction: 'like' },
          '{"tenant_id":',
          '',
        ]) {
          const res = await put(body);
          assert.equal(res.statusCode, 400, JSON.stringify(body));
        }
        assert.deepEqual(await storedRows(fixture.key.messageId), []);
      });

      test('the IP allow-list applies to PUT: restricted tenant from outside → 403 IP_NOT_ALLOWED', async () => {
        const { key } = await freshAnswer('restricted', '10.0.0.5');
        const outside = await put({ ...key, reaction: 'like' }, {}, '8.8.8.8');
        assert.equal(outside.statusCode, 403);
        assert.equal(outside.json().code, 'IP_NOT_ALLOWED');
        assert.equal((await put({ ...key, reaction: 'like' }, {}, '10.0.0.6')).statusCode, 200);
      });
    });

    describe('GET ready links', () => {
      test('the like and dislike links of a real answer: 200 {reaction, updatedAt}; the same link again is idempotent', async () => {
        const { key, answer } = await freshAnswer();
        const like = linkOf(answer, 'like');
        const dislike = linkOf(answer, 'dislike');
        assert.ok(like.startsWith(`${t.config.publicBaseUrl}/shopping/feedback?`), 'links point to PUBLIC_BASE_URL');
        const first = await t.app.inject({ method: 'GET', url: pathOf(like) });
        assert.equal(first.statusCode, 200, first.body);
        const body = first.json();
        assert.deepEqual(Object.keys(body).sort(), ['reaction', 'updatedAt']);
        assert.equal(body.reaction, 'like');
        assert.match(body.updatedAt, ISO_MILLIS);
        t.clock.advance(3_000_000);
        const second = await t.app.inject({ method: 'GET', url: pathOf(like) });
        assert.deepEqual(second.json(), body);
        assert.equal((await storedRows(key.messageId)).length, 1);
        t.clock.advance(3_000_000);
        const changed = await t.app.inject({ method: 'GET', url: pathOf(dislike) });
        assert.equal(changed.statusCode, 200);
        assert.equal(changed.json().reaction, 'dislike');
        assert.deepEqual((await storedRows(key.messageId)).map((r) => r.reaction), ['dislike']);
        // Removal is only by PUT.
        assert.equal((await put({ ...key, reaction: null })).json().reaction, null);
        assert.deepEqual(await storedRows(key.messageId), []);
      });

      test('following a link leaves no resourceId or threadId in the application log', async () => {
        const resourceId = 'fb-log-resource-5d1e';
        const threadId = 'fb-log-thread-8c2a';
        const answer = await generate(t, { resourceId, threadId });
        for (const type of ['like', 'dislike'] as const) {
          assert.equal((await t.app.inject({ method: 'GET', url: pathOf(linkOf(answer, type)) })).statusCode, 200);
        }
        await t.app.inject({ method: 'GET', url: `/shopping/feedback?tenant_id=shop-a&resourceId=${resourceId}&threadId=${threadId}&messageId=nope&reaction=like` });
        const log = t.logText();
        assert.ok(log.includes('/shopping/feedback'), 'the requests are logged (by route)');
        assert.ok(!log.includes(resourceId), 'resourceId in the log');
        assert.ok(!log.includes(threadId), 'threadId in the log');
      });

      test('the link carries exactly the five identifiers of the answer', async () => {
        const { key, answer } = await freshAnswer();
        const params = Object.fromEntries(new URL(linkOf(answer, 'like')).searchParams);
        assert.deepEqual(params, { ...key, reaction: 'like' });
      });

      test('reaction=null → 400 "Invalid request query"', async () => {
        const { answer } = await freshAnswer();
        const url = new URL(linkOf(answer, 'like'));
        url.searchParams.set('reaction', 'null');
        const res = await t.app.inject({ method: 'GET', url: pathOf(url.toString()) });
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().message, 'Invalid request query');
      });

      test('a missing or empty parameter, or an unsupported reaction → 400 "Invalid request query"', async () => {
        const { key } = await freshAnswer();
        const full: Record<string, string> = { ...key, reaction: 'like' };
        const cases: Array<Record<string, string>> = [];
        for (const name of Object.keys(full)) {
          const missing = { ...full };
          delete missing[name];
          cases.push(missing, { ...full, [name]: '' });
        }
        cases.push({ ...full, reaction: 'LIKE' }, { ...full, reaction: 'love' }, {});
        for (const query of cases) {
          const res = await get(query);
          assert.equal(res.statusCode, 400, JSON.stringify(query));
          assert.equal(res.json().message, 'Invalid request query', JSON.stringify(query));
        }
        assert.deepEqual(await storedRows(key.messageId), []);
      });

      test('no stored answer with that combination → 404 "Assistant message not found"', async () => {
        const { key } = await freshAnswer();
        const other = await freshAnswer();
        for (const query of [
          { ...key, messageId: 'no-such-message' },
          { ...key, threadId: other.key.threadId },
          { ...key, tenant_id: 'shop-b' },
          { ...key, resourceId: other.key.resourceId },
          { ...key, messageId: 'u1' },
        ]) {
          const res = await get({ ...query, reaction: 'like' });
          assert.equal(res.statusCode, 404, JSON.stringify(query));
          assert.equal(res.json().message, 'Assistant message not found');
        }
        assert.deepEqual(await storedRows(key.messageId), []);
      });

      test('not restricted by the IP list: a restricted tenant\'s link works from an outside address', async () => {
        const { key, answer } = await freshAnswer('restricted', '10.0.0.9');
        const res = await t.app.inject({ method: 'GET', url: pathOf(linkOf(answer, 'like')), remoteAddress: '8.8.8.8' });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.json().reaction, 'like');
        assert.deepEqual((await storedRows(key.messageId)).map((r) => r.reaction), ['like']);
        const unknown = await get({ ...key, messageId: 'nope', reaction: 'like' }, {}, '8.8.8.8');
        assert.equal(unknown.statusCode, 404, 'an outside address gets the not-found, not an IP refusal');
      });
    });

    describe('a guest-registered resource', () => {
      let token: string;
      let key: Key;
      let answer: Answer;
      before(async () => {
        const resourceId = 'fb-guest';
        token = await registerGuest(t.app, 'shop-a', resourceId);
        answer = await generate(t, { resourceId, threadId: 'fb-guest-thread', token });
        key = { tenant_id: 'shop-a', resourceId, threadId: 'fb-guest-thread', messageId: answer.assistantMessageId };
      });

      test('a plain GET of the link (no Authorization) → 401 GUEST_TOKEN_REQUIRED, nothing stored', async () => {
        const res = await t.app.inject({ method: 'GET', url: pathOf(linkOf(answer, 'like')) });
        assert.equal(res.statusCode, 401);
        assert.equal(res.json().code, 'GUEST_TOKEN_REQUIRED');
        assert.deepEqual(await storedRows(key.messageId), []);
      });

      test('PUT with the token → 200; without → 401; with another resource\'s token → 403', async () => {
        const other = await registerGuest(t.app, 'shop-a', 'fb-guest-other');
        const without = await put({ ...key, reaction: 'like' });
        assert.equal(without.statusCode, 401);
        assert.equal(without.json().code, 'GUEST_TOKEN_REQUIRED');
        const foreign = await put({ ...key, reaction: 'like' }, auth(other));
        assert.equal(foreign.statusCode, 403);
        assert.equal(foreign.json().code, 'GUEST_RESOURCE_MISMATCH');
        assert.deepEqual(await storedRows(key.messageId), []);
        const ok = await put({ ...key, reaction: 'like' }, auth(token));
        assert.equal(ok.statusCode, 200);
        assert.equal(ok.json().reaction, 'like');
        const history = (await readHistory(t, { tenant_id: key.tenant_id, resourceId: key.resourceId, threadId: key.threadId }, { token })).json();
        assert.equal(history.items[1].feedback.reaction, 'like');
      });

      test('the GET link with the token in the header works', async () => {
        const res = await t.app.inject({ method: 'GET', url: pathOf(linkOf(answer, 'dislike')), headers: auth(token) });
        assert.equal(res.statusCode, 200);
        assert.equal(res.json().reaction, 'dislike');
      });

      test('wrong thread or message with the right token → 404', async () => {
        assert.equal((await put({ ...key, threadId: 'other', reaction: 'like' }, auth(token))).statusCode, 404);
        assert.equal((await put({ ...key, messageId: 'other', reaction: 'like' }, auth(token))).statusCode, 404);
        const res = await get({ ...key, messageId: 'other', reaction: 'like' }, auth(token));
        assert.equal(res.statusCode, 404);
        assert.equal(res.json().message, 'Assistant message not found');
      });
    });

    describe('storage failure', () => {
      // The database itself refuses writes to the feedback table (a trigger raising an error),
      // and then reads of it (the table renamed away); nothing in Aisle is replaced.
      async function failWrites(): Promise<() => Promise<void>> {
        if (dialect === 'postgres') {
          await sql`create function aisle_test_fail() returns trigger language plpgsql as $$ begin raise exception 'simulated storage failure'; end $$`.execute(db());
          await sql`create trigger aisle_test_fail before insert or update or delete on feedback for each row execute function aisle_test_fail()`.execute(db());
          return async () => {
            await sql`drop trigger aisle_test_fail on feedback`.execute(db());
            await sql`drop function aisle_test_fail()`.execute(db());
          };
        }
        for (const op of ['insert', 'update', 'delete']) {
          await sql.raw(`create trigger aisle_test_fail_${op} before ${op} on feedback begin select raise(abort, 'simulated storage failure'); end`).execute(db());
        }
        return async () => {
          for (const op of ['insert', 'update', 'delete']) {
            await sql.raw(`drop trigger aisle_test_fail_${op}`).execute(db());
          }
        };
      }

      test('a refused write → 500 "Failed to save feedback" for PUT and GET; the stored state is unchanged', async () => {
        const { key, answer } = await freshAnswer();
        assert.equal((await put({ ...key, reaction: 'dislike' })).statusCode, 200);
        const restore = await failWrites();
        try {
          for (const reaction of ['like', null] as const) {
            const res = await put({ ...key, reaction });
            assert.equal(res.statusCode, 500, String(reaction));
            assert.equal(res.json().message, 'Failed to save feedback');
            assert.ok(!res.body.includes('simulated'), 'no database detail reaches the client');
          }
          const viaLink = await t.app.inject({ method: 'GET', url: pathOf(linkOf(answer, 'like')) });
          assert.equal(viaLink.statusCode, 500);
          assert.equal(viaLink.json().message, 'Failed to save feedback');
          // Idempotent repeats need no write and still answer.
          assert.equal((await put({ ...key, reaction: 'dislike' })).statusCode, 200);
        } finally {
          await restore();
        }
        assert.deepEqual((await storedRows(key.messageId)).map((r) => r.reaction), ['dislike']);
        const after = await put({ ...key, reaction: 'like' });
        assert.equal(after.statusCode, 200);
        assert.equal(after.json().reaction, 'like');
      });

      test('an unreadable feedback table → 500 "Failed to save feedback"; back to normal once it returns', async () => {
        const { key, answer } = await freshAnswer();
        await sql`alter table feedback rename to feedback_away`.execute(db());
        try {
          const res = await put({ ...key, reaction: 'like' });
          assert.equal(res.statusCode, 500);
          assert.equal(res.json().message, 'Failed to save feedback');
          const viaLink = await t.app.inject({ method: 'GET', url: pathOf(linkOf(answer, 'like')) });
          assert.equal(viaLink.statusCode, 500);
          assert.equal(viaLink.json().message, 'Failed to save feedback');
        } finally {
          await sql`alter table feedback_away rename to feedback`.execute(db());
        }
        assert.equal((await put({ ...key, reaction: 'like' })).statusCode, 200);
      });
    });
  });
}
