/**
 * Query words and their expansion into index terms: the word's own stem, typo fixes, the
 * completion of a last word cut short, abbreviations, synonyms and the other script, each
 * with the weight its match earns.
 */
import type { CategoryMatcher } from './categories.ts';
import { boundedEdits, OneEditWords } from './edits.ts';
import type { InvertedIndex, TermAlternative } from './inverted.ts';
import { boundText, MAX_FUZZY_WORDS } from './limits.ts';
import { closeMeasure, isRatingUnit, meetsBound, mergeMeasures, parseMeasure, parseMeasureBound, spellMarks, type BoundKind } from './measures.ts';
import { derivedStems, stem } from './stem.ts';
import { startsPurpose, STOP_WORDS, WITH_WORDS } from './stopwords.ts';
import { countFigures, isModifierWord, namesProductKind, phraseSynonymsAt, SYNONYM_VOCABULARY, synonymsOf, synonymsOfAnyForm } from './synonyms.ts';
import { hasAdjectiveEnding, hasDigit, isCyrillic, tokenize } from './tokenize.ts';
import { toCyrillic, toLatin } from './translit.ts';

const KIND_WEIGHT = 2;
const SYNONYM_WEIGHT = 0.6;
const TRANSLIT_WEIGHT = 0.7;
const PREFIX_WEIGHT = 0.6;
const FUZZY_WEIGHT = 0.55;
const ABBREVIATION_WEIGHT = 0.5;
/** The noun of an adjective or the adjective of a noun ("массажное" for "массажа"). */
const DERIVED_WEIGHT = 0.5;
const PREFIX_TERMS = 8;
const FUZZY_TERMS = 3;
const MAX_QUERY_WORDS = 32;
const MEASURE_NEAR_WEIGHT = 0.8;
const BARE_NUMBER_WEIGHT = 0.5;
/** Index measures of one unit close to an asked value that a query word may match. */
const MEASURE_TERMS = 8;
/** A rating no product has ("SPF 50"): this many of the shop's nearest ones stand in ("SPF 30", "SPF 15"). */
const RATING_STAND_INS = 3;
/** …each counting as much as a size close to the one asked for. */
const RATING_STAND_IN_WEIGHT = BARE_NUMBER_WEIGHT;
/** Index measures of one unit within a bound ("больше 60 дюймов") a query word may match, nearest the bound first. */
const BOUND_TERMS = 48;
/** Units of area, and how much less each further area meeting a lower bound weighs (at most AREA_STEPS times). */
const AREA_UNITS: ReadonlySet<string> = new Set(['sqm', 'sqft']);
const AREA_STEP = 0.1;
const AREA_STEPS = 5;
/** A bare number finds codes it ends ("4453" → "rp4453") from this many digits, at most CODE_TAIL_TERMS of them. */
const MIN_CODE_TAIL = 3;
const CODE_TAIL_TERMS = 8;
const CODE_TAIL_WEIGHT = 0.8;
const BARE_NUMBER = /^\d+$/;
/**
 * Units a bare number of a query may be said in by the catalogue's names ("флешка 64" and "USB
 * Flash 64Gb", "блок питания 600" and "600W"): the number with each is its word too, when the
 * index has it. Lengths and inches are left out: names write them apart ("55\"", "110х2,2").
 */
const BARE_NUMBER_UNITS: readonly string[] = ['gb', 'tb', 'mb', 'w', 'kw', 'mah', 'l', 'ml', 'kg', 'v'];
/** Letters and then digits, the part codes buyers type only the number of: "RP4453", "ВК1200". */
const LETTERS_THEN_DIGITS = /^[a-zа-я]{1,4}(\d+)$/;
/** A compound is split in two known words only from this length ("quarteround"). */
const MIN_COMPOUND = 7;
/** A word in at most this many products may still be a typo of a word of the synonym table. */
const RARE_TERM_PRODUCTS = 2;
const MIN_COMPOUND_PART = 3;
/** Brands this long or longer are matched one typo away. */
const MIN_BRAND_FIX = 5;

/** The English ordinal ending of a number ("1" → "st", "3" → "rd", "12" → "th"). */
function ordinalSuffix(n: string): string {
  const last = n.charAt(n.length - 1);
  const teen = n.length > 1 && n.charAt(n.length - 2) === '1';
  return teen ? 'th' : last === '1' ? 'st' : last === '2' ? 'nd' : last === '3' ? 'rd' : 'th';
}

/** Whether a name's words say the number `n` itself or as an ordinal ("3" in "AirPods (3rd generation)"). */
export function saysNumber(words: readonly string[], n: string): boolean {
  return words.includes(n) || (/^\d+$/u.test(n) && words.includes(`${n}${ordinalSuffix(n)}`));
}

/** Whether two words share all but their last letter or two: forms of one word ("флешк", "флеш"), not two ("стол", "сол"). */
function differsInEndingOnly(a: string, b: string): boolean {
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) {
    common++;
  }
  return common >= Math.min(a.length, b.length) - 1;
}
/**
 * Query word lists whose expansions are remembered, the least recently used forgotten first:
 * relaxation searches the same words again within a turn, and buyers of one shop ask for the
 * same things again ("наушники", "барный стул"). An expansion costs about 47 µs (typo and
 * prefix look-ups); with 16 remembered and cleared when full, the bench's 128 word lists
 * were expanded 2.5 times a turn. A remembered expansion is a few hundred bytes. Longer lists
 * (more than GROUPS_MEMO_WORDS words, up to kilobytes each) have a memo of LONG_MEMO of their
 * own, for the relaxation of one turn: a flood of long messages holds little.
 */
const GROUPS_MEMO = 512;
const GROUPS_MEMO_WORDS = 8;
const LONG_MEMO = 16;

/** A query's words and which of them names the product type asked for. */
export interface QueryWords {
  words: string[];
  /** The index in `words` of the word naming what the buyer wants ("cord" of "12 ft extension cord"), or -1. */
  head: number;
  /** The words that may name the product type (nouns before "for"/"with", no numbers or colours), `head` among them. */
  typeWords: number[];
  /** The words saying what the item is for: after "для"/"for" that follows the product word, up to "с"/"with" ("рук" of "крем для рук"). */
  purpose: number[];
  /** The words saying what the item comes with: after "с"/"with" that follows the product word, up to "для"/"for" ("сушкой" of "стиралка с сушкой"). */
  comesWith: number[];
}

/** Words after which a query says what the item goes with or how it is, not what it is. */
const HEAD_CUT = new Set(['with', 'without', 'by', 'from', 'under', 'over', 'and', 'or', 'с', 'со', 'без', 'от', 'до', 'из', 'и', 'или', 'по']);

/**
 * Words that name how products come rather than what they are: a "vanity set" is a vanity,
 * and a "toner cartridge" is the toner a buyer asks for.
 */
const PACKAGING = new Set([
  'set', 'sets', 'panel', 'panels', 'pack', 'group', 'collection', 'combo', 'bundle', 'pair', 'cartridge', 'cartridges', 'refill', 'refills',
  'capsule', 'capsules', 'набор', 'комплект',
]);

/** For a packaging word at `head`, the index of the word it packages ("table" of "coffee table set", "кастрюль" of "набор кастрюль"), or -1. */
export function packagedIndex(words: readonly string[], head: number): number {
  const w = words[head];
  if (w === undefined || !PACKAGING.has(w)) {
    return -1;
  }
  const at = isCyrillic(w) ? head + 1 : head - 1;
  const other = words[at];
  return other !== undefined && !hasDigit(other) && other.length >= 2 ? at : -1;
}

/**
 * English words that end a model's name rather than name a product ("iphone 7 plus", "ipad
 * mini", "galaxy s7 edge").
 */
const MODEL_SUFFIXES: ReadonlySet<string> = new Set(['plus', 'pro', 'max', 'mini', 'ultra', 'lite', 'edge', 'se', 'xl']);

/** Whether the word may end a model's name ("plus" of "iphone 7 plus"). */
export function isModelSuffix(word: string): boolean {
  return MODEL_SUFFIXES.has(word);
}

/**
 * Whether `words` (a name's, tokenised) say the model number `n` only as part of other models:
 * each time followed by a model's suffix not among `asked` ("iPhone 6 Plus" for "iphone 6";
 * "iPhone 6 and 6s" says the 6 itself). False when the number is not there at all.
 */
export function numberOnlyInOtherModels(words: readonly string[], n: string, asked: ReadonlySet<string>): boolean {
  return everyTimeFollowed(words, n, (next) => next !== undefined && isModelSuffix(next) && !asked.has(next));
}

/**
 * Whether `words` (a name's, tokenised) say the model number `n` but never followed by `suffix`:
 * "Case for iPhone 6 and 6s" for "iphone 6 plus case". False when the number is not there.
 */
export function numberWithoutSuffix(words: readonly string[], n: string, suffix: string): boolean {
  return everyTimeFollowed(words, n, (next) => next !== suffix);
}

/** Whether `words` have `n`, and each time the word after it (undefined at the end) passes `test`. */
function everyTimeFollowed(words: readonly string[], n: string, test: (next: string | undefined) => boolean): boolean {
  let seen = false;
  for (let i = 0; i < words.length; i++) {
    if (words[i] === n) {
      if (!test(words[i + 1])) {
        return false;
      }
      seen = true;
    }
  }
  return seen;
}

/** The words of a query the search scores, in order. */
export function queryWords(text: string): string[] {
  return analyseQuery(text).words;
}

/**
 * The words of a query the search scores, in order, with measures merged into one word
 * ("12 ft" → "12ft"), and the word that names the product type: in Russian the first word
 * that is not an adjective, in English the last word, both before "for"/"with"/"для"/"с"
 * and ignoring numbers, measures and colours.
 */
export function analyseQuery(text: string): QueryWords {
  return analyseWords(mergeMeasures(tokenize(spellMarks(boundText(text)))));
}

/** Russian adjective endings of the nominative (not "-ой", which is also the genitive of "для беспроводной мыши"). */
export const NOMINATIVE_ADJECTIVE = /^[а-я]{3,}(ая|яя|ый|ий|ое|ее|ые|ие)$/u;

/** `analyseQuery` of words already split (and measures merged). */
export function analyseWords(tokens: readonly string[]): QueryWords {
  // Scoring counts at most 32 words; a pasted essay must not cost a typo lookup per word.
  // A repeated word counts once.
  const words: string[] = [];
  const typeWords = new Set<string>();
  let headWord: string | undefined;
  let russian: boolean | undefined;
  let cut = false;
  let forWhat = false;
  let withWhat = false;
  const purpose: number[] = [];
  const comesWith: number[] = [];
  let purposeSaid = false;
  let previous: string | undefined;
  for (const w of tokens) {
    if (startsPurpose(w) || HEAD_CUT.has(w)) {
      cut = cut || headWord !== undefined;
      forWhat = startsPurpose(w) && headWord !== undefined;
      withWhat = WITH_WORDS.has(w) && headWord !== undefined;
      purposeSaid = false;
    }
    if (STOP_WORDS.has(w) || startsPurpose(w)) {
      continue;
    }
    // An adjective in the nominative after what the item is for describes the item again:
    // "мышка для ноутбука беспроводная", "чехол для iphone 15 чёрный".
    if (forWhat && purposeSaid && NOMINATIVE_ADJECTIVE.test(w)) {
      forWhat = false;
    }
    purposeSaid ||= forWhat;
    if (!words.includes(w) && words.length < MAX_QUERY_WORDS) {
      words.push(w);
      if (forWhat) {
        purpose.push(words.length - 1);
      } else if (withWhat) {
        comesWith.push(words.length - 1);
      }
    }
    if (cut || hasDigit(w) || w.length < 2 || isModifierWord(w)) {
      continue;
    }
    russian ??= isCyrillic(w);
    // A Russian noun after Latin brands and codes names the kind ("HP 17 Картридж цветной",
    // "Samsung Смартфон Galaxy S24"): the words before it were no English product phrase.
    if (!russian && isCyrillic(w) && !hasAdjectiveEnding(w)) {
      russian = true;
      headWord = undefined;
    }
    if (!(isCyrillic(w) && hasAdjectiveEnding(w))) {
      typeWords.add(w);
    }
    if (russian) {
      // The first noun; while only adjectives were seen, the latest of them. A short word
      // right before another noun says what that one is for ("тв тюнер", "пк корпус").
      if (headWord === undefined || hasAdjectiveEnding(headWord) || (previous === headWord && headWord.length <= 3 && isCyrillic(w) && !hasAdjectiveEnding(w))) {
        headWord = w;
      }
    } else {
      headWord = w;
    }
    previous = w;
  }
  const head = headWord === undefined ? -1 : words.indexOf(headWord);
  return { words, head, typeWords: [...typeWords].map((w) => words.indexOf(w)).filter((i) => i >= 0), purpose, comesWith };
}

/** Expands query words against one index (remembering the last few word lists). */
/** A query's term groups (one per word as the catalogue writes it) and which group names the product type. */
export interface ExpandedQuery {
  groups: TermAlternative[][];
  /** The group of the word naming the product type, or -1. */
  head: number;
  /** Whether that word (or a synonym or typo fix of it) names some product or category of this catalogue. */
  headKnown: boolean;
  /** For each group, whether its word (or a synonym or typo fix) names a kind of product this catalogue sells. */
  known: boolean[];
  /** The group of each word of the query (words joined or split by `refine` share one). */
  groupOfWord: number[];
  /**
   * For a word of a two-word name of the synonym table, the terms of that name's one-word
   * names: "блок" of "системный блок" names a computer ("пк"), not a power supply ("блок питания").
   */
  phraseKinds: Array<Int32Array | undefined>;
  /**
   * For a group of an English word, the shorter word of the catalogue it begins with, matched as
   * its abbreviation ("print" of "printer"): it matches the word, but names no product of its kind.
   */
  cutShort: Array<number | undefined>;
}

/** The terms here of the one-word names among `names` (a table's synonyms), stemmed as the index is. */
export function oneWordTerms(inv: InvertedIndex, names: readonly string[]): Int32Array {
  const out: number[] = [];
  for (const name of names) {
    const termId = name.includes(' ') ? undefined : inv.termId(stem(name));
    if (termId !== undefined) {
      out.push(termId);
    }
  }
  return Int32Array.from(out);
}

export function termExpander(inv: InvertedIndex, categoryMatcher: CategoryMatcher, brandNames: readonly string[] = []): (words: string[], head?: number) => ExpandedQuery {
  const groupsMemo = new Map<string, ExpandedQuery>();
  const longMemo = new Map<string, ExpandedQuery>();

  // The catalogue's one-word brands by first letter and length: a buyer's "rigid" is the
  // shop's "RIDGID" even though "rigid" is a word of other products' names.
  const brandWords = new OneEditWords();
  for (const b of brandNames) {
    const words = tokenize(b);
    const w = words[0];
    if (words.length !== 1 || w === undefined || w.length < MIN_BRAND_FIX || hasDigit(w) || inv.termId(stem(w)) === undefined) {
      continue;
    }
    brandWords.add(w);
  }

  /** A brand of the catalogue one letter from the word, if any. */
  const brandNear = (w: string): string | undefined => brandWords.near(w, 1)[0];

  // The catalogue's measures by unit, sorted by value, to find "25.54cuft" for "25cuft";
  // and its part codes by their number, to find "RP4453" for "4453".
  const measures = new Map<string, Array<{ value: number; termId: number }>>();
  const codeTails = new Map<string, number[]>();
  for (let t = 0; t < inv.termCount; t++) {
    const term = inv.term(t);
    const c = term.charCodeAt(0);
    const m = c >= 48 && c <= 57 ? parseMeasure(term) : null;
    if (m) {
      const list = measures.get(m.unit) ?? [];
      list.push({ value: m.value, termId: t });
      measures.set(m.unit, list);
      continue;
    }
    const last = term.charCodeAt(term.length - 1);
    if (last >= 48 && last <= 57 && term.length > MIN_CODE_TAIL && !(c >= 48 && c <= 57)) {
      const tail = LETTERS_THEN_DIGITS.exec(term)?.[1];
      if (tail !== undefined && tail.length >= MIN_CODE_TAIL) {
        const list = codeTails.get(tail) ?? [];
        if (list.length < CODE_TAIL_TERMS) {
          list.push(t);
          codeTails.set(tail, list);
        }
      }
    }
  }
  for (const list of measures.values()) {
    list.sort((a, b) => a.value - b.value);
  }

  /** The first place in a unit's sorted measures whose value is `value` or more (the length when none is). */
  function firstReaching(list: ReadonlyArray<{ value: number }>, value: number): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid] as { value: number }).value < value) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * Index measures of the bound's unit that meet it, nearest the bound first (at most
   * BOUND_TERMS): read from the bound's place on, up or down, not from the end of the list.
   */
  function boundMeasures(b: { value: number; unit: string; kind: BoundKind }): number[] {
    const list = measures.get(b.unit) ?? [];
    const out: number[] = [];
    const up = b.kind === 'atleast' || b.kind === 'over';
    // Every measure meeting an upper bound is below 1.03 × the value, every one meeting a lower bound at or above 0.97 ×.
    const start = up ? firstReaching(list, b.value * 0.97) : Math.min(firstReaching(list, b.value * 1.03), list.length - 1);
    for (let k = start; k >= 0 && k < list.length && out.length < BOUND_TERMS; k += up ? 1 : -1) {
      const e = list[k] as { value: number; termId: number };
      if (meetsBound(b, e.value)) {
        out.push(e.termId);
      }
    }
    return out;
  }

  /** Index measures of the word's unit within the tolerance of its value (at most MEASURE_TERMS). */
  function nearMeasures(m: { value: number; unit: string }): number[] {
    const list = measures.get(m.unit);
    if (!list) {
      return [];
    }
    const out: number[] = [];
    for (let k = firstReaching(list, m.value * 0.97); k < list.length && out.length < MEASURE_TERMS; k++) {
      const e = list[k] as { value: number; termId: number };
      if (!closeMeasure(m.value, e.value)) {
        if (e.value > m.value) {
          break;
        }
        continue;
      }
      out.push(e.termId);
    }
    return out;
  }

  /** The `count` index measures of the word's unit nearest its value, whatever the distance. */
  function nearestMeasures(m: { value: number; unit: string }, count: number): number[] {
    const list = measures.get(m.unit) ?? [];
    const out: number[] = [];
    let above = firstReaching(list, m.value);
    let below = above - 1;
    while (out.length < count && (below >= 0 || above < list.length)) {
      const up = list[above];
      const down = list[below];
      if (down === undefined || (up !== undefined && up.value - m.value <= m.value - down.value)) {
        out.push((up as { termId: number }).termId);
        above++;
      } else {
        out.push(down.termId);
        below--;
      }
    }
    return out;
  }

  const known = (w: string): boolean => inv.termId(stem(w)) !== undefined;
  /** Whether the word, or its stem, is one edit from a word of the index (one scan of the words of its length and first letter). */
  const oneTypoFromKnown = (w: string): boolean => inv.fuzzyTerms(w, 1, 1).length > 0 || inv.fuzzyTerms(stem(w), 1, 1).length > 0;

  /**
   * Words as the catalogue writes them: an unknown long word split into two known ones
   * ("quarteround" → "quarter round", also when the shared letter was typed once), and the
   * code two words make together when the catalogue knows it ("k 400" → "k400"): each of
   * the two keeps its own word and gets the code as an alternative (`codes`), so a product
   * named "K400" matches both, and so does one that writes the words apart ("iPhone 7",
   * whose "iphone7" a few other texts use). One pass, at most a word's length of look-ups
   * per word.
   */
  function refine(words: string[], head: number): { words: string[]; head: number; groupOfWord: number[]; codes: Array<string | undefined> } {
    const out: string[] = [];
    const groupOfWord: number[] = [];
    const codes: Array<string | undefined> = [];
    let outHead = -1;
    // Typo look-ups scan the index words of a shape: for the first MAX_FUZZY_WORDS words only.
    let typoChecks = MAX_FUZZY_WORDS;
    const misspelt = (w: string): boolean => typoChecks-- > 0 && oneTypoFromKnown(w);
    for (let i = 0; i < words.length; i++) {
      const w = words[i] as string;
      const next = words[i + 1];
      const prev = words[i - 1];
      if (i === head) {
        outHead = out.length;
      }
      groupOfWord[i] = out.length;
      // Two numbers ("1 2" of "1/2") are read as the one the catalogue writes, as before:
      // each alone is in most products, and reading their postings would cost.
      if (next !== undefined && BARE_NUMBER.test(w) && BARE_NUMBER.test(next) && inv.termId(w + next) !== undefined) {
        groupOfWord[i + 1] = out.length;
        out.push(w + next);
        i++;
        continue;
      }
      const code =
        next !== undefined && (hasDigit(w) || hasDigit(next)) && !parseMeasure(next) && inv.termId(w + next) !== undefined
          ? w + next
          : prev !== undefined && (hasDigit(w) || hasDigit(prev)) && !parseMeasure(w) && inv.termId(prev + w) !== undefined
            ? prev + w
            : undefined;
      if (code !== undefined) {
        codes[out.length] = code;
        out.push(w);
        continue;
      }
      // A word one letter away from a catalogue word is that word misspelt ("logitec" is
      // Logitech, not "log" and "itec"), not two words run together.
      // English words only: a Russian compound names its own kind ("автокресло" is a car seat,
      // not an armchair of "авто" and "кресло"; "электрочайник" splits into no known prefix anyway).
      // Nor is a word of the synonym table ("headset" is headphones, not a "head" and a "set").
      if (w.length >= MIN_COMPOUND && !hasDigit(w) && !isCyrillic(w) && !known(w) && synonymsOf(w).length === 0 && !misspelt(w)) {
        const split = splitCompound(w);
        if (split) {
          // The product word of a compound is its last part ("quarter round").
          if (i === head) {
            outHead = out.length + 1;
          }
          groupOfWord[i] = out.length + 1;
          out.push(...split);
          continue;
        }
      }
      out.push(w);
    }
    return { words: out, head: outHead, groupOfWord, codes };
  }

  /**
   * The one-word form of a word and its neighbour, when the catalogue writes it so
   * ("love seat" → "loveseat", "night stand" → "nightstand"): both words get it, so a
   * product named either way matches the two.
   */
  function joinedAt(words: string[], i: number): string[] {
    const out: string[] = [];
    const w = words[i] as string;
    for (const [a, b] of [
      [words[i - 1], w],
      [w, words[i + 1]],
    ]) {
      if (a !== undefined && b !== undefined && a.length >= 2 && b.length >= 2 && !hasDigit(a) && !hasDigit(b)) {
        const joined = stem(a + b);
        if (inv.termId(joined) !== undefined) {
          out.push(joined);
        }
      }
    }
    return out;
  }

  function splitCompound(w: string): [string, string] | null {
    for (let at = w.length - MIN_COMPOUND_PART; at >= MIN_COMPOUND_PART; at--) {
      const left = w.slice(0, at);
      const right = w.slice(at);
      if (known(right)) {
        if (known(left)) {
          return [left, right];
        }
        // "quarte|round": the letter both halves share was typed once.
        if (known(left + right[0])) {
          return [left + right[0], right];
        }
      }
    }
    return null;
  }

  /** The word of the synonym table a misspelt word stands for ("headfones" → "headphones"). */
  function correctAgainstTable(w: string): string | undefined {
    // Two letters off from eight letters on, as `spelledProductKind`: "коляска" is not "колонка".
    const max = w.length >= 8 ? 2 : 1;
    let best: { word: string; edits: number } | undefined;
    for (const v of SYNONYM_VOCABULARY) {
      if (v[0] !== w[0] || Math.abs(v.length - w.length) > max) {
        continue;
      }
      const e = boundedEdits(w, v, max);
      if (e <= max && (best === undefined || e < best.edits)) {
        best = { word: v, edits: e };
      }
    }
    return best?.word;
  }

  /**
   * A query word's alternatives in the index: itself, typo fixes, prefix, synonyms, other
   * script. Typo candidates are looked for in the first MAX_FUZZY_WORDS words that need
   * them: each look-up scans the index words of similar length.
   */
  function termGroups(words: string[], head = -1): ExpandedQuery {
    const key = `${head}|${words.join(' ')}`;
    const memo = words.length > GROUPS_MEMO_WORDS ? longMemo : groupsMemo;
    const remembered = memo.get(key);
    if (remembered) {
      memo.delete(key);
      memo.set(key, remembered);
      return remembered;
    }
    const refined = refine(words, head);
    let fuzzyLeft = MAX_FUZZY_WORDS;
    // Misspelt words of the synonym table ("headfones", "coffe") count as that word, so
    // their synonyms, and the two-word names they form ("coffe machin"), reach a catalogue
    // in the other language.
    let tableFixes = MAX_FUZZY_WORDS;
    // A word almost no product has ("wirel", the stem of "wireles", is in a few texts) may be a
    // typo of a table word as well.
    const rare = (term: number | undefined) => term === undefined || inv.docFrequency(term) <= RARE_TERM_PRODUCTS;
    const tableWords = refined.words.map((w) => {
      const unknown = rare(inv.termId(stem(w))) && rare(inv.termId(w)) && !hasDigit(w) && w.length >= 4 && synonymsOf(w).length === 0;
      if (!unknown || tableFixes <= 0) {
        return w;
      }
      tableFixes--;
      return correctAgainstTable(w) ?? w;
    });
    const phraseKinds: Array<Int32Array | undefined> = [];
    const cutShort: Array<number | undefined> = [];
    // The groups whose every alternative is a longer word the buyer's last word begins ("vent" of
    // "farmhouse hood vent" matched "ventania" and "ventura"): no product word.
    const completedOnly: boolean[] = [];
    const groups = refined.words.map((w, gi, all) => {
      const isLast = gi === all.length - 1;
      const own = stem(w);
      const best = new Map<number, number>();
      const put = (termId: number | undefined, weight: number): void => {
        if (termId !== undefined && weight > (best.get(termId) ?? 0)) {
          best.set(termId, weight);
        }
      };
      const code = refined.codes[gi];
      // A bound ("60inatleast" of "больше 60 дюймов") matches the measures that meet it, and nothing else.
      const bound = parseMeasureBound(w);
      if (bound) {
        // Every measure meeting the bound counts alike, however rare (as the nearest does); an
        // area is what the item must serve, so the nearest one first (a conditioner "до 35 м²"
        // for a room of 30, then "до 50 м²"), each further one a little less.
        const ids = boundMeasures(bound);
        const nearer = AREA_UNITS.has(bound.unit) ? AREA_STEP : 0;
        const idf = ids.length > 0 ? inv.idfOf(ids[0] as number) : 0;
        ids.forEach((id, k) => put(id, ((1 - nearer * Math.min(k, AREA_STEPS)) * idf) / inv.idfOf(id)));
        return [...best.entries()].map(([termId, weight]) => ({ termId, weight }));
      }
      const measure = parseMeasure(w);
      if (measure) {
        put(inv.termId(w), 1);
        for (const id of nearMeasures(measure)) {
          put(id, MEASURE_NEAR_WEIGHT);
        }
        // A catalogue that writes the number without its unit (only then: a bare number
        // is common, and reading its postings for every measure would cost). Not a rating:
        // "SPF 50" is no "50 мл" cream.
        if (best.size === 0 && !isRatingUnit(measure.unit)) {
          put(inv.termId(measure.number), BARE_NUMBER_WEIGHT);
        } else if (best.size === 0) {
          for (const id of nearestMeasures(measure, RATING_STAND_INS)) {
            put(id, RATING_STAND_IN_WEIGHT);
          }
        }
        if (code !== undefined) {
          put(inv.termId(code), 1);
        }
        return [...best.entries()].map(([termId, weight]) => ({ termId, weight }));
      }
      const tableWord = tableWords[gi] as string;
      const corrected = tableWord !== w ? tableWord : undefined;
      const phrase = phraseSynonymsAt(tableWords, gi);
      const synonyms = [...synonymsOfAnyForm(tableWord), ...phrase.synonyms, ...countFigures(tableWords, gi), ...(corrected ? [corrected] : [])].flatMap((s) => tokenize(s)).map(stem);
      const same = [...phrase.same.map(stem), ...joinedAt(refined.words, gi)];
      if (phrase.same.length > 0) {
        // What the two-word name names, by its one-word names ("пк", "компьютер" of "системный блок").
        phraseKinds[gi] = oneWordTerms(inv, [...phrase.same, ...phrase.synonyms]);
      }
      // Words that name a kind of product in this shop ("наушники") matter more than
      // modifiers ("беспроводные"), however rare the modifier is.
      const kind = [own, ...same, ...synonyms].some((t) => categoryMatcher.kindStems.has(t)) ? KIND_WEIGHT : 1;
      const ownId = inv.termId(own);
      put(ownId, kind);
      if (code !== undefined) {
        put(inv.termId(code), kind);
      }
      for (const s of same) {
        put(inv.termId(s), kind);
      }
      const mayFuzz = fuzzyLeft > 0;
      let fuzzed = false;
      // An English word of the synonym table naming a kind is spelt right: not another word of
      // the catalogue one letter off ("chair" on a phone shop is no "chain": it found chain-link
      // bands). A Russian one may be another form of a word here ("флешка" of "флеш"), differing
      // in its ending only: "стол" on a cosmetics shop is no "соль" (it showed bath salts).
      const tableKind = namesProductKind(w);
      if (ownId === undefined && mayFuzz && !hasDigit(own) && own.length >= 4 && !(tableKind && !isCyrillic(w))) {
        fuzzed = true;
        const edits = own.length >= 7 ? 2 : 1;
        for (const c of inv.fuzzyTerms(own, edits, FUZZY_TERMS)) {
          if (!tableKind || differsInEndingOnly(own, c.term)) {
            put(c.termId, kind * FUZZY_WEIGHT * (c.edits === 1 ? 1 : 0.8));
          }
        }
        // The stem of a misspelt word can be far from the right one ("wireles" → "wirel",
        // "wireless" → "wireless"): the word as typed is compared too, two letters off from
        // eight letters on ("коляска" is not "колонка").
        if (w !== own && inv.termId(w) === undefined) {
          const wordEdits = w.length >= 8 ? 2 : 1;
          for (const c of inv.fuzzyTerms(w, wordEdits, FUZZY_TERMS)) {
            put(c.termId, kind * FUZZY_WEIGHT * (c.edits === 1 ? 1 : 0.8));
          }
        }
      }
      // The last word may be cut short ("наушн"), and a model number has variants ("265" →
      // "265s"); a complete, common word is not expanded (it would only add its frequent
      // longer cousins: "usb" → "usbc", "usb3" …).
      if (isLast && own.length >= 3 && (ownId === undefined || inv.docFrequency(ownId) < 3 || hasDigit(own))) {
        const before = best.size;
        for (const id of inv.prefixTerms(own, PREFIX_TERMS)) {
          put(id, kind * PREFIX_WEIGHT);
        }
        completedOnly[gi] = before === 0 && best.size > 0;
      }
      for (const d of derivedStems(own)) {
        put(inv.termId(d), kind * DERIVED_WEIGHT);
      }
      // Shop names abbreviate ("Мышь беспров.", "нерж."): an indexed word that begins the
      // buyer's word counts a little.
      if (!hasDigit(own) && own.length >= 6) {
        for (let len = own.length - 1; len >= 5; len--) {
          const id = inv.termId(own.slice(0, len));
          if (id !== undefined) {
            put(id, kind * ABBREVIATION_WEIGHT);
            // An English name does not cut its kind short: "print" of "printer" names no printer.
            if (!isCyrillic(w)) {
              cutShort[gi] = id;
            }
            break;
          }
        }
      }
      for (const s of synonyms) {
        put(inv.termId(s), kind * SYNONYM_WEIGHT);
      }
      // A bare number may be the number of a part code ("4453" of "RP4453").
      for (const id of codeTails.get(w) ?? []) {
        put(id, CODE_TAIL_WEIGHT);
      }
      if (BARE_NUMBER.test(w)) {
        for (const unit of BARE_NUMBER_UNITS) {
          put(inv.termId(`${w}${unit}`), 1);
        }
        // A generation written as an ordinal: "airpods 3" is the "AirPods (3rd generation)".
        put(inv.termId(`${w}${ordinalSuffix(w)}`), 1);
      }
      if (!hasDigit(w) && w.length >= MIN_BRAND_FIX) {
        const brand = brandNear(w);
        if (brand !== undefined) {
          put(inv.termId(stem(brand)), kind * FUZZY_WEIGHT);
        }
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
    const known = groups.map((g) => g.some((alt) => inv.namesProducts(alt.termId, true)));
    // A product word the catalogue has only as the start of longer words ("vent" of "farmhouse
    // hood vent": "ventania", "ventura") gives way to the word before it ("hood").
    const completed = refined.head >= 0 && completedOnly[refined.head] === true && (groups[refined.head] ?? []).every((alt) => alt.weight < 1);
    const headAt = completed && refined.head > 0 && known[refined.head - 1] === true ? refined.head - 1 : refined.head;
    const headGroup = headAt >= 0 ? (groups[headAt] ?? []) : [];
    const headKnown = !(completed && headAt === refined.head) && headGroup.some((alt) => inv.namesProducts(alt.termId));
    const expanded: ExpandedQuery = { groups, head: headAt, headKnown, known, groupOfWord: refined.groupOfWord, phraseKinds, cutShort };
    if (memo.size >= (memo === longMemo ? LONG_MEMO : GROUPS_MEMO)) {
      memo.delete(memo.keys().next().value as string);
    }
    memo.set(key, expanded);
    return expanded;
  }

  return termGroups;
}
