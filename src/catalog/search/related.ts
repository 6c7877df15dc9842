/**
 * Products related to one product: similar ones (same kind, close in name and price) and
 * complementary ones ("what goes with it": accessories that fit it). Pure ranking over
 * what the index exposes; no state of its own.
 */
import type { CatalogProduct } from '../product.ts';
import { accessoryQueries } from './complements.ts';
import type { SearchFilters } from './filters.ts';
import type { WorkBudget } from './limits.ts';
import { COMPATIBILITY_WORDS, STOP_WORDS } from './stopwords.ts';
import { stem } from './stem.ts';
import { synonymsOf } from './synonyms.ts';
import { normalizeText, tokenize, tokenizeForIndex } from './tokenize.ts';
import type { SearchHit } from './types.ts';

/** What related-product ranking needs from an index. */
export interface RelatedSource {
  docs: CatalogProduct[];
  prices: Float64Array;
  available: Uint8Array;
  /** In how many product names each (normalised, unstemmed) word occurs. */
  nameDf: Map<string, number>;
  docIndex(sku: string): number | undefined;
  /** Whether the index has the (stemmed) word at all. */
  knowsStem(stem: string): boolean;
  search(text: string, filters: SearchFilters | undefined, limit: number, budget?: WorkBudget): SearchHit[];
  sameBrand(a: number, b: number): boolean;
  categoryIdsOf(i: number): number[];
  categoryName(id: number): string;
  /** Per-product memo of compatibility alternatives, name heads and kind stems (filled lazily). */
  compatCache: Array<Compatibility | undefined>;
  /** Per category and word: whether products of that category have the word in their names (see `namesSeries`). */
  seriesCache: Map<string, boolean>;
  headCache: Array<string[] | undefined>;
  kindCache: Array<Set<string> | undefined>;
}

/** What an accessory says it fits, and whether it says so only in its description (weaker than its name). */
export interface Compatibility {
  alternatives: string[][];
  fromDescription: boolean;
}

function compatOf(src: RelatedSource, i: number): string[][] {
  return compatibilityOf(src, i).alternatives;
}

function compatibilityOf(src: RelatedSource, i: number): Compatibility {
  let c = src.compatCache[i];
  if (c === undefined) {
    c = compatibilityAlternatives(src.docs[i] as CatalogProduct);
    src.compatCache[i] = c;
  }
  return c;
}

function headOf(src: RelatedSource, i: number): string[] {
  let h = src.headCache[i];
  if (h === undefined) {
    h = headWords((src.docs[i] as CatalogProduct).name);
    src.headCache[i] = h;
  }
  return h;
}

/** Candidates read per accessory kind: enough to find the ones made for this model. */
const ACCESSORY_CANDIDATES = 30;
/** How much a fit read from the description counts against one from the name. */
const DESCRIPTION_FIT = 0.5;
/** An accessory dearer than this share of the product's price comes after the sensibly priced ones. */
const ACCESSORY_PRICE_SHARE = 0.5;
/** Series words checked per accessory, and the memo of such checks (cleared when full). */
const SERIES_WORDS = 2;
const SERIES_MEMO = 10_000;
/** Series look-ups one request makes beyond the memo (each is a search within one category). */
const SERIES_LOOKUPS = 12;

const PARAM_COMPAT = /совмест|compat|подходит|для модел|fits|модель устройства/i;
const UNIT_WORDS = new Set(['гб', 'gb', 'тб', 'tb', 'мм', 'mm', 'см', 'вт', 'w', 'мач', 'mah', 'шт']);

function idf(src: RelatedSource, word: string): number {
  const df = src.nameDf.get(word) ?? 0;
  return Math.log(1 + src.docs.length / (1 + df));
}

/** Words of a name that identify a model: Latin words and short numbers, not sizes or units. */
function modelWords(name: string): string[] {
  return tokenize(name).filter(
    (w) => !STOP_WORDS.has(w) && !UNIT_WORDS.has(w) && (/^[a-z][a-z0-9]*$/.test(w) || /^\d{1,2}$/.test(w) || /^[a-z]*\d+[a-z]+$/.test(w)),
  );
}

/**
 * What an accessory says it fits, as alternatives ("iPhone и iPad" → two): its
 * compatibility parameters, else its name after "для"/"for" (up to its own brand, which
 * starts its own model name: "Кронштейн для телевизора Kromax IDEAL-3"), else the first
 * "для …" of its description.
 */
function compatibilityAlternatives(p: CatalogProduct): Compatibility {
  const split = (text: string): string[][] =>
    text
      .split(/,|\/|;|\s(?:и|или|and|or)\s/u)
      .map((part) => tokenize(part))
      .filter((words) => words.length > 0);
  const fromParams = Object.entries(p.params)
    .filter(([k]) => PARAM_COMPAT.test(k))
    .map(([, v]) => v);
  if (fromParams.length > 0) {
    return { alternatives: split(fromParams.join(', ')), fromDescription: false };
  }
  const afterFor = (text: string, ownBrand: string | undefined): string[][] | null => {
    const sentence = normalizeText(text).split(/[.;!?](?:\s|$)/u)[0] ?? '';
    const m = /(?:^|\s)(?:для|for|к|под|compatible with)\s(.*)$/u.exec(sentence);
    if (!m?.[1]) {
      return null;
    }
    let rest = m[1];
    if (ownBrand) {
      const at = rest.indexOf(normalizeText(ownBrand));
      if (at > 0) {
        rest = rest.slice(0, at);
      }
    }
    return split(rest);
  };
  const fromName = afterFor(p.name, p.brand);
  if (fromName) {
    return { alternatives: fromName, fromDescription: false };
  }
  return { alternatives: afterFor(p.description ?? '', undefined) ?? [], fromDescription: true };
}

function isModelWord(w: string): boolean {
  return !STOP_WORDS.has(w) && !UNIT_WORDS.has(w) && (/^[a-z][a-z0-9]*$/.test(w) || /^\d{1,2}$/.test(w) || /^\d+[a-z]+$/.test(w));
}

/**
 * How well accessory `a` fits product `p`: 0 when the accessory names no model (universal
 * items), up to 1 when every model word it names is the product's, less for product model
 * words it does not name ("iPhone 15" case for an "iPhone 15 Pro"). -1 when it is made for
 * another model: it names mostly other words, or a variant the product is not
 * ("Galaxy S24 Ultra" for a "Galaxy S24").
 */
function fit(src: RelatedSource, productWords: Set<string>, productModel: string[], a: number): number {
  const { alternatives, fromDescription } = compatibilityOf(src, a);
  if (alternatives.length === 0) {
    return 0;
  }
  // Alternatives that name no model ("для зарядки") say nothing; the others decide.
  const fits = alternatives.map((seq) => fitOne(src, productWords, productModel, seq)).filter((f) => f !== null);
  if (fits.length === 0) {
    return 0;
  }
  const best = Math.max(...fits);
  // "For …" in a description is a weaker promise than in the name.
  return fromDescription && best > 0 ? best * DESCRIPTION_FIT : best;
}

function fitOne(src: RelatedSource, productWords: Set<string>, productModel: string[], seq: string[]): number | null {
  const named = new Set(seq.filter(isModelWord));
  if (named.size === 0) {
    return null;
  }
  const productNumbered = productModel.some((w) => /\d/.test(w));
  for (const w of named) {
    // A model code ("a55", "s24") the product does not carry means another model; so
    // does a model number ("iPhone 15" glass for an iPhone 14).
    if (/\d/.test(w) && !productWords.has(w) && (/[a-z]/.test(w) || productNumbered)) {
      return -1;
    }
  }
  let total = 0;
  let covered = 0;
  for (const w of named) {
    const weight = idf(src, w);
    total += weight;
    if (productWords.has(w)) {
      covered += weight;
    }
  }
  for (let k = 1; k < seq.length; k++) {
    const w = seq[k] as string;
    const prev = seq[k - 1] as string;
    if (/^[a-z]+$/.test(w) && isModelWord(w) && !productWords.has(w) && productWords.has(prev) && isModelWord(prev)) {
      return -1;
    }
  }
  const share = covered / total;
  if (share < 0.5) {
    return -1;
  }
  let modelTotal = 0;
  let missing = 0;
  for (const w of productModel) {
    const weight = idf(src, w);
    modelTotal += weight;
    if (!named.has(w)) {
      missing += weight;
    }
  }
  return share - (modelTotal > 0 ? 0.5 * (missing / modelTotal) : 0);
}

/** Stems that say what the product is: its name's first words (all, in English) and its last category. */
function kindStemsOf(src: RelatedSource, i: number): Set<string> {
  let k = src.kindCache[i];
  if (k === undefined) {
    const p = src.docs[i] as CatalogProduct;
    const leaf = p.categories[p.categories.length - 1] ?? '';
    const head = headOf(src, i);
    // Russian names start with the kind ("Мешки для пылесоса …", but "Пылесос … с мешком"
    // is a vacuum); English ones end the head with it ("… Defender Case for …").
    const fromName = head.length > 0 && /[а-я]/.test(head[0] as string) ? head.slice(0, 2) : head;
    k = new Set<string>();
    for (const w of [...fromName, ...headWords(leaf)]) {
      k.add(stem(w));
      for (const x of tokenizeForIndex(w)) {
        k.add(stem(x));
      }
    }
    src.kindCache[i] = k;
  }
  return k;
}

/** Whether one of `kind`'s stems names what product `i` is. */
function isKind(src: RelatedSource, i: number, kind: Set<string>): boolean {
  const own = kindStemsOf(src, i);
  for (const k of kind) {
    if (own.has(k)) {
      return true;
    }
  }
  return false;
}

/** The words of a name before "для"/"for", without grammar words: the product kind first. */
function headWords(name: string): string[] {
  const words = tokenize(name);
  const cut = words.findIndex((w) => COMPATIBILITY_WORDS.has(w));
  return (cut === -1 ? words : words.slice(0, cut)).filter((w) => !STOP_WORDS.has(w));
}

/** Name words worth searching for similar products: no sizes, colours are kept (weak). */
function describingWords(name: string): string[] {
  return headWords(name).filter((w) => !/^\d+([.,]\d+)?$/.test(w) && !UNIT_WORDS.has(w));
}

/**
 * Products like `sku`: from its most specific category, ranked by shared name words,
 * closeness of price and brand; widened to the parent category when the leaf is small and
 * the turn's `budget` lasts (or the leaf had nothing).
 */
export function similarProducts(src: RelatedSource, sku: string, limit: number, filters?: SearchFilters, budget?: WorkBudget): CatalogProduct[] {
  const self = src.docIndex(sku);
  if (self === undefined) {
    return [];
  }
  const p = src.docs[self] as CatalogProduct;
  const cats = src.categoryIdsOf(self);
  const words = describingWords(p.name);
  const price = src.prices[self] as number;
  const scored = new Map<number, number>();

  // From the most specific category up to its parent, until there is enough to choose
  // from. The parent only lends products of the same kind: "Роботы-пылесосы" for a
  // "Вертикальные пылесосы" product, not "Аксессуары для пылесосов" or "Очистители воздуха".
  const leafName = p.categories[p.categories.length - 1] ?? '';
  const kindStems = new Set(headWords(leafName).map(stem));
  for (let level = cats.length - 1; level >= Math.max(0, cats.length - 2); level--) {
    const catId = cats[level] as number;
    const isLeaf = level === cats.length - 1;
    if (!isLeaf && budget?.exhausted && scored.size > 0) {
      break;
    }
    const within: SearchFilters = { ...filters, categories: [src.categoryName(catId)] };
    const textHits = src.search(words.join(' '), within, 60, budget);
    const listHits = src.search('', within, 60, budget);
    const maxScore = Math.max(1e-9, ...textHits.map((h) => h.score));
    const candidates = new Map<number, number>();
    for (const h of textHits) {
      const i = src.docIndex(h.product.sku) as number;
      candidates.set(i, h.score / maxScore);
    }
    for (const h of listHits) {
      const i = src.docIndex(h.product.sku) as number;
      if (!candidates.has(i)) {
        candidates.set(i, 0);
      }
    }
    for (const [i, text] of candidates) {
      if (i === self || scored.has(i)) {
        continue;
      }
      if (!isLeaf) {
        const q = src.docs[i] as CatalogProduct;
        const leaf = q.categories[q.categories.length - 1] ?? '';
        if (!headWords(leaf).some((w) => kindStems.has(stem(w)))) {
          continue;
        }
      }
      const q = src.prices[i] as number;
      const closeness = Number.isNaN(price) || Number.isNaN(q) || price <= 0 || q <= 0 ? 0.3 : Math.max(0, 1 - Math.abs(Math.log(q / price)));
      let score = 0.55 * text + 0.35 * closeness + (src.sameBrand(i, self) ? 0.1 : 0);
      if (src.available[i] === 0) {
        score *= 0.5;
      }
      // The product's own category always comes first.
      scored.set(i, score + (isLeaf ? 1 : 0));
    }
    if (scored.size >= limit) {
      break;
    }
  }
  if (scored.size < limit && cats.length === 0) {
    for (const h of src.search(words.join(' '), filters, limit + 1, budget)) {
      const i = src.docIndex(h.product.sku) as number;
      if (i !== self && !scored.has(i)) {
        scored.set(i, h.score);
      }
    }
  }
  return [...scored.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([i]) => src.docs[i] as CatalogProduct);
}

/**
 * "What goes with it": accessories of the kinds that suit the product (cases and chargers
 * for a phone, descaler and beans for a coffee machine), those made for this model first,
 * one of each kind before a second of any. Accessories made for another model are left
 * out. Without a known kind, accessories that name this model or brand are offered. Kinds
 * are searched while the turn's `budget` lasts, and until one has found something (there
 * are at most five kinds, and a search reads a bounded amount).
 */
export function complementaryProducts(src: RelatedSource, sku: string, limit: number, budget?: WorkBudget): CatalogProduct[] {
  const self = src.docIndex(sku);
  if (self === undefined) {
    return [];
  }
  const p = src.docs[self] as CatalogProduct;
  // An accessory's partners fit the same device: a case for an iPhone 7 Plus goes with
  // screen protectors for an iPhone 7 Plus, not with things named like the case.
  const device = compatOf(src, self).filter((alt) => alt.some(isModelWord));
  const deviceText = device.length > 0 ? device.map((alt) => alt.join(' ')).join(' ') : null;
  const productWords = new Set(deviceText !== null ? tokenize(deviceText) : tokenize(`${p.brand ?? ''} ${p.name}`));
  const brandWords = new Set(p.brand ? tokenize(p.brand) : []);
  const productModel = [...new Set(modelWords(deviceText ?? p.name))].filter((w) => !brandWords.has(w) || deviceText !== null);
  const ownCats = src.categoryIdsOf(self);
  const leaf = ownCats[ownCats.length - 1];
  const queries = accessoryQueries(
    headWords(p.name),
    p.categories.flatMap((c) => tokenize(c)).filter((w) => !STOP_WORDS.has(w)),
  );

  const inOwnLeaf = (i: number): boolean => leaf !== undefined && src.categoryIdsOf(i).includes(leaf);
  const ownPrice = src.prices[self] as number;
  const leafName = leaf !== undefined ? src.categoryName(leaf) : undefined;
  /**
   * Whether an accessory that names no model it fits is still named for a series of
   * this product's kind that the product is not ("Ремешок Garmin Marq …" for a Forerunner):
   * the first model words after its kind and brand are looked up among the names of the
   * product's own category.
   */
  let seriesLookups = 0;
  const ofOtherSeries = (i: number): boolean => {
    if (leafName === undefined) {
      return false;
    }
    const a = src.docs[i] as CatalogProduct;
    const own = new Set(a.brand ? tokenize(a.brand) : []);
    const words = headWords(a.name)
      .slice(1)
      .filter((w) => isModelWord(w) && !/\d/.test(w) && !own.has(w) && !brandWords.has(w))
      .slice(0, SERIES_WORDS);
    for (const w of words) {
      if (productWords.has(w)) {
        return false;
      }
      const key = `${leafName}\u0000${w}`;
      let named = src.seriesCache.get(key);
      if (named === undefined) {
        if (budget?.exhausted || seriesLookups >= SERIES_LOOKUPS) {
          return false;
        }
        seriesLookups++;
        named = src.search(w, { categories: [leafName] }, 1, budget).some((h) => (h.coverage ?? 1) >= 1 && tokenize(h.product.name).includes(w));
        if (src.seriesCache.size >= SERIES_MEMO) {
          src.seriesCache.clear();
        }
        src.seriesCache.set(key, named);
      }
      if (named) {
        return true;
      }
    }
    return false;
  };
  const rank = (hits: SearchHit[], kind: Set<string> | null): Array<{ i: number; score: number }> => {
    const maxScore = Math.max(1e-9, ...hits.map((h) => h.score));
    const out: Array<{ i: number; score: number }> = [];
    for (const h of hits) {
      const i = src.docIndex(h.product.sku) as number;
      if (i === self || inOwnLeaf(i) || (h.coverage ?? 1) < 1) {
        continue;
      }
      // The offered kind must be what the item is (its name head or its own category),
      // not a word in its description: a vacuum "with a filter" is not a filter.
      if (kind && !isKind(src, i, kind)) {
        continue;
      }
      const f = fit(src, productWords, productModel, i);
      if (f < 0 || (f === 0 && ofOtherSeries(i))) {
        continue;
      }
      let score = 0.6 * f + 0.25 * (h.score / maxScore) + (src.sameBrand(i, self) ? 0.15 : 0);
      if (src.available[i] === 0) {
        score *= 0.5;
      }
      // A 28,000 strap for a 6,000 watch is not what goes with it, unless nothing else does.
      const q = src.prices[i] as number;
      if (ownPrice > 0 && q > ACCESSORY_PRICE_SHARE * ownPrice) {
        score -= 1;
      }
      out.push({ i, score });
    }
    return out.sort((a, b) => b.score - a.score || a.i - b.i);
  };

  const lists: Array<Array<{ i: number; score: number }>> = [];
  for (const q of queries) {
    const first = tokenize(q)[0] ?? '';
    const kind = new Set([first, ...synonymsOf(first)].flatMap((w) => tokenize(w)).map(stem));
    // A case does not go with a case: skip the kind the product itself is. A kind no text of
    // the shop has ("pad mouse" in a Russian shop) is not searched for.
    if (isKind(src, self, kind) || ![...kind].some((k) => src.knowsStem(k))) {
      continue;
    }
    if (budget?.exhausted && lists.some((l) => l.length > 0)) {
      break;
    }
    lists.push(rank(src.search(q, undefined, ACCESSORY_CANDIDATES, budget), kind));
  }
  if (lists.every((l) => l.length === 0)) {
    // No known kind: things in the shop that name this product's model or brand.
    const words = productModel.length > 0 ? productModel : headWords(p.name).slice(1, 4);
    lists.push(rank(src.search(words.join(' '), undefined, 40, budget), null).filter((c) => fit(src, productWords, productModel, c.i) > 0));
  }

  // One of each kind first, then the second best of each, so the answer is a set, not
  // eight cases.
  const out: CatalogProduct[] = [];
  const seen = new Set<number>();
  for (let round = 0; out.length < limit && round < 10; round++) {
    let added = false;
    for (const list of lists) {
      const c = list[round];
      if (c && !seen.has(c.i)) {
        seen.add(c.i);
        out.push(src.docs[c.i] as CatalogProduct);
        added = true;
        if (out.length >= limit) {
          break;
        }
      }
    }
    if (!added && lists.every((l) => l.length <= round)) {
      break;
    }
  }
  return out;
}
