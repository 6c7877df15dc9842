/** Product cards of an answer (spec 2.5), built the same way by both engines. */
import type { CatalogProduct } from '../catalog/product.ts';
import type { Product } from './contract.ts';
import type { TrackingLinks } from './engine.ts';

const FEATURE_PARAMS = 4;
const FEATURE_CHARS = 160;

/** A card's `features`: the first few parameters as "name: value", kept short. */
export function features(p: CatalogProduct): string | undefined {
  // The first few parameters only: a product may have hundreds, and every card is built per answer.
  const parts: string[] = [];
  for (const key in p.params) {
    if (parts.length >= FEATURE_PARAMS) {
      break;
    }
    parts.push(`${key}: ${p.params[key]}`);
  }
  if (parts.length === 0) {
    return undefined;
  }
  let s = parts.join('; ');
  if (s.length > FEATURE_CHARS) {
    s = `${s.slice(0, FEATURE_CHARS - 1).trimEnd()}…`;
  }
  return s;
}

/** One product card with its click and visibility events. */
export function card(p: CatalogProduct, tracking: TrackingLinks): Product {
  const c: Product = { sku: p.sku, name: p.name, price: p.price ?? null };
  if (p.categoryId) {
    c.category_id = p.categoryId;
  }
  if (p.brand) {
    c.brand = p.brand;
  }
  const f = features(p);
  if (f) {
    c.features = f;
  }
  if (p.isStm !== undefined) {
    c.is_stm = p.isStm;
  }
  if (p.url) {
    c.url = p.url;
  }
  if (p.imageUrl) {
    c.image_url = p.imageUrl;
  }
  c.events = [
    { type: 'click', url: tracking.card('click', p.sku) },
    { type: 'visible_impression', url: tracking.card('visible_impression', p.sku) },
  ];
  return c;
}

/** The category path the shown products share (general → specific), else the first one's. */
export function sharedCategoryPath(products: CatalogProduct[]): string[] {
  const first = products[0]?.categories ?? [];
  let n = first.length;
  for (const p of products.slice(1)) {
    let k = 0;
    while (k < n && p.categories[k] === first[k]) {
      k++;
    }
    n = k;
  }
  return n > 0 ? first.slice(0, n) : [...first];
}
