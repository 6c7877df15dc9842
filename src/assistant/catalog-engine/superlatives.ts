/**
 * "Which one has the most storage?", "у какого больше памяти?", "какой из них самый
 * дешёвый?": a question about the products just shown, answered from their cards (the
 * price, or the measures their names and parameters state), not searched for as new
 * products ("most storage" is not something the shop sells).
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import { measureWords, parseMeasure, spellMarks } from '../../catalog/search/measures.ts';
import { tokenize } from '../../catalog/search/tokenize.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import type { EngineResult } from '../engine.ts';
import type { EngineState } from '../engine-state.ts';
import { currencySymbol } from '../currency.ts';
import { formatMeasure, formatPrice, shortName, type Attribute } from './texts.ts';
import { result, SHELF_SIZE, type Turn } from './turn.ts';

export interface Superlative {
  attribute: Attribute;
  /** The highest value is wanted (the most storage, the most expensive); else the lowest. */
  most: boolean;
}

/** Such a question is short: read from the first characters only. */
const MAX_QUESTION_CHARS = 120;
/** Parameters and characters of a card read for its measures. */
const MAX_PARAMS_READ = 40;
const MAX_CARD_CHARS = 2000;

/** The question picks among what was shown: "which (one/of them)", "какой из них", "у какого". */
const WHICH_EN = /^(?:and |so |ok,? )?(?:which|what)(?: one| ones| of (?:them|these|those))?\s+(?:has|have|is|are|one|gets|holds|offers)\b/iu;
const WHICH_RU = /^(?:а |и |так )?(?:у )?(?:какой|какая|какое|какие|какого|которого|который|которая|которое|кто)(?:\s+из\s+(?:них|этих|показанных))?\s/iu;

/** Attribute words, in the order they are tried; the first that matches decides. */
const ATTRIBUTES: ReadonlyArray<{ attribute: Attribute; words: RegExp; most: boolean }> = [
  { attribute: 'price', words: /\b(?:cheap|cheapest|least expensive|lowest price|most affordable|budget)\b|деш[её]в|недорог|бюджетн/iu, most: false },
  { attribute: 'price', words: /\b(?:most expensive|priciest|dearest|highest price)\b|дорож|дорог/iu, most: true },
  { attribute: 'storage', words: /\b(?:storage|memory|space|gb|tb|ssd)\b|памят|гигабайт/iu, most: true },
  { attribute: 'screen', words: /\b(?:screen|display|diagonal|inch(?:es)?)\b|экран|диагонал|дюйм/iu, most: true },
  { attribute: 'battery', words: /\b(?:battery|mah)\b|батаре|аккумулятор|[её]мк/iu, most: true },
  // "легче" and "тише" are the comparatives buyers use for the lightest and the quietest.
  { attribute: 'weight', words: /\b(?:light|lightest|lighter)\b|л[её]г[кч]/iu, most: false },
  { attribute: 'weight', words: /\b(?:heavy|heaviest|heavier|weigh\w*)\b|тяж[её]л|вес/iu, most: true },
  { attribute: 'power', words: /\b(?:power(?:ful)?|watts?)\b|мощн/iu, most: true },
  { attribute: 'volume', words: /\b(?:capacity|volume|litres?|liters?)\b|объ[её]м|литр|вмест/iu, most: true },
  // Not "этих" (of "какой из этих"), nor noise cancelling ("шумоподавление").
  { attribute: 'noise', words: /\b(?:quiet|quietest|quieter|silent|db)\b|\bnoise\b(?! cancel)|(?<![а-яё])(?:тих|тиш|бесшумн|шум(?!оподав|н)|дб(?![а-яё]))/iu, most: false },
  { attribute: 'noise', words: /\b(?:loud|loudest|louder|noisy|noisiest)\b|громк|(?<![а-яё])шумн/iu, most: true },
];

/** Words that turn a wanted highest value into the lowest ("the least storage", "меньше памяти"). */
const LEAST = /\b(?:least|smallest|lowest|fewest|less|smaller|minimum)\b|меньш|минимальн|маленьк|компактн/iu;

/** Units of each measured attribute, with their factor to the first. */
const UNITS: Readonly<Record<Exclude<Attribute, 'price'>, ReadonlyArray<readonly [string, number]>>> = {
  storage: [['gb', 1], ['tb', 1000], ['mb', 0.001]],
  screen: [['in', 1], ['cm', 1 / 2.54]],
  battery: [['mah', 1]],
  weight: [['kg', 1]],
  power: [['w', 1], ['kw', 1000]],
  volume: [['l', 1], ['ml', 0.001]],
  noise: [['db', 1]],
};

/** The superlative a message asks of the shown products, or null when it asks no such thing. */
export function superlativeAsked(text: string, index: Pick<CatalogIndex, 'productWord'>): Superlative | null {
  if (text.length > MAX_QUESTION_CHARS) {
    return null;
  }
  const t = text.trim();
  if (!WHICH_EN.test(t) && !WHICH_RU.test(t) && !/\bof (?:them|these|those)\b|из (?:них|этих)/iu.test(t)) {
    return null;
  }
  for (const a of ATTRIBUTES) {
    if (a.words.test(t)) {
      // "какой самый мощный пылесос?" names a product: a new search, not a pick among the cards.
      const named = index.productWord(t);
      if (named !== null && named.known && !a.words.test(named.word)) {
        return null;
      }
      return { attribute: a.attribute, most: a.attribute === 'price' || a.attribute === 'weight' || a.attribute === 'noise' ? a.most : !LEAST.test(t) };
    }
  }
  return null;
}

/**
 * A card's value of the attribute in the attribute's first unit: its price, or the largest
 * measure its name and parameters state, else its description (Best Buy's phones give their
 * battery only there: "the 3600 mAh battery provides fast charging").
 */
export function measuredValue(p: CatalogProduct, attribute: Attribute): number | undefined {
  if (attribute === 'price') {
    return typeof p.price === 'number' ? p.price : undefined;
  }
  const params = Object.entries(p.params).slice(0, MAX_PARAMS_READ).map(([k, v]) => `${k} ${v}`);
  return largestMeasure([p.name, ...params].join(' , '), attribute) ?? (p.description ? largestMeasure(p.description, attribute) : undefined);
}

/** The largest measure of the attribute's units a text states (read to MAX_CARD_CHARS). */
function largestMeasure(text: string, attribute: Exclude<Attribute, 'price'>): number | undefined {
  const units = new Map(UNITS[attribute]);
  let best: number | undefined;
  for (const w of measureWords(tokenize(spellMarks(text.slice(0, MAX_CARD_CHARS))))) {
    const m = parseMeasure(w);
    const factor = m ? units.get(m.unit) : undefined;
    if (m && factor !== undefined) {
      const v = m.value * factor;
      best = best === undefined ? v : Math.max(best, v);
    }
  }
  return best;
}

/** A value as the buyer reads it: "256 GB", "1 TB", "6.7 in.", "5 000 мА·ч", "$49.99". */
function formatValue(value: number, attribute: Attribute, turn: Turn, currency: string): string {
  const { lang } = turn;
  switch (attribute) {
    case 'price':
      return formatPrice(value, currency, lang);
    case 'storage':
      return value >= 1000 ? formatMeasure(Math.round(value / 10) / 100, 'tb', lang) : formatMeasure(value, 'gb', lang);
    case 'screen':
      // "15.6 in." would end the sentence twice.
      return formatMeasure(Math.round(value * 10) / 10, 'in', lang).replace(/\.$/u, '');
    default:
      return formatMeasure(value, (UNITS[attribute][0] as readonly [string, number])[0], lang);
  }
}

/**
 * The shown products ordered by what was asked, the best first, with a message naming it;
 * null when nothing was shown. Cards that do not state the value keep their place after
 * those that do; when none states it, the message says so.
 */
export function superlativeAnswer(turn: Turn, index: CatalogIndex, asked: Superlative, prev: EngineState): EngineResult | null {
  const { t, req } = turn;
  const shown = prev.shown
    .slice(0, SHELF_SIZE)
    .map((sku) => index.bySku(sku))
    .filter((p): p is CatalogProduct => p !== undefined);
  if (shown.length === 0) {
    return null;
  }
  const currency = currencySymbol(req.tenant, shown[0]);
  const valued = shown.map((p) => ({ p, v: measuredValue(p, asked.attribute) }));
  const known = valued.filter((x): x is { p: CatalogProduct; v: number } => x.v !== undefined);
  known.sort((a, b) => (asked.most ? b.v - a.v : a.v - b.v));
  const ordered = [...known.map((x) => x.p), ...valued.filter((x) => x.v === undefined).map((x) => x.p)];
  let message: string;
  const best = known[0];
  if (best === undefined) {
    message = t.superlativeUnknown(asked.attribute);
  } else if (known.length > 1 && known.every((x) => x.v === best.v)) {
    message = t.superlativeSame(asked.attribute, formatValue(best.v, asked.attribute, turn, currency), known.length === shown.length);
  } else {
    message = t.superlativeBest(asked.attribute, asked.most, shortName(best.p), formatValue(best.v, asked.attribute, turn, currency));
  }
  const state: EngineState = { ...prev, shown: ordered.map((p) => p.sku) };
  return result(turn, { message, shelf: { products: ordered, title: t.titleShown, shelfId: 'aisle-shown', sourceQuery: turn.text } }, state);
}
