/**
 * Catalogues in the database (issue 3 part 1) on SQLite and PostgreSQL: import from real
 * feeds, atomic replacement (readers see the old or the new catalogue, never a mix),
 * refusal of a feed with no valid offer, per-tenant isolation, the instance registry
 * picking up a re-import, and `aisle import-catalog` as an operator runs it.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../helpers/assert.ts';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIALECTS, skipFor, createTestDatabase, type TestDatabase } from '../helpers/storage.ts';
import { sharedDataPath, sharedDataSkip } from '../helpers/shared-data.ts';
import { importCatalog, loadCatalog, CatalogImportError } from '../../src/catalog/store.ts';
import { readFeedFile } from '../../src/catalog/import/index.ts';
import { createCatalogRegistry } from '../../src/catalog/registry.ts';
import { makeConfig } from '../../src/config/index.ts';
import { readEnv } from '../../src/config/env.ts';
import { parseTenant } from '../../src/config/tenants-file.ts';
import type { FeedItem } from '../../src/catalog/import/index.ts';
import { DEMO_CATALOG } from '../helpers/app.ts';

const FEEDS = sharedDataPath('feeds');
const quietLog = { info: () => undefined, warn: () => undefined };
const tenants = makeConfig(readEnv({}), [parseTenant({ id: 'shop-a', name: 'A' }, 0, '.'), parseTenant({ id: 'shop-b', name: 'B', language: 'en' }, 1, '.')]).tenants;

async function* items(products: Array<{ sku: string; name: string; price?: number }>, skipped = 0): AsyncGenerator<FeedItem> {
  for (let i = 0; i < skipped; i++) {
    yield { kind: 'skipped', offer: { offerId: `bad-${i}`, reason: 'missing name' } };
  }
  for (const p of products) {
    yield { kind: 'product', product: { categories: [], available: true, params: {}, ...p } };
  }
}

for (const dialect of DIALECTS) {
  describe(`catalogue store [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let database: TestDatabase;
    before(async () => {
      database = await createTestDatabase(dialect);
    });
    after(() => database.dispose());

    test('a real windows-1251 YML feed imports with its Cyrillic names and category paths', { skip: sharedDataSkip }, async () => {
      const report = await importCatalog(database.storage.db, 'shop-a', readFeedFile(path.join(FEEDS, 'yml/santechtula_ru_yandex_cp1251.xml')), 'test', 1);
      assert.equal(report.imported, 1405);
      const loaded = await loadCatalog(database.storage.db, 'shop-a');
      assert.equal(loaded?.products.length, 1405);
      assert.ok(loaded!.products.some((p) => /[а-яё]/i.test(p.name)), 'Cyrillic names');
      assertEvery(loaded!.products, (p) => !p.name.includes('\uFFFD'), 'no broken characters');
    });

    test('a re-import replaces the catalogue whole; the other tenant is untouched', async () => {
      await importCatalog(database.storage.db, 'shop-b', readFeedFile(DEMO_CATALOG), 'demo', 1);
      const report = await importCatalog(database.storage.db, 'shop-a', items([{ sku: 'n1', name: 'New one' }, { sku: 'n2', name: 'New two' }]), 'small', 2);
      const a = await loadCatalog(database.storage.db, 'shop-a');
      assert.deepEqual(a!.products.map((p) => p.sku).sort(), ['n1', 'n2']);
      assert.equal(a!.version, report.version);
      const b = await loadCatalog(database.storage.db, 'shop-b');
      assert.ok(b!.products.length > 100);
      const leftovers = await database.storage.db.selectFrom('catalog_products').select('version').where('tenant_id', '=', 'shop-a').where('version', '!=', report.version).execute();
      assert.equal(leftovers.length, 0, 'old rows removed');
    });

    test('readers during an import see the complete old catalogue until the switch', async () => {
      await importCatalog(database.storage.db, 'shop-a', items([{ sku: 'old-1', name: 'Old' }]), 'old', 3);
      const seen: number[] = [];
      async function* slowFeed(): AsyncGenerator<FeedItem> {
        for (let i = 0; i < 1200; i++) {
          if (i % 400 === 0) {
            seen.push((await loadCatalog(database.storage.db, 'shop-a'))!.products.length);
          }
          yield { kind: 'product', product: { sku: `new-${i}`, name: `New ${i}`, categories: [], available: true, params: {} } };
        }
      }
      await importCatalog(database.storage.db, 'shop-a', slowFeed(), 'new', 4);
      assert.deepEqual(seen, [1, 1, 1], 'mid-import reads see only the old catalogue');
      assert.equal((await loadCatalog(database.storage.db, 'shop-a'))!.products.length, 1200);
    });

    test('a feed with no valid offer is refused with a clear message and changes nothing', async () => {
      const before = await loadCatalog(database.storage.db, 'shop-a');
      await assert.rejects(importCatalog(database.storage.db, 'shop-a', items([], 5), 'empty', 5), (err: unknown) => {
        assert.ok(err instanceof CatalogImportError);
        assert.match((err as Error).message, /no valid product \(5 offers skipped\)/);
        return true;
      });
      assert.deepEqual((await loadCatalog(database.storage.db, 'shop-a'))!.products.length, before!.products.length);
    });

    test('skipped offers are reported by id and counted', async () => {
      const report = await importCatalog(database.storage.db, 'shop-b', items([{ sku: 'x', name: 'X' }, { sku: 'x', name: 'X again' }], 2), 'dup', 6);
      assert.equal(report.imported, 1);
      assert.equal(report.skippedCount, 3);
      assert.deepEqual(report.skipped.map((s) => s.offerId), ['bad-0', 'bad-1', 'x']);
    });

    test('the instance registry builds one index per tenant and picks up a re-import on refresh', async () => {
      await importCatalog(database.storage.db, 'shop-a', readFeedFile(DEMO_CATALOG), 'demo', 7);
      await importCatalog(database.storage.db, 'shop-b', items([{ sku: 'only-b', name: 'Samsung Galaxy only in B' }]), 'b', 8);
      const registry = await createCatalogRegistry({ db: database.storage.db, tenants, log: quietLog, refreshMs: 0 });
      try {
        const a = registry.get('shop-a')!;
        assert.ok(a.search('samsung').length > 0);
        assertEvery(a.search('samsung'), (h) => h.product.sku !== 'only-b', 'no product of another tenant');
        assert.deepEqual(registry.get('shop-b')!.search('samsung').map((h) => h.product.sku), ['only-b']);
        assert.deepEqual(await registry.refresh(), [], 'nothing changed');
        await importCatalog(database.storage.db, 'shop-b', items([{ sku: 'b2', name: 'Kettle' }]), 'b2', 9);
        assert.deepEqual(await registry.refresh(), ['shop-b']);
        assert.equal(registry.get('shop-b')!.bySku('only-b'), undefined);
        assert.ok(registry.get('shop-b')!.bySku('b2'));
      } finally {
        registry.stop();
      }
    });
  });
}

describe('aisle import-catalog', () => {
  test('imports a feed for a tenant of the tenants file and reports counts; refuses an unknown tenant and an empty feed', { skip: sharedDataSkip }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'aisle-cli-'));
    const tenantsFile = path.join(dir, 'tenants.yaml');
    writeFileSync(tenantsFile, 'tenants:\n  - id: cli-shop\n    name: CLI Shop\n');
    const env = { ...process.env, DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`, TENANTS_FILE: tenantsFile };
    const cli = fileURLToPath(new URL('../../bin/aisle.js', import.meta.url));
    const run = promisify(execFile);
    const ok = await run(process.execPath, [cli, 'import-catalog', '--tenant', 'cli-shop', path.join(FEEDS, 'yml/garminko_ru_feed.xml')], { env });
    assert.match(ok.stdout, /imported 662 products for "cli-shop" \(version 1\), skipped 102/);
    assert.match(ok.stdout, /skipped \S+: duplicate id/);
    await assert.rejects(run(process.execPath, [cli, 'import-catalog', '--tenant', 'nope', path.join(FEEDS, 'yml/garminko_ru_feed.xml')], { env }), (err: { code: number; stderr: string }) => {
      assert.equal(err.code, 2);
      assert.match(err.stderr, /tenant "nope" is not in the tenants file/);
      return true;
    });
    const empty = path.join(dir, 'empty.jsonl');
    writeFileSync(empty, '{"sku": "1"}\n');
    await assert.rejects(run(process.execPath, [cli, 'import-catalog', '--tenant', 'cli-shop', empty], { env }), (err: { code: number; stderr: string }) => {
      assert.match(err.stderr, /import refused: the feed has no valid product/);
      return true;
    });
  });
});
