/**
 * The structured part of a search: price bounds, brands, categories, availability, a discount, and
 * what the buyer does not want ("без мешка").
 * Shared by the index (to filter hits) and the engine (to describe and relax a search).
 */

export interface SearchFilters {
  priceMin?: number;
  priceMax?: number;
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
