/**
 * Search relevance of the Aisle search beside a plain BM25 baseline over the same fields
 * on the same queries: nDCG@6 (the first cards a buyer sees), nDCG@10, recall@10 and the
 * zero-result rate, on two sets:
 * - the labelled Russian and English queries of test/fixtures/relevance/queries.json
 *   (graded judgements, demo and real Russian shop catalogues);
 * - the WANDS development set (../shared/data/relevance/wands_pairs_2800.csv: real Wayfair
 *   queries, 2,800 (query, product name, label) rows): the distinct product names are the
 *   catalogue, "Relevant" is a judgement of 1. nDCG and recall are averaged over the
 *   queries with at least one relevant product; the zero-result rate over all queries.
 *
 * - Aisle: the message is parsed (price, brands, categories, availability) and searched
 *   with relaxation, exactly as the catalogue engine runs a new search.
 * - BM25 baseline: one field made of name, brand, category path, parameter values and the
 *   first 300 characters of the description; lower-cased words, no stemming, no typo
 *   tolerance, no query parsing; k1 = 1.2, b = 0.75; any query word may match.
 *
 * On WANDS it also prints nDCG@6 over the judged products only (see `judgedOnly`).
 *
 * Run: `npx tsx bench/search-quality.ts [--verbose]` (verbose: each query's figures, and the
 * WANDS figures with the products in five random orders, which shows how much of a
 * difference is the order ties fall in). Catalogues are read from
 * ../shared/data and examples/demo (never copied into the repository); without the WANDS
 * file its table is left out.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFeedFile } from '../src/catalog/import/index.ts';
import type { CatalogProduct } from '../src/catalog/product.ts';
import { buildCatalogIndex } from '../src/catalog/search/index.ts';
import { runSearch, searchRequestOf } from '../src/catalog/search/relax.ts';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const K = 10;
const FIRST_CARDS = 6;
const WANDS = resolve(root, '../shared/data/relevance/wands_pairs_2800.csv');

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

interface Row {
  ndcg6: number;
  ndcg: number;
  recall: number;
  zero: boolean;
  /** False when no product is judged relevant: counted for the zero-result rate only. */
  judged: boolean;
}

interface Scores {
  ndcg6: number;
  ndcg: number;
  recall: number;
  zero: number;
  n: number;
}

function summarise(rows: Row[]): Scores {
  const judged = rows.filter((r) => r.judged);
  const m = Math.max(1, judged.length);
  return {
    n: rows.length,
    ndcg6: judged.reduce((s, r) => s + r.ndcg6, 0) / m,
    ndcg: judged.reduce((s, r) => s + r.ndcg, 0) / m,
    recall: judged.reduce((s, r) => s + r.recall, 0) / m,
    zero: rows.filter((r) => r.zero).length / Math.max(1, rows.length),
  };
}

function score(ranked: string[], relevant: Record<string, number>): Row {
  return {
    ndcg6: ndcg(ranked, relevant, FIRST_CARDS),
    ndcg: ndcg(ranked, relevant, K),
    recall: recall(ranked, relevant, K),
    zero: ranked.length === 0,
    judged: Object.values(relevant).some((g) => g > 0),
  };
}

/** The Aisle search as the catalogue engine runs a new search: parsed, then relaxed. */
function aisleSearch(index: ReturnType<typeof buildCatalogIndex>, query: string): string[] {
  const parsed = index.parseDetailed(query);
  return runSearch(index, searchRequestOf(parsed), K).hits.map((h) => h.product.sku);
}

const HEADER = `${''.padEnd(22)}   n   Aisle: nDCG@6 nDCG@10 recall  zero-res   BM25: nDCG@6 nDCG@10 recall  zero-res`;

function line(label: string, selected: Array<{ aisle: Row; bm25: Row }>): void {
  const a = summarise(selected.map((r) => r.aisle));
  const b = summarise(selected.map((r) => r.bm25));
  console.log(
    `${label.padEnd(22)} ${String(a.n).padStart(3)}   ${fmt(a.ndcg6)}   ${fmt(a.ndcg)}   ${fmt(a.recall)}   ${fmt(a.zero)}    ${fmt(b.ndcg6)}   ${fmt(b.ndcg)}   ${fmt(b.recall)}   ${fmt(b.zero)}`,
  );
}

/** One CSV record per line (WANDS quotes fields with commas; no field spans lines). */
function csvFields(lineText: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < lineText.length; i++) {
    const c = lineText[i] as string;
    if (quoted) {
      if (c === '"' && lineText[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        cur += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      out.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  out.push(cur);
  return out;
}

/** The WANDS set: its distinct names as products, and each query's binary judgements. */
function loadWands(): { products: CatalogProduct[]; queries: Array<{ query: string; relevant: Record<string, number> }> } {
  const lines = readFileSync(WANDS, 'utf8').split(/\r?\n/).slice(1).filter((l) => l !== '');
  const skuOf = new Map<string, string>();
  const products: CatalogProduct[] = [];
  const byQuery = new Map<string, Record<string, number>>();
  for (const l of lines) {
    const [query, name, target] = csvFields(l) as [string, string, string];
    let sku = skuOf.get(name);
    if (sku === undefined) {
      sku = `w${products.length + 1}`;
      skuOf.set(name, sku);
      products.push({ sku, name, categories: [], available: true, params: {} });
    }
    const rel = byQuery.get(query) ?? (Object.create(null) as Record<string, number>);
    rel[sku] = Math.max(rel[sku] ?? 0, target === 'Relevant' ? 1 : 0);
    byQuery.set(query, rel);
  }
  return { products, queries: [...byQuery.entries()].map(([query, relevant]) => ({ query, relevant })) };
}

function wandsTable(verbose: boolean): void {
  if (!existsSync(WANDS)) {
    console.log(`\nWANDS: ${WANDS} not found, left out`);
    return;
  }
  const { products, queries } = loadWands();
  const aisle = buildCatalogIndex(products, { language: 'en' });
  const bm25 = new Bm25(products);
  const rows = queries.map((q) => {
    const row = { q, aisle: score(aisleSearch(aisle, q.query), q.relevant), bm25: score(bm25.search(q.query, K), q.relevant) };
    if (verbose) {
      console.log(`wands    ${q.query.padEnd(40)} aisle nDCG@6 ${fmt(row.aisle.ndcg6)} ${row.aisle.zero ? 'ZERO' : '    '}   bm25 nDCG@6 ${fmt(row.bm25.ndcg6)}`);
    }
    return row;
  });
  const judged = rows.filter((r) => r.aisle.judged).length;
  console.log(`\nWANDS development set: ${products.length} distinct product names, ${rows.length} queries (${judged} with a relevant product)`);
  console.log(HEADER);
  line('WANDS', rows);
  const a = summarise(rows.map((r) => r.aisle));
  const b = summarise(rows.map((r) => r.bm25));
  console.log(`nDCG@6 Aisle / BM25 = ${(a.ndcg6 / Math.max(1e-9, b.ndcg6)).toFixed(2)}`);
  judgedOnly(aisle, bm25, queries);
  if (verbose) {
    shuffledOrders(products, queries);
  }
}

/**
 * nDCG@6 over the judged products only: each ranking (200 deep) with the products nobody
 * judged for the query taken out (Sakai's condensed lists). About seven products are judged
 * per WANDS query, and most of the first cards of either engine are products judged for
 * other queries only, which count as irrelevant above however fitting they are; this figure
 * shows how well each engine orders what was judged, and its ceiling (1.0 / BM25) is the
 * most any ranking could gain over BM25 on that part.
 */
function judgedOnly(
  aisle: ReturnType<typeof buildCatalogIndex>,
  bm25: Bm25,
  queries: Array<{ query: string; relevant: Record<string, number> }>,
): void {
  const DEEP = 200;
  const judged = queries.filter((q) => Object.values(q.relevant).some((g) => g > 0));
  const condensed = (ranked: string[], relevant: Record<string, number>) => ndcg(ranked.filter((s) => relevant[s] !== undefined), relevant, FIRST_CARDS);
  const deepAisle = (query: string) => runSearch(aisle, searchRequestOf(aisle.parseDetailed(query)), DEEP).hits.map((h) => h.product.sku);
  const a = judged.reduce((s, q) => s + condensed(deepAisle(q.query), q.relevant), 0) / judged.length;
  const b = judged.reduce((s, q) => s + condensed(bm25.search(q.query, DEEP), q.relevant), 0) / judged.length;
  console.log(`WANDS, judged products only (condensed lists, ${DEEP} deep): nDCG@6 Aisle ${fmt(a)}, BM25 ${fmt(b)}, ratio ${(a / Math.max(1e-9, b)).toFixed(2)}; a perfect order of the judged products would be ${(1 / Math.max(1e-9, b)).toFixed(2)}× BM25`);
}

/**
 * The WANDS figures with the same products in other orders. Both engines break ties by
 * catalogue order, and many WANDS queries tie several equally named products of which one
 * or two are labelled: a change to the ranking smaller than this spread is not a finding.
 */
function shuffledOrders(products: CatalogProduct[], queries: Array<{ query: string; relevant: Record<string, number> }>): void {
  const ORDERS = 5;
  let seed = 1;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const judged = queries.filter((q) => Object.values(q.relevant).some((g) => g > 0));
  const sums = { aisle: 0, bm25: 0 };
  for (let o = 1; o <= ORDERS; o++) {
    const order = [...products];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as CatalogProduct, order[i] as CatalogProduct];
    }
    const aisle = buildCatalogIndex(order, { language: 'en' });
    const bm25 = new Bm25(order);
    const a = judged.reduce((s, q) => s + ndcg(aisleSearch(aisle, q.query), q.relevant, FIRST_CARDS), 0) / judged.length;
    const b = judged.reduce((s, q) => s + ndcg(bm25.search(q.query, K), q.relevant, FIRST_CARDS), 0) / judged.length;
    sums.aisle += a;
    sums.bm25 += b;
    console.log(`WANDS, products in random order ${o}: nDCG@6 Aisle ${fmt(a)}, BM25 ${fmt(b)}`);
  }
  console.log(`WANDS, mean of ${ORDERS} random orders: nDCG@6 Aisle ${fmt(sums.aisle / ORDERS)}, BM25 ${fmt(sums.bm25 / ORDERS)}, ratio ${(sums.aisle / Math.max(1e-9, sums.bm25)).toFixed(2)}`);
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

  const rows: Array<{ q: LabelledQuery; aisle: Row; bm25: Row }> = [];
  for (const q of set.queries) {
    const e = engines.get(q.catalog);
    if (!e) {
      throw new Error(`query ${q.id}: unknown catalogue ${q.catalog}`);
    }
    const row = { q, aisle: score(aisleSearch(e.aisle, q.query), q.relevant), bm25: score(e.bm25.search(q.query, K), q.relevant) };
    rows.push(row);
    if (verbose) {
      console.log(`${q.id.padEnd(8)} ${q.query.padEnd(40)} aisle nDCG ${fmt(row.aisle.ndcg)} @6 ${fmt(row.aisle.ndcg6)} R ${fmt(row.aisle.recall)}   bm25 nDCG ${fmt(row.bm25.ndcg)} R ${fmt(row.bm25.recall)}`);
    }
  }

  console.log(`\nSearch relevance, labelled queries, top ${K} (recall@${K} = relevant found / min(${K}, relevant labelled))`);
  console.log(HEADER);
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
  wandsTable(verbose);
}

await main();
