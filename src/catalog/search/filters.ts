/**
 * The structured part of a search: price bounds, brands, categories, availability, a discount, and
 * what the buyer does not want ("без мешка").
 * Shared by the index (to filter hits) and the engine (to describe and relax a search).
 */

export interface SearchFilters {
  priceMin?: number;
  priceMax?: number;
  /**
   * The price said as "around" ("около 10 000", "around 150"), whose bounds are priceMin and
   * priceMax as `aroundBounds` makes them: said back as the buyer said it while they stand.
   */
  priceAround?: number;
  brands?: string[];
  excludeBrands?: string[];
  /** Category names (any level of the path). */
  categories?: string[];
  availableOnly?: boolean;
  /** Only products sold below their old price ("со скидкой", "on sale"). */
  discountedOnly?: boolean;
  /** Phrases products must not say they have, as the buyer wrote them ("мешка" of "без мешка"). */
  excludeWords?: string[];
}

/** The bounds "around" a price stands for: from a little below it to a little above. */
export function aroundBounds(price: number): { priceMin: number; priceMax: number } {
  return { priceMin: Math.round(price * 0.7), priceMax: Math.round(price * 1.15) };
}

/** The price said as "around", while the bounds are still those it set (a "cheaper" since replaced them). */
export function aroundPrice(f: SearchFilters | undefined): number | undefined {
  const around = f?.priceAround;
  if (around === undefined) {
    return undefined;
  }
  const bounds = aroundBounds(around);
  return f?.priceMin === bounds.priceMin && f?.priceMax === bounds.priceMax ? around : undefined;
}

/** Whether a filter set restricts anything at all. */
export function hasFilters(f: SearchFilters | undefined): boolean {
  return (
    f !== undefined &&
    (f.priceMin !== undefined ||
      f.priceMax !== undefined ||
      (f.brands?.length ?? 0) > 0 ||
      (f.excludeBrands?.length ?? 0) > 0 ||
      (f.categories?.length ?? 0) > 0 ||
      (f.excludeWords?.length ?? 0) > 0 ||
      f.availableOnly === true ||
      f.discountedOnly === true)
  );
}

/** Filters with empty lists and undefined bounds removed, for storing in dialog state. */
export function compactFilters(f: SearchFilters): SearchFilters {
  const out: SearchFilters = {};
  if (f.priceMin !== undefined) {
    out.priceMin = f.priceMin;
  }
  if (f.priceMax !== undefined) {
    out.priceMax = f.priceMax;
  }
  if (aroundPrice(f) !== undefined) {
    out.priceAround = f.priceAround as number;
  }
  if (f.brands && f.brands.length > 0) {
    out.brands = [...f.brands];
  }
  if (f.excludeBrands && f.excludeBrands.length > 0) {
    out.excludeBrands = [...f.excludeBrands];
  }
  if (f.categories && f.categories.length > 0) {
    out.categories = [...f.categories];
  }
  if (f.availableOnly) {
    out.availableOnly = true;
  }
  if (f.discountedOnly) {
    out.discountedOnly = true;
  }
  if (f.excludeWords && f.excludeWords.length > 0) {
    out.excludeWords = [...f.excludeWords];
  }
  return out;
}
