/**
 * The per-tenant catalogue index: full-text search over name, brand, category path,
 * parameters and description (BM25F with field boosts, Russian and English stemming,
 * prefix matching of the last word, typo tolerance, synonyms and transliteration), and
 * compact per-product columns for filtering by price, brand, category and availability.
 * Nothing is shared between indexes: each tenant's index holds only its own products.
 */
import type { CatalogProduct } from '../product.ts';
import { BrandMatcher, brandKey } from './brands.ts';
import { CategoryMatcher, categoryKey } from './categories.ts';
import type { SearchFilters } from './filters.ts';
import { InvertedIndexBuilder, type InvertedIndex, type TermAlternative } from './inverted.ts';
import { boundText, MAX_FUZZY_WORDS, MAX_SEARCH_POSTINGS, type WorkBudget } from './limits.ts';
import { parseMessage } from './query-parse.ts';
import { complementaryProducts, similarProducts, type RelatedSource } from './related.ts';
import { stem } from './stem.ts';
import { COMPATIBILITY_WORDS, STOP_WORDS } from './stopwords.ts';
import { joinPhrases, synonymsOf } from './synonyms.ts';
import { hasDigit, isCyrillic, tokenize, tokenizeForIndex } from './tokenize.ts';
import { toCyrillic, toLatin } from './translit.ts';
import type { CatalogIndex, DetailedQuery, ParsedQuery, PriceSort, SearchHit, SearchOptions } from './types.ts';

export type { CatalogIndex, DetailedQuery, ParsedQuery, PriceSort, SearchHit, SearchOptions } from './types.ts';
export type { SearchFilters } from './filters.ts';
export { hasFilters, compactFilters } from './filters.ts';

// A word in the name counts most, more again in the name's head (the part before "для"/
// "for", which says what the item is); then brand and category; parameters and the
// description only help.
const FIELDS = [
  { name: 'name', boost: 3 },
  { name: 'head', boost: 2 },
  { name: 'brand', boost: 3 },
  { name: 'categories', boost: 2 },
  { name: 'params', boost: 1 },
  { name: 'description', boost: 0.4 },
];

// Descriptions are long and mostly repeat the name; their start is what matters, and
// indexing whole texts would double the index of a 100,000-product catalogue.
const DESCRIPTION_CHARS = 300;

const KIND_WEIGHT = 2;
const SYNONYM_WEIGHT = 0.6;
const TRANSLIT_WEIGHT = 0.7;
const PREFIX_WEIGHT = 0.6;
const FUZZY_WEIGHT = 0.55;
const ABBREVIATION_WEIGHT = 0.5;
const PREFIX_TERMS = 8;
const FUZZY_TERMS = 3;
const UNAVAILABLE_FACTOR = 0.75;
const MAX_QUERY_WORDS = 32;
/** Brand or category names one filter may list (a filter from a model or old state may list more). */
const MAX_FILTER_NAMES = 50;
/** Query word lists whose expansions are remembered: relaxation searches the same words again. */
const GROUPS_MEMO = 16;

interface CompiledFilters {
  min: number;
  max: number;
  brands: Set<number> | null;
  excludeBrands: Set<number> | null;
  categories: Set<number> | null;
  availableOnly: boolean;
  any: boolean;
}

/** Documents of each key (category or brand id), as one flat array with offsets. */
interface Postings {
  start: Int32Array;
  docs: Int32Array;
}

function postingsOf(keyOfDoc: (i: number, add: (key: number) => void) => void, n: number, keys: number): Postings {
  const counts = new Int32Array(keys + 1);
  for (let i = 0; i < n; i++) {
    keyOfDoc(i, (k) => {
      counts[k + 1] = (counts[k + 1] as number) + 1;
    });
  }
  for (let k = 0; k < keys; k++) {
    counts[k + 1] = (counts[k + 1] as number) + (counts[k] as number);
  }
  const fill = counts.slice(0, keys);
  const docs = new Int32Array(counts[keys] as number);
  for (let i = 0; i < n; i++) {
    keyOfDoc(i, (k) => {
      docs[fill[k] as number] = i;
      fill[k] = (fill[k] as number) + 1;
    });
  }
  return { start: counts, docs };
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Builds the search index of one tenant's catalogue. Products with a repeated SKU keep the
 * first occurrence. `language` is the catalogue's main language; Russian and English
 * words are always both understood (the stemmer is chosen per word by its script).
 * `searchPostings` is the cap on what one search reads (MAX_SEARCH_POSTINGS; smaller in
 * tests, so a small catalogue shows it).
 */
export function buildCatalogIndex(products: CatalogProduct[], options: { language?: 'ru' | 'en'; searchPostings?: number } = {}): CatalogIndex {
  const searchPostings = options.searchPostings ?? MAX_SEARCH_POSTINGS;
  const docs: CatalogProduct[] = [];
  const bySkuMap = new Map<string, number>();
  for (const p of products) {
    if (!bySkuMap.has(p.sku)) {
      bySkuMap.set(p.sku, docs.length);
      docs.push(p);
    }
  }
  const n = docs.length;

  // Columns for filters: a few bytes per product instead of property lookups.
  const prices = new Float64Array(n);
  const available = new Uint8Array(n);
  const brandOf = new Int32Array(n).fill(-1);
  const brandIds = new Map<string, number>();
  const brandCounts = new Map<string, number>();
  const brandDocCount = new Map<string, number>();
  const catIds = new Map<string, number>();
  const catNames: string[] = [];
  const leafSizes = new Map<string, number>();
  const catOffsets = new Int32Array(n + 1);
  const catList: number[] = [];
  const nameDf = new Map<string, number>();
  const nameWordsOf: string[][] = new Array<string[]>(n);

  for (let i = 0; i < n; i++) {
    const p = docs[i] as CatalogProduct;
    prices[i] = p.price ?? Number.NaN;
    available[i] = p.available ? 1 : 0;
    if (p.brand) {
      brandCounts.set(p.brand, (brandCounts.get(p.brand) ?? 0) + 1);
      const key = brandKey(p.brand);
      brandDocCount.set(key, (brandDocCount.get(key) ?? 0) + 1);
    }
    catOffsets[i] = catList.length;
    for (const c of p.categories) {
      const key = categoryKey(c);
      let id = catIds.get(key);
      if (id === undefined) {
        id = catNames.length;
        catIds.set(key, id);
        catNames.push(c);
      }
      catList.push(id);
    }
    const leaf = p.categories[p.categories.length - 1];
    if (leaf !== undefined) {
      leafSizes.set(leaf, (leafSizes.get(leaf) ?? 0) + 1);
    }
    const words = tokenizeForIndex(p.name);
    nameWordsOf[i] = words;
    for (const w of new Set(words)) {
      nameDf.set(w, (nameDf.get(w) ?? 0) + 1);
    }
  }
  catOffsets[n] = catList.length;
  const catOf = Int32Array.from(catList);

  // A word that many other products' names use is not a brand name to a buyer
  // ("Case-Mate" → "case", "RAM Mounts" → "ram").
  const brandMatcher = new BrandMatcher(brandCounts, (word, key) => (nameDf.get(word) ?? 0) > 3 * (brandDocCount.get(key) ?? 0) + 5);
  const categoryMatcher = new CategoryMatcher(catNames);

  // Brands: the product's own, else one its name starts with or contains (not after
  // "для"/"for", where a brand says what the item fits): many feeds leave `vendor` empty.
  const brandName = (key: string): number => {
    let id = brandIds.get(key);
    if (id === undefined) {
      id = brandIds.size;
      brandIds.set(key, id);
    }
    return id;
  };
  for (let i = 0; i < n; i++) {
    const p = docs[i] as CatalogProduct;
    if (p.brand && brandKey(p.brand) !== '') {
      brandOf[i] = brandName(brandKey(p.brand));
      continue;
    }
    const words = (nameWordsOf[i] as string[]).slice(0, 12);
    const compat = words.findIndex((w) => COMPATIBILITY_WORDS.has(w));
    const mention = brandMatcher.find(compat === -1 ? words : words.slice(0, compat), true)[0];
    if (mention) {
      brandOf[i] = brandName(brandKey(mention.brand));
    }
  }
  const brandPostings = postingsOf((i, add) => {
    if ((brandOf[i] as number) >= 0) {
      add(brandOf[i] as number);
    }
  }, n, brandIds.size);
  const catPostings = postingsOf((i, add) => {
    for (let k = catOffsets[i] as number; k < (catOffsets[i + 1] as number); k++) {
      add(catOf[k] as number);
    }
  }, n, catNames.length);

  // The full-text index. Category paths and brands repeat across products: their stems are
  // computed once per distinct string.
  const stems = (words: string[]): string[] => {
    const out: string[] = [];
    for (const w of words) {
      if (!STOP_WORDS.has(w)) {
        out.push(stem(w));
      }
    }
    return out;
  };
  const memo = new Map<string, string[]>();
  const memoStems = (text: string): string[] => {
    let s = memo.get(text);
    if (!s) {
      s = stems(tokenizeForIndex(text));
      memo.set(text, s);
    }
    return s;
  };
  const builder = new InvertedIndexBuilder(FIELDS);
  for (let i = 0; i < n; i++) {
    const p = docs[i] as CatalogProduct;
    const nameWords = nameWordsOf[i] as string[];
    const cut = nameWords.findIndex((w) => COMPATIBILITY_WORDS.has(w));
    const nameStems = stems(nameWords);
    const headStems = cut === -1 ? nameStems : stems(nameWords.slice(0, cut));
    // Parameter names are searchable too: "с капучинатором" names a feature by its key.
    const paramText = Object.entries(p.params)
      .map(([k, v]) => `${k} ${v}`)
      .join(' ; ');
    builder.add([
      nameStems,
      headStems,
      p.brand ? memoStems(p.brand) : [],
      p.categories.length > 0 ? memoStems(p.categories.join(' / ')) : [],
      paramText ? stems(tokenizeForIndex(paramText)) : [],
      p.description ? stems(tokenizeForIndex(p.description.slice(0, DESCRIPTION_CHARS))) : [],
    ]);
  }
  memo.clear();
  const inv: InvertedIndex = builder.build();

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
      any: false,
    };
    cf.any = cf.brands !== null || cf.excludeBrands !== null || cf.categories !== null || cf.availableOnly || cf.min > -Infinity || cf.max < Infinity;
    return cf;
  }

  function passes(i: number, f: CompiledFilters): boolean {
    if (!f.any) {
      return true;
    }
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
      for (let k = catOffsets[i] as number; k < (catOffsets[i + 1] as number); k++) {
        if (f.categories.has(catOf[k] as number)) {
          return true;
        }
      }
      return false;
    }
    return true;
  }

  const groupsMemo = new Map<string, TermAlternative[][]>();

  /**
   * A query word's alternatives in the index: itself, typo fixes, prefix, synonyms, other
   * script. Typo candidates are looked for in the first MAX_FUZZY_WORDS words that need
   * them: each look-up scans the index words of similar length.
   */
  function termGroups(words: string[]): TermAlternative[][] {
    const key = words.join(' ');
    const known = groupsMemo.get(key);
    if (known) {
      return known;
    }
    let fuzzyLeft = MAX_FUZZY_WORDS;
    const groups = words.map((w, gi) => {
      const isLast = gi === words.length - 1;
      const own = stem(w);
      const best = new Map<number, number>();
      const put = (termId: number | undefined, weight: number): void => {
        if (termId !== undefined && weight > (best.get(termId) ?? 0)) {
          best.set(termId, weight);
        }
      };
      const synonyms = synonymsOf(w).flatMap((s) => tokenize(s)).map(stem);
      // Words that name a kind of product in this shop ("наушники") matter more than
      // modifiers ("беспроводные"), however rare the modifier is.
      const kind = [own, ...synonyms].some((t) => categoryMatcher.kindStems.has(t)) ? KIND_WEIGHT : 1;
      const ownId = inv.termId(own);
      put(ownId, kind);
      const mayFuzz = fuzzyLeft > 0;
      let fuzzed = false;
      if (ownId === undefined && mayFuzz && !hasDigit(own) && own.length >= 4) {
        fuzzed = true;
        const edits = own.length >= 7 ? 2 : 1;
        for (const c of inv.fuzzyTerms(own, edits, FUZZY_TERMS)) {
          put(c.termId, kind * FUZZY_WEIGHT * (c.edits === 1 ? 1 : 0.8));
        }
      }
      // The last word may be cut short ("наушн"), and a model number has variants ("265" →
      // "265s"); a complete, common word is not expanded (it would only add its frequent
      // longer cousins: "usb" → "usbc", "usb3" …).
      if (isLast && own.length >= 3 && (ownId === undefined || inv.docFrequency(ownId) < 3 || hasDigit(own))) {
        for (const id of inv.prefixTerms(own, PREFIX_TERMS)) {
          put(id, kind * PREFIX_WEIGHT);
        }
      }
      // Shop names abbreviate ("Мышь беспров.", "нерж."): an indexed word that begins the
      // buyer's word counts a little.
      if (!hasDigit(own) && own.length >= 6) {
        for (let len = own.length - 1; len >= 5; len--) {
          const id = inv.termId(own.slice(0, len));
          if (id !== undefined) {
            put(id, kind * ABBREVIATION_WEIGHT);
            break;
          }
        }
      }
      for (const s of synonyms) {
        put(inv.termId(s), kind * SYNONYM_WEIGHT);
      }
      // A word the catalogue does not know may be a brand or model in the other script
      // ("самснуг" → "samsnug" ≈ "samsung").
      // Model codes typed in Cyrillic ("с24", "а55") are Latin in the catalogue.
      if (ownId === undefined && hasDigit(w) && isCyrillic(w)) {
        put(inv.termId(toLatin(w)), kind * TRANSLIT_WEIGHT);
      }
      if (ownId === undefined && !hasDigit(w) && w.length >= 4) {
        const other = stem(isCyrillic(w) ? toLatin(w) : toCyrillic(w));
        const otherId = inv.termId(other);
        put(otherId, kind * TRANSLIT_WEIGHT);
        if (otherId === undefined && other.length >= 4 && mayFuzz) {
          fuzzed = true;
          for (const c of inv.fuzzyTerms(other, other.length >= 7 ? 2 : 1, FUZZY_TERMS)) {
            put(c.termId, kind * TRANSLIT_WEIGHT * FUZZY_WEIGHT);
          }
        }
      }
      if (fuzzed) {
        fuzzyLeft--;
      }
      return [...best.entries()].map(([termId, weight]) => ({ termId, weight }));
    });
    if (groupsMemo.size >= GROUPS_MEMO) {
      groupsMemo.clear();
    }
    groupsMemo.set(key, groups);
    return groups;
  }

  function queryWords(text: string): string[] {
    // Scoring counts at most 32 words; a pasted essay must not cost a typo lookup per word.
    // A repeated word counts once.
    const words = joinPhrases(tokenize(boundText(text))).filter((w) => !STOP_WORDS.has(w) && !COMPATIBILITY_WORDS.has(w));
    return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
  }

  // Scratch for candidates, reused across queries (see InvertedIndex.run).
  const candDoc = new Int32Array(n);
  const candScore = new Float32Array(n);
  const candMask = new Uint32Array(n);
  const seen = new Uint8Array(n);
  const scratch = { doc: candDoc, score: candScore, mask: candMask };
  const heapPos = new Int32Array(256);
  const heapKey = new Float64Array(256);

  /**
   * The `k` best of `count` candidates by `keys` (NaN = excluded), best first, ties in
   * candidate order. A binary min-heap over typed arrays: one pass, no sort of the rest.
   */
  function topK(keys: Float64Array, count: number, k: number): number[] {
    k = Math.min(k, heapPos.length);
    let size = 0;
    for (let i = 0; i < count; i++) {
      const v = keys[i] as number;
      if (Number.isNaN(v)) {
        continue;
      }
      if (size < k) {
        let at = size++;
        while (at > 0) {
          const parent = (at - 1) >> 1;
          if ((heapKey[parent] as number) <= v) {
            break;
          }
          heapPos[at] = heapPos[parent] as number;
          heapKey[at] = heapKey[parent] as number;
          at = parent;
        }
        heapPos[at] = i;
        heapKey[at] = v;
      } else if (v > (heapKey[0] as number)) {
        let at = 0;
        for (;;) {
          const l = at * 2 + 1;
          if (l >= size) {
            break;
          }
          const r = l + 1;
          const m = r < size && (heapKey[r] as number) < (heapKey[l] as number) ? r : l;
          if ((heapKey[m] as number) >= v) {
            break;
          }
          heapPos[at] = heapPos[m] as number;
          heapKey[at] = heapKey[m] as number;
          at = m;
        }
        heapPos[at] = i;
        heapKey[at] = v;
      }
    }
    const order: Array<{ pos: number; key: number }> = [];
    for (let j = 0; j < size; j++) {
      order.push({ pos: heapPos[j] as number, key: heapKey[j] as number });
    }
    order.sort((a, b) => b.key - a.key || a.pos - b.pos);
    return order.map((o) => o.pos);
  }

  const keyBuf = new Float64Array(n);
  const restrictBuf = new Int32Array(n);

  function postingsSize(ids: Set<number>, p: Postings): number {
    let size = 0;
    for (const id of ids) {
      size += (p.start[id + 1] as number) - (p.start[id] as number);
    }
    return size;
  }

  /** The documents of these categories (or brands) into restrictBuf, each once; returns how many. */
  function gather(ids: Set<number>, p: Postings): number {
    let count = 0;
    for (const id of ids) {
      for (let k = p.start[id] as number; k < (p.start[id + 1] as number); k++) {
        const d = p.docs[k] as number;
        if (seen[d] === 0) {
          seen[d] = 1;
          restrictBuf[count++] = d;
        }
      }
    }
    for (let k = 0; k < count; k++) {
      seen[restrictBuf[k] as number] = 0;
    }
    if (ids.size > 1) {
      restrictBuf.subarray(0, count).sort();
    }
    return count;
  }
  const COVERAGE_FACTOR = Array.from({ length: 33 }, (_, m) => Array.from({ length: 33 }, (_, g) => (g === 0 ? 0 : (m / g) ** 3)));

  function rankText(words: string[], cf: CompiledFilters, limit: number, sort: PriceSort | undefined, budget: WorkBudget | undefined): SearchHit[] {
    // Words are read in order while their postings fit `searchPostings` (the first
    // always): thirty common words with their synonyms and typo fixes would otherwise read
    // the whole index several times over.
    const all = termGroups(words);
    let postings = 0;
    let used = 0;
    for (const g of all) {
      let size = 0;
      for (const alt of g) {
        size += inv.docFrequency(alt.termId);
      }
      if (used > 0 && postings + size > searchPostings) {
        break;
      }
      postings += size;
      used++;
    }
    const groups = used < all.length ? all.slice(0, used) : all;
    const ng = Math.min(groups.length, 32);
    let work = postings;
    // With a category or brand filter that leaves few products, score just those.
    let restrict: { docs: Int32Array; count: number } | undefined;
    if (cf.categories || cf.brands) {
      const allowed = cf.categories ? postingsSize(cf.categories, catPostings) : postingsSize(cf.brands as Set<number>, brandPostings);
      // Looking each allowed product up costs about log2(postings) per term; reading the
      // posting lists costs their length. Take the cheaper.
      let lookups = 0;
      for (const g of groups) {
        for (const alt of g) {
          lookups += allowed * Math.log2(inv.docFrequency(alt.termId) + 2);
        }
      }
      if (lookups * 2 < postings) {
        const count = cf.categories ? gather(cf.categories, catPostings) : gather(cf.brands as Set<number>, brandPostings);
        restrict = { docs: restrictBuf, count };
        work = lookups + count;
      }
    }
    budget?.spend(work);
    const total = inv.run(groups, scratch, restrict ? { exhaustive: true, restrict } : { exhaustive: cf.any || sort !== undefined });
    // Filter, and turn raw scores into final ones: the share of the buyer's words matched,
    // cubed, so products matching every word come first however strongly a product
    // matches one of them; unavailable products a little lower.
    let count = 0;
    let bestMatched = 0;
    for (let k = 0; k < total; k++) {
      const doc = candDoc[k] as number;
      if (cf.any && !passes(doc, cf)) {
        continue;
      }
      const matched = popcount(candMask[k] as number);
      let s = (candScore[k] as number) * ((COVERAGE_FACTOR[matched] as number[])[ng] as number);
      if (available[doc] === 0) {
        s *= UNAVAILABLE_FACTOR;
      }
      candDoc[count] = doc;
      candScore[count] = s;
      candMask[count] = matched;
      if (matched > bestMatched) {
        bestMatched = matched;
      }
      count++;
    }
    if (count === 0) {
      return [];
    }
    let bestScore = 0;
    for (let k = 0; k < count; k++) {
      if ((candMask[k] as number) === bestMatched && (candScore[k] as number) > bestScore) {
        bestScore = candScore[k] as number;
      }
    }
    // Keep what matches about as much of the query as the best hit does; the long tail of
    // one-word matches for a three-word query is noise, not choice.
    const minMatched = sort ? bestMatched : bestMatched * 0.5;
    const minScore = sort ? 0 : bestScore * 0.02;
    const dir = sort === 'price_asc' ? -1 : 1;
    for (let k = 0; k < count; k++) {
      if ((candMask[k] as number) < minMatched || (candScore[k] as number) < minScore) {
        keyBuf[k] = Number.NaN;
      } else if (sort) {
        const d = candDoc[k] as number;
        const p = prices[d] as number;
        // Available first, then by price; no price last.
        keyBuf[k] = (available[d] === 1 ? 1e15 : 0) + (Number.isNaN(p) ? -1e14 : dir * p);
      } else {
        keyBuf[k] = candScore[k] as number;
      }
    }
    return topK(keyBuf, count, limit).map((k) => ({
      product: docs[candDoc[k] as number] as CatalogProduct,
      score: candScore[k] as number,
      coverage: (candMask[k] as number) / ng,
    }));
  }

  /** Filtered products without text: available first, then the shop's own order (or by price). */
  function listFiltered(cf: CompiledFilters, limit: number, sort: PriceSort | undefined, budget: WorkBudget | undefined): SearchHit[] {
    // Start from the posting list the filters name, not from every product.
    let source: Int32Array | null = null;
    let count = 0;
    if (cf.categories) {
      count = gather(cf.categories, catPostings);
      source = restrictBuf;
    } else if (cf.brands) {
      count = gather(cf.brands, brandPostings);
      source = restrictBuf;
    }
    const total = source ? count : n;
    budget?.spend(total);
    const docAt = (k: number): number => (source ? (source[k] as number) : k);

    if (sort) {
      const dir = sort === 'price_asc' ? -1 : 1;
      for (let k = 0; k < total; k++) {
        const d = docAt(k);
        if (!passes(d, cf)) {
          keyBuf[k] = Number.NaN;
          continue;
        }
        const p = prices[d] as number;
        keyBuf[k] = (available[d] === 1 ? 1e15 : 0) + (Number.isNaN(p) ? -1e14 : dir * p);
      }
      return topK(keyBuf, total, limit).map((k) => ({ product: docs[docAt(k)] as CatalogProduct, score: 1, coverage: 1 }));
    }
    const picked: number[] = [];
    const later: number[] = [];
    for (let k = 0; k < total && picked.length < limit; k++) {
      const d = docAt(k);
      if (!passes(d, cf)) {
        continue;
      }
      if (available[d] === 1) {
        picked.push(d);
      } else if (later.length < limit) {
        later.push(d);
      }
    }
    return [...picked, ...later].slice(0, limit).map((d) => ({ product: docs[d] as CatalogProduct, score: 1, coverage: 1 }));
  }

  function search(text: string, filters?: SearchFilters, limit = 10, opts: SearchOptions = {}): SearchHit[] {
    const cf = compile(filters);
    const words = queryWords(text);
    if (words.length === 0) {
      return listFiltered(cf, limit, opts.sort, opts.budget);
    }
    return rankText(words, cf, limit, opts.sort, opts.budget);
  }

  const related: RelatedSource = {
    docs,
    prices,
    available,
    nameDf,
    docIndex: (sku) => bySkuMap.get(sku),
    search: (text, filters, limit, budget) => search(text, filters, limit, budget ? { budget } : {}),
    sameBrand: (a, b) => brandOf[a] !== -1 && brandOf[a] === brandOf[b],
    categoryIdsOf: (i) => Array.from(catOf.subarray(catOffsets[i], catOffsets[i + 1])),
    categoryName: (id) => catNames[id] as string,
    compatCache: new Array<string[][] | undefined>(n),
    headCache: new Array<string[] | undefined>(n),
    kindCache: new Array<Set<string> | undefined>(n),
  };

  // Asked on every answer (quick replies): sorted once.
  const topLeaves = [...leafSizes.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);

  return {
    size: n,
    language: options.language ?? 'ru',
    search,
    parseQuery(message: string): ParsedQuery {
      const d = parseMessage(message, brandMatcher, categoryMatcher, (st) => inv.termId(st) !== undefined);
      const out: ParsedQuery = { text: d.text, filters: d.filters };
      if (d.sort) {
        out.sort = d.sort;
      }
      return out;
    },
    parseDetailed(message: string): DetailedQuery {
      return parseMessage(message, brandMatcher, categoryMatcher, (st) => inv.termId(st) !== undefined);
    },
    bySku(sku: string): CatalogProduct | undefined {
      const i = bySkuMap.get(sku);
      return i === undefined ? undefined : docs[i];
    },
    similar(sku: string, limit = 8, filters?: SearchFilters, budget?: WorkBudget): CatalogProduct[] {
      return similarProducts(related, sku, limit, filters, budget);
    },
    complementary(sku: string, limit = 8, budget?: WorkBudget): CatalogProduct[] {
      return complementaryProducts(related, sku, limit, budget);
    },
    brands(): string[] {
      return brandMatcher.all();
    },
    topCategories(limit = 6): string[] {
      return topLeaves.slice(0, limit);
    },
    resolveBrand(name: string): string | undefined {
      return brandMatcher.resolve(name);
    },
  };
}
