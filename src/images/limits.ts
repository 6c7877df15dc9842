/**
 * The contract's image limits (spec 4.5 "Image rules", part 8) and the media types it admits.
 * One place, so the pipeline, the fetcher and their tests agree on every number.
 */

/** At most 5 MiB of image bytes (before Base64 encoding, or as downloaded). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The longest Base64 text that can decode to at most {@link MAX_IMAGE_BYTES} (padded, 4 chars per 3 bytes). */
export const MAX_BASE64_LENGTH = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;

/** At most 16,000,000 pixels (width × height) as declared by the image header. */
export const MAX_IMAGE_PIXELS = 16_000_000;

/** The processed image fits inside this square, without enlarging. */
export const MAX_OUTPUT_SIDE = 2048;

/** The three media types the contract accepts. */
export const SUPPORTED_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type SupportedMediaType = (typeof SUPPORTED_MEDIA_TYPES)[number];

/** True when `value` is exactly one of the supported media types. */
export function isSupportedMediaType(value: string): value is SupportedMediaType {
  return (SUPPORTED_MEDIA_TYPES as readonly string[]).includes(value);
}
