/**
 * What every feed reader yields (a product or a skipped offer) and the error of a feed that
 * cannot be read at all.
 */
import type { CatalogProduct, SkippedOffer } from '../product.ts';

export type FeedFormat = 'yml' | 'google' | 'csv' | 'jsonl';

/** What a reader yields: a valid product, or an offer it skipped and why. */
export type FeedItem = { kind: 'product'; product: CatalogProduct } | { kind: 'skipped'; offer: SkippedOffer };

/** Thrown when a feed cannot be read at all: unknown format, unsupported encoding, not a feed. */
export class FeedFormatError extends Error {
  override name = 'FeedFormatError';
}
