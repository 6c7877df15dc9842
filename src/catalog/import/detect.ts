/** Which format a feed is, from its first bytes and its file name. */
import { basename } from 'node:path';
import { FeedFormatError, type FeedFormat } from './feed.ts';

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
