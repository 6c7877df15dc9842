/** The dialog list's first pages in memory: bounded, forgotten on change, never kept from a read older than a change. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createFirstPages } from '../../src/modules/dialogs/first-pages.ts';

test('a page read before a change is not kept after it, and a change forgets the session\'s page', () => {
  const pages = createFirstPages({ enabled: true, maxEntries: 10 });
  const before = pages.epoch;
  pages.changed('s1');
  pages.set('s1', 20, '{"old":true}', before);
  assert.equal(pages.get('s1', 20), undefined, 'read before the change');
  pages.set('s1', 20, '{"new":true}', pages.epoch);
  assert.equal(pages.get('s1', 20), '{"new":true}');
  assert.equal(pages.get('s1', 5), undefined, 'another page size is not this page');
  pages.changed('s1');
  assert.equal(pages.get('s1', 20), undefined);
});

test('at most maxEntries pages, the least recently read dropped first; nothing kept when disabled', () => {
  const pages = createFirstPages({ enabled: true, maxEntries: 3 });
  for (const s of ['a', 'b', 'c']) {
    pages.set(s, 20, s, pages.epoch);
  }
  assert.equal(pages.get('a', 20), 'a');
  pages.set('d', 20, 'd', pages.epoch);
  assert.equal(pages.size, 3);
  assert.equal(pages.get('b', 20), undefined, 'b was read least recently');
  assert.equal(pages.get('a', 20), 'a');
  const off = createFirstPages({ enabled: false, maxEntries: 3 });
  off.set('a', 20, 'a', off.epoch);
  assert.equal(off.get('a', 20), undefined);
});
