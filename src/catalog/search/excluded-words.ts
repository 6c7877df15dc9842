/**
 * What the buyer does not want: "пылесос без мешка", "робот-пылесос без влажной уборки",
 * "headphones without noise cancelling", "смартфон не айфон", "a phone that isn't a flip phone"
 * (said with its own "не"/"not", kept with it). A product is left out when its card says it has
 * the thing: its name, a parameter that does not deny it ("Влажная уборка: да", not "нет")
 * or the start of its description mentions the words, and not as "без мешка", "no bags",
 * "sulfate-free". A product that never mentions them stays.
 *
 * The index answers most of it: a product whose indexed words lack a phrase's words does not
 * mention it, and one that has them and no denying word anywhere on its card does ("кабель без
 * usb": every USB cable is out without reading its card). Only cards with a denying word, or
 * asked about a phrase of several words, are read.
 */
import { paramStated, type CatalogProduct } from '../product.ts';
import type { InvertedIndex } from './inverted.ts';
import { stem } from './stem.ts';
import { STOP_WORDS } from './stopwords.ts';
import { synonymsOfAnyForm } from './synonyms.ts';
import { normalizeText, tokenize } from './tokenize.ts';

/** Phrases one search may exclude, and words per phrase (a filter from old state may list more). */
export const MAX_EXCLUDED_PHRASES = 4;
export const MAX_EXCLUDED_WORDS = 3;
/**
 * Cards read per search: a product whose indexed words hold every word of a phrase is read
 * to tell "с мешком" from "без мешка". Past this many, such products are left out unread (a
 * card that may have what the buyer does not want is not shown), so the work stays bounded.
 */
export const MAX_CARDS_READ = 2000;

const MAX_PARAMS_READ = 40;
/** Synonyms of an excluded word looked for, and the phrases looked for in all. */
const MAX_SYNONYMS_READ = 8;
const MAX_RESOLVED = MAX_EXCLUDED_PHRASES * 2;
const MAX_CATEGORIES_READ = 10;
const MAX_FIELD_CHARS = 300;

/** Words before a mention that deny it ("без мешка", "нет подсветки", "no bags", "instead of"). */
const DENY_BEFORE: ReadonlySet<string> = new Set(['без', 'нет', 'не', 'вместо', 'no', 'non', 'not', 'without', 'zero', 'instead']);
/** Words after a mention that deny it ("sulfate-free", "bag free"). */
const DENY_AFTER: ReadonlySet<string> = new Set(['free']);
/** Any denying word, as a word of normalised text. */
const ANY_DENIAL = new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...DENY_BEFORE, ...DENY_AFTER].join('|')})(?![\\p{L}\\p{N}])`, 'u');

/**
 * For each product, 1 when a denying word is somewhere on its card (name, category path,
 * parameters, description start, the fields the index reads): only such cards need reading.
 */
export function denialMarks(docs: readonly CatalogProduct[]): Uint8Array {
  const out = new Uint8Array(docs.length);
  for (let i = 0; i < docs.length; i++) {
    out[i] = someCardText(docs[i] as CatalogProduct, (text) => ANY_DENIAL.test(normalizeText(text.slice(0, MAX_FIELD_CHARS)))) ? 1 : 0;
  }
  return out;
}

/** One search's excluded phrases, resolved against the index; asks which products to leave out. */
export interface Exclusion {
  excludes(doc: number): boolean;
}

/** The word a phrase of what is not wanted may open with, as the buyer said it ("не айфон", "not a flip phone"). */
export const NOT_WORDS: ReadonlySet<string> = new Set(['не', 'not', 'кроме', 'except']);

/** Whether an excluded phrase is said with its own "не"/"not" (else it is said after "без"/"without"). */
export function saysNot(phrase: string): boolean {
  return NOT_WORDS.has(phrase.slice(0, phrase.indexOf(' ')).toLowerCase());
}

/**
 * The words of an excluded phrase that can be looked for: stop words out, at most
 * MAX_EXCLUDED_WORDS. Of one said with "не"/"not", its first word: what sets the unwanted
 * apart ("flip" of "phone … not a flip phone", whose "phone" is the item asked for).
 */
export function excludedStems(phrase: string): string[] {
  return tokenize(phrase.slice(0, MAX_FIELD_CHARS))
    .filter((w) => !STOP_WORDS.has(w) && !NOT_WORDS.has(w))
    .slice(0, saysNot(phrase) ? 1 : MAX_EXCLUDED_WORDS)
    .map(stem);
}

/** Resolves excluded phrases against one catalogue; null when no product can mention any of them. */
export function exclusionOf(phrases: readonly string[] | undefined, docs: readonly CatalogProduct[], inv: InvertedIndex, denials: Uint8Array): Exclusion | null {
  if (!phrases || phrases.length === 0) {
    return null;
  }
  const resolved: Array<{ stems: string[]; terms: number[] }> = [];
  for (const phrase of phrases.slice(0, MAX_EXCLUDED_PHRASES)) {
    const stems = excludedStems(phrase);
    const terms = stems.map((s) => inv.termId(s));
    // A word no product has: no product mentions the phrase.
    if (stems.length > 0 && terms.every((t) => t !== undefined)) {
      resolved.push({ stems, terms: terms as number[] });
    } else if (stems.length === 1) {
      // One word the names write in another language or script ("не айфон" of "Apple iPhone"):
      // each of its synonyms the catalogue has.
      const word = tokenize(phrase.slice(0, MAX_FIELD_CHARS)).find((w) => !STOP_WORDS.has(w) && !NOT_WORDS.has(w)) ?? '';
      for (const other of synonymsOfAnyForm(word).slice(0, MAX_SYNONYMS_READ)) {
        const otherStems = tokenize(other).map(stem);
        const otherTerms = otherStems.map((s) => inv.termId(s));
        if (resolved.length < MAX_RESOLVED && otherStems.length > 0 && otherTerms.every((t) => t !== undefined)) {
          resolved.push({ stems: otherStems, terms: otherTerms as number[] });
        }
      }
    }
  }
  if (resolved.length === 0) {
    return null;
  }
  // Cards already read this search, by product and phrase (a product is asked about again).
  const read = new Map<number, boolean>();
  return {
    excludes(doc: number): boolean {
      for (let k = 0; k < resolved.length; k++) {
        const r = resolved[k] as { stems: string[]; terms: number[] };
        if (!r.terms.every((t) => inv.contains(t, doc))) {
          continue;
        }
        const key = doc * MAX_RESOLVED + k;
        let mentions = read.get(key);
        if (mentions === undefined) {
          if (denials[doc] === 0 && r.stems.length === 1) {
            return true;
          }
          mentions = read.size >= MAX_CARDS_READ || cardMentions(docs[doc] as CatalogProduct, r.stems);
          read.set(key, mentions);
        }
        if (mentions) {
          return true;
        }
      }
      return false;
    },
  };
}

/**
 * Calls `test` on each text of a card a mention is looked for in (those the index reads,
 * parameters that deny their feature left out), the name first, until it returns true.
 */
function someCardText(p: CatalogProduct, test: (text: string) => boolean): boolean {
  if (test(p.name) || (p.brand !== undefined && test(p.brand))) {
    return true;
  }
  const categories = Math.min(p.categories.length, MAX_CATEGORIES_READ);
  for (let c = 0; c < categories; c++) {
    if (test(p.categories[c] as string)) {
      return true;
    }
  }
  let read = 0;
  for (const key in p.params) {
    if (read++ >= MAX_PARAMS_READ) {
      break;
    }
    const value = p.params[key] as string;
    if (paramStated(value) && test(`${key.slice(0, MAX_FIELD_CHARS)} ${value}`)) {
      return true;
    }
  }
  return p.description !== undefined && test(p.description);
}

/** Whether the card says the product has what the stems name (not denied, see above). */
export function cardMentions(p: CatalogProduct, stems: readonly string[]): boolean {
  // A stem is the start of its words, give or take its last letter ("batteri" of "battery"):
  // a text without that start is passed over without splitting and stemming its words.
  const first = stems[0] as string;
  const start = first.length > 2 ? first.slice(0, -1) : first;
  return someCardText(p, (text) => mayHave(text, start) && fieldMentions(text, stems, start));
}

/** Whether a text may have a word starting with `start`: lower-cased, or normalised when lower case is not enough ("ё"). */
function mayHave(text: string, start: string): boolean {
  const lower = text.slice(0, MAX_FIELD_CHARS).toLowerCase();
  return lower.includes(start) || (!ASCII.test(lower) && normalizeText(lower).includes(start));
}

const ASCII = /^[\x00-\x7f]*$/;

/** Whether one text mentions every stem near the first one's place, that place not denied. */
function fieldMentions(text: string, stems: readonly string[], start: string): boolean {
  const words = tokenize(text.slice(0, MAX_FIELD_CHARS));
  const first = stems[0] as string;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (!word.startsWith(start) || stem(word) !== first) {
      continue;
    }
    const denied = DENY_BEFORE.has(words[i - 1] ?? '') || DENY_BEFORE.has(words[i - 2] ?? '') || DENY_AFTER.has(words[i + stems.length] ?? '');
    if (denied) {
      continue;
    }
    const near = words.slice(Math.max(0, i - MAX_EXCLUDED_WORDS), i + MAX_EXCLUDED_WORDS + stems.length).map(stem);
    if (stems.every((s) => near.includes(s))) {
      return true;
    }
  }
  return false;
}

/**
 * Whether the card says the product lacks what the stem names ("без излива", "no bag", "bag-free")
 * and nowhere that it has it: "смеситель с изливом" is no match for a mixer "без излива". A word
 * glued to what follows it ("без изливаF2002-B") still counts, by its start.
 */
export function cardDenies(p: CatalogProduct, stemmed: string): boolean {
  const start = stemmed.length > 2 ? stemmed.slice(0, -1) : stemmed;
  let denied = false;
  const affirmed = someCardText(p, (text) => {
    if (!mayHave(text, start)) {
      return false;
    }
    const words = tokenize(text.slice(0, MAX_FIELD_CHARS));
    for (let i = 0; i < words.length; i++) {
      const word = words[i] as string;
      if (!word.startsWith(start)) {
        continue;
      }
      if (DENY_BEFORE.has(words[i - 1] ?? '') || DENY_BEFORE.has(words[i - 2] ?? '') || DENY_AFTER.has(words[i + 1] ?? '')) {
        denied = true;
      } else if (stem(word) === stemmed) {
        return true;
      }
    }
    return false;
  });
  return denied && !affirmed;
}
