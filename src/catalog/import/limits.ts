/** How much of a feed one product may hold, and how much raw text is read to fill it. */

/**
 * How much more of a field than its limit is read: cleaning (entities, whitespace) only
 * shortens text, so this much raw text always holds what the product keeps.
 */
export const READ_FACTOR = 8;
/** Descriptions are HTML: markup can be many times the text. */
export const DESCRIPTION_READ_FACTOR = 32;

/** Caps on what one product may hold; documented in docs/catalog-formats.md. */
export const LIMITS = {
  /** Longer descriptions are cut at a word boundary and end with "…". */
  descriptionChars: 2000,
  /** Longer names are cut; a name this long is a description pasted into the wrong field. */
  nameChars: 500,
  skuChars: 200,
  brandChars: 200,
  categoryLevels: 10,
  categoryChars: 200,
  params: 100,
  paramNameChars: 100,
  paramValueChars: 500,
  urlChars: 2048,
  /** Longer price text is not a price (and is never parsed). */
  priceChars: 64,
  /** A JSONL/CSV line longer than this is reported as skipped instead of being buffered. */
  lineBytes: 4 * 1024 * 1024,
} as const;
