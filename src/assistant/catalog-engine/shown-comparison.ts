/**
 * "Сравни первые две", "compare the first two", "чем отличаются первый и третий?": two of the
 * cards just shown, side by side, with their prices and the characteristics their cards state
 * differently. Which is better is the buyer's call; the answer says what differs.
 */
import { paramStated, type CatalogProduct } from '../../catalog/product.ts';
import { normalizeText, tokenize } from '../../catalog/search/tokenize.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import type { EngineResult } from '../engine.ts';
import { seenSoFar, type EngineState } from '../engine-state.ts';
import { currencySymbol } from '../currency.ts';
import { clip, formatPrice, shortName } from './texts.ts';
import { result, SHELF_SIZE, type Turn } from './turn.ts';

/** Such a request is short: read from the first characters only. */
const MAX_REQUEST_CHARS = 100;
/** Parameters of a card read, and differences named. */
const MAX_PARAMS_READ = 40;
const MAX_DIFFERENCES = 4;
const MAX_VALUE_CHARS = 60;

/** A word every such request has: most messages skip the patterns. */
const COMPARE_WORD = /compar|differ|отлича|разниц|сравн/iu;

/** The position of a shown card an ordinal or a number names (1-based), or 0. */
const ORDINALS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(?:перв\p{L}*|first|1st|1)$/u, 1],
  [/^(?:втор\p{L}*|second|2nd|2)$/u, 2],
  [/^(?:трет\p{L}*|third|3rd|3)$/u, 3],
  [/^(?:четв[её]рт\p{L}*|fourth|4th|4)$/u, 4],
  [/^(?:пят\p{L}*|fifth|5th|5)$/u, 5],
  [/^(?:шест\p{L}*|sixth|6th|6)$/u, 6],
];

export function position(word: string): number {
  for (const [re, n] of ORDINALS) {
    if (re.test(word)) {
      return n;
    }
  }
  return 0;
}

/** "the first two", "первые два/две", "top 2": the first two cards. */
const FIRST_TWO = /(?:^|\s)(?:(?:the )?(?:first|top) (?:two|2)|(?:the )?two first|первые (?:два|две|2)|два первых|две первые|первую пару)(?=\s|$|[?!.,])/u;

/** The other words such a request may have. */
export const FRAME_WORDS: ReadonlySet<string> = new Set([
  'а', 'и', 'с', 'со', 'в', 'чем', 'между', 'мне', 'пожалуйста', 'ли', 'их', 'них', 'из', 'вариант', 'варианта', 'варианты', 'товар', 'товара', 'товары',
  'модель', 'модели', 'позицию', 'позиции', 'номер', 'по', 'под', 'можешь', 'можете', 'это', 'эти', 'какая', 'какие', 'есть',
  'and', 'the', 'with', 'to', 'between', 'what', 'whats', 'is', 'are', 'one', 'ones', 'option', 'options', 'item', 'items', 'product', 'products',
  'model', 'models', 'number', 'no', 'please', 'can', 'you', 'me', 'how', 'do', 'does', 'of', 'them', 'these', 'those', 'vs',
  'они', 'they', 's', 'two', 'both', 'оба', 'обе', 'двумя', 'двух',
]);

/**
 * The two shown cards (0-based positions) a message asks to compare, or null: "сравни первые
 * две", "compare the first and the third", "сравни 2 и 4", "чем отличаются первый и второй?";
 * with two cards shown, "what's the difference between them?" names both.
 */
export function shownPairAsked(text: string, shown: number): [number, number] | null {
  const positions = shown < 2 ? null : askedPositions(text);
  if (positions === null) {
    return null;
  }
  if (positions === FIRST_TWO_ASKED) {
    return [0, 1];
  }
  // "what's the difference between them?", "чем они отличаются?" with two cards shown: those two.
  if (positions.length === 0 && shown === 2) {
    return [0, 1];
  }
  if (positions.length !== 2) {
    return null;
  }
  const [a, b] = positions as [number, number];
  return a <= shown && b <= shown && a <= SHELF_SIZE && b <= SHELF_SIZE ? [a - 1, b - 1] : null;
}

/**
 * Whether a message asks to compare the cards shown without saying which two, more than two
 * being shown ("what's the difference between them?" after six laptops).
 */
export function comparesShownUnnamed(text: string, shown: number): boolean {
  if (shown <= 2) {
    return false;
  }
  const positions = askedPositions(text);
  return positions !== null && positions !== FIRST_TWO_ASKED && positions.length === 0;
}

/**
 * Whether a message asks to compare cards by pointing at them ("what's the difference between
 * these two?", "сравни их", "compare the first two"): with no cards shown, there is nothing it names.
 */
export function comparesCards(text: string): boolean {
  return askedPositions(text) !== null;
}

/** `askedPositions` of "the first two". */
const FIRST_TWO_ASKED: readonly number[] = [1, 2];

/**
 * The card positions (1-based) a comparison names, in order: FIRST_TWO_ASKED for "the first
 * two", none for "compare them"; null when the message is no comparison or names products by
 * other words ("compare iphone 5 and 6").
 */
function askedPositions(text: string): readonly number[] | null {
  if (text.length > MAX_REQUEST_CHARS || !COMPARE_WORD.test(text)) {
    return null;
  }
  const norm = normalizeText(text).replace(/[#№]/gu, ' ');
  if (FIRST_TWO.test(norm)) {
    return FIRST_TWO_ASKED;
  }
  const positions: number[] = [];
  for (const w of norm.split(/[^\p{L}\p{N}]+/u)) {
    if (w === '') {
      continue;
    }
    const p = position(w);
    if (p > 0 && !positions.includes(p)) {
      positions.push(p);
    } else if (p === 0 && !FRAME_WORDS.has(w) && !COMPARE_WORD.test(w)) {
      // Another word names products ("compare iphone 5 and 6"): a comparison of those, not of cards.
      return null;
    }
  }
  return positions;
}

/** "Two" as a comparison of two products of a kind says it ("the two cheapest tvs", «два самых дешёвых»). */
const TWO = /^(?:two|2|два|две|двух|пару)$/u;

/**
 * What to compare two of, when a message asks to compare two products of a kind without
 * naming them ("compare the two cheapest tvs", «сравни два самых дешёвых телевизора»): the
 * request without the comparison's own words ("cheapest tvs"); null for any other message.
 */
export function twoOfKindToCompare(text: string): string | null {
  if (text.length > MAX_REQUEST_CHARS || !COMPARE_WORD.test(text)) {
    return null;
  }
  const words = normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  if (!words.some((w) => TWO.test(w))) {
    return null;
  }
  const rest = words.filter((w) => !TWO.test(w) && !COMPARE_WORD.test(w) && !FRAME_WORDS.has(w));
  return rest.length > 0 ? rest.join(' ') : null;
}

/** The parameters both cards state with different values, as "Key: a / b", at most a few. */
function differences(a: CatalogProduct, b: CatalogProduct): string[] {
  const bParams = new Map<string, string>();
  let read = 0;
  for (const key in b.params) {
    if (read++ >= MAX_PARAMS_READ) {
      break;
    }
    bParams.set(normalizeText(key), String(b.params[key]));
  }
  const out: string[] = [];
  read = 0;
  for (const key in a.params) {
    if (read++ >= MAX_PARAMS_READ || out.length >= MAX_DIFFERENCES) {
      break;
    }
    const va = String(a.params[key]);
    const vb = bParams.get(normalizeText(key));
    if (vb !== undefined && paramStated(va) && paramStated(vb) && normalizeText(va) !== normalizeText(vb)) {
      out.push(`${key}: ${clip(va, MAX_VALUE_CHARS)} / ${clip(vb, MAX_VALUE_CHARS)}`);
    }
  }
  return out;
}


/** The two cards side by side; null when either is no longer in the catalogue. */
export function shownComparisonAnswer(turn: Turn, index: CatalogIndex, prev: EngineState, pair: [number, number]): EngineResult | null {
  const a = index.bySku(prev.shown[pair[0]] ?? '');
  const b = index.bySku(prev.shown[pair[1]] ?? '');
  if (!a || !b) {
    return null;
  }
  const { t, lang, req } = turn;
  const currency = currencySymbol(req.tenant, a);
  const priced = (p: CatalogProduct): string => t.shownComparedPrice(shortName(p), typeof p.price === 'number' ? formatPrice(p.price, currency, lang) : null);
  const diffs = differences(a, b);
  const message = t.shownCompared(priced(a), priced(b), diffs);
  // "ещё варианты" next pages past the whole shelf, not only the two compared.
  const state: EngineState = { ...prev, shown: [a.sku, b.sku], seen: seenSoFar(prev) };
  return result(turn, { message, shelf: { products: [a, b], title: t.titleCompared(shortName(a), shortName(b)), shelfId: 'aisle-compare', sourceQuery: turn.text } }, state);
}

/**
 * "Сравни первые две" when one card was shown: that card, and a question of what to compare it
 * with (it was searched as a request and answered "nothing found"); null when the card is gone.
 */
export function onlyOneShownAnswer(turn: Turn, index: CatalogIndex, prev: EngineState): EngineResult | null {
  const only = index.bySku(prev.shown[0] ?? '');
  if (!only) {
    return null;
  }
  return result(turn, { message: turn.t.onlyOneShown(shortName(only)), shelf: { products: [only], title: shortName(only), shelfId: 'aisle-compare', sourceQuery: turn.text } }, prev);
}

/** "which is the best?", "какой из них лучше?", "which would you recommend?": a choice with no topic of its own. */
const BEST_ASKED = /(?:^|[^\p{L}])(?:best|better|recommend|suggest|лучше|лучший|лучшая|лучшее|посоветуе\p{L}*|порекомендуе\p{L}*|выбрать)(?=[^\p{L}]|$)/iu;

/** Whether a question among the cards asks which is best, naming nothing to judge by ("лучше для игр?" names games). */
export function asksBestAmongShown(text: string): boolean {
  return text.length <= MAX_BEST_QUESTION_CHARS && BEST_ASKED.test(text) && tokenize(text).every((w) => BEST_WORDS.has(w));
}
/** The words of such a question. */
const BEST_WORDS: ReadonlySet<string> = new Set([
  'а', 'и', 'так', 'ну', 'какой', 'какая', 'какое', 'какие', 'какую', 'который', 'которая', 'которое', 'которые', 'которую', 'из', 'них', 'этих', 'лучше',
  'лучший', 'лучшая', 'лучшее', 'посоветуете', 'посоветуешь', 'порекомендуете', 'выбрать', 'мне', 'вы', 'бы', 'самый', 'самая', 'тогда', 'же',
  'and', 'so', 'then', 'which', 'one', 'ones', 'of', 'them', 'these', 'those', 'is', 'are', 'the', 'best', 'better', 'would', 'you', 'do', 'recommend',
  'suggest', 'me', 'should', 'i', 'get', 'buy', 'pick',
]);
const MAX_BEST_QUESTION_CHARS = 100;
/** A colour is taste, not better or worse. */
const TASTE_KEY = /цвет|colou?r/iu;
/** At most this many parameters, and values of each, are said. */
const MAX_BEST_PARAMS = 2;
const MAX_BEST_VALUES = 4;
const MAX_BEST_NAMES = 2;

/**
 * The parameters at least two of the cards state with different values, those most cards state
 * first, each as "Key: value — names; value — names" (a colour left out).
 */
function differencesAmong(products: readonly CatalogProduct[]): string[] {
  const byKey = new Map<string, { key: string; values: Map<string, { value: string; names: string[] }>; stated: number }>();
  for (const p of products) {
    let read = 0;
    for (const key in p.params) {
      if (read++ >= MAX_PARAMS_READ) {
        break;
      }
      const value = String(p.params[key]);
      if (TASTE_KEY.test(key) || !paramStated(value)) {
        continue;
      }
      const k = normalizeText(key);
      const entry = byKey.get(k) ?? { key, values: new Map(), stated: 0 };
      const v = normalizeText(value);
      const group = entry.values.get(v) ?? { value: clip(value, MAX_VALUE_CHARS), names: [] };
      group.names.push(shortName(p));
      entry.values.set(v, group);
      entry.stated++;
      byKey.set(k, entry);
    }
  }
  return [...byKey.values()]
    .filter((e) => e.stated >= 2 && e.values.size >= 2)
    .sort((a, b) => b.stated - a.stated)
    .slice(0, MAX_BEST_PARAMS)
    .map((e) => `${e.key}: ${[...e.values.values()].slice(0, MAX_BEST_VALUES).map((g) => `${g.value} — ${namesOf(g.names)}`).join('; ')}`);
}

/** At most MAX_BEST_NAMES names, and how many more ("…, and 2 more" said as "+2"). */
function namesOf(names: readonly string[]): string {
  return names.length <= MAX_BEST_NAMES ? names.join(', ') : `${names.slice(0, MAX_BEST_NAMES).join(', ')} +${names.length - MAX_BEST_NAMES}`;
}

/**
 * "Which is the best?" when the cards say nothing better or worse: it depends on what matters,
 * how the cards differ, and the most affordable.
 */
export function bestAmongShownAnswer(turn: Turn, products: CatalogProduct[], prev: EngineState): EngineResult {
  const { t, lang, req } = turn;
  const priced = products.filter((p) => typeof p.price === 'number');
  const cheapest = priced.length === 0 ? undefined : priced.reduce((a, b) => ((b.price as number) < (a.price as number) ? b : a));
  const currency = currencySymbol(req.tenant, products[0]);
  const message = t.bestDepends(differencesAmong(products), cheapest ? { name: shortName(cheapest), price: formatPrice(cheapest.price as number, currency, lang) } : null);
  return result(
    turn,
    // The cards are just above: not shown again.
    { message, suggests: products.length >= 2 ? [t.sugCompareFirstTwo, t.sugCheaper] : [t.sugCheaper] },
    { ...prev, lang },
  );
}
