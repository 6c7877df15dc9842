/**
 * Reading page data (spec 2.3 `ctx.data`) for both engines: the SKUs a product or cart
 * page names (the product page's product is the first element of an array; items may be
 * SKUs or objects with `sku`/`id`), the query of a search page, the categories of a
 * category page, and a short preview of the whole for a model's prompt.
 *
 * Page data is whatever the shop's page sends, of any size and shape: every reader here
 * looks at a bounded number of values, never deeper than a few levels, and only at own
 * properties of objects (a key such as "constructor" must not find Object's).
 */
import type { CatalogProduct } from '../catalog/product.ts';
import { boundText, MAX_PAGE_DEPTH, MAX_PAGE_SKUS, MAX_PAGE_STRINGS, MAX_PAGE_VALUES, MAX_QUERY_CHARS } from '../catalog/search/limits.ts';
import type { CatalogIndex } from '../catalog/search/types.ts';
import type { PageType } from '../config/tenant.ts';

const MAX_CART_ITEMS = 5;
/** Characters of an object key shown to a model. */
const MAX_KEY_CHARS = 100;

/** Keys of a search page's query and of a category page's categories, most specific first. */
const STRING_KEYS = ['query', 'q', 'search', 'text', 'category', 'categories'];
const SKU_KEYS = ['sku', 'id', 'productId'];

function own(o: object, key: string): unknown {
  return Object.hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined;
}

/** The first items of page data read as a list (a single value is a list of one). */
function items(data: unknown, max: number): unknown[] {
  if (Array.isArray(data)) {
    return data.slice(0, max);
  }
  return data === undefined || data === null ? [] : [data];
}

/** The SKUs in page data, in order: at most MAX_PAGE_SKUS (both engines read page data through this). */
export function pageSkus(data: unknown): string[] {
  const out: string[] = [];
  for (const item of items(data, MAX_PAGE_SKUS)) {
    let v: unknown = item;
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      v = SKU_KEYS.map((k) => own(item, k)).find((x) => x !== undefined && x !== null);
    }
    if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) {
      out.push(String(v));
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

/**
 * The strings of a SEARCH page (its query) or a CATEGORY page (its categories): the data
 * itself, an array of strings, or the first of `query`, `q`, `search`, `text`, `category`,
 * `categories` an object has. At most MAX_PAGE_STRINGS, each bounded like a message.
 */
export function pageStrings(data: unknown): string[] {
  let found: unknown = data;
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    found = STRING_KEYS.map((k) => own(data, k)).find((v) => typeof v === 'string' || Array.isArray(v));
  }
  return items(found, MAX_PAGE_STRINGS)
    .filter((x): x is string => typeof x === 'string')
    .map((x) => boundText(x, MAX_QUERY_CHARS));
}

/**
 * Page data as compact JSON of at most `maxChars` characters (then "…"), for a model's
 * prompt: at most MAX_PAGE_VALUES values, MAX_PAGE_DEPTH levels deep; deeper or further
 * values are left out. Written piece by piece, so a megabyte of page data costs no more
 * than `maxChars` of it.
 */
export function pagePreview(data: unknown, maxChars: number): string {
  let out = '';
  let values = 0;
  let full = false;
  const write = (s: string): void => {
    if (out.length + s.length > maxChars) {
      out += s.slice(0, maxChars - out.length);
      full = true;
    } else {
      out += s;
    }
  };
  const walk = (v: unknown, depth: number): void => {
    if (full) {
      return;
    }
    if (++values > MAX_PAGE_VALUES) {
      full = true;
      return;
    }
    if (v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) {
      write(String(v));
    } else if (typeof v === 'string') {
      write(JSON.stringify(v.length > maxChars ? v.slice(0, maxChars) : v));
    } else if (Array.isArray(v) || (v !== null && typeof v === 'object')) {
      if (depth >= MAX_PAGE_DEPTH) {
        write(Array.isArray(v) ? '[…]' : '{…}');
        return;
      }
      const entries: Array<[string | null, unknown]> = [];
      if (Array.isArray(v)) {
        v.slice(0, MAX_PAGE_VALUES).forEach((x) => entries.push([null, x]));
      } else {
        for (const k in v) {
          if (entries.length >= MAX_PAGE_VALUES) {
            break;
          }
          if (Object.hasOwn(v, k)) {
            entries.push([k, (v as Record<string, unknown>)[k]]);
          }
        }
      }
      write(Array.isArray(v) ? '[' : '{');
      entries.forEach(([k, x], i) => {
        if (i > 0) {
          write(',');
        }
        if (k !== null) {
          write(`${JSON.stringify(k.length > MAX_KEY_CHARS ? k.slice(0, MAX_KEY_CHARS) : k)}:`);
        }
        walk(x, depth + 1);
      });
      write(Array.isArray(v) ? ']' : '}');
    } else {
      write('null');
    }
  };
  walk(data, 0);
  return full ? `${out}…` : out;
}
