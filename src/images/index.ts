/**
 * The image input pipeline (issue 6): strict Base64 and URL intake, SSRF-safe fetching,
 * validation against the contract's limits, and normalisation to an upright JPEG ≤ 2048 × 2048.
 */
export { createImagePipeline, type ImagePipeline, type ImagePipelineOptions, type ImageSource } from './pipeline.ts';
export type { NormalisedImage } from './normalise.ts';
export {
  createSafeFetcher,
  type FetchedImage,
  type ResolvedAddress,
  type SafeFetcher,
  type SafeFetcherOptions,
} from './safe-fetcher.ts';
export { isPublicAddress } from './address-policy.ts';
export {
  MAX_BASE64_LENGTH,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_OUTPUT_SIDE,
  SUPPORTED_MEDIA_TYPES,
  type SupportedMediaType,
} from './limits.ts';
