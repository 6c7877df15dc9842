/**
 * Catalogue import benchmark: writes a YML feed of 100,000 offers (10,000 with `quick`)
 * built from the real products in ../shared/data/catalogs/*.jsonl, repeated with new ids,
 * in windows-1251 like most Russian shops' feeds, then reads it through readFeedFile and
 * reports time, throughput and memory growth. Run alone: `npx tsx bench/components/catalog-import.ts [--quick]`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import iconv from 'iconv-lite';
import { readFeedFile } from '../../src/catalog/import/index.ts';
import type { CatalogProduct } from '../../src/catalog/product.ts';
import { CATALOG_FILES, SHARED_CATALOGS, loadRealProducts } from '../lib/real-catalogs.ts';


function xml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}


/** Writes the feed with backpressure so that generating it does not inflate the figures. */
async function writeFeed(path: string, products: CatalogProduct[], offers: number): Promise<void> {
  const categoryIds = new Map<string, { id: number; parent: number | undefined; name: string }>();
  for (const p of products) {
    let parent: number | undefined;
    for (let i = 0; i < p.categories.length; i++) {
      const key = p.categories.slice(0, i + 1).join('\u0001');
      let c = categoryIds.get(key);
      if (!c) {
        c = { id: categoryIds.size + 1, parent, name: p.categories[i]! };
        categoryIds.set(key, c);
      }
      parent = c.id;
    }
  }
  const out = createWriteStream(path);
  const write = async (s: string): Promise<void> => {
    if (!out.write(iconv.encode(s, 'win1251'))) {
      await once(out, 'drain');
    }
  };
  await write('<?xml version="1.0" encoding="windows-1251"?>\n<!DOCTYPE yml_catalog SYSTEM "shops.dtd">\n');
  await write('<yml_catalog date="2026-01-01 00:00">\n<shop>\n<name>Bench</name>\n<company>Bench</company>\n<url>https://bench.example</url>\n');
  await write('<currencies><currency id="RUB" rate="1"/></currencies>\n<categories>\n');
  for (const c of categoryIds.values()) {
    await write(`<category id="${c.id}"${c.parent ? ` parentId="${c.parent}"` : ''}>${xml(c.name)}</category>\n`);
  }
  await write('</categories>\n<offers>\n');
  let buf = '';
  for (let i = 0; i < offers; i++) {
    const p = products[i % products.length]!;
    const cat = p.categories.length > 0 ? categoryIds.get(p.categories.join('\u0001'))?.id : undefined;
    buf += `<offer id="B${i}" available="${p.available}">\n<name>${xml(p.name)}</name>\n`;
    if (p.brand) {
      buf += `<vendor>${xml(p.brand)}</vendor>\n`;
    }
    if (p.url) {
      buf += `<url>${xml(p.url)}</url>\n`;
    }
    buf += `<price>${p.price ?? 0}</price>\n`;
    if (p.oldPrice) {
      buf += `<oldprice>${p.oldPrice}</oldprice>\n`;
    }
    buf += `<currencyId>${p.currency ?? 'RUB'}</currencyId>\n`;
    if (cat) {
      buf += `<categoryId>${cat}</categoryId>\n`;
    }
    if (p.imageUrl) {
      buf += `<picture>${xml(p.imageUrl)}</picture>\n`;
    }
    if (p.description) {
      buf += `<description><![CDATA[<p>${p.description.replace(/]]>/g, '')}</p>]]></description>\n`;
    }
    for (const [k, v] of Object.entries(p.params).slice(0, 15)) {
      buf += `<param name="${xml(k)}">${xml(v)}</param>\n`;
    }
    buf += '</offer>\n';
    if (buf.length > 256 * 1024) {
      await write(buf);
      buf = '';
    }
  }
  await write(buf + '</offers>\n</shop>\n</yml_catalog>\n');
  out.end();
  await once(out, 'finish');
}

/** The V8 collector, exposed at run time so the bench needs no node flag. */
function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

interface Measured {
  seconds: number;
  products: number;
  skipped: number;
  rssGrowth: number;
  heapGrowth: number;
  liveHeapMidRun: number;
  baseRss: number;
}

/** Imports the feed and measures; runs in a fresh process so nothing else sits in its memory. */
async function measure(path: string, offers: number): Promise<Measured> {
  const half = Math.floor(offers / 2);
  let liveMid = 0;
  const gc = exposeGc();
  // Warm the readers' modules first so that loading code is not counted as growth.
  for await (const _ of readFeedFile(join(SHARED_CATALOGS, CATALOG_FILES[0]!))) {
    break;
  }
  gc();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  let products = 0;
  let skipped = 0;
  const started = process.hrtime.bigint();
  for await (const item of readFeedFile(path)) {
    if (item.kind === 'product') {
      products++;
    } else {
      skipped++;
    }
    if (products + skipped === half) {
      // What the reader really keeps (the id set, category map, buffers) without the
      // garbage that a collector would free anyway.
      gc();
      liveMid = process.memoryUsage().heapUsed - base.heapUsed;
    }
    if ((products + skipped) % 500 === 0) {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { seconds, products, skipped, rssGrowth: peakRss - base.rss, heapGrowth: peakHeap - base.heapUsed, liveHeapMidRun: liveMid, baseRss: base.rss };
}

/** Runs `measure` in a child process (same tsx loader) and returns its figures. */
async function measureInChild(path: string, offers: number): Promise<Measured> {
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), fileURLToPath(import.meta.url), '--measure', path, String(offers)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => (out += d));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) {
    throw new Error(`import measurement failed (exit ${code})`);
  }
  return JSON.parse(out.trim().split('\n').pop() ?? '') as Measured;
}

/** Generates the feed, imports it in a fresh process, and returns the figures for `npm run bench`. */
export async function benchCatalogImport(opts: { quick: boolean }): Promise<Array<{ name: string; value: number; unit: string; target?: string }>> {
  const offers = opts.quick ? 10_000 : 100_000;
  const dir = mkdtempSync(join(tmpdir(), 'aisle-bench-import-'));
  const path = join(dir, 'feed.xml');
  try {
    await writeFeed(path, await loadRealProducts(), offers);
    const fileMb = statSync(path).size / 1024 / 1024;
    const m = await measureInChild(path, offers);
    if (m.products !== offers) {
      throw new Error(`expected ${offers} products, got ${m.products} (${m.skipped} skipped)`);
    }
    const mb = (n: number): number => Math.round((n / 1024 / 1024) * 10) / 10;
    const results: Array<{ name: string; value: number; unit: string; target?: string }> = [
      { name: `catalog import: ${offers} YML offers (windows-1251, ${Math.round(fileMb)} MB)`, value: Math.round(m.seconds * 100) / 100, unit: 's' },
      { name: 'catalog import: throughput', value: Math.round(m.products / m.seconds), unit: 'offers/s' },
      { name: 'catalog import: peak RSS growth over the run', value: mb(m.rssGrowth), unit: 'MB', target: 'bounded, well under the feed size' },
      { name: 'catalog import: peak heap growth over the run', value: mb(m.heapGrowth), unit: 'MB', target: 'bounded, well under the feed size' },
      { name: 'catalog import: live heap at half-way (after GC)', value: mb(m.liveHeapMidRun), unit: 'MB' },
    ];
    if (!opts.quick) {
      results[0]!.target = '< 30 s';
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--measure');
  if (at > 0) {
    console.log(JSON.stringify(await measure(process.argv[at + 1]!, Number(process.argv[at + 2]))));
    process.exit(0);
  }
  const quick = process.argv.includes('--quick');
  for (const r of await benchCatalogImport({ quick })) {
    console.log(`${r.name}: ${r.value} ${r.unit}${r.target ? ` (target ${r.target})` : ''}`);
  }
}
