/**
 * The per-product columns of a catalogue index: price, availability, brand and category
 * ids in typed arrays (a few bytes per product instead of property lookups), the documents
 * of each brand and category, and the brand and category matchers built from the same pass.
 */
import { statedPrice, type CatalogProduct } from '../product.ts';
import { BrandMatcher, brandKey } from './brands.ts';
import { CategoryMatcher, categoryKey, type CategoryTree } from './categories.ts';
import { spellMarks } from './measures.ts';
import { productKindWords } from './product-type.ts';
import { stem } from './stem.ts';
import { COMPATIBILITY_WORDS } from './stopwords.ts';
import { tokenizeName } from './tokenize.ts';

/** Documents of each key (category or brand id), as one flat array with offsets. */
export interface Postings {
  start: Int32Array;
  docs: Int32Array;
}

/** The columns of `n` products, by document number. */
export interface CatalogColumns {
  n: number;
  /** NaN where a product has no price. */
  prices: Float64Array;
  /** 1 when available. */
  available: Uint8Array;
  /** 1 when sold below its old price. */
  discounted: Uint8Array;
  /** Brand id of each product, -1 for none. */
  brandOf: Int32Array;
  brandIds: Map<string, number>;
  catIds: Map<string, number>;
  catNames: string[];
  /** Products of each most specific category. */
  leafSizes: Map<string, number>;
  /** The category ids of product i are catOf[catOffsets[i]] up to catOf[catOffsets[i + 1]]. */
  catOffsets: Int32Array;
  catOf: Int32Array;
  brandPostings: Postings;
  catPostings: Postings;
  /** In how many product names each (normalised, unstemmed) word occurs. */
  nameDf: Map<string, number>;
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

function categoryTree(links: Map<number, Set<number>>, names: string[], ids: Map<string, number>, sizes: number[], direct: number[]): CategoryTree {
  const children = new Map<string, string[]>();
  for (const [parent, kids] of links) {
    children.set(names[parent] as string, [...kids].map((id) => names[id] as string));
  }
  const idOf = (name: string): number => ids.get(categoryKey(name)) ?? -1;
  const kindOf = (name: string): string | undefined => {
    const word = productKindWords(name)[0];
    return word === undefined ? undefined : stem(word);
  };
  return { children, size: (name) => sizes[idOf(name)] ?? 0, direct: (name) => direct[idOf(name)] ?? 0, kindOf };
}

/**
 * The columns of these products (each SKU once), the matchers of their brands and
 * categories, and the words of each name (for the text index, which the columns do not keep).
 */
export function buildColumns(docs: CatalogProduct[]): {
  columns: CatalogColumns;
  brandMatcher: BrandMatcher;
  categoryMatcher: CategoryMatcher;
  nameWordsOf: string[][];
  /** The words of each name's first part, before a comma or bracket, as a query is split (see `tokenizeName`). */
  nameFirstWords: string[][];
} {
  const n = docs.length;

  // Columns for filters: a few bytes per product instead of property lookups.
  const prices = new Float64Array(n);
  const available = new Uint8Array(n);
  const discounted = new Uint8Array(n);
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
  const nameFirstWords: string[][] = new Array<string[]>(n);
  // Which categories sit right below which (by id), and how many products each holds in all
  // and directly.
  const catLinks = new Map<number, Set<number>>();
  const catSizes: number[] = [];
  const catDirect: number[] = [];

  for (let i = 0; i < n; i++) {
    const p = docs[i] as CatalogProduct;
    prices[i] = statedPrice(p) ?? Number.NaN;
    available[i] = p.available ? 1 : 0;
    discounted[i] = p.price !== undefined && p.oldPrice !== undefined && p.oldPrice > p.price ? 1 : 0;
    if (p.brand) {
      brandCounts.set(p.brand, (brandCounts.get(p.brand) ?? 0) + 1);
      const key = brandKey(p.brand);
      brandDocCount.set(key, (brandDocCount.get(key) ?? 0) + 1);
    }
    catOffsets[i] = catList.length;
    let parent = -1;
    for (const c of p.categories) {
      const key = categoryKey(c);
      let id = catIds.get(key);
      if (id === undefined) {
        id = catNames.length;
        catIds.set(key, id);
        catNames.push(c);
        catSizes.push(0);
        catDirect.push(0);
      }
      catList.push(id);
      catSizes[id] = (catSizes[id] as number) + 1;
      if (parent >= 0 && parent !== id) {
        const kids = catLinks.get(parent) ?? new Set<number>();
        kids.add(id);
        catLinks.set(parent, kids);
      }
      parent = id;
    }
    if (parent >= 0) {
      catDirect[parent] = (catDirect[parent] as number) + 1;
    }
    const leaf = p.categories[p.categories.length - 1];
    if (leaf !== undefined) {
      leafSizes.set(leaf, (leafSizes.get(leaf) ?? 0) + 1);
    }
    const { words, first } = tokenizeName(spellMarks(p.name));
    nameWordsOf[i] = words;
    nameFirstWords[i] = first;
    for (const w of new Set(words)) {
      nameDf.set(w, (nameDf.get(w) ?? 0) + 1);
    }
  }
  catOffsets[n] = catList.length;
  const catOf = Int32Array.from(catList);

  // A word that many other products' names use is not a brand name to a buyer
  // ("Case-Mate" → "case", "RAM Mounts" → "ram").
  const categoryMatcher = new CategoryMatcher(catNames, categoryTree(catLinks, catNames, catIds, catSizes, catDirect));
  const brandMatcher = new BrandMatcher(
    brandCounts,
    (word, key) => (nameDf.get(word) ?? 0) > 3 * (brandDocCount.get(key) ?? 0) + 5,
    (word) => categoryMatcher.kindStems.has(stem(word)),
  );

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

  const columns: CatalogColumns = { n, prices, available, discounted, brandOf, brandIds, catIds, catNames, leafSizes, catOffsets, catOf, brandPostings, catPostings, nameDf };
  return { columns, brandMatcher, categoryMatcher, nameWordsOf, nameFirstWords };
}
