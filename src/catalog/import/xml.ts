/**
 * Streaming XML for the feed readers: byte decoding by the prolog's declared encoding
 * (iconv-lite) and a forgiving walker over htmlparser2's tokenizer that hands over one
 * record (a YML offer, a Merchant item or entry) at a time, so memory holds one record plus
 * whatever the tokenizer buffers for the current chunk.
 */
import iconv from 'iconv-lite';
import { Parser } from 'htmlparser2';
import { FeedFormatError } from './feed.ts';
import { peek } from './stream.ts';

/** Reads the encoding from a BOM or the XML declaration; UTF-8 when neither says. */
export function sniffXmlEncoding(head: Buffer): string {
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    return 'utf-8';
  }
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) {
    return 'utf-16le';
  }
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) {
    return 'utf-16be';
  }
  const text = head.toString('latin1');
  const decl = /^\s*<\?xml\b[^?]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(text);
  return decl?.[1]?.toLowerCase() ?? 'utf-8';
}

/**
 * Decodes an XML byte stream to text chunks. The encoding comes from the first bytes;
 * iconv-lite's streaming decoder (the one behind `decodeStream`) keeps multi-byte
 * characters split across chunks intact and drops a BOM.
 */
export async function* decodeXml(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const { head, rest, cancel } = await peek(source, 1024, (h) => h.includes('?>') || !h.subarray(0, 64).includes('<?'));
  const encoding = sniffXmlEncoding(head);
  if (!iconv.encodingExists(encoding)) {
    await cancel();
    throw new FeedFormatError(`unsupported XML encoding "${encoding}"`);
  }
  const decoder = iconv.getDecoder(encoding);
  for await (const chunk of rest) {
    const s = decoder.write(chunk);
    if (s) {
      yield s;
    }
  }
  const tail = decoder.end();
  if (tail) {
    yield tail;
  }
}

/** An element inside a record: name, attributes, its own elements, and the text of it and its descendants. */
export interface XmlChild {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlChild[];
}

/** One record element (offer, item, entry) with its elements in document order. */
export interface XmlRecord {
  name: string;
  attrs: Record<string, string>;
  children: XmlChild[];
  /** False when the document ended before the record's closing tag. */
  complete: boolean;
}

export interface XmlWalkHandlers {
  /** Whether an element with this name under these ancestors (root first) is a record. */
  isRecord(name: string, ancestors: readonly string[]): boolean;
  /** An element outside records that holds only text (e.g. a YML category, the channel link). */
  onLeaf?(name: string, attrs: Record<string, string>, text: string, ancestors: readonly string[]): void;
  /** Called for each record, in document order. */
  onRecord(record: XmlRecord): void;
}

/** Text kept per element; a description longer than this is cut anyway (LIMITS.descriptionChars). */
const MAX_TEXT = 64 * 1024;
/** Elements kept per record: a record is one product, and must not grow without bound. */
const MAX_NODES = 5000;
const BLOCK = new Set(['p', 'br', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * Walks an XML text stream and calls the handlers; after each chunk control returns to the
 * caller (the generator yields), so a consumer that stops reading stops the parse.
 * Element and attribute names are lower-cased (feeds are not consistent about case).
 */
export async function* walkXml(chunks: AsyncIterable<string>, handlers: XmlWalkHandlers): AsyncGenerator<void> {
  const ancestors: string[] = [];
  let record: XmlRecord | null = null;
  let recordDepth = -1;
  let nodes = 0;
  // Open elements inside the current record, outermost first.
  const open: XmlChild[] = [];
  let ending = false;
  let leaf: { name: string; attrs: Record<string, string>; text: string } | null = null;

  const append = (target: { text: string }, t: string): void => {
    if (target.text.length < MAX_TEXT) {
      target.text += t;
    }
  };

  const parser = new Parser(
    {
      onopentag(name, rawAttrs) {
        // Attribute tables are keyed by the feed's names: no prototype to find "constructor" in.
        const attrs = Object.setPrototypeOf(rawAttrs, null) as Record<string, string>;
        const depth = ancestors.length;
        if (record) {
          const node: XmlChild = { name, attrs, text: '', children: [] };
          if (nodes++ < MAX_NODES) {
            (open.length > 0 ? open[open.length - 1]!.children : record.children).push(node);
          }
          if (BLOCK.has(name)) {
            // Unescaped HTML inside a description: keep its line breaks.
            for (const o of open) {
              append(o, '\n');
            }
          }
          open.push(node);
        } else if (handlers.isRecord(name, ancestors)) {
          record = { name, attrs, children: [], complete: false };
          recordDepth = depth;
          nodes = 0;
          leaf = null;
        } else {
          leaf = { name, attrs, text: '' };
        }
        ancestors.push(name);
      },
      ontext(text) {
        if (record) {
          for (const o of open) {
            append(o, text);
          }
        } else if (leaf) {
          append(leaf, text);
        }
      },
      onclosetag(name) {
        ancestors.pop();
        const depth = ancestors.length;
        if (record) {
          if (depth === recordDepth) {
            record.complete = !ending;
            open.length = 0;
            const done = record;
            record = null;
            recordDepth = -1;
            handlers.onRecord(done);
          } else {
            open.pop();
            if (BLOCK.has(name)) {
              for (const o of open) {
                append(o, '\n');
              }
            }
          }
        } else if (leaf) {
          if (leaf.name === name) {
            handlers.onLeaf?.(name, leaf.attrs, leaf.text, ancestors);
          }
          leaf = null;
        }
      },
    },
    {
      xmlMode: true,
      decodeEntities: true,
      lowerCaseTags: true,
      lowerCaseAttributeNames: true,
      recognizeCDATA: true,
      recognizeSelfClosing: true,
    },
  );

  for await (const chunk of chunks) {
    parser.write(chunk);
    yield;
  }
  // Closing tags the document never wrote are implied by the parser at the end; a record
  // closed that way was cut off and is reported as incomplete rather than lost silently.
  ending = true;
  parser.end();
  yield;
}

/** Local part of a possibly prefixed name: "g:price" → "price". */
export function localName(name: string): string {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
}
