/**
 * Spec part 6 and design.md §5 "tracking links" through HTTP on SQLite and PostgreSQL: every
 * event URL of a real answer answers 204 and is recorded (type, SKU, tenant, answer); made-up
 * or altered links are 404 and recorded nowhere; the debug stub's link is 204 and recorded
 * nowhere; links carry no resourceId/threadId; and the per-tenant, per-day engagement report.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { buildTestApp, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { generate, pathOf, pollUntil, sendTurn, type Answer } from '../helpers/dialogs.ts';
import { rowCount } from '../helpers/rows.ts';
import { engagementByDay } from '../../src/modules/tracking/report.ts';

interface EventRef {
  /** Where the URL was found: root events or a card (with its SKU). */
  level: 'root' | 'card';
  type: string;
  sku: string | null;
  url: string;
}

/** Every tracking URL of an answer (root events except the like/dislike links, and every card's events). */
function trackingUrls(answer: Answer): EventRef[] {
  const refs: EventRef[] = [];
  for (const e of answer.events) {
    if (e.type === 'like' || e.type === 'dislike') {
      continue;
    }
    for (const url of e.urls ?? [e.url!]) {
      refs.push({ level: 'root', type: e.type, sku: null, url });
    }
  }
  for (const block of answer.response.contents) {
    if (block.type !== 'products') {
      continue;
    }
    for (const product of block.value as Array<{ sku?: string; events?: Array<{ type: string; url?: string; urls?: string[] }> }>) {
      for (const e of product.events ?? []) {
        for (const url of e.urls ?? [e.url!]) {
          refs.push({ level: 'card', type: e.type, sku: product.sku ?? null, url });
        }
      }
    }
  }
  return refs;
}

const sortRows = <T extends { type: string; sku: string | null }>(rows: T[]) =>
  [...rows].sort((a, b) => `${a.type}|${a.sku ?? ''}`.localeCompare(`${b.type}|${b.sku ?? ''}`));

for (const dialect of DIALECTS) {
  describe(`tracking collector [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    const db = () => t.database.storage.db;
    const hit = (url: string, remoteAddress?: string) => t.app.inject({ method: 'GET', url: pathOf(url), ...(remoteAddress ? { remoteAddress } : {}) });
    const eventCount = () => rowCount(db(), 'tracking_events');

    /**
     * Proves that nothing was recorded by the requests made so far: a valid sentinel event is
     * sent after them, and once the writer has stored it (it writes in arrival order), the
     * table must hold exactly one more row than before.
     */
    async function assertNothingRecordedBesidesSentinel(before: number, sentinel: string): Promise<void> {
      assert.equal((await hit(sentinel)).statusCode, 204);
      await pollUntil(eventCount, (n) => n >= before + 1, 'the sentinel event');
      assert.equal(await eventCount(), before + 1, 'only the sentinel was recorded');
    }

    let answer: Answer;
    let refs: EventRef[];
    const resourceId = 'trk-resource-7f3a';
    const threadId = 'trk-thread-91bc';

    before(async () => {
      t = await buildTestApp(dialect, { env: NO_RATE_LIMITS });
      answer = await generate(t, { resourceId, threadId, content: 'смартфон samsung' });
      refs = trackingUrls(answer);
    });
    after(() => t.close());

    test('the answer carries root IMP, WRIMP and visible_impression and per-card click and visible_impression', () => {
      const products = answer.response.contents.find((b) => b.type === 'products')!.value as Array<{ sku: string }>;
      assert.ok(products.length >= 2, 'the demo catalogue answers with products');
      assert.deepEqual(refs.filter((r) => r.level === 'root').map((r) => r.type).sort(), ['IMP', 'WRIMP', 'visible_impression']);
      for (const product of products) {
        assert.deepEqual(refs.filter((r) => r.sku === product.sku).map((r) => r.type).sort(), ['click', 'visible_impression']);
      }
      assert.ok(Array.isArray(answer.events.find((e) => e.type === 'IMP')!.urls), 'IMP comes in the urls[] shape');
      assert.equal(typeof answer.events.find((e) => e.type === 'WRIMP')!.url, 'string');
    });

    test('tracking URLs point to the collector and carry no resourceId or threadId, not even encoded', () => {
      for (const ref of refs) {
        assert.ok(ref.url.startsWith(`${t.config.publicBaseUrl}/shopping/events/`), ref.url);
        const signed = decodeURIComponent(ref.url.slice(`${t.config.publicBaseUrl}/shopping/events/`.length));
        const decoded = Buffer.from(signed.split('.')[0]!, 'base64url').toString('utf8');
        for (const value of [resourceId, threadId]) {
          assert.ok(!ref.url.includes(value), `${value} in ${ref.url}`);
          assert.ok(!decoded.includes(value), `${value} inside the signed payload`);
          assert.ok(!ref.url.includes(Buffer.from(value).toString('base64url').slice(0, 12)), `${value} base64-encoded in the URL`);
        }
      }
    });

    test('every event URL answers 204 with no body, and each is recorded with its type, SKU, tenant and answer', async () => {
      const before = await eventCount();
      for (const ref of refs) {
        const res = await hit(ref.url);
        assert.equal(res.statusCode, 204, `${ref.type} ${ref.url}`);
        assert.equal(res.body, '');
        assert.equal(res.headers['cache-control'], 'no-store');
      }
      await pollUntil(eventCount, (n) => n >= before + refs.length, 'the recorded events');
      assert.equal(await eventCount(), before + refs.length);
      const dialog = await db().selectFrom('dialogs').select('id').where('thread_id', '=', threadId).executeTakeFirstOrThrow();
      const rows = await db().selectFrom('tracking_events').select(['tenant_id', 'dialog_id', 'message_id', 'type', 'sku']).execute();
      assert.deepEqual(
        sortRows(rows),
        sortRows(refs.map((r) => ({ tenant_id: 'shop-a', dialog_id: dialog.id, message_id: answer.assistantMessageId, type: r.type, sku: r.sku }))),
      );
    });

    test('the same link twice is recorded twice (impressions per display, clicks per click)', async () => {
      const click = refs.find((r) => r.type === 'click')!;
      const before = await eventCount();
      assert.equal((await hit(click.url)).statusCode, 204);
      assert.equal((await hit(click.url)).statusCode, 204);
      await pollUntil(eventCount, (n) => n >= before + 2, 'two clicks');
      assert.equal(await eventCount(), before + 2);
    });

    test('altered and made-up links → 404, and nothing is recorded', async () => {
      const before = await eventCount();
      const wrimp = refs.find((r) => r.type === 'WRIMP')!.url;
      const signed = wrimp.split('/').pop()!;
      const [payload, mac] = signed.split('.') as [string, string];
      const json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      const reEncoded = (changes: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...json, ...changes })).toString('base64url');
      // The first MAC character carries six significant bits (the last one only two).
      const flip = (s: string) => (s.startsWith('A') ? `B${s.slice(1)}` : `A${s.slice(1)}`);
      // A dialog-list cursor is signed by the same service for another purpose.
      const token = (await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', payload: { tenant_id: 'shop-a', resourceId: 'trk-guest' } })).json().accessToken as string;
      for (let i = 1; i <= 2; i++) {
        await generate(t, { resourceId: 'trk-guest', threadId: `trk-guest-${i}`, token });
      }
      const cursor = (await t.app.inject({ method: 'GET', url: '/shopping/dialogs?limit=1', headers: { authorization: `Bearer ${token}` } })).json().pagination.nextCursor as string;
      assert.ok(cursor);
      const afterSetup = await eventCount();
      const bad = [
        `${reEncoded({ y: 'click' })}.${mac}`,
        `${reEncoded({ t: 'shop-b' })}.${mac}`,
        `${payload}.${flip(mac)}`,
        `${payload}.`,
        `${payload}`,
        `.${mac}`,
        `${payload}.${mac}.${mac}`,
        'made-up',
        'a.b',
        encodeURIComponent(cursor),
        'debug2',
      ];
      for (const signedValue of bad) {
        const res = await t.app.inject({ method: 'GET', url: `/shopping/events/${signedValue}` });
        assert.equal(res.statusCode, 404, signedValue);
      }
      assert.equal(afterSetup, before, 'setup recorded nothing');
      await assertNothingRecordedBesidesSentinel(afterSetup, wrimp);
    });

    test("the debug stub's event link → 204 and nothing is recorded", async () => {
      const res = await sendTurn(t, { resourceId, threadId: 'trk-debug', trafficType: 'debug' });
      assert.equal(res.statusCode, 200);
      const events = res.json().events as Array<{ type: string; url: string }>;
      assert.equal(events.length, 1);
      assert.equal(events[0]!.type, 'visible_impression');
      const before = await eventCount();
      const stub = await hit(events[0]!.url);
      assert.equal(stub.statusCode, 204);
      await assertNothingRecordedBesidesSentinel(before, refs[0]!.url);
    });

    test('another method on a tracking link → 405 with Allow: GET, and nothing is recorded', async () => {
      const before = await eventCount();
      const link = refs.find((r) => r.type === 'click')!.url;
      const res = await t.app.inject({ method: 'POST', url: pathOf(link) });
      assert.equal(res.statusCode, 405);
      assert.match(String(res.headers.allow), /GET/);
      await assertNothingRecordedBesidesSentinel(before, link);
    });

    test('the collector is not limited by the IP list (tracking is called from the buyer\'s device)', async () => {
      const restricted = await generate(t, { tenant: 'restricted', resourceId: 'trk-r', threadId: 'trk-r-1', remoteAddress: '10.0.0.4' });
      const imp = trackingUrls(restricted).find((r) => r.type === 'IMP')!;
      const before = await eventCount();
      assert.equal((await hit(imp.url, '8.8.8.8')).statusCode, 204);
      const row = await pollUntil(
        () => db().selectFrom('tracking_events').select(['tenant_id', 'type']).where('message_id', '=', restricted.assistantMessageId).executeTakeFirst(),
        (r) => r !== undefined,
        'the restricted tenant event',
      );
      assert.deepEqual(row, { tenant_id: 'restricted', type: 'IMP' });
      assert.equal(await eventCount(), before + 1);
    });
  });

  describe(`engagement report [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    const db = () => t.database.storage.db;
    const count = () => rowCount(db(), 'tracking_events');
    const fire = async (refs: EventRef[], type: string, level: 'root' | 'card', times: number) => {
      const matching = refs.filter((r) => r.type === type && r.level === level);
      assert.ok(matching.length >= times, `${times} × ${level} ${type}`);
      for (let i = 0; i < times; i++) {
        const res = await t.app.inject({ method: 'GET', url: pathOf(matching[i]!.url) });
        assert.equal(res.statusCode, 204);
      }
    };

    before(async () => {
      t = await buildTestApp(dialect, { env: NO_RATE_LIMITS });
    });
    after(() => t.close());

    test('impressions, visible impressions, card views, clicks and click-through per tenant and UTC day', async () => {
      t.clock.set(Date.UTC(2026, 2, 10, 23, 0) * 1000);
      const a1 = trackingUrls(await generate(t, { tenant: 'shop-a', resourceId: 'rep-a', threadId: 'rep-a-1', content: 'смартфон samsung' }));
      const b1 = trackingUrls(await generate(t, { tenant: 'shop-b', resourceId: 'rep-b', threadId: 'rep-b-1', content: 'смартфон samsung' }));
      // Day 1 (10 March), shop-a: the block shown, seen, three cards seen, two cards clicked.
      await fire(a1, 'IMP', 'root', 1);
      await fire(a1, 'WRIMP', 'root', 1);
      await fire(a1, 'visible_impression', 'root', 1);
      await fire(a1, 'visible_impression', 'card', 3);
      await fire(a1, 'click', 'card', 2);
      // shop-b: shown once, one click.
      await fire(b1, 'IMP', 'root', 1);
      await fire(b1, 'click', 'card', 1);
      await pollUntil(count, (n) => n >= 10, 'day 1 events');

      // Day 2 (11 March, just after midnight UTC), shop-a: the same answer shown twice more, no click; a card view only.
      t.clock.set(Date.UTC(2026, 2, 11, 0, 0, 1) * 1000);
      await fire(a1, 'IMP', 'root', 1);
      await fire(a1, 'IMP', 'root', 1);
      await fire(a1, 'visible_impression', 'card', 1);
      // shop-b on day 2: a click without any impression (click-through cannot be computed).
      await fire(b1, 'click', 'card', 1);
      await pollUntil(count, (n) => n >= 14, 'day 2 events');
      assert.equal(await count(), 14);

      const since = Date.UTC(2026, 2, 1) * 1000;
      const report = await engagementByDay(db(), { sinceMicros: since });
      assert.deepEqual(report, [
        { tenant: 'shop-a', day: '2026-03-10', impressions: 1, visibleImpressions: 1, cardViews: 3, clicks: 2, clickThrough: 2 },
        { tenant: 'shop-a', day: '2026-03-11', impressions: 2, visibleImpressions: 0, cardViews: 1, clicks: 0, clickThrough: 0 },
        { tenant: 'shop-b', day: '2026-03-10', impressions: 1, visibleImpressions: 0, cardViews: 0, clicks: 1, clickThrough: 1 },
        { tenant: 'shop-b', day: '2026-03-11', impressions: 0, visibleImpressions: 0, cardViews: 0, clicks: 1, clickThrough: null },
      ]);

      const onlyB = await engagementByDay(db(), { tenantId: 'shop-b', sinceMicros: since });
      assert.deepEqual(onlyB.map((r) => [r.tenant, r.day]), [['shop-b', '2026-03-10'], ['shop-b', '2026-03-11']]);
      const sinceDay2 = await engagementByDay(db(), { sinceMicros: Date.UTC(2026, 2, 11) * 1000 });
      assert.deepEqual(sinceDay2.map((r) => [r.tenant, r.day]), [['shop-a', '2026-03-11'], ['shop-b', '2026-03-11']]);
      assert.deepEqual(await engagementByDay(db(), { sinceMicros: Date.UTC(2026, 2, 12) * 1000 }), []);
    });
  });
}
