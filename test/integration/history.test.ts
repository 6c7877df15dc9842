/**
 * Spec 4.6 and 2.8 through HTTP on SQLite and PostgreSQL: `POST /shopping/history` —
 * exact identifier match or one 404, page/limit rules, closed body, order and paging,
 * user content as sent (images back as Base64 JPEG), assistant items without feedback
 * links, hidden dialogs, guest tokens and the IP allow-list.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { sql } from 'kysely';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { generate, readHistory, type Answer } from '../helpers/dialogs.ts';
import { readSharedData, sharedDataSkip } from '../helpers/shared-data.ts';
import { responseChecker } from '../helpers/response-schema.ts';
import { HistoryResponse } from '../../src/modules/history/schemas.ts';

const HOPPER = readSharedData('images/pillow_testimages/hopper.jpg');
/** The service writes pages as JSON text, past the serializer: each is checked against the documented schema. */
const checkPage = responseChecker(HistoryResponse);

interface HistoryItem {
  id: string;
  role: 'user' | 'assistant';
  createdAt: string;
  content?: unknown;
  threadId?: string;
  resourceId?: string;
  response?: unknown;
  feedback?: { reaction: string | null };
  responseLatencyMs?: number;
  events?: Array<{ type: string; url?: string; urls?: string[] }>;
}

interface HistoryBody {
  threadId: string;
  resourceId: string;
  items: HistoryItem[];
  pagination: { page: number; limit: number; hasMore: boolean };
}

for (const dialect of DIALECTS) {
  describe(`history [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    /** A legacy (never registered) resource's dialog of four turns. */
    const legacy = { tenant_id: 'shop-a', resourceId: 'hist-legacy', threadId: 'hist-thread-1' };
    const answers: Answer[] = [];
    const turnTexts = ['смартфон samsung', 'а подешевле?', 'ноутбук', 'спасибо'];

    before(async () => {
      t = await buildTestApp(dialect, { env: NO_RATE_LIMITS });
      for (const [i, text] of turnTexts.entries()) {
        answers.push(await generate(t, { resourceId: legacy.resourceId, threadId: legacy.threadId, messageId: `m${i + 1}`, content: text }));
      }
    });
    after(() => t.close());

    test('200 with the whole dialog, oldest first, user and assistant items alternating; Cache-Control: no-store', async () => {
      const res = await readHistory(t, legacy);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['cache-control'], 'no-store');
      const body = res.json() as HistoryBody;
      assert.equal(body.threadId, legacy.threadId);
      assert.equal(body.resourceId, legacy.resourceId);
      assert.deepEqual(body.pagination, { page: 1, limit: 50, hasMore: false }, 'defaults page 1, limit 50');
      assert.deepEqual(
        body.items.map((i) => [i.role, i.id]),
        turnTexts.flatMap((_, n) => [
          ['user', `m${n + 1}`],
          ['assistant', answers[n]!.assistantMessageId],
        ]),
      );
      for (const [n, text] of turnTexts.entries()) {
        assert.equal(body.items[2 * n]!.content, text, 'a string content comes back as the same string');
      }
      const times = body.items.map((i) => i.createdAt);
      for (const time of times) {
        assert.match(time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      }
      assert.deepEqual([...times].sort(), times, 'createdAt never goes backwards');
    });

    test('assistant items: threadId, resourceId, the same response, reaction null, latency and events without like/dislike links', async () => {
      const body = (await readHistory(t, legacy)).json() as HistoryBody;
      const assistantItems = body.items.filter((i) => i.role === 'assistant');
      assert.equal(assistantItems.length, answers.length);
      for (const [n, item] of assistantItems.entries()) {
        const answer = answers[n]!;
        assert.equal(item.threadId, legacy.threadId);
        assert.equal(item.resourceId, legacy.resourceId);
        assert.deepEqual(item.response, answer.response);
        assert.deepEqual(item.feedback, { reaction: null });
        assert.equal(item.responseLatencyMs, answer.responseLatencyMs);
        assert.equal(typeof item.responseLatencyMs, 'number');
        assert.ok(item.events, 'events are kept');
        // The answer carried feedback links; history keeps its other events and drops those.
        assert.deepEqual(answer.events.filter((e) => e.type === 'like' || e.type === 'dislike').map((e) => e.type).sort(), ['dislike', 'like']);
        assert.ok(!JSON.stringify(item.events).includes('/shopping/feedback'), 'no feedback URL anywhere in history events');
        assert.deepEqual(
          item.events,
          answer.events.filter((e) => e.type !== 'like' && e.type !== 'dislike'),
          'the block events of the answer, unchanged',
        );
        assert.ok(!('content' in item));
      }
      // The first answer showed products, so its block events are really there.
      assert.ok(assistantItems[0]!.events!.some((e) => e.type === 'IMP'));
    });

    test('the reaction set by PUT shows in history', async () => {
      const messageId = answers[1]!.assistantMessageId;
      const put = await t.app.inject({ method: 'PUT', url: '/shopping/feedback', payload: { ...legacy, messageId, reaction: 'like' } });
      assert.equal(put.statusCode, 200);
      const items = ((await readHistory(t, legacy)).json() as HistoryBody).items;
      assert.deepEqual(items.find((i) => i.id === messageId)!.feedback, { reaction: 'like' });
      assert.deepEqual(items.find((i) => i.id === answers[0]!.assistantMessageId)!.feedback, { reaction: null });
    });

    test('walking pages at limit 2: page 1 holds the oldest, no gaps, no duplicates, hasMore until the last page', async () => {
      const all = ((await readHistory(t, { ...legacy, limit: 100 })).json() as HistoryBody).items.map((i) => i.id);
      assert.equal(all.length, 8);
      const seen: string[] = [];
      const more: boolean[] = [];
      for (let page = 1; page <= 4; page++) {
        const res = await readHistory(t, { ...legacy, page, limit: 2 });
        assert.equal(res.statusCode, 200);
        const body = res.json() as HistoryBody;
        assert.equal(body.pagination.page, page);
        assert.equal(body.pagination.limit, 2);
        assert.equal(body.items.length, 2);
        seen.push(...body.items.map((i) => i.id));
        more.push(body.pagination.hasMore);
      }
      assert.deepEqual(seen, all);
      assert.deepEqual(more, [true, true, true, false]);
      assert.equal(seen[0], 'm1', 'page 1 starts with the first message');
      const beyond = (await readHistory(t, { ...legacy, page: 5, limit: 2 })).json() as HistoryBody;
      assert.deepEqual(beyond.items, []);
      assert.equal(beyond.pagination.hasMore, false);

      const byThree = [];
      for (let page = 1; page <= 3; page++) {
        byThree.push((await readHistory(t, { ...legacy, page, limit: 3 })).json() as HistoryBody);
      }
      assert.deepEqual(byThree.map((b) => b.items.length), [3, 3, 2]);
      assert.deepEqual(byThree.map((b) => b.pagination.hasMore), [true, true, false]);
      assert.deepEqual(byThree.flatMap((b) => b.items.map((i) => i.id)), all);
    });

    test('the JSON text of a page is what the response schema documents: first, middle and last pages, one past the end', async () => {
      const pages: Array<{ page?: number; limit?: number }> = [{}, { page: 1, limit: 3 }, { page: 2, limit: 3 }, { page: 3, limit: 3 }, { page: 9, limit: 2 }];
      for (const page of pages) {
        const res = await readHistory(t, { ...legacy, ...page });
        assert.equal(res.statusCode, 200);
        checkPage(res.body, `page ${page.page ?? 1} at limit ${page.limit ?? 50}`);
      }
    });

    test('an exact page boundary: limit equal to the number of items gives hasMore false', async () => {
      const body = (await readHistory(t, { ...legacy, limit: 8 })).json() as HistoryBody;
      assert.equal(body.items.length, 8);
      assert.equal(body.pagination.hasMore, false);
      const seven = (await readHistory(t, { ...legacy, limit: 7 })).json() as HistoryBody;
      assert.equal(seven.pagination.hasMore, true);
    });

    test('not found and every identifier mismatch give the same 404 SHOPPING_HISTORY_NOT_FOUND', async () => {
      const variants = [
        { ...legacy, threadId: 'no-such-thread' },
        { ...legacy, tenant_id: 'shop-b' },
        { ...legacy, tenant_id: 'no-such-tenant' },
        { ...legacy, resourceId: 'someone-else' },
        { ...legacy, threadId: legacy.threadId.toUpperCase() },
        { ...legacy, threadId: `${legacy.threadId} ` },
        { ...legacy, resourceId: `${legacy.resourceId}x` },
      ];
      const bodies = new Set<string>();
      for (const body of variants) {
        const res = await readHistory(t, body);
        assert.equal(res.statusCode, 404, JSON.stringify(body));
        assert.equal(res.json().code, 'SHOPPING_HISTORY_NOT_FOUND');
        bodies.add(res.body);
      }
      assert.equal(bodies.size, 1, 'the 404 body does not tell the cases apart');
    });

    const badPaging: Array<[string, Record<string, unknown>]> = [
      ['page 0', { page: 0 }],
      ['page -1', { page: -1 }],
      ['page 1.5', { page: 1.5 }],
      ['page "2" as a string', { page: '2' }],
      ['page null', { page: null }],
      ['limit 0', { limit: 0 }],
      ['limit 101', { limit: 101 }],
      ['limit -1', { limit: -1 }],
      ['limit 1.5', { limit: 1.5 }],
      ['limit "2" as a string', { limit: '2' }],
    ];
    for (const [name, extra] of badPaging) {
      test(`400 for ${name}`, async () => {
        const res = await readHistory(t, { ...legacy, ...extra });
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().statusCode, 400);
      });
    }

    test('limits 1 and 100 and a large page number are accepted', async () => {
      for (const extra of [{ limit: 1 }, { limit: 100 }, { page: 1000, limit: 1 }]) {
        const res = await readHistory(t, { ...legacy, ...extra });
        assert.equal(res.statusCode, 200, JSON.stringify(extra));
      }
      const one = (await readHistory(t, { ...legacy, limit: 1 })).json() as HistoryBody;
      assert.deepEqual(one.items.map((i) => i.id), ['m1']);
      assert.equal(one.pagination.hasMore, true);
    });

    const badBodies: Array<[string, unknown]> = [
      ['an extra field', { ...legacy, sessionId: 'x' }],
      ['missing tenant_id', { resourceId: legacy.resourceId, threadId: legacy.threadId }],
      ['missing resourceId', { tenant_id: 'shop-a', threadId: legacy.threadId }],
      ['missing threadId', { tenant_id: 'shop-a', resourceId: legacy.resourceId }],
      ['an empty threadId', { ...legacy, threadId: '' }],
      ['a numeric resourceId', { ...legacy, resourceId: 7 }],
      ['an array', [legacy]],
      ['malformed JSON', '{"tenant_id": "shop-a", '],
      ['no body', ''],
    ];
    for (const [name, body] of badBodies) {
      test(`400 for ${name}`, async () => {
        const res = await readHistory(t, body);
        assert.equal(res.statusCode, 400, res.body);
      });
    }

    test('text of any script comes back byte for byte, and the page says its length in bytes', async () => {
      const key = { tenant_id: 'shop-a', resourceId: 'hist-scripts', threadId: 'hist-scripts-1' };
      const text = 'ёлка 🎄 "кавычки" \\ обратная черта, U+2028:\u2028 中文 — ok';
      const answer = await generate(t, { resourceId: key.resourceId, threadId: key.threadId, messageId: 's1', content: text });
      const page = await readHistory(t, key);
      assert.equal(page.statusCode, 200);
      checkPage(page.body, 'a page of mixed scripts');
      assert.equal(Number(page.headers['content-length']), page.rawPayload.length);
      const items = (page.json() as HistoryBody).items;
      assert.equal(items[0]!.content, text);
      assert.equal(items.length, 2);
      assert.deepEqual(items[1]!.response, answer.response, 'the answer as it was sent');
    });

    test('user content sent as parts comes back as parts; a stored image as a Base64 JPEG image part', { skip: sharedDataSkip }, async () => {
      const key = { tenant_id: 'shop-a', resourceId: 'hist-parts', threadId: 'hist-parts-1' };
      await generate(t, { resourceId: key.resourceId, threadId: key.threadId, messageId: 'p1', content: [{ type: 'text', text: 'покажи смартфоны' }] });
      await generate(t, {
        resourceId: key.resourceId,
        threadId: key.threadId,
        messageId: 'p2',
        content: [
          { type: 'text', text: 'похожее на это' },
          { type: 'image', source: { type: 'base64', mediaType: 'image/jpeg', data: HOPPER.toString('base64') } },
        ],
      });
      const page = await readHistory(t, key);
      checkPage(page.body, 'a page with text and image parts');
      const items = (page.json() as HistoryBody).items;
      assert.deepEqual(items[0]!.content, [{ type: 'text', text: 'покажи смартфоны' }]);
      const parts = items[2]!.content as Array<Record<string, unknown>>;
      assert.equal(items[2]!.id, 'p2');
      assert.equal(parts.length, 2);
      assert.deepEqual(parts[0], { type: 'text', text: 'похожее на это' });
      const image = parts[1] as { type: string; source: { type: string; mediaType: string; data: string } };
      assert.equal(image.type, 'image');
      assert.deepEqual(Object.keys(image.source).sort(), ['data', 'mediaType', 'type']);
      assert.equal(image.source.type, 'base64');
      assert.equal(image.source.mediaType, 'image/jpeg');
      assert.match(image.source.data, /^[A-Za-z0-9+/]+=*$/, 'raw Base64 without a data: prefix');
      const jpeg = Buffer.from(image.source.data, 'base64');
      assert.deepEqual([...jpeg.subarray(0, 3)], [0xff, 0xd8, 0xff], 'JPEG magic bytes');
      const meta = await sharp(jpeg).metadata();
      assert.equal(meta.format, 'jpeg');
      assert.equal(meta.width, 128);
      assert.equal(meta.height, 128);
    });

    test('a string content comes back exactly as sent, spaces and line breaks included', async () => {
      const key = { tenant_id: 'shop-a', resourceId: 'hist-spaces', threadId: 'hist-spaces-1' };
      const text = '  смартфон\n samsung  ';
      await generate(t, { resourceId: key.resourceId, threadId: key.threadId, content: text });
      const items = ((await readHistory(t, key)).json() as HistoryBody).items;
      assert.equal(items[0]!.content, text);
    });

    test('an image-only message comes back as a single image part', { skip: sharedDataSkip }, async () => {
      const key = { tenant_id: 'shop-a', resourceId: 'hist-image', threadId: 'hist-image-1' };
      await generate(t, {
        resourceId: key.resourceId,
        threadId: key.threadId,
        content: [{ type: 'image', source: { type: 'base64', mediaType: 'image/jpeg', data: HOPPER.toString('base64') } }],
      });
      const items = ((await readHistory(t, key)).json() as HistoryBody).items;
      const parts = items[0]!.content as Array<{ type: string; source: { data: string } }>;
      assert.equal(parts.length, 1);
      assert.equal(parts[0]!.type, 'image');
      assert.equal((await sharp(Buffer.from(parts[0]!.source.data, 'base64')).metadata()).format, 'jpeg');
      assert.match(items[0]!.id, /^[0-9a-f-]{36}$/, 'a message sent without id gets one from the service');
    });

    test('debug generation stores nothing: history does not show it', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/shopping/generate',
        payload: { threadId: legacy.threadId, resourceId: legacy.resourceId, trafficType: 'debug', messages: [{ role: 'user', content: 'x' }], runtimeContext: { tenant_id: 'shop-a' } },
      });
      assert.equal(res.statusCode, 200);
      const body = (await readHistory(t, legacy)).json() as HistoryBody;
      assert.equal(body.items.length, 8);
      const fresh = await t.app.inject({
        method: 'POST',
        url: '/shopping/generate',
        payload: { threadId: 'debug-only', resourceId: legacy.resourceId, trafficType: 'debug', messages: [{ role: 'user', content: 'x' }], runtimeContext: { tenant_id: 'shop-a' } },
      });
      assert.equal(fresh.statusCode, 200);
      assert.equal((await readHistory(t, { ...legacy, threadId: 'debug-only' })).statusCode, 404);
    });

    describe('guest resources', () => {
      let tokenA: string;
      let tokenC: string;
      let tokenOtherTenant: string;
      const key = { tenant_id: 'shop-a', resourceId: 'hist-guest-a', threadId: 'hist-guest-thread' };

      before(async () => {
        tokenA = await registerGuest(t.app, 'shop-a', key.resourceId);
        tokenC = await registerGuest(t.app, 'shop-a', 'hist-guest-c');
        // Another session with an equal resourceId (in another section).
        tokenOtherTenant = await registerGuest(t.app, 'shop-b', key.resourceId);
        await generate(t, { resourceId: key.resourceId, threadId: key.threadId, token: tokenA });
      });

      test('with its token → 200; without → 401 GUEST_TOKEN_REQUIRED', async () => {
        const ok = await readHistory(t, key, { token: tokenA });
        assert.equal(ok.statusCode, 200);
        assert.equal((ok.json() as HistoryBody).items.length, 2);
        const without = await readHistory(t, key);
        assert.equal(without.statusCode, 401);
        assert.equal(without.json().code, 'GUEST_TOKEN_REQUIRED');
      });

      test("another resource's token → 403 GUEST_RESOURCE_MISMATCH", async () => {
        const res = await readHistory(t, key, { token: tokenC });
        assert.equal(res.statusCode, 403);
        assert.equal(res.json().code, 'GUEST_RESOURCE_MISMATCH');
        const otherSection = await readHistory(t, key, { token: tokenOtherTenant });
        assert.equal(otherSection.statusCode, 403);
      });

      test("another session's dialog is the same 404, also with an equal resourceId", async () => {
        const sameResource = await readHistory(t, { ...key, tenant_id: 'shop-b' }, { token: tokenOtherTenant });
        assert.equal(sameResource.statusCode, 404);
        assert.equal(sameResource.json().code, 'SHOPPING_HISTORY_NOT_FOUND');
        const otherResource = await readHistory(t, { ...key, resourceId: 'hist-guest-c' }, { token: tokenC });
        assert.equal(otherResource.statusCode, 404);
        assert.equal(otherResource.json().code, 'SHOPPING_HISTORY_NOT_FOUND');
        const missing = await readHistory(t, { ...key, threadId: 'nope' }, { token: tokenA });
        assert.equal(missing.body, sameResource.body);
      });

      test('a hidden dialog → 404 SHOPPING_HISTORY_NOT_FOUND', async () => {
        const hidden = { ...key, threadId: 'hist-to-hide' };
        await generate(t, { resourceId: key.resourceId, threadId: hidden.threadId, token: tokenA });
        assert.equal((await readHistory(t, hidden, { token: tokenA })).statusCode, 200);
        const del = await t.app.inject({ method: 'DELETE', url: `/shopping/dialogs/${hidden.threadId}`, headers: auth(tokenA) });
        assert.equal(del.statusCode, 204);
        const res = await readHistory(t, hidden, { token: tokenA });
        assert.equal(res.statusCode, 404);
        assert.equal(res.json().code, 'SHOPPING_HISTORY_NOT_FOUND');
      });
    });

    test('a load failure (the image table gone from the database) → 500 without details; fine again once it returns', async () => {
      const db = t.database.storage.db;
      await sql`alter table message_images rename to message_images_away`.execute(db);
      try {
        const res = await readHistory(t, legacy);
        assert.equal(res.statusCode, 500);
        assert.equal(res.json().statusCode, 500);
        assert.ok(!res.body.includes('message_images'), 'no database detail reaches the client');
      } finally {
        await sql`alter table message_images_away rename to message_images`.execute(db);
      }
      assert.equal((await readHistory(t, legacy)).statusCode, 200);
    });

    test('IP allow-list: tenant "restricted" → 403 IP_NOT_ALLOWED from outside, 200 from inside', async () => {
      const key = { tenant_id: 'restricted', resourceId: 'hist-restricted', threadId: 'hist-restricted-1' };
      await generate(t, { tenant: 'restricted', resourceId: key.resourceId, threadId: key.threadId, remoteAddress: '10.1.2.3' });
      const outside = await readHistory(t, key, { remoteAddress: '8.8.8.8' });
      assert.equal(outside.statusCode, 403);
      assert.equal(outside.json().code, 'IP_NOT_ALLOWED');
      const inside = await readHistory(t, key, { remoteAddress: '10.9.9.9' });
      assert.equal(inside.statusCode, 200);
      assert.equal((inside.json() as HistoryBody).items.length, 2);
    });
  });
}
