/**
 * The catalogue engine: answers a buyer from the tenant's own catalogue, with no language
 * model. The default engine, the fallback when a model fails, and the search the LLM
 * engine calls. It decides what the message asks for (small talk, a person, a shop topic,
 * a search, a refinement, similar or complementary products), runs the search and
 * composes the spec's answer.
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import { boundText, MAX_MESSAGE_CHARS, WorkBudget } from '../../catalog/search/limits.ts';
import { runSearch, type SearchRequest } from '../../catalog/search/relax.ts';
import type { CatalogIndex, DetailedQuery } from '../../catalog/search/types.ts';
import { tokenize } from '../../catalog/search/tokenize.ts';
import type { AssistantEngine, BuyerPreferences, EngineRequest, EngineResult } from '../engine.ts';
import type { AnswerParts } from './compose.ts';
import { currencySymbol } from '../currency.ts';
import { detectLanguage } from '../language.ts';
import {
  isGreeting,
  isThanks,
  matchLinks,
  stripIntentWords,
  wantsComplementary,
  wantsOtherBrand,
  wantsSimilar,
  wantsSupport,
} from './intents.ts';
import { looksLikeFollowUp, onlyModifiers, refineSearch, type PriceMove } from './refine.ts';
import { pageSkus, pageStrings } from '../page-data.ts';
import {
  cartAnswer,
  complementaryAnswer,
  productPageAnswer,
  searchAnswer,
  similarAnswer,
  type SearchContext,
} from './shelves.ts';
import { latestState, type EngineState } from '../engine-state.ts';
import { browseSuggests } from './suggests.ts';
import { texts } from './texts.ts';
import { result, SHELF_SIZE, type Turn } from './turn.ts';

export interface CatalogEngineDeps {
  /** The search index of each tenant's catalogue; undefined when a tenant has none loaded. */
  catalogs: { get(tenantId: string): CatalogIndex | undefined };
}

/**
 * Creates the catalogue engine. It keeps no state of its own: what it remembers of a
 * dialog travels in `EngineResult.state` and comes back in `request.history`.
 */
export function createCatalogEngine(deps: CatalogEngineDeps): AssistantEngine {
  return {
    async answer(req: EngineRequest): Promise<EngineResult> {
      if (req.signal.aborted) {
        throw req.signal.reason instanceof Error ? req.signal.reason : new Error('aborted');
      }
      const index = deps.catalogs.get(req.tenant.id);
      const prev = latestState(req.history);
      // Everything below reads this bounded text, never the request's own.
      const text = boundText(req.text, MAX_MESSAGE_CHARS).trim();
      const lang = detectLanguage(text, req.tenant.language, prev?.lang);
      const sample = index && prev?.shown[0] ? index.bySku(prev.shown[0]) : undefined;
      const turn: Turn = { req, text, budget: new WorkBudget(), index, prev, lang, t: texts(lang), currency: currencySymbol(req.tenant, sample) };
      return respond(turn);
    },
  };
}

function respond(turn: Turn): EngineResult {
  const { req, t, index, text } = turn;

  if (text === '') {
    // An image alone, or an empty message: the catalogue engine cannot see pictures.
    return smallTalk(turn, req.image ? t.imageOnly : t.vague);
  }
  if (wantsSupport(text)) {
    const parts: AnswerParts = { message: req.tenant.supportChat ? t.support : t.supportNoChat };
    if (req.tenant.supportChat) {
      parts.supportButton = t.supportButton;
    } else {
      parts.suggests = browseSuggests(index, turn.lang);
    }
    return result(turn, parts, turn.prev);
  }
  const linkMatch = matchLinks(text, req.tenant.links);
  if (isGreeting(text)) {
    return smallTalk(turn, t.greeting);
  }
  if (isThanks(text)) {
    return smallTalk(turn, t.thanks);
  }
  if (!index || index.size === 0) {
    const parts: AnswerParts = { message: t.catalogUnavailable, links: linkMatch.links };
    if (req.tenant.supportChat) {
      parts.supportButton = t.supportButton;
    }
    return result(turn, parts, turn.prev);
  }

  // A shop topic (delivery, returns, stores): the tenant's links, and products only if the
  // message also asks for some ("доставка холодильника" is about delivery, not fridges).
  let productText = text;
  if (linkMatch.links.length > 0) {
    const linkAnswer = (): EngineResult =>
      result(turn, { message: t.links(linkMatch.links.map((l) => l.label)), links: linkMatch.links, suggests: browseSuggests(index, turn.lang) }, turn.prev);
    productText = tokenize(text)
      .filter((w) => !linkMatch.words.has(w))
      .join(' ');
    const rest = index.parseDetailed(productText);
    if (rest.text === '' && rest.categoryWords.length === 0 && !rest.filters.brands?.length) {
      return linkAnswer();
    }
    // Leftover words that find no products ("как оформить возврат заказа") were about the
    // topic too: the link is the whole answer, not "nothing found" beside it.
    const withProducts = productAnswer(turn, index, productText);
    if (!withProducts.answer.response.contents.some((b) => b.type === 'products')) {
      return linkAnswer();
    }
    withProducts.answer.response.contents.push(
      ...linkMatch.links.map((l) => ({ type: 'button' as const, value: l.label, action: 'follow_url', url: l.url })),
    );
    return withProducts;
  }
  return productAnswer(turn, index, productText);
}

/** A short answer without products; the previous search stays refinable. */
function smallTalk(turn: Turn, message: string): EngineResult {
  return result(turn, { message, suggests: browseSuggests(turn.index, turn.lang) }, turn.prev);
}

function isVague(q: DetailedQuery): boolean {
  return q.text === '' && q.categoryWords.length === 0 && !q.filters.brands?.length && !q.filters.excludeBrands?.length;
}

function hasPriceOrStock(q: DetailedQuery): boolean {
  return q.filters.priceMin !== undefined || q.filters.priceMax !== undefined || q.filters.availableOnly === true;
}

/** Everything about products: which shelf to show, and the message about it. */
function productAnswer(turn: Turn, index: CatalogIndex, text: string): EngineResult {
  const { req, prev } = turn;
  const otherBrand = wantsOtherBrand(text);
  // "другого бренда" is an instruction, not words to search for.
  const core = otherBrand ? stripIntentWords(text) : text;
  const parsed = index.parseDetailed(core);
  const pageSku = req.page.type === 'PRODUCT' ? pageSkus(req.page.data)[0] : undefined;
  const pageProduct = pageSku ? index.bySku(pageSku) : undefined;

  if (wantsSimilar(text) || wantsComplementary(text)) {
    const target = targetProduct(turn, index, text, pageProduct);
    if (target) {
      return wantsComplementary(text) ? complementaryAnswer(turn, index, target) : similarAnswer(turn, index, target, parsed);
    }
  }

  if (req.page.type === 'CART' && (isVague(parsed) || wantsComplementary(text)) && !hasPriceOrStock(parsed)) {
    return cartAnswer(turn, index, pageSkus(req.page.data));
  }

  // On a product page, "а подешевле?" or a vague question is about that product, unless
  // the dialog's last shelf was a search the buyer is refining.
  const refiningSearch = prev !== null && prev.kind === 'search' && (prev.sku === undefined || prev.sku === pageSku);
  if (pageProduct && isVague(parsed) && !(refiningSearch && (parsed.cheaper || parsed.pricier || hasPriceOrStock(parsed) || otherBrand))) {
    if (parsed.cheaper || parsed.pricier) {
      return similarAnswer(turn, index, pageProduct, parsed);
    }
    return productPageAnswer(turn, index, pageProduct);
  }

  if (prev && prev.shown.length > 0 && (prev.kind === 'search' || prev.kind === 'similar') && looksLikeFollowUp(text, parsed, otherBrand)) {
    if (prev.kind === 'similar' && prev.sku && (parsed.cheaper || parsed.pricier) && isVague(parsed)) {
      const base = index.bySku(prev.sku);
      if (base) {
        return similarAnswer(turn, index, base, parsed, prev.shown);
      }
    }
    if (prev.kind === 'search') {
      const refined = refineSearch(index, prev, parsed, otherBrand);
      const refinedCtx: SearchContext = {
        categoryWords: prev.categoryWords,
        brandWords: refined.request.brandWords ?? [],
        label: refined.label,
      };
      const run = runSearch(index, refined.request, SHELF_SIZE, turn.budget);
      const move: PriceMove = refined.move;
      if ((run.hits.length === 0 || run.relaxed.includes('price')) && move !== null) {
        // Nothing beyond what was shown: the cheapest (or dearest) of the same search.
        const sorted: SearchRequest = { ...prevRequest(prev), sort: move === 'cheaper' ? 'price_asc' : 'price_desc' };
        const note = move === 'cheaper' ? turn.t.cheaperNone : turn.t.pricierNone;
        return searchAnswer(turn, index, runSearch(index, sorted, SHELF_SIZE, turn.budget), refinedCtx, { note });
      }
      // A message with its own product words may be a new search after all ("iphone"
      // after kettles): keep the refinement only if it matches at least as well.
      if (parsed.text !== '' && !onlyModifiers(parsed.text) && (!run.exact || run.relaxed.length > 0) && !turn.budget.exhausted) {
        const fresh = runSearch(index, detailedRequest(parsed), SHELF_SIZE, turn.budget);
        if (fresh.hits.length > 0 && fresh.exact && fresh.relaxed.length === 0) {
          return searchAnswer(turn, index, fresh, freshContext(core, parsed), { learned: learnedFrom(parsed, core) });
        }
      }
      return searchAnswer(turn, index, run, refinedCtx, {
        move,
        learned: learnedFrom(parsed, core),
        askedBrands: parsed.filters.brands ?? prev.filters.brands ?? [],
        priceAsked: refined.request.filters,
      });
    }
  }

  if (isVague(parsed)) {
    const pageQuery = req.page.type === 'SEARCH' ? pageStrings(req.page.data)[0] : undefined;
    if (pageQuery) {
      const page = index.parseDetailed(pageQuery);
      const merged: DetailedQuery = { ...page, filters: { ...page.filters, ...parsed.filters } };
      if (parsed.sort) {
        merged.sort = parsed.sort;
      }
      return searchAnswer(turn, index, runSearch(index, detailedRequest(merged), SHELF_SIZE, turn.budget), freshContext(pageQuery, page), {});
    }
    const pageCategories = req.page.type === 'CATEGORY' ? pageStrings(req.page.data) : [];
    if (pageCategories.length > 0) {
      const req2: SearchRequest = { text: '', filters: { ...parsed.filters, categories: pageCategories } };
      if (parsed.sort) {
        req2.sort = parsed.sort;
      }
      const ctx: SearchContext = { categoryWords: [], brandWords: [], label: pageCategories.slice(-1) };
      return searchAnswer(turn, index, runSearch(index, req2, SHELF_SIZE, turn.budget), ctx, {});
    }
    if (!hasPriceOrStock(parsed) && !parsed.cheaper && !parsed.pricier) {
      return result(turn, { message: turn.t.vague, suggests: browseSuggests(index, turn.lang) }, prev);
    }
  }

  return preferenceAwareSearch(turn, index, core, parsed);
}

function freshContext(message: string, parsed: DetailedQuery): SearchContext {
  const keep = new Set([...parsed.categoryWords, ...tokenize(parsed.text)]);
  // The buyer's own spelling ("iPhone") and order, with connecting words between kept
  // words ("чехол для ноутбука"), without brand and price words (said separately).
  const originals = message.match(/[\p{L}\p{N}]+(?:[.,'’-][\p{L}\p{N}]+)*/gu) ?? [];
  const norms = originals.map((o) => tokenize(o).join(' '));
  const keptAt = norms.map((n, i) => (keep.has(n) ? i : -1)).filter((i) => i >= 0);
  const label: string[] = [];
  const used = new Set<string>();
  if (keptAt.length > 0) {
    const from = keptAt[0] as number;
    const to = keptAt[keptAt.length - 1] as number;
    for (let i = from; i <= to; i++) {
      const n = norms[i] as string;
      if (keep.has(n) && !used.has(n)) {
        used.add(n);
        label.push(originals[i] as string);
      } else if (CONNECTORS.has(n) && i > from && i < to) {
        label.push(originals[i] as string);
      }
    }
  }
  for (const w of keep) {
    if (!used.has(w)) {
      label.push(w);
    }
  }
  return { categoryWords: parsed.categoryWords, brandWords: parsed.brandWords, label };
}

const CONNECTORS = new Set(['для', 'с', 'со', 'без', 'под', 'к', 'и', 'for', 'with', 'without', 'and']);

/** The search request of a parsed message. */
function detailedRequest(q: DetailedQuery): SearchRequest {
  const r: SearchRequest = { text: q.text, filters: q.filters, categoryWords: q.categoryWords, brandWords: q.brandWords };
  if (q.sort) {
    r.sort = q.sort;
  }
  return r;
}

function prevRequest(prev: EngineState): SearchRequest {
  return { text: prev.text, filters: prev.filters, categoryWords: prev.categoryWords, brandWords: prev.brandWords };
}

/** Saved brand preferences read per search (a buyer names a few; stored data may hold more). */
const MAX_PREFERRED_BRANDS = 20;

/** Words that make a price bound the buyer's budget in general, not just this search's. */
const BUDGET_WORDS = /бюджет|могу потратить|готов[аы]? потратить|рассчитыва\w* на|budget|can spend|can afford|willing to spend/i;

/**
 * Preferences stated in this message, to be remembered. A price bound is remembered only when
 * the buyer calls it a budget: "чехол до 2000" says nothing about what a television may cost.
 */
function learnedFrom(q: DetailedQuery, message: string): BuyerPreferences | null {
  const learned: BuyerPreferences = {};
  if (BUDGET_WORDS.test(message)) {
    if (q.filters.priceMax !== undefined) {
      learned.budgetMax = q.filters.priceMax;
    }
    if (q.filters.priceMin !== undefined) {
      learned.budgetMin = q.filters.priceMin;
    }
  }
  if (q.filters.brands && q.filters.brands.length > 0) {
    learned.brands = q.filters.brands;
  }
  return Object.keys(learned).length > 0 ? learned : null;
}

/**
 * A new search. Saved preferences (brands, budget) apply only when the message states
 * none, and only if something still fits; they are a default, not a wall.
 */
function preferenceAwareSearch(turn: Turn, index: CatalogIndex, message: string, parsed: DetailedQuery): EngineResult {
  const ctx = freshContext(message, parsed);
  const prefs = turn.req.preferences;
  const learned = learnedFrom(parsed, message);
  const base = detailedRequest(parsed);
  if (prefs) {
    const withPrefs: SearchRequest = { ...base, filters: { ...base.filters } };
    const applied: { budget?: number; brands?: string[] } = {};
    const statesPrice = parsed.filters.priceMax !== undefined || parsed.filters.priceMin !== undefined || parsed.cheaper || parsed.pricier;
    if (!statesPrice && prefs.budgetMax !== undefined) {
      withPrefs.filters.priceMax = prefs.budgetMax;
      applied.budget = prefs.budgetMax;
    }
    const statesBrand = (parsed.filters.brands?.length ?? 0) > 0 || (parsed.filters.excludeBrands?.length ?? 0) > 0;
    const prefBrands = (prefs.brands ?? [])
      .slice(0, MAX_PREFERRED_BRANDS)
      .map((b) => index.resolveBrand(b))
      .filter((b): b is string => Boolean(b));
    if (!statesBrand && prefBrands.length > 0) {
      withPrefs.filters.brands = prefBrands;
      applied.brands = prefBrands;
    }
    if (applied.budget !== undefined || applied.brands) {
      const run = index.search(withPrefs.text, withPrefs.filters, SHELF_SIZE, { ...(withPrefs.sort ? { sort: withPrefs.sort } : {}), budget: turn.budget });
      if (run.length > 0 && (run[0]?.coverage ?? 1) >= 1) {
        const full = runSearch(index, withPrefs, SHELF_SIZE, turn.budget);
        return searchAnswer(turn, index, full, ctx, { learned, prefs: applied, askedBrands: parsed.filters.brands ?? [], priceAsked: withPrefs.filters });
      }
    }
  }
  return searchAnswer(turn, index, runSearch(index, base, SHELF_SIZE, turn.budget), ctx, { learned, askedBrands: parsed.filters.brands ?? [], priceAsked: parsed.filters });
}

/** The product a "similar"/"what goes with it" request is about. */
function targetProduct(turn: Turn, index: CatalogIndex, text: string, pageProduct: CatalogProduct | undefined): CatalogProduct | undefined {
  // "похожие на iphone 15": the words after the intent name the product.
  const rest = index.parseDetailed(stripIntentWords(text));
  if (rest.text !== '' || rest.categoryWords.length > 0 || rest.filters.brands?.length) {
    const hits = index.search([rest.text, ...rest.categoryWords, ...rest.brandWords].join(' '), {}, 5, { budget: turn.budget }).filter((h) => (h.coverage ?? 1) >= 1);
    // "похожие на dyson v15" means the vacuum, not the filter "для пылесосов V15": a
    // product made for something else is the target only if nothing else matches.
    const main = hits.find((h) => !/\s(?:для|for|д\/)\s?/iu.test(h.product.name)) ?? hits[0];
    if (main) {
      return main.product;
    }
  }
  if (pageProduct) {
    return pageProduct;
  }
  const prev = turn.prev;
  const sku = prev?.sku ?? prev?.shown[0];
  return sku ? index.bySku(sku) : undefined;
}

