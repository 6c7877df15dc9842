/**
 * Structural checks of the three accepted containers, done before the pixels are decoded.
 *
 * libvips is lenient by design: it shows whatever it can of a damaged file. The contract wants a
 * damaged file refused (422), so the container is walked strictly first — every PNG chunk whole
 * with a correct CRC and an IEND, the PNG image datastream ending exactly where its last IDAT
 * does, every JPEG marker segment before the scan whole, every WebP RIFF chunk whole. The pixel
 * data itself is then checked by the decoder with `failOn: 'warning'`.
 */
import { crc32, createInflate } from 'node:zlib';
import type { SupportedMediaType } from './limits.ts';

/** Describes the first structural problem of the container, or `undefined` when it is sound. */
export async function containerProblem(bytes: Buffer, type: SupportedMediaType): Promise<string | undefined> {
  switch (type) {
    case 'image/png':
      return pngProblem(bytes);
    case 'image/jpeg':
      return jpegProblem(bytes);
    case 'image/webp':
      return webpProblem(bytes);
  }
}

async function pngProblem(bytes: Buffer): Promise<string | undefined> {
  const idat: Buffer[] = [];
  let offset = 8;
  let first = true;
  let idatClosed = false;
  let sawIend = false;
  while (offset < bytes.length) {
    if (offset + 12 > bytes.length) {
      return 'truncated chunk header';
    }
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) {
      return 'truncated chunk';
    }
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length)) {
      return 'chunk CRC mismatch';
    }
    if (first && (type !== 'IHDR' || length !== 13)) {
      return 'IHDR is not the first chunk';
    }
    first = false;
    if (type === 'IDAT') {
      // PNG requires consecutive IDAT chunks: one that comes back later is not part of the image.
      if (idatClosed) {
        return 'IDAT chunks are not consecutive';
      }
      idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    } else if (idat.length > 0) {
      idatClosed = true;
    }
    offset = end;
    if (type === 'IEND') {
      sawIend = true;
      // Bytes after IEND are ignored by every decoder and dropped by re-encoding, like a JPEG's
      // trailer after EOI, so they are tolerated.
      break;
    }
  }
  if (!sawIend) {
    return 'no IEND chunk';
  }
  if (idat.length === 0) {
    return 'no image data';
  }
  return zlibStreamProblem(idat);
}

/**
 * Inflates the image datastream without keeping the output, to learn where the zlib stream ends.
 * Data after its end means the IDAT chunks hold something that is not this image (e.g. a second
 * copy of the stream), which decoders silently ignore; an unfinished stream means truncation.
 */
function zlibStreamProblem(parts: readonly Buffer[]): Promise<string | undefined> {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  return new Promise((resolve) => {
    const inflate = createInflate();
    inflate.on('data', () => {
      // Discarded: only the stream's boundaries matter here, and keeping 16 MP of rows would cost memory.
    });
    inflate.once('error', () => resolve('image datastream is not valid zlib'));
    inflate.once('end', () => resolve(inflate.bytesWritten < total ? 'data after the end of the image datastream' : undefined));
    for (const part of parts) {
      inflate.write(part);
    }
    inflate.end();
  });
}

function jpegProblem(bytes: Buffer): string | undefined {
  let offset = 2;
  // Walk the marker segments up to the first scan; the entropy-coded data after it is the
  // decoder's to check (failOn) and may legitimately be followed by trailers after EOI.
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) {
      return 'expected a marker';
    }
    while (bytes[offset] === 0xff) {
      offset++; // fill bytes before a marker are allowed
    }
    if (offset >= bytes.length) {
      return 'truncated marker';
    }
    const marker = bytes[offset]!;
    offset++;
    if (marker === 0xd8 || marker === 0xd9 || marker === 0x00) {
      return 'unexpected marker before the scan';
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      continue; // standalone markers carry no length
    }
    if (offset + 2 > bytes.length) {
      return 'truncated segment';
    }
    const length = bytes.readUInt16BE(offset);
    if (length < 2 || offset + length > bytes.length) {
      return 'truncated segment';
    }
    if (marker === 0xda) {
      return offset + length < bytes.length ? undefined : 'no scan data';
    }
    offset += length;
  }
  return 'no scan';
}

function webpProblem(bytes: Buffer): string | undefined {
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length) {
    return 'truncated RIFF';
  }
  let offset = 12;
  while (offset < riffEnd) {
    if (offset + 8 > riffEnd) {
      return 'truncated chunk header';
    }
    const size = bytes.readUInt32LE(offset + 4);
    // Chunks are padded to an even size; the pad byte of the last chunk may be missing in the wild.
    const end = offset + 8 + size + (size % 2);
    if (offset + 8 + size > riffEnd) {
      return 'truncated chunk';
    }
    offset = end;
  }
  return undefined;
}
