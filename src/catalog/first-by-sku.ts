/**
 * The one rule for a SKU that repeats within a catalogue: the first product with it is
 * kept, every later one is a duplicate (reported to the shop as "duplicate id", never
 * silently replacing the first). The feed readers' validator, the import into the database
 * and the search index all go through this, so they cannot disagree about which of two
 * offers with one id a buyer sees.
 */

/** The skip reason of a repeated SKU. */
export const DUPLICATE_SKU = 'duplicate id';

/**
 * The SKUs taken so far, each with the number of the product that took it (0, 1, … in
 * the order they were taken). A Map, as SKUs are the feed's text ("__proto__" is an id
 * like any other).
 */
export class FirstBySku {
  private readonly taken = new Map<string, number>();

  /** Takes `sku` for the next product; false when an earlier product has it (a duplicate). */
  take(sku: string): boolean {
    if (this.taken.has(sku)) {
      return false;
    }
    this.taken.set(sku, this.taken.size);
    return true;
  }

  /** The number of the product that took `sku`. */
  numberOf(sku: string): number | undefined {
    return this.taken.get(sku);
  }
}
