/**
 * "Which one has the most storage?", "у какого больше памяти?", "какой из них самый
 * дешёвый?": a question about the products just shown, answered from their cards (the
 * price, or the measures their names and parameters state), not searched for as new
 * products ("most storage" is not something the shop sells).
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import { measuresOf, spellMarks } from '../../catalog/search/measures.ts';
import { tokenize } from '../../catalog/search/tokenize.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import type { EngineResult } from '../engine.ts';
import type { EngineState } from '../engine-state.ts';
import { currencySymbol } from '../currency.ts';
import { formatMeasure, formatPrice, shortName, type Attribute } from './texts.ts';
import { result, SHELF_SIZE, type Turn } from './turn.ts';

export interface Superlative {
  /** What is compared; "size" ("а побольше?") and "battery" are read as `stated` says. */
  attribute: Attribute | 'size';
  /** The highest value is wanted (the most storage, the most expensive); else the lowest. */
  most: boolean;
}

/** Such a question is short: read from the first characters only. */
const MAX_QUESTION_CHARS = 120;
/** Parameters and characters of a card read for its measures. */
const MAX_PARAMS_READ = 40;
const MAX_CARD_CHARS = 2000;

/** The question picks among what was shown: "which (one/of them)", "какой из них", "у какого". */
const WHICH_EN = /^(?:and |so |ok,? )?(?:(?:which|what)(?: one| ones| of (?:them|these|those))?\s+(?:has|have|is|are|one|gets|holds|offers)\b|(?:which|what)['’]s the\b)/iu;
const WHICH_RU = /^(?:а |и |так )?(?:у )?(?:какой|какая|какое|какие|какого|которого|который|которая|которое|кто)(?:\s+из\s+(?:них|этих|показанных))?\s/iu;
/** Or asks the price of the one with the most: "сколько стоит самый дорогой?", "how much is the cheapest one?". */
const PRICE_OF_MOST = /^(?:а |и |so |and )?(?:сколько стоит|сколько стоят|почём|почем|how much (?:is|are|does|do)|what(?:'s| is) the price of)\s+(?:the\s+)?(?:сам\p{L}*|cheapest|most expensive|priciest|dearest|least expensive)(?![\p{L}\p{N}])/iu;

/** Words naming a computer's working memory: "RAM", "оперативная память", "оперативка", "ОЗУ". */
export const RAM_WORDS = /\bram\b|(?<![а-яё])(?:оперативн|оперативк|озу(?![а-яё]))/iu;

/**
 * Attribute words, in the order they are tried; the first that matches decides. `noun` is the
 * attribute's own word when `words` asks more than the word ("the best camera"): a product word
 * that is it ("camera") names no other product.
 */
const ATTRIBUTES: ReadonlyArray<{ attribute: Attribute | 'size'; words: RegExp; most: boolean; noun?: RegExp }> = [
  { attribute: 'price', words: /\b(?:cheap|cheapest|least expensive|lowest price|most affordable|budget)\b|деш[её]в|недорог|бюджетн/iu, most: false },
  { attribute: 'price', words: /\b(?:most expensive|priciest|dearest|highest price)\b|дорож|дорог/iu, most: true },
  // Before storage: "оперативной памяти" says "памяти" too.
  { attribute: 'ram', words: RAM_WORDS, most: true },
  { attribute: 'storage', words: /\b(?:storage|memory|space|gb|tb|ssd)\b|памят|гигабайт/iu, most: true },
  { attribute: 'screen', words: /\b(?:screen|display|diagonal|inch(?:es)?)\b|экран|диагонал|дюйм/iu, most: true },
  // A camera is compared by the megapixels a card states ("12MP", "a 5-megapixel camera", "48 Мп").
  // Only asked as the best ("which one has the best camera?", "у какого лучше камера?"); "какая у них камера?" asks what each has.
  { attribute: 'camera', words: /\b(?:best|better|highest[- ]resolution|most)\b.*\bcameras?\b|\bcameras?\b.*\b(?:best|better)\b|\bmost megapixels\b|лучш\p{L}*\s+камер|камер\p{L}*\s+(?:лучше|получше|лучшая)|больше\s+(?:всего\s+)?мегапиксел/iu, most: true, noun: /camera|камер/iu },
  { attribute: 'battery', words: /\b(?:battery|mah)\b|батаре|аккумулятор|[её]мк/iu, most: true },
  // "легче" and "тише" are the comparatives buyers use for the lightest and the quietest.
  { attribute: 'weight', words: /\b(?:light|lightest|lighter)\b|л[её]г[кч]/iu, most: false },
  { attribute: 'weight', words: /\b(?:heavy|heaviest|heavier|weigh\w*)\b|тяж[её]л|вес/iu, most: true },
  { attribute: 'power', words: /\b(?:power(?:ful)?|watts?)\b|мощн/iu, most: true },
  { attribute: 'volume', words: /\b(?:capacity|volume|litres?|liters?)\b|объ[её]м|литр|вмест/iu, most: true },
  // Before length: "wide" is no length. "поуже", never "уже", which is "already".
  { attribute: 'width', words: /\b(?:narrow|narrower|narrowest|slim|slimmer|slimmest)\b|(?<![а-яё])(?:узк|поуже)/iu, most: false },
  { attribute: 'width', words: /\b(?:wide|wider|widest|width)\b|(?<![а-яё])(?:широк(?!оугольн)|шире|пошире|ширин)/iu, most: true },
  { attribute: 'length', words: /\b(?:long|longest|longer|length)\b|длинн|длин[аеуы]/iu, most: true },
  { attribute: 'length', words: /\b(?:short|shortest|shorter)\b|коротк|короче/iu, most: false },
  // Not "этих" (of "какой из этих"), nor noise cancelling ("шумоподавление").
  { attribute: 'noise', words: /\b(?:quiet|quietest|quieter|silent|db)\b|\bnoise\b(?! cancel)|(?<![а-яё])(?:тих|тиш|бесшумн|шум(?!оподав|н)|дб(?![а-яё]))/iu, most: false },
  { attribute: 'noise', words: /\b(?:loud|loudest|louder|noisy|noisiest)\b|громк|(?<![а-яё])шумн/iu, most: true },
  { attribute: 'area', words: /площад|\broom (?:size|area)\b|\bsquare (?:feet|foot|meters?|metres?)\b|\bsq\.? ?(?:ft|m)\b|м²|м2/iu, most: true },
  // "какой из них самый большой?": a screen or a capacity, whichever the cards state; not "больше подходит".
  { attribute: 'size', words: /\b(?:biggest|largest|bigger|larger|smallest|smaller)\b|(?<![а-яё])(?:больш(?:ой|ая|ое|ие|ий|ого|ую|им)|крупн|маленьк|компактн)/iu, most: true },
];

/** Words that turn a wanted highest value into the lowest ("the least storage", "меньше памяти"). */
const LEAST = /\b(?:least|smallest|lowest|fewest|less|smaller|minimum)\b|меньш|минимальн|маленьк|компактн/iu;

/** Units of each measured attribute, with their factor to the first. */
const UNITS: Readonly<Record<Exclude<Attribute, 'price'>, ReadonlyArray<readonly [string, number]>>> = {
  storage: [['gb', 1], ['tb', 1000], ['mb', 0.001]],
  ram: [['gb', 1], ['mb', 0.001]],
  load: [['kg', 1]],
  screen: [['in', 1], ['cm', 1 / 2.54]],
  battery: [['mah', 1]],
  runtime: [['h', 1]],
  weight: [['kg', 1]],
  power: [['w', 1], ['kw', 1000]],
  volume: [['l', 1], ['ml', 0.001], ['qt', 0.946], ['gal', 3.785], ['cuft', 28.317]],
  noise: [['db', 1]],
  length: [['m', 1], ['cm', 0.01], ['mm', 0.001], ['ft', 0.3048]],
  width: [['cm', 1], ['mm', 0.1], ['m', 100], ['in', 2.54]],
  area: [['sqm', 1], ['sqft', 0.0929]],
  camera: [['mp', 1]],
};

/** The superlative a message asks of the shown products, or null when it asks no such thing. */
export function superlativeAsked(text: string, index: Pick<CatalogIndex, 'productWord'>): Superlative | null {
  if (text.length > MAX_QUESTION_CHARS) {
    return null;
  }
  const t = text.trim();
  if (!WHICH_EN.test(t) && !WHICH_RU.test(t) && !PRICE_OF_MOST.test(t) && !/\bof (?:them|these|those)\b|из (?:них|этих)/iu.test(t)) {
    return null;
  }
  for (const a of ATTRIBUTES) {
    if (a.words.test(t)) {
      // "какой самый мощный пылесос?", "which is the cheapest laptop?" name a product: a new
      // search, not a pick among the cards (a kind's head word, not "cheapest laptop", is what is named).
      const named = index.productWord(t);
      if (named !== null && named.known && !(a.noun ?? a.words).test(named.kind ? named.head : named.word)) {
        return null;
      }
      return { attribute: a.attribute, most: a.attribute === 'price' || a.attribute === 'weight' || a.attribute === 'noise' || a.attribute === 'width' ? a.most : !LEAST.test(t) };
    }
  }
  return null;
}

/**
 * "какой самый надёжный?", "what's the most popular?", "which one is the comfiest?": the one
 * quality a question asks the shown cards to be ranked by, when it is no measure the cards are
 * compared by (`superlativeAsked` comes first) — answered from what the cards say of it, never
 * searched for ("надёжный" is nothing the shop sells). One word after "самый"/"the most" or one
 * word in "-est": "какой самый мощный пылесос?" names a product and is a new search. `best` is
 * the plain "which is best" ("какой самый лучший?"), a choice with no topic of its own.
 */
export function unmeasuredSuperlative(text: string): { best: boolean } | null {
  if (text.length > MAX_QUESTION_CHARS) {
    return null;
  }
  const t = text.trim();
  const m = SUPERLATIVE_RU.exec(t) ?? SUPERLATIVE_EN.exec(t);
  const word = m?.[1] ?? m?.[2];
  if (word === undefined) {
    return null;
  }
  return { best: /^(?:лучш\p{L}*|best)$/iu.test(word) };
}
const SUPERLATIVE_RU =
  /^(?:а |и |так |ну )?(?:какой|какая|какое|какие|который|которая|которое|которые)\s+(?:из (?:них|этих)\s+)?(?:самый|самая|самое|самые)\s+(\p{L}+)(?:\s+из (?:них|этих))?\s*[?!.]*$/iu;
const SUPERLATIVE_EN =
  /^(?:and |so |ok,? )?(?:which|what)(?:['’]s| is| one is| ones are| are| of (?:them|these|those) is)\s+(?:the\s+)?(?:(\p{L}+est)|most\s+(\p{L}+))(?:\s+(?:one|ones|of (?:them|these|those)))?\s*[?!.]*$/iu;

/** What each asked attribute may be stated as, in the order preferred. */
const STATED_AS: ReadonlyMap<Attribute | 'size', readonly Attribute[]> = new Map<Attribute | 'size', readonly Attribute[]>([
  // Phones state a battery in mAh, headphones in hours of work.
  ['battery', ['battery', 'runtime']],
  // A size is a screen or a capacity: litres, gigabytes of a flash drive, milliamp-hours of a power bank.
  ['size', ['screen', 'volume', 'storage', 'battery']],
  // A capacity is litres of a fridge, gigabytes of a flash drive, milliamp-hours of a power bank,
  // kilograms of washing a washing machine's name states ("какая из них самая вместительная?").
  ['volume', ['volume', 'storage', 'battery', 'load']],
]);

/**
 * The attribute these products are compared by for what was asked, with each product's value
 * of it: the first of its forms at least half of them state, else the one most of them state (a
 * battery in mAh or in hours; a size as a screen or a capacity); null when none states any.
 */
export function stated(products: readonly CatalogProduct[], asked: Attribute | 'size'): { attribute: Attribute; values: Array<number | undefined> } | null {
  let best: { attribute: Attribute; values: Array<number | undefined> } | null = null;
  let count = 0;
  for (const attribute of STATED_AS.get(asked) ?? [asked as Attribute]) {
    const values = products.map((p) => measuredValue(p, attribute));
    const n = values.filter((v) => v !== undefined).length;
    // The first form half of them state wins: a phone's size is its screen, though every name states its storage.
    if (n > 0 && n * 2 >= products.length) {
      return { attribute, values };
    }
    // Of forms stated as often, the one the first card states: the power bank's capacity, not the
    // 7.9-inch cable beside it read as a screen ("the biggest one?" said "The biggest screen first").
    if (n > count || (n > 0 && n === count && values[0] !== undefined && best?.values[0] === undefined)) {
      best = { attribute, values };
      count = n;
    }
  }
  return best;
}

/**
 * Items with their values, those stating one first, the most (or the least) first, then those
 * stating none; ties, and each group, in the items' order.
 */
export function mostFirst<T>(items: readonly T[], values: ReadonlyArray<number | undefined>, most: boolean): Array<{ item: T; value: number | undefined }> {
  const valued = items.map((item, i) => ({ item, value: values[i] }));
  const known = valued.filter((x) => x.value !== undefined).sort((a, b) => (most ? (b.value as number) - (a.value as number) : (a.value as number) - (b.value as number)));
  return [...known, ...valued.filter((x) => x.value === undefined)];
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
  if (attribute === 'ram') {
    return ramOf(p);
  }
  if (attribute === 'load') {
    // The "7 кг" of a washing machine's name: its load, which no parameter of weight is.
    return largestMeasure(p.name, 'load');
  }
  const keyed = KEYED[attribute];
  const storage = attribute === 'storage';
  const free = largestMeasure(storage ? cardText(p, (k) => !MEMORY_CARD_KEY.test(k)) : cardText(p), attribute, keyed?.units);
  const named = keyed ? largestMeasure(Object.entries(p.params).slice(0, MAX_PARAMS_READ).filter(([k]) => keyed.key.test(k)).map(([, v]) => v).join(' , '), attribute) : undefined;
  const card = free === undefined ? named : named === undefined ? free : Math.max(free, named);
  if (card !== undefined || !p.description) {
    return card;
  }
  const description = p.description.slice(0, MAX_CARD_CHARS);
  return largestMeasure(storage ? description.replace(ADDED_STORAGE, ' ') : description, attribute, keyed?.units);
}

/** A parameter of the memory cards a device takes ("Поддержка карт памяти: до 256 ГБ", "Max microSD card size"), not its own storage. */
const MEMORY_CARD_KEY = /карт|card|micro\s?sd|expan|расшир/iu;
/**
 * Storage a description says can be added ("up to 200GB with a microSD card", "an extra 64GB of
 * storage via microSD", "карты памяти до 128 ГБ"), not what the device has: Best Buy's Dash J,
 * with 512 MB, came first for "with more storage".
 */
const ADDED_STORAGE = /\b(?:up to|extra|additional|another)\s+\d+(?:[.,]\d+)?\s?(?:gb|tb)\b|(?:micro\s?sd\p{L}*|карт\p{L}* памяти)[^.]{0,40}?\bдо\s+\d+(?:[.,]\d+)?\s?(?:гб|тб|gb|tb)(?!\p{L})/giu;

/**
 * Units that measure an attribute only in a parameter named for it: "Высота: 203 см" is no
 * screen, and the "7 кг" of a washing machine's name its load, not its weight.
 */
const KEYED: Partial<Record<Attribute, { units: ReadonlySet<string>; key: RegExp }>> = {
  screen: { units: new Set(['cm']), key: /диагонал|экран|дисплей|screen|display/iu },
  weight: { units: new Set(['kg']), key: /вес|масса|weight/iu },
  // A width only from a parameter named for it: the "60 см" of a name may be any of three sides.
  width: { units: new Set(['cm', 'mm', 'm', 'in']), key: /ширин|width/iu },
};

/** A parameter naming working memory: "Оперативная память", "RAM", "Memory" (of a computer's card), Icecat's "internal_memory". */
const RAM_KEY = /оперативн|(?<![а-яё])озу(?![а-яё])|\bram\b|^(?:system )?memory$|^internal[_ ]memory$/iu;
/**
 * Whether a parameter's name names working memory, remembered per name: a shop uses a few
 * hundred names over all its cards, and a laptop's card has up to a hundred (the test read
 * each one afresh, a third of answering "laptop 16gb ram"). Names come from the shop's feed:
 * a `Map`, capped; past the cap a name is tested without being remembered.
 */
const ramKeys = new Map<string, boolean>();
const MAX_RAM_KEYS = 4096;

function namesRam(key: string): boolean {
  let known = ramKeys.get(key);
  if (known === undefined) {
    known = RAM_KEY.test(key);
    if (ramKeys.size < MAX_RAM_KEYS) {
      ramKeys.set(key, known);
    }
  }
  return known;
}

/** Words after a figure in a name that say it is working memory: "16 GB DDR4-SDRAM", "8GB RAM", "8 ГБ ОЗУ". */
const GB_FIGURE = /^(\d{1,4}(?:\.\d+)?)(gb|mb|гб|мб)$/u;
const RAM_AFTER = /^(?:ram|sdram|ddr\d?\w*|lpddr\d?\w*|озу|оперативн\p{L}*)$/iu;

/**
 * The working memory a card states in GB: a parameter named for it ("8 ГБ"; a bare figure
 * is in GB, as Icecat gives it), else a figure the name follows with "RAM", "DDR4" or "ОЗУ".
 * The largest figure of a laptop's name is its disk, so the other measures are not read.
 */
export function ramOf(p: CatalogProduct): number | undefined {
  let best: number | undefined;
  const keys = Object.keys(p.params);
  for (let i = 0; i < keys.length && i < MAX_PARAMS_READ; i++) {
    const k = keys[i] as string;
    if (namesRam(k)) {
      const v = p.params[k] as string;
      const figure = /^\s*(\d{1,5}(?:[.,]\d+)?)\s*$/u.exec(v);
      const value = figure ? Number((figure[1] as string).replace(',', '.')) : largestMeasure(v, 'ram');
      if (value !== undefined && value > 0 && value <= 4096) {
        best = best === undefined ? value : Math.max(best, value);
      }
    }
  }
  if (best !== undefined) {
    return best;
  }
  const words = tokenize(spellMarks(p.name.slice(0, MAX_CARD_CHARS)));
  for (let i = 0; i + 1 < words.length; i++) {
    // "16 gb ddr4" or "8gb ram".
    const glued = GB_FIGURE.exec(words[i] as string);
    const figure = glued ?? GB_FIGURE.exec(`${words[i]}${words[i + 1]}`);
    const after = words[i + (glued ? 1 : 2)];
    if (figure && after !== undefined && RAM_AFTER.test(after)) {
      const value = Number(figure[1]) * (/^[mм]/u.test(figure[2] as string) ? 0.001 : 1);
      best = Math.max(best ?? 0, value);
    }
  }
  return best;
}

/** A card's name and parameters (those `keep` keeps), the text its measures are read from. */
function cardText(p: CatalogProduct, keep: (key: string) => boolean = () => true): string {
  const params = Object.entries(p.params)
    .slice(0, MAX_PARAMS_READ)
    .filter(([k]) => keep(k))
    .map(([k, v]) => `${k} ${v}`);
  return [p.name, ...params].join(' , ');
}

/** The measures a text states ("200 мл", "55\"", "2.5 kg"), read to MAX_CARD_CHARS. */
function statedMeasures(text: string): Array<{ value: number; unit: string }> {
  return measuresOf(tokenize(spellMarks(text.slice(0, MAX_CARD_CHARS).replace(N_IN_ONE, ' '))));
}

/** "6-in-1", "3 in 1": how many things an item does, never inches. */
const N_IN_ONE = /\d+\s*-?\s*in\s*-?\s*1(?!\d)/giu;

/** The measures a card's name and parameters state, to compare with what was asked. */
export function cardMeasures(p: CatalogProduct): Array<{ value: number; unit: string }> {
  return statedMeasures(cardText(p));
}

/**
 * Hours of work on a charge ("30 hours of listening", "30-hour battery", "до 50 часов работы"):
 * read here only, since "часов" is also the watches of "ремешок для часов".
 */
const HOURS = /(?<![\p{L}\p{N}.,])(\d{1,3}(?:[.,]\d)?)(?:\s*-\s*|\s+)(?:hours?|hrs?|час(?:а|ов)?)(?!\p{L})/giu;

function statedHours(text: string): Array<{ value: number; unit: string }> {
  return [...text.slice(0, MAX_CARD_CHARS).matchAll(HOURS)].map((m) => ({ value: Number((m[1] as string).replace(',', '.')), unit: 'h' }));
}

/** The largest measure of the attribute's units (but `except`) a text states. */
function largestMeasure(text: string, attribute: Exclude<Attribute, 'price'>, except?: ReadonlySet<string>): number | undefined {
  const units = new Map(UNITS[attribute]);
  let best: number | undefined;
  for (const m of attribute === 'runtime' ? statedHours(text) : statedMeasures(text)) {
    const factor = units.get(m.unit);
    if (factor !== undefined && !except?.has(m.unit)) {
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
  const read = stated(shown, asked.attribute);
  const valued = mostFirst(shown, read?.values ?? [], asked.most);
  const ordered = valued.map((x) => x.item);
  const known = valued.filter((x): x is { item: CatalogProduct; value: number } => x.value !== undefined);
  let message: string;
  const best = known[0];
  if (best === undefined || read === null) {
    message = t.superlativeUnknown(asked.attribute);
  } else if (known.length > 1 && known.every((x) => x.value === best.value)) {
    message = t.superlativeSame(read.attribute, formatValue(best.value, read.attribute, turn, currency), known.length === shown.length);
  } else {
    message = t.superlativeBest(read.attribute, asked.most, shortName(best.item), formatValue(best.value, read.attribute, turn, currency));
  }
  const state: EngineState = { ...prev, shown: ordered.map((p) => p.sku) };
  return result(turn, { message, shelf: { products: ordered, title: t.titleShown, shelfId: 'aisle-shown', sourceQuery: turn.text } }, state);
}
