/** Reading a feed of any supported format, from a stream or a file. */
import { createReadStream } from 'node:fs';
import { readCsv } from './csv.ts';
import { detectFeedFormat } from './detect.ts';
import { FeedFormatError, type FeedFormat, type FeedItem } from './feed.ts';
import { readGoogleMerchant } from './google.ts';
import { readJsonLines } from './jsonl.ts';
import { peek, toBuffers, type FeedSource } from './stream.ts';
import { readYml } from './yml.ts';

const HEAD_BYTES = 8192;

/**
 * Streams the products and skipped offers of a feed. With `format` 'auto' (the default) the
 * first bytes decide, with `fileName` as a hint. Memory stays bounded whatever the size.
 * Throws FeedFormatError (from the first `next()`) when the format is not recognised.
 */
export async function* readFeed(
  input: FeedSource,
  options: { format?: FeedFormat | 'auto'; fileName?: string } = {},
): AsyncGenerator<FeedItem> {
  let source: AsyncIterable<Buffer> = toBuffers(input);
  let format = options.format ?? 'auto';
  if (format === 'auto') {
    const peeked = await peek(source, HEAD_BYTES);
    source = peeked.rest;
    try {
      format = detectFeedFormat(peeked.head, options.fileName);
    } catch (e) {
      await peeked.cancel();
      throw e;
    }
  }
  switch (format) {
    case 'jsonl':
      yield* readJsonLines(source);
      break;
    case 'csv':
      yield* readCsv(source);
      break;
    case 'yml':
      yield* readYml(source);
      break;
    case 'google':
      yield* readGoogleMerchant(source);
      break;
    default:
      throw new FeedFormatError(`unknown feed format "${String(format)}"`);
  }
}

/** Streams a feed file (see readFeed); the file name's extension is a format hint. */
export async function* readFeedFile(path: string, options: { format?: FeedFormat | 'auto' } = {}): AsyncGenerator<FeedItem> {
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  try {
    yield* readFeed(stream, { format: options.format ?? 'auto', fileName: path });
  } finally {
    stream.destroy();
  }
}
