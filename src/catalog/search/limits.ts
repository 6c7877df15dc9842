/**
 * How much of a text the search reads and how much work one turn may make it do. A shop
 * assistant is public: anyone can send a message of the longest allowed size, page data of
 * any size, or a word of a hundred thousand letters, and while one request computes, every
 * request of every shop on the instance waits. So what is read is capped before any loop,
 * and a turn's searches spend from one budget; once it is spent the engine answers with
 * what it has found so far.
 *
 * The caps are far above what a buyer writes (the labelled queries and the benchmark's
 * messages are all under 100 characters and 10 words), so no ordinary answer changes.
 */

/** Characters of a buyer's message the engines read (intents, links, the search). */
export const MAX_MESSAGE_CHARS = 4000;
/** Characters of one text the search parses (a message, a page query, a tool's query). */
export const MAX_QUERY_CHARS = 2000;
/** Words of one text the search parses for brands, categories and search words. */
export const MAX_PARSE_WORDS = 100;
/**
 * Characters of one word; longer ones are cut (index and queries alike, so they still
 * meet). The longest word of 30,000 real products' names and parameters is a list of
 * memory frequencies joined by dots; real words end well before this.
 */
export const MAX_WORD_CHARS = 64;
/**
 * Characters of an unbroken run of non-space characters in a text the engine reads: the
 * intent and price patterns scan runs, and a run of 100,000 letters made them quadratic.
 */
export const MAX_RUN_CHARS = 100;
/** Query words that get typo candidates (each costs a scan of similar-length index words). */
export const MAX_FUZZY_WORDS = 8;
/** SKUs read from page data (a cart of a hundred lines is a big cart). */
export const MAX_PAGE_SKUS = 100;
/** Strings read from page data (a search query, a category path). */
export const MAX_PAGE_STRINGS = 10;
/** How deep and how many values of page data are walked when it is shown to a model. */
export const MAX_PAGE_DEPTH = 8;
export const MAX_PAGE_VALUES = 200;

/**
 * Index postings one search reads: its words are taken in order while their posting lists
 * fit, the first always. An ordinary search of a 100,000-product catalogue reads at most
 * 100,000 (bench/components/catalog.ts: the benchmark's messages and the labelled queries);
 * a pasted list of the catalogue's forty commonest words read 1.3 million in 80 ms.
 */
export const MAX_SEARCH_POSTINGS = 1_500_000;

/**
 * Index postings one turn reads across all its searches (searching, relaxing, similar and
 * complementary products, the cart's accessories): twice a search's worth, some 30 times
 * the heaviest ordinary turn of the benchmark at 100,000 products.
 */
export const TURN_WORK = 3_000_000;

/**
 * The first `maxChars` characters of a text (never half a surrogate pair), with every
 * unbroken run of non-space characters cut to MAX_RUN_CHARS. One pass, no regular
 * expression: this is what makes every later pass over the text short.
 */
export function boundText(text: string, maxChars: number = MAX_QUERY_CHARS): string {
  let end = Math.min(text.length, maxChars);
  if (end < text.length && end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) {
    end--;
  }
  const kept: string[] = [];
  let from = 0;
  let runStart = -1;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      runStart = -1;
      continue;
    }
    if (runStart < 0) {
      runStart = i;
    }
    if (i - runStart === MAX_RUN_CHARS) {
      // Keep the run's first MAX_RUN_CHARS characters (not half a surrogate pair), skip the rest.
      kept.push(text.slice(from, isLowSurrogate(c) ? i - 1 : i));
      while (i < end && !isSpace(text.charCodeAt(i))) {
        i++;
      }
      from = i;
      runStart = -1;
    }
  }
  if (from === 0 && end === text.length) {
    return text;
  }
  kept.push(text.slice(from, end));
  return kept.join('');
}

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200b) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/**
 * The work one turn may do, counted in index postings read. Searches add what they read;
 * the loops that would search again (relaxation, similar and complementary products, the
 * cart) stop once it is spent. The first search of a turn always runs, so a turn always
 * has something to answer with.
 */
export class WorkBudget {
  private spentUnits = 0;

  constructor(readonly limit: number = TURN_WORK) {}

  spend(units: number): void {
    this.spentUnits += units;
  }

  get spent(): number {
    return this.spentUnits;
  }

  get exhausted(): boolean {
    return this.spentUnits >= this.limit;
  }
}
