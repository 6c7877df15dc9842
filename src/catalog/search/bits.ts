/** Bit counting shared by typo lookup (letter sets) and ranking (matched query words). */

/** How many bits of a 32-bit integer are set. */
export function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
