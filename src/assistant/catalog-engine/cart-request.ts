/**
 * "Добавь первый в корзину", "add it to my cart", "беру второй", "оформи заказ": the cart and the
 * order are the shop's own (the client adds to the cart from a card; the spec leaves it there),
 * so the answer says how, with the card the buyer means. Before, such a message was searched
 * for as a product ("Nothing matches "add first cart" exactly", over the last list again).
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import { normalizeText } from '../../catalog/search/tokenize.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import type { EngineResult } from '../engine.ts';
import type { EngineState } from '../engine-state.ts';
import { position } from './shown-comparison.ts';
import { shortName } from './texts.ts';
import { result, SHELF_SIZE, type Turn } from './turn.ts';

/** Such a request is short: read from the first characters only. */
const MAX_REQUEST_CHARS = 100;

/** Into the cart, said in a phrase ("в корзину", "to my cart"). */
const INTO_CART = /(?:^|\s)(?:(?:в|во)\s+корзин\p{L}*|(?:to|in|into)\s+(?:the\s+|my\s+|your\s+)?(?:cart|basket|shopping\s+cart))(?=\s|$)/gu;
/** Taking a product said without the cart ("беру", "I'll take it", "buy it"). */
const TAKES = /(?:^|\s)(?:беру|возьму|берем|берём|покупаю|куплю|i['’]ll\s+take|i\s+will\s+take|i['’]ll\s+buy|i\s+will\s+buy|i\s+want\s+to\s+buy|i['’]d\s+like\s+to\s+buy|хочу\s+купить|хочу\s+заказать|buy|order)(?=\s|$)/gu;
/** Placing the order ("оформи заказ", "checkout"). */
const CHECKOUT = /(?:^|\s)(?:оформ\p{L}*\s+(?:мне\s+)?заказ\p{L}*|оформ\p{L}*\s+покупк\p{L}*|check\s*out|place\s+(?:an?\s+|the\s+|my\s+)?order)(?=\s|$)/u;

/** The other words such a request may have: verbs of putting, pronouns and politeness. None names a product. */
const FRAME: ReadonlySet<string> = new Set([
  'добавь', 'добавьте', 'добавить', 'добавим', 'положи', 'положите', 'положить', 'закинь', 'закиньте', 'кинь', 'можно', 'можешь', 'можете', 'как', 'мне',
  'пожалуйста', 'тогда', 'давай', 'давайте', 'ок', 'окей', 'хорошо', 'ладно', 'а', 'и', 'я', 'его', 'её', 'ее', 'их', 'это', 'этот', 'эту', 'эти', 'него',
  'нее', 'неё', 'вот', 'тот', 'ту', 'те', 'товар', 'вариант', 'модель', 'штуку', 'один', 'одну', 'номер', 'под',
  'add', 'put', 'throw', 'please', 'can', 'could', 'you', 'i', 'me', 'it', 'this', 'that', 'them', 'these', 'those', 'one', 'ones', 'the', 'a', 'an',
  'ok', 'okay', 'then', 'so', 'great', 'fine', 'cool', 'lets', 'let', 'us', 'just', 'number', 'option', 'item', 'product', 'model', 'how', 'do', 'to', 'my', 'and', 'both',
]);

/** What a message asks of the cart or the order, or null: `places` the cards (1-based, in the order said; none said: empty) to add. */
export type CartRequest = { kind: 'add'; places: number[] } | { kind: 'checkout' };

/** Whether the message asks to add a product to the cart, to take one, or to place the order; null when it names products or asks nothing of the kind. */
export function cartRequest(text: string): CartRequest | null {
  if (text.length > MAX_REQUEST_CHARS) {
    return null;
  }
  const norm = normalizeText(text).replace(/[?!.,;:#№]+/gu, ' ').replace(/\s+/gu, ' ').trim();
  const checkout = CHECKOUT.test(norm);
  const rest = norm.replace(INTO_CART, ' ').replace(TAKES, ' ');
  if (!checkout && rest === norm) {
    return null;
  }
  const places: number[] = [];
  for (const w of (checkout ? rest.replace(CHECKOUT, ' ') : rest).split(' ')) {
    if (w === '' || FRAME.has(w.replace(/['’]/gu, ''))) {
      continue;
    }
    const p = position(w);
    if (p === 0) {
      // A word naming products ("хочу купить телевизор"): a search, not the cart.
      return null;
    }
    if (!places.includes(p)) {
      places.push(p);
    }
  }
  return checkout ? { kind: 'checkout' } : { kind: 'add', places };
}

/** The answer to a cart request: the card meant (or those shown, to pick from), and how to add it. */
export function cartRequestAnswer(turn: Turn, index: CatalogIndex, asked: CartRequest, prev: EngineState | null, pageProduct: CatalogProduct | undefined): EngineResult {
  const { t } = turn;
  if (asked.kind === 'checkout') {
    return result(turn, { message: t.checkout }, prev);
  }
  const shown = (prev?.shown ?? []).slice(0, SHELF_SIZE).map((sku) => index.bySku(sku)).filter((p): p is CatalogProduct => p !== undefined);
  // "беру первый и третий": those cards, when all were shown.
  const several = asked.places.length > 1 ? asked.places.map((place) => shown[place - 1]) : [];
  if (several.length > 0 && several.every((p) => p !== undefined)) {
    const products = several as CatalogProduct[];
    const state: EngineState | null = prev ? { ...prev, shown: products.map((p) => p.sku) } : null;
    return result(turn, { message: t.addToCartSeveral, shelf: { products, title: t.titleShown, shelfId: 'aisle-shown', sourceQuery: turn.text } }, state);
  }
  const place = asked.places.length === 1 ? (asked.places[0] as number) : 0;
  const meant = place > 0 ? shown[place - 1] : shown.length === 1 ? shown[0] : shown.length === 0 ? pageProduct : undefined;
  if (meant) {
    const state: EngineState | null = prev ? { ...prev, shown: [meant.sku] } : null;
    return result(
      turn,
      { message: t.addToCartOne(shortName(meant)), shelf: { products: [meant], title: shortName(meant), shelfId: 'aisle-shown-card', sourceQuery: turn.text }, suggests: [t.sugComplementary, t.sugSimilar] },
      state,
    );
  }
  if (shown.length > 0 && asked.places.length === 0) {
    return result(turn, { message: t.addToCartPick, shelf: { products: shown, title: t.titleShown, shelfId: 'aisle-shown', sourceQuery: turn.text } }, prev);
  }
  return result(turn, { message: t.addToCartNothing }, prev);
}
