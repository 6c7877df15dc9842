/**
 * Whether categories a buyer's one word names hold the products of that kind. "charger" names
 * "Car Chargers" and "Wireless Chargers" by their last word, but most of a phone shop's
 * chargers (the portable ones, the wall chargers) sit in "Cell Phone Accessories": filtering
 * by those two categories would hide them. A category filter from one word is kept only when
 * the categories hold at least half of the products whose name says they are of that kind.
 */
import { categoryKey } from './categories.ts';
import { KIND_SLOTS } from './product-type.ts';

/** How many products of one kind are looked at to judge (a sample in catalogue order beyond it). */
const MAX_KIND_DOCS = 4_096;
/** Judgements remembered (by kind and categories). */
const MAX_MEMO = 1_024;

export interface KindCoverageSource {
  /** Per product, KIND_SLOTS term ids of its kind words (-1 where none). */
  kindTerms: Int32Array;
  catIds: ReadonlyMap<string, number>;
  catOffsets: Int32Array;
  catOf: Int32Array;
}

/** Judgements of whether categories hold the products of a kind. */
export interface KindCoverage {
  /** Whether the named categories hold at least half of the products of kind `term` (true for a kind no product is of). */
  covers(term: number, categoryNames: readonly string[]): boolean;
  /** How many products are of kind `term` (counted up to MAX_KIND_DOCS). */
  count(term: number): number;
}

export function kindCoverage(source: KindCoverageSource): KindCoverage {
  const { kindTerms, catIds, catOffsets, catOf } = source;
  const n = catOffsets.length - 1;
  // The products of each kind, as postings: docs[start[t]] … docs[start[t + 1]].
  let termCount = 0;
  for (const t of kindTerms) {
    termCount = Math.max(termCount, t + 1);
  }
  const start = new Int32Array(termCount + 1);
  for (const t of kindTerms) {
    if (t >= 0) {
      start[t + 1] = (start[t + 1] as number) + 1;
    }
  }
  for (let t = 0; t < termCount; t++) {
    start[t + 1] = (start[t + 1] as number) + (start[t] as number);
  }
  const docs = new Int32Array(start[termCount] as number);
  const fill = start.slice(0, termCount);
  for (let i = 0; i < n; i++) {
    for (let s = 0; s < KIND_SLOTS; s++) {
      const t = kindTerms[i * KIND_SLOTS + s] as number;
      // A product with the same word in both slots is counted once.
      if (t >= 0 && (s === 0 || t !== kindTerms[i * KIND_SLOTS])) {
        docs[fill[t] as number] = i;
        fill[t] = (fill[t] as number) + 1;
      }
    }
  }
  const memo = new Map<string, boolean>();
  const count = (term: number): number => (term < 0 || term >= termCount ? 0 : Math.min((start[term + 1] as number) - (start[term] as number), MAX_KIND_DOCS));

  const covers = (term: number, categoryNames: readonly string[]): boolean => {
    if (term < 0 || term >= termCount) {
      return true;
    }
    const key = `${term}\u0000${categoryNames.join('\u0000')}`;
    const known = memo.get(key);
    if (known !== undefined) {
      return known;
    }
    const ids = new Set<number>();
    for (const name of categoryNames) {
      const id = catIds.get(categoryKey(name));
      if (id !== undefined) {
        ids.add(id);
      }
    }
    const from = start[term] as number;
    const to = Math.min(start[term + 1] as number, from + MAX_KIND_DOCS);
    let inside = 0;
    for (let k = from; k < to; k++) {
      const d = docs[k] as number;
      for (let c = catOffsets[d] as number; c < (catOffsets[d + 1] as number); c++) {
        if (ids.has(catOf[c] as number)) {
          inside++;
          break;
        }
      }
    }
    const covers = inside * 2 >= to - from;
    if (memo.size >= MAX_MEMO) {
      memo.delete(memo.keys().next().value as string);
    }
    memo.set(key, covers);
    return covers;
  };
  return { covers, count };
}
