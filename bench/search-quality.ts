/**
 * Search relevance on the labelled query set (test/fixtures/relevance/queries.json):
 * nDCG@10, recall@10 and the zero-result rate of the Aisle search, beside a plain BM25
 * baseline over the same fields on the same queries.
 *
 * - Aisle: the message is parsed (price, brands, categories, availability) and searched
 *   with relaxation, exactly as the catalogue engine runs a new search.
 * - BM25 baseline: one field made of name, brand, category path, parameter values and the
 *   first 300 characters of the description; lower-cased words, no stemming, no typo
 *   tolerance, no query parsing; k1 = 1.2, b = 0.75; any query word may match.
 *
 * Run: `npx tsx bench/search-quality.ts [--verbose]`. Catalogues are read from
 * ../shared/data and examples/demo (never copied into the repository).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFeedFile } from '../src/catalog/import/index.ts';
import type { CatalogProduct } from '../src/catalog/product.ts';
import { buildCatalogIndex } from '../src/catalog/search/index.ts';
import { runSearch } from '../src/catalog/search/relax.ts';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const K = 10;

interface LabelledQuery {
  id: string;
  catalog: string;
  lang: 'ru' | 'en';
  query: string;
  tags: string[];
  relevant: Record<string, number>;
}

interface QuerySet {
  catalogs: Record<string, string>;
  queries: LabelledQuery[];
}

async function load(path: string): Promise<CatalogProduct[]> {
  const out: CatalogProduct[] = [];
  for await (const item of readFeedFile(path)) {
    if (item.kind === 'product') {
      out.push(item.product);
    }
  }
  return out;
}

/** The baseline: textbook BM25 over one concatenated field. */
class Bm25 {
  private readonly postings = new Map<string, Array<[number, number]>>();
  private readonly lengths: number[] = [];
  private readonly avg: number;

  constructor(private readonly products: CatalogProduct[]) {
    products.forEach((p, i) => {
      const text = [p.name, p.brand ?? '', p.categories.join(' '), Object.values(p.params).join(' '), (p.description ?? '').slice(0, 300)].join(' ');
      const words = Bm25.words(text);
      this.lengths.push(words.length);
      const tf = new Map<string, number>();
      for (const w of words) {
        tf.set(w, (tf.get(w) ?? 0) + 1);
      }
      for (const [w, f] of tf) {
        const list = this.postings.get(w) ?? [];
        list.push([i, f]);
        this.postings.set(w, list);
      }
    });
    this.avg = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.lengths.length);
  }

  static words(text: string): string[] {
    return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
  }

  search(query: string, k: number): string[] {
    const n = this.products.length;
    const scores = new Map<number, number>();
    for (const w of new Set(Bm25.words(query))) {
      const list = this.postings.get(w);
      if (!list) {
        continue;
      }
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const [doc, tf] of list) {
        const norm = tf + 1.2 * (1 - 0.75 + (0.75 * (this.lengths[doc] as number)) / this.avg);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * (tf * 2.2)) / norm);
      }
    }
    return [...scores.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, k)
      .map(([doc]) => (this.products[doc] as CatalogProduct).sku);
  }
}

/** nDCG@k with gains 2^grade − 1 against the ideal order of all labelled products. */
function ndcg(ranked: string[], relevant: Record<string, number>, k: number): number {
  const dcg = ranked.slice(0, k).reduce((sum, sku, i) => sum + (2 ** (relevant[sku] ?? 0) - 1) / Math.log2(i + 2), 0);
  const ideal = Object.values(relevant)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

/** Relevant products in the top k, out of as many as could fit there (min(k, relevant)). */
function recall(ranked: string[], relevant: Record<string, number>, k: number): number {
  const rel = Object.keys(relevant).filter((s) => (relevant[s] ?? 0) > 0);
  if (rel.length === 0) {
    return 0;
  }
  const found = ranked.slice(0, k).filter((s) => (relevant[s] ?? 0) > 0).length;
  return found / Math.min(k, rel.length);
}

interface Scores {
  ndcg: number;
  recall: number;
  zero: number;
  n: number;
}

function summarise(rows: Array<{ ndcg: number; recall: number; zero: boolean }>): Scores {
  const n = rows.length;
  return {
    n,
    ndcg: rows.reduce((s, r) => s + r.ndcg, 0) / Math.max(1, n),
    recall: rows.reduce((s, r) => s + r.recall, 0) / Math.max(1, n),
    zero: rows.filter((r) => r.zero).length / Math.max(1, n),
  };
}

const fmt = (x: number): string => x.toFixed(3);

async function main(): Promise<void> {
  const verbose = process.argv.includes('--verbose');
  const set = JSON.parse(readFileSync(resolve(root, 'test/fixtures/relevance/queries.json'), 'utf8')) as QuerySet;
  const engines = new Map<string, { aisle: ReturnType<typeof buildCatalogIndex>; bm25: Bm25 }>();
  for (const [name, rel] of Object.entries(set.catalogs)) {
    const products = await load(resolve(root, rel));
    engines.set(name, { aisle: buildCatalogIndex(products, { language: 'ru' }), bm25: new Bm25(products) });
  }

  const rows: Array<{ q: LabelledQuery; aisle: { ndcg: number; recall: number; zero: boolean }; bm25: { ndcg: number; recall: number; zero: boolean } }> = [];
  for (const q of set.queries) {
    const e = engines.get(q.catalog);
    if (!e) {
      throw new Error(`query ${q.id}: unknown catalogue ${q.catalog}`);
    }
    const parsed = e.aisle.parseDetailed(q.query);
    const req = { text: parsed.text, filters: parsed.filters, categoryWords: parsed.categoryWords, brandWords: parsed.brandWords, ...(parsed.sort ? { sort: parsed.sort } : {}) };
    const aisleRanked = runSearch(e.aisle, req, K).hits.map((h) => h.product.sku);
    const bmRanked = e.bm25.search(q.query, K);
    const score = (ranked: string[]): { ndcg: number; recall: number; zero: boolean } => ({
      ndcg: ndcg(ranked, q.relevant, K),
      recall: recall(ranked, q.relevant, K),
      zero: ranked.length === 0,
    });
    const row = { q, aisle: score(aisleRanked), bm25: score(bmRanked) };
    rows.push(row);
    if (verbose) {
      console.log(`${q.id.padEnd(8)} ${q.query.padEnd(40)} aisle nDCG ${fmt(row.aisle.ndcg)} R ${fmt(row.aisle.recall)}   bm25 nDCG ${fmt(row.bm25.ndcg)} R ${fmt(row.bm25.recall)}`);
    }
  }

  const line = (label: string, selected: typeof rows): void => {
    const a = summarise(selected.map((r) => r.aisle));
    const b = summarise(selected.map((r) => r.bm25));
    console.log(
      `${label.padEnd(22)} ${String(a.n).padStart(3)}   ${fmt(a.ndcg)}   ${fmt(a.recall)}   ${fmt(a.zero)}    ${fmt(b.ndcg)}   ${fmt(b.recall)}   ${fmt(b.zero)}`,
    );
  };
  console.log(`\nSearch relevance, top ${K} (recall@${K} = relevant found / min(${K}, relevant labelled))`);
  console.log(`${''.padEnd(22)}   n   Aisle: nDCG   recall  zero-res   BM25: nDCG   recall  zero-res`);
  line('all queries', rows);
  for (const catalog of Object.keys(set.catalogs)) {
    line(`catalogue ${catalog}`, rows.filter((r) => r.q.catalog === catalog));
  }
  line('Russian', rows.filter((r) => r.q.lang === 'ru'));
  line('English', rows.filter((r) => r.q.lang === 'en'));
  for (const tag of ['typo', 'price', 'brand', 'cyrillic-brand', 'category', 'stem', 'english']) {
    const selected = rows.filter((r) => r.q.tags.includes(tag));
    if (selected.length > 0) {
      line(`tag ${tag}`, selected);
    }
  }
}

await main();
