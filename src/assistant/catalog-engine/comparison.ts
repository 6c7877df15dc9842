/**
 * "What's the difference between the iPhone 7 and 8?", "чем отличается X от Y", "X vs Y",
 * "что лучше, X или Y": the two products side by side, found each on its own, with their
 * prices; a side the catalogue does not have is said so. The engine cannot judge which is
 * better from a catalogue and says what would decide it.
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import { runSearch, searchRequestOf } from '../../catalog/search/relax.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import { stem } from '../../catalog/search/stem.ts';
import { STOP_WORDS } from '../../catalog/search/stopwords.ts';
import { tokenize } from '../../catalog/search/tokenize.ts';
import { boundText } from '../../catalog/search/limits.ts';
import { variantKey } from '../../catalog/search/variants.ts';
import type { EngineResult } from '../engine.ts';
import type { EngineState } from '../engine-state.ts';
import { currencySymbol } from '../currency.ts';
import { freshContext, productSpelling, readableLabel } from './labels.ts';
import { searchAnswer } from './shelves.ts';
import { formatPrice } from './texts.ts';
import { result, SHELF_SIZE, type Turn } from './turn.ts';

/** A comparison is read from the first characters of a message only (its patterns backtrack). */
const MAX_COMPARISON_CHARS = 160;
/** Each side names one product in a few words. */
const MAX_SIDE_WORDS = 6;
/** Cards per side. */
const PER_SIDE = SHELF_SIZE / 2;
/** Hits read per side: the products themselves come after their many accessories' offers. */
const SIDE_POOL = 24;

/** A word every pattern has: most messages are not comparisons and skip the patterns. */
const COMPARISON_WORD = /differ|compare|\bvs\b|versus|better|отлича|разниц|сравни|лучше/iu;

const SIDE = String.raw`([\p{L}\p{N}][\p{L}\p{N} .+/-]*?)`;
const END = String.raw`\s*[?!.]*$`;
const PATTERNS: readonly RegExp[] = [
  new RegExp(String.raw`^(?:what(?:'s| is| are)? the )?differences? between (?:the )?${SIDE} and (?:the )?${SIDE}${END}`, 'iu'),
  new RegExp(String.raw`^(?:how (?:is|does) )?(?:the )?${SIDE} differ(?:ent)? from (?:the )?${SIDE}${END}`, 'iu'),
  new RegExp(String.raw`^compare (?:the )?${SIDE} (?:and|with|to|vs\.?) (?:the )?${SIDE}${END}`, 'iu'),
  new RegExp(String.raw`^(?:which is better[,:]? )?(?:the )?${SIDE} or (?:the )?${SIDE}[,]? which (?:one )?is better${END}`, 'iu'),
  new RegExp(String.raw`^which is better[,:]? (?:the )?${SIDE} or (?:the )?${SIDE}${END}`, 'iu'),
  new RegExp(String.raw`^(?:в )?чем (?:отличается|отличаются|разница между) ${SIDE} (?:от|и) ${SIDE}${END}`, 'iu'),
  new RegExp(String.raw`^(?:какая )?разница между ${SIDE} и ${SIDE}${END}`, 'iu'),
  new RegExp(String.raw`^сравни(?:те)? ${SIDE} (?:и|с|со) ${SIDE}${END}`, 'iu'),
  new RegExp(String.raw`^что лучше[,:]? ${SIDE} или ${SIDE}${END}`, 'iu'),
  new RegExp(String.raw`^${SIDE} или ${SIDE}[,]? (?:что|какой|какая|какое|кто) лучше${END}`, 'iu'),
  // Not "против": "средство против комаров" is what an item is against.
  new RegExp(String.raw`^${SIDE} (?:vs\.?|versus) ${SIDE}${END}`, 'iu'),
  new RegExp(String.raw`^(?:а |и )?чем (?!(?:он|она|оно|они|этот|эта|это|эти)\s)${SIDE} (?:лучше|хуже) ${SIDE}${END}`, 'iu'),
];

/**
 * Two models with "или"/"or" and no question of which is better ("iphone 15 или samsung s24",
 * "fenix 8 или epix", "iphone 7 or galaxy s7"): both are wanted side by side. Each side must
 * name a model in Latin letters, and the second be no brand alone ("наушники sony или jbl"
 * lists both brands' headphones as one search); it was searched as one request, and one side
 * was said not to be found.
 */
const PLAIN_PATTERNS: readonly RegExp[] = [new RegExp(String.raw`^${SIDE} (?:или|or) (?:the )?${SIDE}${END}`, 'iu')];
const PLAIN_WORD = /\s(?:или|or)\s/iu;
const LATIN_WORD = /[a-z]/iu;

/** The same, of what was just shown ("а чем он лучше 255?", "how is it better than the 8?"): the second side alone. */
const SHOWN_PATTERNS: readonly RegExp[] = [
  new RegExp(String.raw`^(?:а |и )?чем (?:он|она|оно|они|этот|эта|это|эти) (?:лучше|хуже|отличается|отличаются)(?: от)? ${SIDE}${END}`, 'iu'),
  new RegExp(String.raw`^(?:and |so )?(?:how|why) (?:is|are) (?:it|this one|they|these) (?:better than|worse than|different from) (?:the )?${SIDE}${END}`, 'iu'),
  new RegExp(String.raw`^(?:and |so )?(?:how|what) (?:does|do) (?:it|this one|they|these) (?:compare|differ) (?:to|with|from) (?:the )?${SIDE}${END}`, 'iu'),
];

/**
 * The two products a message compares, or null. A second side of a number or a brand alone
 * takes the first side's other words: "iphone 7 and 8" compares the iPhone 7 and the iPhone
 * 8, "чайник bosch и tefal" a Bosch kettle and a Tefal kettle.
 */
export function comparisonSides(text: string, index: Pick<CatalogIndex, 'resolveBrand'>, shown?: string): [string, string] | null {
  if (text.length > MAX_COMPARISON_CHARS) {
    return null;
  }
  const worded = COMPARISON_WORD.test(text);
  const found = worded ? firstMatch(PATTERNS, text.trim()) : PLAIN_WORD.test(text) ? plainSides(text.trim(), index) : null;
  if (!worded && !found) {
    return null;
  }
  const ofShown = found || shown === undefined ? null : firstMatch(SHOWN_PATTERNS, text.trim());
  const sides = found ? [found[1] as string, found[2] as string] : ofShown ? [shown as string, ofShown[1] as string] : null;
  if (sides) {
    const a = (sides[0] as string).trim();
    let b = (sides[1] as string).trim();
    const aWords = a.split(/\s+/u);
    if (/^\p{L}?\d+\p{L}?$/u.test(b) && aWords.length > 1 && /\d/u.test(aWords[aWords.length - 1] as string)) {
      b = [...aWords.slice(0, -1), b].join(' ');
    } else if (!/\s/u.test(b) && index.resolveBrand(b) !== undefined) {
      const brandAt = aWords.findIndex((w) => index.resolveBrand(w) !== undefined);
      if (brandAt >= 0 && aWords.length > 1) {
        b = aWords.map((w, i) => (i === brandAt ? b : w)).join(' ');
      }
    }
    if (aWords.length > MAX_SIDE_WORDS || b.split(/\s+/u).length > MAX_SIDE_WORDS || a.toLowerCase() === b.toLowerCase()) {
      return null;
    }
    return [a, b];
  }
  return null;
}

/** The match of PLAIN_PATTERNS, when both sides name a model in Latin letters and the second is no brand alone. */
function plainSides(text: string, index: Pick<CatalogIndex, 'resolveBrand'>): RegExpExecArray | null {
  const m = firstMatch(PLAIN_PATTERNS, text);
  const b = (m?.[2] ?? '').trim();
  if (!m || !LATIN_WORD.test(m[1] as string) || !LATIN_WORD.test(b) || (!/\s/u.test(b) && index.resolveBrand(b) !== undefined)) {
    return null;
  }
  return m;
}

function firstMatch(patterns: readonly RegExp[], text: string): RegExpExecArray | null {
  for (const re of patterns) {
    const m = re.exec(text);
    if (m) {
      return m;
    }
  }
  return null;
}

interface Side {
  asked: string;
  products: CatalogProduct[];
}

/** The best few products of one side, when the catalogue has what it names; none otherwise. */
function findSide(turn: Turn, index: CatalogIndex, asked: string): Side {
  const run = runSearch(index, searchRequestOf(index.parseDetailed(asked)), SIDE_POOL, turn.budget);
  if (!run.exact || run.relaxed.length > 0) {
    return { asked, products: [] };
  }
  // A model's number must be in the name: the iPhone 8 is not a tripod "8\"-26\"" for iPhones;
  // an ordinal counts ("AirPods (3rd generation)" for "airpods 3").
  const askedWords = tokenize(asked);
  const numbers = askedWords.filter((w) => /\d/u.test(w));
  // The products whose names say every word of the side, when some do: "airpods pro" is the
  // AirPods Pro, not a "BoostCharge Pro" charger whose description names AirPods.
  const said = askedWords.filter((w) => !STOP_WORDS.has(w)).map(stem);
  const products: CatalogProduct[] = [];
  const named: CatalogProduct[] = [];
  for (const h of run.hits) {
    if ((h.coverage ?? 1) < 1) {
      continue;
    }
    const nameWords = tokenize(boundText(h.product.name)).map((w) => w.replace(ORDINAL_SUFFIX, ''));
    if (!numbers.every((n) => nameWords.includes(n))) {
      continue;
    }
    products.push(h.product);
    const nameStems = new Set(nameWords.map(stem));
    if (said.every((w) => nameStems.has(w))) {
      named.push(h.product);
    }
  }
  return { asked, products: named.length > 0 ? named : products };
}
/** The ending of an ordinal figure ("3rd", "2nd", "1st", "4th"). */
const ORDINAL_SUFFIX = /(?<=\d)(?:st|nd|rd|th)$/u;

/**
 * One card per model, its offers in other colours, sizes or under other carriers shown once: the
 * cheapest in stock of them, so the side's "from" price is the model's own ("galaxy s24" showed
 * the S24+ at $999.99 as "Galaxy S24 from $999.99", the S24 itself being $699.99).
 */
function cards(products: CatalogProduct[]): CatalogProduct[] {
  const byKey = new Map<string, CatalogProduct>();
  for (const p of products) {
    const key = variantKey(p);
    const kept = byKey.get(key);
    if (kept === undefined || cheaperOffer(p, kept)) {
      byKey.set(key, p);
    }
  }
  return [...byKey.values()].slice(0, PER_SIDE);
}

/** Whether `p` is the better offer of one model to show: in stock before not, then the lower price. */
function cheaperOffer(p: CatalogProduct, than: CatalogProduct): boolean {
  if (p.available !== than.available) {
    return p.available;
  }
  return (p.price ?? Infinity) < (than.price ?? Infinity);
}

/**
 * Like is compared with like: both sides keep the products of one kind (phones, not their
 * cases): the first side's best product that has a product of its kind on the other side,
 * else the best product found.
 */
function sameKindAs(index: CatalogIndex, a: Side, b: Side): [Side, Side] {
  const ref = a.products.find((p) => b.products.some((q) => index.sameKind(p.sku, q.sku))) ?? a.products[0] ?? b.products[0];
  const keep = (s: Side): Side => ({ asked: s.asked, products: s.products.filter((p) => ref === undefined || p.sku === ref.sku || index.sameKind(ref.sku, p.sku)) });
  return [keep(a), keep(b)];
}

/** The side as the products write it ("iphone 7" → "iPhone 7"), or as the buyer did. */
function sideName(side: Side, turn: Turn): string {
  const words = side.asked.split(/\s+/u);
  const shown = side.products.length > 0 ? readableLabel(words, side.products, turn.lang) : [];
  const first = side.products[0];
  return (shown.length === words.length ? shown : words).map((w) => (first === undefined ? w : modelWordAsNamed(w, first.name))).join(' ');
}

/**
 * A Latin word of a model's name as the product's name capitalises it ("galaxy" of "Samsung -
 * Galaxy S7 …" → "Galaxy"): a side is a model's name, whatever case the rest of a title keeps.
 * Reads the name to its bounded length.
 */
function modelWordAsNamed(word: string, name: string): string {
  if (!/^[a-z]/u.test(word)) {
    return word;
  }
  const written = boundText(name)
    .split(/[^\p{L}\p{N}]+/u)
    .find((n) => n.length === word.length && n.toLowerCase() === word && /^\p{Lu}/u.test(n));
  return written ?? word;
}

/** The two sides on one shelf; null when the catalogue has neither, and the message is searched as usual. */
export function comparisonAnswer(turn: Turn, index: CatalogIndex, sides: [string, string]): EngineResult | null {
  const { t, lang, req } = turn;
  const [a, b] = sameKindAs(index, findSide(turn, index, sides[0]), findSide(turn, index, sides[1]));
  if (a.products.length === 0 && b.products.length === 0) {
    return neitherAnswer(turn, index, sides);
  }
  const shownA = cards(a.products);
  const shownB = cards(b.products);
  const products = [...shownA, ...shownB];
  const currency = currencySymbol(req.tenant, products[0]);
  const nameA = sideName(a, turn);
  const nameB = sideName(b, turn);
  // The lowest price of the side's cards: a price no card shows is not named.
  const from = (shown: CatalogProduct[], name: string): string | null => {
    const prices = shown.map((p) => p.price).filter((p): p is number => typeof p === 'number');
    return prices.length > 0 ? t.comparedFrom(name, formatPrice(Math.min(...prices), currency, lang)) : null;
  };
  let message: string;
  let title: string;
  if (a.products.length === 0 || b.products.length === 0) {
    const [missing, found] = a.products.length === 0 ? [nameA, nameB] : [nameB, nameA];
    message = t.comparedMissing(missing, found);
    title = found;
  } else {
    message = t.compared(nameA, nameB, [from(shownA, nameA), from(shownB, nameB)].filter((x): x is string => x !== null).join('; '));
    title = t.titleCompared(nameA, nameB);
  }
  const state: EngineState = { v: 1, kind: 'search', lang, text: '', filters: {}, categoryWords: [], brandWords: [], label: [], shown: products.map((p) => p.sku) };
  return result(turn, { message, shelf: { products, title, shelfId: 'aisle-compare', sourceQuery: turn.text } }, state);
}

/**
 * Neither model is sold ("what's the difference between the iphone 7 and 8?" where the iPhones
 * are the 13 to 15): said so, with what the shop has of the line their words name without the
 * model numbers ("iphone"); null when it has none of it either, and the message is searched as
 * usual. (It was searched whole: 'Nothing matches "difference between" exactly'.)
 */
function neitherAnswer(turn: Turn, index: CatalogIndex, sides: [string, string]): EngineResult | null {
  const line = tokenize(boundText(sides[0]))
    .filter((w) => !/\d/u.test(w) && !STOP_WORDS.has(w))
    .join(' ');
  if (line === '') {
    return null;
  }
  const parsed = index.parseDetailed(line);
  const run = runSearch(index, searchRequestOf(parsed), SHELF_SIZE, turn.budget);
  const whole = run.hits.filter((h) => (h.coverage ?? 1) >= 1 && h.ofKind !== false);
  if (!run.exact || run.relaxed.length > 0 || whole.length === 0) {
    return null;
  }
  const shown = whole.map((h) => h.product);
  // As the products write the words ("iPhone 7"), with capitals inside a word too.
  const first = shown[0] as CatalogProduct;
  const names = sides.map((side) => side.split(/\s+/u).map((w) => modelWordAsNamed(productSpelling(w, shown), first.name)).join(' ')) as [string, string];
  return searchAnswer(turn, index, { ...run, hits: whole }, freshContext(line, parsed, index), { note: turn.t.comparedNeither(names[0], names[1]) });
}
