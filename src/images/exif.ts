/**
 * A strict well-formedness check of an image's EXIF block (the TIFF structure inside it).
 *
 * We strip all metadata from the output, so we never *use* EXIF except for one tag: the
 * orientation, which decides how the picture is turned. A block whose structure is broken
 * (truncated, pointers out of bounds, wrong types for the baseline tags) cannot be trusted to
 * say how the picture is turned, and malformed metadata is a classic way into decoders — so such
 * a file is treated as damaged (422) rather than silently half-read.
 *
 * Only the IFDs libvips and we read are walked: IFD0, its chain (IFD1 = thumbnail), and the
 * Exif, GPS and Interoperability sub-IFDs. Maker notes are opaque and left alone.
 */

// Byte size of one value of each TIFF field type (TIFF 6.0 section 2, plus 13 = IFD from TIFF-EP).
const TYPE_SIZES: Readonly<Record<number, number>> = {
  1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4,
};

const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;
const IFD = 13;

const TAG_ORIENTATION = 0x0112;
const TAG_X_RESOLUTION = 0x011a;
const TAG_Y_RESOLUTION = 0x011b;
const TAG_RESOLUTION_UNIT = 0x0128;
const SUB_IFD_POINTERS = new Set([0x8769 /* Exif */, 0x8825 /* GPS */, 0xa005 /* Interoperability */]);

// Baseline tags whose type and count the TIFF/EXIF specifications fix; a writer that gets these
// wrong has produced a damaged block (Pillow's invalid-exif test files are exactly that).
const FIXED_SHAPE: ReadonlyMap<number, { types: readonly number[]; count: number }> = new Map([
  [TAG_ORIENTATION, { types: [SHORT], count: 1 }],
  [TAG_X_RESOLUTION, { types: [RATIONAL], count: 1 }],
  [TAG_Y_RESOLUTION, { types: [RATIONAL], count: 1 }],
  [TAG_RESOLUTION_UNIT, { types: [SHORT], count: 1 }],
  [0x8769, { types: [LONG, IFD], count: 1 }],
  [0x8825, { types: [LONG, IFD], count: 1 }],
  [0xa005, { types: [LONG, IFD], count: 1 }],
]);

const MAX_IFDS = 16;
const MAX_ENTRIES_PER_IFD = 1000;

/**
 * Describes the first structural problem of an EXIF block, or returns `undefined` when it is
 * well formed. Accepts the block with or without the `Exif\0\0` prefix of the JPEG APP1 segment.
 */
export function exifProblem(exif: Uint8Array): string | undefined {
  let tiff = Buffer.from(exif.buffer, exif.byteOffset, exif.byteLength);
  if (tiff.length >= 6 && tiff.toString('latin1', 0, 6) === 'Exif\0\0') {
    tiff = tiff.subarray(6);
  }
  if (tiff.length < 8) {
    return 'truncated header';
  }
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') {
    return 'bad byte order';
  }
  const little = order === 'II';
  const u16 = (at: number): number => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number): number => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) {
    return 'bad magic number';
  }

  const visited = new Set<number>();
  const pending: number[] = [u32(4)];
  while (pending.length > 0) {
    const offset = pending.pop()!;
    if (visited.has(offset)) {
      return 'IFD loop';
    }
    visited.add(offset);
    if (visited.size > MAX_IFDS) {
      return 'too many IFDs';
    }
    if (offset < 8 || offset + 2 > tiff.length) {
      return 'IFD offset out of bounds';
    }
    const entries = u16(offset);
    if (entries > MAX_ENTRIES_PER_IFD) {
      return 'too many entries';
    }
    const tableEnd = offset + 2 + entries * 12;
    if (tableEnd > tiff.length) {
      return 'IFD entries out of bounds';
    }
    for (let i = 0; i < entries; i++) {
      const at = offset + 2 + i * 12;
      const tag = u16(at);
      const type = u16(at + 2);
      const count = u32(at + 4);
      const size = TYPE_SIZES[type];
      if (size === undefined) {
        return 'unknown field type';
      }
      const byteLength = size * count;
      if (byteLength > 4 && u32(at + 8) + byteLength > tiff.length) {
        return 'value out of bounds';
      }
      const shape = FIXED_SHAPE.get(tag);
      if (shape !== undefined && (!shape.types.includes(type) || count !== shape.count)) {
        return 'baseline tag with the wrong type';
      }
      if (tag === TAG_ORIENTATION && u16(at + 8) > 8) {
        return 'orientation out of range';
      }
      if ((tag === TAG_X_RESOLUTION || tag === TAG_Y_RESOLUTION) && u32(u32(at + 8) + 4) === 0) {
        return 'zero resolution denominator';
      }
      if (SUB_IFD_POINTERS.has(tag)) {
        pending.push(u32(at + 8));
      }
    }
    // The next-IFD pointer; some writers end a sub-IFD at the block's last byte without one.
    if (tableEnd + 4 <= tiff.length) {
      const next = u32(tableEnd);
      if (next !== 0) {
        pending.push(next);
      }
    }
  }
  return undefined;
}
