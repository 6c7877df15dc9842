/**
 * Running a buyer's search the way a shop assistant would: the parsed words and filters
 * first, and when nothing fits, loosen the least certain constraint and say which one was
 * loosened (category guess, brand, price, availability, what the buyer did not want) instead
 * of answering "nothing".
 */
import { askedWays, contradictsWays, withoutOtherWays } from './way-conflicts.ts';
import { saysPurpose, someContradicts, withoutContradicting } from './purpose-conflicts.ts';
import { filedItemsFirst, itemBeforeWhatFitsIt, itemBeforeWhatItComesWith } from './item-first.ts';
import type { SearchFilters } from './filters.ts';
import { boundedEdits } from './edits.ts';
import { boundText, type WorkBudget } from './limits.ts';
import type { CatalogIndex, DetailedQuery, PriceSort, SearchHit } from './types.ts';
import { dimensionPairOf, measuresOf, meetsBound, mergeMeasures, namePairDistance, parseMeasure, parseMeasureBound, spellMarks } from './measures.ts';
import { stem } from './stem.ts';
import { COMPATIBILITY_WORDS, startsPurpose } from './stopwords.ts';
import { isModifierWord, joinPhrases, namesProductKind, synonymsOfAnyForm } from './synonyms.ts';
import { hasAdjectiveEnding, isCyrillic, tokenize } from './tokenize.ts';

/** A constraint dropped to find something. */
export type Relaxation = 'category' | 'brand' | 'price' | 'availability' | 'discount' | 'words' | 'exclusion';

export interface SearchRun {
  text: string;
  filters: SearchFilters;
  sort?: PriceSort;
  hits: SearchHit[];
  /** What had to be dropped; empty when the search found things as asked. */
  relaxed: Relaxation[];
  /** Whether the best hit matches every search word (false: only some words matched). */
  exact: boolean;
  /** The price order was chosen by relaxation (closest to the dropped budget), not asked for. */
  sortFromRelaxation: boolean;
  /** The search words dropped by the 'words' relaxation. */
  droppedText?: string;
  /**
   * The 'words' relaxation dropped only bounds no product meets ("до 45 см"): the other words
   * were searched as asked, so they still say what the cards are.
   */
  boundsOnly?: boolean;
  /** What the buyer did not want, as they said it, when the 'exclusion' relaxation dropped it. */
  droppedExclusion?: string[];
  /**
   * The buyer's word for the product type asked for ("tv", "refrigerator", "coffee" of
   * "coffee maker"), set only when no product name or category of this catalogue has it
   * (nor a synonym or typo fix of it): the shop does not sell that kind of product, and any
   * hits match only other words (a brand, a number, a feature). The answer should say so
   * rather than show the hits as what was asked for. Absent when the type is known, when a
   * category was recognised, or when the message names no product type.
   */
  productTypeMissing?: string;
  /** The hits made for what a request saying only what the item is for names lead ("something for iphone 7": its cases, then the phone). */
  madeForFirst?: boolean;
}

/** What to search: words, filters and the words that named the category and brand filters. */
export interface SearchRequest {
  text: string;
  filters: SearchFilters;
  sort?: PriceSort;
  categoryWords?: string[];
  brandWords?: string[];
  /** The text searched when the category filter is dropped (see DetailedQuery); else the text and the category words. */
  textWithCategory?: string;
  /**
   * Which constraints to try dropping first. A new search drops the budget first, then its
   * own guesses (category, words the category does not know, brand); a refinement keeps
   * what the buyer just asked for and drops older constraints first.
   */
  relaxOrder?: Relaxation[];
  /** The words name only what the item is for ("для кухни"): no product type is missing. */
  forOnly?: boolean;
  /**
   * The price bound is the buyer's move ("cheaper"): partial matches within it are the answer
   * rather than whole ones over it.
   */
  priceMoved?: boolean;
}

/** The search request of a buyer's message as parsed, for a new search. */
export function searchRequestOf(q: DetailedQuery): SearchRequest {
  const r: SearchRequest = { text: q.text, filters: q.filters, categoryWords: q.categoryWords, brandWords: q.brandWords };
  if (q.sort) {
    r.sort = q.sort;
  }
  if (q.textWithCategory !== undefined) {
    r.textWithCategory = q.textWithCategory;
  }
  if (q.forOnly) {
    r.forOnly = true;
  }
  return r;
}

// A discount is a wish: it gives way first, and the answer says so.
const DEFAULT_ORDER: Relaxation[] = ['discount', 'price', 'category', 'words', 'brand', 'availability', 'exclusion'];
const MIN_COVERAGE = 0.5;

/**
 * Searches; when nothing fits, drops one constraint at a time in `relaxOrder` (a dropped
 * category puts its words back into the text), then more and more of them
 * together, and returns the first search that finds products (or the last one).
 * Dropping the category alone must give an exact match to count: otherwise keeping the
 * category and dropping the words it does not know ("смартфон nokia") is the better answer.
 * The first search always runs; further ones only while the turn's `budget` lasts (at most
 * two per kind of constraint in any case), and then the best run so far is the answer.
 */
export function runSearch(index: CatalogIndex, req: SearchRequest, limit: number, budget?: WorkBudget): SearchRun {
  const order = req.relaxOrder ?? DEFAULT_ORDER;
  const missing = (req.filters.categories?.length ?? 0) > 0 || req.forOnly ? null : index.productWord([req.text, ...(req.categoryWords ?? [])].join(' '));
  // A bound on a measure no product meets ("телевизор больше 100 дюймов" where the largest is
  // 65") gives way first, with the category kept; the answer says what was dropped.
  const unmet = !/\d/.test(req.text) ? [] : tokenize(req.text).filter((w) => parseMeasureBound(w) !== null && index.search(w, undefined, 1, budget ? { budget } : {}).length === 0);
  const strip = (text: string) => tokenize(text).filter((w) => !unmet.includes(w)).join(' ');
  const keepsSomething = unmet.length > 0 && (strip(req.text) !== '' || (req.filters.categories?.length ?? 0) > 0 || (req.filters.brands?.length ?? 0) > 0);
  const asked = keepsSomething ? { ...req, text: strip(req.text), ...(req.textWithCategory !== undefined ? { textWithCategory: strip(req.textWithCategory) } : {}) } : req;
  // "something for iphone 7", "anything for a galaxy s7 edge": things made for it, not the phone.
  const madeFor = req.forOnly === true && !req.sort;
  const purposeKept = !madeFor && !req.sort && saysPurpose(asked.textWithCategory ?? asked.text);
  const plain = !madeFor && !purposeKept;
  const found = madeFor
    ? madeForFirst(relaxedSearch(index, asked, order, limit * FOR_ONLY_POOL, budget), limit)
    : purposeKept
      ? purposeKeptSearch(index, asked, order, limit, budget)
      : relaxedSearch(index, asked, order, limit, budget);
  // "laser printer": not an inkjet whose description promises laser-quality text.
  const ways = askedWays(asked.text);
  const kept = ways.size > 0 && found.hits.some((h) => contradictsWays(h.product.name, ways)) ? wayKeptSearch(index, asked, order, limit, budget, found, plain, ways) : found;
  // "50 sheet stapler": paper of fifty sheets matched two words of three and filled the shelf, no
  // stapler among it. The kind asked for, sold here, comes first; the other words give way.
  const alone = (plain && !req.sort && missing?.known && missing.kind && kept.hits.length > 0 && kept.hits.every((h) => h.headMatched === false) ? kindAlone(index, asked, order, limit, budget, missing.head) : null) ?? kept;
  // "wall mount for a 55 inch tv": mounts for 37"–70" and 32"–70" fit a 55-inch set.
  const run = (!madeFor && !keepsSomething ? sizeInRange(index, asked, alone, limit, budget) : null) ?? alone;
  if (keepsSomething) {
    if (!run.relaxed.includes('words') && strip(req.text) !== '') {
      run.boundsOnly = true;
    }
    run.relaxed = ['words', ...run.relaxed.filter((r) => r !== 'words')];
    run.droppedText = [...unmet, ...(run.droppedText ? [run.droppedText] : [])].join(' ');
  }
  if (missing && !missing.known) {
    run.productTypeMissing = missing.word;
  } else if (missing && !run.exact && run.hits.length > 0) {
    const unsold = forUnsoldKind(index, req.text, missing.head, run.hits);
    if (unsold !== null) {
      run.productTypeMissing = unsold;
    }
  } else if (run.exact && run.hits.length > 0 && !req.forOnly) {
    // With or without a section the compound's head named ("Coffee Makers" for "ice maker"); a
    // request of two words only, read before the product word is looked up.
    const said = [req.text, ...(req.categoryWords ?? [])].join(' ');
    const words = tokenize(said);
    const asked = words.length !== 2 ? null : (missing ?? index.productWord(said));
    const other = asked === null ? null : compoundOfOtherKind(index, words, asked.head, run.hits);
    if (other !== null) {
      run.productTypeMissing = other;
    }
  }
  return run;
}

/**
 * The search for the kind word alone, its words other than it dropped, when it finds products of
 * the kind; null otherwise.
 */
function kindAlone(index: CatalogIndex, asked: SearchRequest, order: Relaxation[], limit: number, budget: WorkBudget | undefined, head: string): SearchRun | null {
  const { textWithCategory: _dropped, ...rest } = asked;
  const run = relaxedSearch(index, { ...rest, text: head }, order, limit, budget);
  const hits = run.hits.filter((h) => h.ofKind === true);
  if (hits.length === 0) {
    return null;
  }
  const others = tokenize(asked.text).filter((w) => w !== head && !startsPurpose(w));
  return { ...run, hits, exact: false, relaxed: ['words', ...run.relaxed.filter((r) => r !== 'words')], droppedText: others.join(' '), boundsOnly: true };
}

/** How many more hits a request asking a way of working reads, to leave out those working another way. */
const WAY_POOL = 8;

/**
 * The hits of a request asking how the item works ("laser printer") without those whose names
 * say it works another way (way-conflicts.ts); a plain search reads a deeper pool for them.
 */
function wayKeptSearch(
  index: CatalogIndex,
  asked: SearchRequest,
  order: Relaxation[],
  limit: number,
  budget: WorkBudget | undefined,
  found: SearchRun,
  plain: boolean,
  ways: ReadonlyMap<string, string>,
): SearchRun {
  const from = plain ? relaxedSearch(index, asked, order, limit * WAY_POOL, budget) : found;
  return { ...from, hits: withoutOtherWays(from.hits, ways).slice(0, limit) };
}

/** How many more hits a request saying what kind of a thing the item is for reads ("для сухих волос"), to leave out those for another kind. */
const PURPOSE_POOL = 4;

/**
 * A search saying what kind of a thing the item is for: the shelf's hits, and only when one of
 * them is for another kind («Для жирных Волос» for «для сухих волос») a deeper pool without them.
 */
function purposeKeptSearch(index: CatalogIndex, asked: SearchRequest, order: Relaxation[], limit: number, budget: WorkBudget | undefined): SearchRun {
  const text = asked.textWithCategory ?? asked.text;
  const run = relaxedSearch(index, asked, order, limit, budget);
  if (!someContradicts(run.hits, text)) {
    return run;
  }
  const deeper = relaxedSearch(index, asked, order, limit * PURPOSE_POOL, budget);
  return { ...deeper, hits: withoutContradicting(deeper.hits, text, limit) };
}

/** How many more hits a request saying only what the item is for reads, to find the things made for it. */
const FOR_ONLY_POOL = 10;
/** A name is read to this length for its "for". */
const MAX_MADE_FOR_CHARS = 200;

/**
 * The hits whose own names say what they are for ("Case for Apple iPhone 7") first, then the
 * rest (the iPhone 7 itself), to `limit`: a request saying only what the item is for asks for
 * things for it. The run as it was, cut to `limit`, when no hit's name says so.
 */
function madeForFirst(run: SearchRun, limit: number): SearchRun {
  // A "for" after the name's first word: "Case for …", not "For iPhone …".
  const madeFor = (h: SearchHit): boolean => tokenize(h.product.name.slice(0, MAX_MADE_FOR_CHARS)).findIndex((w) => COMPATIBILITY_WORDS.has(w)) > 0;
  const made = new Set(run.hits.filter(madeFor));
  if (made.size === 0) {
    return { ...run, hits: run.hits.slice(0, limit) };
  }
  return { ...run, hits: [...made, ...run.hits.filter((h) => !made.has(h))].slice(0, limit), madeForFirst: true };
}

/**
 * An English compound ("ice maker") whose first word no hit's name or category says, where the
 * hits' names make the head another compound of a kind sold here ("Coffee Maker", its description
 * saying "iced coffee"): the compound asked for is not sold. Null when some hit is named so, or
 * the word before the head in their names names no kind ("Burr Grinder" is a coffee grinder).
 */
function compoundOfOtherKind(index: CatalogIndex, words: readonly string[], head: string, hits: readonly SearchHit[]): string | null {
  const first = words[0];
  if (words.length !== 2 || words[1] !== head || first === undefined || first === head || !/^[a-z]{3,}$/u.test(first) || isModifierWord(first) || namesProductKind(first)) {
    return null;
  }
  const wanted = stem(first);
  const headStem = stem(head);
  const typoEdits = first.length >= 5 ? 2 : 1;
  let otherCompound = false;
  for (const h of hits.slice(0, COMPOUND_HITS_READ)) {
    const named = tokenize(boundText(`${h.product.name} ${h.product.categories.join(' ')}`));
    // Named so, or so but for a typo ("ligth bulb": the light bulbs).
    if (named.some((w) => stem(w) === wanted || boundedEdits(w, first, typoEdits) <= typoEdits)) {
      return null;
    }
    const name = tokenize(boundText(h.product.name));
    const before = name.findIndex((w, i) => i > 0 && stem(w) === headStem);
    const said = before > 0 ? (name[before - 1] as string) : undefined;
    otherCompound ||= said !== undefined && /^[a-z]{3,}$/u.test(said) && (namesProductKind(said) || index.productWord(said)?.kind === true);
  }
  return otherCompound ? `${first} ${head}` : null;
}

/** Hits whose names and categories are read for an English compound's first word. */
const COMPOUND_HITS_READ = 24;

/**
 * An English compound for a kind of thing the shop does not sell ("tv wall mount" in a phone
 * shop: "tv mount"), when no hit says that kind: the shop's mounts are for phones, not TVs.
 * Null when the first word names no kind, the shop sells it, or some hit says it.
 */
function forUnsoldKind(index: CatalogIndex, text: string, head: string, hits: readonly SearchHit[]): string | null {
  const words = tokenize(text);
  const at = words.indexOf(head);
  for (let i = 0; i < at; i++) {
    const w = words[i] as string;
    if (!/^[a-z]{2,}$/u.test(w) || !namesProductKind(w)) {
      continue;
    }
    const kind = index.productWord(w);
    if (kind === null || kind.known || !kind.kind) {
      continue;
    }
    const wanted = stem(w);
    const says = (h: SearchHit): boolean => tokenize(boundText(`${h.product.name} ${h.product.categories.join(' ')}`)).some((x) => stem(x) === wanted);
    if (!hits.slice(0, COMPOUND_HITS_READ).some(says)) {
      // Its name in the table is two words ("range hood" of "range hood vent"): that is the kind not sold.
      return i > 0 && joinPhrases([words[i - 1] as string, w]).length === 1 ? `${words[i - 1] as string} ${w}` : `${w} ${head}`;
    }
  }
  return null;
}

/** Whether the words left after the category's own say what the item is for ("tv for living room", "масло для массажа"). */
function wordsArePurpose(req: SearchRequest): boolean {
  const said = tokenize(req.textWithCategory ?? '');
  const first = tokenize(req.text)[0];
  const at = first === undefined ? -1 : said.indexOf(first);
  return at >= 1 && startsPurpose(said[at - 1] as string);
}

/** Names of a guessed category's hits read to see whether they say what the request does. */
const PURPOSE_NAMES_READ = 12;

/**
 * Whether the words left after the category's own say what the item is for or what kind of it
 * ("масло для массажа", "массажное масло") and most of the category's products found name none of it: the
 * category's essential oils mention massage in their texts, while the massage oils are
 * filed elsewhere. Reads the names of at most PURPOSE_NAMES_READ hits.
 */
function purposeUnnamed(req: SearchRequest, hits: readonly SearchHit[]): boolean {
  const text = tokenize(req.text);
  const purpose = wordsArePurpose(req);
  // Or what kind of it, in Russian adjectives ("массажное масло").
  const described = text.length > 0 && text.every((w) => isCyrillic(w) && hasAdjectiveEnding(w));
  if (!(purpose || described) || hits.some((h) => h.ofKind !== false)) {
    return false;
  }
  return mostNamesSayNone(hits, text.filter((w) => !startsPurpose(w)).map(stem));
}

/**
 * Whether most of the first PURPOSE_NAMES_READ hits' names (each read to the bounded length the
 * search reads) say none of these stems.
 */
function mostNamesSayNone(hits: readonly SearchHit[], stems: readonly string[]): boolean {
  const read = hits.slice(0, PURPOSE_NAMES_READ);
  const named = read.filter((h) => tokenize(boundText(h.product.name)).some((w) => stems.includes(stem(w))));
  return named.length * 2 < read.length;
}

/**
 * Whether a search in a category named by the buyer's product word ("смеситель" → "Смесители")
 * for words naming no kind ("хром") found products whose names mostly do not say that word
 * (the category's shower heads). Reads the names of at most PURPOSE_NAMES_READ hits.
 */
function kindUnnamed(req: SearchRequest, hits: readonly SearchHit[]): boolean {
  if (req.text === '' || (req.filters.categories?.length ?? 0) === 0 || (req.categoryWords?.length ?? 0) === 0 || hits.some((h) => h.ofKind !== undefined)) {
    return false;
  }
  return mostNamesSayNone(hits, categoryStems(req));
}

/** The stems of the words that guessed the category. */
function categoryStems(req: SearchRequest): string[] {
  return (req.categoryWords ?? []).flatMap((w) => tokenize(w)).map(stem);
}

/**
 * `categoryStems` and the stems of those words' one-word synonyms: a shop naming its video
 * cards "SVGA …" names the kind "видеокарта" asks for.
 */
function kindStems(req: SearchRequest): string[] {
  const synonyms = (req.categoryWords ?? []).flatMap((w) => tokenize(w)).flatMap((w) => synonymsOfAnyForm(w)).filter((w) => !w.includes(' '));
  return [...new Set([...categoryStems(req), ...synonyms.map(stem)])];
}

/**
 * Whether a listing of a category guessed from the buyer's words found products whose names
 * mostly open with the word of another kind ("Удлинитель USB …" under "ВИДЕОРЕГИСТРАТОРЫ");
 * names of codes ("F2708 для ванной" under "Смесители") name no other kind.
 */
function listingOfAnotherKind(req: SearchRequest, hits: readonly SearchHit[]): boolean {
  if (req.text !== '' || (req.filters.categories?.length ?? 0) === 0 || (req.categoryWords?.length ?? 0) === 0) {
    return false;
  }
  const stems = kindStems(req);
  const read = hits.slice(0, PURPOSE_NAMES_READ);
  const other = read.filter((h) => {
    const first = tokenize(boundText(h.product.name))[0];
    return first !== undefined && (namesProductKind(first) || (isCyrillic(first) && !hasAdjectiveEnding(first))) && !stems.includes(stem(first));
  });
  return other.length * 2 > read.length;
}

/** Whether every hit is of another kind than the one asked for (none of a kind unknown). */
function allOfOtherKinds(hits: readonly SearchHit[]): boolean {
  return hits.every((h) => h.ofKind === false);
}

/** A product of the kind asked for matching every word. */
const wholeOfKind = (h: SearchHit): boolean => h.ofKind === true && (h.coverage ?? 1) >= 1;

function relaxedSearch(index: CatalogIndex, req: SearchRequest, order: Relaxation[], limit: number, budget: WorkBudget | undefined): SearchRun {
  const first = attempt(index, req, [], limit, budget);
  // A budget only things of other kinds meet ("телевизор до 30000" where every TV costs more:
  // TV tuners and a coaxial cable, whose names say "TV"): the products of the kind asked for,
  // the closest to the budget first, are the answer, as when nothing at all is within it.
  if (first.hits.length > 0 && applies(req, 'price') && allOfOtherKinds(first.hits) && !budget?.exhausted) {
    const over = attempt(index, req, ['price'], limit, budget);
    const ofKind = over.hits.filter(wholeOfKind);
    if (ofKind.length > 0) {
      return { ...over, hits: ofKind };
    }
  }
  if (first.hits.length > 0) {
    // A category guessed from one word can be the wrong one ("печь" → "Печи и плиты" for
    // "микроволновая печь"): if inside it the words match only in part while the whole
    // catalogue matches them all, the guess goes, silently — nothing the buyer asked for
    // was dropped.
    if (!first.exact && (req.filters.categories?.length ?? 0) > 0 && (req.categoryWords?.length ?? 0) > 0 && !budget?.exhausted) {
      const wider = attempt(index, req, ['category'], limit, budget);
      // Not for other kinds whose texts say every word: chairs "for a small kitchen" are no
      // answer to "стол для кухни маленький" when the category's tables are of the kind.
      if (wider.exact && (wider.hits.some(wholeOfKind) || !first.hits.some((h) => h.ofKind === true))) {
        return { ...wider, relaxed: [] };
      }
    }
    // Shops file products under the wrong category (wireless mice under "БЛОКИ ПИТАНИЯ ATX"):
    // when the category holds fewer than asked for and the whole catalogue has more products of
    // the kind asked for matching every word, those are the answer (only they: what merely
    // mentions the kind, a frame for 55-inch TVs, stays out as the category kept it out).
    // So when what the category holds is not of the kind the rest of the words name ("масло для
    // массажа": the essential oils of "Эфирные масла" mention massage, the massage oils are
    // filed elsewhere) and the whole catalogue has more that is.
    const sparse = first.hits.length < limit;
    if (first.exact && (sparse || purposeUnnamed(req, first.hits)) && (req.filters.categories?.length ?? 0) > 0 && (req.categoryWords?.length ?? 0) > 0 && !budget?.exhausted) {
      const wider = attempt(index, req, ['category'], limit, budget);
      const ofKind = wider.hits.filter(wholeOfKind);
      // Only a wider answer as full as the category's replaces it.
      if (sparse ? ofKind.length > first.hits.length : ofKind.length >= first.hits.length && first.hits.filter(wholeOfKind).length < ofKind.length) {
        return { ...wider, hits: ofKind, relaxed: [] };
      }
    }
    // "смеситель хром": the category said the kind and the words only a quality; the products
    // the words name in it can be of another kind (its chrome shower heads) while its mixers say
    // "хром" in their texts: then the products of the kind are the answer.
    if (first.exact && kindUnnamed(req, first.hits) && !budget?.exhausted) {
      const kinded = attempt(index, { ...req, text: `${(req.categoryWords ?? []).join(' ')} ${req.text}` }, [], limit, budget);
      const ofKind = kinded.hits.filter(wholeOfKind);
      if (ofKind.length > 0) {
        return { ...first, hits: ofKind };
      }
    }
    // A listing of a category guessed from the kind's word whose products' names mostly name
    // another kind ("видеорегистратор": a shop's "ВИДЕОРЕГИСТРАТОРЫ" holds USB extension cables):
    // the products of that kind elsewhere, named so, are the answer when there are any.
    if (first.exact && listingOfAnotherKind(req, first.hits) && !budget?.exhausted) {
      const named = attempt(index, { ...req, text: (req.categoryWords ?? []).join(' ') }, ['category'], limit, budget);
      const stems = kindStems(req);
      const ofKind = named.hits.filter((h) => wholeOfKind(h) && !mostNamesSayNone([h], stems));
      if (ofKind.length > 0) {
        return { ...named, hits: ofKind, relaxed: [] };
      }
    }
    // A budget only partial matches meet ("laptop with 16gb under $400": laptops under $400 with
    // 8 GB; «ноутбук с 16 гб до 50000»): the products matching every word, the closest to the
    // budget first, are the answer, as when nothing at all is within it ("laptop 16gb under
    // $400" said so). Not when the budget is the newer wish (a refinement's order, "cheaper") or
    // the words say only what the item is for ("tv for living room under $300").
    if (!first.exact && applies(req, 'price') && !req.priceMoved && order.indexOf('price') < order.indexOf('words') && !wordsArePurpose(req) && !budget?.exhausted) {
      const over = attempt(index, req, ['price'], limit, budget);
      if (over.exact && over.hits.length > 0) {
        return over;
      }
    }
    // Fewer partial matches than a shelf in the category asked for, of words saying what the
    // item is for ("tv for living room": one TV says "room"): the category's other products
    // follow them, as close ones. Not for what the item should have ("with 16gb ram").
    if (!first.exact && first.hits.length < limit && (req.filters.categories?.length ?? 0) > 0 && wordsArePurpose(req) && !budget?.exhausted) {
      const listing = attempt(index, req, ['words'], limit, budget);
      const taken = new Set(first.hits.map((h) => h.product.sku));
      const more = listing.hits.filter((h) => !taken.has(h.product.sku));
      if (more.length > 0) {
        return { ...first, hits: [...first.hits, ...more.map((h) => ({ ...h, coverage: 0 }))].slice(0, limit) };
      }
    }
    return first;
  }
  const applicable = order.filter((k) => applies(req, k));
  const tries: Array<{ drop: Relaxation[]; exactOnly: boolean }> = applicable.map((k) => ({ drop: [k], exactOnly: k === 'category' }));
  for (let n = 2; n <= applicable.length; n++) {
    tries.push({ drop: applicable.slice(0, n), exactOnly: false });
  }
  let fallback: SearchRun | null = null;
  let last = first;
  for (const t of tries) {
    if (budget?.exhausted) {
      break;
    }
    const run = attempt(index, req, t.drop, limit, budget);
    last = run;
    if (run.hits.length === 0) {
      continue;
    }
    if (t.exactOnly && !run.exact) {
      fallback ??= run;
      continue;
    }
    // "samsung galaxy s7 screen protector": the brand names the phone the item is for, not its
    // maker. When the brand's products outside the category are none of the kind asked for
    // (Samsung's flip covers, whose texts say "screen" and "protect"), the category's products
    // of other makers are the answer, and the answer says the brand gave way.
    if (t.drop.length === 1 && t.drop[0] === 'category' && applicable.includes('brand') && run.hits.every((h) => h.ofKind === false) && !budget?.exhausted) {
      const otherMakers = attempt(index, req, ['brand'], limit, budget);
      if (otherMakers.hits.length > 0) {
        return otherMakers;
      }
    }
    // A category guessed from the buyer's words that holds nothing they asked for, while
    // the whole catalogue has products matching every word ("крем для рук": the hand
    // creams are not in the shop's "Крема и гели"), goes silently too — when it is the
    // first thing to give (a budget goes first: over it, the closest prices are the answer).
    if (t === tries[0] && t.drop.length === 1 && t.drop[0] === 'category' && (req.categoryWords?.length ?? 0) > 0) {
      return { ...run, relaxed: [] };
    }
    return run;
  }
  return fallback ?? last;
}

function applies(req: SearchRequest, k: Relaxation): boolean {
  const f = req.filters;
  switch (k) {
    case 'category':
      return (f.categories?.length ?? 0) > 0;
    case 'brand':
      return (f.brands?.length ?? 0) > 0;
    case 'price':
      return f.priceMin !== undefined || f.priceMax !== undefined;
    case 'availability':
      return f.availableOnly === true;
    case 'discount':
      return f.discountedOnly === true;
    case 'exclusion':
      // Every product of the kind has what the buyer does not want ("наушники без bluetooth"):
      // they are shown, and the answer says so.
      return (f.excludeWords?.length ?? 0) > 0;
    case 'words':
      // Only with a filter left to list by; dropping every word of a plain search lists
      // the whole catalogue, which answers nothing.
      return req.text.trim() !== '' && ((f.categories?.length ?? 0) > 0 || (f.brands?.length ?? 0) > 0);
  }
}

function attempt(index: CatalogIndex, req: SearchRequest, drop: Relaxation[], limit: number, budget: WorkBudget | undefined): SearchRun {
  let text = req.text;
  const filters: SearchFilters = { ...req.filters };
  let sort = req.sort;
  let sortFromRelaxation = false;
  let droppedText: string | undefined;
  if (drop.includes('words')) {
    droppedText = text;
    text = '';
  }
  if (drop.includes('category')) {
    delete filters.categories;
    if (!drop.includes('words')) {
      // Without the buyer's own order (a refinement: "а с мешком?" after "пылесос"), the kind the
      // category words name comes first, so the words added are not read as the kind ("мешком
      // пылесос" found vacuum bags).
      text = req.textWithCategory ?? [...(req.categoryWords ?? []), text].filter((w) => w !== '').join(' ');
    }
  }
  if (drop.includes('brand')) {
    // Its words are not put back: "Samsung" in the text would only find Samsung's other
    // products again, or accessories for them.
    delete filters.brands;
  }
  if (drop.includes('price')) {
    // Over budget: the closest to the budget are the cheapest ones.
    if (filters.priceMax !== undefined && sort === undefined) {
      sort = 'price_asc';
      sortFromRelaxation = true;
    }
    delete filters.priceMin;
    delete filters.priceMax;
  }
  if (drop.includes('availability')) {
    delete filters.availableOnly;
  }
  if (drop.includes('discount')) {
    delete filters.discountedOnly;
  }
  if (drop.includes('exclusion')) {
    delete filters.excludeWords;
  }
  // A listing of a category the buyer named is ranked by those words, so the products
  // the category is about come before its accessories ("полотенцесушитель" before
  // "Крепление д/полотенцесушителя"); every product of the category matches them anyway.
  const rankBy = text === '' && filters.categories?.length ? (req.categoryWords ?? []).join(' ') : text;
  const context = filters.categories?.length && req.textWithCategory !== undefined ? { context: req.textWithCategory } : {};
  // A size no product has ("телевизор 60 дюймов" where the sets are 55" and 65"): the nearest
  // sizes first, from a wider pool of the listing.
  const near = droppedText !== undefined && sort === undefined ? askedMeasure(droppedText) : null;
  // Two sizes asked as a pair ("полотенцесушитель 50 на 80"): the nearest pairs first, from a wider pool.
  const pair = near === null && sort === undefined ? askedPair(droppedText ?? text) : null;
  let hits = index.search(rankBy, filters, near || pair ? limit * NEAR_POOL : limit, { ...(sort ? { sort } : {}), ...(budget ? { budget } : {}), ...context });
  if (near) {
    hits = nearestFirst(hits, near).slice(0, limit);
  } else if (pair) {
    hits = nearestPairFirst(hits, pair).slice(0, limit);
  }
  // Less than half of the buyer's words is not an answer: "космический телескоп хаббл"
  // must not show a laptop whose colour is "космический чёрный" — unless what matched is
  // the product itself ("johan desk by laurel foundry" → desks): then the best partial
  // matches are the answer, and `exact` is false.
  if ((hits[0]?.coverage ?? 1) < MIN_COVERAGE) {
    hits = hits.filter((h) => h.headMatched === true);
  }
  hits = filedItemsFirst(itemBeforeWhatFitsIt(req.textWithCategory ?? rankBy, itemBeforeWhatItComesWith(req.textWithCategory ?? rankBy, hits)));
  hits = boundHeld(rankBy, hits);
  const run: SearchRun = {
    text,
    filters,
    hits,
    relaxed: [...drop],
    exact: hits.length > 0 && (hits[0]?.coverage ?? 1) >= 1,
    sortFromRelaxation,
  };
  if (sort) {
    run.sort = sort;
  }
  if (droppedText !== undefined) {
    run.droppedText = droppedText;
  }
  if (drop.includes('exclusion') && req.filters.excludeWords) {
    run.droppedExclusion = req.filters.excludeWords;
  }
  return run;
}

/**
 * A size asked that names state as a range around it ("wall mount for a 55 inch tv", where the
 * mounts are for 37"–70" and 32"–70"): the hits matching every other word whose names state such a
 * range come first and count as whole (the answer said nothing matched "55 inch"). Null when the
 * search missed nothing, missed more than the size, or no name states a range holding it.
 */
function sizeInRange(index: CatalogIndex, req: SearchRequest, run: SearchRun, limit: number, budget: WorkBudget | undefined): SearchRun | null {
  const dropped = run.relaxed.includes('words');
  if (run.hits.length === 0 || (run.exact && !dropped) || run.relaxed.some((r) => r !== 'words') || !/\d/u.test(req.text)) {
    return null;
  }
  const size = askedMeasure(req.text);
  if (size === null) {
    return null;
  }
  const isSize = (w: string): boolean => {
    const m = parseMeasure(w);
    return m !== null && m.unit === size.unit && m.value === size.value;
  };
  if (dropped && !mergeMeasures(tokenize(spellMarks(boundText(run.droppedText ?? '')))).every(isSize)) {
    return null;
  }
  const words = mergeMeasures(tokenize(spellMarks(boundText(req.text))));
  const rest = words.filter((w) => !isSize(w));
  if (rest.length === words.length) {
    return null;
  }
  const pool = dropped || rest.length === 0 ? run.hits : index.search(rest.join(' '), req.filters, limit, budget ? { budget } : {});
  const held = pool.filter((h) => (h.coverage ?? 1) >= 1 && rangeHolds(h.product.name, size));
  if (held.length === 0) {
    return null;
  }
  const first = new Set(held.map((h) => h.product.sku));
  const { droppedText: _dropped, ...rest2 } = run;
  return {
    ...rest2,
    text: req.text,
    hits: [...held.map((h) => ({ ...h, coverage: 1 })), ...run.hits.filter((h) => !first.has(h.product.sku))].slice(0, limit),
    relaxed: [],
    exact: true,
  };
}

/** A range of sizes in a name: two figures joined by a dash, the unit after the second ("37 in –70 in", «32–55 in»). */
const SIZE_RANGE = /(\d{1,5}(?:[.,]\d{1,3})?)\s*(?:\p{L}{1,6}\.?\s*)?[–—-]\s*(\d{1,5}(?:[.,]\d{1,3})?)\s*(\p{L}{1,8})/gu;
/** Ranges read per name. */
const MAX_RANGES_READ = 4;

/** Whether a name states a range of sizes in the unit of `size` that holds it. */
function rangeHolds(name: string, size: { value: number; unit: string }): boolean {
  let read = 0;
  for (const m of spellMarks(boundText(name)).matchAll(SIZE_RANGE)) {
    const upper = parseMeasure(`${m[2] as string}${(m[3] as string).toLowerCase()}`);
    const lower = Number((m[1] as string).replace(',', '.'));
    if (upper !== null && upper.unit === size.unit && lower <= size.value && size.value <= upper.value) {
      return true;
    }
    if (++read >= MAX_RANGES_READ) {
      break;
    }
  }
  return false;
}

/** Shelves' worth of a listing read for the sizes nearest one no product has. */
const NEAR_POOL = 8;
/** Name words read per product for its size. */
const NAME_WORDS_READ = 40;

/** The first plain measure of a text ("60 дюймов" → 60 in), or null (a bound is no size to be near). */
function askedMeasure(text: string): { value: number; unit: string } | null {
  for (const w of mergeMeasures(tokenize(spellMarks(boundText(text))))) {
    const m = parseMeasure(w);
    if (m !== null && m.value > 0) {
      return m;
    }
  }
  return null;
}

/** The first pair of sizes a text asks for ("50х80" of "полотенцесушитель 50 на 80"), or null. */
function askedPair(text: string): [number, number] | null {
  if (!/\d[xх×]\d/u.test(text)) {
    return null;
  }
  for (const w of tokenize(boundText(text))) {
    const p = dimensionPairOf(w);
    if (p !== null && p[0] > 0 && p[1] > 0) {
      return p;
    }
  }
  return null;
}

/**
 * Hits in the search's tiers (as many of the buyer's words matched, of the kind asked for
 * before the rest), within each the names stating the pair of sizes nearest the asked one
 * first (`pairDistance`), then those stating none, each in the search's order.
 */
function nearestPairFirst(hits: readonly SearchHit[], asked: [number, number]): SearchHit[] {
  return hits
    .map((h, i) => ({ h, i, c: h.coverage ?? 1, k: h.ofKind === false ? 1 : 0, d: namePairDistance(boundText(h.product.name), asked) }))
    .sort((a, b) => b.c - a.c || a.k - b.k || (a.d === b.d ? a.i - b.i : a.d < b.d ? -1 : 1))
    .map((x) => x.h);
}

/**
 * A size bound asked for ("больше 32 дюйма", "over 32 in.", «а побольше?» after one 32" TV in a
 * bedroom): when some hits' names state a size in its unit that meets it, those whose names state
 * sizes in that unit none of which meets it are left out, whatever other words they match (the
 * 32" TV "для спальни" came among the bigger ones, under «Точного совпадения с «больше 32 дюйма»
 * нет»). Hits stating no such size stay. Reads the first words of each hit's name once.
 */
function boundHeld(text: string, hits: SearchHit[]): SearchHit[] {
  if (hits.length < 2 || !/\d/u.test(text)) {
    return hits;
  }
  let asked: NonNullable<ReturnType<typeof parseMeasureBound>> | undefined;
  for (const w of tokenize(boundText(text))) {
    asked = parseMeasureBound(w) ?? undefined;
    if (asked) {
      break;
    }
  }
  if (asked === undefined) {
    return hits;
  }
  const bound = asked;
  const meets = hits.map((h) => {
    const sizes = measuresOf(tokenize(spellMarks(h.product.name)).slice(0, NAME_WORDS_READ)).filter((m) => m.unit === bound.unit);
    return sizes.length === 0 ? null : sizes.some((m) => meetsBound(bound, m.value));
  });
  return meets.includes(true) && meets.includes(false) ? hits.filter((_, i) => meets[i] !== false) : hits;
}

/**
 * Hits whose names state a measure in the unit of `near`, the nearest to it first (by ratio:
 * 55" and 65" are as near to 60" as they look), then the rest, each in the search's order.
 */
function nearestFirst(hits: readonly SearchHit[], near: { value: number; unit: string }): SearchHit[] {
  const distance = (h: SearchHit): number => {
    let best = Infinity;
    for (const m of measuresOf(tokenize(spellMarks(h.product.name)).slice(0, NAME_WORDS_READ))) {
      if (m.unit === near.unit && m.value > 0) {
        best = Math.min(best, Math.abs(Math.log(m.value / near.value)));
      }
    }
    return best;
  };
  return hits
    .map((h, i) => ({ h, i, d: distance(h) }))
    .sort((a, b) => (a.d === b.d ? a.i - b.i : a.d < b.d ? -1 : 1))
    .map((x) => x.h);
}
