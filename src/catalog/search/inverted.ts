/**
 * A compact in-memory inverted index: one posting list per stem, held in typed arrays,
 * each posting carrying a precomputed BM25F weight (field boosts and length
 * normalisation folded in at build time), plus prefix and typo-tolerant lookup of query
 * words in the sorted vocabulary.
 *
 * Why not MiniSearch (the first version of this index used it): at 100,000 products
 * MiniSearch 7 took 28 s to build, held 261 MB of heap and needed up to 170 ms for a
 * common word (per-document Map lookups in six fields, then a sort of every hit), for an
 * answer p99 of 291 ms. These flat typed arrays build in about 7 s, hold 59 MB, and the
 * catalogue engine answers with p99 2.8 ms (bench/components/catalog.ts, quiet 2-core
 * machine): a 50,000-document posting list is scored in well under a millisecond with a
 * top-k pass instead of a full sort.
 */
import { popcount } from './bits.ts';
import { boundedEdits, letterMask } from './edits.ts';

/** One indexed field: its name and its weight in the score. */
export interface FieldSpec {
  name: string;
  boost: number;
  /** The field says what a product is (its name, its category): see `InvertedIndex.namesProducts`. */
  namesProduct?: boolean;
}

const K1 = 1.2;
const B = 0.75;
/** A term in more documents than this is "very common" (see `run`). */
const COMMON_TERM_DOCS = 4000;
/** How many top-weighted postings a very common term keeps for one-word queries. */
const IMPACT_POSTINGS = 1500;

/** A growable typed array, so building never copies through plain JS arrays. */
class Grow<T extends Int32Array | Float32Array | Uint8Array> {
  data: T;
  length = 0;
  constructor(private readonly make: (n: number) => T) {
    this.data = make(1024);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = this.make(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  trimmed(): T {
    return this.data.slice(0, this.length) as T;
  }
}

/**
 * Collects documents field by field, then freezes into an InvertedIndex. Terms are
 * given already normalised and stemmed.
 */
export class InvertedIndexBuilder {
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  private readonly postTerm = new Grow((n) => new Int32Array(n));
  private readonly postDoc = new Grow((n) => new Int32Array(n));
  /** Term frequency per field, `fields.length` bytes per posting. */
  private readonly postTf = new Grow((n) => new Uint8Array(n));
  private readonly fieldLen: Array<Grow<Int32Array>>;
  private docs = 0;

  constructor(private readonly fields: FieldSpec[]) {
    this.fieldLen = fields.map(() => new Grow((n) => new Int32Array(n)));
    this.slotTf = new Uint8Array(256 * fields.length);
  }

  // Per-document scratch, reused: a Map and a typed array per term and document made the
  // garbage collector the slowest part of indexing 100,000 products.
  private readonly slotOf = new Map<number, number>();
  private slotTerms = new Int32Array(256);
  private slotTf = new Uint8Array(256 * 8);

  /**
   * Adds the next document (ids are consecutive from 0): for each field, its terms. An empty
   * term counts in the field's length and is not indexed (a word kept out of the search).
   */
  add(fieldTerms: string[][]): number {
    const doc = this.docs++;
    const nf = this.fields.length;
    const slotOf = this.slotOf;
    slotOf.clear();
    let slots = 0;
    for (let f = 0; f < nf; f++) {
      const terms = fieldTerms[f] ?? [];
      this.fieldLen[f]?.push(terms.length);
      for (const t of terms) {
        if (t === '') {
          continue;
        }
        let id = this.termIds.get(t);
        if (id === undefined) {
          id = this.terms.length;
          this.termIds.set(t, id);
          this.terms.push(t);
        }
        let slot = slotOf.get(id);
        if (slot === undefined) {
          slot = slots++;
          slotOf.set(id, slot);
          if (slot >= this.slotTerms.length) {
            const terms2 = new Int32Array(this.slotTerms.length * 2);
            terms2.set(this.slotTerms);
            this.slotTerms = terms2;
            const tf2 = new Uint8Array(this.slotTf.length * 2);
            tf2.set(this.slotTf);
            this.slotTf = tf2;
          }
          this.slotTerms[slot] = id;
          this.slotTf.fill(0, slot * nf, slot * nf + nf);
        }
        const at = slot * nf + f;
        if ((this.slotTf[at] as number) < 255) {
          this.slotTf[at] = (this.slotTf[at] as number) + 1;
        }
      }
    }
    for (let slot = 0; slot < slots; slot++) {
      this.postTerm.push(this.slotTerms[slot] as number);
      this.postDoc.push(doc);
      for (let f = 0; f < nf; f++) {
        this.postTf.push(this.slotTf[slot * nf + f] as number);
      }
    }
    return doc;
  }

  build(): InvertedIndex {
    const nf = this.fields.length;
    const n = this.docs;
    const lens = this.fieldLen.map((g) => g.trimmed());
    const avg = lens.map((l) => {
      let sum = 0;
      for (let i = 0; i < l.length; i++) {
        sum += l[i] as number;
      }
      return n > 0 ? Math.max(1, sum / n) : 1;
    });
    const v = this.terms.length;
    const e = this.postTerm.length;
    const postTerm = this.postTerm.data;
    const postDoc = this.postDoc.data;
    const postTf = this.postTf.data;

    // Counting sort by term; documents were added in order, so each list stays sorted.
    const start = new Int32Array(v + 1);
    for (let k = 0; k < e; k++) {
      start[(postTerm[k] as number) + 1] = (start[(postTerm[k] as number) + 1] as number) + 1;
    }
    for (let t = 0; t < v; t++) {
      start[t + 1] = (start[t + 1] as number) + (start[t] as number);
    }
    const fill = start.slice(0, v);
    const docs = new Int32Array(e);
    const weights = new Float32Array(e);
    // In how many products' naming fields each term occurs (saturating at 255).
    const naming = new Uint8Array(v);
    const namingFields = this.fields.flatMap((f, i) => (f.namesProduct ? [i] : []));
    for (let k = 0; k < e; k++) {
      const t = postTerm[k] as number;
      for (const f of namingFields) {
        if ((postTf[k * nf + f] as number) > 0) {
          if ((naming[t] as number) < 255) {
            naming[t] = (naming[t] as number) + 1;
          }
          break;
        }
      }
      const at = fill[t] as number;
      fill[t] = at + 1;
      const d = postDoc[k] as number;
      docs[at] = d;
      let w = 0;
      for (let f = 0; f < nf; f++) {
        const tf = postTf[k * nf + f] as number;
        if (tf > 0) {
          const len = (lens[f] as Int32Array)[d] as number;
          const norm = tf + K1 * (1 - B + (B * len) / (avg[f] as number));
          w += (this.fields[f] as FieldSpec).boost * ((tf * (K1 + 1)) / norm);
        }
      }
      weights[at] = w;
    }
    return new InvertedIndex(n, this.terms, this.termIds, start, docs, weights, naming);
  }
}

/** A word of the query expanded to index terms, each with the weight its match earns. */
export interface TermAlternative {
  termId: number;
  weight: number;
}

export class InvertedIndex {
  /** Term ids in alphabetical order of their terms, for prefix lookup. */
  private readonly sorted: Int32Array;
  /** Term ids by "first letter|length", for typo lookup. */
  private readonly byShape = new Map<string, number[]>();
  /** Which letters (hashed to 32 bits) each term has: rejects most typo candidates in one XOR. */
  private readonly letters: Uint32Array;
  /** For very common terms, their highest-weighted postings (see `run`). */
  private readonly impact = new Map<number, { docs: Int32Array; weights: Float32Array }>();
  private readonly idf: Float32Array;

  // Scratch buffers reused by every query: allocating 100,000-element arrays per query
  // would cost more than the scoring itself. Queries run one at a time (Node is single
  // threaded and scoring never awaits).
  private readonly score: Float32Array;
  private readonly groupScore: Float32Array;
  private readonly mask: Uint32Array;
  private readonly touched: Int32Array;
  private readonly groupTouched: Int32Array;

  constructor(
    readonly size: number,
    private readonly terms: string[],
    private readonly termIds: Map<string, number>,
    private readonly start: Int32Array,
    private readonly docs: Int32Array,
    private readonly weights: Float32Array,
    private readonly naming: Uint8Array,
  ) {
    const ids = Int32Array.from(terms.keys());
    ids.sort((a, b) => ((terms[a] as string) < (terms[b] as string) ? -1 : (terms[a] as string) > (terms[b] as string) ? 1 : 0));
    this.sorted = ids;
    this.idf = new Float32Array(terms.length);
    this.letters = new Uint32Array(terms.length);
    for (let t = 0; t < terms.length; t++) {
      const df = (start[t + 1] as number) - (start[t] as number);
      this.idf[t] = Math.log(1 + (size - df + 0.5) / (df + 0.5));
      const term = terms[t] as string;
      this.letters[t] = letterMask(term);
      if (df > COMMON_TERM_DOCS) {
        // The weight of the IMPACT_POSTINGS-th best posting, by a native numeric sort of a
        // copy (a comparator sort of 100,000 indices per term made the build seconds longer).
        const from = start[t] as number;
        const w = weights.slice(from, from + df).sort();
        const threshold = w[df - IMPACT_POSTINGS] as number;
        const topDocs: number[] = [];
        const topWeights: number[] = [];
        for (let k = from; k < from + df && topDocs.length < IMPACT_POSTINGS; k++) {
          if ((weights[k] as number) >= threshold) {
            topDocs.push(docs[k] as number);
            topWeights.push(weights[k] as number);
          }
        }
        this.impact.set(t, { docs: Int32Array.from(topDocs), weights: Float32Array.from(topWeights) });
      }
      const key = `${term[0]}|${term.length}`;
      const list = this.byShape.get(key);
      if (list) {
        list.push(t);
      } else {
        this.byShape.set(key, [t]);
      }
    }
    this.score = new Float32Array(size);
    this.groupScore = new Float32Array(size);
    this.mask = new Uint32Array(size);
    this.touched = new Int32Array(size);
    this.groupTouched = new Int32Array(size);
  }

  /** How many distinct terms the index holds (ids are 0 up to this). */
  get termCount(): number {
    return this.terms.length;
  }

  /** The id of an exact term, if indexed. */
  termId(term: string): number | undefined {
    return this.termIds.get(term);
  }

  /**
   * Whether products have the term in a field that says what they are (name, category).
   * With `asKind`, enough of them to be a kind of product the shop sells: at least three
   * (any in a small catalogue), so one phone called "Jenny TV" does not make a phone shop
   * a TV shop.
   */
  namesProducts(termId: number, asKind = false): boolean {
    const min = asKind ? Math.min(3, Math.max(1, Math.floor(this.size / 100))) : 1;
    return (this.naming[termId] as number) >= min;
  }

  /** How much a match of the term counts before its field's weight: rarer terms more. */
  idfOf(termId: number): number {
    return this.idf[termId] as number;
  }

  /** In how many documents the term occurs. */
  docFrequency(termId: number): number {
    return (this.start[termId + 1] as number) - (this.start[termId] as number);
  }

  term(termId: number): string {
    return this.terms[termId] as string;
  }

  /**
   * Terms that extend `prefix`, the most frequent first, at most `limit` (a two-letter
   * prefix of a large catalogue would otherwise expand to thousands of words).
   */
  prefixTerms(prefix: string, limit: number): number[] {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.terms[this.sorted[mid] as number] as string) < prefix) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    const found: number[] = [];
    for (let k = lo; k < this.sorted.length; k++) {
      const id = this.sorted[k] as number;
      const term = this.terms[id] as string;
      if (!term.startsWith(prefix)) {
        break;
      }
      if (term !== prefix) {
        found.push(id);
      }
      // Enough candidates to choose the frequent ones from, without walking a huge range.
      if (found.length >= limit * 20) {
        break;
      }
    }
    return found.sort((a, b) => this.docFrequency(b) - this.docFrequency(a)).slice(0, limit);
  }

  /**
   * Indexed terms within `maxEdits` (Levenshtein) of `term`, sharing its first letter,
   * closest then most frequent first. A misspelt first letter is rare, and requiring it
   * keeps the candidates to a few hundred instead of the whole vocabulary.
   */
  fuzzyTerms(term: string, maxEdits: number, limit: number): Array<{ termId: number; term: string; edits: number }> {
    const out: Array<{ termId: number; term: string; edits: number }> = [];
    const mask = letterMask(term);
    for (let len = term.length - maxEdits; len <= term.length + maxEdits; len++) {
      const list = this.byShape.get(`${term[0]}|${len}`);
      if (!list) {
        continue;
      }
      for (const id of list) {
        // Each edit adds or removes at most two letters from the letter set.
        if (popcount(mask ^ (this.letters[id] as number)) > 2 * maxEdits) {
          continue;
        }
        const edits = boundedEdits(term, this.terms[id] as string, maxEdits);
        if (edits > 0 && edits <= maxEdits) {
          out.push({ termId: id, term: this.terms[id] as string, edits });
        }
      }
    }
    return out.sort((a, b) => a.edits - b.edits || this.docFrequency(b.termId) - this.docFrequency(a.termId)).slice(0, limit);
  }

  /** How many postings the alternatives of a group hold. */
  private groupSize(group: TermAlternative[]): number {
    let size = 0;
    for (const alt of group) {
      size += this.docFrequency(alt.termId);
    }
    return size;
  }

  /** Whether the document has the term in any field. */
  contains(termId: number, doc: number): boolean {
    return this.find(termId, doc) >= 0;
  }

  /** Binary search of `doc` in a term's (sorted) postings; the posting index or -1. */
  private find(termId: number, doc: number): number {
    let lo = this.start[termId] as number;
    let hi = (this.start[termId + 1] as number) - 1;
    const docs = this.docs;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const d = docs[mid] as number;
      if (d < doc) {
        lo = mid + 1;
      } else if (d > doc) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  /**
   * Keeps a document's best score within the group being read (`groupScore`), listing it in
   * `groupTouched` the first time; returns the new count listed. A method and not a closure
   * made per term: the closure kept the count in a heap context and took each score boxed,
   * allocating for every posting read.
   */
  private keep(d: number, s: number, listed: number): number {
    const prev = this.groupScore[d] as number;
    if (prev === 0) {
      this.groupTouched[listed] = d;
      this.groupScore[d] = s;
      return listed + 1;
    }
    if (s > prev) {
      this.groupScore[d] = s;
    }
    return listed;
  }

  /**
   * Scores documents for query word groups: within a group the best alternative counts
   * (a synonym does not add to its word), across groups scores add up. Writes each
   * matched document, its score and the bit mask of its matched groups to `out` and
   * returns how many there are. At most 32 groups count; later ones are ignored.
   *
   * Cost control for large catalogues, cheapest first:
   * - `restrict`: score only these documents (the products a category or brand filter
   *   allows), looking each up in the posting lists — when they are few.
   * - Groups run rarest first; a very common group after that only adds to documents
   *   already found (a product matching only "black" of "black kettle" ranks below every
   *   black kettle anyway), unless `exhaustive`.
   * - A query of one very common word reads only that word's highest-weighted postings,
   *   unless `exhaustive` (filters or price order need every match).
   * - `allow`: documents marked 0 there are skipped as their postings are read (the products a
   *   category or brand filter leaves out, when too many are left to look each one up).
   * - `conjunctive`: after the rarest group, a group only adds to documents already found, so
   *   that only documents of the rarest group are scored. Exact for a search that keeps only
   *   the documents matching every group when some document does (a price order); the
   *   caller checks that one does.
   */
  run(
    groups: TermAlternative[][],
    out: { doc: Int32Array; score: Float32Array; mask: Uint32Array },
    opts: { exhaustive: boolean; restrict?: { docs: Int32Array; count: number }; allow?: Uint8Array; conjunctive?: boolean } = { exhaustive: true },
  ): number {
    const score = this.score;
    const gscore = this.groupScore;
    const mask = this.mask;
    const touched = this.touched;
    const gtouched = this.groupTouched;
    const docs = this.docs;
    const weights = this.weights;
    let nt = 0;
    const ng = Math.min(groups.length, 32);
    const sizes = groups.slice(0, ng).map((g) => this.groupSize(g));
    const order = sizes.map((_, g) => g).sort((a, b) => (sizes[a] as number) - (sizes[b] as number));
    const restrict = opts.restrict;
    const allow = restrict ? undefined : opts.allow;
    let first = true;
    for (const g of order) {
      // In a conjunctive run, the groups after the rarest add to what it found, nothing new.
      const onlyFound = opts.conjunctive === true && !first && !restrict;
      first = false;
      let ngt = 0;
      const group = groups[g] as TermAlternative[];
      const size = sizes[g] as number;
      const lookupIn = restrict ? restrict.docs : nt > 0 && !opts.exhaustive && size > COMMON_TERM_DOCS && nt * 16 < size ? touched : null;
      const lookupCount = restrict ? restrict.count : nt;
      for (const alt of group) {
        const w = (this.idf[alt.termId] as number) * alt.weight;
        if (lookupIn) {
          for (let k = 0; k < lookupCount; k++) {
            const d = lookupIn[k] as number;
            const at = this.find(alt.termId, d);
            if (at >= 0) {
              ngt = this.keep(d, w * (weights[at] as number), ngt);
            }
          }
          continue;
        }
        const top = ng === 1 && !opts.exhaustive && allow === undefined ? this.impact.get(alt.termId) : undefined;
        if (top) {
          for (let k = 0; k < top.docs.length; k++) {
            ngt = this.keep(top.docs[k] as number, w * (top.weights[k] as number), ngt);
          }
          continue;
        }
        const end = this.start[alt.termId + 1] as number;
        // Loops of their own: a check per posting would slow the usual one.
        if (onlyFound) {
          // What an earlier group found passed `allow` already.
          for (let k = this.start[alt.termId] as number; k < end; k++) {
            const d = docs[k] as number;
            if (mask[d] !== 0) {
              ngt = this.keep(d, w * (weights[k] as number), ngt);
            }
          }
          continue;
        }
        if (allow !== undefined) {
          for (let k = this.start[alt.termId] as number; k < end; k++) {
            const d = docs[k] as number;
            if (allow[d] !== 0) {
              ngt = this.keep(d, w * (weights[k] as number), ngt);
            }
          }
          continue;
        }
        for (let k = this.start[alt.termId] as number; k < end; k++) {
          const d = docs[k] as number;
          const s = w * (weights[k] as number);
          const prev = gscore[d] as number;
          if (prev === 0) {
            gtouched[ngt++] = d;
            gscore[d] = s;
          } else if (s > prev) {
            gscore[d] = s;
          }
        }
      }
      const bit = 1 << g;
      for (let k = 0; k < ngt; k++) {
        const d = gtouched[k] as number;
        if ((mask[d] as number) === 0) {
          touched[nt++] = d;
        }
        score[d] = (score[d] as number) + (gscore[d] as number);
        mask[d] = (mask[d] as number) | bit;
        gscore[d] = 0;
      }
    }
    for (let k = 0; k < nt; k++) {
      const d = touched[k] as number;
      out.doc[k] = d;
      out.score[k] = score[d] as number;
      out.mask[k] = mask[d] as number;
      score[d] = 0;
      mask[d] = 0;
    }
    return nt;
  }
}
