/**
 * The shelves the engine shows and what it says about them: search results (with the
 * honest "nothing found" and notes on what had to be relaxed), similar products, what goes
 * with a product, what goes with the cart, and a product page's own answer.
 */
import { statedPrice, type CatalogProduct } from '../../catalog/product.ts';
import { aroundPrice, compactFilters, type SearchFilters } from '../../catalog/search/filters.ts';
import type { SearchRun } from '../../catalog/search/relax.ts';
import type { CatalogIndex, DetailedQuery, SearchHit } from '../../catalog/search/types.ts';
import { isModelSuffix } from '../../catalog/search/expansion.ts';
import { stem } from '../../catalog/search/stem.ts';
import { hasAdjectiveEnding, isCyrillic, tokenize } from '../../catalog/search/tokenize.ts';
import { COMPATIBILITY_WORDS, nameBeforePurpose, STOP_WORDS, WITH_WORDS } from '../../catalog/search/stopwords.ts';
import { boundText } from '../../catalog/search/limits.ts';
import { MAX_EXCLUDED_PHRASES, saysNot } from '../../catalog/search/excluded-words.ts';
import { closeMeasure, dimensionPairOf, namePairDistance, isRatingUnit, isUnitWord, meetsBound, mergeMeasures, parseMeasure, parseMeasureBound } from '../../catalog/search/measures.ts';
import { isModifierWord, namesProductKind, spelledProductKind, synonymsOfAnyForm } from '../../catalog/search/synonyms.ts';
import { SeenCards, variantKey } from '../../catalog/search/variants.ts';
import type { BuyerPreferences, EngineResult } from '../engine.ts';
import type { AnswerParts, Shelf } from './compose.ts';
import { currencySymbol } from '../currency.ts';
import { cardMeasures } from './superlatives.ts';
import { saysWhatItComesWith, type PriceMove, type Refinement } from './refine.ts';
import type { EngineState, ShelfKind } from '../engine-state.ts';
import { browseSuggests, productSuggests } from './suggests.ts';
import { clip, formatMeasure, formatPrice, shortName, type Attribute } from './texts.ts';
import { LABEL_CONNECTORS, PURPOSE_CONNECTORS, readableLabel, shownWords, statedWords, titleText, shows, showsOrSynonym, type SearchContext } from './labels.ts';
import { result, SHELF_SIZE, type Turn } from './turn.ts';
import { findPurpose, madeFor, whatWeHaveFor } from './for-purpose.ts';

// The first items of a cart are enough to suggest a shelf; each adds several searches.
const MAX_CART_ITEMS = 3;


export interface SearchAnswerOptions {
  move?: PriceMove;
  note?: string;
  /** Brands the buyer asked for, to name them if the brand filter had to go. */
  askedBrands?: string[];
  /** Price bounds the search started with, to name them if they had to go. */
  priceAsked?: SearchFilters;
  learned?: BuyerPreferences | null;
  prefs?: { budget?: number; brands?: string[] };
  /** The hits put the most (or the least) of this attribute first (measure-wish.ts). */
  mostFirst?: { attribute: Attribute; most: boolean };
  /** A wish for the most of this could not order the hits: no card states it. */
  notStated?: Attribute | 'size';
  /** SKUs of the same search shown before these ("show me more"), kept in the state. */
  seen?: string[];
  /** A note that says how many cards the shelf has ("Вот ещё 2 варианта."). */
  noteOnCards?: (cards: number) => string;
  /** The dearest first stands for the most powerful: a purpose (games) no card names (power-first.ts). */
  strongestFirst?: boolean;
}

/** The words among these that name a kind of product in general, whatever this shop sells. */
function knownProductWords(words: string): string {
  return words
    .split(' ')
    .filter((w) => namesProductKind(w))
    .join(' ');
}

/** A bound's search word as the buyer reads it ("60inover" → "больше 60 дюймов"), or null for another word. */
function boundSaid(turn: Turn, word: string): string | null {
  const bound = parseMeasureBound(word);
  if (bound) {
    return turn.t.measureBound(bound.kind, formatMeasure(bound.value, bound.unit, turn.lang));
  }
  // A measure too ("75in" of "а 75?" after 65-inch sets: «75 дюймов»).
  const measure = /^\d/u.test(word) ? parseMeasure(word) : null;
  return measure ? formatMeasure(measure.value, measure.unit, turn.lang) : null;
}

/** The unit words of figures with a unit ("60 inch") no card states (within a few per cent). */
function sizesUnshown(words: readonly string[], shown: ShownMeasures): string[] {
  const out: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const unit = words[i] as string;
    const m = /^\d/u.test(words[i - 1] as string) && isUnitWord(unit) ? parseMeasure(mergeMeasures([words[i - 1] as string, unit])[0] ?? '') : null;
    if (m && !shown().some((card) => card.some((x) => x.unit === m.unit && closeMeasure(m.value, x.value)))) {
      out.push(unit);
    }
  }
  return out;
}

/**
 * The words of ratings said before their figure ("spf 50", "spf50") no card shown has: a
 * "50" of "50 мл" or another card's "LSF-30" does not show "SPF 50".
 */
function ratingsUnshown(words: readonly string[], shown: ShownMeasures): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    const next = words[i + 1];
    // "spf 50" as two words, or "spf50" as one.
    const said = next !== undefined && /^\d/u.test(next) && mergeMeasures([w, next]).length === 1 ? [w, next] : [w];
    const m = parseMeasure(mergeMeasures(said)[0] ?? '');
    if (m && isRatingUnit(m.unit) && !shown().some((card) => card.some((x) => x.unit === m.unit && closeMeasure(m.value, x.value)))) {
      out.push(...said);
    }
  }
  return out;
}

/**
 * The bound of a search word as the title says it: only when a card shown meets it (no
 * "Шампунь больше 200 мл" over shampoos of 200 ml, the note saying none is bigger).
 */
function boundShown(turn: Turn, word: string, shown: ShownMeasures): string | null {
  const bound = parseMeasureBound(word);
  return bound && shown().some((card) => card.some((x) => x.unit === bound.unit && meetsBound(bound, x.value))) ? boundSaid(turn, word) : null;
}

/** The measures each card shown states, read once per answer when asked for. */
type ShownMeasures = () => ReadonlyArray<ReadonlyArray<{ value: number; unit: string }>>;

function shownMeasuresOf(products: readonly CatalogProduct[]): ShownMeasures {
  let measures: Array<Array<{ value: number; unit: string }>> | undefined;
  return () => (measures ??= products.map(cardMeasures));
}

/**
 * Kinds the synonym table makes one with a kind buyers tell apart: a headset (one ear, a
 * microphone, for calls) is no pair of headphones for music. Each: the words asking for the
 * kind (stems), and the word the cards name the near kind by.
 */
const NEAR_KINDS: ReadonlyArray<{ asked: RegExp; shown: RegExp }> = [
  { asked: /^(?:headphones?|earbuds?|earphones?|наушник\p{L}*)$/iu, shown: /(?<![\p{L}])(?:headsets?|гарнитур\p{L}*)(?![\p{L}])/iu },
];
/** Words of a title read for a kind asked for (`nearKindShown`). */
const MAX_LABEL_READ = 8;

/**
 * "headphones" on a shop selling only Bluetooth headsets: the word asked for and the near kind
 * every card is named as, when no card names the kind asked for; null otherwise. The shelf was
 * titled "Headphones: here are 6 options" over mono headsets for calls.
 */
function nearKindShown(label: readonly string[], products: readonly CatalogProduct[]): { asked: string; shown: string } | null {
  if (products.length === 0) {
    return null;
  }
  for (const word of label.slice(0, MAX_LABEL_READ)) {
    const near = NEAR_KINDS.find((k) => k.asked.test(word));
    if (near === undefined) {
      continue;
    }
    const names = products.map((p) => boundText(p.name));
    const namesAsked = names.some((n) => tokenize(n).some((w) => near.asked.test(w)));
    const shown = names.map((n) => near.shown.exec(n)?.[0]);
    if (!namesAsked && shown.every((x) => x !== undefined)) {
      return { asked: word, shown: (shown[0] as string).toLowerCase() };
    }
  }
  return null;
}

/** Other names of a word asked about (`unmentionedExclusions`). */
const MAX_SYNONYMS_ASKED = 8;

/**
 * The phrases of what the buyer does not want, said with "без"/"without", that no product of the
 * catalogue mentions ("без отдушек" where no card speaks of fragrance): nothing was left out for
 * them, so the title must not promise them and the answer says the cards do not tell.
 */
function unmentionedExclusions(phrases: readonly string[] | undefined, index: CatalogIndex): string[] {
  return (phrases ?? []).slice(0, MAX_EXCLUDED_PHRASES).filter((phrase) => {
    if (saysNot(phrase)) {
      return false;
    }
    const words = tokenize(phrase.slice(0, MAX_REQUEST_NAMED_CHARS)).filter((w) => !STOP_WORDS.has(w) && /\p{L}{3,}/u.test(w));
    return words.length > 0 && !words.some((w) => index.knowsWord(w) || synonymsOfAnyForm(w).slice(0, MAX_SYNONYMS_ASKED).some((o) => index.knowsWord(o)));
  });
}

/** Words describing what was searched: "наушники Sony до 5 000 ₽", "смартфоны белые, кроме Xiaomi", "пылесос без мешка". */
function describe(
  turn: Turn,
  run: SearchRun,
  label: string[],
  shown: ShownMeasures,
  opts: SearchAnswerOptions,
  priceMove: SearchContext['priceMove'],
  unmentioned: readonly string[] = [],
): string {
  const { t, lang, currency } = turn;
  const parts = [titleText(label)];
  // "без мешка" in the title; what was said with its own "не" ("не айфон") closes it, as other brands do.
  // What no card mentions ("без отдушек" where no card speaks of fragrance) was not looked for: not said.
  const excluded = (run.filters.excludeWords ?? []).filter((w) => !unmentioned.includes(w));
  for (const words of excluded) {
    if (!saysNot(words)) {
      parts.push(t.without(words));
    }
  }
  // Bounds on a measure ("больше 60 дюймов") are search words the label leaves out: said here.
  for (const w of /\d/.test(run.text) ? tokenize(run.text) : []) {
    const bound = boundShown(turn, w, shown);
    if (bound) {
      parts.push(bound);
    }
  }
  const said = new Set(label.map((w) => w.toLowerCase()));
  // A brand the label says by one of its words ("LG" of "LG Electronics") is said.
  const brands = (run.filters.brands ?? []).filter((b) => !said.has(b.toLowerCase()) && !b.split(/\s+/u).some((w) => said.has(w.toLowerCase())));
  if (brands.length > 0) {
    parts.push(brands.join(', '));
  }
  const move = opts.move ?? priceMove;
  // A bound from "cheaper than shown" is a cent below a shown price: say the price.
  if (move === 'cheaper' && run.filters.priceMax !== undefined) {
    parts.push(t.cheaperThan(formatPrice(Math.round((run.filters.priceMax + 0.01) * 100) / 100, currency, lang)));
  } else if (move === 'pricier' && run.filters.priceMin !== undefined) {
    parts.push(t.pricierThan(formatPrice(Math.round((run.filters.priceMin - 0.01) * 100) / 100, currency, lang)));
  } else if (aroundPrice(run.filters) !== undefined) {
    // "around 150" said back so, not as the bounds it stands for ("over $105 under $173").
    parts.push(t.priceAround(formatPrice(aroundPrice(run.filters) as number, currency, lang)));
  } else {
    if (run.filters.priceMin !== undefined) {
      parts.push(t.priceFrom(formatPrice(run.filters.priceMin, currency, lang)));
    }
    if (run.filters.priceMax !== undefined) {
      parts.push(t.priceUpTo(formatPrice(run.filters.priceMax, currency, lang)));
    }
  }
  if (run.filters.discountedOnly) {
    parts.push(t.discounted);
  }
  if (run.filters.availableOnly) {
    parts.push(t.inStock);
  }
  const main = [parts.filter((p) => p !== '').join(' '), ...excluded.filter(saysNot)].filter((p) => p !== '').join(', ');
  if (run.filters.excludeBrands?.length) {
    const except = t.otherBrandThan(run.filters.excludeBrands.join(', '));
    return main ? `${main}, ${except}` : except;
  }
  return main;
}

function priceBound(turn: Turn, f: SearchFilters | undefined): string {
  const { t, currency, lang } = turn;
  const around = aroundPrice(f);
  if (around !== undefined) {
    return t.priceAround(formatPrice(around, currency, lang));
  }
  // Bounds from "cheaper than shown" are a cent off the shown price; say the price ("under
  // $139.99", not a rounded "$140" no card has). A budget the buyer said is a whole number.
  if (f?.priceMax !== undefined) {
    const max = Number.isInteger(f.priceMax) ? f.priceMax : Math.round((f.priceMax + 0.01) * 100) / 100;
    return t.priceUpTo(formatPrice(max, currency, lang));
  }
  if (f?.priceMin !== undefined) {
    return t.priceFrom(formatPrice(Math.floor(f.priceMin), currency, lang));
  }
  return '';
}

/**
 * The products without a card the buyer has already seen: a shop listing one model under several
 * offers (same name and price) gets one card. The search puts such repeats last, so they only
 * remain here when fewer other products matched.
 */
function distinctCards(products: CatalogProduct[]): CatalogProduct[] {
  const seen = new SeenCards();
  return products.filter((p) => {
    if (seen.same(p) !== undefined) {
      return false;
    }
    seen.add(p);
    return true;
  });
}

/** The buyer's words the "no exact match" note names at most. */
const MAX_MISSING_NAMED = 3;
/** Characters of the whole request a note names at most. */
export const MAX_REQUEST_NAMED_CHARS = 60;

/** A model code of letters and digits ("s8", "k400"): a word the "not exactly" note counts however short. */
const MODEL_CODE = /^(?=.*\p{L})(?=.*\d)[\p{L}\d-]+$/u;

/** A hit matching everything asked for, or everything but some of what the item is for. */
export function isWhole(h: SearchHit): boolean {
  return (h.coverage ?? 1) >= 1 || h.wholeButPurpose === true;
}

/**
 * The cards the "most affordable" sentence may name: those of the kind asked for (in the buyer's
 * own word when some are, then through a synonym, then matching the product word) when some are; for a query without a product word ("lg g5"),
 * or whose product word no card is of ("айфон 15"), those of the best card's kind, not an accessory that fits it; and of these, the ones matching every word
 * when some do (a wireless charger, not the wall charger beside them).
 */
function affordableChoices(shown: SearchHit[], index: CatalogIndex, products: CatalogProduct[], text: string, label: readonly string[]): CatalogProduct[] {
  // A search saying only what the items are for ("для сухих волос": a mask, shampoos, a balm)
  // asks no kind: each card is a choice (the 5 288 ₽ mask was named the most affordable beside
  // 816 ₽ shampoos, as the best card's kind).
  if (PURPOSE_CONNECTORS.has((label[0] ?? '').toLowerCase())) {
    const whole = shown.filter(isWhole);
    return (whole.length > 0 ? whole : shown).map((h) => h.product);
  }
  let asked: SearchHit[];
  // A word no card is of ("айфон" of "айфон 15", the cards being smartphones and things for
  // them) asks for the best card's kind, as no product word does: the iPhone, not its glass.
  const noneOfKind = shown.length > 0 && shown.every((h) => h.ofKind === false && h.kindAsSaid !== true);
  if (shown.length > 0 && (noneOfKind || shown.every((h) => h.headMatched === undefined))) {
    const best = shown[0]!.product.sku;
    // A search of one product word ("keyboard" of "logitech keyboard") also counts the cards
    // whose names say it: the kind read from a spec-sheet name can be its last spec
    // ("Logitech K580 keyboard RF Wireless + Bluetooth Graphite").
    const word = index.productWord(text);
    // The end of a model's name ("ultra" of "samsung s24 ultra") names no kind: the film "для Galaxy S24 Ultra" is not one.
    const one = word !== null && word.known && !word.word.includes(' ') && !isModelSuffix(word.word) ? word.word : undefined;
    // Said before what it is for: "Защитное стекло Deppa для iPhone 15" is no iPhone.
    const named = (p: CatalogProduct) => one !== undefined && shows(nameBeforePurpose(p.name, MAX_NAME_READ).map(stem), one);
    asked = shown.filter((h) => h.product.sku === best || index.sameKind(best, h.product.sku) || named(h.product));
  } else {
    // The kind in the buyer's own word first: the cheapest earbuds, not on-ear headphones.
    const asSaid = shown.filter((h) => h.kindAsSaid === true);
    const ofKind = asSaid.length > 0 ? asSaid : shown.filter((h) => h.ofKind === true);
    asked = ofKind.length > 0 ? ofKind : shown.filter((h) => h.headMatched !== false);
  }
  if (asked.length === 0) {
    return products;
  }
  const whole = asked.filter(isWhole);
  return (whole.length > 0 ? whole : asked).map((h) => h.product);
}

/**
 * With no card matching every word, the cards of the size asked for, when some state it
 * ("монитор 24 дюйма" on a shop whose 24" monitors do not say "монитор": the most affordable is
 * one of those, not a 19" monitor); null when the request asks no size or no card has it.
 */
function ofSizeAsked(shown: readonly SearchHit[], text: string): { products: CatalogProduct[]; sizes: Array<{ value: number; unit: string }> } | null {
  if (!/\d/u.test(text) || shown.length === 0 || shown.some(isWhole)) {
    return null;
  }
  const asked = mergeMeasures(tokenize(text))
    .map((w) => parseMeasure(w))
    .filter((m): m is NonNullable<typeof m> => m !== null);
  if (asked.length === 0) {
    return null;
  }
  const sized = shown
    .map((h) => h.product)
    .filter((p) => {
      if (statedPrice(p) === undefined) {
        return false;
      }
      const stated = cardMeasures(p);
      return asked.every((m) => stated.some((x) => x.unit === m.unit && closeMeasure(m.value, x.value)));
    });
  return sized.length > 0 ? { products: sized, sizes: asked } : null;
}

/**
 * The choices whose cards show every describing word of the title ("laser", "беспроводная",
 * "деревянный"), when some do; all of them otherwise. What the item is for ("для ноутбука") and
 * the product's own words ("блок питания" of a card named "Бп 600Вт") are the search's to judge.
 */
function titledChoices(choices: CatalogProduct[], label: readonly string[]): CatalogProduct[] {
  if (choices.length < 2) {
    return choices;
  }
  const words: string[] = [];
  let purpose = false;
  for (const w of label) {
    const lower = w.toLowerCase();
    if (COMPATIBILITY_WORDS.has(lower)) {
      purpose = true;
    } else if (WITH_WORDS.has(lower)) {
      purpose = false;
    } else if (!purpose && /\p{L}{3,}/u.test(w) && (isModifierWord(lower) || (isCyrillic(lower) && hasAdjectiveEnding(lower)))) {
      words.push(w);
    }
  }
  if (words.length === 0) {
    return choices;
  }
  const titled = choices.filter((p) => {
    const vocab = statedWords(p);
    return words.every((w) => showsOrSynonym(vocab, w));
  });
  return titled.length > 0 ? titled : choices;
}

/**
 * How many of the first cards match everything asked for (or all but some of what the item is
 * for) when the others after them do not; every card when the whole matches are not first (a
 * saved brand put other cards before them).
 */
function wholeCards(run: SearchRun, products: CatalogProduct[]): number {
  const whole = new Set(run.hits.filter(isWhole).map((h) => h.product.sku));
  const first = products.findIndex((p) => !whole.has(p.sku));
  return first <= 0 || products.slice(first).some((p) => whole.has(p.sku)) ? products.length : first;
}

/** Words of a dropped phrase looked up in the catalogue, at most. */
const MAX_DROPPED_LOOKED_UP = 4;
/** Characters of a name read for the buyer's words (names are bounded when imported; this is the shelf's own bound). */
const MAX_NAME_READ = 200;

/**
 * Whether a product word not sold is a word of this catalogue's products, or said with one
 * («душевая кабина», the shop's shower racks being «душевые»): a kind the shop does not sell, not nonsense.
 */
function saidOfCatalogue(missing: string, index: CatalogIndex, turn: Turn): boolean {
  const words = missing.split(' ');
  return words.length === 1 ? catalogueHas(index, turn, missing) : words.length === 2 && isCyrillic(missing) && catalogueHas(index, turn, words[0] as string);
}

/** Whether some product matches the word. */
function catalogueHas(index: CatalogIndex, turn: Turn, word: string): boolean {
  return !turn.budget.exhausted && index.search(word, {}, 1, { budget: turn.budget }).some((h) => (h.coverage ?? 1) >= 1);
}

/**
 * The close cards after those matching every word are of the kind asked for: when a card of that
 * kind matches every word, one that misses the product word is no close choice (touchscreens
 * marked "- АА" after the one AAA battery of "батарейки ааа"), nor one of another kind whose
 * name says none of the buyer's words (the cables a feed filed under "ВИДЕОРЕГИСТРАТОРЫ", after
 * its five dash cameras; a "Galaxy … Adapter" after Galaxy phones stays). When none matches
 * every word but one of the kind matches as many as any card, only cards of another kind that
 * name the product word as what they are for go (see below).
 */
function closeOfKind(run: SearchRun, text: string, index: CatalogIndex): SearchRun {
  // Things made for what the request names are the answer to it ("something for iphone 7").
  if (run.madeForFirst) {
    return run;
  }
  const whole = run.hits.some((h) => h.ofKind === true && (h.coverage ?? 1) >= 1);
  // Or, when nothing matches every word, one of the kind matches as many as any card does
  // ("унитаз с косым выпуском", whose names write "кос.вып"): then only what names the product
  // word as what it is for goes (the valves "д/унитаза"); cards matching the other words stay
  // ('24" Samsung' for "монитор 24 дюйма", whose names do not say "монитор").
  let most = 0;
  for (const h of run.hits) {
    most = Math.max(most, h.coverage ?? 1);
  }
  if (!whole && !run.hits.some((h) => h.ofKind === true && (h.coverage ?? 1) >= most)) {
    // (A section asked for says the kind itself: "смеситель для кухни с высоким изливом"
    // searches the rest among the mixers, none of which is a "кухня".)
    if (run.hits.some((h) => h.ofKind === true) || (run.filters.categories?.length ?? 0) > 0) {
      return run;
    }
    // Nothing is of the kind: a card naming the product word in another sense, matching fewer
    // words than the best, goes ("Inked Case" for "printer ink", beside an Instax printer and
    // its ZINK paper, "zero ink", that match both words).
    const hits = run.hits.filter((h) => !(h.headMatched === true && h.ofKind === false && (h.coverage ?? 1) < most));
    return hits.length === run.hits.length || hits.length === 0 ? run : { ...run, hits };
  }
  // The buyer's words the names of cards of another kind are read for, made when the first such
  // card is (most shelves have none). The product word itself is what another kind's name says it
  // goes with ("Крепление сидения унитаза" after toilets with a soft-close seat): a model or a
  // brand it names still keeps it ("Galaxy … Adapter" after Galaxy phones).
  let asked: Set<string> | undefined;
  const askedStems = (): Set<string> => {
    if (asked === undefined) {
      asked = new Set(tokenize(text).map(stem));
      const head = index.productWord(run.text);
      if (head !== null && head.known && head.kind) {
        asked.delete(stem(head.head));
      }
    }
    return asked;
  };
  // "Water Filter … for Philips Espresso Machines" names no espresso machine.
  const namesAsked = (h: SearchHit): boolean => nameBeforePurpose(h.product.name, MAX_NAME_READ).some((w) => askedStems().has(stem(w)));
  const hits = whole
    ? run.hits.filter((h) => (h.headMatched !== false || (h.coverage ?? 1) >= 1) && (h.ofKind !== false || namesAsked(h)))
    : // Nor what its name says is another kind of the synonym table, matching only the other words,
      // beside a card of the kind matching as many ("ergonomic office chair": ergonomic mice and
      // keyboards after the one office chair); '24" Samsung T240', a monitor not named so, stays.
      run.hits.filter((h) => !(h.headMatched === true && h.ofKind === false && !namesAsked(h)) && !(h.headMatched === false && h.ofKind === false && namesTableKind(h.product)));
  return hits.length === run.hits.length ? run : { ...run, hits };
}

/** Whether a product's name, before what it is for, says a kind of product of the synonym table ("… Mouse- MW400"). */
function namesTableKind(p: CatalogProduct): boolean {
  return nameBeforePurpose(p.name, MAX_NAME_READ).some(namesProductKind);
}

/** Fewer cards than this after `closeOfKind` are followed by more of the kind (`moreOfKind`). */
const FEW_CARDS = SHELF_SIZE / 2;

/**
 * When `closeOfKind` left fewer cards than half a shelf, or a section asked for with what the item
 * is for found that few, more products of the kind or of the section follow them as close ones,
 * within the same filters: "ssd на 1 тб" with one 1 TB SSD shows other SSDs
 * after it, where the hard disks of 1 TB that filled the search went and left one card. One
 * more search (the product word, or the section's listing), within the turn's budget. Reads the
 * message's words to its bounded length.
 */
function moreOfKind(run: SearchRun, found: SearchRun, index: CatalogIndex, turn: Turn, asked: readonly string[]): SearchRun {
  // Most shelves are full: nothing below is read for them.
  if (run.hits.length === 0 || run.hits.length >= FEW_CARDS || run.sort !== undefined || turn.budget.exhausted) {
    return run;
  }
  // Not after a model's number or a bare figure ("iphone 15", "флешка 64"): other models are no
  // close choice for one asked by its number.
  if (mergeMeasures(tokenize(run.text)).some((w) => /^\d+$/u.test(w))) {
    return run;
  }
  // A section named with the kind of thing the item is for, which few of its products say
  // ("наушники для телефона": one pair's description names a phone): the section's others follow,
  // within the run's bounds ("а подешевле?" after them lists the cheaper ones). The request is
  // read as its title says it, a follow-up's with the words it refines. Not for a model or a brand
  // the item must fit ("стекло для айфона", "screen protector for galaxy s7"): another phone's is
  // no close choice.
  if (
    (run.filters.categories?.length ?? 0) > 0 &&
    !/\d/u.test(run.text) &&
    searchesPurposeOnly(run.text, asked.join(' ')) &&
    index.productWord(run.text)?.kind === true
  ) {
    // Named with a word of the request: a section of running watches may hold smart scales.
    const said = new Set(tokenize(boundText(asked.join(' '))).filter((w) => !STOP_WORDS.has(w) && !COMPATIBILITY_WORDS.has(w)).map(stem));
    return followedBy(run, index, turn, '', (h) => tokenize(h.product.name.slice(0, MAX_NAME_READ)).some((w) => said.has(stem(w))));
  }
  if (run.hits.length === found.hits.length) {
    return run;
  }
  // The words searched, a follow-up's with the request's ("флешка kingston" of "а kingston есть?").
  const word = index.productWord(run.text);
  if (word === null || !word.known || !word.kind) {
    return run;
  }
  return followedBy(run, index, turn, word.head, (h) => h.ofKind === true);
}

/** The run's cards, then as close ones (to a shelf) those of one more search within its filters that `keep` keeps. */
function followedBy(run: SearchRun, index: CatalogIndex, turn: Turn, text: string, keep: (h: SearchHit) => boolean): SearchRun {
  const taken = new Set(run.hits.map((h) => h.product.sku));
  // One card per product: its other colours are no further choice (five "Vivofit JR. 3" after one watch).
  const variants = new Set(run.hits.map((h) => variantKey(h.product)));
  const more: SearchHit[] = [];
  for (const h of index.search(text, run.filters, SHELF_SIZE * 4, { budget: turn.budget })) {
    const key = variantKey(h.product);
    if (keep(h) && !taken.has(h.product.sku) && !variants.has(key)) {
      variants.add(key);
      more.push({ ...h, coverage: 0 });
    }
  }
  return more.length === 0 ? run : { ...run, hits: [...run.hits, ...more].slice(0, SHELF_SIZE) };
}

/** Words of a message read for what it says an item is for. */
const MAX_PURPOSE_READ = 64;

/** Whether every word searched is of what the message says the item is for ("телефона" of "наушники для телефона"). */
function searchesPurposeOnly(searched: string, message: string): boolean {
  const said = tokenize(boundText(message)).slice(0, MAX_PURPOSE_READ);
  const at = said.findIndex((w) => COMPATIBILITY_WORDS.has(w));
  const words = tokenize(searched);
  return at >= 0 && words.length > 0 && words.every((w) => said.indexOf(w, at + 1) > at);
}

/** The message and shelf for a search run, including the honest "nothing found". */
export function searchAnswer(turn: Turn, index: CatalogIndex, found: SearchRun, ctx: SearchContext, opts: SearchAnswerOptions): EngineResult {
  const { t, lang, req } = turn;
  const run = moreOfKind(closeOfKind(found, turn.text, index), found, index, turn, ctx.label);
  const products = distinctCards(run.hits.map((h) => h.product));
  const currency = currencySymbol(req.tenant, products[0]);
  const local: Turn = { ...turn, currency };
  // Words the search had to drop do not describe what is shown; nor do words the shown
  // products do not show (a typo, a word that matched nothing).
  const asked = run.relaxed.includes('words') && !run.boundsOnly ? ctx.categoryWords : ctx.label;
  // Tokenised and stemmed once: the title and the "not exactly" note both ask what the shelf shows.
  const vocab = shownWords(products);
  const label = readableLabel(asked, products, lang, vocab, (w) => index.knowsWord(w));
  const priceMove = run.relaxed.includes('price') ? undefined : (opts.move ?? ctx.priceMove);
  const measures = shownMeasuresOf(products);
  const unmentioned = unmentionedExclusions(run.filters.excludeWords, index);
  const what = describe(local, run, label, measures, opts, priceMove, unmentioned);
  // A pair of sizes dropped for the section's listing ("50 на 80"): the cards are the nearest sizes.
  const droppedPair = run.droppedText !== undefined ? sizePairOf(run.droppedText) : null;
  const state: EngineState = {
    v: 1,
    kind: 'search',
    lang,
    // It stays asked for: "а подешевле?" keeps the nearest sizes first.
    text: run.text === '' && droppedPair !== null ? (run.droppedText as string) : run.text,
    filters: compactFilters(run.filters),
    // Once the category filter is dropped its words are part of the text.
    categoryWords: run.relaxed.includes('category') ? [] : ctx.categoryWords,
    brandWords: run.relaxed.includes('brand') ? [] : ctx.brandWords,
    label,
    shown: products.map((p) => p.sku),
  };
  if (run.sort && !run.sortFromRelaxation) {
    state.sort = run.sort;
  }
  if (opts.seen && opts.seen.length > 0) {
    state.seen = opts.seen;
  }
  if (opts.strongestFirst && run.sort === 'price_desc') {
    state.strongest = true;
  }
  if (priceMove && (run.filters.priceMax !== undefined || run.filters.priceMin !== undefined)) {
    state.priceMove = priceMove;
  }

  // The kind of product asked for is not in this catalogue: hits, if any, match only a brand
  // or a number, so they are not shown as if they were what the buyer wants. With nothing
  // found the buyer's word is named only when it is a known product word, never a typo or
  // nonsense.
  // A misspelt product word is named as it is spelt ("coffe machin" → "coffee machine").
  const written = run.productTypeMissing;
  const missing = written?.split(' ').map(spelledProductKind).join(' ');
  const known = missing ? knownProductWords(missing) : '';
  // Named as the buyer wrote it when it is one or two words standing together ("coffee
  // maker"), else by the known product words among them ("refrigerator" of "refrigerator
  // french door").
  const asWritten = written !== undefined && written.split(' ').length <= 2 && turn.text.toLowerCase().includes(written);
  // With nothing found, a word products here have in their names or texts ("ванна" of "сифон
  // для ванны", "смеситель … ванна") is a kind the shop does not sell, not nonsense: "ванна
  // акриловая 170х70" got "nothing found, rephrase it".
  // A message that says only what the item is made of or comes with ("а из нержавейки?" after
  // a shaker found nowhere) names no kind: the material is not said to be a thing not sold.
  const notSold = saysWhatItComesWith(turn.text)
    ? null
    : known && asWritten
      ? missing
      : known || (products.length > 0 && missing) || (asWritten && missing && saidOfCatalogue(missing, index, turn) ? missing : null);
  if (products.length === 0 && !notSold) {
    // The buyer's words are not repeated back: they may be a typo or nonsense.
    return result(turn, { message: t.nothingKnown, suggests: browseSuggests(index, lang) }, { ...state, shown: [], label: [] }, opts.learned);
  }
  if (notSold) {
    const operator = Boolean(req.tenant.supportChat);
    // What the shop has for the request's purpose ("для унитаза"), when it sells the thing itself.
    const forPurpose = whatWeHaveFor(index, turn.text, turn.budget);
    if (forPurpose && forPurpose.products.length > 0) {
      const shelf: Shelf = { products: forPurpose.products, title: t.titleFor(forPurpose.phrase), shelfId: 'aisle-search', sourceQuery: forPurpose.phrase };
      const parts: AnswerParts = { message: t.typeNotSoldFor(notSold, forPurpose.phrase, operator), shelf, suggests: browseSuggests(index, lang) };
      if (operator) {
        parts.supportButton = t.supportButton;
      }
      // Follow-ups read it as the answer that the kind is not sold ("а чугунная?" asks for it
      // again), but for a new price or stock ("а подешевле?": cheaper ones of the shelf).
      const purpose = { purpose: boundText(turn.text), purposeShown: forPurpose.products.map((p) => p.sku) };
      return result(turn, parts, { ...state, shown: [], label: notSold.split(' '), ...purpose }, opts.learned);
    }
    const parts: AnswerParts = { message: t.typeNotSold(notSold, operator), suggests: browseSuggests(index, lang) };
    if (operator) {
      parts.supportButton = t.supportButton;
    }
    // The kind not sold is what the answer is about: "а чугунная?" next asks for it again.
    return result(turn, parts, { ...state, shown: [], label: notSold.split(' ') }, opts.learned);
  }
  // Words of the buyer the shown products do not show: what a "not exactly" note is about.
  const nameable = (w: string): boolean =>
    (/\p{L}{3,}/u.test(w) || MODEL_CODE.test(w)) && !LABEL_CONNECTORS.has(w.toLowerCase()) && !(lang === 'en' && /[\u0400-\u04ff]/u.test(w));
  const unshown = (words: string[]): string[] => words.filter((w) => nameable(w) && !showsOrSynonym(vocab, w));

  const lines: string[] = [];
  if (opts.note) {
    lines.push(opts.note);
  }
  if (unmentioned.length > 0 && products.length > 0) {
    lines.push(t.exclusionUnmentioned(unmentioned.map((w) => t.without(w)).join(', ')));
  }
  if (opts.noteOnCards) {
    lines.push(opts.noteOnCards(products.length));
  }
  const near = nearKindShown(ctx.label, products);
  if (near !== null) {
    lines.push(t.nearKind(near.asked, near.shown));
  }
  // One honest sentence about what had to give is enough; the most telling one wins.
  const notes: Record<string, string> = {};
  for (const r of run.relaxed) {
    if (r === 'category') {
      notes[r] = t.relaxedCategory;
    } else if (r === 'brand') {
      // "samsung galaxy s7 screen protector": protectors whose names say Samsung are for it, not by another maker.
      if (!namedForAskedBrands(products, opts.askedBrands ?? [])) {
        notes[r] = t.relaxedBrand((opts.askedBrands ?? []).join(', '));
      }
    } else if (r === 'price') {
      notes[r] = t.relaxedPrice(priceBound(local, opts.priceAsked));
    } else if (r === 'availability') {
      notes[r] = t.relaxedAvailability;
    } else if (r === 'discount') {
      notes[r] = t.relaxedDiscount;
    } else if (r === 'exclusion') {
      notes[r] = t.relaxedExclusion((run.droppedExclusion ?? []).join(', '));
    } else if (r === 'words' && run.droppedText && droppedPair !== null) {
      // Said so unless a card is that size (within 3 % in all).
      if (!products.some((p) => namePairDistance(boundText(p.name), droppedPair) < SAME_SIZE_PAIR)) {
        notes[r] = t.nearestSizes(formatSizePair(run.droppedText));
      }
    } else if (r === 'words' && run.droppedText) {
      const words = tokenize(run.droppedText).filter((w) => !ctx.categoryWords.includes(w));
      // A size no card has is missing though its unit is on every card ("60 inch" over 55" and 65" sets).
      const missing = new Set([...unshown(words), ...sizesUnshown(words, measures), ...ratingsUnshown(words, measures)]);
      // A pair of sizes a card states is shown, however its name writes it ("50х60" of "Фокстрот 600*500").
      for (const w of missing) {
        const pair = dimensionPairOf(w);
        if (pair !== null && products.some((p) => namePairDistance(boundText(p.name), pair) < SAME_SIZE_PAIR)) {
          missing.delete(w);
        }
      }
      // A number goes with the unit after it: «80 литров», not «литров».
      const dropped = words.filter((w, i) => missing.has(w) || (/^\d/u.test(w) && missing.has(words[i + 1] ?? '')));
      if (missing.size > 0) {
        const said = withConnectors(dropped, ctx.label, (w) => boundSaid(local, w) ?? w);
        // Only a word no product has is "not in the catalogue"; one that products have, though
        // none of this kind ("блок питания для планшета": tablet chargers filed elsewhere), is not matched here.
        // People the cards do not say they are for ("часы для женщин"): nothing is marked so, which
        // is not a word missing from the catalogue (the watches may suit them all the same).
        if (namePeople(dropped)) {
          notes[r] = t.notMarkedFor(peopleSaid(said));
        } else {
          notes[r] = [...missing].slice(0, MAX_DROPPED_LOOKED_UP).some((w) => catalogueHas(index, turn, w)) ? t.relaxedWordsHere(said) : t.relaxedWords(said);
        }
      } else {
        // A model's number no card names with the model ("15" of "iphone 15 case" over cases for
        // the iPhone 6 and 7): a bare number is no word to name, but the model is.
        const model = modelNotShown(turn.text, words, products);
        if (model !== null) {
          notes[r] = t.relaxedWordsHere(model);
        }
      }
    }
  }
  const note = (['exclusion', 'brand', 'words', 'category', 'price', 'discount', 'availability'] as const).map((k) => notes[k]).find((n) => n !== undefined);
  if (note) {
    lines.push(note);
  } else if (!run.exact && !run.relaxed.includes('words')) {
    // Which of the buyer's words the cards do not show, as the buyer wrote them; when each
    // is on some card ("office chair": doll chairs and "Office Finisher" stackers), the request.
    // A figure goes with the unit after it: «27 дюймов», not «дюймов».
    // So does the measure after a word naming what it measures: «шириной 60 см», not «шириной».
    // A size a shown card has is shown, whatever its name writes for the unit ("24 дюйма" of a '24"' monitor).
    const lowered = ctx.label.map((w) => w.toLowerCase());
    const sizeMissing = new Set(sizesUnshown(lowered, measures));
    const sizeShown = (w: string): boolean => {
      const i = ctx.label.indexOf(w);
      return i > 0 && /^\d/u.test(ctx.label[i - 1] as string) && isUnitWord(lowered[i] as string) && !sizeMissing.has(lowered[i] as string);
    };
    // A unit of two letters is no word to name ("гб"), but a size no card has is: «с 16 гб».
    const ratingMissing = new Set(ratingsUnshown(lowered, measures));
    const unshownLabel = new Set([
      ...unshown(ctx.label).filter((w) => !sizeShown(w)),
      ...ctx.label.filter((w, i) => i > 0 && sizeMissing.has(w.toLowerCase()) && /^\d/u.test(ctx.label[i - 1] as string)),
      ...ctx.label.filter((w) => ratingMissing.has(w.toLowerCase())),
    ]);
    const measurePart = (w: string | undefined): boolean => w !== undefined && (/^\d/u.test(w) || isUnitWord(w.toLowerCase()));
    let missing = ctx.label.filter(
      (w, i) =>
        unshownLabel.has(w) ||
        (/^\d/u.test(w) && isUnitWord((ctx.label[i + 1] ?? '').toLowerCase()) && unshownLabel.has(ctx.label[i + 1] as string)) ||
        (measurePart(w) && (unshownLabel.has(ctx.label[i - 1] as string) || (measurePart(ctx.label[i - 1]) && unshownLabel.has(ctx.label[i - 2] as string)))),
    );
    // The words the missing ones are read among, for the little words between them.
    let said = ctx.label;
    if (missing.length === 0) {
      // A refinement searches words the last title had left out ("а подешевле?" after "смеситель
      // для кухни с высоким изливом" is titled "Смеситель для кухни"): those are what the cards
      // miss, not the title's words, which every card shows; the little words between them stay
      // («квартиры с котом», not «квартиры котом»).
      const titled = new Set(ctx.label.map((w) => w.toLowerCase()));
      missing = unshown(tokenize(run.text).filter((w) => !titled.has(w)));
      said = run.text.split(/\s+/u);
    }
    if (missing.length > 0) {
      // A bound as the buyer reads it («больше 200 мл»), not its search word.
      // Not cut inside a measure: «шириной 60 см», not «шириной 60».
      let end = Math.min(MAX_MISSING_NAMED, missing.length);
      while (end < missing.length && end < MAX_MISSING_NAMED + 2 && measurePart(missing[end])) {
        end++;
      }
      const named = withConnectors(missing.slice(0, end), said, (w) => boundSaid(local, w) ?? w);
      lines.push(namePeople(missing.slice(0, end)) ? t.notMarkedFor(peopleSaid(named)) : t.partial(named));
    } else if (ctx.label.some(nameable)) {
      // The request as the buyer put it, connecting words and all: «телефон с камерой с большой
      // батареей», not its first three words «телефон камерой большой». The search matched no
      // product with every word, whatever words the cards' descriptions show ("телевизор 55
      // дюймов oled": a 55-inch NanoCell and larger OLEDs, one of which mentions "55", came with no note).
      // After a follow-up whose words each show on some card, none with the last search's: which
      // two things no product has together («стиральная машина 9 кг» and «с сушкой»), not the
      // whole request as if nothing matched it.
      const added = new Set(ctx.added ?? []);
      const before = ctx.label.filter((w) => !added.has(w));
      const after = ctx.label.filter((w) => added.has(w));
      lines.push(
        before.some(nameable) && after.some(nameable)
          ? t.partialTogether(clip(before.join(' '), MAX_REQUEST_NAMED_CHARS), clip(after.join(' '), MAX_REQUEST_NAMED_CHARS))
          : t.partial(clip(ctx.label.join(' '), MAX_REQUEST_NAMED_CHARS)),
      );
    }
  }
  let exactCards = products.length;
  // A note that says what the shelf is stands for the sentence that counts its cards.
  if (!opts.note && !opts.noteOnCards) {
    // Cards that match everything come first; when others follow them ("oled телевизор 65
    // дюймов": one 65-inch OLED, then larger OLEDs and a 65-inch UHD set), the answer says how
    // many are what was asked for and how many are only close.
    // Only under a title that says all the buyer asked for: one that left words out ("Power
    // Bank" of "power bank 20000mah") already names what every card is.
    exactCards = run.exact && !run.sort && label.length === asked.length ? wholeCards(run, products) : products.length;
    lines.push(exactCards < products.length ? t.found(exactCards, what, products.length - exactCards) : t.found(products.length, what));
  }
  if (opts.prefs?.budget !== undefined) {
    lines.push(t.withBudget(formatPrice(opts.prefs.budget, currency, lang)));
  }
  if (opts.prefs?.brands?.length) {
    lines.push(t.withBrands(opts.prefs.brands.join(', ')));
  }
  if (opts.mostFirst && run.sort === 'price_asc') {
    // "cheap phone with a good camera": the cheapest ones, ordered by the wish.
    lines.push(t.mostFirstOfCheapest(opts.mostFirst.attribute, opts.mostFirst.most));
  } else if (opts.mostFirst) {
    lines.push(t.mostFirst(opts.mostFirst.attribute, opts.mostFirst.most));
  } else if (opts.notStated && products.length > 0) {
    lines.push(t.superlativeUnknown(opts.notStated));
  }
  // The cards of what was asked for: a hit that misses the query's product word (a seat
  // fastener under a toilet search), or matches it without being of that kind (a Galaxy
  // adapter under "samsung galaxy phone") when cards of the kind are shown, is not named as
  // the affordable choice, nor a product the cards do not show, nor does its price set the
  // budget the quick replies offer ("До 7 000 ₽" under iPhones, from the cases beside them).
  // When the answer said how many cards are exactly what was asked for, those (the first ones).
  const onCards = new Set(products.slice(0, exactCards).map((p) => p.sku));
  const onShelf = run.hits.filter((h) => onCards.has(h.product.sku));
  const ofSize = ofSizeAsked(onShelf, run.text);
  const ofKindAsked = affordableChoices(onShelf, index, products, run.text, label).filter((p) => statedPrice(p) !== undefined);
  // When no card matches every word, of those matching the most ("солнцезащитный крем spf 50": a
  // sun milk, not a face cream after them).
  const mostCovered = run.exact ? 0 : Math.max(0, ...onShelf.map((h) => h.coverage ?? 1));
  const covered = onShelf.filter((h) => (h.coverage ?? 1) >= mostCovered);
  const ofMostCovered = covered.length === onShelf.length ? ofKindAsked : affordableChoices(covered, index, products, run.text, label).filter((p) => statedPrice(p) !== undefined);
  const priced = ofSize?.products ?? (ofMostCovered.length > 0 ? ofMostCovered : ofKindAsked);
  // An order is said of two cards or more ("Cheapest first." under one card said nothing).
  if (run.sort === 'price_asc') {
    if (!opts.mostFirst && products.length > 1) {
      lines.push(t.sortedAsc);
    }
  } else if (run.sort === 'price_desc') {
    if (products.length > 1) {
      lines.push(opts.strongestFirst ? t.strongestFirst : t.sortedDesc);
    }
  } else {
    // The cheapest of them; when cheaper cards are out of stock, the sentence says "in stock".
    // Of those showing every word of the title, when some do ("Laser printer for office": a
    // laser printer, not the cheaper inkjet beside it).
    const titled = titledChoices(priced, label);
    const cheapest = titled.filter((p) => p.available).sort((a, b) => (a.price as number) - (b.price as number))[0];
    if (cheapest && exactCards > 1) {
      const cheaperOutOfStock = titled.some((p) => !p.available && (p.price as number) < (cheapest.price as number));
      const name = shortName(cheapest);
      const price = formatPrice(cheapest.price as number, currency, lang);
      // Cheaper cards of the kind asked for in another size beside it ("а m.2?" after «ssd на
      // 1 тб»: M.2 drives of 120 GB at 6 254 ₽ and the one 1 TB drive at 45 666 ₽): the sentence
      // says which size.
      const cheaperOfOtherSize = ofSize !== null && ofKindAsked.some((p) => p.available && (p.price as number) < (cheapest.price as number));
      if (cheaperOfOtherSize) {
        lines.push(t.cheapestOfSize(ofSize.sizes.map((m) => formatMeasure(m.value, m.unit, lang)).join(' '), name, price));
      } else {
        lines.push((cheaperOutOfStock ? t.cheapestInStock : t.cheapest)(name, price));
      }
    }
  }
  const shelf: Shelf = { products, title: t.titleSearch(what), shelfId: 'aisle-search', sourceQuery: what || turn.text };
  return result(
    turn,
    { message: lines.join(' '), shelf, suggests: productSuggests(index, lang, 'search', products, run.filters, currency, priced) },
    state,
    opts.learned,
  );
}

/**
 * "а подешевле?", "а в наличии?", "only Cersanit" after what the shop has for a purpose (the
 * kind asked for not sold): that shelf again within the new bounds; when none is, the nearest
 * (the cheapest, the dearest, or without the bound), saying so. Null when the shop no longer
 * sells the thing the shelf was for.
 */
export function purposeRefinedAnswer(turn: Turn, index: CatalogIndex, prev: EngineState, purpose: string, refined: Refinement): EngineResult | null {
  const { t, lang, req } = turn;
  const move = refined.move;
  const sort = refined.request.sort;
  let filters = refined.request.filters;
  // The order shown: asked for ("самые дешёвые"), or the nearest prices to a bound none meets.
  let order = sort;
  const forWhat = findPurpose(index, purpose, turn.budget);
  if (!forWhat) {
    return null;
  }
  let found = madeFor(index, forWhat, turn.budget, { filters, ...(sort ? { sort } : {}) });
  let note: string | undefined;
  const asked = refined.request.filters;
  if (found.products.length === 0) {
    // None within the bounds: the nearest to them, said so (the cheapest under a budget too low,
    // the dearest over one too high; other brands, or those not in stock, when the new wish is those).
    const { priceMin, priceMax, brands, availableOnly: _stock, discountedOnly: _discount, ...others } = asked;
    const newPrice = priceMin !== prev.filters.priceMin || priceMax !== prev.filters.priceMax;
    const newBrand = !newPrice && (brands?.length ?? 0) > 0 && brands?.join('\n') !== prev.filters.brands?.join('\n');
    filters = newPrice ? { ...asked, priceMin: undefined, priceMax: undefined } : newBrand ? { ...asked, brands: undefined } : others;
    order = !newPrice ? sort : priceMin !== undefined && priceMax === undefined ? 'price_desc' : 'price_asc';
    found = madeFor(index, forWhat, turn.budget, { filters: compactFilters(filters), ...(order ? { sort: order } : {}) });
    if (found.products.length === 0) {
      filters = others;
      found = madeFor(index, forWhat, turn.budget, { filters: compactFilters(filters), ...(order ? { sort: order } : {}) });
    }
    if (found.products.length === 0) {
      return null;
    }
    const local: Turn = { ...turn, currency: currencySymbol(req.tenant, found.products[0]) };
    note =
      move === 'cheaper'
        ? t.cheaperNone
        : move === 'pricier'
          ? t.pricierNone
          : newPrice
            ? t.relaxedPrice(priceBound(local, asked))
            : newBrand
              ? t.relaxedBrand((brands as string[]).join(', '))
              : asked.discountedOnly && !prev.filters.discountedOnly
                ? t.relaxedDiscount
                : t.relaxedAvailability;
  }
  const products = found.products;
  const currency = currencySymbol(req.tenant, products[0]);
  const local: Turn = { ...turn, currency };
  const shownRun: SearchRun = { text: '', filters: note ? compactFilters(filters) : filters, hits: [], relaxed: [], exact: true, sortFromRelaxation: false };
  // A bound kept from an earlier "cheaper" is said as one ("cheaper than $19.99", not "under $19.98").
  const keptMove = move === null && asked.priceMax === prev.filters.priceMax && asked.priceMin === prev.filters.priceMin ? prev.priceMove : undefined;
  const bounded = filters.priceMax !== undefined || filters.priceMin !== undefined;
  const shownMove = bounded ? (move ?? keptMove) : undefined;
  const what = describe(local, shownRun, found.phrase.split(' '), shownMeasuresOf(products), shownMove ? { move: shownMove } : {}, undefined);
  const lines = [note ?? t.found(products.length, what)];
  if (order === 'price_asc' && !note) {
    lines.push(t.sortedAsc);
  } else if (order === 'price_desc' && !note) {
    lines.push(t.sortedDesc);
  } else if (order === undefined && products.length > 1) {
    const cheapest = products.filter((p) => p.available && statedPrice(p) !== undefined).sort((a, b) => (a.price as number) - (b.price as number))[0];
    if (cheapest) {
      lines.push(t.cheapest(shortName(cheapest), formatPrice(cheapest.price as number, currency, lang)));
    }
  }
  const state: EngineState = { ...prev, filters: compactFilters(shownRun.filters), purposeShown: products.map((p) => p.sku) };
  delete state.sort;
  delete state.priceMove;
  if (sort) {
    state.sort = sort;
  }
  if (shownMove) {
    state.priceMove = shownMove;
  }
  const shelf: Shelf = { products, title: t.titleFor(what), shelfId: 'aisle-search', sourceQuery: found.phrase };
  return result(turn, { message: lines.join(' '), shelf, suggests: productSuggests(index, lang, 'search', products, shownRun.filters, currency) }, state);
}

function relatedState(turn: Turn, kind: ShelfKind, products: CatalogProduct[], sku: string | undefined): EngineState {
  const s: EngineState = {
    v: 1,
    kind,
    lang: turn.lang,
    text: '',
    filters: {},
    categoryWords: [],
    brandWords: [],
    label: [],
    shown: products.map((p) => p.sku),
  };
  if (sku !== undefined) {
    s.sku = sku;
  }
  return s;
}

/** Similar products; "cheaper"/"pricier" bound them by the product's (or the shown) prices. */
export function similarAnswer(turn: Turn, index: CatalogIndex, base: CatalogProduct, parsed: DetailedQuery, shown: string[] = []): EngineResult {
  const { t, lang, req } = turn;
  const currency = currencySymbol(req.tenant, base);
  const filters: SearchFilters = { ...parsed.filters };
  const ref = [base.price, ...shown.map((s) => index.bySku(s)?.price)].filter((p): p is number => typeof p === 'number');
  if (parsed.cheaper && ref.length > 0 && filters.priceMax === undefined) {
    filters.priceMax = Math.min(...ref) - 0.01;
  }
  if (parsed.pricier && ref.length > 0 && filters.priceMin === undefined) {
    filters.priceMin = Math.max(...ref) + 0.01;
  }
  let products = index.similar(base.sku, SHELF_SIZE, filters, turn.budget);
  let note: string | null = null;
  if (products.length === 0 && (parsed.cheaper || parsed.pricier) && !turn.budget.exhausted) {
    products = index.similar(base.sku, SHELF_SIZE, parsed.filters, turn.budget);
    note = parsed.cheaper ? t.cheaperNone : t.pricierNone;
  }
  const name = shortName(base);
  if (products.length === 0) {
    return result(turn, { message: t.similarNone(name), suggests: browseSuggests(index, lang, [t.sugComplementary]) }, relatedState(turn, 'similar', [], base.sku));
  }
  const message = note ?? (parsed.cheaper ? t.similarCheaper(name) : parsed.pricier ? t.similarPricier(name) : t.similar(name));
  const shelf: Shelf = { products, title: t.titleSimilar, shelfId: 'aisle-similar', sourceQuery: base.name };
  return result(
    turn,
    { message, shelf, suggests: productSuggests(index, lang, 'similar', products, filters, currency) },
    relatedState(turn, 'similar', products, base.sku),
  );
}

/** What goes with a product; `chosen` when the buyer named the kind ("а чехол к нему есть?"). */
export function complementaryAnswer(turn: Turn, index: CatalogIndex, base: CatalogProduct, chosen?: CatalogProduct[]): EngineResult {
  const { t, lang, req } = turn;
  const products = chosen ?? index.complementary(base.sku, SHELF_SIZE, turn.budget);
  const name = shortName(base);
  if (products.length === 0) {
    return result(turn, { message: t.complementaryNone(name), suggests: browseSuggests(index, lang, [t.sugSimilar]) }, relatedState(turn, 'complementary', [], base.sku));
  }
  const currency = currencySymbol(req.tenant, base);
  const shelf: Shelf = { products, title: t.titleComplementary, shelfId: 'aisle-complementary', sourceQuery: base.name };
  return result(
    turn,
    { message: t.complementary(name), shelf, suggests: productSuggests(index, lang, 'complementary', products, {}, currency) },
    relatedState(turn, 'complementary', products, base.sku),
  );
}

/** What goes with the cart: accessories of each cart item in turn, nothing already in it. */
export function cartAnswer(turn: Turn, index: CatalogIndex, skus: string[]): EngineResult {
  const { t, lang, req } = turn;
  const inCart = new Set(skus);
  const items = skus.map((s) => index.bySku(s)).filter((p): p is CatalogProduct => Boolean(p)).slice(0, MAX_CART_ITEMS);
  if (items.length === 0) {
    return result(turn, { message: t.cartEmpty, suggests: browseSuggests(index, lang) }, turn.prev);
  }
  // Each item's accessories while the turn's budget lasts (the first item's always).
  const lists: CatalogProduct[][] = [];
  for (const p of items) {
    if (lists.length > 0 && turn.budget.exhausted) {
      break;
    }
    lists.push(index.complementary(p.sku, SHELF_SIZE, turn.budget).filter((c) => !inCart.has(c.sku)));
  }
  const products: CatalogProduct[] = [];
  const seen = new Set<string>();
  for (let round = 0; products.length < SHELF_SIZE && lists.some((l) => l.length > round); round++) {
    for (const list of lists) {
      const c = list[round];
      if (c && !seen.has(c.sku) && products.length < SHELF_SIZE) {
        seen.add(c.sku);
        products.push(c);
      }
    }
  }
  if (products.length === 0) {
    return similarAnswer(turn, index, items[0] as CatalogProduct, index.parseDetailed(''));
  }
  const currency = currencySymbol(req.tenant, items[0]);
  const shelf: Shelf = { products, title: t.titleCart, shelfId: 'aisle-cart', sourceQuery: items.map((p) => p.name).join('; ') };
  return result(
    turn,
    { message: t.cartComplementary, shelf, suggests: productSuggests(index, lang, 'cart', products, {}, currency) },
    relatedState(turn, 'cart', products, items[0]?.sku),
  );
}

/** A vague question on a product page: what this product is, and similar ones. */
export function productPageAnswer(turn: Turn, index: CatalogIndex, p: CatalogProduct): EngineResult {
  const { t, lang, req } = turn;
  const currency = currencySymbol(req.tenant, p);
  const facts = Object.entries(p.params)
    .slice(0, 4)
    .map(([k, v]) => `${k.toLowerCase()} ${v}`)
    .join(', ');
  const lines = [t.productIntro(p.name, typeof p.price === 'number' ? formatPrice(p.price, currency, lang) : null)];
  if (!p.available) {
    lines[0] = `${lines[0]?.replace(/\.$/, '')} (${t.unavailable}).`;
  }
  if (facts) {
    lines.push(t.productFacts(facts));
  }
  const products = index.similar(p.sku, SHELF_SIZE, undefined, turn.budget);
  if (products.length > 0) {
    lines.push(t.productSimilarTail);
  }
  const shelf: Shelf = { products, title: t.titleSimilar, shelfId: 'aisle-similar', sourceQuery: p.name };
  return result(
    turn,
    { message: lines.join(' '), shelf, suggests: productSuggests(index, lang, 'product', products.length > 0 ? products : [p], {}, currency) },
    relatedState(turn, 'similar', products, p.sku),
  );
}

/** Products of a catalogue listing a gift is chosen from (the first ones the listing gives). */
const GIFT_POOL = 300;
/** A gift "up to 5 000" is worth something near it: prices from this share of the budget come first. */
const GIFT_LOWER_SHARE = 0.4;

/** The products nearest in price to `price` first, those as near in their order (the sort is stable). */
function nearestInPrice(products: readonly CatalogProduct[], price: number): CatalogProduct[] {
  const distance = (p: CatalogProduct): number => Math.abs((p.price ?? Infinity) - price);
  return [...products].sort((a, b) => distance(a) - distance(b));
}

/** Whether filters bound the price. */
function hasBudget(filters: SearchFilters): boolean {
  return filters.priceMax !== undefined || filters.priceMin !== undefined || filters.priceAround !== undefined;
}

/**
 * Ideas for a child or a teenager with no budget said: the cheaper half of the pool, in its order
 * (a $449 running watch and $429 headphones came among the first ideas for a child).
 */
function withinHalf(pool: readonly CatalogProduct[]): CatalogProduct[] {
  const prices = pool.map((p) => p.price).filter((x): x is number => typeof x === 'number').sort((a, b) => a - b);
  const middle = prices[Math.floor((prices.length - 1) / 2)];
  return middle === undefined ? [...pool] : pool.filter((p) => typeof p.price === 'number' && p.price <= middle);
}

/** What gift ideas are about: the topic as the answer names it, and the searches that find them. */
export interface GiftTopic {
  topic: string;
  searches: readonly string[];
  /** Each search names a kind: products known to be of another kind are left out (a laptop whose description mentions its headphone jack). */
  kinds: boolean;
  /** The topic names whom the gift is for ("ребёнка"), not what they love. */
  recipient?: boolean;
}

/** The products each search finds whole, taken in turns: the best headphones, the best speaker, the best soundbar, then the second of each. */
function topicPool(turn: Turn, index: CatalogIndex, about: GiftTopic, filters: SearchFilters): CatalogProduct[] {
  const found = about.searches.map((s) =>
    index
      .search(s, filters, GIFT_POOL, { budget: turn.budget })
      .filter((h) => (h.coverage ?? 1) >= 1 && !(about.kinds && h.ofKind === false))
      .map((h) => h.product),
  );
  const out: CatalogProduct[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < GIFT_POOL && out.length < GIFT_POOL; i++) {
    for (const list of found) {
      const p = list[i];
      if (p !== undefined && !seen.has(p.sku)) {
        seen.add(p.sku);
        out.push(p);
      }
    }
  }
  return out;
}

/**
 * Gift ideas: products in stock within the buyer's budget, one per section so the shelf
 * offers different ideas, those nearer the budget first. Without a budget, popular
 * products of different sections and a question about the budget. `about` what the recipient
 * loves, the products its searches find, the best of each first.
 */
export function giftAnswer(
  turn: Turn,
  index: CatalogIndex,
  filters: SearchFilters,
  learned: BuyerPreferences | null,
  purpose: 'gift' | 'picks' = 'gift',
  about?: GiftTopic,
  /** Ideas shown before ("ещё" after gift ideas): left out, and the shelf says how many more. */
  seen?: readonly string[],
  /**
   * When nothing about `about` is within the budget of `filters`: the ideas nearest to this price
   * instead, said so, the budget kept for what follows.
   */
  nearest?: number,
): EngineResult {
  const { t, lang, req } = turn;
  const { priceMin: _min, priceMax: _max, priceAround: _around, ...unbounded } = filters;
  const wanted: SearchFilters = { ...(nearest === undefined ? filters : unbounded), availableOnly: true };
  const shownBefore = new Set(seen ?? []);
  // About what the recipient loves: the products each of its searches finds whole, the best
  // of each first; else anything.
  const found = about === undefined ? index.search('', wanted, GIFT_POOL + shownBefore.size, { budget: turn.budget }).map((h) => h.product) : topicPool(turn, index, about, wanted);
  const pool = shownBefore.size === 0 ? found : found.filter((p) => !shownBefore.has(p.sku));
  const max = filters.priceMax;
  // Ranked by what they are about, they keep that order: the cheap ones are not put last.
  // For a child with no budget said, the cheaper half only gives a section its idea.
  const modest = about?.recipient === true && !hasBudget(filters);
  const worthy = max !== undefined && about === undefined ? pool.filter((p) => (p.price ?? 0) >= max * GIFT_LOWER_SHARE) : modest ? withinHalf(pool) : pool;
  const ordered = nearest === undefined ? [...worthy, ...pool.filter((p) => !worthy.includes(p))] : nearestInPrice(pool, nearest);
  const products: CatalogProduct[] = [];
  const sections = new Set<string>();
  for (const p of modest ? worthy : ordered) {
    const leaf = p.categories[p.categories.length - 1] ?? '';
    if (!sections.has(leaf)) {
      sections.add(leaf);
      products.push(p);
    }
    if (products.length >= SHELF_SIZE) {
      break;
    }
  }
  for (const p of ordered) {
    if (products.length >= SHELF_SIZE) {
      break;
    }
    if (!products.includes(p)) {
      products.push(p);
    }
  }
  const currency = currencySymbol(req.tenant, products[0]);
  const budgetText = priceBound({ ...turn, currency }, filters);
  const state: EngineState = {
    v: 1,
    kind: 'search',
    lang,
    text: '',
    filters: compactFilters(wanted),
    categoryWords: [],
    brandWords: [],
    label: [],
    shown: products.map((p) => p.sku),
    gift: true,
  };
  if (about !== undefined) {
    state.giftAbout = { topic: about.topic, searches: [...about.searches], kinds: about.kinds, ...(about.recipient ? { recipient: true as const } : {}) };
  }
  if (seen !== undefined) {
    if (products.length === 0) {
      return result(turn, { message: t.noMore, suggests: browseSuggests(index, lang) }, turn.prev);
    }
    state.seen = [...seen];
  }
  if (products.length === 0) {
    return result(turn, { message: t.nothingKnown, suggests: browseSuggests(index, lang) }, state, learned);
  }
  // "Show me something cool": the same picks from different sections, not called gifts.
  const gift = purpose === 'gift';
  const topic = about === undefined ? undefined : clip(about.topic, MAX_REQUEST_NAMED_CHARS);
  // A topic naming whom the gift is for reads "for a child", one of an interest "into gaming".
  const forWhom = about?.recipient === true;
  const lines = [seen !== undefined ? t.moreShown(products.length) : topic !== undefined ? (forWhom ? t.giftForFound : t.giftAboutFound)(topic, budgetText) : gift ? t.giftFound(budgetText) : t.picksFound(budgetText)];
  if (nearest !== undefined && topic !== undefined) {
    // "Nothing about coffee around $100 — the closest in price:" (it answered "Coffee: here are 4 options" with a $179 machine first).
    lines[0] = t.giftAboutNearest(topic, budgetText);
  } else if (seen === undefined && (max === undefined || !gift)) {
    // The heading leads into the cards; a question after it ends it first («…из разных разделов. Подскажите бюджет…»).
    lines[0] = (lines[0] as string).replace(/:$/u, '.');
    // Said what the recipient loves, the buyer is asked only for the budget.
    lines.push(!gift ? t.picksAsk : topic !== undefined ? t.giftAskBudgetOnly : t.giftAskBudget);
  }
  // The closest in price are not within the budget: the title does not say they are.
  const title = topic !== undefined ? (forWhom ? t.titleGiftFor : t.titleGiftAbout)(topic, nearest === undefined ? budgetText : '') : gift ? t.titleGift(budgetText) : t.titlePicks(budgetText);
  const shelf: Shelf = { products, title, shelfId: gift ? 'aisle-gift' : 'aisle-picks', sourceQuery: title };
  return result(turn, { message: lines.join(' '), shelf, suggests: productSuggests(index, lang, 'search', products, wanted, currency) }, state, learned);
}

/** At most this many connecting words between two missing words are said with them. */
const MAX_CONNECTORS_BETWEEN = 2;

/**
 * Missing words as the buyer said them, with the connecting words the request put between two
 * of them («квартиры с животными», not «квартиры животными»), each said by `say`. Reads the
 * label once.
 */
function withConnectors(words: readonly string[], label: readonly string[], say: (w: string) => string): string {
  const lower = label.map((w) => w.toLowerCase());
  const out: string[] = [];
  let from = -1;
  for (const w of words) {
    const at = from < 0 ? lower.indexOf(w.toLowerCase()) : lower.indexOf(w.toLowerCase(), from + 1);
    if (from >= 0 && at > from + 1 && at - from - 1 <= MAX_CONNECTORS_BETWEEN && lower.slice(from + 1, at).every((c) => LABEL_CONNECTORS.has(c))) {
      out.push(...label.slice(from + 1, at));
    } else if (at > 0 && lower[at - 1] === 'no' && at - 1 !== from) {
      // "no frost" is what the item has: the "no" goes with its word («no frost», not «frost»).
      out.push(label[at - 1] as string);
    }
    out.push(say(w));
    from = at >= 0 ? at : from;
  }
  return out.join(' ');
}

/** The pair of sizes a dropped text is ("50х80", "50х80см"), or null when it is anything else. */
function sizePairOf(text: string): [number, number] | null {
  const words = tokenize(text);
  return words.length === 1 ? dimensionPairOf(words[0] as string) : null;
}

/** A name states the asked pair of sizes when its pair is this near (`pairDistance`: 3 % in all). */
const SAME_SIZE_PAIR = 0.03;

/** A pair of sizes as people write it: "50х80см" → "50×80 см". */
function formatSizePair(word: string): string {
  const m = /^(\d+(?:\.\d+)?)[xх×](\d+(?:\.\d+)?)(\p{L}*)$/u.exec(tokenize(word)[0] ?? word);
  return m ? `${m[1]}×${m[2]}${m[3] ? ` ${m[3]}` : ''}` : word;
}

/** Characters of a card's name read for a brand it is made for. */
const BRAND_NAME_READ = 200;

/** Whether every card's name says each of the brands asked ("… for Samsung Galaxy S7"): the brand was what they are for. */
function namedForAskedBrands(products: readonly CatalogProduct[], brands: readonly string[]): boolean {
  if (products.length === 0 || brands.length === 0) {
    return false;
  }
  const said = brands.map((b) => tokenize(b));
  return products.every((p) => {
    const words = new Set(tokenize(p.name.slice(0, BRAND_NAME_READ)));
    return said.every((brand) => brand.length > 0 && brand.every((w) => words.has(w)));
  });
}

/**
 * People shops mark things as made for ("Женские часы", "Kids' headphones"), as a buyer names
 * them after "для" or "for": a note says nothing is marked so. Plural in English ("for women"),
 * as the note reads "marked as for women".
 */
const MARKED_FOR: ReadonlySet<string> = new Set([
  'женщин', 'мужчин', 'детей', 'ребенка', 'ребёнка', 'малышей', 'малыша', 'девочек', 'девочки', 'мальчиков', 'мальчика', 'подростков', 'подростка',
  'women', "women's", 'men', "men's", 'ladies', 'kids', "kids'", 'children', "children's", 'girls', 'boys', 'teens', 'teenagers',
]);

/** Russian adjectives saying whom a thing is made for ("а женские есть?"), and those people as a note names them. */
const PEOPLE_OF_ADJECTIVE: ReadonlyArray<readonly [RegExp, string]> = [
  [/^женск(?:ие|ий|ая|ое|их|ую|ого|ому|ими?)$/u, 'женщин'],
  [/^мужск(?:ие|ой|ая|ое|их|ую|ого|ому|ими?)$/u, 'мужчин'],
  [/^детск(?:ие|ий|ая|ое|их|ую|ого|ому|ими?)$/u, 'детей'],
];

/** Whether every one of these words names people things are marked as made for ("женщин", "kids", "женские"). */
function namePeople(words: readonly string[]): boolean {
  return words.length > 0 && words.every((w) => MARKED_FOR.has(w.toLowerCase().replace('’', "'")) || PEOPLE_OF_ADJECTIVE.some(([re]) => re.test(w.toLowerCase())));
}

/** People as a note names them: "men", not "men's"; «женщин», not «женские». */
function peopleSaid(said: string): string {
  const adjective = PEOPLE_OF_ADJECTIVE.find(([re]) => re.test(said.toLowerCase()));
  if (adjective !== undefined) {
    return adjective[1];
  }
  return said.replace(/['’]s(?![\p{L}\p{N}])/gu, '');
}

/** Words of a text as written, case kept: for naming them back to the buyer. */
const WRITTEN_WORDS = /[\p{L}\p{N}]+/gu;

/**
 * The model a buyer named with a number that was dropped, as they wrote it ("iphone 15"), when
 * the shown cards name that model's word with other numbers but never with this one: the cards
 * are for other models ("iPhone 6", "iPhone 7"). Null when a card names it, or when the word
 * before the number is not followed by a number on any card (a count or a size, not a model).
 */
export function modelNotShown(text: string, dropped: readonly string[], products: readonly CatalogProduct[]): string | null {
  const written = boundText(text).match(WRITTEN_WORDS) ?? [];
  const lower = written.map((w) => w.toLowerCase());
  const names = products.slice(0, SHELF_SIZE).map((p) => tokenize(boundText(p.name)));
  for (const number of dropped) {
    const at = /^\d{1,4}$/u.test(number) ? lower.indexOf(number) : -1;
    const model = at > 0 ? (lower[at - 1] as string) : '';
    if (!/^\p{L}{2,}$/u.test(model)) {
      continue;
    }
    const numbersAfter = names.flatMap((ws) => ws.flatMap((w, i) => (w === model && /^\d/u.test(ws[i + 1] ?? '') ? [ws[i + 1] as string] : [])));
    if (numbersAfter.length > 0 && !numbersAfter.some((n) => n === number || (n.startsWith(number) && !/^\d/u.test(n.slice(number.length))))) {
      return `${written[at - 1] as string} ${written[at] as string}`;
    }
  }
  return null;
}
