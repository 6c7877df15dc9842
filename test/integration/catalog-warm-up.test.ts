/**
 * The catalogue engine's warm-up on each new index (CATALOG_WARM_UP_MS), on SQLite and
 * PostgreSQL: the operator sees it in the log per shop whose catalogue is large enough to need
 * it, with no buyer's words in it; it leaves nothing behind that a shop or buyer could see (no
 * dialog, no message, no insights question); the first buyer is answered as usual; and it is
 * off when set to 0.
 */
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { assertEvery } from '../helpers/assert.ts';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, registerGuest, auth, DEMO_CATALOG, type TestApp } from '../helpers/app.ts';
import { WARM_UP_MIN_PRODUCTS } from '../../src/assistant/catalog-engine/index.ts';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { readEnv, ConfigError } from '../../src/config/env.ts';

/** The demo catalogue repeated with new SKUs up to the size the warm-up starts at. */
function largeCatalog(): string {
  const demo = readFileSync(DEMO_CATALOG, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as { sku: string });
  const lines: string[] = [];
  for (let i = 0; lines.length < WARM_UP_MIN_PRODUCTS; i++) {
    const p = demo[i % demo.length] as { sku: string };
    lines.push(JSON.stringify({ ...p, sku: `${p.sku}-${Math.floor(i / demo.length)}` }));
  }
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'aisle-warm-')), 'catalog.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const warmedLines = (t: TestApp) =>
  t
    .logText()
    .split('\n')
    .filter((line) => line.includes('catalogue engine warmed up'))
    .map((line) => JSON.parse(line) as { tenant: string; answers: number; ms: number });

for (const dialect of DIALECTS) {
  describe(`catalogue engine warm-up [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp | undefined;
    after(() => t?.close());

    test('a shop with a large catalogue is warmed up before buyers come, logged without their words, and nothing is stored; small ones are not', async () => {
      t = await buildTestApp(dialect, { env: { CATALOG_WARM_UP_MS: '20000' }, catalogs: { 'shop-a': largeCatalog(), 'shop-b': DEMO_CATALOG, restricted: DEMO_CATALOG } });
      const lines = warmedLines(t);
      assert.deepEqual(lines.map((l) => l.tenant), ['shop-a']);
      for (const line of lines) {
        assert.ok(line.answers >= 20, `${line.tenant}: ${line.answers} answers`);
        assert.ok(line.ms >= 0);
      }
      // The log says what ran, never what was asked.
      assert.doesNotMatch(t.logText(), /подешевле|похожие|cheaper|similar/);
      // Nothing a shop or buyer could see: no dialog, no message, no question for insights.
      for (const table of ['dialogs', 'messages']) {
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(t.database.storage.db);
        assert.equal(Number(rows[0]?.n), 0, `${table} after the warm-up`);
      }
      const token = await registerGuest(t.app, 'shop-a', 'buyer-1');
      const res = await t.app.inject({
        method: 'POST',
        url: '/shopping/generate',
        headers: auth(token),
        payload: { threadId: 'warm-1', resourceId: 'buyer-1', messages: [{ role: 'user', content: 'беспроводные наушники' }], runtimeContext: { tenant_id: 'shop-a', ctx: { type: 'HOMEPAGE' } } },
      });
      assert.equal(res.statusCode, 200, res.body);
      const products = (res.json().response.contents as Array<{ type: string; value: unknown }>).flatMap((c) => (c.type === 'products' ? (c.value as Array<{ name: string }>) : []));
      assertEvery(products, (p) => /наушник/i.test(p.name), 'the cards are headphones');
    });

    test('CATALOG_WARM_UP_MS=0 turns it off', async () => {
      const off = await buildTestApp(dialect, { env: { CATALOG_WARM_UP_MS: '0' }, catalogs: { 'shop-a': largeCatalog(), 'shop-b': DEMO_CATALOG, restricted: DEMO_CATALOG } });
      try {
        assert.deepEqual(warmedLines(off), []);
      } finally {
        await off.close();
      }
    });
  });
}

test('CATALOG_WARM_UP_MS is a whole number of milliseconds up to a minute, 2,000 when unset', () => {
  assert.equal(readEnv({}).catalogWarmUpMs, 2000);
  assert.equal(readEnv({ CATALOG_WARM_UP_MS: '0' }).catalogWarmUpMs, 0);
  assert.equal(readEnv({ CATALOG_WARM_UP_MS: '500' }).catalogWarmUpMs, 500);
  assert.throws(() => readEnv({ CATALOG_WARM_UP_MS: 'soon' }), (err: unknown) => err instanceof ConfigError && /CATALOG_WARM_UP_MS/.test(err.message));
  assert.throws(() => readEnv({ CATALOG_WARM_UP_MS: '3600000' }), (err: unknown) => err instanceof ConfigError && /CATALOG_WARM_UP_MS/.test(err.message));
});
