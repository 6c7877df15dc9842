/**
 * The word that says what kind of product a name is, by the rule that finds a buyer's
 * product word (`analyseQuery`: in English the last word, in Russian the first noun, before
 * "for"/"with"/"для", numbers, measures and colours skipped), read in the name's first part
 * (before a comma or a bracket, where shops append details): a "bedside table lamp" is a
 * lamp, a "slow cooker carry bag" a bag. A packaging word brings the word it packages
 * along: a "single bathroom vanity set" is a set and a vanity.
 */
import type { CatalogProduct } from '../product.ts';
import { analyseQuery, isPackagingWord, packagedIndex } from './expansion.ts';
import type { InvertedIndex } from './inverted.ts';
import { stem } from './stem.ts';

/** How many kind words a product keeps (its product word and the word a packaging word packages). */
export const KIND_SLOTS = 2;

/** The kind words of a product name, at most KIND_SLOTS. */
export function productKindWords(name: string): string[] {
  const first = name.split(/[,(|;]/, 1)[0] ?? name;
  const { words, head } = analyseQuery(first);
  const w = words[head];
  if (w === undefined) {
    return [];
  }
  const packaged = isPackagingWord(w) ? packagedIndex(words, head) : -1;
  return packaged >= 0 ? [w, words[packaged] as string] : [w];
}

/** For each product, KIND_SLOTS term ids of its kind words in the index (-1 where none). */
export function productKindTerms(docs: readonly CatalogProduct[], inv: InvertedIndex): Int32Array {
  const out = new Int32Array(docs.length * KIND_SLOTS).fill(-1);
  for (let i = 0; i < docs.length; i++) {
    const words = productKindWords((docs[i] as CatalogProduct).name);
    for (let k = 0; k < words.length; k++) {
      out[i * KIND_SLOTS + k] = inv.termId(stem(words[k] as string)) ?? -1;
    }
  }
  return out;
}
