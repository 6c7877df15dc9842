/**
 * Small helpers shared by the benchmark and the seeder: a seeded random generator (so a
 * population is the same every time it is built), deterministic ids, percentiles and
 * command-line flags.
 */
import { createHash } from 'node:crypto';

/** A fast seeded generator (sfc32): the same seed gives the same population on every run. */
export function seededRandom(seed: string): () => number {
  const h = createHash('sha256').update(seed).digest();
  let a = h.readUInt32LE(0);
  let b = h.readUInt32LE(4);
  let c = h.readUInt32LE(8);
  let d = h.readUInt32LE(12);
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs of sfc32 are poorly mixed.
  for (let i = 0; i < 12; i++) {
    next();
  }
  return next;
}

/** A UUID (version-4 layout) derived from `input`, so seeded identifiers are reproducible. */
export function uuidFrom(input: string): string {
  const b = createHash('sha256').update(input).digest();
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex', 0, 16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The p-th percentile (0–100) of an ascending array; NaN when empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) {
    return Number.NaN;
  }
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function median(values: number[]): number {
  if (values.length === 0) {
    return Number.NaN;
  }
  const s = [...values].sort((x, y) => x - y);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function round(value: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** `--name value` or `--name=value`; every occurrence, in order. */
export function flagValues(argv: string[], name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === `--${name}` && i + 1 < argv.length) {
      out.push(argv[++i]!);
    } else if (arg.startsWith(`--${name}=`)) {
      out.push(arg.slice(name.length + 3));
    }
  }
  return out;
}

export function flagValue(argv: string[], name: string): string | undefined {
  return flagValues(argv, name).at(-1);
}

export function hasFlag(argv: string[], name: string): boolean {
  return argv.includes(`--${name}`);
}

/** A whole number with thousands separators: 1,000,000. */
export function thousands(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
