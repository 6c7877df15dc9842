/**
 * Decoding and normalisation with sharp (libvips): header checks first, then one decode that
 * turns the picture upright, flattens alpha onto white, shrinks it to fit 2048 × 2048 and writes
 * a metadata-free JPEG.
 */
import type { FormatEnum, Metadata, SharpOptions } from 'sharp';
import { AppError } from '../errors.ts';
import { containerProblem } from './container.ts';
import { exifProblem } from './exif.ts';
import { MAX_IMAGE_PIXELS, MAX_OUTPUT_SIDE, type SupportedMediaType } from './limits.ts';

/** The processed image: a JPEG with no metadata, and its size as displayed. */
export interface NormalisedImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

const SHARP_FORMAT: Record<SupportedMediaType, keyof FormatEnum> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const INPUT_OPTIONS: SharpOptions = {
  // The most sensitive level: libjpeg/libpng warnings ("premature end", "extraneous bytes",
  // bad data) abort instead of yielding a half-grey picture.
  failOn: 'warning',
  // A second guard behind our own header check, in case a header we did not read disagrees.
  limitInputPixels: MAX_IMAGE_PIXELS,
  // First frame only of an animated WebP.
  pages: 1,
  page: 0,
  // Keeps libvips' own memory safeguards for PNG text chunks and the like.
  unlimited: false,
};

// The header read applies our own limit below, with the header's numbers; sharp's limit would
// refuse the same files but as an error indistinguishable from damage.
const HEADER_OPTIONS: SharpOptions = { ...INPUT_OPTIONS, limitInputPixels: false };

const JPEG_QUALITY = 85;

/**
 * libvips worker threads per image. sharp picks 1 on glibc to limit allocator fragmentation; we
 * measured (bench/components/images.ts, 2 shared cores) 2 threads giving a lower 16 MP latency
 * (p50 ≈ 245–270 ms vs ≈ 290–330 ms) for a modest RSS cost, and the semaphore (default 2 images)
 * caps the total at four. Running with MALLOC_ARENA_MAX=2 cut peak growth with 8 concurrent
 * uploads from ≈ 240 MB to ≈ 160 MB in the same benchmark.
 */
export const SHARP_THREADS_PER_IMAGE = 2;

type Sharp = (typeof import('sharp'))['default'];
let loading: Promise<Sharp> | null = null;

/**
 * sharp (libvips) is loaded on the first image, not at start: it adds about 30 MB to the
 * process, and most shops' buyers never send a photo.
 */
function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then((module) => {
    const sharp = module.default;
    configureSharp(sharp);
    return sharp;
  });
  return loading;
}

/**
 * Sets sharp's process-wide knobs once, when it is loaded.
 *
 * - The libvips operation cache is off: every upload is different, so cached operations are
 *   never hit again and only hold memory (up to 50 MB by default).
 * - libvips threads per image: {@link SHARP_THREADS_PER_IMAGE}. Concurrency across images is
 *   bounded by the pipeline's semaphore instead; with both, the CPU is shared by at most
 *   `maxConcurrentDecodes × threads` workers.
 */
function configureSharp(sharp: Sharp): void {
  sharp.cache(false);
  sharp.concurrency(SHARP_THREADS_PER_IMAGE);
}

/**
 * Validates and normalises bytes already known to carry the signature of `type`.
 *
 * Order matters: the header is read (no pixels decoded) and the pixel count refused before
 * anything expensive; then the container and the EXIF block are checked; only then are the
 * pixels decoded.
 *
 * @throws AppError IMAGE_TOO_LARGE (413) over 16,000,000 pixels, IMAGE_UNSUPPORTED (415) when the
 *   decoder sees another format, IMAGE_UNPROCESSABLE (422) when the file is damaged.
 */
export async function decodeAndNormalise(bytes: Buffer, type: SupportedMediaType): Promise<NormalisedImage> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, HEADER_OPTIONS).metadata();
  } catch (cause) {
    throw new AppError('IMAGE_UNPROCESSABLE', undefined, { cause });
  }
  if (metadata.format !== SHARP_FORMAT[type]) {
    throw new AppError('IMAGE_UNSUPPORTED', 'The image content does not match its media type');
  }
  const { width, height } = metadata;
  if (!width || !height) {
    throw new AppError('IMAGE_UNPROCESSABLE');
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new AppError('IMAGE_TOO_LARGE', 'The image is larger than 16,000,000 pixels');
  }
  const problem = (await containerProblem(bytes, type)) ?? (metadata.exif ? exifProblem(metadata.exif) : undefined);
  if (problem !== undefined) {
    // The problem names only a structural fault, never content; kept on the cause for logs.
    throw new AppError('IMAGE_UNPROCESSABLE', undefined, { cause: new Error(problem) });
  }

  try {
    const { data, info } = await sharp(bytes, INPUT_OPTIONS)
      .rotate() // applies the EXIF orientation, then drops the tag
      .flatten({ background: '#ffffff' }) // no-op without alpha; JPEG has no transparency
      .resize(MAX_OUTPUT_SIDE, MAX_OUTPUT_SIDE, { fit: 'inside', withoutEnlargement: true })
      // sharp writes no EXIF, XMP, IPTC or ICC unless asked (withMetadata/keepMetadata): GPS is gone.
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch (cause) {
    if (isPixelLimitError(cause)) {
      throw new AppError('IMAGE_TOO_LARGE', 'The image is larger than 16,000,000 pixels', { cause });
    }
    throw new AppError('IMAGE_UNPROCESSABLE', undefined, { cause });
  }
}

function isPixelLimitError(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}
