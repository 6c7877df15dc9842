/**
 * Text clean-up shared by every format: whitespace, HTML entities, descriptions written as
 * HTML, cutting at a word boundary, and UTF-8 read as windows-1251.
 */
import iconv from 'iconv-lite';
import { Parser } from 'htmlparser2';

/** Collapses runs of whitespace (including NBSP and line breaks) to one space and trims. */
export function collapseWhitespace(s: string): string {
  // Most values need only a trim; testing first avoids building a new string (this runs
  // for every field of every offer).
  if (!NEEDS_COLLAPSE.test(s)) {
    return s.trim();
  }
  return s.replace(WHITESPACE_RUN, ' ').trim();
}
// Besides Unicode whitespace: zero-width space and the blank fillers (Hangul filler U+3164,
// braille blank U+2800) that feeds use as "empty" placeholders.
const NEEDS_COLLAPSE = /[\t\n\v\f\r\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff\u115f\u1160\u2800\u3164\uffa0]| [\s\u200b]/;
const WHITESPACE_RUN = /[\s\u200b\u115f\u1160\u2800\u3164\uffa0]+/g;

const ENTITY_RE = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);?/i;

/**
 * Decodes HTML entities (all HTML5 named ones and numeric) and leaves markup alone.
 * Feeds often escape twice (`&amp;quot;`), so text that the XML tokenizer already decoded
 * once may still hold entities.
 */
export function decodeEntities(s: string): string {
  if (!s.includes('&') || !ENTITY_RE.test(s)) {
    return s;
  }
  let out = '';
  // htmlparser2 decodes entities in text; escaping "<" first keeps any markup as text.
  const p = new Parser({ ontext: (t) => (out += t) }, { decodeEntities: true });
  p.end(s.replace(/</g, '&lt;'));
  return out;
}

/** Decodes entities and collapses whitespace: for names, brands, ids, categories, params. */
export function cleanText(s: string): string {
  return collapseWhitespace(decodeEntities(s));
}

const BLOCK_TAGS = new Set([
  'p', 'br', 'div', 'li', 'ul', 'ol', 'tr', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article', 'dd', 'dt', 'hr', 'blockquote',
]);
const SKIP_TAGS = new Set(['script', 'style', 'head', 'title']);

/** Passes over a description escaped more than once (`&amp;lt;p&amp;gt;`): each undoes one escape. */
const MARKUP_PASSES = 3;

/**
 * Whether text still holds a tag: "<", an optional "/", a letter, and a ">" after it.
 * Written without `<\/?[a-z][^>]*>`, which scanned to the end of the text from every "<a"
 * when no ">" followed: quadratic in a description of "<a <a <a …".
 */
function hasTag(text: string): boolean {
  const close = text.lastIndexOf('>');
  if (close < 0) {
    return false;
  }
  for (let i = text.indexOf('<'); i >= 0 && i < close; i = text.indexOf('<', i + 1)) {
    let j = i + 1;
    if (text.charCodeAt(j) === 47) {
      j++;
    }
    const c = text.charCodeAt(j) | 32;
    if (c >= 97 && c <= 122 && j < close) {
      return true;
    }
  }
  return false;
}

/**
 * Converts an HTML (or plain) description into plain text: tags removed, entities decoded,
 * block elements become line breaks, whitespace collapsed within lines.
 */
export function htmlToText(s: string, passesLeft = MARKUP_PASSES): string {
  let text = s;
  if (/[<&]/.test(s)) {
    const parts: string[] = [];
    let skipDepth = 0;
    const p = new Parser(
      {
        onopentag(name) {
          if (SKIP_TAGS.has(name)) {
            skipDepth++;
          } else if (BLOCK_TAGS.has(name)) {
            parts.push('\n');
          }
        },
        onclosetag(name) {
          if (SKIP_TAGS.has(name)) {
            skipDepth = Math.max(0, skipDepth - 1);
          } else if (BLOCK_TAGS.has(name)) {
            parts.push('\n');
          }
        },
        ontext(t) {
          if (skipDepth === 0) {
            parts.push(t);
          }
        },
      },
      { decodeEntities: true },
    );
    p.end(s);
    text = parts.join('');
    // A description escaped twice (`&amp;lt;p&amp;gt;`) is still markup after one pass.
    if (passesLeft > 1 && hasTag(text)) {
      return htmlToText(text, passesLeft - 1);
    }
  }
  return text
    .split('\n')
    .map((line) => collapseWhitespace(line))
    .filter((line) => line.length > 0)
    .join('\n');
}

/** Cuts `s` to at most `max` characters, at a word boundary when one is near, adding "…". */
export function truncate(s: string, max: number): string {
  if (s.length <= max) {
    return s;
  }
  const cut = s.slice(0, max - 1);
  const space = cut.search(/\s\S*$/);
  return (space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd() + '…';
}

/**
 * Undoes UTF-8 text that was decoded as windows-1251 ("СЃС‚РёРєСЃ.СЂС„" for "стикс.рф"): a
 * real defect of windows-1251 feeds whose engine wrote UTF-8 links into them. Only applied
 * when the bytes re-encode exactly and form valid UTF-8, which genuine Cyrillic text
 * practically never does.
 */
export function repairMojibake(s: string): string {
  if (!/[\u0400-\u04ff]/.test(s)) {
    return s;
  }
  const bytes = iconv.encode(s, 'win1251');
  if (iconv.decode(bytes, 'win1251') !== s) {
    return s;
  }
  const fixed = bytes.toString('utf8');
  return fixed.includes('\ufffd') ? s : fixed;
}
