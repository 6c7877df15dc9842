/**
 * LLM engine benchmark: the latency the engine adds around the model. The engine runs
 * against the fake OpenAI-compatible server (test/helpers/fake-openai.ts) on loopback,
 * which answers every completion after a fixed, known delay; the added latency of a turn is
 * its wall time minus (model calls × that delay). It covers building the prompt, the SDK's
 * request and response handling, loopback HTTP, the catalogue tools, checking the answer
 * and filling the cards. Two turn shapes: the model answers at once (one call), and the
 * model searches first (two calls: a search_products round, then the answer). The CPU time
 * per turn is reported too: on a busy machine it says what the wall time cannot.
 * Run alone: `npx tsx bench/components/llm-engine.ts [--quick]`.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFeedFile } from '../../src/catalog/import/index.ts';
import type { CatalogProduct } from '../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../src/catalog/search/index.ts';
import { createCatalogEngine } from '../../src/assistant/catalog-engine/index.ts';
import { createLlmEngine } from '../../src/assistant/llm-engine/index.ts';
import type { EngineRequest } from '../../src/assistant/engine.ts';
import { parseTenant } from '../../src/config/tenants-file.ts';
import { answerReply, startFakeOpenAI, toolReply, type FakeReply, type RecordedRequest } from '../../test/helpers/fake-openai.ts';

type Result = { name: string; value: number; unit: string; target?: string };

const DEMO_CATALOG = fileURLToPath(new URL('../../examples/demo/catalog.jsonl', import.meta.url));
/** The fake model's answer time for every completion. */
const MODEL_DELAY_MS = Number(process.env.BENCH_LLM_DELAY ?? 25);

const QUESTIONS = ['Нужен смартфон Samsung до 50 000', 'беспроводные наушники с шумоподавлением', 'кофемашина для дома', 'телевизор 55 дюймов', 'робот-пылесос'];

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Measures the engine's added latency p50/p99 for both turn shapes. */
export async function benchLlmEngine(opts: { quick: boolean }): Promise<Result[]> {
  const products: CatalogProduct[] = [];
  for await (const item of readFeedFile(DEMO_CATALOG)) {
    if (item.kind === 'product') {
      products.push(item.product);
    }
  }
  const index = buildCatalogIndex(products, { language: 'ru' });
  const catalogs = { get: () => index };
  const fake = await startFakeOpenAI();
  let searchFirst = false;
  // The model's script: search first (when asked to), then answer with the SKUs it found.
  fake.otherwise = (request: RecordedRequest): FakeReply => {
    const tool = [...request.body.messages].reverse().find((m) => m.role === 'tool');
    if (searchFirst && !tool) {
      const question = String(request.body.messages[request.body.messages.length - 1]?.content ?? '');
      return { ...toolReply('search_products', { query: question }), delayMs: MODEL_DELAY_MS };
    }
    const found = tool ? ((JSON.parse(String(tool.content)) as { products?: Array<{ sku: string }> }).products ?? []).map((p) => p.sku) : ['101001', '101004'];
    return answerReply({ text: 'Вот что нашлось — лучший выбор первым.', products: found.slice(0, 6), quick_replies: ['А подешевле?', 'Сравни первые два'] }, MODEL_DELAY_MS);
  };
  try {
    const tenant = parseTenant(
      { id: 'bench-llm', name: 'Bench Shop', memory: true, engine: { type: 'llm', llm: { baseUrl: fake.baseUrl, model: 'bench', timeoutMs: 10_000 } } },
      0,
      process.cwd(),
    );
    const silent = { warn: () => undefined, debug: () => undefined } as never;
    const engine = createLlmEngine(tenant, tenant.engine.llm!, { catalogs, fallback: createCatalogEngine({ catalogs }), log: silent, env: {} });
    const tracking = { block: (t: string) => `https://b.test/${t}`, card: (t: string, s: string) => `https://b.test/${t}/${s}` };
    const request = (i: number): EngineRequest => ({
      tenant,
      text: QUESTIONS[i % QUESTIONS.length] as string,
      image: null,
      page: { type: 'HOMEPAGE' },
      history: [
        { role: 'user', text: 'Здравствуйте' },
        { role: 'assistant', text: 'Здравствуйте! Что ищете?' },
      ],
      preferences: { budgetMax: 60000, brands: ['Samsung'] },
      tracking,
      signal: new AbortController().signal,
    });

    const turns = opts.quick ? 100 : 400;
    // Enough turns for the JIT to settle before anything is counted.
    const warm = opts.quick ? 40 : 60;
    const results: Result[] = [];
    for (const [shape, search] of [['answer only', false], ['search + answer', true]] as const) {
      searchFirst = search;
      const calls = search ? 2 : 1;
      const added: number[] = [];
      let cpuStart = process.cpuUsage();
      for (let i = 0; i < warm + turns; i++) {
        if (i === warm) {
          cpuStart = process.cpuUsage();
        }
        fake.requests.length = 0;
        const t0 = performance.now();
        await engine.answer(request(i));
        const ms = performance.now() - t0;
        if (fake.requests.length !== calls) {
          throw new Error(`expected ${calls} model calls, got ${fake.requests.length}`);
        }
        if (i >= warm) {
          added.push(ms - calls * MODEL_DELAY_MS);
        }
      }
      const cpu = process.cpuUsage(cpuStart);
      added.sort((a, b) => a - b);
      results.push(
        // Robust to a busy machine, unlike wall time: what one turn costs the process.
        { name: `llm engine CPU per turn incl. the fake server (${shape})`, value: round2((cpu.user + cpu.system) / 1000 / turns), unit: 'ms' },
        { name: `llm engine added latency p50 (${shape}, model ${MODEL_DELAY_MS} ms × ${calls})`, value: round2(percentile(added, 50)), unit: 'ms', target: '< 15 ms' },
        { name: `llm engine added latency p99 (${shape}, model ${MODEL_DELAY_MS} ms × ${calls})`, value: round2(percentile(added, 99)), unit: 'ms', target: '< 40 ms' },
      );
    }
    return results;
  } finally {
    await fake.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const r of await benchLlmEngine({ quick: process.argv.includes('--quick') })) {
    console.log(`${r.name}: ${r.value} ${r.unit}${r.target ? ` (target ${r.target})` : ''}`);
  }
}
