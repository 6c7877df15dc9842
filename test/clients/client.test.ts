/**
 * The JavaScript client (clients/js) against the real Aisle app over HTTP, on SQLite and
 * PostgreSQL: every method of the contract in a buyer's conversation, the guest token kept
 * and sent only as a header, message ids fixed at creation and reused by an explicit retry,
 * no automatic retry after a lost answer, cursor pagination, and the one "unavailable" state
 * of a share link that does not open.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { createAisleClient, memoryTokenStore, type AisleClient, type AisleClientOptions } from '../../clients/js/src/index.ts';
import { refusal, startClientTestServer, type ClientTestServer } from './helpers.ts';
import { assertEvery } from '../helpers/assert.ts';

const GENERATE = 'POST /shopping/generate';
const REGISTER = 'POST /shopping/guest-sessions';

for (const dialect of DIALECTS) {
  describe(`JavaScript client [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let s: ClientTestServer;
    const client = (options: Partial<AisleClientOptions> = {}): AisleClient =>
      createAisleClient({ baseUrl: s.baseUrl, tenantId: 'shop-a', resourceId: `buyer-${randomUUID()}`, ...options });

    before(async () => {
      s = await startClientTestServer(dialect);
    });
    after(async () => {
      await s.close();
    });

    test("a buyer's whole conversation: every method, one registration, the token never in a URL", async () => {
      const registrationsBefore = s.count(REGISTER);
      const aisle = client();
      assert.equal(await aisle.hasGuestSession(), false);

      const prompts = await aisle.starterPrompts({ type: 'HOMEPAGE' });
      assert.equal(typeof prompts.enabled, 'boolean');
      assert.equal(await aisle.hasGuestSession(), true, 'the first call that needs a token registered the session');

      const threadId = aisle.newThreadId();
      const message = aisle.createMessage({ threadId, content: 'смартфон samsung', ctx: { type: 'HOMEPAGE' } });
      const answer = await aisle.generate(message);
      assert.equal(answer.threadId, threadId);
      assert.equal(answer.resourceId, aisle.resourceId);
      assert.ok(answer.assistantMessageId);
      assert.ok(answer.response.contents.some((b) => b.type === 'products' && b.value.length > 0), 'the answer shows products');

      const history = await aisle.history({ threadId });
      assert.deepEqual(
        history.items.map((i) => [i.role, i.id]),
        [
          ['user', message.id],
          ['assistant', answer.assistantMessageId],
        ],
      );

      const listed = await aisle.listDialogs();
      assert.deepEqual(
        listed.items.map((d) => d.threadId),
        [threadId],
      );

      assert.equal((await aisle.react(answer, 'like'))?.reaction, 'like');
      const assistantItem = (await aisle.history({ threadId })).items.find((i) => i.role === 'assistant');
      assert.ok(assistantItem && assistantItem.role === 'assistant');
      assert.equal(assistantItem.feedback.reaction, 'like');
      assert.equal((await aisle.react(assistantItem, 'dislike'))?.reaction, 'dislike', 'a restored answer takes feedback by its history id');
      assert.equal((await aisle.putFeedback({ threadId, messageId: answer.assistantMessageId, reaction: null })).reaction, null);
      assert.equal((await aisle.getFeedback({ threadId, messageId: answer.assistantMessageId, reaction: 'like' })).reaction, 'like');

      const share = await aisle.createShare({ threadId });
      assert.equal(share.through_message_id, answer.assistantMessageId);
      const opened = await aisle.readShare(share.share_token);
      assert.ok(opened.available);
      assert.deepEqual(
        opened.snapshot.messages.map((m) => m.role),
        ['user', 'assistant'],
      );
      await aisle.revokeShare({ threadId, shareToken: share.share_token });
      assert.deepEqual(await aisle.readShare(share.share_token), { available: false });

      await aisle.hideDialog(threadId);
      assert.deepEqual((await aisle.listDialogs()).items, []);
      const hidden = await refusal(() => aisle.history({ threadId }));
      assert.equal(hidden.status, 404);
      assert.equal(hidden.code, 'SHOPPING_HISTORY_NOT_FOUND');

      assert.equal(s.count(REGISTER) - registrationsBefore, 1, 'one registration served every call');
      assertEvery(s.urls, (url) => !url.includes('gst_'), 'no guest token in any URL');
    });

    test('calls made at once before any token exists register one session between them', async () => {
      const registrationsBefore = s.count(REGISTER);
      const aisle = client();
      const threads = [aisle.newThreadId(), aisle.newThreadId(), aisle.newThreadId()];
      const answers = await Promise.all(threads.map((threadId) => aisle.generate(aisle.createMessage({ threadId, content: 'чайник' }))));
      assert.deepEqual(
        answers.map((a) => a.threadId),
        threads,
      );
      assert.equal(s.count(REGISTER) - registrationsBefore, 1);
    });

    test('a lost answer is not sent again by the client; an explicit retry sends the same message and gets the stored answer', async () => {
      const aisle = client();
      const threadId = aisle.newThreadId();
      const ctx = { type: 'PRODUCT', data: ['sku-1'], attributes: { storeId: 'store-7' } };
      const message = aisle.createMessage({ threadId, content: 'смартфон samsung', ctx });
      await aisle.starterPrompts(); // registers first, so the counts below are generation only
      const before = s.count(GENERATE);

      s.cutNextAnswer(GENERATE);
      const lost = await refusal(() => aisle.generate(message));
      assert.equal(lost.isNetworkError, true);
      assert.equal(lost.code, 'NETWORK_ERROR');
      assert.equal(lost.status, 0);
      assert.match(lost.message, /not sent again automatically/);
      // Give an automatic retry, were there one, time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(s.count(GENERATE) - before, 1, 'the client sent the request once and did not repeat it');

      // The caller's objects change after the message was made; the retry must not.
      ctx.type = 'CART';
      ctx.attributes.storeId = 'store-8';
      const retried = await aisle.retry(message);
      const again = await aisle.retry(message);
      assert.equal(s.count(GENERATE) - before, 3);
      assert.ok(retried.assistantMessageId);
      assert.equal(again.assistantMessageId, retried.assistantMessageId);

      const items = (await aisle.history({ threadId })).items;
      assert.deepEqual(
        items.map((i) => [i.role, i.id]),
        [
          ['user', message.id],
          ['assistant', retried.assistantMessageId],
        ],
        'the lost answer was the stored one: one message, one answer',
      );
    });

    test('a new message is a new id; reusing an id for other content is refused with 409 MESSAGE_ID_CONFLICT', async () => {
      const aisle = client();
      const threadId = aisle.newThreadId();
      const first = aisle.createMessage({ threadId, content: 'чайник' });
      const second = aisle.createMessage({ threadId, content: 'чайник' });
      assert.notEqual(first.id, second.id);
      await aisle.generate(first);
      const conflict = await refusal(() => aisle.generate(aisle.createMessage({ threadId, content: 'утюг', id: first.id })));
      assert.equal(conflict.status, 409);
      assert.equal(conflict.code, 'MESSAGE_ID_CONFLICT');
    });

    test('an empty storeId is left out of the context, not sent (spec 2.3)', async () => {
      const aisle = client();
      const message = aisle.createMessage({ threadId: aisle.newThreadId(), content: 'чайник', ctx: { type: 'HOMEPAGE', attributes: { storeId: '' } } });
      assert.deepEqual(message.request.runtimeContext.ctx, { type: 'HOMEPAGE', attributes: {} });
      // The server refuses an empty storeId (minLength 1): the cleaned message goes through.
      assert.ok((await aisle.generate(message)).assistantMessageId);
    });

    test('the dialog list is read to the end through its cursors, odd thread ids included', async () => {
      const aisle = client();
      const threads = ['a/b?c#d %2F&x=1', 'диалог 🛒', aisle.newThreadId()];
      for (const threadId of threads) {
        await aisle.generate(aisle.createMessage({ threadId, content: 'чайник' }));
        s.t.clock.advance(1_000_000);
      }
      const listRoute = 'GET /shopping/dialogs';
      const before = s.count(listRoute);
      const seen: string[] = [];
      for await (const dialog of aisle.iterateDialogs({ limit: 1 })) {
        seen.push(dialog.threadId);
      }
      assert.deepEqual(seen, [...threads].reverse(), 'most recently active first, each once');
      assert.equal(s.count(listRoute) - before, 3);

      await aisle.hideDialog(threads[0]!);
      const left: string[] = [];
      for await (const dialog of aisle.iterateDialogs()) {
        left.push(dialog.threadId);
      }
      assert.deepEqual(left, [threads[2], threads[1]]);
    });

    test('history is read page after page', async () => {
      const aisle = client();
      const threadId = aisle.newThreadId();
      for (const text of ['чайник', 'утюг', 'пылесос']) {
        await aisle.generate(aisle.createMessage({ threadId, content: text }));
      }
      const pages = s.count('POST /shopping/history');
      const items = [];
      for await (const item of aisle.iterateHistory(threadId, { limit: 2 })) {
        items.push(item);
      }
      assert.deepEqual(
        items.map((i) => i.role),
        ['user', 'assistant', 'user', 'assistant', 'user', 'assistant'],
      );
      assert.equal(s.count('POST /shopping/history') - pages, 3);
    });

    test('a share link that does not open is one "unavailable" state, also for a malformed token', async () => {
      const aisle = client();
      for (const token of ['nope', 'A'.repeat(43), '../../shopping/dialogs', '']) {
        assert.deepEqual(await aisle.readShare(token), { available: false }, JSON.stringify(token));
      }
    });

    test('an integration without guest tokens never registers and sends no token (spec 5 item 6)', async () => {
      const before = s.count(REGISTER);
      const aisle = client({ auth: 'none', tokenStore: memoryTokenStore() });
      const threadId = aisle.newThreadId();
      const answer = await aisle.generate(aisle.createMessage({ threadId, content: 'чайник' }));
      assert.equal((await aisle.history({ threadId })).items.length, 2);
      assert.equal((await aisle.react(answer, 'like'))?.reaction, 'like');
      assert.equal(s.count(REGISTER), before);
      assert.equal(await aisle.hasGuestSession(), false);
    });

    test('the debug stub answer takes no feedback: react sends nothing', async () => {
      const aisle = client();
      const answer = await aisle.generate(aisle.createMessage({ threadId: aisle.newThreadId(), content: 'hi', trafficType: 'debug' }));
      assert.equal(answer.assistantMessageId, undefined);
      const puts = s.count('PUT /shopping/feedback');
      assert.equal(await aisle.react(answer, 'like'), null);
      assert.equal(s.count('PUT /shopping/feedback'), puts);
    });
  });
}
