/**
 * The per-tenant catalogue index: full-text search (MiniSearch: BM25 with field boosts,
 * prefix and fuzzy matching) over name, brand, category path, parameters and description,
 * with Russian and English stemming, plus compact per-product columns for filtering by
 * price, brand, category and availability. Nothing is shared between indexes: each
 * tenant's index holds only its own products.
 */
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import type { CatalogProduct } from '../product.ts';
import { BrandMatcher, brandKey } from './brands.ts';
import { CategoryMatcher, categoryKey } from './categories.ts';
import type { SearchFilters } from './filters.ts';
import { parseMessage } from './query-parse.ts';
import { complementaryProducts, similarProducts, type RelatedSource } from './related.ts';
import { stem } from './stem.ts';
import { COMPATIBILITY_WORDS, STOP_WORDS } from './stopwords.ts';
import { joinPhrases, synonymsOf } from './synonyms.ts';
import { hasDigit, isCyrillic, normalizeText, tokenize, tokenizeForIndex } from './tokenize.ts';
import { toCyrillic, toLatin } from './translit.ts';
import type { CatalogIndex, DetailedQuery, ParsedQuery, PriceSort, SearchHit, SearchOptions } from './types.ts';

export type { CatalogIndex, DetailedQuery, ParsedQuery, PriceSort, SearchHit, SearchOptions } from './types.ts';
export type { SearchFilters } from './filters.ts';
export { hasFilters, compactFilters } from './filters.ts';

type Field = 'name' | 'head' | 'brand' | 'categories' | 'params' | 'description';
const FIELDS: Field[] = ['name', 'head', 'brand', 'categories', 'params', 'description'];

// A word in the name counts most, more again in the name's head (the part before "для"/
// "for", which says what the item is); then brand and category; parameters and the
// description only help.
const BOOST: Record<Field, number> = { name: 3, head: 2, brand: 3, categories: 2, params: 1, description: 0.4 };

// Descriptions are long and mostly repeat the name; their head is what matters, and
// indexing whole texts would double the memory of a 100,000-product index.
const DESCRIPTION_CHARS = 300;

const SYNONYM_WEIGHT = 0.6;
const KIND_WEIGHT = 2;
const TRANSLIT_WEIGHT = 0.7;
const UNAVAILABLE_FACTOR = 0.75;

interface CompiledFilters {
  min: number;
  max: number;
  brands: Set<number> | null;
  excludeBrands: Set<number> | null;
  categories: Set<number> | null;
  availableOnly: boolean;
}

/** One query word with the stems that count as matching it. */
interface TermGroup {
  terms: Array<{ term: string; weight: number; fuzzy: number; prefix: boolean }>;
}

/**
 * Builds the search index of one tenant's catalogue. Products with a repeated SKU keep the
 * first occurrence. `language` is the catalogue's main language; both Russian and English
 * words are always understood (the stemmer is chosen per word by its script).
 */
export function buildCatalogIndex(products: CatalogProduct[], options: { language?: 'ru' | 'en' } = {}): CatalogIndex {
  const docs: CatalogProduct[] = [];
  const bySkuMap = new Map<string, number>();
  for (const p of products) {
    if (!bySkuMap.has(p.sku)) {
      bySkuMap.set(p.sku, docs.length);
      docs.push(p);
    }
  }
  const n = docs.length;

  // Column store for filters: a few bytes per product instead of property lookups.
  const prices = new Float64Array(n);
  const available = new Uint8Array(n);
  const brandOf = new Int32Array(n).fill(-1);
  const brandIds = new Map<string, number>();
  const brandCounts = new Map<string, number>();
  const catIds = new Map<string, number>();
  const catNames: string[] = [];
  const catSizes: number[] = [];
  const leafSizes = new Map<string, number>();
  const catOffsets = new Uint32Array(n + 1);
  const catList: number[] = [];
  const nameDf = new Map<string, number>();

  for (let i = 0; i < n; i++) {
    const p = docs[i] as CatalogProduct;
    prices[i] = p.price ?? Number.NaN;
    available[i] = p.available ? 1 : 0;
    if (p.brand) {
      const key = brandKey(p.brand);
      if (key !== '') {
        let id = brandIds.get(key);
        if (id === undefined) {
          id = brandIds.size;
          brandIds.set(key, id);
        }
        brandOf[i] = id;
        brandCounts.set(p.brand, (brandCounts.get(p.brand) ?? 0) + 1);
      }
    }
    catOffsets[i] = catList.length;
    for (const c of p.categories) {
      const key = categoryKey(c);
      let id = catIds.get(key);
      if (id === undefined) {
        id = catNames.length;
        catIds.set(key, id);
        catNames.push(c);
        catSizes.push(0);
      }
      catSizes[id] = (catSizes[id] ?? 0) + 1;
      catList.push(id);
    }
    const leaf = p.categories[p.categories.length - 1];
    if (leaf !== undefined) {
      leafSizes.set(leaf, (leafSizes.get(leaf) ?? 0) + 1);
    }
    for (const w of new Set(tokenize(p.name))) {
      nameDf.set(w, (nameDf.get(w) ?? 0) + 1);
    }
  }
  catOffsets[n] = catList.length;
  const catOf = Int32Array.from(catList);

  const brandMatcher = new BrandMatcher(brandCounts);
  const categoryMatcher = new CategoryMatcher(catNames);

  // Stems present in the index: a query word that is one of them is matched exactly; only
  // an unknown word is looked up with typo tolerance (cheaper, and no drift from a right
  // word to a similar one).
  const vocabulary = new Set<string>();
  const ms = new MiniSearch<number>({
    fields: FIELDS,
    idField: 'id',
    extractField: (i, field) => (field === 'id' ? i : fieldText(docs[i] as CatalogProduct, field as Field)),
    tokenize: tokenizeForIndex,
    processTerm: (term) => {
      if (STOP_WORDS.has(term)) {
        return null;
      }
      const s = stem(term);
      vocabulary.add(s);
      return s;
    },
    searchOptions: {
      boost: BOOST,
      // Queries arrive already split and stemmed (see termGroups).
      tokenize: (s) => [s],
      processTerm: (t) => t,
      weights: { fuzzy: 0.55, prefix: 0.6 },
    },
  });
  ms.addAll(Array.from({ length: n }, (_, i) => i));

  function compile(f: SearchFilters | undefined): CompiledFilters {
    const ids = (names: string[] | undefined, resolve: (name: string) => number | undefined): Set<number> | null => {
      if (!names || names.length === 0) {
        return null;
      }
      const set = new Set<number>();
      for (const name of names) {
        const id = resolve(name);
        if (id !== undefined) {
          set.add(id);
        }
      }
      return set;
    };
    const brandId = (name: string): number | undefined => {
      const canonical = brandMatcher.resolve(name);
      return brandIds.get(brandKey(canonical ?? name));
    };
    return {
      min: f?.priceMin ?? Number.NEGATIVE_INFINITY,
      max: f?.priceMax ?? Number.POSITIVE_INFINITY,
      brands: ids(f?.brands, brandId),
      excludeBrands: ids(f?.excludeBrands, brandId),
      categories: ids(f?.categories, (name) => catIds.get(categoryKey(name))),
      availableOnly: f?.availableOnly === true,
    };
  }

  function passes(i: number, f: CompiledFilters): boolean {
    if (f.availableOnly && available[i] === 0) {
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
    if (f.categories) {
      let found = false;
      for (let k = catOffsets[i] as number; k < (catOffsets[i + 1] as number); k++) {
        if (f.categories.has(catOf[k] as number)) {
          found = true;
          break;
        }
      }
      if (!found) {
        return false;
      }
    }
    return true;
  }

  function termGroups(words: string[]): TermGroup[] {
    return words.map((w, gi) => {
      const isLast = gi === words.length - 1;
      const own = stem(w);
      const terms: TermGroup['terms'] = [];
      const seen = new Set<string>();
      const add = (term: string, weight: number, allowFuzzy: boolean, prefix: boolean): void => {
        if (seen.has(term) || term === '') {
          return;
        }
        seen.add(term);
        const known = vocabulary.has(term);
        const fuzzy = !known && allowFuzzy && !hasDigit(term) && term.length >= 4 ? (term.length >= 7 ? 2 : 1) : 0;
        terms.push({ term, weight, fuzzy, prefix });
      };
      const synonyms = synonymsOf(w).flatMap((s) => tokenize(s)).map(stem);
      // Words that name a kind of product in this shop ("наушники") matter more than
      // modifiers ("беспроводные"), however rare the modifier is.
      const kind = [own, ...synonyms].some((t) => categoryMatcher.kindStems.has(t)) ? KIND_WEIGHT : 1;
      add(own, kind, true, isLast && own.length >= 3);
      for (const t of synonyms) {
        add(t, SYNONYM_WEIGHT * kind, false, false);
      }
      // A word the catalogue does not know may be a brand or model in the other script
      // ("самснуг" → "samsnug" ≈ "samsung").
      if (!vocabulary.has(own) && !hasDigit(w) && w.length >= 4) {
        const other = isCyrillic(w) ? toLatin(w) : toCyrillic(w);
        add(stem(other), TRANSLIT_WEIGHT * kind, true, isLast);
      }
      return { terms };
    });
  }

  function queryWords(text: string): string[] {
    return joinPhrases(tokenize(text)).filter((w) => !STOP_WORDS.has(w) && !COMPATIBILITY_WORDS.has(w));
  }

  interface Ranked {
    doc: number;
    score: number;
    coverage: number;
  }

  function rankText(words: string[], cf: CompiledFilters): Ranked[] {
    const groups = termGroups(words);
    const groupOf = new Map<string, number>();
    const query: Query = {
      combineWith: 'OR',
      queries: groups.map((g, gi) => ({
        combineWith: 'OR',
        queries: g.terms.map((t) => {
          if (!groupOf.has(t.term)) {
            groupOf.set(t.term, gi);
          }
          return { queries: [t.term], fuzzy: t.fuzzy, prefix: t.prefix, boostTerm: () => t.weight };
        }),
      })),
    };
    const filtered = cf.brands || cf.excludeBrands || cf.categories || cf.availableOnly || cf.min > -Infinity || cf.max < Infinity;
    const results: SearchResult[] = ms.search(query, filtered ? { filter: (r) => passes(r.id as number, cf) } : {});
    const out: Ranked[] = [];
    for (const r of results) {
      const matched = new Set<number>();
      for (const t of r.queryTerms) {
        const g = groupOf.get(t);
        if (g !== undefined) {
          matched.add(g);
        }
      }
      const coverage = matched.size / groups.length;
      const doc = r.id as number;
      // MiniSearch multiplies by the number of matched query terms, which synonyms inflate;
      // the share of the buyer's words matched replaces it, cubed so that products matching
      // every word come first.
      let score = (r.score / Math.max(1, r.queryTerms.length)) * coverage ** 3;
      if (available[doc] === 0) {
        score *= UNAVAILABLE_FACTOR;
      }
      out.push({ doc, score, coverage });
    }
    out.sort((a, b) => b.score - a.score || a.doc - b.doc);
    return out;
  }

  /** Filtered products without text: available first, then the shop's own order. */
  function listFiltered(cf: CompiledFilters, limit: number, sort: PriceSort | undefined): Ranked[] {
    const picked: Ranked[] = [];
    const later: Ranked[] = [];
    const wantAll = sort !== undefined;
    for (let i = 0; i < n; i++) {
      if (!passes(i, cf)) {
        continue;
      }
      const hit = { doc: i, score: 1, coverage: 1 };
      if (wantAll) {
        picked.push(hit);
      } else if (available[i] === 1) {
        picked.push(hit);
        if (picked.length >= limit) {
          break;
        }
      } else if (later.length < limit) {
        later.push(hit);
      }
    }
    if (wantAll) {
      return sortByPrice(picked, sort).slice(0, limit);
    }
    return [...picked, ...later].slice(0, limit);
  }

  function sortByPrice(hits: Ranked[], sort: PriceSort): Ranked[] {
    const dir = sort === 'price_asc' ? 1 : -1;
    const key = (h: Ranked): number => {
      const p = prices[h.doc] as number;
      return Number.isNaN(p) ? Number.POSITIVE_INFINITY : dir * p;
    };
    return hits.sort((a, b) => (available[b.doc] as number) - (available[a.doc] as number) || key(a) - key(b));
  }

  function search(text: string, filters?: SearchFilters, limit = 10, opts: SearchOptions = {}): SearchHit[] {
    const cf = compile(filters);
    const words = queryWords(text);
    let ranked: Ranked[];
    if (words.length === 0) {
      ranked = listFiltered(cf, limit, opts.sort);
    } else {
      ranked = rankText(words, cf);
      const best = ranked[0];
      if (best) {
        // Keep what matches about as much of the query as the best hit does; the long tail
        // of one-word matches for a three-word query is noise, not choice.
        const minCoverage = best.coverage * 0.6;
        const minScore = best.score * 0.02;
        ranked = ranked.filter((h) => h.coverage >= minCoverage && h.score >= minScore);
      }
      if (opts.sort) {
        // Price order among the products that match as well as the best one.
        const top = ranked[0]?.coverage ?? 1;
        ranked = sortByPrice(ranked.filter((h) => h.coverage >= top), opts.sort);
      }
      ranked = ranked.slice(0, limit);
    }
    return ranked.map((h) => ({ product: docs[h.doc] as CatalogProduct, score: h.score, coverage: h.coverage }));
  }

  const related: RelatedSource = {
    docs,
    prices,
    available,
    nameDf,
    docIndex: (sku) => bySkuMap.get(sku),
    search: (text, filters, limit) => search(text, filters, limit),
    sameBrand: (a, b) => brandOf[a] !== -1 && brandOf[a] === brandOf[b],
    categoryIdsOf: (i) => Array.from(catOf.subarray(catOffsets[i], catOffsets[i + 1])),
    categoryName: (id) => catNames[id] as string,
    categorySize: (id) => catSizes[id] ?? 0,
    passes: (i, f) => passes(i, compile(f)),
  };

  const index: CatalogIndex = {
    size: n,
    language: options.language ?? 'ru',
    search,
    parseQuery(message: string): ParsedQuery {
      const d = parseMessage(message, brandMatcher, categoryMatcher, (st) => vocabulary.has(st));
      const out: ParsedQuery = { text: d.text, filters: d.filters };
      if (d.sort) {
        out.sort = d.sort;
      }
      return out;
    },
    parseDetailed(message: string): DetailedQuery {
      return parseMessage(message, brandMatcher, categoryMatcher, (st) => vocabulary.has(st));
    },
    bySku(sku: string): CatalogProduct | undefined {
      const i = bySkuMap.get(sku);
      return i === undefined ? undefined : docs[i];
    },
    similar(sku: string, limit = 8, filters?: SearchFilters): CatalogProduct[] {
      return similarProducts(related, sku, limit, filters);
    },
    complementary(sku: string, limit = 8): CatalogProduct[] {
      return complementaryProducts(related, sku, limit);
    },
    brands(): string[] {
      return brandMatcher.all();
    },
    topCategories(limit = 6): string[] {
      return [...leafSizes.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, limit)
        .map(([name]) => name);
    },
    resolveBrand(name: string): string | undefined {
      return brandMatcher.resolve(name);
    },
  };
  return index;
}

/** The text of one indexed field of a product. */
function fieldText(p: CatalogProduct, field: Field): string {
  switch (field) {
    case 'name':
      return p.name;
    case 'head':
      return nameHead(p.name);
    case 'brand':
      return p.brand ?? '';
    case 'categories':
      return p.categories.join(' / ');
    case 'params':
      return Object.values(p.params).join(' ; ');
    case 'description':
      return p.description ? p.description.slice(0, DESCRIPTION_CHARS) : '';
  }
}

/**
 * The part of a product name before "для"/"for" — what the item is, as opposed to what it
 * fits ("Чехол … для Galaxy S24" is a case, not a phone).
 */
export function nameHead(name: string): string {
  const norm = normalizeText(name);
  const m = /\s(?:для|for|к|под|compatible with)\s/u.exec(norm);
  return m ? norm.slice(0, m.index) : norm;
}
