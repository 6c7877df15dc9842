/** Shared helpers for the image tests: where the public sample images live, and how to look at a result. */
import sharp from 'sharp';
import type { ImageSource } from '../../../src/images/index.ts';
import { readSharedData, sharedDataPath } from '../../helpers/shared-data.ts';

/** `../shared/data/images/` beside the project root; read from there, never copied into the repo. */
export const IMAGES_DIR = `${sharedDataPath('images')}/`;

/** The bytes of a sample image, by its path under `IMAGES_DIR` (as in MANIFEST.tsv). */
export function sample(path: string): Buffer {
  return readSharedData(`images/${path}`);
}

/** A Base64 source for bytes, with the media type given or guessed from the file name. */
export function base64Source(bytes: Buffer, mediaType: string): ImageSource {
  return { type: 'base64', mediaType, data: bytes.toString('base64') };
}

/** The media type a sample's file name implies. */
export function mediaTypeOf(path: string): string {
  if (path.endsWith('.png')) {
    return 'image/png';
  }
  if (path.endsWith('.webp')) {
    return 'image/webp';
  }
  return 'image/jpeg';
}

/**
 * A 16 × 16 greyscale thumbprint of an image exactly as stored (EXIF orientation NOT applied),
 * to compare pictures by what they show.
 */
export async function thumbprint(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes).resize(16, 16, { fit: 'fill' }).greyscale().raw().toBuffer();
}

/** Mean absolute difference of two thumbprints, 0 (same) … 255. */
export function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    sum += Math.abs(a[i]! - b[i]!);
  }
  return sum / a.length;
}

/** Checks an error is the AppError with `code` (and so its status), for `assert.rejects`. */
export function appError(code: string, status: number): (err: unknown) => boolean {
  return (err: unknown) => {
    const e = err as { code?: unknown; status?: unknown; message?: unknown };
    if (e.code !== code || e.status !== status) {
      throw new Error(`expected ${code}/${status}, got ${String(e.code)}/${String(e.status)}: ${String(e.message)}`);
    }
    return true;
  };
}
