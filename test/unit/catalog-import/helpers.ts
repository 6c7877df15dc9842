/** Shared helpers of the catalogue import tests: where the real feeds are, and collecting a feed. */
import { readFeed, readFeedFile, type FeedFormat, type FeedItem } from '../../../src/catalog/import/index.ts';
import type { CatalogProduct, SkippedOffer } from '../../../src/catalog/product.ts';
import { sharedDataPath, sharedDataSkip } from '../../helpers/shared-data.ts';

/** The real feeds and catalogues under ../shared/data; read there, never copied. */
export const FEEDS = `${sharedDataPath('feeds')}/`;
export const CATALOGS = `${sharedDataPath('catalogs')}/`;
/** Skip option for tests that need the shared data (a checkout without it still runs the rest; CI refuses the skip). */
export const needsData = sharedDataSkip;

export interface Collected {
  products: CatalogProduct[];
  skipped: SkippedOffer[];
  bySku: Map<string, CatalogProduct>;
}

async function collectItems(items: AsyncIterable<FeedItem>): Promise<Collected> {
  const products: CatalogProduct[] = [];
  const skipped: SkippedOffer[] = [];
  for await (const item of items) {
    if (item.kind === 'product') {
      products.push(item.product);
    } else {
      skipped.push(item.offer);
    }
  }
  return { products, skipped, bySku: new Map(products.map((p) => [p.sku, p])) };
}

/** Reads a whole feed file into arrays (the feeds in the tests are small). */
export function collectFile(path: string, format?: FeedFormat): Promise<Collected> {
  return collectItems(readFeedFile(path, format ? { format } : {}));
}

/**
 * Reads an in-memory feed, split into chunks of `chunkSize` bytes so that tokens, lines and
 * multi-byte characters cross chunk boundaries as they do in real streams.
 */
export function collectBytes(data: Buffer | string, options: { format?: FeedFormat; fileName?: string; chunkSize?: number } = {}): Promise<Collected> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const size = options.chunkSize ?? 64 * 1024;
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let i = 0; i < bytes.length; i += size) {
      yield bytes.subarray(i, i + size);
    }
  }
  const opts: { format?: FeedFormat; fileName?: string } = {};
  if (options.format) {
    opts.format = options.format;
  }
  if (options.fileName) {
    opts.fileName = options.fileName;
  }
  return collectItems(readFeed(chunks(), opts));
}

/**
 * A product with its parameters in a plain object, to compare with a literal: products keep
 * parameters in a table without a prototype (a feed's names are keys like any other).
 */
export function plain(p: CatalogProduct | undefined): unknown {
  return p && { ...p, params: { ...p.params } };
}

/** Counts skipped offers by reason with any "line N: " prefix removed. */
export function reasons(skipped: SkippedOffer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of skipped) {
    const r = s.reason.replace(/^line \d+: /, '');
    out[r] = (out[r] ?? 0) + 1;
  }
  return out;
}
