/**
 * The real catalogues of the shared data folder, which the catalogue benchmarks build their
 * large catalogues from (read from there, never copied into the repository).
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFeedFile } from '../../src/catalog/import/index.ts';
import type { CatalogProduct } from '../../src/catalog/product.ts';

export const SHARED_CATALOGS = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../shared/data/catalogs');
export const CATALOG_FILES = ['ru_shops_yml_catalog.jsonl', 'bestbuy_products_3291.jsonl', 'icecat_products_19k.jsonl'];

/** Every valid product of the real catalogues, in file order. */
export async function loadRealProducts(): Promise<CatalogProduct[]> {
  const out: CatalogProduct[] = [];
  for (const f of CATALOG_FILES) {
    for await (const item of readFeedFile(join(SHARED_CATALOGS, f))) {
      if (item.kind === 'product') {
        out.push(item.product);
      }
    }
  }
  return out;
}
