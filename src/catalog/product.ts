/**
 * One product of a shop's catalogue as Aisle keeps it, whatever feed it came from
 * (YML, Google Merchant RSS/Atom, CSV, JSON Lines). Importers produce it; the search
 * index and the engines read it; product cards (spec 2.5) are filled from it.
 */
export interface CatalogProduct {
  /** The shop's product id (YML offer id, g:id, `sku` column). Unique within a tenant's catalogue. */
  sku: string;
  name: string;
  brand?: string;
  /** Price in the catalogue's currency; absent when the feed gives none. */
  price?: number;
  oldPrice?: number;
  currency?: string;
  categoryId?: string;
  /** Category path from the most general to the most specific. */
  categories: string[];
  description?: string;
  url?: string;
  imageUrl?: string;
  available: boolean;
  /** Named parameters (YML `param`, Merchant attributes, CSV extra columns): colour, size, … */
  params: Record<string, string>;
  /** The shop's own brand (spec `is_stm`). */
  isStm?: boolean;
}

/** A parameter value that says the product lacks the feature ("Mopping: No", "Подсветка: нет"). */
const DENIED = /^\s*(?:no|none|false|нет|отсутствует|без|-|—)\s*$/iu;

/**
 * Whether a parameter says the product has what its name names: "Mopping: No" does not make a
 * robot vacuum one "with a mop", so such parameters are neither searched nor shown as words.
 */
export function paramStated(value: string): boolean {
  return !DENIED.test(value);
}

/** An offer the importer skipped, reported by its id so the shop can fix its feed. */
export interface SkippedOffer {
  offerId: string | null;
  reason: string;
}

/**
 * The product's price as a buyer can pay it: a price of 0 is a placeholder (a trade-in offer,
 * "price on request"), not a free product, so it fits no budget and heads no cheapest-first list.
 */
export function statedPrice(p: CatalogProduct): number | undefined {
  return p.price !== undefined && p.price > 0 ? p.price : undefined;
}
