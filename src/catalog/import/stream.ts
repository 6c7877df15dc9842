/**
 * Feed bytes: any source turned into Buffers, and a peek at the first bytes (for the format
 * and encoding sniffers) that does not consume the stream.
 */

/** A feed source: a Node readable stream or any async iterable of byte chunks. */
export type FeedSource = NodeJS.ReadableStream | AsyncIterable<Buffer | Uint8Array | string>;

/** Turns every chunk type a source may yield into a Buffer. */
export async function* toBuffers(source: FeedSource): AsyncGenerator<Buffer> {
  for await (const chunk of source as AsyncIterable<Buffer | Uint8Array | string>) {
    if (typeof chunk === 'string') {
      yield Buffer.from(chunk, 'utf8');
    } else if (Buffer.isBuffer(chunk)) {
      yield chunk;
    } else {
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
  }
}

/**
 * Reads chunks until at least `minBytes` (or `until` says enough) and returns them with an
 * iterable that replays them followed by the rest of the source — the format and encoding
 * sniffers need the first bytes without consuming the stream.
 */
export async function peek(
  source: AsyncIterable<Buffer>,
  minBytes: number,
  until?: (head: Buffer) => boolean,
): Promise<{ head: Buffer; rest: AsyncGenerator<Buffer>; cancel: () => Promise<void> }> {
  const it = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < minBytes) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    chunks.push(r.value);
    size += r.value.length;
    if (until && until(Buffer.concat(chunks))) {
      break;
    }
  }
  const head = Buffer.concat(chunks);
  async function* rest(): AsyncGenerator<Buffer> {
    let finished = done;
    try {
      if (head.length > 0) {
        yield head;
      }
      while (!finished) {
        const r = await it.next();
        if (r.done) {
          finished = true;
          break;
        }
        yield r.value;
      }
    } finally {
      // Early exit by the consumer: let the underlying stream close its file.
      if (!finished) {
        await it.return?.();
      }
    }
  }
  // For callers that give up before reading `rest` (an unstarted generator's `finally`
  // never runs): closes the source.
  const cancel = async (): Promise<void> => {
    if (!done) {
      done = true;
      await it.return?.();
    }
  };
  return { head, rest: rest(), cancel };
}
