/**
 * Catalogues in the database, one per tenant. An import writes the new products under a
 * new version, then flips the tenant's version and drops the old rows in one transaction;
 * readers load "the rows of the current version" in one statement, so they see the old
 * catalogue or the new one, never a mix. Memory stays bounded: products go in in batches.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { DUPLICATE_SKU, FirstBySku } from './first-by-sku.ts';
import type { CatalogProduct, SkippedOffer } from './product.ts';
import type { FeedItem } from './import/index.ts';
import { newParams } from './import/fields.ts';

const BATCH = 500;
/** Skipped offers kept for the report (the count is always exact). */
const SKIPPED_KEPT = 1000;

export class CatalogImportError extends Error {
  override name = 'CatalogImportError';
}

export interface ImportReport {
  tenantId: string;
  version: number;
  imported: number;
  skippedCount: number;
  skipped: SkippedOffer[];
}

/** Imports a feed for a tenant, replacing its catalogue atomically. Refuses a feed with no valid product. */
export async function importCatalog(
  db: Kysely<Database>,
  tenantId: string,
  items: AsyncIterable<FeedItem>,
  source: string,
  now: number,
): Promise<ImportReport> {
  const current = await db.selectFrom('catalogs').select('version').where('tenant_id', '=', tenantId).executeTakeFirst();
  const version = (current?.version ?? 0) + 1;
  // Leftovers of an import that died half-way under this version number.
  await db.deleteFrom('catalog_products').where('tenant_id', '=', tenantId).where('version', '=', version).execute();

  let imported = 0;
  let skippedCount = 0;
  const skipped: SkippedOffer[] = [];
  let batch: Array<{ tenant_id: string; version: number; sku: string; data: string }> = [];
  const seen = new FirstBySku();
  const flush = async () => {
    if (batch.length > 0) {
      await db.insertInto('catalog_products').values(batch).execute();
      batch = [];
    }
  };
  try {
    for await (const item of items) {
      if (item.kind === 'skipped') {
        skippedCount++;
        if (skipped.length < SKIPPED_KEPT) {
          skipped.push(item.offer);
        }
        continue;
      }
      if (!seen.take(item.product.sku)) {
        skippedCount++;
        if (skipped.length < SKIPPED_KEPT) {
          skipped.push({ offerId: item.product.sku, reason: DUPLICATE_SKU });
        }
        continue;
      }
      batch.push({ tenant_id: tenantId, version, sku: item.product.sku, data: JSON.stringify(item.product) });
      imported++;
      if (batch.length >= BATCH) {
        await flush();
      }
    }
    await flush();
    if (imported === 0) {
      throw new CatalogImportError(`the feed has no valid product (${skippedCount} offers skipped)`);
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('catalogs')
        .values({ tenant_id: tenantId, version, product_count: imported, imported_at: now, source })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ version, product_count: imported, imported_at: now, source }))
        .execute();
      await trx.deleteFrom('catalog_products').where('tenant_id', '=', tenantId).where('version', '!=', version).execute();
    });
  } catch (err) {
    await db.deleteFrom('catalog_products').where('tenant_id', '=', tenantId).where('version', '=', version).execute().catch(() => undefined);
    throw err;
  }
  return { tenantId, version, imported, skippedCount, skipped };
}

/** The current catalogue of a tenant (read in one statement: one consistent version). */
export async function loadCatalog(db: Kysely<Database>, tenantId: string): Promise<{ version: number; products: CatalogProduct[] } | null> {
  const rows = await db
    .selectFrom('catalog_products as p')
    .innerJoin('catalogs as c', (join) => join.onRef('c.tenant_id', '=', 'p.tenant_id').onRef('c.version', '=', 'p.version'))
    .select(['p.data', 'c.version'])
    .where('p.tenant_id', '=', tenantId)
    .execute();
  if (rows.length === 0) {
    return null;
  }
  return { version: rows[0]!.version, products: rows.map((r) => productOf(r.data)) };
}

/** A stored product, its parameters again in a table without a prototype (as the import made them). */
function productOf(data: string): CatalogProduct {
  const p = JSON.parse(data) as CatalogProduct;
  p.params = Object.assign(newParams(), p.params);
  return p;
}

/** Current catalogue versions and sources of all tenants. */
export function catalogVersions(db: Kysely<Database>) {
  return db.selectFrom('catalogs').select(['tenant_id', 'version', 'source', 'product_count']).execute();
}
