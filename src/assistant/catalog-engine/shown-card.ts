/**
 * "Покажи первый подробнее", "расскажи про третий", "tell me more about the second one": one of
 * the cards just shown, named by its place, with what its card says (its first stated
 * characteristics and description) and its price. Before, such a message was searched for as
 * a product ("первый" found nothing, and the previous list came back under a note).
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import { normalizeText } from '../../catalog/search/tokenize.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import type { EngineResult } from '../engine.ts';
import type { EngineState } from '../engine-state.ts';
import { currencySymbol } from '../currency.ts';
import { cardSummary } from './product-facts.ts';
import { FRAME_WORDS, position } from './shown-comparison.ts';
import { formatPrice, shortName } from './texts.ts';
import { result, SHELF_SIZE, type Turn } from './turn.ts';

/** Such a request is short: read from the first characters only. */
const MAX_REQUEST_CHARS = 100;

/** Words asking about a card in general; one of them must be there. */
const DETAIL_WORD = /^(?:подробн\p{L}*|детальн\p{L}*|детал\p{L}*|расскаж\p{L}*|покаж\p{L}*|опиш\p{L}*|характеристик\p{L}*|tell|more|show|details?|describe|specs?|info|information)$/u;

/** Other words such a request may have besides the frame words of a comparison. */
const DETAIL_FRAME: ReadonlySet<string> = new Set(['про', 'о', 'об', 'что', 'за', 'мне', 'нам', 'поподробнее', 'ещё', 'еще', 'about', 'on', 'a', 'bit', 'the', 'me']);

/**
 * The shown card (0-based) a message asks about in general, or -1: one place ("первый",
 * "the second", "#3") and a word asking for details, nothing naming products.
 */
export function shownCardAsked(text: string, shown: number): number {
  if (text.length > MAX_REQUEST_CHARS || shown < 1) {
    return -1;
  }
  const norm = normalizeText(text).replace(/[#№]/gu, ' ');
  let place = 0;
  // "Что за второй?" asks about it too.
  let asks = /(?:^|\s)что за\s/u.test(norm);
  for (const w of norm.split(/[^\p{L}\p{N}]+/u)) {
    if (w === '') {
      continue;
    }
    const p = position(w);
    if (p > 0) {
      if (place > 0 && p !== place) {
        return -1;
      }
      place = p;
    } else if (DETAIL_WORD.test(w)) {
      asks = true;
    } else if (!FRAME_WORDS.has(w) && !DETAIL_FRAME.has(w)) {
      // Another word names products ("покажи первый айфон"): a search, not a card.
      return -1;
    }
  }
  return asks && place > 0 && place <= Math.min(shown, SHELF_SIZE) ? place - 1 : -1;
}

/** The card at `at` of those just shown, with what its card says; null when it is no longer in the catalogue. */
export function shownCardAnswer(turn: Turn, index: CatalogIndex, prev: EngineState, at: number): EngineResult | null {
  const p: CatalogProduct | undefined = index.bySku(prev.shown[at] ?? '');
  if (!p) {
    return null;
  }
  const { t, lang, req } = turn;
  const price = typeof p.price === 'number' ? formatPrice(p.price, currencySymbol(req.tenant, p), lang) : null;
  const message = t.shownCard(shortName(p), price, cardSummary(p));
  // Its card is now the one shown: "похожие", "что к нему подойдёт?" are about it.
  const state: EngineState = { ...prev, shown: [p.sku] };
  return result(
    turn,
    { message, shelf: { products: [p], title: shortName(p), shelfId: 'aisle-shown-card', sourceQuery: turn.text }, suggests: [t.sugSimilar, t.sugComplementary] },
    state,
  );
}

/** One card named by its place inside a question ("у второго какая камера?", "is the first one in stock?"). */
const PLACE_IN_QUESTION =
  /(?:^|\s)(?:(?:у|в|про|о|об|на)\s+)?(?:(перв|втор|трет|четв[её]рт|пят|шест|последн)(?:ого|ому|ом|ый|ой|ая|ую|ое|ий|ьего|ьему|ьем|ья|ье|ьей|ей|его|ему|ем)|the\s+(first|second|third|fourth|fifth|sixth|last|1st|2nd|3rd|4th|5th|6th)(?:\s+one)?)(?=[\s?!.,]|$)/giu;

/**
 * A question about one of the cards just shown, named by its place ("у первого есть
 * приложение?", "а у второго какая камера?", "how long is the warranty on the third one?"): the
 * card (0-based) and the question without the words naming it, or null when the message names no
 * single place (none, or two: a comparison). The caller asks it only of a question.
 */
export function shownCardQuestion(text: string, shown: number): { at: number; question: string } | null {
  if (text.length > MAX_REQUEST_CHARS || shown < 1) {
    return null;
  }
  const found = [...text.matchAll(PLACE_IN_QUESTION)].slice(0, 2);
  if (found.length !== 1) {
    return null;
  }
  const m = found[0] as RegExpMatchArray;
  const word = (m[1] ?? m[2] ?? '').toLowerCase();
  const place = /^(?:последн|last)$/u.test(word) ? Math.min(shown, SHELF_SIZE) : position(word);
  if (place < 1 || place > Math.min(shown, SHELF_SIZE)) {
    return null;
  }
  const question = `${text.slice(0, m.index)} ${text.slice((m.index ?? 0) + m[0].length)}`.replace(/\s+/gu, ' ').trim();
  return { at: place - 1, question };
}
