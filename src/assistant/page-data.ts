/**
 * Products a page names (spec 2.3 `ctx.data`): the product page's product is the first
 * element of an array; a cart lists its items. Items may be SKUs or objects with `sku`/`id`.
 */
import type { CatalogProduct } from '../catalog/product.ts';
import type { CatalogIndex } from '../catalog/search/types.ts';
import type { PageType } from '../config/tenant.ts';

const MAX_CART_ITEMS = 5;

/** The SKUs in page data, in order (both engines read page data through this). */
export function pageSkus(data: unknown): string[] {
  const list = Array.isArray(data) ? data : data === undefined || data === null ? [] : [data];
  const out: string[] = [];
  for (const item of list) {
    if (typeof item === 'string' || typeof item === 'number') {
      out.push(String(item));
    } else if (item && typeof item === 'object') {
      const o = item as Record<string, unknown>;
      const v = o['sku'] ?? o['id'] ?? o['productId'];
      if (typeof v === 'string' || typeof v === 'number') {
        out.push(String(v));
      }
    }
  }
  return out;
}

/** The catalogue products a PRODUCT or CART page names; none for other pages. */
export function pageProducts(type: PageType, data: unknown, index: CatalogIndex | undefined): CatalogProduct[] {
  if (!index || (type !== 'PRODUCT' && type !== 'CART')) {
    return [];
  }
  const skus = pageSkus(data);
  const wanted = type === 'PRODUCT' ? skus.slice(0, 1) : skus.slice(0, MAX_CART_ITEMS);
  return wanted.map((s) => index.bySku(s)).filter((p): p is CatalogProduct => Boolean(p));
}
