import { AppError } from '../errors.ts';
import { isSupportedMediaType, type SupportedMediaType } from './limits.ts';

/** How many leading bytes {@link sniffImageType} needs. */
export const SIGNATURE_BYTES = 16;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Names the supported format the bytes really are, by their magic bytes, or `undefined` for
 * anything else (GIF, BMP, TIFF, AVIF/HEIF, SVG, text …).
 *
 * A tight check of the three signatures we accept rather than a general sniffer: every other
 * format is refused anyway, so there is nothing to gain from recognising it.
 */
export function sniffImageType(bytes: Uint8Array): SupportedMediaType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (bytes.length >= 8 && PNG_SIGNATURE.equals(bytes.subarray(0, 8))) {
    return 'image/png';
  }
  if (
    bytes.length >= 16 &&
    ascii(bytes, 0, 4) === 'RIFF' &&
    ascii(bytes, 8, 12) === 'WEBP' &&
    ['VP8 ', 'VP8L', 'VP8X'].includes(ascii(bytes, 12, 16))
  ) {
    return 'image/webp';
  }
  return undefined;
}

/**
 * Checks a request's `mediaType`: exactly one of the three strings the contract lists (spec 2.2).
 *
 * @throws AppError IMAGE_UNSUPPORTED (415) for any other value.
 */
export function parseRequestMediaType(declared: string): SupportedMediaType {
  if (!isSupportedMediaType(declared)) {
    throw new AppError('IMAGE_UNSUPPORTED', 'The image must be JPEG, PNG or WebP');
  }
  return declared;
}

/**
 * Parses a response's `Content-Type` into one of the supported types.
 *
 * @throws AppError IMAGE_UNSUPPORTED (415) when it is missing or names any other type.
 */
export function parseContentType(header: string | undefined): SupportedMediaType {
  // `image/jpeg; charset=binary` is still JPEG, and case is not significant (RFC 9110 8.3.1).
  const essence = (header ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (!isSupportedMediaType(essence)) {
    throw new AppError('IMAGE_UNSUPPORTED', 'The image URL did not return a JPEG, PNG or WebP image');
  }
  return essence;
}

/**
 * Checks that the bytes are the declared supported format.
 *
 * @throws AppError IMAGE_UNSUPPORTED (415) when the bytes are another format or do not match.
 */
export function assertSignatureMatches(bytes: Uint8Array, declared: SupportedMediaType): void {
  const actual = sniffImageType(bytes);
  if (actual === undefined) {
    throw new AppError('IMAGE_UNSUPPORTED', 'The image must be JPEG, PNG or WebP');
  }
  if (actual !== declared) {
    throw new AppError('IMAGE_UNSUPPORTED', 'The image content does not match its media type');
  }
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1');
}
