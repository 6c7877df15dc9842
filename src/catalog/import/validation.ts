/**
 * The one validator every format goes through, so that a shop gets the same rules (and the
 * same skip reasons) whatever format it publishes.
 */
import { DUPLICATE_SKU, FirstBySku } from '../first-by-sku.ts';
import type { CatalogProduct } from '../product.ts';
import type { FeedItem } from './feed.ts';
import { asText, newParams, normalizeCurrency, normalizeUrl, parsePrice } from './fields.ts';
import { DESCRIPTION_READ_FACTOR, LIMITS, READ_FACTOR } from './limits.ts';
import { cleanText, htmlToText, truncate } from './text.ts';

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
 * Validates drafts into products. Keeps the accepted SKUs (a few bytes per product; the
 * rule is first-by-sku.ts) so that a repeated id is reported instead of silently replacing
 * the first offer.
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
