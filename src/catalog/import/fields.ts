/**
 * Reading one field of an offer, the same way in every format: prices (with currency),
 * availability, category paths, currency codes, links, and the parameter table.
 */
import { collapseWhitespace, decodeEntities, repairMojibake } from './text.ts';
import { LIMITS, READ_FACTOR } from './limits.ts';

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

/**
 * A field's text as read: at most `limit` characters of it (cleaning only shortens text, so
 * a generous multiple of a field's limit loses nothing a product keeps).
 */
export function asText(v: unknown, limit = Number.POSITIVE_INFINITY): string {
  if (typeof v === 'string') {
    return v.length > limit ? v.slice(0, limit) : v;
  }
  if (typeof v === 'number' && Number.isFinite(v)) {
    return String(v);
  }
  return '';
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
