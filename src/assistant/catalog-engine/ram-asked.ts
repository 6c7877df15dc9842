/**
 * "laptop with at least 32gb ram", "ноутбук от 16 гб оперативки": working memory asked for in
 * gigabytes is the computer's RAM, which a search for "32 GB and up" cannot tell from its disk
 * (a laptop's "8GB, 512GB SSD" meets it by the disk). The cards of the kind asked for are read
 * for their RAM (superlatives.ts `ramOf`): those with as much as asked, the exact figure first;
 * when none has it, the answer says so and shows the ones with the most.
 */
import { runSearch, searchRequestOf, type SearchRequest, type SearchRun } from '../../catalog/search/relax.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import type { EngineResult } from '../engine.ts';
import { freshContext, type SearchContext } from './labels.ts';
import { searchAnswer } from './shelves.ts';
import { mostFirst, ramOf } from './superlatives.ts';
import { formatMeasure } from './texts.ts';
import { SHELF_SIZE, type Turn } from './turn.ts';

/** Read from the message's first characters only: a request for memory is short. */
const MAX_RAM_CHARS = 160;
/** Shelves of the search read for their RAM. */
const POOL_SHELVES = 8;

const RAM = String.raw`(?:of\s+)?(?:ram|озу|оперативн\p{L}*(?:\s+памят\p{L}*)?|оперативк\p{L}*)`;
const FIGURE = String.raw`(\d{1,4})\s?(?:gb|гб)(\+)?`;
const AT_LEAST_BEFORE = String.raw`(at\s+least|minimum|min\.?|no\s+less\s+than|more\s+than|over|от|не\s+менее|не\s+меньше|минимум|более|больше)\s+`;
const AT_LEAST_AFTER = String.raw`\s+(or\s+more|or\s+higher|and\s+up|and\s+more|и\s+больше|и\s+более|или\s+больше|или\s+более)`;
const asked = (words: string): RegExp => new RegExp(String.raw`(?:^|[^\p{L}\p{N}])(?:${AT_LEAST_BEFORE})?${FIGURE}\s+${words}(?:${AT_LEAST_AFTER})?(?![\p{L}\p{N}])`, 'iu');
const ASKED = asked(RAM);
/**
 * "Memory" alone is a computer's RAM ("ноутбук с 16 гб памяти", "laptop with 32gb memory"), where
 * a phone's is its storage («смартфон с 256 гб памяти»): read so only of a computer.
 */
const ASKED_MEMORY = asked(String.raw`(?:of\s+)?(?:памят\p{L}*|memory)`);
const COMPUTER = /(?:^|[^\p{L}])(?:ноутбук\p{L}*|ноут|компьютер\p{L}*|пк|моноблок\p{L}*|laptops?|notebooks?|computers?|desktops?|macbooks?|chromebooks?|pcs?)(?![\p{L}\p{N}])/iu;

/** Memory asked for: its figure in GB, whether more will do, and the message without it. */
export interface RamAsked {
  gb: number;
  atLeast: boolean;
  rest: string;
}

/**
 * The RAM a message asks for ("at least 32gb ram" → 32, or more), or null; `shownKind` is what
 * the cards shown are called ("Ноутбук"), when the message follows them.
 */
export function ramAsked(message: string, shownKind = ''): RamAsked | null {
  const text = message.slice(0, MAX_RAM_CHARS);
  const m = ASKED.exec(text) ?? (COMPUTER.test(`${text} ${shownKind.slice(0, MAX_RAM_CHARS)}`) ? ASKED_MEMORY.exec(text) : null);
  if (!m) {
    return null;
  }
  const gb = Number(m[2]);
  if (!(gb > 0 && gb <= 4096)) {
    return null;
  }
  const rest = `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}`.replace(/\s+/gu, ' ').trim();
  return { gb, atLeast: m[1] !== undefined || m[3] !== undefined || m[4] !== undefined, rest };
}

/** The search of a new request's words, and its context. */
function newSearch(index: CatalogIndex, text: string): { request: SearchRequest; ctx: SearchContext } {
  const parsed = index.parseDetailed(text);
  return { request: searchRequestOf(parsed), ctx: freshContext(text, parsed, index) };
}

/**
 * The kind asked for with the RAM asked for: the cards with that much (the exact figure first,
 * then more), or, when none has it, those with the most, saying so; null when the cards do not
 * state their RAM (the search answers as it would).
 */
export function ramAnswer(turn: Turn, index: CatalogIndex, asked: RamAsked, last?: { request: SearchRequest; ctx: SearchContext }): EngineResult | null {
  if (asked.rest === '' && last === undefined) {
    return null;
  }
  // A new request's own words, or the last search ("with 16gb ram" after laptops under $1,000).
  const { request, ctx } = last ?? newSearch(index, asked.rest);
  const said = formatMeasure(asked.gb, 'gb', turn.lang);
  // Then the kind alone, within the same filters: "for a student" is a wish, the memory a need.
  const kindOnly = request.text !== '' && (request.filters.categories?.length ?? 0) > 0 ? { ...request, text: '' } : null;
  // When none has it, the broadest of the searches (the kind alone) holds the most memory.
  let broadest: { run: SearchRun; values: Array<number | undefined> } | null = null;
  for (const req of kindOnly ? [request, kindOnly] : [request]) {
    const run = runSearch(index, req, SHELF_SIZE * POOL_SHELVES, turn.budget);
    const values = run.hits.map((h) => ramOf(h.product));
    broadest = { run, values };
    const exact = run.hits.filter((_, i) => values[i] === asked.gb);
    const more = run.hits.filter((_, i) => (values[i] ?? 0) > asked.gb);
    // The figure said, and more only when more was asked for or none has the figure.
    const fitting = (asked.atLeast || exact.length === 0 ? [...exact, ...more] : exact).slice(0, SHELF_SIZE);
    if (fitting.length > 0) {
      // Titled with the figure as cards write it ("Laptop with 16GB"); more than it is said so.
      const label = [...(req === request ? ctx.label : ctx.categoryWords), ...turn.t.ramLabel(asked.gb)];
      const orMore = fitting.length > exact.length;
      return searchAnswer(turn, index, { ...run, hits: fitting, relaxed: [], exact: true }, { ...ctx, label }, orMore ? { note: turn.t.ramOrMore(said) } : {});
    }
  }
  if (broadest === null) {
    return null;
  }
  const ordered = mostFirst(broadest.run.hits, broadest.values, true);
  const top = ordered[0]?.value;
  if (top === undefined) {
    // The cards do not state their memory: the search answers as it would.
    return null;
  }
  const hits = ordered.filter((x) => x.value !== undefined).map((x) => x.item).slice(0, SHELF_SIZE);
  // Ordered by their memory, not by the words: nothing was dropped to find them.
  return searchAnswer(turn, index, { ...broadest.run, hits, relaxed: [], exact: true }, ctx, { note: turn.t.ramNone(said, formatMeasure(top, 'gb', turn.lang)) });
}
