/**
 * Image pipeline benchmark (issue 6): time and peak memory to normalise a 16-megapixel JPEG, and
 * 8 concurrent uploads of ~4 MiB JPEGs.
 *
 * Inputs are generated (no real photo that large ships with the project) in this process and
 * written to a temp dir; each measurement then runs in a fresh child process that reads them,
 * takes its RSS baseline before touching sharp, and samples RSS every few milliseconds. That way
 * memory the allocator keeps from generating the inputs or from an earlier phase does not hide
 * the growth being measured. Uploads go through the Base64 form, as they arrive over HTTP.
 *
 * Run alone: `npx tsx bench/components/images.ts [--quick]`.
 */
import { execFile } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  target?: string;
}

const SELF = fileURLToPath(import.meta.url);
const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MB = 1024 * 1024;

/** Runs the image benchmark and returns its figures. */
export async function benchImages(opts: { quick: boolean }): Promise<BenchFigure[]> {
  const dir = await mkdtemp(join(tmpdir(), 'aisle-bench-images-'));
  try {
    const inputs = await generateInputs(dir);
    const single = await runChild(['single', dir, String(opts.quick ? 5 : 9)]);
    const concurrent = await runChild(['concurrent', dir]);
    return [
      { name: 'images.16mp_jpeg.input_size', value: round(inputs.big / MB, 2), unit: 'MiB' },
      { name: 'images.16mp_jpeg.normalise_p50', value: round(single.p50Ms, 1), unit: 'ms', target: '< 400' },
      { name: 'images.16mp_jpeg.normalise_max', value: round(single.maxMs, 1), unit: 'ms' },
      { name: 'images.16mp_jpeg.peak_rss_growth', value: round(single.peakGrowthMb, 1), unit: 'MB' },
      { name: 'images.8_concurrent_4mib.input_size_mean', value: round(inputs.concurrentMean / MB, 2), unit: 'MiB' },
      { name: 'images.8_concurrent_4mib.total', value: round(concurrent.totalMs, 1), unit: 'ms' },
      { name: 'images.8_concurrent_4mib.throughput', value: round(concurrent.throughput, 2), unit: 'images/s' },
      { name: 'images.8_concurrent_4mib.peak_rss_growth', value: round(concurrent.peakGrowthMb, 1), unit: 'MB', target: '< 300' },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A photo-sized JPEG of a gradient with grain, so it compresses like a real photo rather than a flat fill. */
async function photoLikeJpeg(width: number, height: number, grain: number, quality: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const pixels = Buffer.allocUnsafe(width * height * 3);
  randomFillSync(pixels);
  for (let y = 0, i = 0; y < height; y++) {
    const row = (y / height) * 160;
    for (let x = 0; x < width; x++) {
      const base = 40 + row + (x / width) * 50;
      for (let c = 0; c < 3; c++, i++) {
        pixels[i] = Math.max(0, Math.min(255, base + c * 15 + ((pixels[i]! % (2 * grain + 1)) - grain)));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

async function generateInputs(dir: string): Promise<{ big: number; concurrentMean: number }> {
  // 4896 × 3264 = 15.98 MP, a 16-megapixel camera's frame, within the 16,000,000-pixel limit.
  const big = await photoLikeJpeg(4896, 3264, 24, 85);
  await writeFile(join(dir, 'big.jpg'), big);
  let total = 0;
  for (let i = 0; i < 8; i++) {
    // Distinct files (fresh grain each), ~4 MiB each.
    const image = await photoLikeJpeg(4000, 3000, 30, 88);
    total += image.length;
    await writeFile(join(dir, `concurrent-${i}.jpg`), image);
  }
  return { big: big.length, concurrentMean: total / 8 };
}

interface ChildResult {
  p50Ms: number;
  maxMs: number;
  totalMs: number;
  throughput: number;
  peakGrowthMb: number;
}

async function runChild(args: string[]): Promise<ChildResult> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', SELF, '--child', ...args], {
    cwd: PROJECT_ROOT,
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ChildResult;
}

/** In the child: measure one phase and print its result as one JSON line. */
async function child(phase: string, dir: string, runsText?: string): Promise<void> {
  const files = (await readdir(dir)).sort();
  const read = async (name: string): Promise<string> => (await readFile(join(dir, name))).toString('base64');
  const uploads =
    phase === 'single' ? [await read('big.jpg')] : await Promise.all(files.filter((f) => f.startsWith('concurrent-')).map(read));

  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);

  // Imported after the baseline on purpose: loading libvips is part of what a first upload costs.
  const { createImagePipeline } = await import('../../src/images/index.ts');
  const pipeline = createImagePipeline();
  const source = (data: string) => ({ type: 'base64' as const, mediaType: 'image/jpeg', data });

  const result: ChildResult = { p50Ms: 0, maxMs: 0, totalMs: 0, throughput: 0, peakGrowthMb: 0 };
  if (phase === 'single') {
    const times: number[] = [];
    for (let i = 0; i < Number(runsText ?? 5); i++) {
      const start = performance.now();
      await pipeline.normalise(source(uploads[0]!));
      times.push(performance.now() - start);
    }
    times.sort((x, y) => x - y);
    result.p50Ms = times[Math.floor(times.length / 2)]!;
    result.maxMs = times.at(-1)!;
  } else {
    const start = performance.now();
    await Promise.all(uploads.map((data) => pipeline.normalise(source(data))));
    result.totalMs = performance.now() - start;
    result.throughput = uploads.length / (result.totalMs / 1000);
  }
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  result.peakGrowthMb = (peak - baseline) / 1e6;
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const childAt = process.argv.indexOf('--child');
  if (childAt !== -1) {
    const [phase, dir, runs] = process.argv.slice(childAt + 1);
    await child(phase!, dir!, runs);
  } else {
    const figures = await benchImages({ quick: process.argv.includes('--quick') });
    for (const figure of figures) {
      console.log(`${figure.name.padEnd(44)} ${String(figure.value).padStart(9)} ${figure.unit}${figure.target ? `   (target ${figure.target})` : ''}`);
    }
  }
}
