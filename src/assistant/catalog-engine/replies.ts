/**
 * Answers without a product search: a shop question (the tenant's page of the topic, the
 * operator, or an honest "I can't tell"), small talk, a question about the page's product
 * from its own card, and words the catalogue does not know. Each keeps the dialog's last
 * search, so a later "cheaper" still refines it.
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import type { TenantLink } from '../../config/tenant.ts';
import type { EngineResult } from '../engine.ts';
import type { EngineState } from '../engine-state.ts';
import { currencySymbol } from '../currency.ts';
import type { AnswerParts } from './compose.ts';
import type { ShopTopic } from './intents.ts';
import { productFacts } from './product-facts.ts';
import { browseSuggests } from './suggests.ts';
import { clip, formatPrice, joinFacts, shortName } from './texts.ts';
import { result, SHELF_SIZE, type Turn } from './turn.ts';

/**
 * A question about the shop: its page on the topic when it has one, else the operator
 * when it has a chat, else an honest "I can't tell". The previous search stays refinable.
 */
export function topicAnswer(turn: Turn, links: TenantLink[], topics: ShopTopic[]): EngineResult {
  const { t, req, index, lang } = turn;
  const topic = links.find((l) => (topics as string[]).includes(l.topic))?.topic ?? links[0]?.topic ?? topics[0] ?? '';
  if (links.length > 0) {
    const message = t.topicLink(topic, links.map((l) => l.label));
    return result(turn, { message, links, suggests: browseSuggests(index, lang) }, turn.prev);
  }
  if (req.tenant.supportChat) {
    return result(turn, { message: t.topicOperator(topic), supportButton: t.supportButton }, turn.prev);
  }
  return result(turn, { message: t.topicUnknown(topic), suggests: browseSuggests(index, lang) }, turn.prev);
}

/** A short answer without products; the previous search stays refinable. */
export function smallTalk(turn: Turn, message: string): EngineResult {
  return result(turn, { message, suggests: browseSuggests(turn.index, turn.lang) }, turn.prev);
}

/**
 * "Сколько он стоит?", "how much is it?" after a shelf: the price of the one card shown, or the
 * range of those shown, with the shown cards; null when no shown card has a price or the
 * message asks no such thing. Before, it was read as a search and answered "What are you
 * looking for?".
 */
export function shownPriceAnswer(turn: Turn, index: CatalogIndex, prev: EngineState): EngineResult | null {
  if (!PRICE_QUESTION.test(turn.text)) {
    return null;
  }
  const { t, req, lang } = turn;
  const shown = prev.shown
    .slice(0, SHELF_SIZE)
    .map((sku) => index.bySku(sku))
    .filter((p): p is CatalogProduct => p !== undefined);
  const priced = shown.filter((p) => typeof p.price === 'number' && Number.isFinite(p.price));
  const first = priced[0];
  if (first === undefined) {
    return null;
  }
  const currency = currencySymbol(req.tenant, first);
  const say = (p: CatalogProduct): string => formatPrice(p.price as number, currency, lang);
  if (shown.length === 1) {
    return result(turn, { message: t.shownPriceOne(shortName(first), say(first)), suggests: [t.sugSimilar, t.sugComplementary, t.sugCheaper] }, prev);
  }
  const cheapest = priced.reduce((a, b) => ((b.price as number) < (a.price as number) ? b : a));
  const dearest = priced.reduce((a, b) => ((b.price as number) > (a.price as number) ? b : a));
  const message = cheapest.price === dearest.price ? t.shownPriceSame(say(cheapest)) : t.shownPriceRange(say(cheapest), say(dearest));
  return result(turn, { message, shelf: { products: shown, title: t.titleShown, shelfId: 'aisle-shown', sourceQuery: turn.text }, suggests: [t.sugCheaper] }, prev);
}

/**
 * A question about the page's product ("какая у него камера?"): what its card says about
 * it, or honestly that the card does not say. Null when the question asks nothing specific.
 */
export function detailAnswer(turn: Turn, p: CatalogProduct): EngineResult | null {
  const { t, req, lang } = turn;
  const name = shortName(p);
  const state = turn.prev ?? { v: 1 as const, kind: 'product' as const, lang, text: '', filters: {}, categoryWords: [], brandWords: [], label: [], shown: [], sku: p.sku };
  // The price and the stock are the card's own fields.
  if (PRICE_QUESTION.test(turn.text) || STOCK_QUESTION.test(turn.text)) {
    const price = typeof p.price === 'number' ? formatPrice(p.price, currencySymbol(req.tenant, p), lang) : null;
    const message = `${t.productIntro(name, price).replace(/\.$/u, '')}, ${p.available ? t.inStock : t.unavailable}.`;
    return result(turn, { message, suggests: [t.sugSimilar, t.sugComplementary, t.sugCheaper] }, state);
  }
  const found = productFacts(p, turn.text);
  if (found.fromName) {
    return result(turn, { message: t.productNamedFacts(name, found.facts), suggests: [t.sugSimilar, t.sugComplementary, t.sugCheaper] }, state);
  }
  return found.specific ? result(turn, cardFactsParts(turn, p, found.facts), state) : null;
}

/** What a product's card says about the question (`facts`), or that it does not say, with the operator where the shop has one. */
function cardFactsParts(turn: Turn, p: CatalogProduct, facts: string[]): AnswerParts {
  const { t, req } = turn;
  const name = shortName(p);
  if (facts.length > 0) {
    return { message: t.productDetail(name, facts), suggests: [t.sugSimilar, t.sugComplementary, t.sugCheaper] };
  }
  const parts: AnswerParts = { message: t.productNoDetail(name, req.tenant.supportChat), suggests: [t.sugSimilar, t.sugComplementary] };
  if (req.tenant.supportChat) {
    parts.supportButton = t.supportButton;
  }
  return parts;
}

/**
 * A question about a product it names ("is the galaxy s24 waterproof?", "у iphone 15 есть
 * nfc?"): what its card says about it, or honestly that the card does not say, with the card.
 * The product is what the dialog is about next ("а сколько стоит?", "похожие").
 */
export function namedDetailAnswer(turn: Turn, p: CatalogProduct): EngineResult {
  const { t, lang } = turn;
  const state = { v: 1 as const, kind: 'search' as const, lang, text: '', filters: {}, categoryWords: [], brandWords: [], label: [], shown: [p.sku] };
  const shelf = { products: [p], title: t.titleShown, shelfId: 'aisle-shown', sourceQuery: turn.text };
  return result(turn, { ...cardFactsParts(turn, p, productFacts(p, turn.text).facts), shelf }, state);
}

/** Facts quoted per card when a question is about several, and their length. */
const FACTS_PER_CARD = 1;
const MAX_CARD_FACT_CHARS = 140;

/**
 * A question about the cards just shown ("а какая у них автономность?", "how long does the
 * battery last on these?"): what each of `products` (those cards, looked up once by the caller)
 * says about it, or honestly that the cards do not say. The cards stay, and so does the search
 * they came from.
 */
export function shownDetailAnswer(turn: Turn, products: CatalogProduct[], prev: EngineState): EngineResult {
  const { t, lang } = turn;
  const lines: string[] = [];
  let silent = 0;
  for (const p of products) {
    const facts = productFacts(p, turn.text).facts.slice(0, FACTS_PER_CARD);
    if (facts.length === 0) {
      silent++;
      continue;
    }
    lines.push(t.shownFact(shortName(p), clip(joinFacts(facts), MAX_CARD_FACT_CHARS)));
  }
  if (lines.length === 0) {
    return noDetailAnswer(turn, products.length, prev);
  }
  return result(turn, { message: t.shownDetail(lines, silent), shelf: { products, title: t.titleShown, shelfId: 'aisle-shown', sourceQuery: turn.text } }, { ...prev, lang });
}

/** That the cards of the products shown (`count` of them) do not say what was asked, with the operator when the shop has one. */
export function noDetailAnswer(turn: Turn, count: number, prev: EngineState | null): EngineResult {
  const { t, req } = turn;
  const parts: AnswerParts = { message: t.shownNoDetail(req.tenant.supportChat, count === 1), suggests: [t.sugCheaper] };
  if (req.tenant.supportChat) {
    parts.supportButton = t.supportButton;
  }
  return result(turn, parts, prev);
}

const PRICE_QUESTION = /сколько (он |она |оно |они )?сто[ия]|какая цена|почем|по чем|how much (is it|is this|are they|does (it|this) cost)|what('s| is) the price|price\?/iu;
const STOCK_QUESTION = /(есть|имеется) (ли )?в наличии|в наличии\?|наличие\?|(is it|are they) in stock|in stock\?|available\?/iu;

/**
 * Words the catalogue does not have: a brand name as the buyer wrote it ("а Samsung есть?")
 * is named in the answer, anything else is not repeated back (it may be a typo or noise).
 */
export function unknownWordsAnswer(turn: Turn, index: CatalogIndex, prev: EngineState | null): EngineResult {
  const name = /(?:^|\s)([A-Z][A-Za-z0-9&'-]{2,30})(?=[\s?!.,]|$)/u.exec(turn.text)?.[1];
  const message = name ? turn.t.notInCatalog(name) : turn.t.nothingKnown;
  return result(turn, { message, suggests: browseSuggests(index, turn.lang) }, prev);
}
