/**
 * What an idle server gives back after building its catalogue indexes: the heap the build
 * left reserved, and (SQLite) the database file's pages the catalogue load mapped in.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { createHeapSettler, SETTLE_DELAY_MS, type HeapSettleReport } from '../../src/heap-settle.ts';
import { createTestDatabase } from '../helpers/storage.ts';

const MB = 1048576;

test('settling the heap after a large build gives back what the build left reserved', () => {
  // A build's pattern: many objects that live long enough to reach the old generation, of
  // which a few stay (the index) and most become garbage (rows, working tables).
  let working: object[] = [];
  const kept: object[] = [];
  for (let i = 0; i < 1_500_000; i++) {
    const o = { i, name: `product ${i}`, words: [i, i + 1, i + 2] };
    working.push(o);
    if (i % 20 === 0) {
      kept.push(o);
    }
  }
  working = [];
  const settler = createHeapSettler();
  const before = process.memoryUsage().heapTotal;
  assert.equal(settler.settleNow(), true);
  const afterSettle = process.memoryUsage().heapTotal;
  assert.ok(before - afterSettle > 64 * MB, `heap reserved ${Math.round(before / MB)} MB → ${Math.round(afterSettle / MB)} MB`);
  // The kept part is still there and intact.
  assert.equal(kept.length, 75_000);
  assert.deepEqual(kept[1], { i: 20, name: 'product 20', words: [20, 21, 22] });
  // Straight after, there is nothing left to give back.
  assert.equal(settler.settleNow(), true);
  const again = process.memoryUsage().heapTotal;
  assert.ok(afterSettle - again < 8 * MB, `a second settle gave back ${Math.round((afterSettle - again) / MB)} MB`);
  assert.equal(working.length, 0);
});

const youngGenerationMb = (): number => (v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0) / MB;

test('the young generation a build grew is given back when the server goes quiet after it', async () => {
  // A build's long-lived tables: most of what the young generation holds survives, so V8 grows it.
  const kept: object[] = [];
  for (let i = 0; i < 2_000_000; i++) {
    kept.push({ i, name: `product ${i}` });
  }
  assert.ok(youngGenerationMb() >= 16, `the build grew the young generation to ${youngGenerationMb()} MB`);
  // Then, as at a start after the build: a young collection, and some MB allocated after it
  // (the routes, the listen) before the server goes quiet.
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as (options: { type: 'minor' }) => void)({ type: 'minor' });
  let startUp: string[] | null = [];
  for (let i = 0; i < 250000; i++) {
    startUp.push(`route ${i}`);
  }
  const settled = new Promise<HeapSettleReport>((resolve) => createHeapSettler({ onSettled: resolve }).schedule());
  startUp = null;
  // The settler's timers do not hold the process open; the test's own does, until the settle.
  const open = setTimeout(() => undefined, 60_000);
  const report = await settled;
  clearTimeout(open);
  assert.ok(report.heapAfter < report.heapBefore, 'the settle ran');
  assert.ok(youngGenerationMb() <= 4, `the young generation is ${youngGenerationMb()} MB after the settle`);
  assert.equal(kept.length, 2_000_000);
  assert.ok(SETTLE_DELAY_MS < 10_000, 'a start settles within seconds');
});

const rssFileMb = (): number | null => {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = /RssFile:\s+(\d+)/.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
};

// Opened by the test that uses it: its background work would be allocation during the quiet stretch above.
let database: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
after(() => database?.dispose());

test('SQLite: after a bulk read, the file’s mapped pages are given back and the data still reads', { skip: rssFileMb() === null ? 'no /proc/self/status on this system' : false }, async () => {
  database = await createTestDatabase('sqlite');
  const { db, releaseMappedPages } = database.storage;
  assert.ok(releaseMappedPages, 'the SQLite storage can give back its mapped pages');
  const data = 'x'.repeat(2000);
  for (let batch = 0; batch < 20; batch++) {
    await db
      .insertInto('catalog_products')
      .values(Array.from({ length: 1000 }, (_, i) => ({ tenant_id: 'shop', version: 1, sku: `sku-${batch}-${i}`, data })))
      .execute();
  }
  // Into the database file itself, where reads go through the memory map (the background
  // checkpoint may hold the WAL for a moment).
  // On a busy machine (the suite runs two files at once) the checkpoint may take seconds.
  let busy = 1;
  for (let tries = 0; tries < 500 && busy !== 0; tries++) {
    const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    busy = rows[0]?.busy ?? 1;
    if (busy !== 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  assert.equal(busy, 0, 'the checkpoint moved the written rows into the database file');
  // The rows just written may still sit in this connection's page cache, and the file's map
  // may be one made while it was smaller (SQLite extends it only when no page of it is in
  // use): with the cache emptied and the whole file mapped afresh, the read goes through the
  // map, as a catalogue load after a start does.
  await sql`pragma shrink_memory`.execute(db);
  releaseMappedPages();
  const readAll = async () => (await db.selectFrom('catalog_products').select(['sku', 'data']).where('tenant_id', '=', 'shop').execute()).length;

  const start = rssFileMb()!;
  assert.equal(await readAll(), 20_000);
  const afterRead = rssFileMb()!;
  assert.ok(afterRead - start > 20, `mapped file pages ${Math.round(start)} → ${Math.round(afterRead)} MB after reading 40 MB`);
  releaseMappedPages();
  const released = rssFileMb()!;
  assert.ok(afterRead - released > 20, `mapped file pages ${Math.round(afterRead)} → ${Math.round(released)} MB after the release`);
  assert.equal(await readAll(), 20_000);
});
