/**
 * Ranking over one index: text hits scored (BM25F from the inverted index, times the share
 * of the buyer's words matched, unavailable products a little lower), filtered by the
 * columns and cut to the best few; or, without text, the filtered products in the shop's
 * order or by price. What one search reads is capped and charged to the turn's budget.
 */
import type { CatalogProduct } from '../product.ts';
import { popcount } from './bits.ts';
import type { CompiledFilters } from './column-filters.ts';
import { cardDenies } from './excluded-words.ts';
import type { CatalogColumns, Postings } from './columns.ts';
import { isModelSuffix, numberOnlyInOtherModels, numberWithoutSuffix, oneWordTerms, saysNumber, type ExpandedQuery } from './expansion.ts';
import type { InvertedIndex, TermAlternative } from './inverted.ts';
import type { WorkBudget } from './limits.ts';
import { measureWords, parseMeasure, parseMeasureBound, spellMarks } from './measures.ts';
import { stem } from './stem.ts';
import { isModifierWord, synonymsOfAnyForm } from './synonyms.ts';
import { KIND_SLOTS, termsAsSaid, type KindWords } from './product-type.ts';
import { hasAdjectiveEnding, hasDigit, tokenize, tokenizeForIndex } from './tokenize.ts';
import { SeenCards, splitLastPart, variantKey } from './variants.ts';
import type { PriceSort, SearchHit } from './types.ts';

/** In stock first among equal matches. */
const UNAVAILABLE_FACTOR = 0.75;
/**
 * A product whose own kind word is the query's product word ("table" of "oak side table",
 * not of "side table lamp" nor of "desk chair" for "desk"; see product-type.ts) counts a
 * little more, so products of that kind lead among equal matches. It is mild: a rarer word
 * the buyer typed ("lunch" of "lunch bag") outweighs a common product word, so a "lunch
 * tote" comes before a "slow cooker carry bag". A name that merely mentions the product
 * word gets nothing extra (WANDS nDCG@6 0.333 with a 1.2 boost for it, 0.337 without).
 */
const KIND_FACTOR = 1.3;
/** Products whose named terms a ranker keeps (`namedTerms`): a few hundred KB at most. */
const NAMED_TERMS_KEPT = 4096;
/** Names read for the product word in a price order where no product has a kind (`namersAsKind`). */
const MAX_NAMERS_READ = 2048;
/**
 * A product of another kind that matches the product word in its name or its category path
 * (a "Galaxy … Adapter" filed under "Cell Phones > … Accessories" for "samsung galaxy phone";
 * a "desk chair" for "desk") stands as far below a plain match as a product of the kind
 * stands above it, so the phones come first. WANDS nDCG@6 0.336 at 1 (no change), 0.337
 * here, 0.338 at 0.6; labelled queries unchanged.
 */
const OTHER_KIND_FACTOR = 1 / KIND_FACTOR;
/**
 * For a query of one word that a category names as its kind ("унитаз"), the products of that
 * kind come before every product that only names it, a tier rather than a nudge: a toilet
 * filed as "Компакт …" before a "Крепление сидения унитаза" whose short name matches the word
 * more strongly (at 3, the fasteners still came between the toilets). Products scoring under a
 * fiftieth of the best are no answer anyway, so with products of the kind only they are listed.
 */
const ONE_WORD_KIND_FACTOR = 1000;
/**
 * A product of the kind asked for only through a synonym of the buyer's word (on-ear
 * "Headphones" for "earbuds"), when the buyer's own word names some products' kind here,
 * gets part of the boost: the earbuds come first, the other headphones after them.
 */
const SYNONYM_KIND_FACTOR = Math.sqrt(KIND_FACTOR);
/**
 * A product that matches only the colour or feature words of a query with a product word
 * ("teal" of "teal chair": a teal rug) comes after the products of that kind, whatever the
 * colour: a buyer asking for a teal chair is better served by chairs than by teal rugs.
 */
const COLOUR_ONLY_FACTOR = 0.1;
/**
 * How many more hits than asked are ranked, so that colour variants of one product can make
 * way. A shop may list one phone in a dozen colour and carrier offers that all outscore its
 * other phones: with 3 (18 hits for 6 cards), "samsung galaxy phone" on Best Buy showed six
 * offers of two Galaxy S7 models; with 8, five different phones. Search figures unchanged.
 */
const VARIANT_POOL = 8;
/** A name without its last part: equal for one product's colours. */
const withoutLastPart = (name: string): string => splitLastPart(name)?.base ?? name;
/** The cards a buyer sees first: one per product there. */
const FIRST_CARDS = 6;

/**
 * A name saying the product fits any device ("for Most USB-Enabled Devices", "for USB devices",
 * "для всех смартфонов"), not a maker's ("for Most Apple® Devices").
 */
const FITS_ANY = /\bfor (?:(?:most|all|any)(?: (?:usb|usb-enabled|usb-powered|mobile|smart))*|usb(?:-enabled)?) (?:devices|phones|smartphones)\b|(?:^|[^\p{L}])для (?:всех|любых)(?: (?:usb|мобильных))? (?:устройств|телефонов|смартфонов)/iu;
/** How many times deeper than the usual pool the candidates are read for products made for any device. */
const FITS_ANY_DEPTH = 4;

/** (matched / words)³ by the number of words, then the number matched: the coverage factor. */
const COVERAGE_FACTOR_BY_WORDS = Array.from({ length: 33 }, (_, g) => Float64Array.from({ length: 33 }, (_, m) => (g === 0 ? 0 : (m / g) ** 3)));

/** What the candidate loop learned of the candidates it kept (see `scoreCandidates`). */
class CandidateTally {
  count = 0;
  bestMatched = 0;
  anyHead = false;
  anyModelNumber = false;
  withKind = 0;
  withOwnKind = 0;
  wholeOfKind = 0;
  /** Among those matching `bestMatched` words (see `tallyBest`). */
  bestScore = 0;
  bestKind = 0;
  kindFloor = Number.POSITIVE_INFINITY;
}

/** Which scored candidates are no answer, and how the rest are keyed (see `keyCandidates`). */
class KeyRule {
  constructor(
    /** The groups of a model's number every candidate must match (0: none required). */
    readonly modelNumbers: number,
    /** The groups of what the item comes with a candidate matching the product word must match (0: none). */
    readonly withMask: number,
    /** Only products of the kind asked for. */
    readonly ownKindOnly: boolean,
    /** Only products of the kind asked for, the item named after its model. */
    readonly kindAfterCode: boolean,
    /** Only products of the kind matching every group of `ownMask` (what the item is for aside). */
    readonly purposeKind: boolean,
    readonly ownMask: number,
    /** A product matching only what the item is for, or a colour or feature, is no answer. */
    readonly fitsOnly: boolean,
    readonly asideMask: number,
    readonly minMatched: number,
    readonly bestMatched: number,
    readonly minScore: number,
    readonly headOnly: boolean,
    readonly kindOnly: number,
    /** A price order: -1 ascending, 1 descending, 0 none. */
    readonly dir: number,
    readonly ng: number,
    /** The groups of what the item comes with. */
    readonly comesWith: number,
    readonly kindFloor: number,
  ) {}
}

/** What ranking reads: the products, their columns, the text index and the search's helpers. */
export interface RankingSource {
  docs: CatalogProduct[];
  columns: CatalogColumns;
  inv: InvertedIndex;
  termGroups: (words: string[], head?: number) => ExpandedQuery;
  passes: (i: number, f: CompiledFilters) => boolean;
  /** `passes` without excluded words, which are asked only of the products about to be shown. */
  passesColumns: (i: number, f: CompiledFilters) => boolean;
  /** The cap on postings one search reads (MAX_SEARCH_POSTINGS, smaller in tests). */
  searchPostings: number;
  /** Per product, KIND_SLOTS term ids of the words naming its kind (-1 where none): see product-type.ts. */
  kindTerms: Int32Array;
  /** The kinds of `kindTerms`, and which go together on a product. */
  kindWords: KindWords;
  /** Whether one of a group's terms names the kind of several products (see product-type.ts). */
  namesKind: (group: readonly TermAlternative[]) => boolean;
  /** Whether the term is the kind a category of the shop names ("унитаз" of "Унитазы (Компакты)"). */
  namesCategoryKind: (term: number) => boolean;
  /** Per product, 1 when a denying word is on its card ("без", "no", "free": see excluded-words.ts). */
  denials: Uint8Array;
}

/**
 * A model's number and the name it follows ("iphone 14", "fenix 7", "galaxy s7"): a few digits,
 * or a letter or two and a few digits, after a word of letters.
 */
const MODEL_NUMBER = /^\p{L}{0,2}\d{1,4}$/u;
const MODEL_NAME = /^\p{L}{2,}$/u;

/** The indexes among `at` of words that are a model's number after its name ("14" of "iphone 14", "s7" of "galaxy s7"). */
export function modelNumberWords(words: readonly string[], at: readonly number[]): number[] {
  return at.filter((i) => i > 0 && MODEL_NUMBER.test(words[i] as string) && MODEL_NAME.test(words[i - 1] as string));
}

/**
 * A number with the letter of a resolution or a network generation ("4k", "1080p", "5g"), or a
 * paper size ("a4", "а4" in Cyrillic): a feature, not a model's code ("printer paper a4" is
 * paper, where printers whose names end in "A4" came first).
 */
const FEATURE_NUMBER = /^(?:\d{1,4}[kpg]|[abаб][0-6])$/;

/** A word with a number that may name a model: not a feature ("4k", "a4"), a measure ("55in") or a bound. */
function namesModelNumber(w: string): boolean {
  return hasDigit(w) && !FEATURE_NUMBER.test(w) && parseMeasure(w) === null && parseMeasureBound(w) === null;
}

/** A model number the buyer said with its suffix ("6" and "plus" of "iphone 6 plus case"). */
interface SuffixedModel {
  number: string;
  suffix: string;
}

/** The model numbers `words` (a message's, with its category words) say with a suffix after them. */
function suffixedModels(words: readonly string[]): SuffixedModel[] {
  return words.flatMap((w, i) => (isModelSuffix(words[i + 1] ?? '') && namesModelNumber(w) ? [{ number: w, suffix: words[i + 1] as string }] : []));
}

/**
 * Whether what the item comes with is two or more words said one after another ("wireless
 * charging" of "phone with wireless charging"), `comesWith` being their indexes.
 */
function isPhrase(comesWith: readonly number[]): boolean {
  return comesWith.length >= 2 && comesWith.length <= MAX_PHRASE_WORDS && comesWith.every((at, i) => i === 0 || at === (comesWith[i - 1] as number) + 1);
}
const MAX_PHRASE_WORDS = 4;
/** At most this many candidates are read for a phrase said after "with" (see `demoteApart`). */
const MAX_PHRASE_CHECKS = 64;
/** Cards read per search for what the item comes with being denied on them ("без излива"). */
const MAX_DENIAL_CHECKS = 64;
/** How much of a description and of the parameters is read for a phrase: as much as the index reads of a description. */
const DESCRIPTION_READ = 300;
/** A phrase's words (or their synonyms, in any order) count as said together within this many words. */
const PHRASE_WINDOW = 4;

/** A product's parameters as one text ("Milk frother Automatic ; Colour Black"), read to DESCRIPTION_READ characters. */
function paramsText(p: CatalogProduct): string {
  let out = '';
  for (const key in p.params) {
    if (out.length >= DESCRIPTION_READ) {
      break;
    }
    if (Object.hasOwn(p.params, key)) {
      out += `${key} ${String(p.params[key])} ; `;
    }
  }
  return out.slice(0, DESCRIPTION_READ);
}

/** Words after which a name says what the product is for, and how much of a name is read for it. */
const FOR_WORDS: ReadonlySet<string> = new Set(['для', 'д', 'for', 'fits', 'compatible']);
const MAX_OWN_NAME_CHARS = 200;

/** `rankText` ranks products for query words; `listFiltered` lists products without text. */
export function ranker(source: RankingSource): {
  rankText: (
    words: string[],
    head: number,
    purpose: readonly number[],
    cf: CompiledFilters,
    limit: number,
    sort: PriceSort | undefined,
    budget: WorkBudget | undefined,
    forModels?: readonly number[],
    comesWith?: readonly number[],
    said?: readonly string[],
  ) => SearchHit[];
  listFiltered: (cf: CompiledFilters, limit: number, sort: PriceSort | undefined, budget: WorkBudget | undefined) => SearchHit[];
} {
  const { docs, columns, inv, termGroups, passes, passesColumns, searchPostings, kindTerms, kindWords, namesKind, namesCategoryKind, denials } = source;
  const termOf = (termId: number): string => inv.term(termId);
  const { n, prices, available, brandPostings, catPostings } = columns;

  // Scratch for candidates, reused across queries (see InvertedIndex.run).
  const candDoc = new Int32Array(n);
  const candScore = new Float32Array(n);
  const candMask = new Uint32Array(n);
  const seen = new Uint8Array(n);
  const candHead = new Uint8Array(n);
  const candBits = new Uint32Array(n);
  const scratch = { doc: candDoc, score: candScore, mask: candMask };
  const heapPos = new Int32Array(256);
  const heapKey = new Float64Array(256);
  // Every candidate, for `bestWithout`.
  const heapAll = new Int32Array(n);

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

  /** Whether a candidate still in the running (`keys` not NaN) is of the kind asked for. */
  function someOfKind(keys: Float64Array, count: number): boolean {
    for (let k = 0; k < count; k++) {
      if (!Number.isNaN(keys[k] as number) && (candHead[k] as number) >= 2) {
        return true;
      }
    }
    return false;
  }

  /**
   * The `k` best of `count` candidates by `keys` (NaN = excluded) that `excluded` keeps, best
   * first, ties in candidate order, as `topK` gives them. The candidates are taken best first
   * from a heap of them all and `excluded` is asked of each until `k` are kept: a filter that
   * reads a product's card (excluded words) reads the cards of the best candidates only.
   */
  function bestWithout(keys: Float64Array, count: number, k: number, excluded: (i: number) => boolean): number[] {
    const heap = heapAll;
    let size = 0;
    for (let i = 0; i < count; i++) {
      if (!Number.isNaN(keys[i] as number)) {
        heap[size++] = i;
      }
    }
    const before = (a: number, b: number): boolean => (keys[a] as number) > (keys[b] as number) || ((keys[a] as number) === (keys[b] as number) && a < b);
    const siftDown = (from: number): void => {
      const item = heap[from] as number;
      let at = from;
      for (;;) {
        const l = at * 2 + 1;
        if (l >= size) {
          break;
        }
        const r = l + 1;
        const m = r < size && before(heap[r] as number, heap[l] as number) ? r : l;
        if (!before(heap[m] as number, item)) {
          break;
        }
        heap[at] = heap[m] as number;
        at = m;
      }
      heap[at] = item;
    };
    for (let i = (size >> 1) - 1; i >= 0; i--) {
      siftDown(i);
    }
    const out: number[] = [];
    while (size > 0 && out.length < k) {
      const best = heap[0] as number;
      heap[0] = heap[--size] as number;
      siftDown(0);
      if (!excluded(best)) {
        out.push(best);
      }
    }
    return out;
  }

  const keyBuf = new Float64Array(n);
  const restrictBuf = new Int32Array(n);
  // The products a category or brand filter allows, marked 1 for one search (see InvertedIndex.run).
  const allowMark = new Uint8Array(n);

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
  /** Whether the product has a kind word at all. */
  function hasKind(doc: number): boolean {
    for (let s = 0; s < KIND_SLOTS; s++) {
      if ((kindTerms[doc * KIND_SLOTS + s] as number) >= 0) {
        return true;
      }
    }
    return false;
  }
  /**
   * `picked` with, among the products matching as many of the words, those whose own name
   * (before what it is for, "для", "for") says each of `numbers` first ("iPhone 15" before the
   * glass "для iPhone 15"; after "айфон 15 pro", the other iPhone 15s before the cases for
   * them), each group in its order; `first` counts those that lead the list.
   */
  function modelItselfFirst(picked: number[], numbers: readonly string[]): { picked: number[]; first: number } {
    const levels = new Map<number, { own: number[]; made: number[] }>();
    for (const k of picked) {
      const name = (docs[candDoc[k] as number] as CatalogProduct).name.slice(0, MAX_OWN_NAME_CHARS);
      const words: string[] = [];
      for (const w of tokenize(name)) {
        if (FOR_WORDS.has(w)) {
          break;
        }
        words.push(w);
      }
      const matched = candMask[k] as number;
      let level = levels.get(matched);
      if (level === undefined) {
        level = { own: [], made: [] };
        levels.set(matched, level);
      }
      (numbers.every((n) => saysNumber(words, n)) ? level.own : level.made).push(k);
    }
    // None of them names the model itself: the order stays as ranked.
    if (![...levels.values()].some((level) => level.own.length > 0)) {
      return { picked, first: 0 };
    }
    const out: number[] = [];
    for (const level of levels.values()) {
      out.push(...level.own, ...level.made);
    }
    return { picked: out, first: levels.values().next().value?.own.length ?? 0 };
  }

  /**
   * `picked` with the products whose names say each of `numbers` only as part of another model
   * ("iPhone 6 Plus", "iPhone 15 Pro" for "iphone 6 case", "чехол для iphone 15": a suffix the
   * buyer did not say after the number) after each of the others that matches as many of the
   * buyer's words, among the hits ranked until twice `limit` other products (not colour
   * variants of one) are read: the first cards reach that deep when variants wait. Reads at
   * most VARIANT_POOL × `limit` names.
   */
  function otherModelsLast(picked: number[], numbers: readonly string[], asked: ReadonlySet<string>, limit: number): number[] {
    const max = Math.min(picked.length, limit * VARIANT_POOL);
    const out: number[] = [];
    const waiting: number[] = [];
    const products = new Set<string>();
    let w = 0;
    let read = 0;
    for (; read < max && products.size < limit * 2; read++) {
      const k = picked[read] as number;
      const name = nameWords(k);
      if (numbers.some((n) => numberOnlyInOtherModels(name, n, asked))) {
        waiting.push(k);
        continue;
      }
      // Another model matching more words than this one keeps its place before it, unless this
      // one is of the kind asked for and names the model: a case for the iPhone 6s fits, a wallet
      // case for the 6s Plus that "holds cards" does not.
      const fits = (candHead[k] as number) >= 2 && numbers.every((n) => saysNumber(name, n));
      while (w < waiting.length && !fits && (candMask[waiting[w] as number] as number) > (candMask[k] as number)) {
        out.push(waiting[w++] as number);
      }
      out.push(k);
      products.add(variantKeyOf(docs[candDoc[k] as number] as CatalogProduct));
    }
    for (; w < waiting.length; w++) {
      out.push(waiting[w] as number);
    }
    for (let i = read; i < picked.length; i++) {
      out.push(picked[i] as number);
    }
    return out;
  }

  /**
   * Each scored candidate that matches the words of `phrase` (what the item comes with, two or
   * more words: "wireless charging") but never says them together counted as not matching them:
   * a phone whose description says "wireless" of its network and "charging" of its battery is no
   * phone with wireless charging. Its name, parameters and the start of its description are read
   * (the part the index reads): those of the kind asked for when at most MAX_PHRASE_CHECKS of them
   * match all the words, the others too when at most that many do in all (more, and the words
   * are common together). Updates the tally's counts.
   */
  function demoteApart(tally: CandidateTally, phrase: ReadonlyArray<ReadonlySet<number>>, withMask: number, ng: number): void {
    const { count } = tally;
    let ofKind = 0;
    let others = 0;
    for (let k = 0; k < count; k++) {
      if (((candBits[k] as number) & withMask) === withMask) {
        if ((candHead[k] as number) >= 2) {
          ofKind++;
        } else {
          others++;
        }
      }
    }
    if (ofKind > MAX_PHRASE_CHECKS) {
      return;
    }
    const minHead = ofKind + others > MAX_PHRASE_CHECKS ? 2 : 0;
    let apart = 0;
    for (let k = 0; k < count; k++) {
      const bits = candBits[k] as number;
      if ((bits & withMask) !== withMask || (candHead[k] as number) < minHead || saysTogether(docs[candDoc[k] as number] as CatalogProduct, phrase)) {
        continue;
      }
      unmatch(tally, k, withMask, ng);
      apart++;
    }
    if (apart > 0) {
      rereadBest(tally);
    }
  }

  /** Candidate `k` no longer matches the groups of `lost`: its counts, mask and score, and the tally's counts of whole matches. */
  function unmatch(tally: CandidateTally, k: number, lost: number, ng: number): void {
    const coverage = COVERAGE_FACTOR_BY_WORDS[ng] as Float64Array;
    const matched = candMask[k] as number;
    const h = candHead[k] as number;
    if (h >= 1 && matched === ng) {
      tally.withKind--;
      if (h >= 2) {
        tally.withOwnKind--;
        tally.wholeOfKind--;
      }
    }
    const left = matched - popcount(lost);
    candBits[k] = (candBits[k] as number) & ~lost;
    candMask[k] = left;
    candScore[k] = ((candScore[k] as number) * (coverage[left] as number)) / (coverage[matched] as number);
  }

  /** The most groups any candidate matches, read again after some were unmatched. */
  function rereadBest(tally: CandidateTally): void {
    let best = 0;
    for (let k = 0; k < tally.count; k++) {
      best = Math.max(best, candMask[k] as number);
    }
    tally.bestMatched = best;
  }

  /**
   * What the item comes with, where a candidate's card says it lacks it ("без излива" of a mixer
   * for "смеситель с изливом", "no bag"): that word is not matched. Only cards with a denying
   * word are read, at most MAX_DENIAL_CHECKS of them.
   */
  function demoteDenied(tally: CandidateTally, said: ReadonlyArray<{ bit: number; stemmed: string }>, ng: number): void {
    let checked = 0;
    let demoted = 0;
    for (let k = 0; k < tally.count && checked < MAX_DENIAL_CHECKS; k++) {
      const bits = candBits[k] as number;
      const doc = candDoc[k] as number;
      if (denials[doc] === 0 || !said.some((w) => (bits & w.bit) !== 0)) {
        continue;
      }
      checked++;
      let lost = 0;
      for (const w of said) {
        if ((bits & w.bit) !== 0 && (lost & w.bit) === 0 && cardDenies(docs[doc] as CatalogProduct, w.stemmed)) {
          lost |= w.bit;
        }
      }
      if (lost !== 0) {
        unmatch(tally, k, lost, ng);
        demoted++;
      }
    }
    if (demoted > 0) {
      rereadBest(tally);
    }
  }

  /**
   * Whether the product's name, parameters or description start say each word of a phrase (a
   * set of term ids each: the word, its synonyms and spellings) within PHRASE_WINDOW words of one
   * another, in any order ("с нижней морозильной камерой" for "с морозилкой снизу").
   */
  function saysTogether(p: CatalogProduct, phrase: ReadonlyArray<ReadonlySet<number>>): boolean {
    const texts = [p.name.slice(0, MAX_OWN_NAME_CHARS), paramsText(p), (p.description ?? '').slice(0, DESCRIPTION_READ)];
    for (const text of texts) {
      const words = tokenizeForIndex(spellMarks(text));
      // Per word of the text, which of the phrase's words it is (bits); then any window holding them all.
      const found: number[] = [];
      for (const w of [...words, ...measureWords(words)]) {
        const id = inv.termId(stem(w));
        let bits = 0;
        if (id !== undefined) {
          phrase.forEach((set, g) => {
            if (set.has(id)) {
              bits |= 1 << g;
            }
          });
        }
        found.push(bits);
      }
      const all = (1 << phrase.length) - 1;
      for (let i = 0; i < found.length; i++) {
        let bits = 0;
        for (let j = i; j < Math.min(found.length, i + PHRASE_WINDOW); j++) {
          bits |= found[j] as number;
        }
        if (bits === all) {
          return true;
        }
      }
    }
    return false;
  }

  /** A ranked candidate's name, tokenised, read to the bounded length. */
  function nameWords(k: number): string[] {
    return tokenize((docs[candDoc[k] as number] as CatalogProduct).name.slice(0, MAX_OWN_NAME_CHARS));
  }

  /**
   * `picked` with the products whose names say a model number the buyer said with its suffix
   * only without it ("Case for iPhone 6 and 6s" for "iphone 6 plus case") after those saying it
   * with it, among the first 2 × `limit`, and only when each of those matches every word the
   * others match. Reads at most 2 × `limit` names.
   */
  function suffixSaidFirst(picked: number[], models: readonly SuffixedModel[], limit: number): number[] {
    const split = splitByName(picked, limit, (name) => models.some((m) => numberWithoutSuffix(name, m.number, m.suffix)));
    if (split === null) {
      return picked;
    }
    const every = split.own.reduce((m, k) => m & (candBits[k] as number), 0xffffffff);
    if (split.other.some((k) => ((candBits[k] as number) & ~every) !== 0)) {
      return picked;
    }
    return [...split.own, ...split.other, ...picked.slice(split.read)];
  }

  /**
   * The first 2 × `limit` of `picked` split by whether each name (tokenised, read to the bounded
   * length) is `other`'s, with how many were read; null when either part is empty.
   */
  function splitByName(picked: number[], limit: number, other: (name: string[]) => boolean): { own: number[]; other: number[]; read: number } | null {
    const read = picked.slice(0, limit * 2);
    const out = { own: [] as number[], other: [] as number[], read: read.length };
    for (const k of read) {
      (other(nameWords(k)) ? out.other : out.own).push(k);
    }
    return out.own.length === 0 || out.other.length === 0 ? null : out;
  }

  /** Terms as alternatives of equal weight (for `namesKind`). */
  function alternativesOf(terms: Int32Array): TermAlternative[] {
    return Array.from(terms, (termId) => ({ termId, weight: 1 }));
  }

  /** The alternatives of a group as the buyer wrote the word (the highest weight). */
  function strongest(group: readonly TermAlternative[]): TermAlternative[] {
    let top = 0;
    for (const alt of group) {
      top = Math.max(top, alt.weight);
    }
    return group.filter((alt) => alt.weight === top);
  }

  /** Whether one of the product's kind words is among these terms. */
  function isOfKind(doc: number, terms: Int32Array): boolean {
    for (let s = 0; s < KIND_SLOTS; s++) {
      const t = kindTerms[doc * KIND_SLOTS + s] as number;
      if (t >= 0 && terms.includes(t)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Scores the `total` candidates the posting read left in the scratch arrays and keeps, packed
   * at the front, those passing the column filters: the raw score times the share of the
   * buyer's words matched, cubed (products matching every word first however strongly a
   * product matches one of them), unavailable products a little lower, the kind asked for
   * higher (see the factors above). What it learns of them goes to `tally`.
   * The ranking's hot loop lives apart from `rankText`, and takes numbers and typed arrays
   * only: when a path of `rankText` met for the first time throws that function back to the
   * interpreter, this loop stays optimised (inside it, it ran thousands of candidates
   * unoptimised for that answer; docs/performance.md, 2026-11-29).
   */
  function scoreCandidates(
    total: number,
    cf: CompiledFilters,
    ng: number,
    headBit: number,
    headTerms: Int32Array,
    saidTerms: Int32Array,
    oneWord: boolean,
    asideMask: number,
    modelNumbers: number,
    forModels: boolean,
    withMask: number,
    tally: CandidateTally,
  ): void {
    const filtered = cf.any;
    const coverage = COVERAGE_FACTOR_BY_WORDS[ng] as Float64Array;
    let count = 0;
    let bestMatched = 0;
    let anyHead = false;
    let anyModelNumber = false;
    let withKind = 0;
    let withOwnKind = 0;
    let wholeOfKind = 0;
    for (let k = 0; k < total; k++) {
      const doc = candDoc[k] as number;
      if (filtered && !passesColumns(doc, cf)) {
        continue;
      }
      const bits = candMask[k] as number;
      const matched = popcount(bits);
      let s = (candScore[k] as number) * (coverage[matched] as number);
      if (available[doc] === 0) {
        s *= UNAVAILABLE_FACTOR;
      }
      const isHead = (bits & headBit) !== 0;
      const ofKind = isHead && isOfKind(doc, headTerms);
      const asSaid = ofKind && saidTerms.length > 0 && isOfKind(doc, saidTerms);
      if (asSaid || (ofKind && saidTerms.length === 0)) {
        s *= oneWord ? ONE_WORD_KIND_FACTOR : KIND_FACTOR;
      } else if (ofKind) {
        s *= SYNONYM_KIND_FACTOR;
      } else if (isHead && hasKind(doc) && !oneWord) {
        s *= OTHER_KIND_FACTOR;
      } else if (!isHead && headBit !== 0 && (bits & ~asideMask) === 0) {
        s *= COLOUR_ONLY_FACTOR;
      }
      candHead[count] = asSaid ? 3 : ofKind ? 2 : isHead ? 1 : 0;
      candBits[count] = bits;
      candDoc[count] = doc;
      candScore[count] = s;
      candMask[count] = matched;
      if (matched > bestMatched) {
        bestMatched = matched;
      }
      anyHead ||= isHead;
      // Some product of the kind asked for (by the product word, or by the category filter the
      // item's word became) matches everything, the model's number too.
      anyModelNumber ||= modelNumbers !== 0 && matched === ng && (headBit === 0 || ofKind || forModels);
      if (ofKind && matched === ng) {
        wholeOfKind++;
      }
      if (withMask !== 0 && isHead && matched === ng) {
        withKind++;
        if (ofKind) {
          withOwnKind++;
        }
      }
      count++;
    }
    tally.count = count;
    tally.bestMatched = bestMatched;
    tally.anyHead = anyHead;
    tally.anyModelNumber = anyModelNumber;
    tally.withKind = withKind;
    tally.withOwnKind = withOwnKind;
    tally.wholeOfKind = wholeOfKind;
  }

  /**
   * Among the kept candidates matching the most words: the best score, the lowest score of a
   * product of the kind asked for, and the closest kind (3 as the buyer said it, 2 by a synonym, 0 none).
   */
  function tallyBest(tally: CandidateTally): void {
    const { count, bestMatched } = tally;
    let bestScore = 0;
    let bestKind = 0;
    let kindFloor = Number.POSITIVE_INFINITY;
    for (let k = 0; k < count; k++) {
      if ((candMask[k] as number) !== bestMatched) {
        continue;
      }
      const s = candScore[k] as number;
      const h = candHead[k] as number;
      if (s > bestScore) {
        bestScore = s;
      }
      if (h >= 2) {
        if (h > bestKind) {
          bestKind = h;
        }
        if (s < kindFloor) {
          kindFloor = s;
        }
      }
    }
    tally.bestScore = bestScore;
    tally.bestKind = bestKind;
    tally.kindFloor = kindFloor;
  }

  /** The most words a kept candidate of the kind asked for matches (0: none is of the kind). */
  function mostMatchedOfKind(count: number): number {
    let most = 0;
    for (let k = 0; k < count; k++) {
      if ((candHead[k] as number) >= 2 && (candMask[k] as number) > most) {
        most = candMask[k] as number;
      }
    }
    return most;
  }

  /**
   * Marks as of the kind asked for the kept candidates with no kind of their own (a catalogue
   * filing none) matching the product word (`headBit`) in their own names, not only in
   * descriptions (a monitor, not a printer that "monitors ink levels"); reads at most
   * MAX_NAMERS_READ names. The most words such a candidate matches (0: none).
   */
  function namersAsKind(count: number, headBit: number, group: readonly TermAlternative[]): number {
    let most = 0;
    let read = 0;
    // The group's terms are stems ("monitor"): a name says one where a word starts with it.
    const stems = group.map((alt) => termOf(alt.termId)).filter((t) => t.length >= 3);
    for (let k = 0; k < count && read < MAX_NAMERS_READ; k++) {
      if (((candBits[k] as number) & headBit) === 0 || hasKind(candDoc[k] as number)) {
        continue;
      }
      read++;
      const name = (docs[candDoc[k] as number] as CatalogProduct).name.slice(0, MAX_OWN_NAME_CHARS).toLowerCase();
      if (stems.some((t) => startsWordIn(name, t))) {
        candHead[k] = 2;
        if ((candMask[k] as number) > most) {
          most = candMask[k] as number;
        }
      }
    }
    return most;
  }

  /** Whether a word of `name` (lower case) starts with `stem`. */
  function startsWordIn(name: string, stem: string): boolean {
    for (let at = name.indexOf(stem); at >= 0; at = name.indexOf(stem, at + 1)) {
      if (at === 0 || !/[\p{L}\p{N}]/u.test(name[at - 1] as string)) {
        return true;
      }
    }
    return false;
  }

  /** Whether some kept candidate of the kind asked for (or, where none has a kind, naming its word) matches all `ng` words. */
  function kindAmongWhole(count: number, ng: number, headBit: number, group: readonly TermAlternative[]): boolean {
    return mostMatchedOfKind(count) === ng || namersAsKind(count, headBit, group) === ng;
  }

  /** Whether some kept candidate is of the kind asked for and matches every group of `ownMask`. */
  function someKindWhole(count: number, ownMask: number): boolean {
    for (let k = 0; k < count; k++) {
      if ((candHead[k] as number) >= 2 && ((candBits[k] as number) & ownMask) === ownMask) {
        return true;
      }
    }
    return false;
  }

  /**
   * Each scored candidate's key for the top-k (NaN: no answer), by `rule`: in a price order
   * available first, then by price, no price last; otherwise the score, with what only names
   * the kind asked for, or matches only what the item comes with, just below the weakest
   * product of the kind matching as much. Apart from `rankText` for the reason above.
   */
  function keyCandidates(count: number, rule: KeyRule): void {
    const { modelNumbers, withMask, ownKindOnly, kindAfterCode, purposeKind, ownMask, fitsOnly, asideMask, minMatched, bestMatched, minScore, headOnly, kindOnly, dir, ng, comesWith, kindFloor } = rule;
    for (let k = 0; k < count; k++) {
      const m = candMask[k] as number;
      const bits = candBits[k] as number;
      const h = candHead[k] as number;
      if (
        // Some product matches the model's number asked for: one without it is another model's.
        (bits & modelNumbers) !== modelNumbers ||
        (h >= 1 && (bits & withMask) !== withMask) ||
        (ownKindOnly && h < 2) ||
        // An item after its model ("galaxy s7 edge case"): with cases matching it all, the
        // phones whose descriptions say "case" are no answer.
        (kindAfterCode && h < 2) ||
        (purposeKind
          ? !(h >= 2 && (bits & ownMask) === ownMask)
          : // What the item fits alone (a watch for "зарядка для часов") is no answer while something matches the item.
            (fitsOnly && h === 0 && (bits & ~asideMask) === 0) ||
            m < minMatched ||
            (m < bestMatched && (candScore[k] as number) < minScore) ||
            (headOnly && h === 0) ||
            h < kindOnly)
      ) {
        keyBuf[k] = Number.NaN;
      } else if (dir !== 0) {
        const d = candDoc[k] as number;
        const p = prices[d] as number;
        keyBuf[k] = (available[d] === 1 ? 1e15 : 0) + (Number.isNaN(p) ? -1e14 : dir * p);
      } else if ((h === 1 || (h === 0 && bestMatched < ng && (bits & ~comesWith) === 0)) && (candScore[k] as number) >= kindFloor) {
        // So, when no product matches every word, does one matching only what the item comes
        // with: "ноутбук с ssd" where no laptop says SSD shows the laptops before the SSD drives.
        keyBuf[k] = kindFloor * 0.999;
      } else {
        keyBuf[k] = candScore[k] as number;
      }
    }
  }

  /**
   * The group naming the product asked for: the query's product word when the catalogue has
   * it; when that word names no kind of product here (a finish, "… sconce bronze"; a model
   * name, "… faucet oletto kpf 2820 sfs"; a word the shop does not use, "tile backsplash"),
   * the nearest word before it that does, then after it. -1 when none does.
   */
  function productGroup(expanded: ExpandedQuery, groups: TermAlternative[][], ng: number, purposeMask: number, modelSuffix: boolean): number {
    const h = expanded.head;
    if (h < 0 || h >= ng) {
      return -1;
    }
    const namesKindAt = (g: number) => expanded.known[g] === true && namesKind(groups[g] as TermAlternative[]);
    // The end of a model's name ("plus" of "iphone 7 plus") gives way to a word before it that names a kind.
    const yields = modelSuffix && groups.slice(0, h).some((_, g) => namesKindAt(g));
    if (expanded.headKnown && namesKind(groups[h] as TermAlternative[]) && !yields) {
      return h;
    }
    for (let g = h - 1; g >= 0; g--) {
      if (namesKindAt(g)) {
        return g;
      }
    }
    // Never a word of what the item is for: "часов" of "зарядка для часов" is not the product.
    for (let g = h + 1; g < ng; g++) {
      if ((purposeMask & (1 << g)) === 0 && namesKindAt(g)) {
        return g;
      }
    }
    return expanded.headKnown ? h : -1;
  }

  /** The bits of the groups of these query words (`groupOfWord`), among the first `ng`. */
  function groupMask(expanded: ExpandedQuery, wordIndexes: Iterable<number>, ng: number): number {
    let mask = 0;
    for (const i of wordIndexes) {
      const g = expanded.groupOfWord[i] ?? -1;
      if (g >= 0 && g < ng) {
        mask |= 1 << g;
      }
    }
    return mask;
  }

  /**
   * The terms a product says in its name and category path, kept for the products read lately:
   * the same few are read query after query, and tokenizing their names again was two-fifths of
   * a search for what an item is for ("чехол для iphone", docs/performance.md). At most
   * NAMED_TERMS_KEPT products, then all forgotten at once (an index never changes).
   */
  const namedTermsKept = new Map<number, Int32Array>();
  function namedTerms(doc: number): Int32Array {
    const kept = namedTermsKept.get(doc);
    if (kept !== undefined) {
      return kept;
    }
    const p = docs[doc] as CatalogProduct;
    const words = tokenizeForIndex(spellMarks(`${p.name} / ${p.categories.join(' / ')}`));
    const ids = new Set<number>();
    for (const w of [...words, ...measureWords(words)]) {
      const id = inv.termId(stem(w));
      if (id !== undefined) {
        ids.add(id);
      }
    }
    const terms = Int32Array.from(ids);
    if (namedTermsKept.size >= NAMED_TERMS_KEPT) {
      namedTermsKept.clear();
    }
    namedTermsKept.set(doc, terms);
    return terms;
  }

  /**
   * When some ranked candidates say in their name or category what the item is for ("рук"
   * of "крем для рук", `purposeMask` of the groups), the candidates that do not: those that
   * match it only in their parameters or description (a face mask "applied by hand", an oil
   * "for hand creams") and those that do not match it at all (a face cream). Only products of
   * the kind asked for count when some are ranked; when none of them names what it is for,
   * they come first ("ремешок для fenix 7": straps, not Fenix 7 watches). Reads the names of
   * the ranked few only, and when fewer than `limit` name the purpose, of `deeper()`'s few
   * (FITS_ANY_DEPTH times as many) for products made for any device.
   */
  function purposeNamed(picked: number[], groups: TermAlternative[][], purposeMask: number, head: number, limit: number, deeper: (() => number[]) | null): number[] {
    const saysGroup = (terms: Int32Array, g: number) => (groups[g] as TermAlternative[]).some((alt) => terms.includes(alt.termId));
    const named = picked.map((k) => {
      const bits = (candBits[k] as number) & purposeMask;
      if (bits === 0) {
        return false;
      }
      const terms = namedTerms(candDoc[k] as number);
      // What the product is must be said there too: an iPhone case names the iPhone a
      // charger "для айфона" is for, and is not a charger.
      if (head >= 0 && !saysGroup(terms, head)) {
        return false;
      }
      // One word of the purpose said in the name is enough: "toner for hp laserjet" keeps the HP
      // cartridge whose description names the LaserJet it fits.
      for (let g = 0; g < groups.length; g++) {
        if ((bits & (1 << g)) !== 0 && saysGroup(terms, g)) {
          return true;
        }
      }
      return false;
    });
    // The products of the kind asked for, when some are ranked: a watch named "Fenix 7" is what
    // a strap "для fenix 7" is for, not a strap.
    const ofKind = picked.map((k) => (candHead[k] as number) >= 2);
    const anyOfKind = ofKind.includes(true);
    const counts = (j: number) => !anyOfKind || ofKind[j] === true;
    const someNamed = picked.some((k, j) => named[j] === true && counts(j) && ((candBits[k] as number) & purposeMask) === purposeMask);
    if (someNamed) {
      // Then, when they are fewer than a shelf, those of the kind made for any device
      // ("Portable Charger for Most USB-Enabled Devices" after the one "for iPhone 6"): they
      // fit what the buyer has too.
      const kept = picked.filter((_, j) => named[j] && counts(j));
      if (kept.length >= limit) {
        return kept;
      }
      const taken = new Set(kept);
      const out = kept;
      // As many as the usual pool at most: what follows reads the names of every one kept.
      for (const k of deeper ? deeper() : picked) {
        if (out.length >= limit * VARIANT_POOL) {
          break;
        }
        if (!taken.has(k) && (!anyOfKind || (candHead[k] as number) >= 2) && FITS_ANY.test((docs[candDoc[k] as number] as CatalogProduct).name)) {
          out.push(k);
        }
      }
      return out;
    }
    return anyOfKind ? [...picked.filter((_, j) => ofKind[j]), ...picked.filter((_, j) => !ofKind[j])] : picked;
  }

  function rankText(
    words: string[],
    headWord: number,
    purpose: readonly number[],
    cf: CompiledFilters,
    limit: number,
    sort: PriceSort | undefined,
    budget: WorkBudget | undefined,
    forModels: readonly number[] = [],
    comesWith: readonly number[] = [],
    said: readonly string[] = words,
  ): SearchHit[] {
    // Words are read in order while their postings fit `searchPostings` (the first
    // always): thirty common words with their synonyms and typo fixes would otherwise read
    // the whole index several times over.
    const expanded = termGroups(words, headWord);
    const all = expanded.groups;
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
    // The product word counts only when the catalogue has it and the query has other words, or
    // asks for a price order (then only products of that kind are ordered, see kindOnly), or is
    // a word a synonym of which names another kind here (see ownKindWord).
    // A model code ("k400", "s24") names the product more precisely than any word: then no word
    // is boosted. A resolution or a network ("4k", "1080p", "5g") is a feature, not a model; a
    // code in what the item is for names what it fits ("case for galaxy s7": a case, and phones
    // whose descriptions say "case" and "waterproof" are none).
    const codeAt = words.findIndex((w, i) => namesModelNumber(w) && /[a-zа-я]/.test(w) && !purpose.includes(i));
    // Unless the product word follows the model and names a kind of product here: "galaxy s7
    // edge case" asks for a case, and the S7 edge phones came first (their descriptions say "case").
    const headGroupAt = codeAt >= 0 && headWord > codeAt ? (expanded.groupOfWord[headWord] ?? -1) : -1;
    const kindAfterCode =
      headGroupAt >= 0 && headGroupAt < all.length && !isModelSuffix(words[headWord] as string) && namesKind(strongest(all[headGroupAt] as TermAlternative[]));
    const modelCode = codeAt >= 0 && !kindAfterCode;
    // The groups of what the item is for ("часов garmin" of "зарядка для часов garmin").
    const purposeMask = groupMask(expanded, purpose, ng);
    // One word counts as the product word too when it and a synonym of it name different kinds
    // here ("earbuds", "headphones"): the kind in the buyer's word comes first.
    // The term lists read per candidate are Int32Arrays whatever their length: arrays made by
    // `map`, `filter` or a literal differ in V8's hidden class, and a new one met in the
    // candidate loop throws the optimised search back to the interpreter for that answer.
    const saidOfOne = Int32Array.from(ng === 1 ? termsAsSaid(groups[0] as TermAlternative[], kindWords, termOf) : []);
    const ownKindWord = saidOfOne.length > 0;
    // One word that a category of the shop names as its kind ("унитаз" of "Унитазы (Компакты)"),
    // or that is itself the kind of products here as the buyer wrote it ("планшет" on a shop
    // filing its tablets under power supplies: a tablet repair, a case and a cable came first),
    // lifts the products of that kind over those that only name it (a toilet before a
    // toilet-seat fastener), the others not lowered below plain matches. A word no category
    // names and no product is of may be a theme ("owl", "camper": owl lamps and owl pillows
    // alike): no kind counts; nor does a kind only a looser form of the word names ("print" of
    // "printers", where the shop has printer stands and art prints).
    // A word of the synonym lists counts as its synonyms' kind ("компьютер" where computers are
    // named "ПК": the computers before "ремонт ПК").
    const oneWord =
      ng === 1 &&
      !sort &&
      !ownKindWord &&
      ((groups[0] as TermAlternative[]).some((alt) => namesCategoryKind(alt.termId)) ||
        namesKind(strongest(groups[0] as TermAlternative[])) ||
        namesKind(alternativesOf(oneWordTerms(inv, synonymsOfAnyForm(words[0] as string)))));
    const head = (ng > 1 || sort || ownKindWord || oneWord) && !modelCode ? productGroup(expanded, groups, ng, purposeMask, headWord > 0 && isModelSuffix(words[headWord] as string)) : -1;
    const headBit = head >= 0 ? 1 << head : 0;
    const phraseKind = head >= 0 ? expanded.phraseKinds[head] : undefined;
    // Not a shorter word an English head begins with ("print" of "printer": a print cartridge is
    // no printer; Russian names do cut the kind short, «Полотенцесуш.»).
    const cutShort = head >= 0 ? expanded.cutShort[head] : undefined;
    const headTerms =
      phraseKind !== undefined && namesKind(alternativesOf(phraseKind))
        ? phraseKind
        : Int32Array.from(head < 0 ? [] : cutShort === undefined ? (groups[head] as TermAlternative[]) : (groups[head] as TermAlternative[]).filter((alt) => alt.termId !== cutShort), (alt) => alt.termId);
    // The buyer's own word for the kind ("earbuds"), when the group holds synonyms too ("headphones").
    const saidTerms = head < 0 ? new Int32Array(0) : ng === 1 ? saidOfOne : Int32Array.from(termsAsSaid(groups[head] as TermAlternative[], kindWords, termOf));

    // The groups of colour and feature words ("teal", "wireless") and of Russian adjectives
    // other than the product word ("подвесной"): a product matching only those is not what
    // was asked for ("teal chair" → a teal rug; "унитаз подвесной" → a wall cabinet).
    const modifierMask = groupMask(expanded, words.flatMap((w, i) => (isModifierWord(w) || (i !== headWord && w.length >= 5 && hasAdjectiveEnding(w)) ? [i] : [])), ng);

    // A model's number after its name in what an item is for ("чехол для iphone 14", "strap for
    // fenix 7"): when some product matches every word, one without that number is for another
    // model (a case for the iPhone 13), not a near match.
    // Only in what an item is for: the watch itself may be a "265S" for "forerunner 265".
    const modelNumbers = groupMask(expanded, [...modelNumberWords(words, purpose), ...forModels], ng);
    // What the item comes with ("сушкой" of "стиралка с сушкой"): when two products matching the
    // product word have it, those matching the product word without it are not the answer.
    const withMask = headBit === 0 ? 0 : groupMask(expanded, comesWith, ng);
    // A product matching only what the item is for is what the item fits (a watch), not the
    // item; one matching only what it comes with is a part of it (a cistern for "унитаз с
    // бачком"), not the item either.
    // A bare number ("32" of "флешка 32") matched alone is a screwdriver set "micro 32", not a flash drive.
    const numberMask = groupMask(expanded, words.flatMap((w, i) => (/^\d+$/u.test(w) ? [i] : [])), ng);
    const asideMask = modifierMask | purposeMask | withMask | numberMask;

    let work = postings;
    // With a category or brand filter that leaves few products, score just those; with one
    // that leaves more, skip the others as the posting lists are read.
    let restrict: { docs: Int32Array; count: number } | undefined;
    let allow: Uint8Array | undefined;
    let marked = 0;
    if (cf.categories || cf.brands) {
      const gatherAllowed = (): number => (cf.categories ? gather(cf.categories, catPostings) : gather(cf.brands as Set<number>, brandPostings));
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
        const count = gatherAllowed();
        restrict = { docs: restrictBuf, count };
        work = lookups + count;
      } else if (allowed < postings) {
        // Unmarked in the `finally` below; restrictBuf keeps the list until then.
        marked = gatherAllowed();
        for (let k = 0; k < marked; k++) {
          allowMark[restrictBuf[k] as number] = 1;
        }
        allow = allowMark;
        work += allowed;
      }
    }
    budget?.spend(work);
    // A price order keeps only the products matching as many words as the best one does: when
    // one matches every word, the products of the rarest word are all there is to read (a
    // search page of "кабель usb" ordered by price scores the cables, not every USB product).
    // The first pass reads so; when nothing matches every word, the second reads everything.
    const conjunctive = sort !== undefined && !restrict && ng > 1;
    // Filter, and turn raw scores into final ones: the share of the buyer's words matched,
    // cubed, so products matching every word come first however strongly a product
    // matches one of them; unavailable products a little lower.
    const tally = new CandidateTally();
    try {
      for (let pass = conjunctive ? 0 : 1; pass < 2; pass++) {
        if (pass === 1 && conjunctive) {
          budget?.spend(work);
        }
        // One shape of options whichever way the search reads (see `ranked` below).
        const total = inv.run(
          groups,
          scratch,
          restrict
            ? { exhaustive: true, restrict, allow: undefined, conjunctive: false }
            : { exhaustive: cf.any || sort !== undefined, restrict: undefined, allow, conjunctive: pass === 0 },
        );
        scoreCandidates(total, cf, ng, headBit, headTerms, saidTerms, oneWord, asideMask, modelNumbers, forModels.length > 0, withMask, tally);
        // With what the item is for, the products matching every word must include one of the
        // kind asked for ("cheap monitor for office": printers say "monitor" and "office"), or
        // the second pass reads the kind's products that do not say what it is for.
        if (tally.bestMatched === ng && (purposeMask === 0 || head < 0 || pass === 1 || kindAmongWhole(tally.count, ng, headBit, groups[head] as TermAlternative[]))) {
          break;
        }
      }
    } finally {
      // restrictBuf still holds the marked products: nothing else gathers during the search.
      for (let k = 0; k < marked; k++) {
        allowMark[restrictBuf[k] as number] = 0;
      }
    }
    // Each word of a phrase said after "with", as the term ids the search took for it.
    const phraseGroups = !sort && isPhrase(comesWith) ? [...new Set(comesWith.map((i) => expanded.groupOfWord[i] ?? -1))] : [];
    if (phraseGroups.length >= 2 && phraseGroups.every((g) => g >= 0 && g < ng)) {
      demoteApart(tally, phraseGroups.map((g) => new Set((groups[g] as TermAlternative[]).map((alt) => alt.termId))), withMask, ng);
    }
    if (!sort && withMask !== 0) {
      demoteDenied(
        tally,
        comesWith
          .slice(0, MAX_PHRASE_WORDS)
          .filter((i) => (expanded.groupOfWord[i] ?? -1) >= 0 && (expanded.groupOfWord[i] as number) < ng)
          .map((i) => ({ bit: 1 << (expanded.groupOfWord[i] as number), stemmed: stem(words[i] as string) })),
        ng,
      );
    }
    const { count, bestMatched, anyHead, anyModelNumber, withKind, withOwnKind, wholeOfKind } = tally;
    if (count === 0) {
      return [];
    }
    tallyBest(tally);
    const bestScore = tally.bestScore;
    // Keep what matches about as much of the query as the best hit does; the long tail of
    // one-word matches for a three-word query is noise, not choice. A product that matches
    // every word the best hit matches stays however low it scores: words every product of
    // a category has ("cell phones" in "Cell Phones") weigh next to nothing, and one
    // product writing them as one rare word ("cellphone") must not hide the rest. When no
    // product matches half the words, only those matching the product word are an answer
    // (see relax.ts): they are taken from every candidate, not from the best-scored few.
    // In a price order with what the item is for ("cheap monitor for office"), when the products
    // matching the most words are of other kinds (printers whose descriptions say "monitor" and
    // "office"): the products of the kind asked for matching the most of the words, cheapest first.
    // Where the catalogue files no kinds (names without categories), those naming the product word in their own names.
    const kindMatched =
      sort && purposeMask !== 0 && tally.bestKind < 2 && head >= 0
        ? mostMatchedOfKind(count) || namersAsKind(count, headBit, groups[head] as TermAlternative[])
        : 0;
    const minMatched = sort ? (kindMatched > 0 ? kindMatched : bestMatched) : bestMatched * 0.5;
    const headOnly = !sort && head >= 0 && bestMatched * 2 < ng;
    // In a price order, the products of the kind asked for when there are any: the cheapest
    // iPhone, not the cheapest case that fits one; of the kind as the buyer named it when
    // some are (the cheapest earbuds, not on-ear headphones).
    const kindOnly = sort ? (kindMatched > 0 ? 2 : tally.bestKind) : 0;
    // "X для Y": the products of kind X are the answer, Y says which fit best; a product of
    // kind X matching every other word stays however little of Y it names (a strap "для fenix
    // 7" whose name does not say Fenix), and when there are such products, only they.
    const ownMask = ((ng >= 32 ? 0 : 1 << ng) - 1) & ~purposeMask;
    const kindWhole = (k: number) => (candHead[k] as number) >= 2 && ((candBits[k] as number) & ownMask) === ownMask;
    const purposeKind = purposeMask !== 0 && !sort && someKindWhole(count, ownMask);
    const minScore = sort ? 0 : bestScore * 0.02;
    // A product that names the product word as something else (a seat fastener "для унитаза"
    // for "унитаз с бачком"), or is of another kind in a category of it (a chrome shower head
    // filed under "Смесители" for "смеситель хром"), comes after every product of the kind asked
    // for that matches as much; products matching other words keep their place.
    const kindFloor = !sort && head >= 0 ? tally.kindFloor : Number.POSITIVE_INFINITY;
    keyCandidates(
      count,
      new KeyRule(
        anyModelNumber ? modelNumbers : 0,
        withKind >= 2 ? withMask : 0,
        withOwnKind >= 2,
        kindAfterCode && wholeOfKind >= 2,
        purposeKind,
        ownMask,
        purposeMask !== 0 && anyHead,
        asideMask,
        minMatched,
        bestMatched,
        minScore,
        headOnly,
        kindOnly,
        sort === undefined ? 0 : sort === 'price_asc' ? -1 : 1,
        ng,
        withMask,
        kindFloor,
      ),
    );
    const exclusion = cf.exclusion;
    const want = sort ? limit : limit * VARIANT_POOL;
    let picked = exclusion ? bestWithout(keyBuf, count, want, (k) => exclusion.excludes(candDoc[k] as number)) : topK(keyBuf, count, want);
    // Every product of the kind asked for has what the buyer does not want ("наушники без
    // bluetooth" where all are Bluetooth): a charger whose description names headphones is no
    // answer; nothing is.
    if (exclusion && head >= 0 && !picked.some((k) => (candHead[k] as number) >= 2) && someOfKind(keyBuf, count)) {
      picked = [];
    }
    if (purposeMask !== 0 && picked.length > 1) {
      // Products made for any device may rank below the first `want` (named for nothing the buyer
      // said, they match fewer words): read a few times deeper for them when few name the purpose.
      const deeper =
        picked.length < want ? null : () => (exclusion ? bestWithout(keyBuf, count, want * FITS_ANY_DEPTH, (k) => exclusion.excludes(candDoc[k] as number)) : topK(keyBuf, count, want * FITS_ANY_DEPTH));
      picked = purposeNamed(picked, groups, purposeMask, head, limit, deeper);
    }
    if (!sort && picked.length > 1) {
      const numbers = words.filter(namesModelNumber);
      if (numbers.length > 0) {
        // The category the buyer's words named may say the suffix they leave out ("iPhone 6 Plus Cases").
        const asked = new Set(words);
        for (const id of cf.categories ?? []) {
          for (const w of tokenize(columns.catNames[id] ?? '')) {
            asked.add(w);
          }
        }
        picked = otherModelsLast(picked, numbers, asked, limit);
        // Only a suffix the search does not score itself: one the category filter took ("plus" of
        // "iphone 6 plus case" in "iPhone 6 Plus Cases"), which no name is ranked by.
        const models = suffixedModels(said).filter((m) => numbers.includes(m.number) && !words.includes(m.suffix));
        if (models.length > 0) {
          picked = suffixSaidFirst(picked, models, limit);
        }
      }
    }
    // A model asked for by a word no product here is of and its number ("айфон 15", "galaxy
    // s7"): the model itself and its other versions before what is made for it ("Защитное
    // стекло Deppa для iPhone 15" came first, and was named the most affordable). With a
    // category filter every card is of the category's kind: nothing to tell apart.
    let ownModel = 0;
    if (!sort && !cf.categories && picked.length > 1 && !picked.some((k) => (candHead[k] as number) >= 2)) {
      const numbers = words.filter(namesModelNumber);
      if (numbers.length > 0) {
        ({ picked, first: ownModel } = modelItselfFirst(picked, numbers));
      }
    }
    if (picked.length === 0) {
      return [];
    }
    // Every hit has every field (undefined when absent) and the list is made one way and never
    // empty here: one hidden class for each, so the optimised code reading them is not thrown
    // back to the interpreter by a shape it has not met.
    const ranked: SearchHit[] = [];
    for (const k of picked) {
      const hit: SearchHit = {
        product: docs[candDoc[k] as number] as CatalogProduct,
        score: candScore[k] as number,
        coverage: (candMask[k] as number) / ng,
        headMatched: undefined,
        ofKind: undefined,
        kindAsSaid: undefined,
        wholeButPurpose: undefined,
      };
      if (head >= 0) {
        hit.headMatched = candHead[k] !== 0;
        hit.ofKind = (candHead[k] as number) >= 2;
        if (candHead[k] === 3) {
          hit.kindAsSaid = true;
        }
        if (purposeMask !== 0 && (candMask[k] as number) < ng && kindWhole(k)) {
          hit.wholeButPurpose = true;
        }
      }
      ranked.push(hit);
    }
    // A price order asked for is kept as it is.
    return sort ? ranked.slice(0, limit) : variantsLast(ranked, limit, ownModel);
  }

  // Variant keys by product, computed when a product first reaches the first cards.
  const variantKeys = new Map<CatalogProduct, string>();
  function variantKeyOf(p: CatalogProduct): string {
    let key = variantKeys.get(p);
    if (key === undefined) {
      key = variantKey(p);
      // Bounded by the catalogue: each product once.
      variantKeys.set(p, key);
    }
    return key;
  }

  /**
   * The first `limit` hits with one card per product among the first cards: a colour or
   * size variant of a product already shown there waits behind other products that match
   * the query as fully, and takes its place after the first cards. The first `tier` hits (the
   * model asked for, see `modelItselfFirst`) have their variants placed before the hits after them.
   */
  function variantsLast(ranked: SearchHit[], limit: number, tier = 0): SearchHit[] {
    if (ranked.length <= 1) {
      return ranked.slice(0, limit);
    }
    const out: SearchHit[] = [];
    const waiting: SearchHit[] = [];
    // The same card again (one model under several offers, same name and price) shows the buyer
    // nothing new: it comes after every other product (and the answer leaves it out).
    const repeats: SearchHit[] = [];
    const keys = new Set<string>();
    const cards = new SeenCards();
    const hitOf = new Map<CatalogProduct, SearchHit>();
    for (let at = 0; at < ranked.length; at++) {
      const hit = ranked[at] as SearchHit;
      if (out.length >= FIRST_CARDS) {
        // The first cards are chosen: the waiting variants, then the rest in rank order, to the limit.
        out.push(...waiting.splice(0));
        for (let k = at; k < ranked.length && out.length < limit; k++) {
          out.push(ranked[k] as SearchHit);
        }
        break;
      }
      if (at === tier && waiting.length > 0) {
        // The model's other versions ("… iPhone 15 256 ГБ, розовый", "… iPhone 15 Pro"), but not
        // a shelf of one product's colours ("iphone 7 plus" where the shop sells only cases for it:
        // "Apple - iPhone® 7 Plus Silicone Case - Black", "… - White" and seven more).
        const bases = new Set(out.map((h) => withoutLastPart(h.product.name)));
        const colours: SearchHit[] = [];
        for (const w of waiting) {
          const base = withoutLastPart(w.product.name);
          if (bases.has(base)) {
            colours.push(w);
          } else {
            bases.add(base);
            out.push(w);
          }
        }
        waiting.splice(0, waiting.length, ...colours);
      }
      const sameProduct = cards.same(hit.product);
      if (sameProduct !== undefined) {
        const same = hitOf.get(sameProduct) as SearchHit;
        // The offer in stock stands for the card (in the first cards or among those waiting).
        if (hit.product.available && !sameProduct.available) {
          const list = out.includes(same) ? out : waiting;
          list[list.indexOf(same)] = hit;
          cards.replace(sameProduct, hit.product);
          hitOf.set(hit.product, hit);
          repeats.push(same);
        } else {
          repeats.push(hit);
        }
        continue;
      }
      cards.add(hit.product);
      hitOf.set(hit.product, hit);
      const key = variantKeyOf(hit.product);
      if (keys.has(key)) {
        waiting.push(hit);
        continue;
      }
      // A product matching fewer of the buyer's words does not pass a waiting variant, nor does
      // one of another kind pass a variant of the kind asked for ("iphone 15": the 128 GB phone
      // waited behind four cases and a glass for it).
      const first = waiting[0];
      if (first !== undefined && ((hit.coverage ?? 1) < (first.coverage ?? 1) || (hit.ofKind === false && first.ofKind === true))) {
        out.push(...waiting.splice(0));
      }
      keys.add(key);
      out.push(hit);
    }
    out.push(...waiting, ...repeats);
    return out.slice(0, limit);
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
        if (!passesColumns(d, cf)) {
          keyBuf[k] = Number.NaN;
          continue;
        }
        const p = prices[d] as number;
        keyBuf[k] = (available[d] === 1 ? 1e15 : 0) + (Number.isNaN(p) ? -1e14 : dir * p);
      }
      const exclusion = cf.exclusion;
      const order = exclusion ? bestWithout(keyBuf, total, limit, (k) => exclusion.excludes(docAt(k))) : topK(keyBuf, total, limit);
      return order.map((k) => ({ product: docs[docAt(k)] as CatalogProduct, score: 1, coverage: 1 }));
    }
    const picked: number[] = [];
    const later: number[] = [];
    // One card per name and price: the same card again (one model under several offers) comes
    // after every other product, the offer in stock standing for it.
    const repeats: number[] = [];
    const inStock = new SeenCards();
    const outOfStock = new SeenCards();
    for (let k = 0; k < total && picked.length < limit; k++) {
      const d = docAt(k);
      if (!passes(d, cf)) {
        continue;
      }
      // Out of stock, with both lists of those full: nothing more to note.
      if (available[d] !== 1 && later.length >= limit && repeats.length >= limit) {
        continue;
      }
      const p = docs[d] as CatalogProduct;
      const seen = available[d] === 1 ? inStock : outOfStock;
      if (seen.same(p) !== undefined) {
        if (repeats.length < limit) {
          repeats.push(d);
        }
        continue;
      }
      if (available[d] === 1) {
        inStock.add(p);
        picked.push(d);
      } else if (later.length < limit) {
        outOfStock.add(p);
        later.push(d);
      }
    }
    const shownInStock = (d: number) => inStock.same(docs[d] as CatalogProduct) !== undefined;
    return [...picked, ...later.filter((d) => !shownInStock(d)), ...later.filter(shownInStock), ...repeats].slice(0, limit).map((d) => ({ product: docs[d] as CatalogProduct, score: 1, coverage: 1 }));
  }

  return { rankText, listFiltered };
}
