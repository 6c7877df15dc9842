/**
 * The dialog list's first pages, the shared dialogs and where debug traffic may be answered, kept in memory: bounded, forgotten when a
 * change is announced, never kept from a read older than a change, trusted for a while only.
 * Announced through the real channel of one SQLite instance.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import { createFirstPages } from '../../src/modules/dialogs/first-pages.ts';
import { createKeptSnapshots } from '../../src/modules/sharing/kept-snapshots.ts';
import { createDebugOpenings } from '../../src/modules/generation/debug-openings.ts';
import { createAnnouncedChanges, type AnnouncedChanges } from '../../src/announcements/announced-changes.ts';
import { createEpochLru } from '../../src/modules/epoch-lru.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/storage.ts';

let database: TestDatabase;
let changes: AnnouncedChanges;
before(async () => {
  database = await createTestDatabase('sqlite');
  changes = createAnnouncedChanges({ storage: database.storage, redis: null, log: pino({ level: 'silent' }) });
});
after(async () => {
  await changes.close();
  await database.dispose();
});

test("a page read before a change is not kept after it, and a change forgets the session's page", async () => {
  const pages = createFirstPages({ changes, maxEntries: 10 });
  const before = pages.epoch;
  await changes.announce('dialogs-changed', 's1');
  pages.set('s1', 20, '{"old":true}', before);
  assert.equal(pages.get('s1', 20), undefined, 'read before the change');
  pages.set('s1', 20, '{"new":true}', pages.epoch);
  assert.equal(pages.get('s1', 20), '{"new":true}');
  assert.equal(pages.get('s1', 5), undefined, 'another page size is not this page');
  await changes.announce('dialogs-changed', 's2');
  assert.equal(pages.get('s1', 20), '{"new":true}', "another session's change leaves it");
  await changes.announce('dialogs-changed', 's1');
  assert.equal(pages.get('s1', 20), undefined);
});

test('at most maxEntries pages, the least recently read dropped first', () => {
  const pages = createFirstPages({ changes, maxEntries: 3 });
  for (const s of ['a', 'b', 'c']) {
    pages.set(s, 20, s, pages.epoch);
  }
  assert.equal(pages.get('a', 20), 'a');
  pages.set('d', 20, 'd', pages.epoch);
  assert.equal(pages.size, 3);
  assert.equal(pages.get('b', 20), undefined, 'b was read least recently');
  assert.equal(pages.get('a', 20), 'a');
});

test("a revoked link and a hidden dialog's links are forgotten; a read from before either is not kept", async () => {
  const kept = createKeptSnapshots(changes);
  const snapshot = (dialogId: string) => ({ json: Buffer.from(`{"d":"${dialogId}"}`), expiresAt: 1, dialogId });
  const before = kept.epoch;
  await changes.announce('share-revoked', 'h0');
  kept.set('h0', snapshot('d0'), before);
  assert.equal(kept.get('h0'), undefined, 'read before the revocation');
  for (const [hash, dialog] of [['h1', 'd1'], ['h2', 'd1'], ['h3', 'd2']] as const) {
    kept.set(hash, snapshot(dialog), kept.epoch);
  }
  await changes.announce('share-revoked', 'h3');
  assert.equal(kept.get('h3'), undefined);
  assert.deepEqual(kept.get('h1'), snapshot('d1'));
  await changes.announce('dialog-hidden', 'd1');
  assert.equal(kept.get('h1'), undefined, 'every link of the hidden dialog');
  assert.equal(kept.get('h2'), undefined);
  assert.equal(kept.size, 0);
});

test('kept links are bounded by their bytes as well as their number; an answer over the bound is not kept', () => {
  const kept = createKeptSnapshots(changes, { links: 10, bytes: 100 });
  const of = (bytes: number) => ({ json: Buffer.from('ж'.repeat(bytes / 2)), expiresAt: 1, dialogId: 'd' });
  kept.set('a', of(40), kept.epoch);
  kept.set('b', of(40), kept.epoch);
  kept.set('c', of(40), kept.epoch);
  assert.equal(kept.get('a'), undefined, 'the oldest went to make room');
  assert.equal(kept.get('b')?.json.length, 40);
  assert.equal(kept.get('c')?.json.length, 40);
  kept.set('big', of(102), kept.epoch);
  assert.equal(kept.get('big'), undefined);
  assert.equal(kept.size, 2, 'and nothing was dropped for it');
});

test('a value is trusted for ttlMs after it was kept, then read again', () => {
  let now = 0;
  const lru = createEpochLru<string>({ maxEntries: 5, ttlMs: 1000, now: () => now });
  lru.set('k', 'v', lru.epoch);
  now = 1000;
  assert.equal(lru.get('k'), 'v');
  now = 1001;
  assert.equal(lru.get('k'), undefined);
  assert.equal(lru.size, 0, 'the aged value is forgotten');
});

test('debug openings: any hidden dialog forgets them all, a read older than a hide is not kept, and their keys are bounded in number and characters', async () => {
  const openings = createDebugOpenings({ changes, maxEntries: 3, maxChars: 100 });
  const readAt = openings.epoch;
  openings.remember('s1', 'shop\0r1\0t1', readAt);
  openings.remember(null, 'shop\0r2\0t1', readAt);
  assert.ok(openings.answerable('s1', 'shop\0r1\0t1'));
  assert.ok(openings.answerable(null, 'shop\0r2\0t1'));
  assert.equal(openings.answerable('s2', 'shop\0r1\0t1'), false, "another session's request is not this one");
  const beforeHide = openings.epoch;
  await changes.announce('dialog-hidden', 'some-dialog-id');
  assert.equal(openings.answerable('s1', 'shop\0r1\0t1'), false, 'a hidden dialog, whichever, forgets every opening');
  openings.remember('s1', 'shop\0r1\0t1', beforeHide);
  assert.equal(openings.answerable('s1', 'shop\0r1\0t1'), false, 'read before the hide');
  for (let i = 0; i < 5; i++) {
    openings.remember('s1', `shop\0r1\0t${i}`, openings.epoch);
  }
  assert.equal(openings.size, 3, 'at most three kept');
  openings.remember('s1', `shop\0r1\0${'x'.repeat(120)}`, openings.epoch);
  assert.equal(openings.answerable('s1', `shop\0r1\0${'x'.repeat(120)}`), false, 'a key longer than the bound is not kept');
  openings.remember('s1', `shop\0r1\0${'y'.repeat(80)}`, openings.epoch);
  assert.ok(openings.answerable('s1', `shop\0r1\0${'y'.repeat(80)}`));
  assert.equal(openings.size, 1, 'the others dropped to make room for its characters');
});
