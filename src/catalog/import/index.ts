/**
 * Streaming catalogue feed readers: YML, Google Merchant (RSS/Atom), CSV and JSON Lines.
 * Each yields products and skipped offers one at a time; none keeps the feed in memory.
 * The import command decides what to do with them (it refuses a feed with no product).
 */
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { FeedFormatError, type FeedFormat, type FeedItem } from './feed.ts';
import { peek, toBuffers, type FeedSource } from './stream.ts';
import { readCsv } from './csv.ts';
import { readGoogleMerchant } from './google.ts';
import { readJsonLines } from './jsonl.ts';
import { readYml } from './yml.ts';

export type { FeedFormat, FeedItem } from './feed.ts';
export { FeedFormatError } from './feed.ts';
export { LIMITS } from './limits.ts';


const HEAD_BYTES = 8192;

/** First XML element name after the prolog, DOCTYPE and comments, or undefined. */
function xmlRootName(text: string): string | undefined {
  let s = text;
  for (;;) {
    s = s.replace(/^\s+/, '');
    if (s.startsWith('<?')) {
      const end = s.indexOf('?>');
      if (end < 0) {
        return undefined;
      }
      s = s.slice(end + 2);
    } else if (s.startsWith('<!--')) {
      const end = s.indexOf('-->');
      if (end < 0) {
        return undefined;
      }
      s = s.slice(end + 3);
    } else if (s.startsWith('<!')) {
      // DOCTYPE, possibly with an internal subset in brackets.
      const m = /^<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/i.exec(s);
      if (!m) {
        return undefined;
      }
      s = s.slice(m[0].length);
    } else {
      break;
    }
  }
  const m = /^<([A-Za-z_][\w.:-]*)/.exec(s);
  return m?.[1];
}

/**
 * Detects the format from the first bytes of a feed (a few KB are enough), with the file
 * name's extension as a hint for the text formats. Throws FeedFormatError for XML that is
 * neither YML nor a Merchant feed (e.g. Kaspi's catalogue) and for binary or empty input.
 */
export function detectFeedFormat(head: Buffer, fileName?: string): FeedFormat {
  let start = 0;
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    start = 3;
  }
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) {
    throw new FeedFormatError('UTF-16 feeds are not supported; save the feed as UTF-8');
  }
  // Tag names are ASCII whatever the XML encoding, so latin1 is a safe way to look at them.
  const text = head.subarray(start).toString('latin1');
  const trimmed = text.trimStart();
  const ext = fileName ? (/\.([a-z0-9]+)(?:\.gz)?$/i.exec(basename(fileName))?.[1]?.toLowerCase() ?? '') : '';
  if (trimmed === '') {
    throw new FeedFormatError('the feed is empty');
  }
  if (trimmed.startsWith('<')) {
    const root = xmlRootName(trimmed);
    if (root === undefined) {
      throw new FeedFormatError('the feed looks like XML but its root element could not be read');
    }
    const local = root.replace(/^.*:/, '').toLowerCase();
    if (local === 'yml_catalog') {
      return 'yml';
    }
    if (local === 'rss' || local === 'feed') {
      return 'google';
    }
    throw new FeedFormatError(
      `unsupported XML feed: root element <${root}>; supported are YML (<yml_catalog>) and Google Merchant RSS (<rss>) or Atom (<feed>)`,
    );
  }
  if (trimmed.startsWith('{')) {
    return 'jsonl';
  }
  if (head.subarray(start, Math.min(head.length, start + 1024)).includes(0)) {
    throw new FeedFormatError('the feed is binary, not a text feed (a compressed file?)');
  }
  if (ext === 'jsonl' || ext === 'ndjson') {
    return 'jsonl';
  }
  if (ext === 'csv' || ext === 'tsv' || ext === 'txt') {
    return 'csv';
  }
  if (trimmed.startsWith('[')) {
    throw new FeedFormatError('a JSON array is not supported; write one JSON object per line (JSON Lines)');
  }
  const firstLine = trimmed.split(/\r?\n/, 1)[0] ?? '';
  if (/[,;\t]/.test(firstLine)) {
    return 'csv';
  }
  throw new FeedFormatError('unrecognised feed format; expected YML, Google Merchant RSS/Atom, CSV or JSON Lines');
}

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
