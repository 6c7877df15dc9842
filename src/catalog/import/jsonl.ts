/**
 * JSON Lines reader: one product object per line. Accepts the snake_case keys of the
 * catalogues in ../shared/data/catalogs/ and the camelCase names of CatalogProduct.
 */
import type { FeedItem } from './feed.ts';
import { addParam, newParams, parseAvailable, splitCategoryPath } from './fields.ts';
import { type ProductDraft, ProductValidator } from './validation.ts';
import { splitLines } from './lines.ts';

type Obj = Record<string, unknown>;

function first(o: Obj, ...keys: string[]): unknown {
  for (const k of keys) {
    const v = o[k];
    if (v !== undefined && v !== null && v !== '') {
      return v;
    }
  }
  return undefined;
}

/** Whether `o` has any of `keys`, even with a null value (bestbuy's `"sku": null`). */
function has(o: Obj, ...keys: string[]): boolean {
  return keys.some((k) => Object.prototype.hasOwnProperty.call(o, k));
}

function paramValue(v: unknown): string | undefined {
  if (typeof v === 'string') {
    return v;
  }
  if (typeof v === 'number' || typeof v === 'boolean') {
    return String(v);
  }
  if (Array.isArray(v)) {
    const parts = v.map(paramValue).filter((x): x is string => x !== undefined && x !== '');
    return parts.length > 0 ? parts.join(', ') : undefined;
  }
  return undefined;
}

/** Maps one parsed JSON object (one JSONL line) to a draft for the validator. */
export function jsonObjectToDraft(o: Obj): ProductDraft {
  // The first present key wins, so an explicit null sku is reported as missing instead of
  // quietly falling back to another id field.
  const idKeys = ['sku', 'offer_id', 'offerId', 'id'];
  const idKey = idKeys.find((k) => has(o, k));
  const sku = idKey === undefined ? undefined : o[idKey];

  let categories: string[] = [];
  const cats = first(o, 'categories', 'category', 'categoryPath', 'category_path', 'product_type', 'productType');
  if (Array.isArray(cats)) {
    categories = cats.filter((c): c is string => typeof c === 'string');
  } else if (typeof cats === 'string') {
    categories = splitCategoryPath(cats);
  }
  if (categories.length === 0) {
    // icecat: empty `categories` but a `product_type` on some rows.
    const pt = first(o, 'product_type', 'productType');
    if (typeof pt === 'string') {
      categories = splitCategoryPath(pt);
    }
  }

  const params = newParams();
  for (const key of ['params', 'features', 'attributes']) {
    const p = o[key];
    if (p && typeof p === 'object' && !Array.isArray(p)) {
      for (const [k, v] of Object.entries(p as Obj)) {
        const value = paramValue(v);
        if (value !== undefined) {
          addParam(params, k, value);
        }
      }
    }
  }
  const model = first(o, 'model');
  if (typeof model === 'string' && params['model'] === undefined) {
    addParam(params, 'model', model);
  }
  const vendorCode = first(o, 'vendor_code', 'vendorCode');
  if (typeof vendorCode === 'string') {
    addParam(params, 'vendorCode', vendorCode);
  }

  const availableRaw = first(o, 'available', 'availability', 'in_stock', 'inStock');
  const isStmRaw = first(o, 'isStm', 'is_stm');

  const draft: ProductDraft = {
    sku,
    name: first(o, 'name', 'title'),
    brand: first(o, 'brand', 'vendor'),
    price: first(o, 'price'),
    oldPrice: first(o, 'oldPrice', 'oldprice', 'old_price'),
    currency: first(o, 'currency', 'currencyId', 'currency_id'),
    categoryId: first(o, 'categoryId', 'category_id'),
    categories,
    description: first(o, 'description'),
    url: first(o, 'url', 'link'),
    imageUrl:
      first(o, 'imageUrl', 'image_url', 'image', 'picture') ??
      (Array.isArray(o['images']) ? (o['images'] as unknown[]).find((x) => typeof x === 'string') : undefined),
    available: parseAvailable(availableRaw, true),
    params,
  };
  if (isStmRaw !== undefined) {
    draft.isStm = parseAvailable(isStmRaw, false);
  }
  return draft;
}

/**
 * Streams products from JSON Lines. Blank lines are ignored; a line that is not a JSON
 * object is reported as skipped with its line number.
 */
export async function* readJsonLines(source: AsyncIterable<Buffer>): AsyncGenerator<FeedItem> {
  const validator = new ProductValidator();
  for await (const line of splitLines(source)) {
    const where = `line ${line.lineNo}`;
    if ('tooLong' in line) {
      yield validator.reject(null, `${where}: line too long`);
      continue;
    }
    if (line.text.trim() === '') {
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch (e) {
      yield validator.reject(null, `${where}: invalid JSON (${(e as Error).message})`);
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      yield validator.reject(null, `${where}: not a JSON object`);
      continue;
    }
    yield validator.check(jsonObjectToDraft(value as Obj), where);
  }
}
