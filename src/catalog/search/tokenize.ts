/**
 * Text normalisation and word splitting shared by indexing, query parsing and the
 * relevance baseline, so that a word is cut the same way wherever it is compared.
 * Indexing 100,000 products runs this on every field, so the splitter is a hand-written
 * scanner rather than a Unicode regular expression (several times faster).
 */
import { MAX_WORD_CHARS } from './limits.ts';
import { isUnitWord } from './measures.ts';

// Anything outside ASCII, Latin-1 and Cyrillic may need compatibility folding (full-width
// digits, ligatures); most shop texts have none, and NFKC on every string is costly.
const NEEDS_NFKC = /[^\u0000-\u04ff\u2010-\u2015\u2018-\u201f\u2026\u2116]/u;
/** "™" and "℠", which NFKC would spell as letters glued to the word before them. */
const TRADE_MARKS = /[\u2122\u2120]/gu;

/**
 * Lower-cases, folds compatibility forms and treats "ё" as "е": Russian shops and buyers
 * write both, and they must meet in the index.
 */
export function normalizeText(text: string): string {
  // The trade mark signs go before folding, which spells "™" as "TM": "Steam™" was the word
  // "steamtm", and "а с паром?" found none of the washers saying it.
  const folded = NEEDS_NFKC.test(text) ? text.replace(TRADE_MARKS, '').normalize('NFKC') : text;
  const lower = folded.toLowerCase().replace(/ё/g, 'е');
  return LATIN_ACCENTED.test(lower) ? lower.replace(LATIN_ACCENTED_ALL, stripAccent) : lower;
}

// Latin letters with accents: buyers type "decor", "creme", "nestle" for "décor", "crème",
// "Nestlé". Only Latin ones: "й" must stay itself.
const LATIN_ACCENTED = /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]/;
const LATIN_ACCENTED_ALL = /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]/g;
const stripAccent = (c: string): string => c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

const OTHER_LETTER = /[\p{L}\p{N}]/u;

/** Whether the character (of normalised text) belongs to a word. */
function isWordChar(code: number, ch: string): boolean {
  if (code < 128) {
    return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
  }
  if (code >= 0x430 && code <= 0x44f) {
    return true;
  }
  return OTHER_LETTER.test(ch);
}

/** A full stop ends a name's first part after this many words (see splitWords). */
const MIN_SENTENCE_WORDS = 3;
const WORD_OF_LETTERS = /^\p{L}{4,}$/u;

/**
 * Whether a full stop after these words ends a sentence: after a few words, and after a word
 * of letters that is no unit or abbreviation ("7.4 cu. ft. gas dryer", "Мышь беспров. черная",
 * "3/4 in. wide" go on).
 */
function endsSentence(words: readonly string[]): boolean {
  const last = words[words.length - 1];
  return words.length >= MIN_SENTENCE_WORDS && last !== undefined && WORD_OF_LETTERS.test(last) && !isUnitWord(last);
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 0xa0;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** The digits before a first thousands separator: one to three, not starting with 0 ("0,750" is a decimal). */
const THOUSANDS_LEAD = /^[1-9]\d{0,2}$/;

/** Whether three digits, and no fourth, start at `at`: a group of thousands after a separator. */
function isThousandsGroupAt(s: string, at: number): boolean {
  return isDigit(s.charCodeAt(at)) && isDigit(s.charCodeAt(at + 1)) && isDigit(s.charCodeAt(at + 2)) && !isDigit(s.charCodeAt(at + 3));
}

function isAllDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (!isDigit(text.charCodeAt(i))) {
      return false;
    }
  }
  return text.length > 0;
}

/**
 * Where a name's first part ends (`words`, -1 for the end), the joined forms and bracketed
 * asides within it (`joined`, `aside`: word indexes), and an open bracket (`open`, -1 when none).
 */
interface FirstPart {
  words: number;
  joined: number[];
  aside: number[];
  open: number;
}

/**
 * Splits text into normalised words. A decimal number stays one word ("15.6", "6,2" →
 * "6.2") so sizes are not cut into meaningless halves, and a comma before a group of three
 * digits separates thousands ("20,100mAh" → "20100mah", "1,000,000"); an apostrophe inside a word is
 * dropped ("De'Longhi" → "delonghi") because buyers rarely type it. With `joinHyphenated`,
 * hyphen-joined codes are also given whole ("WH-1000XM5" → "wh", "1000xm5", "wh1000xm5"),
 * so a model code found with or without its hyphen; queries do not need it. Words longer
 * than MAX_WORD_CHARS are cut, the same way for the index and for queries. With
 * `firstPart`, where the first part ends is written to it (see FirstPart). The words are
 * pushed to `out`, which each caller creates itself: V8 decides per place in the code that
 * allocates whether what it allocates outlives a young collection, and allocates there
 * straight in the old generation once it has learnt so. The index keeps its words; a buyer's
 * message's words die within the answer. One shared list made every query's words old
 * (young collections of 3–9 ms moving 1.2 MB each, the catalogue answer's p99; see
 * docs/performance.md).
 */
export function splitWords(normalized: string, joinHyphenated: boolean, out: string[], firstPart?: FirstPart): string[] {
  const s = normalized;
  const n = s.length;
  let i = 0;
  let joined = '';
  let joinedParts = 0;
  while (i < n) {
    const code = s.charCodeAt(i);
    if (!isWordChar(code, s[i] as string)) {
      if (firstPart && firstPart.words < 0) {
        if (code === 40 && firstPart.open < 0) {
          firstPart.open = out.length;
        } else if (code === 41 && firstPart.open >= 0) {
          // A bracketed aside in the middle ("AirPods (3rd generation) Wireless Earbuds"): the name goes on after it.
          for (let k = firstPart.open; k < out.length; k++) {
            firstPart.aside.push(k);
          }
          firstPart.open = -1;
        } else if ((code === 44 || code === 124 || code === 59) && firstPart.open < 0) {
          firstPart.words = out.length;
        } else if (code === 46 && firstPart.open < 0 && i + 1 < n && isSpace(s.charCodeAt(i + 1)) && endsSentence(out)) {
          // "Xerox Black toner cartridge. Equivalent to HP CB400A. …": the first sentence.
          firstPart.words = out.length;
        }
      }
      i++;
      continue;
    }
    let word = '';
    let start = i;
    let grouped = false;
    let cyrillic = false;
    let latin = false;
    while (i < n) {
      const c = s.charCodeAt(i);
      const ch = s[i] as string;
      if (isWordChar(c, ch)) {
        if (c >= 0x430) {
          cyrillic = true;
        } else if (c >= 97) {
          latin = true;
        }
        i++;
        continue;
      }
      // "20,100mAh" / "10,000 mAh": a comma before a group of three digits separates thousands.
      if (c === 44 && i > start && isThousandsGroupAt(s, i + 1)) {
        // After a first group only the digits since the last comma are new (a number of many
        // groups is read once, not once per group).
        const chunk = s.slice(start, i);
        if (grouped ? isAllDigits(chunk) : THOUSANDS_LEAD.test(word + chunk)) {
          word += chunk;
          grouped = true;
          i++;
          start = i;
          continue;
        }
      }
      // "15.6" / "6,2": a separator between digits stays inside the number.
      if ((c === 46 || c === 44) && i > start && isDigit(s.charCodeAt(i - 1)) && i + 1 < n && isDigit(s.charCodeAt(i + 1))) {
        // A decimal part ends the thousands ("1,000.5,000" is not one number).
        grouped = false;
        word += s.slice(start, i) + '.';
        i++;
        start = i;
        continue;
      }
      // "de'longhi": an apostrophe between letters is dropped.
      if ((c === 39 || c === 0x2019) && i > start && i + 1 < n && isWordChar(s.charCodeAt(i + 1), s[i + 1] as string) && !isDigit(s.charCodeAt(i + 1))) {
        word += s.slice(start, i);
        i++;
        start = i;
        continue;
      }
      break;
    }
    word += s.slice(start, i);
    if (cyrillic && latin) {
      // Read within the word's cap: a pasted run of letters is not scanned twice.
      word = cyrillicLookalikes(capped(word));
    }
    out.push(capped(word));
    if (joinHyphenated) {
      const next = s.charCodeAt(i);
      const hyphen = next === 45 || next === 0x2010 || next === 0x2013;
      const continues = hyphen && i + 1 < n && isWordChar(s.charCodeAt(i + 1), s[i + 1] as string);
      joined += word;
      joinedParts++;
      if (!continues) {
        if (joinedParts > 1) {
          if (firstPart && firstPart.words < 0) {
            firstPart.joined.push(out.length);
          }
          out.push(capped(joined));
        }
        joined = '';
        joinedParts = 0;
      }
    }
  }
  if (firstPart && firstPart.words < 0 && firstPart.open >= 0) {
    // A bracket never closed ends the first part where it opened.
    firstPart.words = firstPart.open;
  }
  return out;
}

/** Latin letters that look like Cyrillic ones, after lower-casing ("C" → "с", "H" → "н", "B" → "в"). */
const LOOKALIKES: ReadonlyMap<string, string> = new Map([
  ['a', 'а'],
  ['b', 'в'],
  ['c', 'с'],
  ['e', 'е'],
  ['h', 'н'],
  ['k', 'к'],
  ['m', 'м'],
  ['o', 'о'],
  ['p', 'р'],
  ['t', 'т'],
  ['x', 'х'],
  ['y', 'у'],
]);
const LATIN_LETTER = /[a-z]/g;

/**
 * A word of Cyrillic letters with Latin look-alikes typed among them, in Cyrillic ("Cыворотка"
 * of a cosmetics feed, with a Latin "C", was no serum); a word with a Latin letter that has no
 * Cyrillic twin, or with a digit, is left as it is ("usbфлешка" does not occur: hyphens split).
 */
function cyrillicLookalikes(word: string): string {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if ((c >= 97 && c <= 122 && !LOOKALIKES.has(word[i] as string)) || (c >= 48 && c <= 57)) {
      return word;
    }
  }
  return word.replace(LATIN_LETTER, (l) => LOOKALIKES.get(l) as string);
}

/** A word cut to MAX_WORD_CHARS (never in the middle of a surrogate pair). */
function capped(word: string): string {
  if (word.length <= MAX_WORD_CHARS) {
    return word;
  }
  const c = word.charCodeAt(MAX_WORD_CHARS - 1);
  return word.slice(0, c >= 0xd800 && c <= 0xdbff ? MAX_WORD_CHARS - 1 : MAX_WORD_CHARS);
}

/** Splits raw text into normalised words, as a buyer's query is split. */
export function tokenize(text: string): string[] {
  return splitWords(normalizeText(text), false, []);
}

/** Words for the index: the query words plus the joined form of hyphenated codes. */
export function tokenizeForIndex(text: string): string[] {
  return splitWords(normalizeText(text), true, []);
}

/**
 * A product name's words for the index, and the words of its first part, before a comma,
 * "|", ";", a full stop ending a sentence or a bracket left open (where shops say what the product is, before details) as a
 * query is split: without the joined forms of hyphenated words, nor the words of a bracketed
 * aside the name goes on after ("Apple AirPods (3rd generation) Wireless Earbuds"). `first`
 * is `words` itself when the two are the same.
 */
export function tokenizeName(text: string): { words: string[]; first: string[] } {
  const part: FirstPart = { words: -1, joined: [], aside: [], open: -1 };
  const words = splitWords(normalizeText(text), true, [], part);
  if (part.words < 0 && part.joined.length === 0 && part.aside.length === 0) {
    return { words, first: words };
  }
  const end = part.words < 0 ? words.length : part.words;
  const left = new Set([...part.joined, ...part.aside]);
  const first: string[] = [];
  for (let i = 0; i < end; i++) {
    if (!left.has(i)) {
      first.push(words[i] as string);
    }
  }
  return { words, first };
}

/** Russian adjective endings: "беспроводные", "белому", "кожаный". */
const RUSSIAN_ADJECTIVE_ENDING = /(?:ый|ий|ой|ая|яя|ое|ее|ые|ие|ого|его|ому|ему|ым|им|ую|юю|ых|их)$/;

/** Whether a (lower-case) word ends as a Russian adjective does: it describes a product rather than names it. */
export function hasAdjectiveEnding(word: string): boolean {
  return RUSSIAN_ADJECTIVE_ENDING.test(word);
}

/** Whether the word is written in Cyrillic letters (decides the stemmer). */
export function isCyrillic(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c >= 0x400 && c <= 0x4ff) {
      return true;
    }
  }
  return false;
}

/** Whether the word contains a digit: model codes and sizes are never stemmed or fuzzed. */
export function hasDigit(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    if (isDigit(word.charCodeAt(i))) {
      return true;
    }
  }
  return false;
}
