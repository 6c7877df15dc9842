/**
 * The words that describe a search to the buyer (its title and sentence): the buyer's own
 * words in their order and spelling, brands as the catalogue writes them, without the words
 * of the request itself ("хочу", "покажите"), of the price and of an excluded brand; and of
 * those, only the words the shown products show (no typo, no untranslated synonym).
 */
import { paramStated, type CatalogProduct } from '../../catalog/product.ts';
import type { CatalogIndex, DetailedQuery } from '../../catalog/search/types.ts';
import { analyseQuery } from '../../catalog/search/expansion.ts';
import { productKindWords } from '../../catalog/search/product-type.ts';
import { boundedEdits } from '../../catalog/search/edits.ts';
import { joinPhrases, namesProductKind, synonymsOf, synonymsOfAnyForm } from '../../catalog/search/synonyms.ts';
import { stem } from '../../catalog/search/stem.ts';
import { boundText, MAX_PARSE_WORDS } from '../../catalog/search/limits.ts';
import { figureBeforeUnit } from '../../catalog/search/measures.ts';
import { ARTICLES, STOP_WORDS, WITH_WORDS } from '../../catalog/search/stopwords.ts';
import { DETERMINERS, modelSuffixesInLatin, PIECE_WORDS } from '../../catalog/search/query-parse.ts';
import { hasAdjectiveEnding, tokenize } from '../../catalog/search/tokenize.ts';
import type { Lang } from '../language.ts';
import { SHELF_SIZE } from './turn.ts';

/** Words and brand/category words of a search, as the answer and the next turn need them. */
export interface SearchContext {
  categoryWords: string[];
  brandWords: string[];
  /** Words describing the search to the buyer, in the order the buyer wrote them. */
  label: string[];
  /** The price bound is "cheaper"/"pricier" than what was shown, not a figure the buyer said. */
  priceMove?: 'cheaper' | 'pricier';
  /** Of a refinement: the label's words the follow-up added (the rest is the last search's). */
  added?: readonly string[];
}

/**
 * A brand the buyer named, as the catalogue writes it: the word of the catalogue's brand name
 * the buyer said ("LG" of "LG Electronics" for "lg": the title said "LG Electronics TV"), else
 * the whole name ("Samsung" for "самсунг"), else the buyer's word.
 */
function brandAsWritten(said: string, brand: string | undefined): string {
  if (brand === undefined) {
    return said;
  }
  const word = brand.split(/\s+/u).find((w) => w.toLowerCase() === said.toLowerCase());
  return word ?? brand;
}

/** The context of a new search: its category and brand words and the label described above. */
export function freshContext(message: string, parsed: DetailedQuery, index?: CatalogIndex): SearchContext {
  const brandWords = new Set(parsed.brandWords.flatMap((b) => tokenize(b)));
  const excludedBrandWords = new Set((parsed.filters.excludeBrands ?? []).flatMap((b) => tokenize(b)));
  // A category said in two words ("vacuum cleaner") keeps each.
  const keep = new Set([...parsed.categoryWords, ...parsed.categoryWords.flatMap((c) => tokenize(c)), ...tokenize(parsed.text), ...brandWords]);
  // The buyer's own spelling ("iPhone") and order, with connecting words between kept
  // words ("чехол для ноутбука"), brands as the catalogue writes them, without price
  // words (said separately). Words the parser replaced (a synonym, a typo's correction)
  // are kept as the buyer wrote them; the answer drops those its products do not show.
  // As many words as the search parses: a pasted essay is not a title.
  // The end of a model's name in Russian letters is the one the search read ("айфон 15 про": "Pro").
  // A unit said before its figure in the buyer's order is titled as searched: «Телевизор 65 дюймов».
  const originals = writtenWords(figureBeforeUnit(boundText(message)));
  const norms = originals.map((o) => tokenize(o).join(' '));
  // A hyphenated word is kept when each of its parts is ("робот-пылесос"): the title used the
  // category's name instead, and dropped "с влажной уборкой".
  const kept = (n: string): boolean => keep.has(n) || (n.includes(' ') && n.split(' ').every((part) => keep.has(part)));
  // A count of pieces said after its word («стулья, штук 20») is how many to order, as one before it is.
  const candidate = (n: string): boolean => kept(n) || (n !== '' && !LABEL_NOISE.has(n) && !LABEL_CONNECTORS.has(n) && !STOP_WORDS.has(n) && !PIECE_WORDS.has(n) && !/\d/.test(n));
  let keptAt = norms.map((n, i) => (kept(n) ? i : -1)).filter((i) => i >= 0);
  if (keptAt.length === 0 && keep.size > 0) {
    // Every word was replaced (a translation: "coffee machine" searched as "кофемашина"): the buyer's own words.
    keptAt = norms.map((n, i) => (candidate(n) ? i : -1)).filter((i) => i >= 0);
  }
  const label: string[] = [];
  const used = new Set<string>();
  if (keptAt.length > 0) {
    let from = keptAt[0] as number;
    // "что-нибудь для кухни", "something for the kitchen": the title says what it is for ("Для кухни").
    // An article or "my" between ("something for my iphone 7", «для моего ноутбука») too.
    const purposeAt = from - (from >= 2 && DETERMINERS.has(norms[from - 1] as string) ? 2 : 1);
    // So when the words after it name a section ("что-нибудь для сухих волос": «Для сухих волос», not «Сухих волос»).
    const opensWithPurpose = parsed.forOnly === true || norms.slice(0, Math.max(0, purposeAt)).every((n) => n.split(' ').every((w) => w === '' || LABEL_NOISE.has(w) || STOP_WORDS.has(w)));
    // "I'm looking for a blender" looks for the item: its "for" opens no purpose ("For blender" was the title).
    const leadingPurpose = opensWithPurpose && purposeAt >= 0 && PURPOSE_CONNECTORS.has(norms[purposeAt] as string) && !LOOKING.has(norms[purposeAt - 1] ?? '');
    if (leadingPurpose) {
      from = purposeAt;
    }
    // "с подсветкой", "with a handle" said alone: the title keeps what it opens with ("С подсветкой", not "Подсветкой").
    const withAt = from - (from >= 2 && ARTICLES.has(norms[from - 1] as string) ? 2 : 1);
    const leadingWith = !leadingPurpose && withAt >= 0 && WITH_WORDS.has(norms[withAt] as string) && norms.slice(0, withAt).every((n) => STOP_WORDS.has(n));
    if (leadingWith) {
      from = withAt;
    }
    let to = keptAt[keptAt.length - 1] as number;
    // A word to keep, or an article after "without" before one ("without a cord"); past a
    // connector too ("чехол для ноутбука").
    const opensPhrase = (at: number): boolean =>
      candidate(norms[at] ?? '') || (ARTICLES.has(norms[at] ?? '') && WITHOUT_WORDS.has(norms[at - 1] ?? '') && candidate(norms[at + 1] ?? ''));
    while (to + 1 < norms.length && (opensPhrase(to + 1) || (LABEL_CONNECTORS.has(norms[to + 1] as string) && opensPhrase(to + 2)))) {
      to++;
    }
    const namesModel = (at: number): boolean => norms.slice(at, to + 1).some((w) => /\d/u.test(w)) || (originals[at] !== undefined && index?.resolveBrand(originals[at]) !== undefined);
    for (let i = from; i <= to; i++) {
      const n = norms[i] as string;
      if (leadingWith && i === from) {
        label.push(originals[i] as string);
        continue;
      }
      // "side by side": one phrase, its word said twice ("Холодильник Side" was the title).
      if (n === 'by' && i > from && i < to && norms[i - 1] === norms[i + 1] && label[label.length - 1] === originals[i - 1]) {
        label.push(`${label.pop() as string} ${originals[i] as string} ${originals[i + 1] as string}`);
        i++;
        continue;
      }
      // "не Xiaomi", "кроме Xiaomi": an excluded brand is said apart ("…, кроме Xiaomi"). Other
      // words after "no" stay: "no frost" is what the fridge has, not what it lacks.
      // "без проводов", "without wires": a phrase of the synonym table ("беспроводные") is said as
      // the buyer said it, one label word.
      // With an article between ("without a cord") as well.
      const by = i > 1 && ARTICLES.has(norms[i - 1] as string) && WITHOUT_WORDS.has(norms[i - 2] as string) ? i - 2 : i - 1;
      const pair = i > 0 ? `${norms[by] as string} ${n}` : '';
      if (i > 0 && WITHOUT_WORDS.has(norms[by] as string) && tablePhrase(pair) !== undefined) {
        if (label[label.length - 1] === originals[by]) {
          label.pop();
        }
        label.push(originals.slice(by, i + 1).join(' '));
        continue;
      }
      if (i > 0 && NEGATORS.has(norms[i - 1] as string) && (excludedBrandWords.has(n) || norms[i - 1] !== 'no')) {
        continue;
      }
      if (n === 'no' && i < to && !excludedBrandWords.has(norms[i + 1] as string) && candidate(norms[i + 1] as string)) {
        label.push(originals[i] as string);
        continue;
      }
      if (candidate(n) && !used.has(n)) {
        used.add(n);
        label.push(brandWords.has(n) ? brandAsWritten(originals[i] as string, index?.resolveBrand(originals[i] as string)) : (originals[i] as string));
      } else if (LABEL_CONNECTORS.has(n) && ((i > from && i < to) || (leadingPurpose && i === from))) {
        label.push(originals[i] as string);
      } else if (i > from && i < to && IN_ONE.has(n) && /^\d+$/u.test(norms[i - 1] as string) && /^\d+$/u.test(norms[i + 1] as string)) {
        // "6 in 1", "3 в 1": one thing said in three words, not the figures 6 and 1.
        label.push(originals[i] as string);
      } else if (leadingPurpose && i === from + 1 && ARTICLES.has(n) && !namesModel(i + 1)) {
        // "For the kitchen", "For a dog"; not before a model ("For Samsung Galaxy S7 edge", not "For a Samsung …").
        label.push(originals[i] as string);
      }
    }
  }
  return { categoryWords: parsed.categoryWords, brandWords: parsed.brandWords, label };
}

/** The word between two figures that makes them one ("6 in 1 air fryer", "шампунь 3 в 1"). */
const IN_ONE: ReadonlySet<string> = new Set(['in', 'в']);

/** The words of a message as the buyer wrote them ("m.2", "wi-fi" whole), as many as the search parses. */
function writtenWords(message: string): string[] {
  return (modelSuffixesInLatin(boundText(message)).match(/[\p{L}\p{N}]+(?:[.,'’-][\p{L}\p{N}]+)*/gu) ?? []).slice(0, MAX_PARSE_WORDS);
}

/**
 * Words read from a message, a word the buyer wrote whole and the search read as several
 * ("m.2" as "m" and "2") put back as written: "а m.2?" after SSDs titles "SSD на 1 тб M.2"'s
 * words, not "SSD 2".
 */
export function asWrittenIn(words: readonly string[], message: string): string[] {
  const out = [...words];
  const written = writtenWords(message);
  for (const [i, w] of written.entries()) {
    // "без проводов" read as the table's "беспроводные": said as the buyer said it ("Пылесос без
    // проводов", not "Пылесос беспроводные").
    // With an article between too ("without a cord").
    const article = ARTICLES.has((written[i + 1] ?? '').toLowerCase()) ? 1 : 0;
    const next = written[i + 1 + article];
    if (next !== undefined && WITHOUT_WORDS.has(w.toLowerCase())) {
      const stands = tablePhrase(`${w} ${next}`.toLowerCase());
      const at = stands === undefined ? -1 : out.indexOf(stands);
      if (at >= 0) {
        out[at] = written.slice(i, i + 2 + article).join(' ');
        continue;
      }
    }
    const parts = tokenize(w);
    if (parts.length < 2) {
      continue;
    }
    const at = out.findIndex((_, k) => parts.every((p, j) => out[k + j] === p));
    if (at >= 0) {
      out.splice(at, parts.length, w);
      continue;
    }
    // A letter or two left of it, its other part already said ("c" of "usb-c?" after USB hubs):
    // the word as written ("USB hub c" was the title).
    const fragment = out.findIndex((x) => x.length <= 2 && parts.includes(x));
    if (fragment >= 0) {
      out[fragment] = w;
    }
  }
  return out;
}

const NEGATORS = new Set(['не', 'кроме', 'без', 'not', 'except', 'without', 'no']);
const WITHOUT_WORDS = new Set(['без', 'without']);
/** What a request for "something for X" opens its title with ("для кухни", "for the kitchen"). */
export const PURPOSE_CONNECTORS: ReadonlySet<string> = new Set(['для', 'for']);

/** Words of a request that do not describe the products ("хочу", "покажите", "please"). */
const LABEL_NOISE = new Set([
  'хочу', 'нужен', 'нужна', 'нужно', 'нужны', 'покажи', 'покажите', 'подбери', 'подберите', 'ищу', 'есть', 'ли', 'а', 'мне', 'какие', 'какой', 'какая',
  'что', 'нибудь', 'что-нибудь', 'посоветуй', 'посоветуйте', 'пожалуйста', 'до', 'от', 'за', 'руб', 'рублей', 'тысяч', 'тыс', 'к', 'у', 'вас', 'еще', 'ещё',
  'please', 'show', 'me', 'i', 'want', 'need', 'looking', 'find', 'some', 'any', 'a', 'an', 'the', 'do', 'you', 'have', 'under', 'below', 'over', 'above',
  'than', 'less', 'more', 'else', 'anything', 'something', 'get', 'buy', 'can', 'recommend', 'is', 'are', 'there', 'only', 'also', 'other', 'usd', 'dollars',
  'наличии', 'наличие', 'stock', 'in', 'дешевле', 'подешевле', 'дороже', 'подороже', 'cheap', 'cheaper', 'cheapest', 'не', 'кроме', 'not', 'except', 'no',
  'бюджет', 'budget', 'недорогой', 'недорогие', 'недорого', 'inexpensive', 'affordable',
  // The comparison of a bounded measure ("больше 60 дюймов"): the bound is said apart.
  'больше', 'более', 'свыше', 'меньше', 'менее', 'минимум', 'максимум', 'least', 'most', 'bigger', 'larger', 'smaller',
]);

/** Verbs before "for" that look for the item rather than say what it is for. */
const LOOKING: ReadonlySet<string> = new Set(['looking', 'look', 'searching', 'search', 'shopping', 'hunting']);

/** Words that connect two described words ("чехол для ноутбука"), never a title's own end. */
export const LABEL_CONNECTORS = new Set(['для', 'с', 'со', 'без', 'под', 'к', 'и', 'от', 'против', 'в', 'во', 'на', 'который', 'которая', 'которое', 'которые', 'for', 'with', 'without', 'and', 'against', 'that', 'which']);

/** The word "colour" in the forms a request says it ("белого цвета", "в сером цвете", "red color"). */
export const COLOUR_NOUN = /^(?:цвет|цвета|цвете|цветом|colou?r)$/iu;

/** English words opening what the item does ("that can mop", "which folds"). */
const RELATIVE_EN: ReadonlySet<string> = new Set(['that', 'which']);

/** Words of the shown products (names, categories, parameter values), to tell which of the buyer's words they show. */
export function shownWords(products: CatalogProduct[]): string[] {
  const words = new Set<string>();
  for (const p of products.slice(0, SHELF_SIZE)) {
    for (const w of productWords(p)) {
      words.add(w);
    }
  }
  return [...words];
}

const MAX_PARAMS_READ = 40;
const MAX_DESCRIPTION_READ = 500;
const MAX_CARD_CHARS = 4000;

/**
 * The stemmed words of a product's card, remembered for the MAX_PRODUCT_WORDS_MEMO products
 * shown last: the same products come back in follow-ups and popular searches, and reading a
 * card's text was the largest share of the memory an answer allocates.
 */
const productWordsMemo = new Map<CatalogProduct, readonly string[]>();
const MAX_PRODUCT_WORDS_MEMO = 2048;

function productWords(p: CatalogProduct): readonly string[] {
  return productWordsMemo.get(p) ?? remember(productWordsMemo, p, cardStems(p, [p.brand ?? ''], MAX_PARAMS_READ, (p.description ?? '').slice(0, MAX_DESCRIPTION_READ), MAX_CARD_CHARS));
}

/** Parameters and characters of a card read for what it states of itself. */
const STATED_PARAMS_READ = 200;
const MAX_STATED_CHARS = 8000;
const statedWordsMemo = new Map<CatalogProduct, readonly string[]>();

/**
 * The stems of what a card states of itself: its name, categories and parameters (an office
 * catalogue states "wireless" as its 60th), not its description, which may say anything
 * ("laser-quality documents" of an inkjet printer). Remembered as `productWords` are.
 */
export function statedWords(p: CatalogProduct): readonly string[] {
  return statedWordsMemo.get(p) ?? remember(statedWordsMemo, p, cardStems(p, [], STATED_PARAMS_READ, '', MAX_STATED_CHARS));
}

/** The stems of a card's name, `extra`, categories, first `paramsRead` stated parameters and `tail`, read to `maxChars`. */
function cardStems(p: CatalogProduct, extra: readonly string[], paramsRead: number, tail: string, maxChars: number): string[] {
  const parts = [p.name, ...extra, ...p.categories.slice(0, paramsRead)];
  let read = 0;
  for (const key in p.params) {
    if (read++ >= paramsRead) {
      break;
    }
    const value = String(p.params[key]);
    if (paramStated(value)) {
      parts.push(key, value);
    }
  }
  parts.push(tail);
  const words = new Set<string>();
  for (const w of tokenize(parts.join(' ').slice(0, maxChars))) {
    words.add(stem(w));
  }
  return [...words];
}

/** Keeps `value` for `p` in a memo of the MAX_PRODUCT_WORDS_MEMO products seen last (the oldest dropped first). */
function remember<T>(memo: Map<CatalogProduct, T>, p: CatalogProduct, value: T): T {
  if (memo.size >= MAX_PRODUCT_WORDS_MEMO) {
    memo.delete(memo.keys().next().value as CatalogProduct);
  }
  memo.set(p, value);
  return value;
}

/** Characters of a name read for its spelling of a word. */
const MAX_NAME_CHARS = 300;

/**
 * A word the buyer typed in small letters, as the shown products write it when they write it
 * with capitals inside ("iphone" → "iPhone", "otterbox" → "OtterBox", "lg" → "LG"): the title then
 * reads as the shop's own. So does a model code ("s24" → "S24") and, in Russian names, a Latin word
 * capitalised inside the name ("galaxy" → "Galaxy"), and in English names a word the descriptions
 * write as a proper noun (see `properNounsOfDescriptions`). Ordinary words capitalised only at the
 * start of a name or by an English name's title case ("Case"), and words the buyer wrote with
 * capitals, stay as typed.
 */
export function productSpelling(word: string, products: CatalogProduct[]): string {
  return respell(word, productSpellings(products));
}

/** The stems of each product's name and categories, remembered as card words are. */
const namedStemsMemo = new Map<CatalogProduct, readonly string[]>();

/** The stems of the shown products' names and categories: what they say they are. */
function namedWords(products: CatalogProduct[]): string[] {
  const out = new Set<string>();
  for (const p of products.slice(0, SHELF_SIZE)) {
    let stems = namedStemsMemo.get(p);
    if (!stems) {
      stems = remember(namedStemsMemo, p, [...new Set(tokenize(`${p.name.slice(0, MAX_NAME_CHARS)} ${p.categories.join(' ').slice(0, MAX_NAME_CHARS)}`).map(stem))]);
    }
    for (const w of stems) {
      out.add(w);
    }
  }
  return [...out];
}

/** The words of the shown products' names, categories and descriptions' starts as written (small letters), with how often each is. */
function nameWords(products: CatalogProduct[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of products.slice(0, SHELF_SIZE)) {
    for (const w of tokenize(`${p.name.slice(0, MAX_NAME_CHARS)} ${p.categories.join(' ')} ${(p.description ?? '').slice(0, MAX_DESCRIPTION_READ)}`)) {
      out.set(w, (out.get(w) ?? 0) + 1);
    }
  }
  return out;
}

/**
 * A Russian case ending after a word the names write: another form of it, whatever the stemmer
 * makes of the two ("экраном" of "экран", whose stems it gives as "экран" and "экра").
 */
const CASE_ENDING = /^(?:а|я|у|ю|е|и|ы|ой|ей|ом|ем|ам|ям|ах|ях|ами|ями|ов|ев|ью)$/u;

/**
 * A buyer's misspelt word as the shown names write it ("wireles" → "wireless", "беспроводые"
 * → "беспроводные", "protectr" → "protector"): a word of four letters or more that no name
 * writes, one letter from a name's word (two from seven letters on) or its start cut short,
 * and not another form of it; the nearest wins, then the commonest. Words the names write
 * are kept as typed.
 */
function fixTypo(word: string, written: ReadonlyMap<string, number>): string {
  const w = word.toLowerCase();
  if (w.length < 4 || !/^\p{L}+$/u.test(w) || written.has(w)) {
    return word;
  }
  const max = w.length >= 7 ? 2 : 1;
  const cyrillic = CYRILLIC.test(w);
  // Another form of the same word ("от морщин" of "морщины", "chargers") is no typo.
  const own = stem(w);
  let best: string | null = null;
  let bestEdits = max + 1;
  let bestCount = 0;
  for (const [x, count] of written) {
    if (CYRILLIC.test(x) !== cyrillic || x.length < 4 || stem(x) === own || (cyrillic && w.startsWith(x) && CASE_ENDING.test(w.slice(x.length)))) {
      continue;
    }
    const edits = x.startsWith(w) && x.length - w.length <= 2 ? x.length - w.length : boundedEdits(w, x, max);
    if (edits <= max && (edits < bestEdits || (edits === bestEdits && count > bestCount))) {
      best = x;
      bestEdits = edits;
      bestCount = count;
    }
  }
  if (best === null) {
    return word;
  }
  return /^\p{Lu}/u.test(word) ? best.charAt(0).toUpperCase() + best.slice(1) : best;
}

function respell(word: string, spellings: ReadonlyMap<string, string>): string {
  if (word !== word.toLowerCase()) {
    return word;
  }
  const own = spellings.get(word);
  if (own !== undefined) {
    return own;
  }
  // The plural of an abbreviation the names write in capitals ("tvs" of "… Roku TV"): "TVs".
  const single = word.endsWith('s') ? spellings.get(word.slice(0, -1)) : undefined;
  return single !== undefined && /^\p{Lu}{2,}$/u.test(single) ? `${single}s` : word;
}

/** The Latin words of each product's name, with their distinctive spelling when they have one, remembered as card words are. */
const nameSpellingsMemo = new Map<CatalogProduct, ReadonlyArray<{ lower: string; raw?: string }>>();

/**
 * The Latin words of a product's name in small letters, each with its spelling when that is
 * distinctive (see productSpellings): in a Russian name a Latin word with a capital inside the
 * name is a brand or a model ("Чехол Samsung … для Galaxy S24"); English names capitalise
 * every word, so there only capitals inside a word ("iPhone") or a model code ("S24") count,
 * and a word written with dots or hyphens ("M.2", "Wi-Fi") as a whole.
 */
function nameSpellings(p: CatalogProduct): ReadonlyArray<{ lower: string; raw?: string }> {
  const known = nameSpellingsMemo.get(p);
  if (known) {
    return known;
  }
  const russianName = CYRILLIC.test(p.name);
  const out: Array<{ lower: string; raw?: string }> = [];
  p.name
    .slice(0, MAX_NAME_CHARS)
    .split(/[^\p{L}\p{N}]+/u)
    .forEach((raw, at) => {
      const lower = raw.toLowerCase();
      if (!/^[a-z0-9]+$/u.test(lower) || !/[a-z]/u.test(lower)) {
        return;
      }
      const capitalised = /^\p{Lu}/u.test(raw);
      const distinctive = raw !== lower && (/\p{Lu}/u.test(raw.slice(1)) || (capitalised && /\d/u.test(raw)) || (capitalised && russianName && at > 0));
      out.push(distinctive ? { lower, raw } : { lower });
    });
  // A Latin word written with dots or hyphens and capitals ("M.2", "Wi-Fi"): the buyer's "m.2" is it.
  for (const raw of p.name.slice(0, MAX_NAME_CHARS).match(/[\p{L}\p{N}]+(?:[.-][\p{L}\p{N}]+)+/gu) ?? []) {
    const lower = raw.toLowerCase();
    if (raw !== lower && /^[a-z0-9.-]+$/u.test(lower) && /[a-z]/u.test(lower)) {
      out.push({ lower, raw });
    }
  }
  return remember(nameSpellingsMemo, p, out);
}

/**
 * The shown products' distinctive spellings of Latin words (see `productSpelling`), by the word
 * in small letters; the commonest wins, and must be commoner than the plain spelling in the
 * other names: one feed's shouting "SOLAR E CHARGER" does not title "portable charger" while
 * five other names write "Charger".
 */
function productSpellings(products: CatalogProduct[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  const plain = new Map<string, number>();
  for (const p of products.slice(0, SHELF_SIZE)) {
    for (const { lower, raw } of nameSpellings(p)) {
      if (raw === undefined) {
        plain.set(lower, (plain.get(lower) ?? 0) + 1);
      } else {
        const forms = counts.get(lower) ?? new Map<string, number>();
        forms.set(raw, (forms.get(raw) ?? 0) + 1);
        counts.set(lower, forms);
      }
    }
  }
  const out = new Map<string, string>();
  for (const [lower, forms] of counts) {
    let best = lower;
    let most = plain.get(lower) ?? 0;
    for (const [form, n] of forms) {
      if (n > most) {
        best = form;
        most = n;
      }
    }
    out.set(lower, best);
  }
  // A brand's word written with a capital inside ("iPhone", "AirPods") that the names do not say,
  // as the descriptions of two shown products write it: "iphone charger" over car chargers whose
  // descriptions say "charge your iPhone" was titled "Iphone charger".
  for (const [lower, form] of camelCasedInDescriptions(products)) {
    if (!counts.has(lower)) {
      out.set(lower, form);
    }
  }
  // What a shown product is ("drive" of "USB flash drive") is a common noun, however a
  // description title-cases it ("… a USB Flash Drive that …").
  let kinds: Set<string> | undefined;
  for (const [lower, form] of properNounsOfDescriptions(products)) {
    if (!counts.has(lower) && !(kinds ??= shownKindStems(products)).has(stem(lower))) {
      out.set(lower, form);
    }
  }
  return out;
}

/** A Latin word with a small letter before a capital inside it ("iPhone", "AirPods", "eBay"; not "USB" or "LED"). */
const CAMEL_CASED = /(?<![\p{L}\p{N}])(?:[a-z]|[a-zA-Z][a-z]+)[A-Z][a-zA-Z0-9]*(?![\p{L}\p{N}])/gu;

/** The words written with a capital inside by the descriptions' starts of at least two shown products, by the word in small letters. */
function camelCasedInDescriptions(products: CatalogProduct[]): Map<string, string> {
  const seen = new Map<string, { form: string; products: number }>();
  for (const p of products.slice(0, SHELF_SIZE)) {
    const own = new Set<string>();
    for (const [form] of (p.description ?? '').slice(0, MAX_DESCRIPTION_READ).matchAll(CAMEL_CASED)) {
      const lower = form.toLowerCase();
      if (!own.has(lower)) {
        own.add(lower);
        const entry = seen.get(lower);
        seen.set(lower, { form: entry?.form ?? form, products: (entry?.products ?? 0) + 1 });
      }
    }
  }
  const out = new Map<string, string>();
  for (const [lower, { form, products: described }] of seen) {
    if (described >= 2) {
      out.set(lower, form);
    }
  }
  return out;
}

/**
 * Words of English names that the descriptions write as proper nouns: a product line in a
 * title-cased name ("Samsung - Galaxy S7 Case") looks like every other word there, but the
 * description writes it with its capital in mid-sentence ("Protect your Samsung Galaxy S7 …")
 * while it writes "case" small. A word counts when it is in the product's own name, and the
 * descriptions of at least two shown products write it capitalised after a sentence's first word,
 * more often than in small letters (one shop's "Hi-Res Audio Wireless" does not make "Wireless").
 */
function properNounsOfDescriptions(products: CatalogProduct[]): Map<string, string> {
  const tally = new Map<string, { capital: number; small: number; products: number; form: string }>();
  for (const p of products.slice(0, SHELF_SIZE)) {
    for (const word of describedNameWords(p)) {
      const entry = tally.get(word.lower) ?? { capital: 0, small: 0, products: 0, form: word.form };
      entry.capital += word.capital;
      entry.small += word.small;
      if (word.capital > 0) {
        entry.products++;
        entry.form = word.form;
      }
      tally.set(word.lower, entry);
    }
  }
  const out = new Map<string, string>();
  for (const [lower, { capital, small, products: described, form }] of tally) {
    if (described >= 2 && capital > small) {
      out.set(lower, form);
    }
  }
  return out;
}

interface DescribedWord {
  lower: string;
  /** Its capitalised form in mid-sentence, and how often the description writes it so and in small letters. */
  form: string;
  capital: number;
  small: number;
}

/** How a product's description writes the words of its English name, remembered like `productWords`. */
const describedMemo = new Map<CatalogProduct, readonly DescribedWord[]>();

function describedNameWords(p: CatalogProduct): readonly DescribedWord[] {
  const known = describedMemo.get(p);
  if (known) {
    return known;
  }
  const words = new Map<string, DescribedWord>();
  if (p.description && !CYRILLIC.test(p.name)) {
    const inName = new Set(p.name.slice(0, MAX_NAME_CHARS).toLowerCase().split(/[^\p{L}\p{N}]+/u));
    let sentenceStart = true;
    for (const [token] of p.description.slice(0, MAX_DESCRIPTION_READ).matchAll(/[\p{L}\p{N}]+|[.!?:;]/gu)) {
      if (/^[.!?:;]$/u.test(token)) {
        sentenceStart = true;
        continue;
      }
      const lower = token.toLowerCase();
      if (!sentenceStart && inName.has(lower) && /^[a-z]{3,}$/u.test(lower)) {
        const word = words.get(lower) ?? { lower, form: token, capital: 0, small: 0 };
        if (token === lower) {
          word.small++;
        } else if (/^\p{Lu}\p{Ll}+$/u.test(token)) {
          word.capital++;
          word.form = token;
        }
        words.set(lower, word);
      }
      sentenceStart = false;
    }
  }
  return remember(describedMemo, p, [...words.values()]);
}

/** The word of the synonym table a two-word phrase stands for ("без проводов" → "беспроводные"), if any. */
function tablePhrase(phrase: string): string | undefined {
  const joined = joinPhrases(tokenize(phrase));
  const one = joined.length === 1 ? joined[0] : undefined;
  return one && one.word !== one.source ? one.word : undefined;
}

/** The word of the synonym table a title word stands for: the phrase's one word ("без проводов" → "беспроводные"), else itself. */
export function tableWordOf(word: string): string {
  return (word.includes(' ') ? tablePhrase(word) : undefined) ?? word;
}

/** Whether the shown products show the word itself or a synonym of it in the same script ("мышка" on "Мышь …"). */
export function showsOrSynonym(vocab: readonly string[], word: string): boolean {
  return shows(vocab, word) || synonymShown(vocab, word);
}

function synonymShown(vocab: readonly string[], word: string): boolean {
  const phraseWord = word.includes(' ') ? tablePhrase(word) : undefined;
  if (phraseWord !== undefined) {
    return shows(vocab, phraseWord) || synonymShown(vocab, phraseWord);
  }
  const w = word.toLowerCase();
  const cyrillic = CYRILLIC.test(w);
  // A Russian word is shown by its English synonym too ("музыкой" by "Forerunner 255 Music"):
  // the Russian title keeps it. An English word shown only by a Russian one would put English
  // into a Russian answer.
  return synonymsOfAnyForm(w).some((s) => (cyrillic || !CYRILLIC.test(s)) && shows(vocab, s));
}

export function shows(vocab: readonly string[], word: string): boolean {
  return tokenize(word).every((w) => {
    const s = stem(w);
    return vocab.some((v) => v === s || (s.length >= 4 && v.startsWith(s)) || (v.length >= 4 && s.startsWith(v)));
  });
}

/** Whether the label's product word (the search's rule, `analyseQuery`) is among the kept words. */
function productWordKept(label: readonly string[], kept: readonly boolean[]): boolean {
  const { words, head } = analyseQuery(label.join(' '));
  const word = words[head];
  const at = word === undefined ? -1 : label.findIndex((w) => w.toLowerCase() === word);
  return at >= 0 && kept[at] === true;
}

/** The stems of each product's kinds, remembered as `productWords` are (reading a name's kind cost a tenth of an answer). */
const kindStemsMemo = new Map<CatalogProduct, readonly string[]>();

/** The stems of a product's kinds, by its name (or its description's opening) and its most specific category ("speaker" of "Portable Speakers"). */
function kindStemsOf(p: CatalogProduct): readonly string[] {
  const known = kindStemsMemo.get(p);
  if (known) {
    return known;
  }
  const leaf = p.categories[p.categories.length - 1];
  return remember(kindStemsMemo, p, [...productKindWords(p.name.slice(0, MAX_NAME_CHARS), p.description), ...(leaf ? productKindWords(leaf.slice(0, MAX_NAME_CHARS)) : [])].map(stem));
}

/** The stems of the shown products' kinds (see kindStemsOf). */
function shownKindStems(products: readonly CatalogProduct[]): Set<string> {
  const kinds = new Set<string>();
  for (const p of products.slice(0, SHELF_SIZE)) {
    for (const k of kindStemsOf(p)) {
      kinds.add(k);
    }
  }
  return kinds;
}

/** Whether one of the words names the kind of a shown product (see shownKindStems). */
function namesShownKind(words: readonly string[], products: readonly CatalogProduct[]): boolean {
  const kinds = shownKindStems(products);
  return words.some((w) => kinds.has(stem(w.toLowerCase())));
}

/** Names read for a hyphenated compound, at most, and the characters of each. */
const COMPOUND_NAMES_READ = 6;
const COMPOUND_NAME_CHARS = 200;

/**
 * A one-word title the cards write as the first half of one hyphenated compound ("робот" over
 * cards named «Робот-пылесос …», "фитнес" over «Фитнес-браслет …»): the compound as more than
 * half of them write it («Робот-пылесос», where it said «Робот»).
 */
function hyphenatedAsNamed(label: string[], products: readonly CatalogProduct[]): string[] {
  const word = label[0];
  if (label.length !== 1 || word === undefined || !/^\p{L}{3,}$/u.test(word)) {
    return label;
  }
  const lower = word.toLowerCase();
  const compounds = new Map<string, number>();
  const read = products.slice(0, COMPOUND_NAMES_READ);
  // The word is letters only: nothing in it is read as a pattern.
  const compound = new RegExp(`(?<![\\p{L}\\p{N}])${lower}-(\\p{L}{3,})`, 'u');
  for (const p of read) {
    const m = compound.exec(p.name.slice(0, COMPOUND_NAME_CHARS).toLowerCase());
    if (m !== null) {
      const second = m[1] as string;
      compounds.set(second, (compounds.get(second) ?? 0) + 1);
    }
  }
  for (const [second, n] of compounds) {
    if (n * 2 > read.length) {
      return [`${word}-${second}`];
    }
  }
  return label;
}

/** `lower` with a capital when the word it replaces (`said`) opens with one. */
function respelt(said: string, lower: string): string {
  return said.charAt(0) !== said.charAt(0).toLowerCase() ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
}

/** A feminine noun as the buyer says what they want ("колонку", "кофеварку"), and its nominative ending. */
const ACCUSATIVE_NOUN = /^([а-яё]{2,})([ую])$/u;
/** An adjective before it in the same case ("беспроводную", "синюю"). */
const ACCUSATIVE_ADJECTIVE = /^([а-яё]{2,})(ую|юю)$/u;

/**
 * A title opening with a feminine noun in the case a wish puts it in ("хочу колонку", "ищу
 * беспроводную мышку") in the nominative the shown names write («Колонка», «Беспроводная
 * мышка»; it said «Колонку — вот 5 вариантов»); the adjectives before it follow. A word whose
 * nominative neither a shown name writes nor the synonym table has is left as said.
 */
function nominativeAsNamed(label: string[], products: readonly CatalogProduct[]): string[] {
  let at = 0;
  while (at < label.length - 1 && ACCUSATIVE_ADJECTIVE.test((label[at] as string).toLowerCase())) {
    at++;
  }
  const m = ACCUSATIVE_NOUN.exec((label[at] ?? '').toLowerCase());
  if (m === null) {
    return label;
  }
  const nominative = `${m[1] as string}${m[2] === 'у' ? 'а' : 'я'}`;
  const named = namesProductKind(nominative) || products.slice(0, SHELF_SIZE).some((p) => tokenize(p.name.slice(0, MAX_NAME_CHARS)).includes(nominative));
  if (!named) {
    return label;
  }
  return label.map((w, i) => {
    if (i === at) {
      return respelt(w, nominative);
    }
    const adjective = i < at ? ACCUSATIVE_ADJECTIVE.exec(w.toLowerCase()) : null;
    return adjective ? respelt(w, `${adjective[1] as string}${adjective[2] === 'ую' ? 'ая' : 'яя'}`) : w;
  });
}

/** A noun in the genitive plural as a count puts it («2 штуки наушников», «4 стульев»). */
const GENITIVE_PLURAL_NOUN = /^[а-яё]{3,}(?:ов|ев|ей)$/u;
/** An adjective before it in the same case («беспроводных»). */
const GENITIVE_PLURAL_ADJECTIVE = /^[а-яё]{3,}(?:ых|их)$/u;

/**
 * A title opening with a noun in the genitive plural, as a count of pieces leaves it («нужно 2
 * штуки наушников»: the title said «Наушников — вот 6 вариантов»), with the adjectives before
 * it: the noun in the form the first shown names write a word of its stem in («Наушники»), the
 * adjectives in the nominative plural. A noun no shown name writes in another form is left as said.
 */
function genitiveAsNamed(label: string[], products: readonly CatalogProduct[]): string[] {
  let at = 0;
  while (at < label.length - 1 && GENITIVE_PLURAL_ADJECTIVE.test((label[at] as string).toLowerCase())) {
    at++;
  }
  if (!GENITIVE_PLURAL_NOUN.test((label[at] ?? '').toLowerCase())) {
    return label;
  }
  const noun = (label[at] as string).toLowerCase();
  const nounStem = stem(noun);
  let named: string | undefined;
  for (const p of products.slice(0, SHELF_SIZE)) {
    named = tokenize(p.name.slice(0, MAX_NAME_CHARS)).find((w) => stem(w) === nounStem);
    if (named !== undefined) {
      break;
    }
  }
  if (named === undefined || named === noun) {
    return label;
  }
  // An adjective's nominative plural is regular («беспроводных» → «беспроводные»).
  return label.map((w, i) => (i === at ? respelt(w, named) : i < at ? respelt(w, w.toLowerCase().replace(/(ы|и)х$/u, '$1е')) : w));
}

/**
 * The buyer's words as a title can use them: in the buyer's language, without words the
 * shown products do not show (a typo, "подарок", a word that matched nothing); connecting
 * words only between kept words. With nothing left, the shown products' own category.
 */
export function readableLabel(said: string[], products: CatalogProduct[], lang: Lang, vocab: readonly string[] = shownWords(products), knows: (word: string) => boolean = () => false): string[] {
  if (products.length === 0 || said.length === 0) {
    return said;
  }
  // A hyphenated word the cards do not show whole is read by its parts: «робот-пылесос» over
  // vacuums is titled «пылесос», not by the section's name.
  const label = said.flatMap((w) => (w.includes('-') && !shows(vocab, w) ? w.split('-').filter((part) => part !== '') : [w]));
  // A word in another script than the products' names matched through a translation
  // ("coffee machine" in a Russian catalogue): the products cannot show it, it stays. Only a
  // word with a translation: a Latin "OLED" over a Russian QLED set is not shown.
  const cyrillicShelf = products.filter((p) => CYRILLIC.test(p.name)).length * 2 > products.length;
  const translated = (w: string, cyrillic: boolean): boolean => synonymsOfAnyForm(w.toLowerCase()).some((s) => CYRILLIC.test(s) !== cyrillic);
  const otherScript = (w: string): boolean => (CYRILLIC.test(w) ? !cyrillicShelf && translated(w, true) : /[a-z]/iu.test(w) && cyrillicShelf && !/\d/u.test(w) && translated(w, false));
  const kept = label.map(
    (w) =>
      !(lang === 'en' && CYRILLIC.test(w)) &&
      !LABEL_CONNECTORS.has(w.toLowerCase()) &&
      (shows(vocab, w) || otherScript(w) || synonymShown(vocab, w) || (NUMBER.test(w) && numberShown(vocab, w))),
  );
  // A two-word name of the synonym table the cards show by a synonym stays whole ("с солнечной
  // батареей" on watches named "… Solar"), where neither word alone is shown.
  for (let i = 0; i + 1 < label.length; i++) {
    if (!(kept[i] && kept[i + 1])) {
      const pair = `${label[i] as string} ${label[i + 1] as string}`.toLowerCase();
      if (tablePhrase(pair) !== undefined && synonymShown(vocab, pair)) {
        kept[i] = true;
        kept[i + 1] = true;
      }
    }
  }
  // The product word must be what a shown product is, said in its name or category, not a word
  // a description happens to use: phones whose descriptions mention headphones are not titled
  // "Наушники galaxy" for "наушники galaxy buds" in a shop without headphones.
  const { words: labelWords, head } = analyseQuery(label.join(' '));
  const headWord = labelWords[head];
  const headAt = headWord === undefined ? -1 : label.findIndex((w) => w.toLowerCase() === headWord);
  if (headAt >= 0 && kept[headAt]) {
    const named = namedWords(products);
    // In either script: an English "tv" is shown by Russian names of televisions, and "coffee
    // machine" by a "Кофемашина".
    const phrase = headAt > 0 ? tablePhrase(`${(label[headAt - 1] as string).toLowerCase()} ${headWord}`) : undefined;
    const shown = [headWord as string, ...(phrase === undefined ? [] : [phrase])].some((w) => shows(named, w) || synonymsOf(w).some((s) => shows(named, s)));
    if (!shown && !namesShownKind([headWord as string], products)) {
      kept[headAt] = false;
    }
  }
  // A unit after a number goes with it: shown with a shown number ("55 дюймов" of a 55"
  // television), dropped with a number no product shows ("SSD 500 гб", not "SSD гб").
  // So does the second half of a unit said in two ("250 g/m2", read "250 g m2").
  const unitAfterNumber = label.map((w, i) => i > 0 && NUMBER.test(label[i - 1] as string) && UNIT.test(w));
  label.forEach((w, i) => {
    if (unitAfterNumber[i] || (i > 1 && unitAfterNumber[i - 1] && UNIT.test(w))) {
      kept[i] = kept[i - 1] === true;
    }
  });
  // A Russian adjective whose noun is not shown goes with it ("зонт для летней веранды" of
  // umbrellas for a summer café is titled "зонт", not "зонт для летней").
  for (let i = label.length - 2; i >= 0; i--) {
    const next = label[i + 1] as string;
    if (kept[i] && !kept[i + 1] && !LABEL_CONNECTORS.has(next.toLowerCase()) && /\p{L}/u.test(next) && isRussianAdjective(label[i] as string)) {
      kept[i] = false;
    }
  }
  // "цвета" goes with its colour: "Чайник", not "Чайник цвета", over kettles none of which is
  // red for "чайник красного цвета" (the cards show "Цвет" in their parameters).
  label.forEach((w, i) => {
    if (kept[i] && COLOUR_NOUN.test(w) && ![i - 1, i + 1].some((j) => kept[j] === true && /^\p{L}+$/u.test(label[j] as string) && !COLOUR_NOUN.test(label[j] as string))) {
      kept[i] = false;
    }
  });
  // A connecting word stays when the next word kept after it is its own: "с хорошей камерой"
  // of phones that do not say "хорошей" is "с камерой", not "камерой". A dropped Russian noun
  // takes it along: "мышка для ноутбука беспроводная" of mice that do not say "ноутбук" is
  // "мышка беспроводная", not "мышка для беспроводная". (An English word dropped after it
  // describes the next: "with a good camera".)
  const describesNext = (w: string): boolean => !CYRILLIC.test(w) || isRussianAdjective(w);
  const connectsKept = (i: number): boolean => {
    let j = i + 1;
    while (j < label.length && !kept[j] && !LABEL_CONNECTORS.has((label[j] as string).toLowerCase()) && describesNext(label[j] as string)) {
      j++;
    }
    return kept[j] === true;
  };
  // An English phrase after "for"/"with" whose last word the cards do not show goes whole: "TV
  // for a small room" of TVs that do not say "room" is "TV", not "TV for small".
  if (lang === 'en') {
    // What the item does ("robot vacuum that can mop", whose "can" the search left out) is not
    // said again by halves: "Robot vacuum", not "Robot vacuum that mop".
    const clause = label.findIndex((w) => RELATIVE_EN.has(w.toLowerCase()));
    if (clause > 0) {
      kept.fill(false, clause);
    }
    // Nor a compound by its first word: "stapler heavy duty" of staplers that do not say "duty"
    // is "Stapler", not "Stapler heavy" (a word naming what is shown stays: "wireless headset").
    const lastKept = kept.lastIndexOf(true);
    const lastWord = label[lastKept] as string;
    if (lastKept > 0 && lastKept + 1 < label.length && !/\d/u.test(lastWord) && !LABEL_CONNECTORS.has((label[lastKept + 1] as string).toLowerCase()) && !namesShownKind([lastWord], products)) {
      kept[lastKept] = false;
    }
    for (let i = 0; i < label.length; i++) {
      if (!LABEL_CONNECTORS.has((label[i] as string).toLowerCase())) {
        continue;
      }
      let end = i + 1;
      while (end < label.length && !LABEL_CONNECTORS.has((label[end] as string).toLowerCase())) {
        end++;
      }
      // A figure shown keeps it ("laptop with 16GB" of "with 16gb ram").
      const figureKept = label.slice(i + 1, end).some((w, k) => kept[i + 1 + k] === true && /\d/u.test(w));
      if (end === label.length && end - 1 > i && !kept[end - 1] && !CYRILLIC.test(label[end - 1] as string) && !figureKept) {
        kept.fill(false, i + 1, end);
      }
    }
  }
  const out: string[] = [];
  label.forEach((w, i) => {
    if (kept[i]) {
      out.push(w);
    } else if (LABEL_CONNECTORS.has(w.toLowerCase()) && (out.length > 0 || i === 0) && connectsKept(i)) {
      out.push(w);
    }
  });
  // When a word was dropped and none left names what the shown products are, the title would
  // name a feature only ("wireless" of "wireless headphones" answered with headsets): the
  // shelf's own category says better what is shown.
  const dropped = label.some((w, i) => !kept[i] && !LABEL_CONNECTORS.has(w.toLowerCase()));
  if (out.length > 0 && (!dropped || productWordKept(label, kept) || namesShownKind(out, products))) {
    const spellings = productSpellings(products);
    // Only a word the products show by another word's start may be misspelt ("wireles" of "wireless").
    // A word the cards show by a synonym is no typo ("морозилкой" of "с нижней морозильной камерой"),
    // nor one the catalogue has ("OLED" over a QLED set, where OLED sets are sold).
    const typos = out.map((w) => /^\p{L}{4,}$/u.test(w) && !vocab.includes(stem(w.toLowerCase())) && !synonymShown(vocab, w) && !knows(w));
    const written = typos.includes(true) ? nameWords(products) : null;
    return hyphenatedAsNamed(
      genitiveAsNamed(
        nominativeAsNamed(
          out.map((w, i) => respell(written && typos[i] ? fixTypo(w, written) : w, spellings)),
          products,
        ),
        products,
      ),
      products,
    );
  }
  const leaves = new Map<string, number>();
  for (const p of products) {
    const leaf = p.categories[p.categories.length - 1];
    if (leaf) {
      leaves.set(leaf, (leaves.get(leaf) ?? 0) + 1);
    }
  }
  const top = [...leaves.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  // A category most of the shelf's names contradict, opening with a Russian noun none of its
  // words is, is not what they are: a feed that filed its webcams under "МОДУЛЬ ПАМЯТИ USB/FLASH
  // КАРТЫ" gets the buyer's words kept ("веб-камера"). Names saying no kind ("LG OLED evo G6")
  // leave "TV & Soundbars" the title.
  const topStems = top === undefined ? [] : tokenize(top).map(stem);
  const contradicting = products.filter((p) => {
    const first = tokenize(p.name.slice(0, MAX_NAME_CHARS))[0];
    return first !== undefined && CYRILLIC.test(first) && !isRussianAdjective(first) && !topStems.includes(stem(first));
  }).length;
  if (!top || (lang === 'en' && /[\u0400-\u04ff]/u.test(top)) || contradicting * 2 > products.length) {
    return out;
  }
  // "Кофемашины" reads as a title word; a shouting feed's "ВЕБКАМЕРЫ", a name opening with
  // an abbreviation ("TV & Soundbars") and an English category in title case ("Cell Phone
  // Accessories", which read "cell Phone Accessories") stay as the shop wrote them.
  const opensWithAbbreviation = /^\p{Lu}{2}/u.test(top);
  return [top === top.toUpperCase() || opensWithAbbreviation || !CYRILLIC.test(top) ? top : top.charAt(0).toLowerCase() + top.slice(1)];
}

const CYRILLIC = /[\u0400-\u04ff]/u;
const NUMBER = /^\d+([.,]\d+)?$/u;

/** A paper's weight the search read as two words ("250 g m2" of "250 g/m2"). */
const WEIGHT_PER_AREA = /(\d) ([gг]) ([mм])[2²](?=\s|$)/giu;

/** A title's words as one text, a unit said in two halves written as one ("250 g/m²"). */
export function titleText(words: readonly string[]): string {
  return words
    .join(' ')
    .replace(WEIGHT_PER_AREA, '$1 $2/$3²')
    .replace(RUSSIAN_CLAUSE, ', $1')
    .replace(UNIT_AFTER_NUMBER, (m: string, unit: string) => `${m.slice(0, m.length - unit.length)}${UNIT_SPELLING.get(unit.toLowerCase()) ?? unit}`);
}

/** Units whose letters' case says what they are, as a shop writes them ("16 гб" → "16 ГБ"). */
const UNIT_SPELLING: ReadonlyMap<string, string> = new Map([
  ['гб', 'ГБ'],
  ['тб', 'ТБ'],
  ['мб', 'МБ'],
  ['gb', 'GB'],
  ['tb', 'TB'],
  ['mb', 'MB'],
  ['вт', 'Вт'],
  ['мач', 'мАч'],
  ['mah', 'mAh'],
  ['мп', 'Мп'],
  ['mp', 'MP'],
]);
const UNIT_AFTER_NUMBER = /(?<=\d ?)(гб|тб|мб|gb|tb|mb|вт|мач|mah|мп|mp)(?![\p{L}\p{N}])/giu;

/** A Russian clause said of the item opens after a comma: «Робот-пылесос, который моет». */
const RUSSIAN_CLAUSE = / (котор(?:ый|ая|ое|ые))(?= )/gu;

/** Whether a name shows the number with a unit written onto it ("500" of "500Gb", "5" of "5.0м"). */
function numberShown(vocab: readonly string[], number: string): boolean {
  const n = number.replace(',', '.');
  return vocab.some((v) => v.startsWith(n) && (/^\p{L}/u.test(v.slice(n.length)) || /^\.0+\p{L}/u.test(v.slice(n.length))));
}
/**
 * A Russian word of four letters or more with an adjective's ending ("летней", "белые",
 * "кожаный"); "-ей" counts here too, since the word is dropped only when its noun is.
 */
function isRussianAdjective(word: string): boolean {
  const w = word.toLowerCase();
  return /^[а-яё]{4,}$/u.test(w) && (hasAdjectiveEnding(w) || w.endsWith('ей'));
}
const UNIT = /^(дюйм\p{L}*|inch\p{L}*|in|литр\p{L}*|л|liters?|litres?|мл|ml|гб|gb|тб|tb|мм|mm|см|cm|м|m|метр\p{L}*|meters?|metres?|сантиметр\p{L}*|миллиметр\p{L}*|ватт\p{L}*|watts?|вольт\p{L}*|volts?|ft|feet|foot|oz|gal|gallons?|qt|lbs?|кг|kg|вт|w|в|v|мп|mp|мач|mah|м2|m2|м²|m²|g|г|gsm|g\/m2|g\/m²|г\/м2|г\/м²)$/iu;
