/**
 * How far apart two words are, for typo tolerance: the edit distance with an early stop,
 * and the set of a word's letters that rules most candidates out before it is computed.
 */

/** A 32-bit set of the letters of a word (letter codes folded onto 32 bits). */
export function letterMask(word: string): number {
  let m = 0;
  for (let i = 0; i < word.length; i++) {
    m |= 1 << (word.charCodeAt(i) & 31);
  }
  return m >>> 0;
}

/**
 * Edit distance (optimal string alignment: insert, delete, substitute, swap two
 * neighbours — "samsnug" is one swap from "samsung") if at most `max`, else `max + 1`.
 * Stops once two rows in a row exceed `max` (a swap can skip one row, never two).
 */
export function boundedEdits(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) {
    return max + 1;
  }
  const m = b.length;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = new Array<number>(m + 1);
  let cur = new Array<number>(m + 1);
  for (let j = 0; j <= m; j++) {
    prev[j] = j;
  }
  let prevBest = 0;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, (prev2[j - 2] as number) + 1);
      }
      cur[j] = v;
      if (v < best) {
        best = v;
      }
    }
    if (best > max && prevBest > max) {
      return max + 1;
    }
    prevBest = best;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[m] as number, max + 1);
}

/** Words looked up by their first letter and length, to find those one edit from a word. */
export class OneEditWords {
  private readonly byShape = new Map<string, string[]>();

  add(word: string): void {
    const shape = `${word[0]}|${word.length}`;
    const list = this.byShape.get(shape);
    if (list) {
      list.push(word);
    } else {
      this.byShape.set(shape, [word]);
    }
  }

  /** Up to `limit` words one edit from `word` (same first letter), in the order they were added, shortest first. */
  near(word: string, limit: number): string[] {
    const out: string[] = [];
    for (let len = word.length - 1; len <= word.length + 1; len++) {
      for (const w of this.byShape.get(`${word[0]}|${len}`) ?? []) {
        if (boundedEdits(word, w, 1) === 1) {
          out.push(w);
          if (out.length >= limit) {
            return out;
          }
        }
      }
    }
    return out;
  }
}
