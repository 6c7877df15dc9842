/**
 * Catalogue search and engine benchmark: builds per-tenant indexes of 10,000 and 100,000
 * products from the real catalogues in ../shared/data/catalogs/ (all three files, repeated
 * with new SKUs to reach the size) and reports the index build time, the index's memory
 * (heap growth after GC) and the catalogue engine's answer time p50/p99 over a mix of real
 * buyer messages: searches with filters, typos, follow-ups, similar and complementary
 * products, cart; after the warm-up the server runs on each new index, and with each message's
 * first answer reported apart. Each size is measured in a fresh process so nothing else sits in its heap.
 * Wall-clock times need a quiet machine: the load average is reported beside them, and
 * each message's median over the rounds is given too, which a descheduled round cannot lift.
 * Last, the engine's time for the worst input known: messages and page data of the largest
 * accepted sizes, shaped to hit what used to be super-linear (each took seconds to minutes
 * before the search read bounded amounts); the slowest one's median is the figure.
 * Run alone: `npx tsx bench/components/catalog.ts [--quick]`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import os from 'node:os';
import vm from 'node:vm';
import type { CatalogProduct } from '../../src/catalog/product.ts';
import { loadRealProducts } from '../lib/real-catalogs.ts';
import { buildCatalogIndex } from '../../src/catalog/search/index.ts';
import { createCatalogEngine, warmUpCatalogEngine, WARM_UP_MIN_PRODUCTS } from '../../src/assistant/catalog-engine/index.ts';
import { readEnv } from '../../src/config/env.ts';
import type { EngineRequest, EngineTurn, PageContext } from '../../src/assistant/engine.ts';
import type { Tenant } from '../../src/config/tenant.ts';
import { tokenize } from '../../src/catalog/search/tokenize.ts';
import { STOP_WORDS } from '../../src/catalog/search/stopwords.ts';
import { letters } from '../../test/helpers/letters.ts';


type Result = { name: string; value: number; unit: string; target?: string };


/** `size` products: the real ones, then copies with new SKUs (as another shop's would be). */
function catalogOf(real: CatalogProduct[], size: number): CatalogProduct[] {
  const out: CatalogProduct[] = [];
  for (let i = 0; out.length < size; i++) {
    const p = real[i % real.length] as CatalogProduct;
    const round = Math.floor(i / real.length);
    out.push(round === 0 ? p : { ...p, sku: `${p.sku}~${round}` });
  }
  return out;
}

/** Buyer messages across the three catalogues, in both languages, with typos and filters. */
const MESSAGES: Array<{ text: string; page?: PageContext; followUp?: string }> = [
  { text: 'жесткий диск samsung' },
  { text: 'ssd 512 гб до 5000 рублей', followUp: 'а подешевле?' },
  { text: 'видеокарта' },
  { text: 'блок питания 600w' },
  { text: 'батарейки AA' },
  { text: 'веб камера с микрофоном', followUp: 'только Logitech' },
  { text: 'наушники с микрофоном до 2000' },
  { text: 'мышь беспроводная' },
  { text: 'зарядка для ноутбука hp' },
  { text: 'смеситель для кухни frap' },
  { text: 'смеситель для ванной', followUp: 'а подороже?' },
  { text: 'полотенцесушитель из нержавейки' },
  { text: 'шаровой кран 1/2' },
  { text: 'унитаз компакт' },
  { text: 'барный стул', followUp: 'а есть чёрный?' },
  { text: 'деревянный стул до 5 тыс' },
  { text: 'диван' },
  { text: 'стол для кафе' },
  { text: 'эфирное масло лаванды' },
  { text: 'часы garmin forerunner' },
  { text: 'гармин фенікс' },
  { text: 'навигатор для автомобиля' },
  { text: 'стиральная машина lg', followUp: 'другого бренда' },
  { text: 'кондиционер lg' },
  { text: 'холодильник no frost' },
  { text: 'iphone case' },
  { text: 'samsung galaxy s8 case', followUp: 'cheaper' },
  { text: 'screen protector for iphone 7' },
  { text: 'car charger under $20' },
  { text: 'wireless headphones' },
  { text: 'prepaid phone between 50 and 100' },
  { text: 'otterbox defender' },
  { text: 'bluetooth speaker in stock' },
  { text: 'toner cartridge hp' },
  { text: 'laptop 16gb ram' },
  { text: 'notebok lenovo thinkpad' },
  { text: 'monitor 27 inch' },
  { text: 'usb flash drive 64gb' },
  { text: 'ink cartridge black epson' },
  { text: 'printer laser over 200' },
  { text: 'keyboard logitech' },
  { text: 'samsnug' },
  { text: 'наушнки' },
  { text: 'accessories', page: { type: 'PRODUCT', data: ['bestbuy-first'] } },
  { text: 'похожие', page: { type: 'PRODUCT', data: ['ru-first'] } },
  { text: 'что к нему подойдёт?', page: { type: 'PRODUCT', data: ['ru-first'] } },
  { text: 'что ещё взять?', page: { type: 'CART', data: ['ru-first', 'bestbuy-first'] } },
  { text: 'покажи подешевле', page: { type: 'SEARCH', data: 'кабель usb' } },
  { text: 'привет' },
  { text: 'спасибо!' },
  { text: 'позовите оператора' },
  { text: 'ничегошеньки такого нет' },
];

type WorstInput = { name: string; make(v: number): { text: string; page?: PageContext } };

/**
 * The worst inputs known for the engine; `make(v)` gives variant `v` (each round a different
 * string, so no memo of an earlier round helps). Before the search read bounded amounts each
 * took seconds (the slowest, a word of a million letters, 85 s at 200 products).
 */
function worstInputs(commonWords: string[]): WorstInput[] {
  const search = (data: string): PageContext => ({ type: 'SEARCH', data });
  const vague = 'что у вас есть?';
  return [
    { name: 'search page: one word of 100,000 times "я"', make: (v) => ({ text: vague, page: search('я'.repeat(100_000 - v)) }) },
    { name: 'search page: one word of 1,000,000 letters', make: (v) => ({ text: vague, page: search(letters(1_000_000, v + 1)) }) },
    { name: 'an intent word and 7,992 letters', make: (v) => ({ text: `похожие ${'а'.repeat(7992 - v)}` }) },
    { name: 'search page: 25,000 groups of digits', make: (v) => ({ text: vague, page: search(`${'111 '.repeat(25_000)}${v}`) }) },
    {
      name: 'search page: 32 words of 16,000 letters with a brand, a budget and stock',
      make: (v) => ({
        text: 'до 100 рублей в наличии',
        page: search(`смартфон samsung ${Array.from({ length: 32 }, (_, i) => letters(16_000, i + 100 * v)).join(' ')}`),
      }),
    },
    {
      name: "the catalogue's commonest word without the next four commonest",
      make: (v) => ({ text: `${commonWords[v % 3]} ${commonWords.slice(3, 7).map((w) => `без ${w}`).join(' ')}` }),
    },
    {
      name: "a message of the catalogue's 40 commonest words with filters",
      make: (v) => ({ text: `samsung ${commonWords.slice(0, 40).join(' ')} до ${100 + v} рублей в наличии` }),
    },
  ];
}

/** The words most products use (name, category, parameters, description start), most used first. */
function commonestWords(products: CatalogProduct[]): string[] {
  const df = new Map<string, number>();
  for (const p of products) {
    const text = `${p.name} ${p.categories.join(' ')} ${Object.values(p.params).join(' ')} ${(p.description ?? '').slice(0, 300)}`;
    for (const w of new Set(tokenize(text))) {
      if (!STOP_WORDS.has(w) && w.length > 2 && !/\d/.test(w)) {
        df.set(w, (df.get(w) ?? 0) + 1);
      }
    }
  }
  return [...df.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
}

function tenant(): Tenant {
  return {
    id: 'bench',
    name: 'Bench',
    language: 'ru',
    messageFormat: 'plain_text',
    allowedIps: [],
    memory: false,
    supportChat: true,
    showCategories: true,
    links: [{ topic: 'delivery', label: 'Доставка', url: 'https://bench.example/delivery', keywords: ['доставка', 'delivery'] }],
    allowedLinkHosts: [],
    engine: { type: 'catalog' },
    starterPrompts: { enabled: false, version: 1, prompts: [], timeoutMs: 1500 },
  };
}

function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

interface Measured {
  size: number;
  buildSeconds: number;
  indexHeapMb: number;
  indexJsHeapMb: number;
  /** The single slowest answers, and the messages whose median over the rounds is the highest. */
  slowest: Array<{ text: string; ms: number }>;
  slowestMedians: Array<{ text: string; ms: number }>;
  answers: number;
  p50: number;
  p99: number;
  /** The warm-up the server runs on each new index before buyers reach it (warm-up.ts): answers and time. */
  warmUpAnswers: number;
  warmUpMs: number;
  /** Each message's first answer after the warm-up (the first round, not counted above): median and slowest. */
  firstSightP50: number;
  firstSightMax: number;
  max: number;
  /** p99 and max over messages of each message's median answer time across the rounds. */
  medianP99: number;
  medianMax: number;
  /** The machine's 1-minute load average at the end of the run (wall-clock times need a quiet machine). */
  loadAverage: number;
  searchP50: number;
  searchP99: number;
  /** The engine's median time for the slowest of the worst inputs known, and which it was. */
  worstInputMs: number;
  worstInput: string;
}

/** Builds one index and times answers; runs inside a child process. */
async function measure(size: number, rounds: number): Promise<Measured> {
  const gc = exposeGc();
  const real = await loadRealProducts();
  const products = catalogOf(real, size);
  // The index keeps its posting lists and columns in typed arrays, which live outside the
  // V8 heap: its memory is heap growth plus array-buffer growth, both after GC.
  const used = (): number => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  // Array buffers are released after the sweep, not at the gc() call: collect twice with a
  // pause, or the builder's discarded arrays still count.
  const settle = async (): Promise<void> => {
    gc();
    await new Promise((r) => setTimeout(r, 100));
    gc();
  };
  await settle();
  const before = used();
  const beforeHeap = process.memoryUsage().heapUsed;
  const started = process.hrtime.bigint();
  const index = buildCatalogIndex(products, { language: 'ru' });
  const buildSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  await settle();
  const indexHeapMb = (used() - before) / 1024 / 1024;
  const indexJsHeapMb = (process.memoryUsage().heapUsed - beforeHeap) / 1024 / 1024;

  const ruFirst = real.find((p) => p.sku.startsWith('b59:') && /мышь/i.test(p.name))?.sku ?? (real[0] as CatalogProduct).sku;
  const bbFirst = real.find((p) => /iPhone/.test(p.name) && /Case/.test(p.name))?.sku ?? (real[0] as CatalogProduct).sku;
  const engine = createCatalogEngine({ catalogs: { get: () => index } });
  const t = tenant();
  const tracking = { block: (type: string) => `https://t.example/e/${type}`, card: (type: string, sku: string) => `https://t.example/e/${type}/${sku}` };
  const signal = new AbortController().signal;
  const page = (p: PageContext | undefined): PageContext => {
    if (!p) {
      return { type: 'HOMEPAGE' };
    }
    const map = (x: unknown): unknown => (x === 'ru-first' ? ruFirst : x === 'bestbuy-first' ? bbFirst : x);
    return { ...p, data: Array.isArray(p.data) ? p.data.map(map) : p.data };
  };
  const request = (text: string, pg: PageContext, history: EngineTurn[]): EngineRequest => ({
    tenant: t,
    text,
    image: null,
    page: pg,
    history,
    preferences: null,
    tracking,
    signal,
  });

  // As the server does (CATALOG_WARM_UP_MS, its default; catalogues of WARM_UP_MIN_PRODUCTS and more), before any buyer's message.
  const warm = index.size >= WARM_UP_MIN_PRODUCTS ? await warmUpCatalogEngine(engine, index, t, { maxMs: readEnv({}).catalogWarmUpMs }) : { answers: 0, ms: 0 };
  const times: number[] = [];
  const firstSight: number[] = [];
  const searchTimes: number[] = [];
  const worst = new Map<string, number>();
  const perMessage = new Map<string, number[]>();
  const note = (text: string, ms: number): void => {
    worst.set(text, Math.max(worst.get(text) ?? 0, ms));
    const list = perMessage.get(text) ?? [];
    list.push(ms);
    perMessage.set(text, list);
  };
  // The first round, each message's first answer, is not counted in the percentiles but
  // reported apart: it pays once for what the engine keeps of each word and product it meets.
  // Until 2026-11-29 the bench had no warm-up and counted from the second round, then from the
  // fourth: V8 optimises the engine during the first rounds and throws code back when a path it
  // has not met is taken (docs/performance.md, 2026-11-29), which the warm-up now does at start.
  for (let round = 0; round <= rounds; round++) {
    const counted = round > 0;
    const record = (text: string, ms: number): void => {
      if (counted) {
        times.push(ms);
        note(text, ms);
      } else {
        firstSight.push(ms);
      }
    };
    for (const m of MESSAGES) {
      const pg = page(m.page);
      let t0 = process.hrtime.bigint();
      const first = await engine.answer(request(m.text, pg, []));
      record(m.text, Number(process.hrtime.bigint() - t0) / 1e6);
      if (m.followUp) {
        const history: EngineTurn[] = [
          { role: 'user', text: m.text },
          { role: 'assistant', text: '', state: first.state ?? null },
        ];
        t0 = process.hrtime.bigint();
        await engine.answer(request(m.followUp, pg, history));
        record(`${m.text} → ${m.followUp}`, Number(process.hrtime.bigint() - t0) / 1e6);
      }
      t0 = process.hrtime.bigint();
      const parsed = index.parseQuery(m.text);
      index.search(parsed.text, parsed.filters, 10);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (counted) {
        searchTimes.push(ms);
      }
    }
  }
  // The worst inputs: a few rounds each (one in a quick run), the median per input.
  const common = commonestWords(real);
  const reps = Math.max(1, Math.min(rounds, 3));
  let worstInputMs = 0;
  let worstInput = '';
  for (const worst of worstInputs(common)) {
    const runs: number[] = [];
    for (let v = 0; v < reps; v++) {
      const input = worst.make(v);
      const t0 = process.hrtime.bigint();
      await engine.answer(request(input.text, input.page ?? { type: 'HOMEPAGE' }, []));
      runs.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    const median = percentile(runs.sort((a, b) => a - b), 50);
    if (median > worstInputMs) {
      worstInputMs = median;
      worstInput = worst.name;
    }
  }

  times.sort((a, b) => a - b);
  firstSight.sort((a, b) => a - b);
  // Each message's median over the rounds: a round where the process was descheduled
  // (a busy machine) cannot lift it, a message that is slow every time still shows.
  const medians = [...perMessage.values()].map((l) => percentile([...l].sort((a, b) => a - b), 50)).sort((a, b) => a - b);
  searchTimes.sort((a, b) => a - b);
  return {
    size,
    buildSeconds,
    indexHeapMb,
    indexJsHeapMb,
    slowest: [...worst.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([text, ms]) => ({ text, ms: round2(ms) })),
    slowestMedians: [...perMessage.entries()]
      .map(([text, l]) => ({ text, ms: round2(percentile([...l].sort((a, b) => a - b), 50)) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8),
    answers: times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    warmUpAnswers: warm.answers,
    warmUpMs: warm.ms,
    firstSightP50: percentile(firstSight, 50),
    firstSightMax: firstSight[firstSight.length - 1] as number,
    max: times[times.length - 1] as number,
    medianP99: percentile(medians, 99),
    medianMax: medians[medians.length - 1] as number,
    loadAverage: os.loadavg()[0] as number,
    searchP50: percentile(searchTimes, 50),
    searchP99: percentile(searchTimes, 99),
    worstInputMs,
    worstInput,
  };
}

async function measureInChild(size: number, rounds: number): Promise<Measured> {
  const child = spawn(process.execPath, [...process.execArgv.filter((a) => a.startsWith('--cpu-prof')), '--import', import.meta.resolve('tsx'), fileURLToPath(import.meta.url), '--measure', String(size), String(rounds)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => (out += d));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) {
    throw new Error(`catalogue measurement failed (exit ${code})`);
  }
  return JSON.parse(out.trim().split('\n').pop() ?? '') as Measured;
}


/** Index build, index memory and engine answer time at 10,000 and 100,000 products. */
export async function benchCatalog(opts: { quick: boolean }): Promise<Result[]> {
  const sizes = opts.quick ? [10_000] : [10_000, 100_000];
  const rounds = opts.quick ? 3 : 10;
  const results: Result[] = [];
  for (const size of sizes) {
    const m = await measureInChild(size, rounds);
    if (process.env['AISLE_BENCH_VERBOSE']) {
      console.error(`slowest answers at ${size}:`, m.slowest);
      console.error(`slowest messages (median over the rounds) at ${size}:`, m.slowestMedians);
    }
    const label = `catalog engine @ ${size.toLocaleString('en-US')} products`;
    const big = size >= 100_000;
    results.push(
      { name: `${label}: index build`, value: round2(m.buildSeconds), unit: 's' },
      { name: `${label}: index memory (heap + typed arrays, growth after GC)`, value: Math.round(m.indexHeapMb), unit: 'MB', ...(big ? { target: '< 300 MB' } : {}) },
      { name: `${label}: of which JS heap`, value: Math.round(m.indexJsHeapMb), unit: 'MB' },
      { name: `${label}: answer p50 (${m.answers} answers)`, value: round2(m.p50), unit: 'ms' },
      { name: `${label}: answer p99`, value: round2(m.p99), unit: 'ms', ...(big ? { target: '< 5 ms' } : {}) },
      { name: `${label}: the start's warm-up (${m.warmUpAnswers} answers)`, value: Math.round(m.warmUpMs), unit: 'ms' },
      { name: `${label}: each message's first answer after the warm-up, p50`, value: round2(m.firstSightP50), unit: 'ms' },
      { name: `${label}: each message's first answer after the warm-up, slowest`, value: round2(m.firstSightMax), unit: 'ms' },
      { name: `${label}: answer max`, value: round2(m.max), unit: 'ms' },
      { name: `${label}: per-message median answer time, p99 over messages`, value: round2(m.medianP99), unit: 'ms' },
      { name: `${label}: per-message median answer time, slowest message`, value: round2(m.medianMax), unit: 'ms' },
      { name: `${label}: machine load average during the run`, value: round2(m.loadAverage), unit: '' },
      { name: `${label}: parse + search p50`, value: round2(m.searchP50), unit: 'ms' },
      { name: `${label}: parse + search p99`, value: round2(m.searchP99), unit: 'ms' },
      { name: `${label}: engine time for the worst input known (${m.worstInput})`, value: round2(m.worstInputMs), unit: 'ms', target: '< 250 ms' },
    );
  }
  return results;
}

const args = process.argv.slice(2);
if (args[0] === '--measure') {
  const m = await measure(Number(args[1]), Number(args[2]));
  process.stdout.write(`${JSON.stringify(m)}\n`);
} else if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const results = await benchCatalog({ quick: args.includes('--quick') });
  for (const r of results) {
    console.log(`${r.name}: ${r.value} ${r.unit}${r.target ? ` (target ${r.target})` : ''}`);
  }
}
