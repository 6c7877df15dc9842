/**
 * The bundled demo catalogue (examples/demo/catalog.jsonl), read through the real feed
 * reader and indexed once per test process; shared by the search and engine tests.
 */
import { resolve } from 'node:path';
import { readFeedFile } from '../../../src/catalog/import/index.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex, type CatalogIndex } from '../../../src/catalog/search/index.ts';
import { PROJECT_ROOT, sharedDataPath } from '../../helpers/shared-data.ts';

export const DEMO_CATALOG = resolve(PROJECT_ROOT, 'examples/demo/catalog.jsonl');
export const RU_SHOPS_CATALOG = sharedDataPath('catalogs/ru_shops_yml_catalog.jsonl');

/** All products of a feed file (skipped offers ignored). */
export async function loadProducts(path: string): Promise<CatalogProduct[]> {
  const out: CatalogProduct[] = [];
  for await (const item of readFeedFile(path)) {
    if (item.kind === 'product') {
      out.push(item.product);
    }
  }
  return out;
}

let demo: Promise<{ products: CatalogProduct[]; index: CatalogIndex }> | null = null;

/** The demo products and their index, built on first use. */
export function demoIndex(): Promise<{ products: CatalogProduct[]; index: CatalogIndex }> {
  demo ??= loadProducts(DEMO_CATALOG).then((products) => ({ products, index: buildCatalogIndex(products, { language: 'ru' }) }));
  return demo;
}

/** SKUs of search hits, in order. */
export function skus(hits: Array<{ product: CatalogProduct }> | CatalogProduct[]): string[] {
  return hits.map((h) => ('product' in h ? h.product.sku : h.sku));
}
