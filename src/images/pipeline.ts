/**
 * The image input pipeline: one entry point for both image forms of spec 2.2.
 *
 * Cheap refusals come first and need no decoder (Base64 syntax and length, media type,
 * signature); the expensive part — header read, structural checks, decode and re-encode — runs
 * under a semaphore so that only a few images are decoded at a time.
 */
import { checkStrictBase64 } from './base64.ts';
import { decodeAndNormalise, type NormalisedImage } from './normalise.ts';
import { createSafeFetcher, type SafeFetcher } from './safe-fetcher.ts';
import { createSemaphore } from './semaphore.ts';
import { assertSignatureMatches, parseRequestMediaType, SIGNATURE_BYTES } from './signature.ts';

/** An image `source` of a user message (spec 2.2). */
export type ImageSource =
  | { type: 'base64'; mediaType: string; data: string }
  | { type: 'url'; url: string };

export interface ImagePipeline {
  /**
   * Validates the image and returns it upright, within 2048 × 2048, as a metadata-free JPEG.
   *
   * @throws AppError INVALID_REQUEST (400) for bad Base64 or a refused URL, IMAGE_TOO_LARGE
   *   (413), IMAGE_UNSUPPORTED (415), IMAGE_UNPROCESSABLE (422), IMAGE_FETCH_TIMEOUT (504).
   *   When `signal` aborts (the client went away), its reason is thrown.
   */
  normalise(source: ImageSource, signal?: AbortSignal): Promise<NormalisedImage>;
}

export interface ImagePipelineOptions {
  /** How URL sources are downloaded; default {@link createSafeFetcher} with the public-address policy. */
  fetcher?: SafeFetcher;
  /** Images decoded at once; default 2. Each decode may hold one full frame (up to 64 MB at 16 MP). */
  maxConcurrentDecodes?: number;
}

/** Creates the image pipeline. Also sets sharp's process-wide cache and thread settings (once). */
export function createImagePipeline(options: ImagePipelineOptions = {}): ImagePipeline {
  const fetcher = options.fetcher ?? createSafeFetcher();
  const decodes = createSemaphore(options.maxConcurrentDecodes ?? 2);

  return {
    async normalise(source: ImageSource, signal?: AbortSignal): Promise<NormalisedImage> {
      if (source.type === 'base64') {
        const checked = checkStrictBase64(source.data);
        const declared = parseRequestMediaType(source.mediaType);
        assertSignatureMatches(checked.head(SIGNATURE_BYTES), declared);
        // Decoded only once a slot is free: eight waiting uploads hold their text, not also their bytes.
        return decodes.run(() => decodeAndNormalise(checked.decode(), declared), signal);
      }
      const { bytes, mediaType } = await fetcher.fetch(source.url, signal);
      assertSignatureMatches(bytes, mediaType);
      return decodes.run(() => decodeAndNormalise(bytes, mediaType), signal);
    },
  };
}
