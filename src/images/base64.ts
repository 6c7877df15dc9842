import { AppError } from '../errors.ts';
import { MAX_BASE64_LENGTH, MAX_IMAGE_BYTES } from './limits.ts';

// Standard alphabet only, padding only at the end. No whitespace, no `-`/`_`, no `data:` prefix.
const STANDARD_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

const NOT_RAW_BASE64 = 'The image data must be raw standard Base64 without a data: prefix';

/** Base64 text that passed {@link checkStrictBase64}: its decoded size is known, its bytes not yet made. */
export interface CheckedBase64 {
  /** Size of the decoded bytes. */
  byteLength: number;
  /** The first `count` decoded bytes (enough to read a signature) without decoding the rest. */
  head(count: number): Buffer;
  /** Decodes the whole text. */
  decode(): Buffer;
}

/**
 * Checks the contract's "raw standard Base64" image data without decoding it.
 *
 * Node's decoder silently skips invalid characters and whitespace and accepts the URL-safe
 * alphabet, so the text is checked here instead: alphabet, length a multiple of 4, at most two
 * `=` at the very end, and zero bits before the padding (the canonical encoding). The length is
 * checked first, so an oversized upload costs nothing beyond the string already received, and
 * the decoded size follows from the length — the bytes can be decoded later, when a decode slot
 * is free, rather than eight uploads' worth at once.
 *
 * @throws AppError IMAGE_TOO_LARGE (413) when the text or the decoded bytes exceed 5 MiB,
 *   INVALID_REQUEST (400) when the text is not canonical raw standard Base64.
 */
export function checkStrictBase64(data: string): CheckedBase64 {
  if (data.length > MAX_BASE64_LENGTH) {
    throw new AppError('IMAGE_TOO_LARGE');
  }
  if (data.length === 0 || data.length % 4 !== 0 || !STANDARD_BASE64.test(data)) {
    throw new AppError('INVALID_REQUEST', NOT_RAW_BASE64);
  }
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  if (padding > 0) {
    // The last character before the padding carries 4 (for "==") or 2 (for "=") unused bits.
    const last = ALPHABET.indexOf(data[data.length - padding - 1]!);
    const unusedBits = padding === 2 ? 0b1111 : 0b11;
    if (last === -1 || (last & unusedBits) !== 0) {
      throw new AppError('INVALID_REQUEST', NOT_RAW_BASE64);
    }
  }
  const byteLength = (data.length / 4) * 3 - padding;
  if (byteLength > MAX_IMAGE_BYTES) {
    throw new AppError('IMAGE_TOO_LARGE');
  }
  return {
    byteLength,
    head: (count) => Buffer.from(data.slice(0, Math.ceil(count / 3) * 4), 'base64').subarray(0, count),
    decode: () => Buffer.from(data, 'base64'),
  };
}

/**
 * Checks and decodes raw standard Base64 in one step.
 * @throws AppError as {@link checkStrictBase64}.
 */
export function decodeStrictBase64(data: string): Buffer {
  return checkStrictBase64(data).decode();
}
