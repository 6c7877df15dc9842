/**
 * The per-tenant catalogue index as the engines see it. One index per tenant; an index
 * knows only the products it was built from.
 */
import type { CatalogProduct } from '../product.ts';
import type { SearchFilters } from './filters.ts';
import type { WorkBudget } from './limits.ts';

export type { SearchFilters } from './filters.ts';

export interface SearchHit {
  product: CatalogProduct;
  score: number;
  /** Share of the query's words this product matched (1 = all); absent for listings. */
  coverage?: number;
  /**
   * Whether the product matches the query's product word ("cord" of "12 ft extension
   * cord", "труба" of "труба 110"); absent when the query names no product type the
   * catalogue has, or has only that one word.
   */
  headMatched?: boolean;
  /**
   * Whether the product is of the kind the product word names (a phone for "samsung galaxy
   * phone"; a Galaxy adapter filed under phones matches the word but is not one); absent as
   * `headMatched` is.
   */
  ofKind?: boolean;
  /**
   * Set when the product is of the kind in the buyer's own word ("earbuds") and the search also
   * took a synonym of it ("headphones") that other products are of.
   */
  kindAsSaid?: boolean;
  /**
   * Set when the product is of the kind asked for and matches every word but some of what it
   * is for ("мышь … беспроводная" for "мышка для ноутбука беспроводная"): as good as a whole
   * match when the rest of the query decides (a cheaper one of the same).
   */
  wholeButPurpose?: boolean;
}

/** Options of a search beyond text, filters and limit. */
export interface SearchOptions {
  /** Order by price among the hits that match the query best, instead of by relevance. */
  sort?: PriceSort;
  /** The turn's work budget: the search adds the postings it reads. */
  budget?: WorkBudget;
  /**
   * The message with the words that became a category filter ("чехол для iphone 15" when the
   * text is "iphone 15"): a model's number in what the item is for is read from it.
   */
  context?: string;
}

export type PriceSort = 'price_asc' | 'price_desc';

/** What a buyer's message asks for, split into search words and filters. */
export interface ParsedQuery {
  /** The words left to search for; never contains the words that became filters. */
  text: string;
  filters: SearchFilters;
  sort?: PriceSort;
}

/**
 * The parse with what the engine needs to explain and relax a search: which words named
 * the brands and categories, and whether the buyer asked for cheaper/pricier things.
 */
export interface DetailedQuery extends ParsedQuery {
  /** Message words that named the category filter (to put back if the filter is dropped). */
  categoryWords: string[];
  /** Message words that named the brand filter. */
  brandWords: string[];
  /**
   * With a category filter: the search words with the category's among them in the buyer's
   * order, and what the item is for ("крем для рук"), searched when the filter is dropped.
   */
  textWithCategory?: string;
  /** "подешевле"/"cheaper" without a number. */
  cheaper: boolean;
  /** "подороже"/"pricier" without a number. */
  pricier: boolean;
  /**
   * The message names only what the item is for ("что-нибудь для кухни", "something for the
   * kitchen"): its words are no product type the shop may lack.
   */
  forOnly?: true;
}

/** The words of a text naming the product type asked for (`CatalogIndex.productWord`). */
export interface ProductWord {
  /** The words that may name the type, as written ("coffee maker", "refrigerator"). */
  word: string;
  /** Whether this catalogue names any product or category by one of them (or a synonym or typo fix). */
  known: boolean;
  /** The one word naming it ("maker" of "coffee maker", "ремешок" of "ремешок для fenix 7"). */
  head: string;
  /** Whether the head names a kind of product: one of this catalogue's kinds, or a product word of the synonym table. */
  kind: boolean;
}

export interface CatalogIndex {
  readonly size: number;
  /** The catalogue's main language, as given when the index was built. */
  readonly language: 'ru' | 'en';
  /** Ranked products for free text within the filters; an empty text lists the filtered products. */
  search(text: string, filters?: SearchFilters, limit?: number, options?: SearchOptions): SearchHit[];
  /** Splits a buyer's message into search words, filters and price order. */
  parseQuery(message: string): ParsedQuery;
  /** Like parseQuery, with the details the engine uses to explain and relax a search. */
  parseDetailed(message: string): DetailedQuery;
  bySku(sku: string): CatalogProduct | undefined;
  /** Whether two products of this catalogue are of one kind, by the kind words of their names and categories (both phones). */
  sameKind(skuA: string, skuB: string): boolean;
  /** Products like this one: same kind, close in name and price. */
  similar(sku: string, limit?: number, filters?: SearchFilters, budget?: WorkBudget): CatalogProduct[];
  /** "What goes with it": accessories and consumables for this product, those that fit it first. */
  complementary(sku: string, limit?: number, budget?: WorkBudget): CatalogProduct[];
  /** Canonical names of the catalogue's brands. */
  brands(): string[];
  /** How many brands the catalogue has (without listing them). */
  brandCount(): number;
  /** The catalogue's largest most-specific categories, largest first (for "popular categories" hints). */
  topCategories(limit?: number): string[];
  /**
   * The words of a text that may name the product type asked for ("tv" of "4k tv 55 inch",
   * "coffee maker", "труба" of "труба 110"), and whether this catalogue names any product
   * or category by one of them (or a synonym or typo fix); null when the text names none.
   */
  productWord(text: string): ProductWord | null;
  /** The canonical brand for a name as a buyer or a filter writes it, if the catalogue has it. */
  resolveBrand(name: string): string | undefined;
  /** Whether some product's text has this word as written (its stem; no typo fix, no synonym): "oled" where OLED sets are sold. */
  knowsWord(word: string): boolean;
}
