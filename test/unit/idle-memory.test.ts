/**
 * What an idle server gives back after building its catalogue indexes: the heap the build
 * left reserved, and (SQLite) the database file's pages the catalogue load mapped in.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { createHeapSettler } from '../../src/heap-settle.ts';
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

const rssFileMb = (): number | null => {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = /RssFile:\s+(\d+)/.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
};

const database = await createTestDatabase('sqlite');
after(() => database.dispose());

test('SQLite: after a bulk read, the file’s mapped pages are given back and the data still reads', { skip: rssFileMb() === null ? 'no /proc/self/status on this system' : false }, async () => {
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
