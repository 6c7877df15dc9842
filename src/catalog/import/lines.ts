/** Byte-level line splitting for the line-based formats, with a cap on line length. */
import { LIMITS } from './limits.ts';

/** One line of text, or a marker that a line was too long to keep. */
export type Line = { lineNo: number; text: string } | { lineNo: number; tooLong: true };

/**
 * Splits UTF-8 bytes into lines ("\n" or "\r\n"), never holding more than one line (up to
 * LIMITS.lineBytes) in memory. A leading BOM is dropped.
 */
export async function* splitLines(source: AsyncIterable<Buffer>, maxBytes: number = LIMITS.lineBytes): AsyncGenerator<Line> {
  let pending: Buffer[] = [];
  let pendingSize = 0;
  let discarding = false;
  let lineNo = 0;
  let first = true;

  const finish = (tail: Buffer): Line => {
    lineNo++;
    if (discarding) {
      discarding = false;
      pending = [];
      pendingSize = 0;
      return { lineNo, tooLong: true };
    }
    let buf = pending.length === 0 ? tail : Buffer.concat([...pending, tail]);
    pending = [];
    pendingSize = 0;
    if (first) {
      first = false;
      if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
        buf = buf.subarray(3);
      }
    }
    let end = buf.length;
    if (end > 0 && buf[end - 1] === 0x0d) {
      end--;
    }
    return { lineNo, text: buf.toString('utf8', 0, end) };
  };

  for await (const chunk of source) {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl < 0) {
        break;
      }
      yield finish(chunk.subarray(start, nl));
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      if (!discarding) {
        if (pendingSize + rest.length > maxBytes) {
          discarding = true;
          pending = [];
          pendingSize = 0;
        } else {
          // Copy: the source may reuse its chunk buffers.
          pending.push(Buffer.from(rest));
          pendingSize += rest.length;
        }
      }
    }
  }
  if (pendingSize > 0 || discarding) {
    yield finish(Buffer.alloc(0));
  }
}
