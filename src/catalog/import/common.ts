/**
 * Shared pieces of the feed readers: the item type they yield, text clean-up, price and
 * availability parsing, and the one validator every format goes through, so that a shop
 * gets the same rules (and the same skip reasons) whatever format it publishes.
 */
import iconv from 'iconv-lite';
import { Parser } from 'htmlparser2';
import { DUPLICATE_SKU, FirstBySku } from '../first-by-sku.ts';
import type { CatalogProduct, SkippedOffer } from '../product.ts';

export type FeedFormat = 'yml' | 'google' | 'csv' | 'jsonl';

/**
 * How much more of a field than its limit is read: cleaning (entities, whitespace) only
 * shortens text, so this much raw text always holds what the product keeps.
 */
const READ_FACTOR = 8;
/** Descriptions are HTML: markup can be many times the text. */
const DESCRIPTION_READ_FACTOR = 32;

/** What a reader yields: a valid product, or an offer it skipped and why. */
export type FeedItem = { kind: 'product'; product: CatalogProduct } | { kind: 'skipped'; offer: SkippedOffer };

/** A feed source: a Node readable stream or any async iterable of byte chunks. */
export type FeedSource = NodeJS.ReadableStream | AsyncIterable<Buffer | Uint8Array | string>;

/** Thrown when a feed cannot be read at all: unknown format, unsupported encoding, not a feed. */
export class FeedFormatError extends Error {
  override name = 'FeedFormatError';
}

/** Caps on what one product may hold; documented in docs/catalog-formats.md. */
export const LIMITS = {
  /** Longer descriptions are cut at a word boundary and end with "…". */
  descriptionChars: 2000,
  /** Longer names are cut; a name this long is a description pasted into the wrong field. */
  nameChars: 500,
  skuChars: 200,
  brandChars: 200,
  categoryLevels: 10,
  categoryChars: 200,
  params: 100,
  paramNameChars: 100,
  paramValueChars: 500,
  urlChars: 2048,
  /** Longer price text is not a price (and is never parsed). */
  priceChars: 64,
  /** A JSONL/CSV line longer than this is reported as skipped instead of being buffered. */
  lineBytes: 4 * 1024 * 1024,
} as const;

/** Turns every chunk type a source may yield into a Buffer. */
export async function* toBuffers(source: FeedSource): AsyncGenerator<Buffer> {
  for await (const chunk of source as AsyncIterable<Buffer | Uint8Array | string>) {
    if (typeof chunk === 'string') {
      yield Buffer.from(chunk, 'utf8');
    } else if (Buffer.isBuffer(chunk)) {
      yield chunk;
    } else {
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
  }
}

/**
 * Reads chunks until at least `minBytes` (or `until` says enough) and returns them with an
 * iterable that replays them followed by the rest of the source — the format and encoding
 * sniffers need the first bytes without consuming the stream.
 */
export async function peek(
  source: AsyncIterable<Buffer>,
  minBytes: number,
  until?: (head: Buffer) => boolean,
): Promise<{ head: Buffer; rest: AsyncGenerator<Buffer>; cancel: () => Promise<void> }> {
  const it = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < minBytes) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    chunks.push(r.value);
    size += r.value.length;
    if (until && until(Buffer.concat(chunks))) {
      break;
    }
  }
  const head = Buffer.concat(chunks);
  async function* rest(): AsyncGenerator<Buffer> {
    let finished = done;
    try {
      if (head.length > 0) {
        yield head;
      }
      while (!finished) {
        const r = await it.next();
        if (r.done) {
          finished = true;
          break;
        }
        yield r.value;
      }
    } finally {
      // Early exit by the consumer: let the underlying stream close its file.
      if (!finished) {
        await it.return?.();
      }
    }
  }
  // For callers that give up before reading `rest` (an unstarted generator's `finally`
  // never runs): closes the source.
  const cancel = async (): Promise<void> => {
    if (!done) {
      done = true;
      await it.return?.();
    }
  };
  return { head, rest: rest(), cancel };
}

/** Collapses runs of whitespace (including NBSP and line breaks) to one space and trims. */
export function collapseWhitespace(s: string): string {
  // Most values need only a trim; testing first avoids building a new string (this runs
  // for every field of every offer).
  if (!NEEDS_COLLAPSE.test(s)) {
    return s.trim();
  }
  return s.replace(WHITESPACE_RUN, ' ').trim();
}
// Besides Unicode whitespace: zero-width space and the blank fillers (Hangul filler U+3164,
// braille blank U+2800) that feeds use as "empty" placeholders.
const NEEDS_COLLAPSE = /[\t\n\v\f\r\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff\u115f\u1160\u2800\u3164\uffa0]| [\s\u200b]/;
const WHITESPACE_RUN = /[\s\u200b\u115f\u1160\u2800\u3164\uffa0]+/g;

const ENTITY_RE = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);?/i;

/**
 * Decodes HTML entities (all HTML5 named ones and numeric) and leaves markup alone.
 * Feeds often escape twice (`&amp;quot;`), so text that the XML tokenizer already decoded
 * once may still hold entities.
 */
export function decodeEntities(s: string): string {
  if (!s.includes('&') || !ENTITY_RE.test(s)) {
    return s;
  }
  let out = '';
  // htmlparser2 decodes entities in text; escaping "<" first keeps any markup as text.
  const p = new Parser({ ontext: (t) => (out += t) }, { decodeEntities: true });
  p.end(s.replace(/</g, '&lt;'));
  return out;
}

/** Decodes entities and collapses whitespace: for names, brands, ids, categories, params. */
export function cleanText(s: string): string {
  return collapseWhitespace(decodeEntities(s));
}

const BLOCK_TAGS = new Set([
  'p', 'br', 'div', 'li', 'ul', 'ol', 'tr', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article', 'dd', 'dt', 'hr', 'blockquote',
]);
const SKIP_TAGS = new Set(['script', 'style', 'head', 'title']);

/** Passes over a description escaped more than once (`&amp;lt;p&amp;gt;`): each undoes one escape. */
const MARKUP_PASSES = 3;

/**
 * Whether text still holds a tag: "<", an optional "/", a letter, and a ">" after it.
 * Written without `<\/?[a-z][^>]*>`, which scanned to the end of the text from every "<a"
 * when no ">" followed: quadratic in a description of "<a <a <a …".
 */
function hasTag(text: string): boolean {
  const close = text.lastIndexOf('>');
  if (close < 0) {
    return false;
  }
  for (let i = text.indexOf('<'); i >= 0 && i < close; i = text.indexOf('<', i + 1)) {
    let j = i + 1;
    if (text.charCodeAt(j) === 47) {
      j++;
    }
    const c = text.charCodeAt(j) | 32;
    if (c >= 97 && c <= 122 && j < close) {
      return true;
    }
  }
  return false;
}

/**
 * Converts an HTML (or plain) description into plain text: tags removed, entities decoded,
 * block elements become line breaks, whitespace collapsed within lines.
 */
export function htmlToText(s: string, passesLeft = MARKUP_PASSES): string {
  let text = s;
  if (/[<&]/.test(s)) {
    const parts: string[] = [];
    let skipDepth = 0;
    const p = new Parser(
      {
        onopentag(name) {
          if (SKIP_TAGS.has(name)) {
            skipDepth++;
          } else if (BLOCK_TAGS.has(name)) {
            parts.push('\n');
          }
        },
        onclosetag(name) {
          if (SKIP_TAGS.has(name)) {
            skipDepth = Math.max(0, skipDepth - 1);
          } else if (BLOCK_TAGS.has(name)) {
            parts.push('\n');
          }
        },
        ontext(t) {
          if (skipDepth === 0) {
            parts.push(t);
          }
        },
      },
      { decodeEntities: true },
    );
    p.end(s);
    text = parts.join('');
    // A description escaped twice (`&amp;lt;p&amp;gt;`) is still markup after one pass.
    if (passesLeft > 1 && hasTag(text)) {
      return htmlToText(text, passesLeft - 1);
    }
  }
  return text
    .split('\n')
    .map((line) => collapseWhitespace(line))
    .filter((line) => line.length > 0)
    .join('\n');
}

/** Cuts `s` to at most `max` characters, at a word boundary when one is near, adding "…". */
export function truncate(s: string, max: number): string {
  if (s.length <= max) {
    return s;
  }
  const cut = s.slice(0, max - 1);
  const space = cut.search(/\s\S*$/);
  return (space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd() + '…';
}

/** A number with an optional currency before or after it: an ISO code, a symbol, or руб./р./тг. */
const CURRENCY_TOKEN = "([A-Za-z]{3}|[₽$€£₸]|руб\\.?|р\\.?|тг\\.?|zł|Kč)";
const PRICE_RE = new RegExp(`^(?:${CURRENCY_TOKEN}\\s*)?([-+]?[\\d\\s.,']*\\d[\\d\\s.,']*)(?:\\s*${CURRENCY_TOKEN})?$`, 'i');

/** A value as JSON for a skip reason: only its start is shown, and a value too deep to write is named so. */
function shortJson(v: unknown): string {
  try {
    return (JSON.stringify(v) ?? String(v)).slice(0, LIMITS.priceChars);
  } catch {
    return '(not a number)';
  }
}

/** A parsed price: a number, absent, or invalid (the raw text is kept for the skip reason). */
export type PriceParse = { ok: true; value: number | undefined; currency?: string } | { ok: false; raw: string };

/**
 * Parses a price from a number or text: "1234.5", "1 234,50", "550.00 PLN", "PLN 550",
 * "1,299.00". Empty text is "no price"; anything else that is not a finite number ≥ 0 is invalid.
 */
export function parsePrice(v: unknown): PriceParse {
  if (v === undefined || v === null) {
    return { ok: true, value: undefined };
  }
  if (typeof v === 'number') {
    return Number.isFinite(v) && v >= 0 ? { ok: true, value: v } : { ok: false, raw: String(v) };
  }
  if (typeof v !== 'string') {
    return { ok: false, raw: shortJson(v) };
  }
  const raw = collapseWhitespace(v.length > LIMITS.priceChars * 4 ? v.slice(0, LIMITS.priceChars * 4) : v);
  if (raw === '') {
    return { ok: true, value: undefined };
  }
  // The pattern below backtracks quadratically on long digit-and-space runs; no price is
  // this long ("1 234 567,89 RUB" is 16 characters).
  if (raw.length > LIMITS.priceChars) {
    return { ok: false, raw };
  }
  const m = PRICE_RE.exec(raw);
  if (!m || !m[2]) {
    return { ok: false, raw };
  }
  const currency = normalizeCurrency(m[1] ?? m[3]);
  let num = m[2].replace(/[\s']/g, '');
  const lastComma = num.lastIndexOf(',');
  const lastDot = num.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // Whichever separator comes last is the decimal one: "1.299,00" or "1,299.00".
    num = lastComma > lastDot ? num.replace(/\./g, '').replace(',', '.') : num.replace(/,/g, '');
  } else if (lastComma >= 0) {
    // Several commas ("1,299,000") or one followed by exactly three digits ("1,299") group
    // thousands — prices almost never have three decimals; otherwise ("19,99", "0,125") the
    // comma is the decimal mark, as in most European and Russian feeds.
    const several = (num.match(/,/g) ?? []).length > 1;
    const thousands = several || /^[-+]?[1-9]\d{0,2},\d{3}$/.test(num);
    num = thousands ? num.replace(/,/g, '') : num.replace(',', '.');
  } else if ((num.match(/\./g) ?? []).length > 1) {
    num = num.replace(/\./g, '');
  }
  if (!/^[-+]?\d*\.?\d+$/.test(num) && !/^[-+]?\d+\.$/.test(num)) {
    return { ok: false, raw };
  }
  const value = Number(num);
  if (!Number.isFinite(value) || value < 0) {
    return { ok: false, raw };
  }
  return currency ? { ok: true, value, currency } : { ok: true, value };
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'in stock', 'in_stock', 'instock', 'available', 'preorder', 'pre-order', 'pre_order', 'backorder', 'да', 'есть', 'в наличии']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'out of stock', 'out_of_stock', 'outofstock', 'unavailable', 'not available', 'discontinued', 'нет', 'нет в наличии']);

/**
 * Reads an availability flag; `fallback` when absent or not understood (feeds that do not
 * say are selling what they list).
 */
export function parseAvailable(v: unknown, fallback = true): boolean {
  if (typeof v === 'boolean') {
    return v;
  }
  if (typeof v === 'number') {
    return v > 0;
  }
  if (typeof v !== 'string') {
    return fallback;
  }
  const s = collapseWhitespace(v).toLowerCase();
  if (TRUE_WORDS.has(s)) {
    return true;
  }
  if (FALSE_WORDS.has(s)) {
    return false;
  }
  return fallback;
}

/** Splits a category path written as "A > B > C" (or "A/B/C" when there is no ">"). */
export function splitCategoryPath(path: string): string[] {
  const text = decodeEntities(path);
  const parts = text.includes('>') ? text.split('>') : text.includes('/') ? text.split('/') : [text];
  return parts.map(collapseWhitespace).filter((p) => p.length > 0);
}

/** Common currency spellings mapped to ISO 4217 ("RUR" is YML's old name for the rouble). */
const CURRENCY_ALIAS_LIST: Record<string, string> = {
  RUR: 'RUB',
  'РУБ': 'RUB',
  'Р': 'RUB',
  '₽': 'RUB',
  $: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  'ТГ': 'KZT',
  '₸': 'KZT',
  'ZŁ': 'PLN',
  'KČ': 'CZK',
};
// Looked up by feed text: a Map, so no feed value finds a property of Object.prototype.
const CURRENCY_ALIASES: ReadonlyMap<string, string> = new Map(Object.entries(CURRENCY_ALIAS_LIST));

/** Normalises a currency code: upper case, known aliases to ISO 4217. */
export function normalizeCurrency(c: string | undefined | null): string | undefined {
  if (!c) {
    return undefined;
  }
  const s = collapseWhitespace(c).toUpperCase().replace(/\.$/, '');
  if (s === '') {
    return undefined;
  }
  return CURRENCY_ALIASES.get(s) ?? s;
}

/**
 * Undoes UTF-8 text that was decoded as windows-1251 ("СЃС‚РёРєСЃ.СЂС„" for "стикс.рф"): a
 * real defect of windows-1251 feeds whose engine wrote UTF-8 links into them. Only applied
 * when the bytes re-encode exactly and form valid UTF-8, which genuine Cyrillic text
 * practically never does.
 */
export function repairMojibake(s: string): string {
  if (!/[\u0400-\u04ff]/.test(s)) {
    return s;
  }
  const bytes = iconv.encode(s, 'win1251');
  if (iconv.decode(bytes, 'win1251') !== s) {
    return s;
  }
  const fixed = bytes.toString('utf8');
  return fixed.includes('\ufffd') ? s : fixed;
}

/**
 * Makes a link absolute: http(s) links are kept, protocol-relative ones get https,
 * relative ones are resolved against `base` when there is one, and anything else is dropped
 * (a card cannot show a link the buyer's browser cannot open).
 */
export function normalizeUrl(u: string | undefined | null, base?: string): string | undefined {
  if (!u) {
    return undefined;
  }
  const s = repairMojibake(u.trim()).replace(/ /g, '%20');
  if (s === '' || s.length > LIMITS.urlChars) {
    return undefined;
  }
  try {
    if (/^https?:\/\//i.test(s)) {
      return new URL(s).href;
    }
    if (s.startsWith('//')) {
      return new URL('https:' + s).href;
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(s)) {
      return undefined;
    }
    if (base && /^https?:\/\//i.test(base)) {
      return new URL(s, base).href;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** What a format reader knows about one offer before validation. */
export interface ProductDraft {
  sku?: unknown;
  name?: unknown;
  brand?: unknown;
  price?: unknown;
  oldPrice?: unknown;
  currency?: unknown;
  categoryId?: unknown;
  categories?: string[];
  description?: unknown;
  url?: unknown;
  imageUrl?: unknown;
  /** Base for relative links (the feed's shop or channel link). */
  baseUrl?: string;
  available?: boolean;
  params?: Record<string, string>;
  isStm?: boolean;
}

/**
 * A field's text as read: at most `limit` characters of it (cleaning only shortens text, so
 * a generous multiple of a field's limit loses nothing a product keeps).
 */
function asText(v: unknown, limit = Number.POSITIVE_INFINITY): string {
  if (typeof v === 'string') {
    return v.length > limit ? v.slice(0, limit) : v;
  }
  if (typeof v === 'number' && Number.isFinite(v)) {
    return String(v);
  }
  return '';
}

/**
 * Validates drafts into products. Keeps the set of accepted SKUs (a few bytes per product)
 * so that a repeated id is reported instead of silently replacing the first offer.
 */
export class ProductValidator {
  private readonly seen = new FirstBySku();
  accepted = 0;
  skipped = 0;

  /**
   * Checks one draft. `where` (e.g. "line 12") prefixes skip reasons when the format has
   * no better way for the shop to find the offer.
   */
  check(d: ProductDraft, where?: string): FeedItem {
    const sku = truncate(cleanText(asText(d.sku, LIMITS.skuChars * READ_FACTOR)), LIMITS.skuChars);
    const rawId = sku === '' ? null : sku;
    const skip = (reason: string): FeedItem => {
      this.skipped++;
      return { kind: 'skipped', offer: { offerId: rawId, reason: where ? `${where}: ${reason}` : reason } };
    };
    if (sku === '') {
      return skip('missing id');
    }
    const name = truncate(cleanText(asText(d.name, LIMITS.nameChars * READ_FACTOR)), LIMITS.nameChars);
    if (name === '') {
      return skip('missing name');
    }
    const price = parsePrice(d.price);
    if (!price.ok) {
      return skip(`invalid price "${truncate(price.raw, 40)}"`);
    }
    if (!this.seen.take(sku)) {
      return skip(DUPLICATE_SKU);
    }
    this.accepted++;

    const product: CatalogProduct = {
      sku,
      name,
      categories: (d.categories ?? [])
        .slice(0, LIMITS.categoryLevels * READ_FACTOR)
        .map((c) => truncate(cleanText(asText(c, LIMITS.categoryChars * READ_FACTOR)), LIMITS.categoryChars))
        .filter((c) => c !== '')
        // "Washers > Washers": a level repeated in a row is the same level written twice.
        .filter((c, i, all) => i === 0 || c !== all[i - 1])
        .slice(0, LIMITS.categoryLevels),
      available: d.available ?? true,
      params: newParams(),
    };
    const brand = truncate(cleanText(asText(d.brand, LIMITS.brandChars * READ_FACTOR)), LIMITS.brandChars);
    if (brand !== '') {
      product.brand = brand;
    }
    if (price.value !== undefined) {
      product.price = price.value;
      const old = parsePrice(d.oldPrice);
      // An old price only means something when it is higher: otherwise a card would show a
      // "discount" that is not one. An unreadable old price is dropped, not fatal.
      if (old.ok && old.value !== undefined && old.value > price.value) {
        product.oldPrice = old.value;
      }
    }
    const currency = normalizeCurrency(asText(d.currency) || (price.ok ? price.currency : undefined));
    if (currency) {
      product.currency = currency;
    }
    const categoryId = cleanText(asText(d.categoryId, LIMITS.skuChars * READ_FACTOR));
    if (categoryId !== '') {
      product.categoryId = categoryId;
    }
    const description = truncate(htmlToText(asText(d.description, LIMITS.descriptionChars * DESCRIPTION_READ_FACTOR)), LIMITS.descriptionChars);
    if (description !== '') {
      product.description = description;
    }
    const url = normalizeUrl(asText(d.url, LIMITS.urlChars + 1), d.baseUrl);
    if (url) {
      product.url = url;
    }
    const imageUrl = normalizeUrl(asText(d.imageUrl, LIMITS.urlChars + 1), d.baseUrl);
    if (imageUrl) {
      product.imageUrl = imageUrl;
    }
    let n = 0;
    for (const k in d.params ?? {}) {
      if (!Object.hasOwn(d.params as object, k)) {
        continue;
      }
      if (n >= LIMITS.params) {
        break;
      }
      const key = truncate(cleanText(asText(k, LIMITS.paramNameChars * READ_FACTOR)), LIMITS.paramNameChars);
      const value = truncate(cleanText(asText((d.params as Record<string, string>)[k], LIMITS.paramValueChars * READ_FACTOR)), LIMITS.paramValueChars);
      // Other code may copy params into plain objects, where "__proto__" would set the
      // prototype instead of adding a parameter: it is never one.
      if (key === '' || value === '' || key === '__proto__') {
        continue;
      }
      n++;
      product.params[key] = value;
    }
    if (d.isStm !== undefined) {
      product.isStm = d.isStm;
    }
    return { kind: 'product', product };
  }

  /** Reports an offer that could not even be turned into a draft. */
  reject(offerId: string | null, reason: string): FeedItem {
    this.skipped++;
    return { kind: 'skipped', offer: { offerId, reason } };
  }
}

/**
 * A table of parameters for a draft or a product: keyed by the feed's own names, so with no
 * prototype ("constructor" or "toString" is a parameter name like any other).
 */
export function newParams(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}

/**
 * Adds a parameter, joining repeated names ("Цвет: красный, синий") instead of losing values.
 * Bounded like the product it goes into: new names stop after twice LIMITS.params, and a
 * value stops growing once it is far past LIMITS.paramValueChars (it is cut there anyway).
 */
export function addParam(params: Record<string, string>, name: string, value: string): void {
  const k = collapseWhitespace(asText(name, LIMITS.paramNameChars * READ_FACTOR));
  const v = collapseWhitespace(asText(value, LIMITS.paramValueChars * READ_FACTOR));
  if (k === '' || v === '' || k === '__proto__') {
    return;
  }
  const prev = Object.hasOwn(params, k) ? params[k] : undefined;
  if (prev === undefined) {
    if (Object.keys(params).length < LIMITS.params * 2) {
      params[k] = v;
    }
  } else if (prev.length < LIMITS.paramValueChars * READ_FACTOR && !prev.split(', ').includes(v)) {
    params[k] = `${prev}, ${v}`;
  }
}
