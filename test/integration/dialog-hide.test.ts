/**
 * Spec 4.4 and 3.2 through HTTP on SQLite and PostgreSQL: `DELETE /shopping/dialogs/{threadId}`
 * — 204 and again 204, 404 DIALOG_NOT_FOUND for foreign or missing dialogs, the token, and
 * every effect of hiding (list, history, generation continue/retry/debug, feedback), with
 * the messages kept and no way back.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertNone } from '../helpers/assert.ts';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { generate, listDialogs, pathOf, readHistory, sendTurn, type Answer } from '../helpers/dialogs.ts';

for (const dialect of DIALECTS) {
  describe(`dialog hiding [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    let counter = 0;
    const db = () => t.database.storage.db;
    const hide = (threadId: string, token?: string) =>
      t.app.inject({ method: 'DELETE', url: `/shopping/dialogs/${encodeURIComponent(threadId)}`, headers: token ? auth(token) : {} });

    async function guest(): Promise<{ token: string; resourceId: string }> {
      const resourceId = `hide-${++counter}`;
      return { token: await registerGuest(t.app, 'shop-a', resourceId), resourceId };
    }

    before(async () => {
      t = await buildTestApp(dialect, { env: NO_RATE_LIMITS });
    });
    after(() => t.close());

    test('204 with no body; hiding again is 204 too', async () => {
      const g = await guest();
      await generate(t, { resourceId: g.resourceId, threadId: 'h-1', token: g.token });
      const first = await hide('h-1', g.token);
      assert.equal(first.statusCode, 204);
      assert.equal(first.body, '');
      const second = await hide('h-1', g.token);
      assert.equal(second.statusCode, 204);
      const row = await db().selectFrom('dialogs').select('hidden_at').where('resource_id', '=', g.resourceId).executeTakeFirstOrThrow();
      assert.notEqual(row.hidden_at, null);
    });

    test('a missing dialog, or one of another session, → 404 DIALOG_NOT_FOUND, and the other dialog stays visible', async () => {
      const a = await guest();
      const b = await guest();
      await generate(t, { resourceId: a.resourceId, threadId: 'shared-name', token: a.token });
      await generate(t, { resourceId: 'hide-legacy', threadId: 'legacy-thread' });
      const cases: Array<[string, string]> = [
        ['missing', 'no-such-thread'],
        ["another session's dialog", 'shared-name'],
        ["a legacy resource's dialog", 'legacy-thread'],
      ];
      const bodies = new Set<string>();
      for (const [name, threadId] of cases) {
        const res = await hide(threadId, b.token);
        assert.equal(res.statusCode, 404, name);
        assert.equal(res.json().code, 'DIALOG_NOT_FOUND', name);
        bodies.add(res.body);
      }
      assert.equal(bodies.size, 1, 'one answer for missing and foreign');
      const listA = (await listDialogs(t, a.token)).json();
      assert.deepEqual(listA.items.map((i: { threadId: string }) => i.threadId), ['shared-name']);
      assert.equal((await readHistory(t, { tenant_id: 'shop-a', resourceId: 'hide-legacy', threadId: 'legacy-thread' })).statusCode, 200);
    });

    test('without a token → 401 GUEST_TOKEN_REQUIRED; an unknown token → 401 INVALID_GUEST_TOKEN; nothing is hidden', async () => {
      const g = await guest();
      await generate(t, { resourceId: g.resourceId, threadId: 'h-auth', token: g.token });
      const none = await hide('h-auth');
      assert.equal(none.statusCode, 401);
      assert.equal(none.json().code, 'GUEST_TOKEN_REQUIRED');
      const unknown = await hide('h-auth', `gst_${'Z'.repeat(43)}`);
      assert.equal(unknown.statusCode, 401);
      assert.equal(unknown.json().code, 'INVALID_GUEST_TOKEN');
      assert.equal((await listDialogs(t, g.token)).json().items.length, 1);
    });

    // Generation accepts threadIds up to 512 characters, so hiding must too (Fastify's router
    // default would refuse path parameters over 100 characters with its own 414).
    test('a dialog whose threadId has 200 characters (valid in generation) can be hidden', async () => {
      const g = await guest();
      const threadId = 't'.repeat(200);
      await generate(t, { resourceId: g.resourceId, threadId, token: g.token });
      assert.equal((await hide(threadId, g.token)).statusCode, 204);
      assert.deepEqual((await listDialogs(t, g.token)).json().items, []);
    });

    test('a bad dialog id (over 512 characters) → 400', async () => {
      const g = await guest();
      const res = await hide('x'.repeat(513), g.token);
      assert.equal(res.statusCode, 400);
    });

    test('a dialog id of 100 characters is checked like any other (404 when missing)', async () => {
      const g = await guest();
      const res = await hide('x'.repeat(100), g.token);
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().code, 'DIALOG_NOT_FOUND');
    });

    test('IP allow-list applies: a restricted-tenant token from outside → 403 IP_NOT_ALLOWED', async () => {
      const reg = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', payload: { tenant_id: 'restricted', resourceId: 'hide-restricted' }, remoteAddress: '10.0.0.2' });
      const token = reg.json().accessToken as string;
      await generate(t, { tenant: 'restricted', resourceId: 'hide-restricted', threadId: 'r-1', token, remoteAddress: '10.0.0.2' });
      const outside = await t.app.inject({ method: 'DELETE', url: '/shopping/dialogs/r-1', headers: auth(token), remoteAddress: '8.8.8.8' });
      assert.equal(outside.statusCode, 403);
      assert.equal(outside.json().code, 'IP_NOT_ALLOWED');
      const list = await t.app.inject({ method: 'GET', url: '/shopping/dialogs', headers: auth(token), remoteAddress: '10.0.0.2' });
      assert.equal(list.json().items.length, 1, 'not hidden by the refused request');
    });

    describe('after hiding', () => {
      let g: { token: string; resourceId: string };
      let answer: Answer;
      let dialogId: string;
      let messagesBefore: Array<{ id: string; content: string }>;
      const threadId = 'to-hide';
      const key = () => ({ tenant_id: 'shop-a', resourceId: g.resourceId, threadId });

      before(async () => {
        g = await guest();
        await generate(t, { resourceId: g.resourceId, threadId, token: g.token, messageId: 'u1', content: 'смартфон samsung' });
        answer = await generate(t, { resourceId: g.resourceId, threadId, token: g.token, messageId: 'u2', content: 'а подешевле' });
        await generate(t, { resourceId: g.resourceId, threadId: 'stays', token: g.token });
        const put = await t.app.inject({ method: 'PUT', url: '/shopping/feedback', headers: auth(g.token), payload: { ...key(), messageId: answer.assistantMessageId, reaction: 'like' } });
        assert.equal(put.statusCode, 200);
        dialogId = (await db().selectFrom('dialogs').select('id').where('resource_id', '=', g.resourceId).where('thread_id', '=', threadId).executeTakeFirstOrThrow()).id;
        messagesBefore = await db().selectFrom('messages').select(['id', 'content']).where('dialog_id', '=', dialogId).orderBy('created_at').execute();
        assert.equal(messagesBefore.length, 4);
        // Debug traffic answered there before the hide, twice (the second time from what the service keeps).
        for (let i = 0; i < 2; i++) {
          assert.equal((await sendTurn(t, { resourceId: g.resourceId, threadId, token: g.token, trafficType: 'debug', content: 'x' })).statusCode, 200);
        }
        assert.equal((await hide(threadId, g.token)).statusCode, 204);
      });

      test('the dialog is gone from the list; the others stay', async () => {
        const items = (await listDialogs(t, g.token)).json().items as Array<{ threadId: string }>;
        assert.deepEqual(items.map((i) => i.threadId), ['stays']);
      });

      test('history → 404 SHOPPING_HISTORY_NOT_FOUND', async () => {
        const res = await readHistory(t, key(), { token: g.token });
        assert.equal(res.statusCode, 404);
        assert.equal(res.json().code, 'SHOPPING_HISTORY_NOT_FOUND');
      });

      test('generation: continue, retry of a stored message id, and debug traffic → 404', async () => {
        const cont = await sendTurn(t, { resourceId: g.resourceId, threadId, token: g.token, messageId: 'u3', content: 'ещё' });
        assert.equal(cont.statusCode, 404);
        assert.equal(cont.json().code, 'DIALOG_NOT_FOUND');
        const retry = await sendTurn(t, { resourceId: g.resourceId, threadId, token: g.token, messageId: 'u2', content: 'а подешевле' });
        assert.equal(retry.statusCode, 404, 'a retry does not replay the stored answer of a hidden dialog');
        const noId = await sendTurn(t, { resourceId: g.resourceId, threadId, token: g.token, content: 'ещё' });
        assert.equal(noId.statusCode, 404);
        const debug = await sendTurn(t, { resourceId: g.resourceId, threadId, token: g.token, trafficType: 'debug', content: 'x' });
        assert.equal(debug.statusCode, 404);
      });

      test('PUT feedback → 404 for every reaction; GET feedback (ready link, with the token) → 404 "Assistant message not found"', async () => {
        for (const reaction of ['like', 'dislike', null]) {
          const put = await t.app.inject({ method: 'PUT', url: '/shopping/feedback', headers: auth(g.token), payload: { ...key(), messageId: answer.assistantMessageId, reaction } });
          assert.equal(put.statusCode, 404, String(reaction));
        }
        for (const type of ['like', 'dislike']) {
          const link = answer.events.find((e) => e.type === type)!.url!;
          const get = await t.app.inject({ method: 'GET', url: pathOf(link), headers: auth(g.token) });
          assert.equal(get.statusCode, 404, type);
          assert.equal(get.json().message, 'Assistant message not found');
        }
        const stored = await db().selectFrom('feedback').select('reaction').where('message_id', '=', answer.assistantMessageId).executeTakeFirst();
        assert.equal(stored?.reaction, 'like', 'the reaction given before hiding is neither changed nor removed');
      });

      test('messages stay stored, unchanged', async () => {
        const after = await db().selectFrom('messages').select(['id', 'content']).where('dialog_id', '=', dialogId).orderBy('created_at').execute();
        assert.deepEqual(after, messagesBefore);
        const dialog = await db().selectFrom('dialogs').selectAll().where('id', '=', dialogId).executeTakeFirstOrThrow();
        assert.notEqual(dialog.hidden_at, null);
      });

      test('no restoration: hiding again is 204, a new message is still 404, the list still omits it', async () => {
        assert.equal((await hide(threadId, g.token)).statusCode, 204);
        const fresh = await sendTurn(t, { resourceId: g.resourceId, threadId, token: g.token, messageId: 'u9', content: 'смартфон samsung' });
        assert.equal(fresh.statusCode, 404);
        assert.equal((await readHistory(t, key(), { token: g.token })).statusCode, 404);
        const items = (await listDialogs(t, g.token)).json().items as Array<{ threadId: string }>;
        assertNone(items, (i) => i.threadId === threadId);
        const count = await db().selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).where('dialog_id', '=', dialogId).executeTakeFirstOrThrow();
        assert.equal(Number(count.n), 4, 'the refused requests stored nothing');
      });
    });
  });
}
