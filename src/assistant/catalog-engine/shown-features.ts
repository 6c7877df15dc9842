/**
 * "does it track sleep?", "can they measure heart rate?", «они отслеживают сон?», «он измеряет
 * давление?»: whether the products just shown do something, answered from their cards — the cards
 * that say so, quoting where, and plainly that the others do not. What is asked is what follows
 * the verb ("sleep", «давление»): every word of it must be in one sentence or parameter of a card;
 * the verb may be said otherwise ("sleep coaching" speaks of sleep as much as "sleep tracking").
 * Such a question used to be searched as a wish: the same watches again under their old title,
 * or «Такого в нашем каталоге не нашлось».
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import { stem } from '../../catalog/search/stem.ts';
import { tokenize } from '../../catalog/search/tokenize.ts';
import type { EngineResult } from '../engine.ts';
import type { EngineState } from '../engine-state.ts';
import { runSearch } from '../../catalog/search/relax.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import { cardStatements, isQuestionNoise } from './product-facts.ts';
import { position } from './shown-comparison.ts';
import { noDetailAnswer } from './replies.ts';
import { isWhole, searchAnswer } from './shelves.ts';
import { clip, shortName } from './texts.ts';
import { result, SHELF_SIZE, type Turn } from './turn.ts';

/** Such a question is short: longer messages are not read as one. */
const MAX_QUESTION_CHARS = 100;
/** Words of what is asked that are looked up (a thing asked is a few words). */
const MAX_ASKED_WORDS = 5;
/** Characters of a quoted sentence. */
const MAX_QUOTE_CHARS = 160;
/** Hits of the last search read, in shelves, for products whose cards say what no card shown says. */
const BEYOND_POOL = 4;

/**
 * "does it / do they / can it … <verb> <what>?": the verb and what follows it. Verbs other
 * answers own are left to them: having or coming with something is a wish for such ones
 * (`asksWhetherItHas`), fitting or working with something a fit question, the price and the
 * colours their own questions.
 */
const EN_SUBJECT = String.raw`(?:it|they|this|these|those|this\s+one|that\s+one|(?:any|some|either)\s+of\s+(?:them|these|those)|either\s+one|the\s+(\p{L}+)(?:\s+one)?)`;
const EN_DOES = new RegExp(
  String.raw`^(?:(?:and|so|but|ok|okay|also)\s+)?(?:does|do|can|could|will)\s+${EN_SUBJECT}\s+(\p{L}[\p{L}'-]*)((?:\s+[\p{L}\d][\p{L}\d'-]*){0,6})\s*\?*$`,
  'iu',
);
/** "is it made of glass?", "are any of them made from stainless steel?": what it is made of. */
const EN_MADE_OF = new RegExp(
  String.raw`^(?:(?:and|so|but|ok|okay|also)\s+)?(?:is|are)\s+${EN_SUBJECT}\s+(made)\s+(?:of|from|out\s+of)((?:\s+[\p{L}\d][\p{L}\d'-]*){1,6})\s*\?*$`,
  'iu',
);
const EN_OTHER_ANSWERS: ReadonlySet<string> = new Set([
  'have', 'has', 'come', 'comes', 'support', 'supports', 'include', 'includes', 'fit', 'fits', 'work', 'works', 'cost', 'costs', 'look', 'looks', 'go', 'be',
  'get', 'ship', 'last', 'need', 'use', 'run',
]);

/**
 * «они отслеживают сон?», «он умеет мыть полы?», «может ли она стирать шерсть?»: a verb of the
 * present («-ет», «-ют», «-ит», «-ят», «-ут», «-ат») or an infinitive after «умеет»/«может», then what
 * is asked. The question mark is required: «они стоят дорого» is no question.
 */
const RU_DOES =
  /^(?:(?:а|и|ну|так)\s+)?(?:(?:он|она|оно|они|этот|эта|это|эти)\s+(?:(?:умеет|умеют|может|могут)\s+)?|(?:умеет|умеют|может|могут)\s+ли\s+(?:он|она|оно|они)\s+)(\p{L}+)((?:\s+[\p{L}\d-]+){0,6})\s*\?+$/iu;
const RU_VERB = /(?:[еиюуая]т|ёт|ть|ться|[еи]тся|[ую]тся|[ая]тся)$/u;
const RU_OTHER_ANSWERS: ReadonlySet<string> = new Set([
  'стоит', 'стоят', 'подходит', 'подходят', 'подойдет', 'подойдёт', 'подойдут', 'работает', 'работают', 'поддерживает', 'поддерживают', 'бывает', 'бывают',
  'продается', 'продаётся', 'продаются', 'есть', 'весит', 'весят', 'идет', 'идёт', 'идут', 'будет', 'будут', 'выглядит', 'выглядят',
]);

export interface FeatureAsked {
  /** What is asked, as the buyer wrote it ("blood pressure"), to search for and to name. */
  said: string;
  /** The verb's stem ("track"), looked for but not required. */
  verb: string;
  /** The words of what is asked ("sleep"; «давление»), each required; the verb when nothing follows it. */
  words: string[];
  /** The card asked about by its place ("does the first one have an app?"), 0-based; absent for them all. */
  place?: number;
}

/** What a yes-or-no question asks the products shown do, or null when it is not such a question. */
export function askedWhatItDoes(text: string): FeatureAsked | null {
  if (text.length > MAX_QUESTION_CHARS) {
    return null;
  }
  const trimmed = text.trim();
  const en = EN_DOES.exec(trimmed) ?? EN_MADE_OF.exec(trimmed);
  const ru = en ? null : RU_DOES.exec(trimmed);
  // English: the place's word, the verb, what follows; Russian: the verb, what follows.
  const [placeWord, verbSaid, rest] = en ? [en[1], en[2], en[3]] : [undefined, ru?.[1], ru?.[2]];
  const verb = verbSaid?.toLowerCase();
  // "does the first one …" names one card by its place; "does the vacuum …" no card.
  const place = placeWord === undefined ? 0 : position(placeWord.toLowerCase());
  if (verb === undefined || (placeWord !== undefined && place === 0)) {
    return null;
  }
  // About one card by its place, having something is read from its card too.
  if (en ? EN_OTHER_ANSWERS.has(verb) && !(place > 0 && EN_ONE_CARD_VERBS.has(verb)) : RU_OTHER_ANSWERS.has(verb) || !RU_VERB.test(verb)) {
    return null;
  }
  const words = askedWords(rest ?? '');
  const asked = words.length > 0 ? words : [verb];
  return { said: asked.join(' '), verb: stem(verb), words: asked.map(stem), ...(place > 0 ? { place: place - 1 } : {}) };
}

/** Verbs other answers own about every card shown, read from the card when one card is named by its place. */
const EN_ONE_CARD_VERBS: ReadonlySet<string> = new Set(['have', 'has', 'come', 'comes', 'support', 'supports', 'include', 'includes']);

/** What is asked whether the products have («подсветка» of «у каких есть подсветка?»), with no verb of its own. */
export function featureSaid(said: string): FeatureAsked {
  return { said, verb: '', words: askedWords(said).map(stem) };
}

/** The words of what is asked, without the question's own ("does", «у», "them"), at most MAX_ASKED_WORDS. */
function askedWords(text: string): string[] {
  return tokenize(text.slice(0, MAX_QUESTION_CHARS))
    .filter((w) => !isQuestionNoise(w))
    .slice(0, MAX_ASKED_WORDS);
}

/**
 * The stems a word may be matched by: its own, and for a short Russian word its letters without
 * a vowel that drops as it declines («сон» and «сна», «день» and «дня» share «сн», «дн»).
 */
function keysOf(word: string): string[] {
  const own = stem(word);
  if (word.length > 5 || !/^[а-яё]+$/u.test(word)) {
    return [own];
  }
  const bare = word.replace(/(?:ом|ем|ой|ей|[аяуюеиыоёь])$/u, '').replace(/[оеё](?=[^аяуюеиыоё]$)/u, '');
  return bare.length >= 2 && bare !== own ? [own, `~${bare}`] : [own];
}

/** Whether a statement's words say every word asked. */
function saysAll(keys: ReadonlySet<string>, asked: readonly string[]): boolean {
  return asked.every((w) => keys.has(w) || keysOf(w).some((k) => keys.has(k)));
}

interface Stated {
  product: CatalogProduct;
  quote: string;
  /** The statement is the product's name: said so rather than quoted after it. */
  inName: boolean;
}

/** Where a card says what is asked: the statement saying it (with the verb, when one does), or null. */
function whereStated(p: CatalogProduct, asked: FeatureAsked): string | null {
  let found: string | null = null;
  for (const statement of cardStatements(p)) {
    const keys = new Set<string>();
    for (const w of tokenize(statement)) {
      keysOf(w).forEach((k) => keys.add(k));
    }
    if (saysAll(keys, asked.words)) {
      if (keys.has(asked.verb)) {
        return statement;
      }
      found ??= statement;
    }
  }
  return found;
}

/**
 * The answer about the products shown: the cards that say what was asked, with where, and how
 * many do not; null when no card says it (see `featureBeyondShown`).
 */
export function shownFeatureAnswer(turn: Turn, products: readonly CatalogProduct[], asked: FeatureAsked, prev: EngineState | null): EngineResult | null {
  const stated: Stated[] = [];
  for (const product of products) {
    const quote = whereStated(product, asked);
    if (quote !== null) {
      stated.push({ product, quote: clip(quote, MAX_QUOTE_CHARS).replace(/[.!;]+$/u, ''), inName: quote === product.name });
    }
  }
  if (stated.length === 0) {
    return null;
  }
  const { t } = turn;
  // A name saying it is not quoted after itself: "… — сказано в названии".
  const lines = stated.map((s) => t.shownFact(shortName(s.product), s.inName ? t.saidInName : s.quote));
  // The search stays what it was: "cheaper" after it is cheaper than what was shown.
  return result(
    turn,
    {
      message: products.length === 1 ? t.statedOnCard(stated[0]!.quote) : t.shownDetail(lines, products.length - stated.length),
      shelf: { products: stated.map((s) => s.product), title: t.titleShown, shelfId: 'aisle-shown', sourceQuery: turn.text },
    },
    prev,
  );
}

/**
 * When no card shown says it: the products of the last search whose cards do ("None of the
 * cards shown mention “blood pressure” — these do."), or plainly that the cards do not say.
 */
export function featureBeyondShown(turn: Turn, index: CatalogIndex, shownCount: number, asked: FeatureAsked, prev: EngineState | null): EngineResult {
  return statingBeyondShown(turn, index, asked, prev) ?? noDetailAnswer(turn, shownCount, prev);
}

/** The products of the last search, not shown yet, whose cards say what was asked, under a note; null when none does. */
export function statingBeyondShown(turn: Turn, index: CatalogIndex, asked: FeatureAsked, prev: EngineState | null): EngineResult | null {
  if (!prev || prev.kind !== 'search') {
    return null;
  }
  // The last search as it was (its kind, its budget), with what is asked added.
  const request = { text: `${prev.text} ${asked.said}`.trim(), filters: prev.filters, categoryWords: prev.categoryWords, brandWords: prev.brandWords };
  const run = runSearch(index, request, SHELF_SIZE * BEYOND_POOL, turn.budget);
  const shown = new Set(prev.shown);
  const stating = run.hits.filter((h) => isWhole(h) && !shown.has(h.product.sku) && whereStated(h.product, asked) !== null).slice(0, SHELF_SIZE);
  if (stating.length === 0) {
    return null;
  }
  const context = { categoryWords: prev.categoryWords, brandWords: prev.brandWords, label: prev.label };
  return searchAnswer(turn, index, { ...run, hits: stating }, context, { note: turn.t.featureNoneShownThese(asked.said), priceAsked: prev.filters });
}
