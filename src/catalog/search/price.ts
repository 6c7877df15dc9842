/**
 * Price bounds, price order and availability as buyers write them, in Russian and English:
 * "до 5000 ₽", "дешевле 300 рублей", "от 1000 до 2000", "до 5 тыс", "under $50",
 * "between 20 and 40", "over 500", "подешевле", "в наличии", "in stock".
 * Works on normalised text (see normalizeText) and returns what is left of it.
 */

import { aroundBounds } from './filters.ts';

export interface PriceIntent {
  priceMin?: number;
  priceMax?: number;
  /** A price said as "around" ("около 10 000"): priceMin and priceMax are its `aroundBounds`. */
  priceAround?: number;
  sort?: 'price_asc' | 'price_desc';
  availableOnly?: boolean;
  /** Only products sold below their old price ("со скидкой", "по акции", "on sale"). */
  discountedOnly?: boolean;
  /** Whether the buyer asked for something cheaper without giving a number ("подешевле", "cheaper"). */
  cheaper?: boolean;
  /** Whether the buyer asked for something pricier without a number ("подороже"). */
  pricier?: boolean;
  /** The text with the recognised phrases removed. */
  rest: string;
}

// A sum: "$50", "5000", "15 000", "1.5", followed by an optional thousands word and currency.
// `\b` is ASCII-only in JavaScript even with the u flag, so word ends are spelled out (E).
// At most four groups of thousands (a trillion is no budget anyway): an unbounded group made
// "111 111 111 …" quadratic, every group start scanning all the groups after it.
const E = String.raw`(?![\p{L}\p{N}])`;
const NUM = String.raw`(\d{1,3}(?:[ \u00a0]\d{3}){1,4}(?![\d.,])|\d+(?:[.,]\d+)?)(?![\d]|[.,]\d)`;
const MULT = String.raw`(?:\s*(тыс(?:яч[аи]?)?\.?|тыщ[иа]?|тр${E}|т\.р\.?|k${E}|к${E}|млн${E}))?`;
const CUR = String.raw`(?:\s*(₽|р\.|р${E}|руб(?:л(?:ей|я|ь))?\.?|rub${E}|rur${E}|\$|usd${E}|долл(?:ар(?:ов|а|ы)?)?\.?|dollars?${E}|bucks${E}|€|eur${E}|euros?${E}|евро${E}|тг${E}|тенге${E}|kzt${E}|₸))?`;
// A number followed by a unit is a size or a capacity ("до 2 кг", "больше 256 гб"), not a price.
const NOT_UNIT = String.raw`(?!\s*(?:гб|gb|тб|tb|мб|mb|мм|mm|см|cm|м${E}|m${E}|вт|w${E}|кг|kg|г${E}|g${E}|л${E}|l${E}|мл|ml|мач|mah|дюйм|inch|"|''|мп|mp|гц|hz|шт|pcs|%|°|x\d|х\d|лет|год|years?|мин|min|час|h${E}|ч${E}|кв|м²|м2|об|oz|lb|литр|liter|litre|метр|meter|metre|фут|feet|foot|ft${E}|ватт|watt|вольт|volt|квт|kw${E}|gal|галлон|ounce|pound|грамм|gram|килограмм|kilogram))`;
const MONEY = String.raw`(\$\s*)?${NUM}${MULT}${CUR}${NOT_UNIT}`;

interface Money {
  value: number;
  hasMult: boolean;
  hasCurrency: boolean;
  raw: number;
  mult: number;
}

function money(dollar: string | undefined, num: string | undefined, mult: string | undefined, cur: string | undefined): Money {
  const raw = Number((num ?? '').replace(/[ \u00a0]/g, '').replace(',', '.'));
  let m = 1;
  if (mult) {
    m = /^млн/.test(mult) ? 1_000_000 : 1000;
  }
  return { value: raw * m, raw, mult: m, hasMult: Boolean(mult), hasCurrency: Boolean(dollar || cur) };
}

const MAX_WORDS = [
  'до', 'не дороже', 'дешевле', 'дешевле чем', 'меньше', 'меньше чем', 'менее', 'не более', 'не больше', 'в пределах',
  'максимум', 'макс', 'бюджет', 'бюджет до', 'в рамках', 'under', 'below', 'less than', 'cheaper than', 'up to',
  'max', 'maximum', 'no more than', 'not more than', 'within', 'budget', 'budget of', 'at most', 'under the',
];
const MIN_WORDS = [
  'от', 'дороже', 'дороже чем', 'больше', 'больше чем', 'более', 'свыше', 'не дешевле', 'минимум', 'over', 'above',
  'more than', 'at least', 'from', 'starting at', 'starting from', 'min', 'minimum', 'pricier than',
  'not less than', 'no less than', 'not cheaper than', 'no cheaper than', 'не меньше', 'не менее',
];
const AROUND_WORDS = ['около', 'примерно', 'в районе', 'порядка', 'где-то', 'around', 'about', 'approximately', 'roughly'];
const FOR_WORDS = ['за', 'for'];

function alt(words: string[]): string {
  return [...words].sort((a, b) => b.length - a.length).map((w) => w.replace(/ /g, String.raw`\s+`)).join('|');
}

const B = String.raw`(?<![\p{L}\p{N}])`;
// No `i` flag on these: the text is lower case already (normalizeText), and a case-insensitive
// Unicode letter class costs V8 far more to compile. V8 compiles a pattern on its first use,
// once for Latin-only text and once for any other: with `giu` that took about 100 ms each time
// (the first buyer of each script after a start waited for it), 40-60 ms without.
const RANGE = new RegExp(String.raw`${B}(?:от|from|between|между|с)\s+${MONEY}\s*(?:до|to|and|и|-|–|—)\s*${MONEY}`, 'gu');
const DASH_RANGE = new RegExp(String.raw`${B}${MONEY}\s*(?:-|–|—)\s*${MONEY}`, 'gu');
const MAX = new RegExp(String.raw`${B}(?:${alt(MAX_WORDS)})\s+${MONEY}`, 'gu');
const MIN = new RegExp(String.raw`${B}(?:${alt(MIN_WORDS)})\s+${MONEY}`, 'gu');
/** Characters read before "about" for the "what" or "how" of "what about 85?". */
const WHAT_ABOUT_READ = 8;
const AROUND = new RegExp(String.raw`${B}(?:${alt(AROUND_WORDS)})\s+(?:за\s+)?${MONEY}`, 'gu');
const FOR = new RegExp(String.raw`${B}(?:${alt(FOR_WORDS)})\s+${MONEY}`, 'gu');

// Comparatives move from what was shown ("а подешевле?"); superlatives and adjectives
// only order by price ("самый дешёвый", "недорогой чайник", "не дорогой" and "not expensive"
// too: a negated "expensive" is read before "expensive" alone).
/** "не", "not", "не очень", "not too" before a price word: what follows is negated. */
const NEGATED = String.raw`(?:не|not)\s+(?:очень\s+|слишком\s+|too\s+|very\s+)?`;
const CHEAPER = new RegExp(
  String.raw`${B}(?:подешевле|по ?дешевле|дешевле|cheaper|less expensive|lower price)(?![\p{L}\p{N}])`,
  'gu',
);
const CHEAP = new RegExp(
  String.raw`${B}(?:${NEGATED}(?:дорогой|дорогая|дорогое|дорогие|дорогую|дорогих|дорого|expensive|pricey)|самый дешевый|самые дешевые|самое дешевое|самую дешевую|самый недорогой|дешевые|дешевый|дешевая|дешевое|дешевую|дешевых|недорого|недорогой|недорогая|недорогое|недорогие|недорогих|недорогую|бюджетный|бюджетная|бюджетное|бюджетные|бюджетных|бюджетную|эконом|без\s+переплат|(?:won'?t|will\s+not|doesn'?t|does\s+not|not)\s+break\s+the\s+bank|(?:budget|wallet)[- ]friendly|on\s+a\s+budget|cheapest|cheap|inexpensive|affordable|budget|low[- ]cost)(?![\p{L}\p{N}])`,
  'gu',
);
/** A negated "cheap" ("не дешёвые", "not cheap"): read before "cheap" alone, ordered from the dearest. */
const NOT_CHEAP = new RegExp(String.raw`${B}${NEGATED}(?:дешев\p{L}*|cheap)(?![\p{L}\p{N}])`, 'gu');
const PRICIER = new RegExp(
  String.raw`${B}(?:подороже|по ?дороже|дороже|pricier|more expensive|higher price)(?![\p{L}\p{N}])`,
  'gu',
);
const PRICEY = new RegExp(
  String.raw`${B}(?:самый дорогой|самые дорогие|самое дорогое|самую дорогую|дорогой|дорогие|дорогую|премиальный|премиальные|премиум|топовый|топовые|флагманский|флагманские|most expensive|expensive|premium|high[- ]end|top[- ]end)(?![\p{L}\p{N}])`,
  'gu',
);
/** A part of every word the availability and price-order patterns match: none of them, none of those. */
const WORD_HINTS = /дешев|дорог|дорож|налич|купить|бюджет|эконом|преми|топов|флагман|скидк|акци|распрод|cheap|expens|pric|stock|avail|afford|budget|premium|low|high|top|sale|discount|deal|bargain|clearance|bank|wallet|переплат/u;
const IN_STOCK = new RegExp(
  String.raw`${B}(?:есть\s+в\s+наличии|в\s+наличии|наличие|только\s+в\s+наличии|in\s+stock|available\s+now|available|можно\s+купить\s+сейчас)(?![\p{L}\p{N}])`,
  'gu',
);

/** A discount asked for: products sold below their old price. */
const DISCOUNTED = new RegExp(
  String.raw`${B}(?:со\s+скидк(?:ой|ами)|по\s+скидке|со\s+скидочкой|по\s+акции|акционн\p{L}*|на\s+распродаже|on\s+sale|discounted|with\s+a\s+discount|on\s+discount|deals?|bargains?|on\s+clearance|clearance)(?![\p{L}\p{N}])`,
  'gu',
);

/** Whether normalised text asks for products sold at a discount ("ноутбуки со скидкой"), not about discounts. */
export function asksDiscounted(normalized: string): boolean {
  DISCOUNTED.lastIndex = 0;
  return DISCOUNTED.test(normalized);
}

/** Reads price bounds, price order and availability from normalised text. */
export function extractPriceIntent(normalized: string): PriceIntent {
  let text = ` ${normalized} `;
  const out: PriceIntent = { rest: '' };
  const cut = (re: RegExp, onMatch: (m: RegExpExecArray) => boolean): void => {
    text = text.replace(re, (...args: unknown[]) => {
      const m = args.slice(0, -2) as unknown as RegExpExecArray;
      // Where the match is in the text it was read from ("what" before "about 85").
      m.index = args[args.length - 2] as number;
      m.input = args[args.length - 1] as string;
      return onMatch(m) ? ' ' : (args[0] as string);
    });
  };

  // Every sum has a digit, and every price word one of WORD_HINTS: a text without them (most
  // messages) skips those patterns, each of which looks behind at every position.
  if (/\d/.test(text)) {
    cutSums(out, cut);
  }
  if (WORD_HINTS.test(text)) {
    cutWords(out, cut);
  }
  if (out.priceMin !== undefined && out.priceMax !== undefined && out.priceMin > out.priceMax) {
    [out.priceMin, out.priceMax] = [out.priceMax, out.priceMin];
  }
  out.rest = text.replace(/\s+/g, ' ').trim();
  return out;
}

/** A "not"/"no" just before a bound, which turns it around; read from this many characters before it. */
const NEGATED_BEFORE = /(?:^|\s)(?:not|no|не)\s+$/u;
const NEGATION_READ = 8;

/** The bounds written as sums ("от 1000 до 2000", "1000-2000", "около 5000", "до 5000", "от 5000", "за 5000"). */
function cutSums(out: PriceIntent, cut: (re: RegExp, onMatch: (m: RegExpExecArray) => boolean) => void): void {
  cut(RANGE, (m) => {
    const lo = money(m[1], m[2], m[3], m[4]);
    const hi = money(m[5], m[6], m[7], m[8]);
    // "от 2 до 4 человек" is not a price; small bare numbers need a currency or "тыс".
    if (!(lo.hasCurrency || hi.hasCurrency || hi.hasMult || hi.raw >= 10)) {
      return false;
    }
    return setRange(out, lo, hi);
  });
  cut(DASH_RANGE, (m) => {
    const lo = money(m[1], m[2], m[3], m[4]);
    const hi = money(m[5], m[6], m[7], m[8]);
    // "1-2 года", "2-3 человека" are not prices: a dash range needs a currency, a thousands
    // word or sums that look like prices.
    if (!(lo.hasCurrency || hi.hasCurrency || hi.hasMult || lo.raw >= 100)) {
      return false;
    }
    return setRange(out, lo, hi);
  });
  cut(AROUND, (m) => {
    const v = money(m[1], m[2], m[3], m[4]);
    // "what about 85?" after "tv 55" asks for another size, not about $85; "what about $85?" is a price.
    if (!plausible(v) || (!v.hasCurrency && /(?:what|how)\s+$/u.test(m.input.slice(Math.max(0, m.index - WHAT_ABOUT_READ), m.index)))) {
      return false;
    }
    Object.assign(out, aroundBounds(v.value));
    out.priceAround = v.value;
    return true;
  });
  cut(MAX, (m) => {
    const v = money(m[1], m[2], m[3], m[4]);
    // "not less than $1000", «не дешевле 100000» are lower bounds: their "less than" is left to MIN.
    if (!plausible(v) || NEGATED_BEFORE.test(m.input.slice(Math.max(0, m.index - NEGATION_READ), m.index))) {
      return false;
    }
    out.priceMax = v.value;
    return true;
  });
  cut(MIN, (m) => {
    const v = money(m[1], m[2], m[3], m[4]);
    if (!plausible(v)) {
      return false;
    }
    out.priceMin = v.value;
    return true;
  });
  cut(FOR, (m) => {
    const v = money(m[1], m[2], m[3], m[4]);
    // "за 5000" is a budget; "for 2" (people, years) is not.
    if (!plausible(v) || (!v.hasCurrency && !v.hasMult && v.value < 100)) {
      return false;
    }
    out.priceMax = Math.round(v.value * 1.1);
    return true;
  });
}

/** Availability and price order said in words ("в наличии", "подешевле", "cheapest", "premium"). */
function cutWords(out: PriceIntent, cut: (re: RegExp, onMatch: (m: RegExpExecArray) => boolean) => void): void {
  cut(IN_STOCK, () => {
    out.availableOnly = true;
    return true;
  });
  cut(DISCOUNTED, () => {
    out.discountedOnly = true;
    return true;
  });
  cut(CHEAPER, () => {
    out.cheaper = true;
    out.sort = 'price_asc';
    return true;
  });
  cut(PRICIER, () => {
    out.pricier = true;
    out.sort = 'price_desc';
    return true;
  });
  cut(NOT_CHEAP, () => {
    out.sort = 'price_desc';
    return true;
  });
  cut(CHEAP, () => {
    out.sort = 'price_asc';
    return true;
  });
  cut(PRICEY, () => {
    out.sort = 'price_desc';
    return true;
  });
}

function plausible(v: Money): boolean {
  // A bare single digit ("до 4 человек", "от 2 лет") is a count, not a budget.
  return Number.isFinite(v.value) && v.value > 0 && v.value < 1e10 && (v.hasCurrency || v.hasMult || v.value >= 10);
}

function setRange(out: PriceIntent, lo: Money, hi: Money): boolean {
  if (!plausible(hi)) {
    return false;
  }
  let low = lo.value;
  // "от 5 до 10 тыс": the thousands word of the upper bound applies to the lower one.
  if (!lo.hasMult && hi.hasMult && lo.raw <= hi.raw) {
    low = lo.raw * hi.mult;
  }
  if (!Number.isFinite(low) || low <= 0) {
    return false;
  }
  out.priceMin = Math.min(low, hi.value);
  out.priceMax = Math.max(low, hi.value);
  return true;
}
