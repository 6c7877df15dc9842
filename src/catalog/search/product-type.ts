/**
 * The word that says what kind of product a name is, by the rule that finds a buyer's
 * product word (`analyseQuery`: in English the last word, in Russian the first noun, before
 * "for"/"with"/"для", numbers, measures and colours skipped), read in the name's first part
 * (before a comma or a bracket, where shops append details): a "bedside table lamp" is a
 * lamp, a "slow cooker carry bag" a bag. A packaging word brings the word it packages
 * along: a "single bathroom vanity set" is a set and a vanity.
 */
import { analyseQuery, analyseWords, packagedIndex } from './expansion.ts';
import type { InvertedIndex, TermAlternative } from './inverted.ts';
import { mergeMeasures } from './measures.ts';
import { stem } from './stem.ts';

/** How many kind words a product keeps (its product word and the word a packaging word packages). */
export const KIND_SLOTS = 2;

/** The kind words of a product name, at most KIND_SLOTS. */
export function productKindWords(name: string): string[] {
  const first = name.split(/[,(|;]/, 1)[0] ?? name;
  return kindWordsOf(analyseQuery(first));
}

function kindWordsOf({ words, head }: { words: string[]; head: number }): string[] {
  const w = words[head];
  if (w === undefined) {
    return [];
  }
  const packaged = packagedIndex(words, head);
  return packaged >= 0 ? [w, words[packaged] as string] : [w];
}

/** Whether a word list has a word starting with a digit, where a measure may begin. */
function hasNumber(words: readonly string[]): boolean {
  for (const w of words) {
    const c = w.charCodeAt(0);
    if (c >= 48 && c <= 57) {
      return true;
    }
  }
  return false;
}

/**
 * For each of `count` products, KIND_SLOTS term ids of its kind words in the index (-1
 * where none), read from the words of each name's first part that the index split already
 * (`firstWords`, see `tokenizeName`) rather than splitting each name again.
 */
export function productKindTerms(count: number, inv: InvertedIndex, firstWords: readonly string[][]): Int32Array {
  const out = new Int32Array(count * KIND_SLOTS).fill(-1);
  for (let i = 0; i < count; i++) {
    const first = firstWords[i] as string[];
    const words = kindWordsOf(analyseWords(hasNumber(first) ? mergeMeasures(first) : first));
    for (let k = 0; k < words.length; k++) {
      out[i * KIND_SLOTS + k] = inv.termId(stem(words[k] as string)) ?? -1;
    }
  }
  return out;
}

/**
 * Whether a term group names a kind of product of this catalogue: one of its terms is the
 * kind word of at least three products (of one in a catalogue under 300), so a word that
 * ends one odd name ("… flue and filter") is not a kind the shop sells.
 */
export function kindNamer(kindTerms: Int32Array, termCount: number, products: number): (group: readonly TermAlternative[]) => boolean {
  const counts = new Uint32Array(termCount);
  for (const t of kindTerms) {
    if (t >= 0) {
      counts[t] = (counts[t] as number) + 1;
    }
  }
  const min = Math.min(3, Math.max(1, Math.floor(products / 100)));
  return (group) => group.some((alt) => (counts[alt.termId] as number) >= min);
}
