/**
 * Search filters (price, brand, category, availability, a discount) turned into ids of an index's
 * columns once per search, and checked per product against the columns; excluded words
 * ("без мешка") are checked against the products' cards (excluded-words.ts).
 */
import type { BrandMatcher } from './brands.ts';
import { brandKey } from './brands.ts';
import { categoryKey } from './categories.ts';
import type { CatalogColumns } from './columns.ts';
import type { Exclusion } from './excluded-words.ts';
import type { SearchFilters } from './filters.ts';

/** Brand or category names one filter may list (a filter from a model or old state may list more). */
const MAX_FILTER_NAMES = 50;

export interface CompiledFilters {
  min: number;
  max: number;
  brands: Set<number> | null;
  excludeBrands: Set<number> | null;
  categories: Set<number> | null;
  availableOnly: boolean;
  discountedOnly: boolean;
  exclusion: Exclusion | null;
  any: boolean;
}

/** `compile` resolves a search's filters against these columns; `passes` checks one product. */
export function columnFilters(
  columns: CatalogColumns,
  brandMatcher: BrandMatcher,
  exclusionOf: (phrases: string[] | undefined) => Exclusion | null,
): {
  compile: (f: SearchFilters | undefined) => CompiledFilters;
  passes: (i: number, f: CompiledFilters) => boolean;
  passesColumns: (i: number, f: CompiledFilters) => boolean;
} {
  const { prices, available, discounted, brandOf, brandIds, catIds, catOffsets, catOf } = columns;

  function compile(f: SearchFilters | undefined): CompiledFilters {
    const ids = (names: string[] | undefined, resolve: (name: string) => number | undefined): Set<number> | null => {
      if (!names || names.length === 0) {
        return null;
      }
      const set = new Set<number>();
      for (const name of names.slice(0, MAX_FILTER_NAMES)) {
        const id = resolve(name);
        if (id !== undefined) {
          set.add(id);
        }
      }
      return set;
    };
    const brandId = (name: string): number | undefined => brandIds.get(brandKey(brandMatcher.resolve(name) ?? name));
    const cf: CompiledFilters = {
      min: f?.priceMin ?? Number.NEGATIVE_INFINITY,
      max: f?.priceMax ?? Number.POSITIVE_INFINITY,
      brands: ids(f?.brands, brandId),
      excludeBrands: ids(f?.excludeBrands, brandId),
      categories: ids(f?.categories, (name) => catIds.get(categoryKey(name))),
      availableOnly: f?.availableOnly === true,
      discountedOnly: f?.discountedOnly === true,
      exclusion: exclusionOf(f?.excludeWords),
      any: false,
    };
    cf.any =
      cf.brands !== null || cf.excludeBrands !== null || cf.categories !== null || cf.availableOnly || cf.discountedOnly || cf.exclusion !== null || cf.min > -Infinity || cf.max < Infinity;
    return cf;
  }

  /** Every filter. */
  function passes(i: number, f: CompiledFilters): boolean {
    return passesColumns(i, f) && (f.exclusion === null || !f.exclusion.excludes(i));
  }

  /**
   * Every filter but excluded words, which may read the product's card: a ranking asks them
   * only of the products it is about to show (see ranking.ts).
   */
  function passesColumns(i: number, f: CompiledFilters): boolean {
    if (!f.any) {
      return true;
    }
    if (f.availableOnly && available[i] === 0) {
      return false;
    }
    if (f.discountedOnly && discounted[i] === 0) {
      return false;
    }
    if (f.min !== Number.NEGATIVE_INFINITY || f.max !== Number.POSITIVE_INFINITY) {
      const price = prices[i] as number;
      // A product without a price cannot be shown to fit a budget.
      if (Number.isNaN(price) || price < f.min || price > f.max) {
        return false;
      }
    }
    if (f.brands && !f.brands.has(brandOf[i] as number)) {
      return false;
    }
    if (f.excludeBrands && f.excludeBrands.has(brandOf[i] as number)) {
      return false;
    }
    return f.categories === null || inCategories(i, f.categories);
  }

  function inCategories(i: number, categories: Set<number>): boolean {
    for (let k = catOffsets[i] as number; k < (catOffsets[i + 1] as number); k++) {
      if (categories.has(catOf[k] as number)) {
        return true;
      }
    }
    return false;
  }

  return { compile, passes, passesColumns };
}
