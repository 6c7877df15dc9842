/**
 * Text normalisation and word splitting shared by indexing, query parsing and the
 * relevance baseline, so that a word is cut the same way wherever it is compared.
 */

/**
 * Lower-cases, folds compatibility forms (full-width digits, ligatures) and treats "ё" as
 * "е": Russian shops and buyers write both, and they must meet in the index.
 */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/ё/g, 'е');
}

// A word is a run of letters and digits; a decimal number ("15.6", "6,2") stays one word
// so screen sizes and versions are not cut into meaningless halves.
const WORD = /\d+[.,]\d+|[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/**
 * Splits normalised text into words, as a buyer's query is split. Apostrophes inside a
 * word are dropped ("De'Longhi" → "delonghi") because buyers rarely type them.
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const m of normalizeText(text).matchAll(WORD)) {
    out.push(m[0].replace(/['’]/g, '').replace(',', '.'));
  }
  return out;
}

/**
 * Words for the index: the query words plus the joined form of hyphenated and
 * slash-joined codes ("WH-1000XM5" → also "wh1000xm5"), so that a model code typed with
 * or without its hyphen finds the product.
 */
export function tokenizeForIndex(text: string): string[] {
  const words = tokenize(text);
  const norm = normalizeText(text);
  for (const m of norm.matchAll(/[\p{L}\p{N}]+(?:[-‐–][\p{L}\p{N}]+)+/gu)) {
    words.push(m[0].replace(/[-‐–]/g, ''));
  }
  return words;
}

/** Whether the word is written in Cyrillic letters (decides the stemmer). */
export function isCyrillic(word: string): boolean {
  return /[\u0400-\u04ff]/.test(word);
}

/** Whether the word contains a digit: model codes and sizes are never stemmed or fuzzed. */
export function hasDigit(word: string): boolean {
  return /\d/.test(word);
}
