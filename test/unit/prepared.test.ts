import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestDatabase } from '../helpers/storage.ts';
import { prepared } from '../../src/db/prepared.ts';

const database = await createTestDatabase('sqlite');
after(() => database.dispose());
const { db } = database.storage;

test('a prepared query binds each call’s arguments to the right placeholders, and keeps constants', async () => {
  await db.insertInto('settings').values([{ key: 'a', value: '1' }, { key: 'b', value: '2' }, { key: 'c', value: '3' }]).execute();
  // Arguments in another order than their placeholders, and a constant limit.
  const between = prepared(db, 2, (high: string, low: string) =>
    db.selectFrom('settings').select('key').where('key', '>=', low).where('key', '<=', high).orderBy('key').limit(10),
  );
  assert.deepEqual((await between('b', 'a')).map((r) => r.key), ['a', 'b']);
  assert.deepEqual((await between('c', 'b')).map((r) => r.key), ['b', 'c']);
  assert.deepEqual(await between('0', '9'), []);
});
