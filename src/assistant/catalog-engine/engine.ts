/**
 * The catalogue engine: answers a buyer from the tenant's own catalogue, with no language
 * model. The default engine, the fallback when a model fails, and the search the LLM
 * engine calls. It decides what the message asks for (small talk, a person, a shop topic,
 * a search, a refinement, similar or complementary products), runs the search and
 * composes the spec's answer.
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import { boundText, MAX_MESSAGE_CHARS, WorkBudget } from '../../catalog/search/limits.ts';
import { runSearch, searchRequestOf, type SearchRequest } from '../../catalog/search/relax.ts';
import { compatibilityAsFor, namePurpose, qualityFirst, STOP_WORDS, tapAsMixer } from '../../catalog/search/stopwords.ts';
import { isModelSuffix } from '../../catalog/search/expansion.ts';
import { isRatingUnit, isUnitWord, measuresOf } from '../../catalog/search/measures.ts';
import type { CatalogIndex, DetailedQuery, SearchHit } from '../../catalog/search/types.ts';
import { aroundPrice, type SearchFilters } from '../../catalog/search/filters.ts';
import { isCyrillic, tokenize } from '../../catalog/search/tokenize.ts';
import { stem } from '../../catalog/search/stem.ts';
import { productKindWords } from '../../catalog/search/product-type.ts';
import type { AssistantEngine, BuyerPreferences, EngineRequest, EngineResult } from '../engine.ts';
import { linkButton, type AnswerParts } from './compose.ts';
import { comparisonAnswer, comparisonSides } from './comparison.ts';
import { asksBestAmongShown, bestAmongShownAnswer, comparesCards, comparesShownUnnamed, onlyOneShownAnswer, shownComparisonAnswer, shownPairAsked, twoOfKindToCompare } from './shown-comparison.ts';
import { shownCardAnswer, shownCardAsked, shownCardQuestion } from './shown-card.ts';
import { cartRequest, cartRequestAnswer } from './cart-request.ts';
import { superlativeAnswer, superlativeAsked, unmeasuredSuperlative } from './superlatives.ts';
import { currencySymbol } from '../currency.ts';
import { detectLanguage } from '../language.ts';
import {
  giftRequest,
  lovedThing,
  statedAge,
  saysAnything,
  isAboutAssistant,
  isGreeting,
  isOffTopic,
  asksAboutIt,
  asksForMore,
  questionAboutIt,
  asksFit,
  asksForProducts,
  briefQuestion,
  choosesAmongShown,
  questionAboutShown,
  askedWhetherItHas,
  asksWhetherItHas,
  askedWhetherItIs,
  isQuestion,
  isThanks,
  matchLinks,
  shopTopics,
  stripIntentWords,
  wantsComplementary,
  wantsOtherBrand,
  refersToShown,
  wantsSimilar,
  wantsAnyPicks,
  wantsSupport,
  withoutRecipient,
} from './intents.ts';
import { asksColours, coloursAnswer } from './colours.ts';
import { giftInterest } from './gift-interests.ts';
import { freshContext, type SearchContext } from './labels.ts';
import { asksCardTopic, productNamedInQuestion } from './product-facts.ts';
import { askedWhatItDoes, featureBeyondShown, featureSaid, shownFeatureAnswer, statingBeyondShown } from './shown-features.ts';
import { detailAnswer, namedDetailAnswer, noDetailAnswer, shownDetailAnswer, shownPriceAnswer, smallTalk, topicAnswer, unknownWordsAnswer } from './replies.ts';
import { fitAnswer, fitSearchText, fitTarget, namesModel, type FitTarget } from './fits.ts';
import { ramAnswer, ramAsked } from './ram-asked.ts';
import { faultAnswer, reportsFault } from './fault-report.ts';
import { asksForGames, dearestOfKind, strongestOfKind } from './power-first.ts';
import {
  asksWithFeature,
  describingCategory,
  inBudgetScale,
  saysWhatItComesWith,
  forWhatWasShown,
  looksLikeFollowUp,
  namesAnotherKind,
  withLastTarget,
  saidAfterConnector,
  onlyModifiers,
  purposeSwitch,
  asksWhichSuits,
  qualityOfUnsold,
  refineSearch,
  sizeWithoutBound,
  standardAlone,
  resizesAskedSize,
  type PriceMove,
} from './refine.ts';
import { pageSkus, pageStrings } from '../page-data.ts';
import {
  cartAnswer,
  complementaryAnswer,
  giftAnswer,
  isWhole,
  MAX_REQUEST_NAMED_CHARS,
  productPageAnswer,
  purposeRefinedAnswer,
  searchAnswer,
  similarAnswer,
  type SearchAnswerOptions,
} from './shelves.ts';
import { measureWish, searchMostFirst, type MeasureWish } from './measure-wish.ts';
import { latestState, seenSoFar, type EngineState } from '../engine-state.ts';
import { browseSuggests } from './suggests.ts';
import { clip, exampleBudget, texts } from './texts.ts';
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
      // Everything below reads this bounded text, never the request's own; "that works with"
      // reads as "for" in what is understood and in what the answer repeats, a kitchen's "кран" as a mixer.
      const text = qualityFirst(compatibilityAsFor(tapAsMixer(boundText(req.text, MAX_MESSAGE_CHARS)))).trim();
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
    return smallTalk(turn, req.image ? t.imageOnly : t.vague(exampleBudget(turn.currency, turn.lang)));
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
  if (isGreeting(text)) {
    return smallTalk(turn, t.greeting(exampleBudget(turn.currency, turn.lang)));
  }
  if (isThanks(text)) {
    return smallTalk(turn, t.thanks);
  }
  // Small talk is answered as the shop's assistant, never searched ("ты робот?" is not
  // about robot vacuums, "какая погода?" not about weather stations).
  if (isAboutAssistant(text)) {
    return smallTalk(turn, t.aboutAssistant(req.tenant.name));
  }
  // "метеостанция с прогнозом погоды" names products: only a message without any is small talk.
  if (isOffTopic(text) && !(index && namesProducts(index.parseDetailed(text)))) {
    return smallTalk(turn, t.offTopic(req.tenant.name));
  }
  const topics = shopTopics(text);
  const linkMatch = matchLinks(text, req.tenant.links);
  // A link of a topic the message names in words its keywords lack ("а доставка в Россию
  // есть?" to a shop whose keywords are English) is the answer too.
  for (const link of req.tenant.links) {
    if ((topics as string[]).includes(link.topic) && !linkMatch.links.includes(link)) {
      linkMatch.links.push(link);
    }
  }
  if (!index || index.size === 0) {
    const parts: AnswerParts = { message: t.catalogUnavailable, links: linkMatch.links };
    if (req.tenant.supportChat) {
      parts.supportButton = t.supportButton;
    }
    return result(turn, parts, turn.prev);
  }

  // Something broken, leaking or not working: sorry, the warranty and returns, and the kind as a replacement.
  if (reportsFault(text)) {
    const help = req.tenant.links.filter((l) => l.topic === 'warranty' || l.topic === 'returns' || linkMatch.links.includes(l));
    return faultAnswer(turn, index, help, (item) => productAnswer(turn, index, item));
  }

  // A shop topic (delivery, returns, warranty, stores): the tenant's links, or the
  // operator, or an honest "I can't tell"; products only when the message also asks for
  // some and is not a question about the topic ("доставка холодильника" shows fridges
  // beside the delivery link; "какая гарантия на телевизоры?" is about the warranty).
  if (linkMatch.links.length > 0 || topics.length > 0) {
    const topicWords = new Set([...linkMatch.words, ...tokenize(text).filter((w) => shopTopics(w).length > 0)]);
    const productText = tokenize(text)
      .filter((w) => !topicWords.has(w))
      .join(' ');
    const rest = index.parseDetailed(productText);
    const asksProducts = (!isQuestion(text) || asksForProducts(text)) && (rest.categoryWords.length > 0 || (rest.filters.brands?.length ?? 0) > 0);
    if (!asksProducts) {
      return topicAnswer(turn, linkMatch.links, topics);
    }
    const withProducts = productAnswer(turn, index, productText);
    if (!hasShelf(withProducts)) {
      return topicAnswer(turn, linkMatch.links, topics);
    }
    withProducts.answer.response.contents.push(...linkMatch.links.map(linkButton));
    return withProducts;
  }
  return productAnswer(turn, index, text);
}

/** The last item for another purpose (`purposeSwitch`'s request), searched anew; whom it is for is told, not searched. */
function purposeSearch(turn: Turn, index: CatalogIndex, switched: string | null): EngineResult | null {
  const forAnother = switched === null ? null : withoutRecipient(switched, (w) => index.resolveBrand(w) !== undefined);
  return forAnother ? preferenceAwareSearch(turn, index, forAnother, index.parseDetailed(forAnother)) : null;
}

/** Whether a message names products of another kind or brand than the page's product. */
function namesOtherProducts(parsed: DetailedQuery, p: CatalogProduct): boolean {
  const cats = parsed.filters.categories ?? [];
  if (cats.length > 0 && !cats.some((c) => p.categories.includes(c))) {
    return true;
  }
  const brands = parsed.filters.brands ?? [];
  return brands.length > 0 && !brands.includes(p.brand ?? '');
}

/** Whether a parsed message names a category or a brand of the catalogue. */
function namesProducts(q: DetailedQuery): boolean {
  return q.categoryWords.length > 0 || (q.filters.brands?.length ?? 0) > 0;
}

/** Whether a follow-up changes a filter (price, brand, stock, order, what the buyer does not want) besides its words. */
function changesFilters(q: DetailedQuery, otherBrand: boolean): boolean {
  return (
    otherBrand ||
    q.cheaper ||
    q.pricier ||
    hasPriceOrStock(q) ||
    (q.filters.brands?.length ?? 0) > 0 ||
    (q.filters.excludeBrands?.length ?? 0) > 0 ||
    (q.filters.excludeWords?.length ?? 0) > 0 ||
    q.sort !== undefined
  );
}

/** Words of a message looked up one by one to tell a catalogue word from garbage. */
const MAX_WORDS_LOOKED_UP = 8;

/** Whether any word of the text finds a product on its own (typos forgiven as the search forgives them). */
function knowsAnyWord(index: CatalogIndex, turn: Turn, text: string): boolean {
  for (const w of tokenize(text).slice(0, MAX_WORDS_LOOKED_UP)) {
    if (turn.budget.exhausted) {
      return true;
    }
    if (index.search(w, {}, 1, { budget: turn.budget }).some((h) => (h.coverage ?? 1) >= 1)) {
      return true;
    }
  }
  return false;
}

/** The products of the cards just shown that the catalogue still has. */
function shownProducts(index: CatalogIndex, prev: EngineState): CatalogProduct[] {
  return prev.shown.slice(0, SHELF_SIZE).flatMap((sku) => index.bySku(sku) ?? []);
}

function isVague(q: DetailedQuery): boolean {
  return q.text === '' && q.categoryWords.length === 0 && !q.filters.brands?.length && !q.filters.excludeBrands?.length;
}

function hasPriceOrStock(q: DetailedQuery): boolean {
  return q.filters.priceMin !== undefined || q.filters.priceMax !== undefined || q.filters.availableOnly === true || q.filters.discountedOnly === true;
}

/**
 * The products named by what a complement request says besides "к нему" ("tripod" of "a tripod
 * to go with it") that go with `referred`: empty when such products exist but none goes with it,
 * or the kind is not sold at all; null when the words name no other product (they name the
 * referred one, "что подойдёт к iphone 6s", or nothing found has them all).
 */
function namedForReferred(turn: Turn, index: CatalogIndex, rest: DetailedQuery, referred: CatalogProduct): CatalogProduct[] | null {
  const run = runSearch(index, searchRequestOf(rest), SHELF_SIZE * 4, turn.budget);
  if (run.productTypeMissing !== undefined) {
    return [];
  }
  if (run.hits.length === 0 || run.relaxed.length > 0 || run.hits.some((h) => h.product.sku === referred.sku)) {
    return null;
  }
  const skus = new Set(run.hits.map((h) => h.product.sku));
  return index
    .complementary(referred.sku, SHELF_SIZE * 4, turn.budget)
    .filter((p) => skus.has(p.sku))
    .slice(0, SHELF_SIZE);
}

/** Products of a kind read for the models they are made for (`madeForReferred`), and the referred product's words compared. */
const MADE_FOR_POOL = SHELF_SIZE * 4;
const MAX_MODEL_WORDS = 3;
/** Characters of a name read for what it is made for. */
const MAX_NAME_CHARS = 200;

/**
 * «а чехол к нему?» after a tablet, where the shop's accessories know no tablet: when the kind's
 * products all say which model they are made for ("Чехол Deppa Gel для iPhone 14"), those made
 * for the referred product (every word of its model named in what they are for) — none is an
 * honest answer; null when the kind's products do not say what they are made for (chairs for a
 * table), and the kind is then searched as before.
 */
function madeForReferred(turn: Turn, index: CatalogIndex, rest: DetailedQuery, referred: CatalogProduct): CatalogProduct[] | null {
  const run = runSearch(index, searchRequestOf(rest), MADE_FOR_POOL, turn.budget);
  const kindWords = new Set(productKindWords(referred.name).map(stem));
  const brand = new Set(tokenize(referred.brand ?? '').map(stem));
  const model = tokenize(boundText(referred.name))
    .filter((w) => /\p{L}/u.test(w) && w.length >= 2 && !STOP_WORDS.has(w) && !kindWords.has(stem(w)) && !brand.has(stem(w)) && !isUnitWord(w))
    .slice(0, MAX_MODEL_WORDS)
    .map(stem);
  const forWhat = run.hits.map((h) => namePurpose(h.product.name, MAX_NAME_CHARS));
  if (run.hits.length === 0 || model.length === 0 || forWhat.some((f) => f === null)) {
    return null;
  }
  return run.hits
    .filter((_, i) => {
      const said = new Set((forWhat[i] as string[]).map(stem));
      return model.every((w) => said.has(w));
    })
    .map((h) => h.product)
    .slice(0, SHELF_SIZE);
}

/**
 * The product a question about a topic names ("galaxy s24" of "is the galaxy s24 waterproof?"):
 * the first product of the kind that matches every word named, the model itself before its
 * Plus or Ultra; undefined when the question names none (or no topic).
 */
function namedProductAsked(turn: Turn, index: CatalogIndex, text: string): CatalogProduct | undefined {
  // A model: a figure and a name ("iphone 15", "galaxy s24"), not a measure alone ("а шириной 60 см?" refines a search).
  const words = productNamedInQuestion(text);
  if (!words.some((w) => /\d/u.test(w)) || !words.some((w) => /^\p{L}{2,}$/u.test(w) && !isUnitWord(w))) {
    return undefined;
  }
  const whole = runSearch(index, searchRequestOf(index.parseDetailed(words.join(' '))), SHELF_SIZE, turn.budget).hits.filter(isWhole);
  // Of the kind the words name when some are; else ("iphone 15", no product being an "iphone") of the best card's kind, not its glass.
  const ofKind = whole.filter((h) => h.ofKind === true);
  const best = (ofKind[0] ?? whole[0])?.product;
  if (best === undefined) {
    return undefined;
  }
  const hits = ofKind.length > 0 ? ofKind : whole.filter((h) => h.product.sku === best.sku || index.sameKind(best.sku, h.product.sku));
  const asked = new Set(words);
  // "Galaxy S24 128GB" before "Galaxy S24+" and "Galaxy S24 Ultra": no model word after those asked.
  const plain = hits.find(
    (h) =>
      !tokenize(h.product.name).some((w, i, all) => isModelSuffix(w) && !asked.has(w) && i > 0 && asked.has(all[i - 1] as string)) &&
      ![...asked].some((w) => h.product.name.toLowerCase().includes(`${w}+`)),
  );
  return (plain ?? hits[0])?.product;
}

/** Everything about products: which shelf to show, and the message about it. */
function productAnswer(turn: Turn, index: CatalogIndex, text: string): EngineResult {
  const { req, prev } = turn;
  const otherBrand = wantsOtherBrand(text);
  // "другого бренда" is an instruction, not words to search for.
  // "does it support magsafe?", "do they come with a case?" after several cards ask for the ones
  // that do: what they should have is searched, not the verb ('Nothing matches "support"' came).
  const hasAsked = prev && prev.shown.length > 0 && !isCyrillic(text) && asksWhetherItHas(text) ? askedWhetherItHas(text) : null;
  const framed = hasAsked ?? (otherBrand ? stripIntentWords(text) : text);
  // "телефон для бабушки": whom it is for is not searched (a gift keeps it: it says who gets the
  // ideas). Leaving words out makes no gift of a message that was none, so `gift` stands for `core`.
  const gift = giftRequest(framed);
  const core = gift ? framed : withoutRecipient(framed, (w) => index.resolveBrand(w) !== undefined);
  const parsed = inBudgetScale(describingCategory(index.parseDetailed(core), prev, core), prev, core);
  const pageSku = req.page.type === 'PRODUCT' ? pageSkus(req.page.data)[0] : undefined;
  const pageProduct = pageSku ? index.bySku(pageSku) : undefined;

  // "Какая у него камера?", "is it waterproof?" with no product on the page or shown: which one?
  // (It was searched: «Похоже, «камера» в нашем магазине не продаётся».) A gift's «он любит
  // музыку» is about the one who gets it.
  if (!gift && !pageProduct && !(prev && prev.shown.length > 0) && questionAboutIt(text) && (parsed.filters.brands?.length ?? 0) === 0) {
    return result(turn, { message: turn.t.whichProduct, suggests: browseSuggests(index, turn.lang) }, prev);
  }

  // "show me more", "ещё варианты", "а другие есть?" after a search: its next cards.
  if (!pageProduct && prev && prev.kind === 'search' && prev.shown.length > 0 && asksForMore(text)) {
    // After gift ideas: more ideas of the same kind, not the shop's next products within the budget.
    return prev.gift ? giftAnswer(turn, index, prev.filters, null, 'gift', prev.giftAbout, seenSoFar(prev)) : moreAnswer(turn, index, prev);
  }

  // "Will it fit iphone 15 pro?": whether the page's product, or the cards just shown, name that model.
  const fit = fitTarget(text);
  const askedAbout = !fit ? [] : pageProduct ? [pageProduct] : prev ? shownProducts(index, prev) : [];
  if (fit && askedAbout.length > 0) {
    // "which one fits an iphone 7?" when none shown does: the same kind that does, if the shop has it.
    const beyond = !pageProduct && prev && prev.kind === 'search' && !askedAbout.some((p) => namesModel(p, fit)) ? fitsBeyondShown(turn, index, prev, fit) : null;
    return beyond ?? fitAnswer(turn, askedAbout, fit, prev);
  }

  // The product "к нему" points at: the page's, or the first card just shown ("а стулья к нему?" after tables).
  const referred = pageProduct ?? (prev && prev.shown.length > 0 && refersToShown(text) ? shownProducts(index, prev)[0] : undefined);
  if (wantsComplementary(text) && referred) {
    // "а чехол к нему есть?": products of that kind that go with the page's product, not
    // the accessories of some case; "а стулья к нему?" chairs for the table, not tables for a chair.
    const rest = index.parseDetailed(stripIntentWords(text));
    const kinds = rest.filters.categories ?? [];
    if (kinds.length > 0 && !kinds.some((c) => referred.categories.includes(c))) {
      const fitting = index.complementary(referred.sku, SHELF_SIZE * 4, turn.budget).filter((p) => p.categories.some((c) => kinds.includes(c)));
      if (fitting.length > 0) {
        return complementaryAnswer(turn, index, referred, fitting.slice(0, SHELF_SIZE));
      }
      // Cases «для iPhone 14», «для Galaxy S24» are no answer for a tablet: of the kind's products
      // made for a model, those made for this one, or honestly none (phone cases came).
      const madeFor = madeForReferred(turn, index, rest, referred);
      if (madeFor !== null) {
        return complementaryAnswer(turn, index, referred, madeFor);
      }
      return preferenceAwareSearch(turn, index, stripIntentWords(text), rest);
    }
    // A kind named by its words, not a category ("a tripod to go with it" after phones): those
    // of them that go with the product, else that kind searched ("а инсталляция к нему?" where
    // the shop sells none: said so, not seats shown for it), never the product's own accessories.
    if (kinds.length === 0 && rest.text !== '' && !onlyModifiers(rest.text)) {
      const named = namedForReferred(turn, index, rest, referred);
      if (named) {
        const stripped = stripIntentWords(text);
        return named.length > 0 ? complementaryAnswer(turn, index, referred, named) : preferenceAwareSearch({ ...turn, text: stripped }, index, stripped, rest);
      }
    }
  }
  if (wantsSimilar(text) || wantsComplementary(text)) {
    const target = targetProduct(turn, index, text, pageProduct);
    if (target) {
      if (wantsComplementary(text)) {
        return complementaryAnswer(turn, index, target.product);
      }
      // "like airpods but cheaper": measured against the cheapest AirPods, and named so.
      const named = [target.product, ...target.alike.map((sku) => index.bySku(sku)).filter((p): p is CatalogProduct => p !== undefined)];
      const priced = named.filter((p) => typeof p.price === 'number').sort((a, b) => (a.price as number) - (b.price as number));
      const base = parsed.cheaper ? (priced[0] ?? target.product) : parsed.pricier ? (priced.at(-1) ?? target.product) : target.product;
      return similarAnswer(turn, index, base, parsed, target.alike);
    }
  }

  if (req.page.type === 'CART' && (isVague(parsed) || wantsComplementary(text)) && !hasPriceOrStock(parsed)) {
    return cartAnswer(turn, index, pageSkus(req.page.data));
  }

  // "What colors does it come in?": the page's product, or the first card shown, in the colours the shop has it in.
  if (asksColours(text)) {
    const product = pageProduct ?? (prev && prev.shown.length > 0 ? shownProducts(index, prev)[0] : undefined);
    const colours = product ? coloursAnswer(turn, index, product, prev) : null;
    if (colours) {
      return colours;
    }
  }

  // A purpose asked after a search, read as "а для игр?" is: "а чтобы игры тянул?", "can it handle
  // games?" after laptops for school (the kind for games, the purpose said before given up), and
  // «а какие лучше для спорта?», "which ones are best for running?" (it said the cards do not tell).
  const afterSearch = prev !== null && prev.kind === 'search' && prev.shown.length > 0;
  const purposeAsked = !afterSearch ? null : asksForGames(core) ? (turn.lang === 'en' ? 'for gaming' : 'для игр') : asksWhichSuits(text) ? text : null;
  const forPurpose = purposeAsked === null || !afterSearch ? null : purposeSearch(turn, index, purposeSwitch(purposeAsked, prev.label));
  if (forPurpose) {
    return forPurpose;
  }

  // "Which one has the most storage?": the shown products, the one asked for first. A question
  // naming one card by its place ("какой объём у первого?") asks that card, not the most of all.
  const superlative = prev && prev.shown.length > 0 && shownCardQuestion(text, prev.shown.length) === null ? superlativeAsked(text, index) : null;
  if (prev && superlative) {
    const picked = superlativeAnswer(turn, index, superlative, prev);
    if (picked) {
      return picked;
    }
  }

  // "а с большим экраном?", "а помощнее?", "something lighter?": the last search again, the
  // most (or the least) first; the cards shown, saying so, when none found states it.
  // "a smaller one?" after phones whose names state no size: the smallest screens first.
  const size = afterSearch ? sizeWithoutBound(index, prev, text) : null;
  // "а с диагональю поменьше?" after "телевизор 65 дюймов" asks under 65 inches (a refinement), not the same TVs smallest first.
  const wish = afterSearch && !resizesAskedSize(prev, text) ? (size === null ? measureWish(text) : { ...size, rest: '' }) : null;
  if (prev && wish && wish.rest === '') {
    const wished = wishAfterSearch(turn, index, wish, prev);
    if (wished) {
      return wished;
    }
  }

  // "does it have hdmi?", "у него есть wi-fi?" about the one product shown: what its card says
  // (it was searched again: the same TV, "Nothing matches "hdmi" exactly"). About several, "есть ли
  // у них nfc?" too when it asks what cards state (it said nothing was found, and "а у них есть
  // wi-fi?" after TVs showed tablets); an English yes-or-no question asks for the ones that have it
  // (`asksWhetherItHas`). "is it durable?", «он надёжный?» ask what the cards just shown say of
  // them, whatever their number (a search for the word said «Совпадений с «надежный» здесь не
  // нашлось» over the same kind, or cut the shelf).
  const isSo = askedWhetherItIs(text) !== null;
  if (prev && prev.shown.length > 0 && !parsed.cheaper && !parsed.pricier && !hasPriceOrStock(parsed) && (isSo || askedWhetherItHas(text) !== null)) {
    const shown = shownProducts(index, prev);
    if (shown.length === Math.min(prev.shown.length, SHELF_SIZE) && (isSo || shown.length === 1 || (isCyrillic(text) && asksCardTopic(text, shown)))) {
      return shownDetailAnswer(turn, shown, prev);
    }
    // «у каких есть подсветка?», «а у них есть подсветка?»: the cards that say so, quoted (it was
    // searched as «Чайник подсветка»); when none does, the last search's other products whose
    // cards say so («у них есть фильтр от накипи?» after kettles: the one whose card says «с
    // фильтром от накипи», where a search for the words showed water filters), and when none of
    // those either, the search asks for such ones, as before.
    const has = !isSo && isCyrillic(text) ? askedWhetherItHas(text) : null;
    const feature = has !== null && shown.length > 1 ? featureSaid(has) : null;
    const stated = feature ? (shownFeatureAnswer(turn, shown, feature, prev) ?? statingBeyondShown(turn, index, feature, prev)) : null;
    if (stated) {
      return stated;
    }
  }
  // "а у второго какая камера?", "у первого есть приложение?": what that card says (it was
  // searched: «Точного совпадения с «второго» нет»). "does the first one …?" is read below.
  const placed = prev && prev.shown.length > 0 && !pageProduct && isQuestion(text) && askedWhatItDoes(text) === null && shownCardAsked(text, prev.shown.length) < 0 ? shownCardQuestion(text, prev.shown.length) : null;
  const placedProduct = placed && prev ? shownProducts(index, prev)[placed.at] : undefined;
  if (prev && placed && placedProduct) {
    // "а второй?", "what's the second one?": asking nothing in particular, the card described.
    const detail = detailAnswer({ ...turn, text: placed.question }, placedProduct) ?? shownCardAnswer(turn, index, prev, placed.at);
    if (detail) {
      return detail;
    }
  }
  // "А какая у них автономность?": what the cards just shown say about it.
  if (prev && prev.shown.length > 0 && (questionAboutShown(text) || choosesAmongShown(text) || briefQuestion(text))) {
    const shown = shownProducts(index, prev);
    // Every card still in the catalogue, or the question is no longer about what was shown.
    if (shown.length === Math.min(prev.shown.length, SHELF_SIZE) && (asksCardTopic(text, shown) || choosesAmongShown(text) || (questionAboutShown(text) && asksFit(text)))) {
      // "which is the best?" naming nothing to judge by: how they differ, not "the cards don't say".
      if (shown.length >= 2 && choosesAmongShown(text) && asksBestAmongShown(text) && !asksCardTopic(text, shown)) {
        return bestAmongShownAnswer(turn, shown, prev);
      }
      return shownDetailAnswer(turn, shown, prev);
    }
  }

  // "does it track sleep?", «они отслеживают сон?»: the cards shown (or the page's product) that
  // say so; when none does, the last search's products whose cards do, or that the cards do not say.
  const doesAsked = pageProduct || (prev && prev.shown.length > 0) ? askedWhatItDoes(text) : null;
  if (doesAsked) {
    const all = pageProduct ? [pageProduct] : prev ? shownProducts(index, prev) : [];
    // "does the first one have an app?": that card alone.
    const byPlace = doesAsked.place !== undefined && !pageProduct;
    const shown = byPlace ? all.slice(doesAsked.place, (doesAsked.place ?? 0) + 1) : all;
    if (shown.length > 0) {
      return shownFeatureAnswer(turn, shown, doesAsked, prev) ?? (pageProduct || byPlace ? noDetailAnswer(turn, 1, prev) : featureBeyondShown(turn, index, shown.length, doesAsked, prev));
    }
  }

  // "какой самый надёжный?", "what's the most popular?": a quality no card is measured by,
  // answered from what the shown cards say of it (it was searched: «надежный» в каталоге не
  // нашлось, over the same kind of products); "какой самый лучший?" is the plain choice.
  const unmeasured = prev && prev.shown.length > 0 && !superlative ? unmeasuredSuperlative(text) : null;
  if (prev && unmeasured) {
    const shown = shownProducts(index, prev);
    if (shown.length === Math.min(prev.shown.length, SHELF_SIZE)) {
      return unmeasured.best && shown.length >= 2 ? bestAmongShownAnswer(turn, shown, prev) : shownDetailAnswer(turn, shown, prev);
    }
  }

  // "Сколько он стоит?", "how much is it?" after a shelf: the prices of the cards shown.
  const priceAsked = prev && prev.shown.length > 0 && isVague(parsed) && !parsed.cheaper && !parsed.pricier ? shownPriceAnswer(turn, index, prev) : null;
  if (priceAsked) {
    return priceAsked;
  }

  // "Добавь первый в корзину", "оформи заказ": the cart is the shop's; the card meant, and how.
  const toCart = cartRequest(text);
  if (toCart) {
    return cartRequestAnswer(turn, index, toCart, prev, pageProduct);
  }

  // "Покажи первый подробнее": one of the cards just shown, with what its card says.
  const card = prev && prev.shown.length > 0 ? shownCardAsked(text, prev.shown.length) : -1;
  if (prev && card >= 0) {
    const described = shownCardAnswer(turn, index, prev, card);
    if (described) {
      return described;
    }
  }

  // "Сравни первые две": two of the cards just shown, side by side; with one shown, a question.
  if (prev && prev.shown.length === 1 && (shownPairAsked(text, SHELF_SIZE) !== null || comparesShownUnnamed(text, SHELF_SIZE))) {
    const one = onlyOneShownAnswer(turn, index, prev);
    if (one) {
      return one;
    }
  }
  const pair = prev && prev.shown.length > 1 ? shownPairAsked(text, prev.shown.length) : null;
  if (prev && pair) {
    const compared = shownComparisonAnswer(turn, index, prev, pair);
    if (compared) {
      return compared;
    }
  }
  // "what's the difference between them?" after six cards: which two?
  if (prev && comparesShownUnnamed(text, prev.shown.length)) {
    return result(turn, { message: turn.t.whichTwo, suggests: [turn.t.sugCompareFirstTwo] }, prev);
  }
  // "what's the difference between these two?" with no cards shown and no page's products: which products?
  if (!(prev && prev.shown.length > 0) && pageSkus(req.page.data).length === 0 && comparesCards(text)) {
    return result(turn, { message: turn.t.whichTwoNone, suggests: browseSuggests(index, turn.lang) }, prev);
  }

  // "compare the two cheapest tvs": the first two of that search, side by side.
  const twoOf = pair === null ? twoOfKindToCompare(text) : null;
  if (twoOf !== null) {
    const parsedTwo = index.parseDetailed(twoOf);
    const found = isVague(parsedTwo) ? null : (preferenceAwareSearch(turn, index, twoOf, parsedTwo).state as EngineState | null | undefined);
    const compared = found && found.shown.length >= 2 ? shownComparisonAnswer(turn, index, found, [0, 1]) : null;
    if (compared) {
      return compared;
    }
  }

  // "X or Y, which is better?": both, side by side.
  // "а чем он лучше 255?": the first side is what was just searched.
  const sides = comparisonSides(text, index, prev && prev.kind === 'search' && prev.shown.length > 0 ? prev.label.join(' ') : undefined);
  if (sides) {
    const compared = comparisonAnswer(turn, index, sides);
    if (compared) {
      return compared;
    }
  }

  // "is the galaxy s24 waterproof?", "у iphone 15 есть nfc?": what the named product's card says.
  // A wish is no question about the card ("iphone 15 with more storage?" asks for other variants).
  if (!pageProduct && isQuestion(text) && !parsed.cheaper && !parsed.pricier && measureWish(text) === null) {
    const named = namedProductAsked(turn, index, text);
    if (named) {
      return namedDetailAnswer(turn, named);
    }
  }

  // A question about the page's product is answered from its card, not searched for.
  if (pageProduct && isQuestion(text) && !parsed.cheaper && !parsed.pricier && !otherBrand && (!namesOtherProducts(parsed, pageProduct) || asksAboutIt(text))) {
    const detail = detailAnswer(turn, pageProduct);
    if (detail) {
      return detail;
    }
  }

  // "Show me something cool": picks from different sections, within a budget said with it.
  if (wantsAnyPicks(core)) {
    return giftAnswer(turn, index, parsed.filters, learnedFrom(parsed, core), 'picks');
  }
  // "она любит готовить" after gift ideas: ideas about what the recipient loves, within the budget said before.
  const loved = prev?.gift && !gift ? lovedGiftIdeas(turn, index, prev, core) : null;
  if (loved !== null) {
    return loved;
  }
  // "she is 9", «ей 9 лет» after gift ideas: ideas for a child of that age, within the budget said
  // before (it was searched: "9 in stock", a watch and a pressure cooker); an adult's age, the ideas for anyone.
  const age = prev?.gift && !gift ? statedAge(text) : null;
  if (prev && age !== null) {
    return agedGiftIdeas(turn, index, prev, age, text);
  }
  // "что-нибудь для мамы до 2000", "something for my dad": anything for a person is gift ideas.
  if (!gift && core !== framed && isVague(parsed) && saysAnything(framed)) {
    return giftAnswer(turn, index, parsed.filters, learnedFrom(parsed, core));
  }
  // A gift is a new request: within the budget, from different sections, not the last search.
  if (gift) {
    const rest = index.parseDetailed(gift.rest);
    if (isVague(rest)) {
      // "a gift for a 10 year old", «подарок сыну»: ideas for a child, else anything within the budget.
      const forChild = giftInterest(core, turn.lang)?.recipient ? giftIdeasAbout(turn, index, core, rest, rest.filters, core, false) : null;
      return forChild ?? giftAnswer(turn, index, rest.filters, learnedFrom(rest, core));
    }
    // "a gift for a music lover", "подарок геймеру": the kinds that interest names; "a gift for
    // a coffee lover under $100": the products saying coffee (beans, a milk jug, a gooseneck
    // kettle), from different sections, not the coffee beans alone.
    const ideas = giftIdeasAbout(turn, index, gift.rest, rest, rest.filters, core, gift.interest);
    if (ideas !== null) {
      return ideas;
    }
    // "набор в подарок" where the shop has no sets: gift ideas rather than "nothing found".
    const searched = preferenceAwareSearch(turn, index, gift.rest, rest);
    return hasShelf(searched) ? searched : giftAnswer(turn, index, rest.filters, learnedFrom(rest, core));
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

  if (prev && prev.shown.length > 0 && otherBrand && !prev.shown.some((sku) => index.bySku(sku)?.brand)) {
    // A feed without vendors: there is no other brand to offer, and the same list again answers nothing.
    return result(turn, { message: turn.t.noBrandInfo, suggests: browseSuggests(index, turn.lang, [turn.t.sugCheaper]) }, prev);
  }
  if (prev?.gift && isVague(parsed) && hasPriceOrStock(parsed)) {
    // A new budget for gift ideas: gift ideas within it, about what the recipient loves as before.
    return giftAnswer(turn, index, { ...prev.filters, ...parsed.filters }, learnedFrom(parsed, core), 'gift', prev.giftAbout);
  }
  if (prev?.gift && isVague(parsed) && (parsed.cheaper || parsed.pricier) && prev.shown.length > 0) {
    // "something cheaper" after gift ideas for a cook: cheaper gift ideas for a cook, not any
    // cheaper product of the shop.
    const { filters } = refineSearch(index, prev, parsed, otherBrand, text).request;
    return giftAnswer(turn, index, filters ?? {}, learnedFrom(parsed, core), 'gift', prev.giftAbout);
  }
  // "чехол для него" after iPhones: cases for the iPhone searched, not every case.
  const forShown = prev && prev.kind === 'search' && prev.shown.length > 0 ? forWhatWasShown(text, prev.label, index) : null;
  if (forShown) {
    return preferenceAwareSearch(turn, index, forShown, index.parseDetailed(forShown));
  }
  // "а для лица?" after "крем для рук": the same item for another purpose, searched anew.
  // Whom it is for is told, not searched, as in a first request ("а для сына?" after a phone for grandma).
  const switched = prev && prev.kind === 'search' && prev.shown.length > 0 ? purposeSearch(turn, index, purposeSwitch(text, prev.label)) : null;
  if (switched) {
    return switched;
  }
  // "а подешевле?", "а в наличии?" after what the shop has for a purpose ("для унитаза", the kind
  // asked for not sold): cheaper ones of that shelf, not the cheapest of the whole shop.
  if (prev?.purpose !== undefined && parsed.text === '' && parsed.categoryWords.length === 0 && (parsed.cheaper || parsed.pricier || parsed.sort !== undefined || hasPriceOrStock(parsed) || otherBrand || (parsed.filters.brands?.length ?? 0) > 0)) {
    const refined = refineSearch(index, { ...prev, shown: prev.purposeShown ?? [] }, parsed, otherBrand, text);
    const bounded = purposeRefinedAnswer(turn, index, prev, prev.purpose, refined);
    if (bounded) {
      return bounded;
    }
  }
  // "а чугунная?" after "ванна … не продаётся": the same kind with that quality, searched anew
  // (and so still not sold), not whatever else is cast iron.
  // "а из нержавейки?" after a request nothing here answered ("шейкер"): what it is made of or
  // comes with names no new thing, and is not searched alone (stainless table bases came).
  if (prev && prev.kind === 'search' && prev.shown.length === 0 && prev.label.length === 0 && prev.text !== '' && saysWhatItComesWith(text) && looksLikeFollowUp(text, parsed, false) && parsed.brandWords.length === 0) {
    return result(turn, { message: turn.t.nothingKnown, suggests: browseSuggests(index, turn.lang) }, prev);
  }
  // "а подешевле?", "а до 5000?" after «ванна … не продаётся»: the same kind, still not sold, not the
  // shop's cheapest plugs and couplings under «Вот 6 вариантов».
  const priceOnly = parsed.text === '' && parsed.categoryWords.length === 0 && parsed.brandWords.length === 0 && (parsed.cheaper || parsed.pricier || hasPriceOrStock(parsed));
  const notSoldKind =
    prev && prev.kind === 'search' && prev.shown.length === 0
      ? priceOnly && prev.label.length > 0 && prev.text !== ''
        ? `${prev.label.join(' ')} ${core}`
        : qualityOfUnsold(text, parsed, prev)
      : null;
  if (notSoldKind) {
    const asked = preferenceAwareSearch({ ...turn, text: notSoldKind }, index, notSoldKind, index.parseDetailed(notSoldKind));
    // Nothing the catalogue knows: still the kind the last answer said is not sold ("а прогулочная?"
    // after «коляска … не продаётся» got "describe it another way").
    const nothing = asked.answer.response.contents.some((b) => b.type === 'message' && b.value === turn.t.nothingKnown);
    if (nothing && prev && prev.label.length > 0) {
      const operator = Boolean(req.tenant.supportChat);
      const parts: AnswerParts = { message: turn.t.typeNotSold(prev.label.join(' '), operator), suggests: browseSuggests(index, turn.lang) };
      if (operator) {
        parts.supportButton = turn.t.supportButton;
      }
      return result(turn, parts, prev);
    }
    return asked;
  }
  // "а стекло?" after "чехол для iphone 15": glass for the iPhone 15, when the shop has some.
  // The item without a wish no card says ("a longer cable?" after "charger for iphone": cables for the iPhone, the longest first).
  const itemWish = prev && prev.kind === 'search' && prev.shown.length > 0 ? measureWish(core) : null;
  const item = itemWish && itemWish.rest !== '' ? index.parseDetailed(itemWish.rest) : parsed;
  const targeted = prev && prev.kind === 'search' && prev.shown.length > 0 && namesAnotherKind(text, { ...item, text: item.text || item.categoryWords.join(' ') }, prev, index) ? withLastTarget(core, item, prev) : null;
  if (targeted !== null) {
    const carried = index.parseDetailed(targeted);
    // Probed without the wish, as `item` was read ("cable for iphone" of "a longer cable for iphone").
    const probeText = itemWish && itemWish.rest !== '' ? measureWish(targeted)?.rest : undefined;
    const probe = runSearch(index, searchRequestOf(probeText ? index.parseDetailed(probeText) : carried), SHELF_SIZE, turn.budget);
    // Products of the new kind (by the category its word named, or their own) fitting it whole.
    const ofNewKind = (h: SearchHit): boolean => ((carried.filters.categories?.length ?? 0) > 0 ? true : h.ofKind === true);
    // Fitting the target whole: a product of the kind matching all but what it is for (a VR
    // headset "One Plus" for "earbuds for iphone 7 plus") does not fit it.
    if (probe.relaxed.length === 0 && probe.hits.some((h) => ofNewKind(h) && (h.coverage ?? 1) >= 1)) {
      return preferenceAwareSearch(turn, index, targeted, carried);
    }
  }
  // "with 32gb ram" after laptops: those laptops' RAM.
  const ramFollowUp = prev && prev.kind === 'search' && prev.shown.length > 0 && prev.label.length > 0 ? ramAsked(core, prev.label.join(' ')) : null;
  if (prev && ramFollowUp && isVague(index.parseDetailed(ramFollowUp.rest))) {
    const withRam = ramAnswer(turn, index, ramFollowUp, { request: prevRequest(prev), ctx: lastSearchContext(prev) });
    if (withRam) {
      return withRam;
    }
  }
  if (prev && prev.shown.length > 0 && (prev.kind === 'search' || prev.kind === 'similar') && looksLikeFollowUp(text, parsed, otherBrand)) {
    if (prev.kind === 'similar' && prev.sku && (parsed.cheaper || parsed.pricier) && isVague(parsed)) {
      const base = index.bySku(prev.sku);
      if (base) {
        return similarAnswer(turn, index, base, parsed, prev.shown);
      }
    }
    // Product words after a listing without words (gift ideas) are a new request, not a refinement.
    const newWordsOnListing = prev.text === '' && prev.categoryWords.length === 0 && parsed.text !== '' && !onlyModifiers(parsed.text);
    if (prev.kind === 'search' && !newWordsOnListing) {
      // Words the catalogue does not know at all ("ыврапролд") change nothing: say so, keep the search.
      // "а с ледогенератором?": a feature in real words refines, and the answer says no card has it.
      const feature = asksWithFeature(text, tokenize(parsed.text));
      if (parsed.text !== '' && !onlyModifiers(parsed.text) && !feature && !changesFilters(parsed, otherBrand) && !knowsAnyWord(index, turn, parsed.text)) {
        // "а есть на amd?" after laptops where no product says AMD: said so, over the same search.
        const wanted = prev.shown.length > 0 ? (saidAfterConnector(text) ?? standardAlone(text)) : null;
        if (wanted !== null) {
          return searchAnswer(turn, index, runSearch(index, prevRequest(prev), SHELF_SIZE, turn.budget), lastSearchContext(prev), { note: turn.t.unknownKept(wanted) });
        }
        return unknownWordsAnswer(turn, index, prev);
      }
      if (namesAnotherKind(text, parsed, prev, index)) {
        return preferenceAwareSearch(turn, index, core, parsed);
      }
      // "а помощнее и подешевле?", "cheaper with more storage": the price refines, the wish orders.
      const priced = wish ? priceMoveWithWish(turn, index, prev, wish, otherBrand) : null;
      if (priced) {
        return priced;
      }
      const refined = refineSearch(index, prev, parsed, otherBrand, text);
      const priceMove = refined.move ?? (parsed.filters.priceMax !== undefined || parsed.filters.priceMin !== undefined ? undefined : prev.priceMove);
      const refinedCtx: SearchContext = {
        categoryWords: prev.categoryWords,
        brandWords: refined.request.brandWords ?? [],
        label: refined.label,
        ...(priceMove ? { priceMove } : {}),
        ...(refined.added.length > 0 ? { added: refined.added } : {}),
      };
      const move: PriceMove = refined.move;
      // "а подешевле?" after graphics cards for games: the cheaper ones, the most powerful first.
      const strongest = prev.strongest === true && refined.request.sort === 'price_desc' ? dearestOfKind(turn, index, refined.request) : null;
      let run = strongest ?? runSearch(index, refined.request, SHELF_SIZE, turn.budget);
      if (move !== null) {
        // "Cheaper" keeps everything else the buyer asked for: products matching only some
        // of the words ("noise cancelling" dropped), or of another kind (a hair spray whose
        // description names masks, after hair masks), are not cheaper versions of the same;
        // when no product is of the kind by the rules that read it from names and categories
        // ("Galaxy S26" filed under "Galaxy S" for "смартфон"), not even at the old price, the kind
        // decides nothing.
        // When no product matched every word before either ("смеситель для кухни с высоким
        // изливом": kitchen mixers, one "высокий"), the cards shown matched only some of them,
        // and cheaper ones matching as many are cheaper versions of what was shown.
        // The last search again, run at most once for both questions below.
        let prevHits: SearchHit[] | undefined;
        const lastHits = (): SearchHit[] => (prevHits ??= runSearch(index, prevRequest(prev), SHELF_SIZE, turn.budget).hits);
        let whole = run.hits.filter(isWhole);
        if (whole.length === 0 && run.hits.length > 0) {
          const floor = shownCoverage(lastHits(), prev);
          whole = run.hits.filter((h) => (h.coverage ?? 1) >= floor);
        }
        const kindKnown = whole.some((h) => h.ofKind === true) || (whole.some((h) => h.ofKind === false) && lastHits().some((h) => h.ofKind === true));
        // With no kind word ("samsung galaxy s7 edge", "in gold?"), the kind of the first card shown:
        // its gold flip covers are no cheaper phone.
        const first = prev.shown[0];
        const ofFirstKind = kindKnown || first === undefined ? [] : whole.filter((h) => index.sameKind(first, h.product.sku));
        run = { ...run, hits: ofFirstKind.length > 0 ? ofFirstKind : whole.filter((h) => !kindKnown || h.ofKind !== false) };
      }
      // A quality added to the last search ("heavy duty?" after staplers) keeps its kind: what
      // matches the quality alone (heavy-duty power cords) is no closer choice than nothing.
      if (move === null && onlyModifiers(parsed.text) && run.hits.some((h) => h.headMatched === true)) {
        run = { ...run, hits: run.hits.filter((h) => h.headMatched !== false) };
      }
      // Nor does what it comes with or runs on: "а на amd есть?" after laptops, where no laptop
      // says AMD, is not AMD's coolers, nor nothing at all; the same search, saying so.
      const featureUnmatched = run.relaxed.includes('words') || run.hits.every((h) => h.headMatched === false);
      const featureWanted = move === null && saysWhatItComesWith(text) && featureUnmatched && prev.shown.length > 0 ? saidAfterConnector(text) : null;
      if (featureWanted !== null) {
        return searchAnswer(turn, index, runSearch(index, prevRequest(prev), SHELF_SIZE, turn.budget), lastSearchContext(prev), { note: turn.t.featureNone(featureWanted) });
      }
      if (otherBrand && (run.hits.length === 0 || run.relaxed.includes('brand'))) {
        const brands = [...new Set(prev.shown.map((sku) => index.bySku(sku)?.brand).filter((b): b is string => Boolean(b)))].slice(0, 3);
        return result(turn, { message: turn.t.otherBrandNone(prev.label.join(' '), brands.join(', ')), suggests: browseSuggests(index, turn.lang, [turn.t.sugCheaper]) }, prev);
      }
      if ((run.hits.length === 0 || run.relaxed.includes('price')) && move !== null) {
        // Nothing beyond what was shown: the cheapest (or dearest) of the same search.
        const sorted: SearchRequest = { ...prevRequest(prev), sort: move === 'cheaper' ? 'price_asc' : 'price_desc' };
        const note = move === 'cheaper' ? turn.t.cheaperNone : turn.t.pricierNone;
        const again = runSearch(index, sorted, SHELF_SIZE, turn.budget);
        const exact = again.hits.filter(isWhole);
        return searchAnswer(turn, index, exact.length > 0 ? { ...again, hits: exact } : again, lastSearchContext(prev), { note });
      }
      // A message with its own product words may be a new search after all ("iphone"
      // after kettles): keep the refinement only if it matches at least as well. A fresh
      // search naming a kind the shop does not sell found its products by the other words
      // only: "with 16gb ram" after laptops asks for laptops with that memory, not for memory.
      // What the item comes with ("а с картами?" after watches with music) is never a new search
      // (it showed chart plotters).
      if (parsed.text !== '' && !onlyModifiers(parsed.text) && !saysWhatItComesWith(text) && (!run.exact || run.relaxed.length > 0) && !turn.budget.exhausted) {
        const fresh = runSearch(index, searchRequestOf(parsed), SHELF_SIZE, turn.budget);
        // Words naming no kind ("а oled?" after "телевизор 55 дюймов", where no 55-inch set is
        // OLED) ask a quality of the same kind while some of its products have it: the OLED
        // monitors they alone find are no answer.
        const sameKind = !run.relaxed.includes('words') && index.productWord(parsed.text)?.kind !== true;
        if (fresh.hits.length > 0 && fresh.exact && fresh.relaxed.length === 0 && fresh.productTypeMissing === undefined && !sameKind) {
          return searchAnswer(turn, index, fresh, freshContext(core, parsed, index), { learned: learnedFrom(parsed, core) });
        }
      }
      // A size said instead of the last one that no card of the kind has ("а 16?" after "оперативка
      // ddr4 8гб", where the DDR4 modules are 4 and 8 GB): said so over the same search, not
      // 16 GB flash drives matching the figure alone.
      if (refined.resizedTo !== undefined && move === null && !run.hits.some(isWhole) && !namesSize(run.hits, refined.resizedTo)) {
        // The kind has that size without the last search's other words ("а 55?" after "телевизор
        // 65 дюймов oled", where the 55-inch sets are NanoCell): those, said as two things no
        // product has together.
        const older = turn.budget.exhausted ? undefined : refined.olderDropped?.();
        const newer = older ? runSearch(index, older.request, SHELF_SIZE, turn.budget) : null;
        if (older && newer && newer.relaxed.length === 0 && newer.hits.some(isWhole)) {
          // Older words the last answer already said no card has are not said again.
          const note = older.dropped.length === 0 ? undefined : turn.t.partialTogether(clip(older.dropped.join(' '), MAX_REQUEST_NAMED_CHARS), clip(refined.resizedTo, MAX_REQUEST_NAMED_CHARS));
          return searchAnswer(turn, index, { ...newer, hits: newer.hits.filter(isWhole) }, { ...refinedCtx, label: older.label }, { learned: learnedFrom(parsed, core), note });
        }
        return searchAnswer(turn, index, runSearch(index, prevRequest(prev), SHELF_SIZE, turn.budget), lastSearchContext(prev), { note: turn.t.sizeNone(refined.resizedTo) });
      }
      // The new words found nothing together with the older ones: what the buyer just said
      // outlasts what they said before ("with 16gb ram?" after "laptop for a student under 800").
      // So do they when every card matched only some of the words ("does it have a touchscreen?"
      // after "cheap laptop for school": laptops whose descriptions say school, the one touchscreen
      // laptop last of six) and the new words with the product word alone find whole matches.
      const noneWhole = move === null && run.hits.length > 0 && !run.hits.some(isWhole);
      const older = (run.relaxed.includes('words') || noneWhole) && !turn.budget.exhausted ? refined.olderDropped?.() : undefined;
      if (older && older.dropped.length > 0) {
        const { request, label, dropped } = older;
        const newer = runSearch(index, request, SHELF_SIZE, turn.budget);
        // Without the older words, the new ones must fit whole and within every filter kept ("а с
        // 16 гб?" after «ноутбук для учебы до 50000» found 16 GB laptops only over the budget: the
        // budget, not the purpose, is what they do not fit).
        if (newer.hits.length > 0 && !newer.relaxed.includes('words') && (run.relaxed.includes('words') || (newer.relaxed.length === 0 && newer.hits.some(isWhole)))) {
          const ctx: SearchContext = { ...refinedCtx, label };
          // A follow-up adding no word of its own («мебель для веранды» after «мебель для летней веранды
          // кафе») has no second thing to name: «… и «»» was said.
          if (!run.relaxed.includes('words') && refined.added.length > 0) {
            // The older words are in the catalogue, only not with the new ones: said as two things no product has together.
            const note = turn.t.partialTogether(clip(prev.label.join(' '), MAX_REQUEST_NAMED_CHARS), clip(refined.added.join(' '), MAX_REQUEST_NAMED_CHARS));
            return searchAnswer(turn, index, newer, ctx, { move, learned: learnedFrom(parsed, core), priceAsked: request.filters, note });
          }
          return searchAnswer(turn, index, { ...newer, relaxed: ['words', ...newer.relaxed], droppedText: dropped.join(' '), boundsOnly: true }, ctx, { move, learned: learnedFrom(parsed, core), priceAsked: request.filters });
        }
      }
      // The new words found nothing even among the last search's products: not a refinement,
      // unless they say what the item should have in real words ("does it have a backlit
      // keyboard?", "with a backlit keyboard" after laptops: the laptops, and a note that none says it).
      if (run.relaxed.includes('words') && parsed.text !== '' && !onlyModifiers(parsed.text) && !feature && !changesFilters(parsed, otherBrand) && saidAfterConnector(text) === null) {
        return unknownWordsAnswer(turn, index, prev);
      }
      return searchAnswer(turn, index, run, refinedCtx, {
        move,
        learned: learnedFrom(parsed, core),
        askedBrands: parsed.filters.brands ?? prev.filters.brands ?? [],
        priceAsked: refined.request.filters,
        ...(strongest ? { strongestFirst: true } : {}),
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
      return searchAnswer(turn, index, runSearch(index, searchRequestOf(merged), SHELF_SIZE, turn.budget), freshContext(pageQuery, page, index), {});
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
      return result(turn, { message: turn.t.vague(exampleBudget(turn.currency, turn.lang)), suggests: browseSuggests(index, turn.lang) }, prev);
    }
  }

  return preferenceAwareSearch(turn, index, core, parsed);
}

/**
 * A wish alone after a search ("а помощнее?", "something lighter?"): the search again, the most
 * (or the least) first; when none of its products states the measure, the cards shown again,
 * saying their cards do not state it (null for a plain adjective, "а лёгкий есть?" after face
 * creams, which is then read as any other word).
 */
function wishAfterSearch(turn: Turn, index: CatalogIndex, wish: MeasureWish, prev: EngineState): EngineResult | null {
  const most = searchMostFirst(index, prevRequest(prev), wish, turn.budget);
  if (most === null) {
    return wish.plain ? null : superlativeAnswer(turn, index, { attribute: wish.attribute, most: wish.most }, prev);
  }
  return mostFirstAnswer(turn, index, most, wish, lastSearchContext(prev));
}

/**
 * A wish said with a price move or bound alone ("а помощнее и подешевле?", "cheaper with more
 * storage", "до 30000, но с большим экраном"): the last search refined by the price, the most of
 * the wish first; null for any other message, or when no product found states the measure.
 */
function priceMoveWithWish(turn: Turn, index: CatalogIndex, prev: EngineState, wish: MeasureWish, otherBrand: boolean): EngineResult | null {
  const rest = wish.rest !== '' ? index.parseDetailed(wish.rest) : null;
  if (!rest || rest.text !== '' || !(rest.cheaper || rest.pricier || hasPriceOrStock(rest))) {
    return null;
  }
  const refined = refineSearch(index, prev, rest, otherBrand, wish.rest);
  const most = searchMostFirst(index, refined.request, wish, turn.budget);
  if (most === null) {
    return null;
  }
  const priceMove = refined.move ?? (rest.filters.priceMax !== undefined || rest.filters.priceMin !== undefined ? undefined : prev.priceMove);
  const ctx: SearchContext = { categoryWords: prev.categoryWords, brandWords: refined.request.brandWords ?? [], label: refined.label, ...(priceMove ? { priceMove } : {}) };
  return mostFirstAnswer(turn, index, most, wish, ctx, { move: refined.move, priceAsked: refined.request.filters });
}

/** The first shelf of a search ordered by a measure, the answer saying which comes first. */
function mostFirstAnswer(
  turn: Turn,
  index: CatalogIndex,
  most: NonNullable<ReturnType<typeof searchMostFirst>>,
  wish: Pick<MeasureWish, 'most'>,
  ctx: SearchContext,
  opts: SearchAnswerOptions = {},
): EngineResult {
  return searchAnswer(turn, index, { ...most.run, hits: most.run.hits.slice(0, SHELF_SIZE) }, ctx, { ...opts, mostFirst: { attribute: most.attribute, most: wish.most } });
}

/** The context of the last search, to answer with its words again. */
function lastSearchContext(prev: EngineState): SearchContext {
  return { categoryWords: prev.categoryWords, brandWords: prev.brandWords, label: prev.label, ...(prev.priceMove ? { priceMove: prev.priceMove } : {}) };
}

/**
 * Gift ideas about what the recipient loves, said after gift ideas ("она любит готовить", "she
 * likes coffee"), within the budget said before; null when the message says no such thing or the
 * shop has nothing of it.
 */
function lovedGiftIdeas(turn: Turn, index: CatalogIndex, prev: EngineState, message: string): EngineResult | null {
  const loved = lovedThing(message);
  if (loved === null) {
    return null;
  }
  const said = index.parseDetailed(loved);
  return giftIdeasAbout(turn, index, loved, said, { ...prev.filters, ...said.filters }, message, true);
}

/**
 * Gift ideas for a recipient whose age was said after gift ideas: for a child the ideas a child is
 * given; for an adult those of the last ideas' interest, or anything when they were about who it is for.
 */
function agedGiftIdeas(turn: Turn, index: CatalogIndex, prev: EngineState, age: number, message: string): EngineResult {
  const child = giftIdeasAbout(turn, index, `${age} years`, index.parseDetailed(''), prev.filters, message, false);
  if (child !== null) {
    return child;
  }
  return giftAnswer(turn, index, prev.filters, null, 'gift', prev.giftAbout?.recipient ? undefined : prev.giftAbout);
}

/**
 * Gift ideas about an interest (`words`, parsed as `said`): the kinds its interest names ("a gift
 * for a music lover", "подарок геймеру"), or, when `loved` says the words are what the recipient
 * loves, the products saying them ("a gift for a coffee lover": beans, a milk jug, a gooseneck
 * kettle), from different sections, within `filters`. Null when it names neither or the shop has
 * nothing of it.
 */
function giftIdeasAbout(turn: Turn, index: CatalogIndex, words: string, said: DetailedQuery, filters: SearchFilters, message: string, loved: boolean): EngineResult | null {
  const interest = giftInterest(words, turn.lang);
  const topic = [...said.categoryWords, said.text].filter((w) => w !== '').join(' ');
  if (!interest && !(loved && topic !== '')) {
    return null;
  }
  // The words, not a category they name: coffee's accessories and kettles are filed elsewhere.
  const { categories: _named, ...within } = filters;
  const about = interest ? { topic: interest.topic, searches: interest.kinds, kinds: true, recipient: interest.recipient === true } : { topic, searches: [topic], kinds: false };
  const learned = learnedFrom(said, message);
  const ideas = giftAnswer(turn, index, within, learned, 'gift', about);
  if (hasShelf(ideas)) {
    return ideas;
  }
  // "he loves coffee" after gift ideas around $100, and nothing of coffee is: the closest in price, said so.
  const budget = aroundPrice(within) ?? within.priceMax ?? within.priceMin;
  if (budget === undefined) {
    return null;
  }
  const nearest = giftAnswer(turn, index, within, learned, 'gift', about, undefined, budget);
  return hasShelf(nearest) ? nearest : null;
}

/** Whether an answer shows products. */
function hasShelf(answer: EngineResult): boolean {
  return answer.answer.response.contents.some((b) => b.type === 'products');
}

/**
 * The last search's next cards, past those it showed ("show me more" after headphones); when it
 * has no more, says so over the same cards.
 */
function moreAnswer(turn: Turn, index: CatalogIndex, prev: EngineState): EngineResult {
  const seen = seenSoFar(prev);
  const taken = new Set(seen);
  // In the order the last search was in ("самые дешёвые", then "ещё": the next cheapest).
  const run = runSearch(index, { ...prevRequest(prev), ...(prev.sort ? { sort: prev.sort } : {}) }, seen.length + SHELF_SIZE, turn.budget);
  const next = run.hits.filter((h) => !taken.has(h.product.sku)).slice(0, SHELF_SIZE);
  if (next.length === 0) {
    return result(turn, { message: turn.t.noMore, suggests: browseSuggests(index, turn.lang) }, prev);
  }
  return searchAnswer(turn, index, { ...run, hits: next }, lastSearchContext(prev), { noteOnCards: turn.t.moreShown, seen, ...(prev.priceMove ? { move: prev.priceMove } : {}) });
}

function prevRequest(prev: EngineState): SearchRequest {
  return { text: prev.text, filters: prev.filters, categoryWords: prev.categoryWords, brandWords: prev.brandWords };
}

/**
 * How much of the last search (its `hits`) the cards shown for it matched (a share of its words,
 * 1 when they matched every word): the least of them, or of its first results when they are not among them.
 */
function shownCoverage(hits: readonly SearchHit[], prev: EngineState): number {
  const shown = new Set(prev.shown);
  const of = hits.some((h) => shown.has(h.product.sku)) ? hits.filter((h) => shown.has(h.product.sku)) : hits;
  return of.length === 0 ? 1 : Math.min(...of.map((h) => h.coverage ?? 1));
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

/** How many of a shelf's places saved brand preferences may move to the front. */
const PREFERRED_PLACES = Math.ceil(SHELF_SIZE / 2);

/**
 * A new search. Saved preferences (brands, budget) never filter: when the message states
 * none, products within the saved budget and of the saved brands move forward among the
 * search's own results (the brands to at most half of the shelf), so "хочу смартфон" after
 * one earlier "Samsung" still shows smartphones of every brand.
 */
function preferenceAwareSearch(turn: Turn, index: CatalogIndex, message: string, parsed: DetailedQuery): EngineResult {
  // "laptop with at least 32gb ram": the laptops' RAM, not a disk of 32 GB and up.
  const ram = ramAsked(message);
  const withRam = ram ? ramAnswer(turn, index, ram) : null;
  if (withRam) {
    return withRam;
  }
  // "samsung phone with big battery": searched as "samsung phone", the biggest batteries first;
  // as it was said when no card found states the battery.
  const wish = measureWish(message);
  if (wish && wish.rest !== '') {
    const rest = index.parseDetailed(wish.rest);
    const wished = searchWithPreferences(turn, index, wish.rest, rest, wish);
    if (wished) {
      return wished;
    }
    // "холодильник побольше", "кондиционер, который не шумит" where no card states a size or
    // the noise: the fridges or the air conditioners, saying so. A wish of words a card may say
    // is searched as said ("большой экран 6.5", "лёгкий крем").
    if (wish.withItem || wish.unsaid) {
      return searchWithPreferences(turn, index, wish.rest, rest, null, wish.attribute) as EngineResult;
    }
  }
  return searchWithPreferences(turn, index, message, parsed, null) as EngineResult;
}

/**
 * The last search's kind for the model a fit question named, when no card shown names it: the
 * products whose cards name the model, with a note that none shown did; null when none does.
 */
function fitsBeyondShown(turn: Turn, index: CatalogIndex, prev: EngineState, fit: FitTarget): EngineResult | null {
  // As searched ("otterbox case": OtterBox's cases for it), else the kind alone, without the
  // maker or the model of what was shown ("чехол samsung" → "чехол для iphone 15").
  const brandWords = new Set(prev.brandWords.map((w) => w.toLowerCase()));
  const kind = prev.categoryWords.length > 0 ? prev.categoryWords : prev.label.filter((w) => !brandWords.has(w.toLowerCase()));
  for (const words of kind.join(' ') === prev.label.join(' ') ? [kind] : [prev.label, kind]) {
    const text = fitSearchText(words, fit, turn.lang);
    if (text === null) {
      continue;
    }
    const parsed = index.parseDetailed(text);
    const run = runSearch(index, searchRequestOf(parsed), SHELF_SIZE * 2, turn.budget);
    const named = run.hits.filter((h) => namesModel(h.product, fit));
    // Of the kind asked for, matching every word, when some are (an armband "for iPhone 6 Plus" is no case).
    const fitting = (named.some(isWhole) ? named.filter(isWhole) : named).slice(0, SHELF_SIZE);
    if (fitting.length > 0) {
      return searchAnswer(turn, index, { ...run, hits: fitting }, freshContext(text, parsed, index), { note: turn.t.fitsNoneShownThese(fit.said) });
    }
  }
  return null;
}

/** `preferenceAwareSearch` of a message, with the most of what `wish` names first; null when no product found states it. */
function searchWithPreferences(turn: Turn, index: CatalogIndex, message: string, parsed: DetailedQuery, wish: MeasureWish | null, notStated?: MeasureWish['attribute']): EngineResult | null {
  const ctx = freshContext(message, parsed, index);
  const prefs = turn.req.preferences;
  const learned = learnedFrom(parsed, message);
  const base = searchRequestOf(parsed);
  const statesPrice = parsed.filters.priceMax !== undefined || parsed.filters.priceMin !== undefined || parsed.cheaper || parsed.pricier;
  const statesBrand = (parsed.filters.brands?.length ?? 0) > 0 || (parsed.filters.excludeBrands?.length ?? 0) > 0;
  const budgetMax = !statesPrice ? prefs?.budgetMax : undefined;
  const budgetMin = !statesPrice ? prefs?.budgetMin : undefined;
  // A wish said now orders the shelf; a brand liked before does not reorder it again.
  const prefBrands = statesBrand || wish
    ? []
    : (prefs?.brands ?? [])
        .slice(0, MAX_PREFERRED_BRANDS)
        .map((b) => index.resolveBrand(b))
        .filter((b): b is string => Boolean(b));
  const opts: SearchAnswerOptions = { learned, askedBrands: parsed.filters.brands ?? [], priceAsked: parsed.filters, ...(notStated ? { notStated } : {}) };
  if (budgetMax === undefined && budgetMin === undefined && prefBrands.length === 0 && !wish) {
    const run = runSearch(index, base, SHELF_SIZE, turn.budget);
    // "видеокарта для игр до 30 тысяч" where no card names games: the most powerful of the kind first.
    const strongest = strongestOfKind(turn, index, base, run);
    return strongest ? searchAnswer(turn, index, strongest, ctx, { ...opts, strongestFirst: true }) : searchAnswer(turn, index, run, ctx, opts);
  }
  // A wider pool of the search's own results to choose the shelf from.
  const most = wish ? searchMostFirst(index, base, wish, turn.budget) : null;
  if (wish && most === null) {
    return null;
  }
  const run = most ? most.run : runSearch(index, base, SHELF_SIZE * 3, turn.budget);
  if (wish && most) {
    opts.mostFirst = { attribute: most.attribute, most: wish.most };
  }
  const fits = (p: CatalogProduct): boolean =>
    (budgetMax === undefined || (p.price !== undefined && p.price <= budgetMax)) && (budgetMin === undefined || (p.price !== undefined && p.price >= budgetMin));
  const inBudget = run.hits.filter((h) => fits(h.product));
  const ordered = [...inBudget, ...run.hits.filter((h) => !fits(h.product))];
  const wanted = new Set(prefBrands);
  const preferred = ordered.filter((h) => wanted.has(h.product.brand ?? '')).slice(0, PREFERRED_PLACES);
  const hits = [...preferred, ...ordered.filter((h) => !preferred.includes(h))].slice(0, SHELF_SIZE);
  const applied: { budget?: number; brands?: string[] } = {};
  if (budgetMax !== undefined && inBudget.length > 0 && inBudget.length < run.hits.length) {
    applied.budget = budgetMax;
  }
  if (preferred.length > 0 && preferred.length < hits.length) {
    applied.brands = [...new Set(preferred.map((h) => h.product.brand as string))];
  }
  return searchAnswer(turn, index, { ...run, hits }, ctx, { ...opts, prefs: applied });
}

/** The product a "similar"/"what goes with it" request is about. */
function targetProduct(turn: Turn, index: CatalogIndex, text: string, pageProduct: CatalogProduct | undefined): { product: CatalogProduct; alike: string[] } | undefined {
  // "похожие на iphone 15": the words after the intent name the product.
  const rest = index.parseDetailed(stripIntentWords(text));
  if (rest.text !== '' || rest.categoryWords.length > 0 || rest.filters.brands?.length) {
    const hits = index.search([rest.text, ...rest.categoryWords, ...rest.brandWords].join(' '), {}, 5, { budget: turn.budget }).filter((h) => (h.coverage ?? 1) >= 1);
    // "похожие на dyson v15" means the vacuum, not the filter "для пылесосов V15": a
    // product made for something else is the target only if nothing else matches.
    const madeFor = (p: CatalogProduct) => /\s(?:для|for|д\/)\s?/iu.test(p.name);
    const main = hits.find((h) => !madeFor(h.product)) ?? hits[0];
    if (main) {
      // The other products the words name, of its section ("like airpods but cheaper": cheaper than every AirPods).
      const alike = hits.filter((h) => h !== main && !madeFor(h.product) && h.product.categories.some((c) => main.product.categories.includes(c))).map((h) => h.product.sku);
      return { product: main.product, alike };
    }
  }
  if (pageProduct) {
    return { product: pageProduct, alike: [] };
  }
  const prev = turn.prev;
  const sku = prev?.sku ?? prev?.shown[0];
  const product = sku ? index.bySku(sku) : undefined;
  return product ? { product, alike: [] } : undefined;
}

/**
 * Whether a card's name states the size said ("SPF 30"): the size is there, only not with every
 * older word ("а spf 30?" after "крем spf 50", the SPF 30 product a sun milk), and the search's
 * own note says what it left out.
 */
function namesSize(hits: readonly SearchHit[], size: string): boolean {
  const asked = measuresOf(tokenize(size))[0];
  // A rating only: it makes the kind (SPF 30 is sun protection); a size of another kind's card
  // ("16Gb" flash drives after DDR4 modules) is no answer.
  return asked !== undefined && isRatingUnit(asked.unit) && hits.some((h) => measuresOf(tokenize(boundText(h.product.name))).some((m) => m.unit === asked.unit && m.value === asked.value));
}
