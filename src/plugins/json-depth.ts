/**
 * The nesting depth of a JSON text, found without parsing it. A body nested thousands of levels
 * deep is cheap to send and costly for everything that walks it afterwards (validation,
 * fingerprints, the engines, serialisation), so it is refused before `JSON.parse` runs.
 */

/** Request bodies may nest at most this many arrays and objects; the contract's bodies need about six. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * True when `text` opens more than `max` arrays or objects inside one another. One pass over
 * the text; string contents are skipped with `indexOf`, so a long Base64 image costs little.
 * Malformed JSON is not judged here (the parser refuses it next).
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip to the closing quote: one that is not preceded by an odd run of backslashes.
      for (;;) {
        const end = text.indexOf('"', i + 1);
        if (end === -1) {
          return false;
        }
        let slashes = 0;
        for (let j = end - 1; j > i && text.charCodeAt(j) === BACKSLASH; j--) {
          slashes++;
        }
        i = end;
        if (slashes % 2 === 0) {
          break;
        }
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) {
        return true;
      }
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
