/**
 * Follow-ups that change the previous search instead of starting a new one: "а
 * подешевле?", "cheaper", "другого бренда", "only Samsung", "а есть чёрный?", "до 5000",
 * "в наличии". The engine runs both the refined and a fresh search when in doubt and
 * keeps the one that matches.
 */
import { MAX_EXCLUDED_PHRASES } from '../../catalog/search/excluded-words.ts';
import type { SearchFilters } from '../../catalog/search/filters.ts';
import type { CatalogIndex, DetailedQuery } from '../../catalog/search/types.ts';
import type { CatalogProduct } from '../../catalog/product.ts';
import type { SearchRequest } from '../../catalog/search/relax.ts';
import { isWishFiller, saysBig, saysSmall } from './measure-wish.ts';
import { isUnitWord, measuresOf, mergeMeasures, parseMeasure, parseMeasureBound, spellMarks, SUN_PRODUCT_WORDS } from '../../catalog/search/measures.ts';
import { COMPATIBILITY_WORDS, compatibilityAsFor, nameBeforePurpose, STOP_WORDS, WITH_WORDS } from '../../catalog/search/stopwords.ts';
import { hasAdjectiveEnding, hasDigit, isCyrillic, tokenize } from '../../catalog/search/tokenize.ts';
import { analyseQuery, isModelSuffix } from '../../catalog/search/expansion.ts';
import { isModifierPhrase, isModifierWord, namesProductKind, qualityOf, synonymsOf } from '../../catalog/search/synonyms.ts';
import { stem } from '../../catalog/search/stem.ts';
import type { EngineState } from '../engine-state.ts';
import { SHELF_SIZE } from './turn.ts';
import { formatMeasure } from './texts.ts';
import { asksWhetherItHas, namesPeople } from './intents.ts';
import { asWrittenIn, COLOUR_NOUN, LABEL_CONNECTORS, PURPOSE_CONNECTORS, tableWordOf } from './labels.ts';

/** How the follow-up changes the price side, so the answer can say so. */
export type PriceMove = 'cheaper' | 'pricier' | null;

export interface Refinement {
  request: SearchRequest;
  /** The words describing the refined search, in the buyer's order. */
  label: string[];
  move: PriceMove;
  /** The buyer asked for another brand than the one(s) shown. */
  otherBrand: boolean;
  /**
   * The same with the last search's own words other than its product word left out, for when
   * nothing matches them together with the new ones ("with 16gb ram?" after "laptop for a
   * student under 800": laptops with 16 GB under $800); the words left out, as the buyer wrote them
   * (`dropped`: the title's words that go, empty when the title said none of them).
   */
  olderDropped?: () => { request: SearchRequest; label: string[]; dropped: string[] } | undefined;
  /** A figure said alone took the place of the last search's size ("а 16?" after "ddr4 8гб"): the new size, as said. */
  resizedTo?: string;
  /** The words the follow-up added to the label ("с длинным изливом" of «а с длинным изливом?»). */
  added: string[];
}

const MAX_FOLLOW_UP_WORDS = 7;

/** English endings of qualities ("cordless", "waterproof", "foldable", "rechargeable", "magnetic"). */
const EN_QUALITY_ENDING = /^[a-z]{2,}(?:less|proof|able|ible|ic)$/u;
/** Comparatives and words standing for the item, which never go before the noun ("thinner", a quality of the synonym table, does: "Thinner laptop"). */
const NOT_BEFORE_NOUN: ReadonlySet<string> = new Set(['one', 'ones', 'version', 'music', 'smaller', 'bigger', 'larger', 'lighter', 'newer', 'quieter', 'louder', 'heavier', 'wider', 'narrower', 'faster', 'stronger', 'duty']);

/** Whether an English word a follow-up adds is a quality said before a noun ("cordless", "black", "wireless"). */
function isEnglishQuality(word: string): boolean {
  const w = word.toLowerCase();
  return /^[a-z0-9-]*[a-z][a-z0-9-]*$/u.test(w) && !NOT_BEFORE_NOUN.has(w) && !namesProductKind(w) && (EN_MODIFIERS.has(w) || isModifierWord(w) || EN_QUALITY_ENDING.test(w));
}

// A Russian adjective alone ("а есть белые?", "беспроводной") describes the previous
// search, it does not start a new one.
const EN_MODIFIERS = new Set([
  'black', 'white', 'grey', 'gray', 'silver', 'blue', 'red', 'green', 'pink', 'yellow', 'purple', 'gold', 'beige',
  'brown', 'orange', 'wireless', 'small', 'smaller', 'big', 'bigger', 'large', 'larger', 'mini', 'compact', 'portable',
  'light', 'lighter', 'quiet', 'powerful', 'new', 'newer', 'waterproof', 'gaming', 'smart', 'one', 'ones', 'version',
  'glossy', 'gloss', 'matte', 'matt', 'satin', 'shiny', 'heavy', 'duty',
  // Comparatives: "a quieter one?" after a kind not sold asks for that kind again.
  'quieter', 'louder', 'heavier', 'thinner', 'wider', 'narrower', 'faster', 'stronger',
]);
/** Russian comparatives of qualities ("а потише?", "а пошире?"); not "уже", which is also "already". */
const RU_COMPARATIVES: ReadonlySet<string> = new Set([
  'потише', 'тише', 'полегче', 'легче', 'помощнее', 'мощнее', 'пошире', 'шире', 'поуже', 'потоньше', 'тоньше', 'побыстрее', 'быстрее', 'потяжелее', 'тяжелее',
]);

/** "а подлиннее?" after cables and hoses: a length, compared in units of length only. */
const LONGER_WORDS = ['подлиннее', 'длиннее', 'longer'];
const SHORTER_WORDS = ['покороче', 'короче', 'shorter'];
const LENGTH_WORDS: ReadonlySet<string> = new Set([...LONGER_WORDS, ...SHORTER_WORDS]);

/** "а побольше?", "bigger?": a size relative to what was shown. */
const BIGGER = new Set(['побольше', 'больше', 'покрупнее', 'крупнее', 'bigger', 'larger', ...LONGER_WORDS]);
const SMALLER = new Set(['поменьше', 'меньше', 'помельче', 'smaller', ...SHORTER_WORDS]);
/** What a size word may say is bigger or smaller ("а с диагональю поменьше?", "a bigger screen?"): no search word. */
const SIZE_NOUN = /^(?:диагонал|размер|экран|объ[её]м|screen|size|diagonal|display|capacity)\p{L}{0,3}$/u;

/**
 * The words of a size follow-up left to search: without the size word, the size noun it is
 * said of and the "с"/"with" before that noun ("а с диагональю поменьше?" searches nothing more).
 */
function besidesSize(words: readonly string[]): string[] {
  const sizeNoun = (w: string | undefined): boolean => w !== undefined && SIZE_NOUN.test(w);
  const sizeWord = (w: string | undefined): boolean => w !== undefined && (BIGGER.has(w) || SMALLER.has(w));
  // "с диагональю поменьше", "with a bigger screen" ("a" left out before).
  const beforeSize = (i: number): boolean => sizeNoun(words[i + 1]) || (sizeWord(words[i + 1]) && sizeNoun(words[i + 2]));
  return words.filter((w, i) => !sizeWord(w) && !sizeNoun(w) && !((WITH_WORDS.has(w) || w === 'a') && beforeSize(i)));
}

/**
 * Whether every word only qualifies what was asked before (a colour, an adjective, a
 * size): such a follow-up refines the previous search even if nothing matches it, and
 * the answer says so instead of jumping to another kind of product.
 */
export function onlyModifiers(text: string): boolean {
  const said = tokenize(text);
  // So is a size noun a size word is said of ("с диагональю поменьше").
  const words = said.some((w) => BIGGER.has(w) || SMALLER.has(w)) ? besidesSize(said) : said;
  if (words.length === 0 && said.length > 0) {
    return true;
  }
  // A measure's unit is a quality too ("а 50 см есть?"), as "цвета" of a colour is ("а белого цвета есть?").
  return words.length > 0 && words.every((w) => /\d/.test(w) || isUnitWord(w) || COLOUR_NOUN.test(w) || EN_MODIFIERS.has(w) || RU_COMPARATIVES.has(w) || BIGGER.has(w) || SMALLER.has(w) || (/^[а-я]+$/.test(w) && hasAdjectiveEnding(w)));
}

/**
 * Whether a short follow-up names a kind of product of its own, other than the one searched
 * ("ремешок для fenix 7" after watches): a new request, answered as one, not the last search with
 * its words added. What the item comes with ("а с AMOLED экраном?", "with 16gb ram") and
 * qualities alone refine. The kind must be one the shop sells or one of the synonym table
 ("гибкая подводка" after toilets is a new request): a noun naming no kind ("а хром?") refines.
 */
export function namesAnotherKind(message: string, parsed: DetailedQuery, prev: EngineState, index: Pick<CatalogIndex, 'productWord' | 'bySku'>): boolean {
  // "а сапфировое стекло есть?" after watches: a material of theirs, not screen protectors.
  if (parsed.text === '' || onlyModifiers(parsed.text) || leadingWithWord(message) !== undefined || leadingRelativeWord(message) !== undefined || isModifierPhrase(parsed.text.toLowerCase()) || asksWhetherItHas(message)) {
    return false;
  }
  // "a glass one?" after kettles: "one" is the kind shown, "glass" what it is made of (not screen protectors).
  if (endsWithOne(message)) {
    return false;
  }
  // A standard's version ("usb 3.0?" after external drives, "bluetooth 5.3") is a feature of the kind shown.
  if (VERSIONED.test(parsed.text.trim())) {
    return false;
  }
  // A kind of product, not a model's word ("а ультра?") or one of a product's own ("qwerty").
  const kind = index.productWord(parsed.text);
  if (!kind?.kind) {
    return false;
  }
  const before = new Set([...prev.label, prev.text, ...prev.categoryWords].flatMap((w) => tokenize(w)).map(stem));
  if (before.has(stem(kind.head))) {
    return false;
  }
  // A maker's name that ends names in a feed without brands ("USB Flash 64Gb Kingston …" among the
  // flash drives shown: "а kingston есть?" asks for Kingston flash drives, not Kingston memory).
  return !(isLatinName(kind.head) && prev.shown.slice(0, SHOWN_NAMES_READ).some((sku) => tokenize(index.bySku(sku)?.name.slice(0, MAX_NAME_CHARS) ?? '').includes(kind.head)));
}

/**
 * A word and a version number: "usb 3.0", "bluetooth 5.3", "hdmi 2.1"; or a connector ("usb-c?"
 * after USB hubs: it searched USB-C cables and converters).
 */
const VERSIONED = /^(?:[a-z]+\s*\d+(?:\.\d+)+|(?:usb|type)[\s-]?c|usb[\s-]?a|micro[\s-]?usb|lightning|thunderbolt(?:\s*\d)?)$/u;

/** Whether the message ends with "one" or "ones" standing for the kind shown ("a glass one?", "any red ones?"). */
function endsWithOne(message: string): boolean {
  const words = tokenize(message);
  const last = words[words.length - 1];
  return words.length >= 2 && words.length <= MAX_FOLLOW_UP_WORDS && (last === 'one' || last === 'ones');
}

/** Shown cards whose names are read for a maker's name. */
const SHOWN_NAMES_READ = 12;
/** Characters of a name read for it. */
const MAX_NAME_CHARS = 200;

/** A Latin word the synonym table does not know as a kind of product: a maker's or a line's name. */
function isLatinName(word: string): boolean {
  return /^[a-z]+$/u.test(word) && !namesProductKind(word);
}

/**
 * After an answer that showed nothing, a message of qualities alone ("а чугунная?" after "ванна
 * акриловая": not sold here) or of what the item comes with ("с морозилкой снизу" after
 * "холодильник") asks for the same kind with them: the kind's word and the new
 * words, to be searched anew; null when the message is not such a follow-up or the last search
 * named no kind.
 */
export function qualityOfUnsold(message: string, parsed: DetailedQuery, prev: EngineState): string | null {
  // "с морозилкой снизу" after "холодильник": what the item comes with qualifies it as much as an adjective.
  // So does a Russian adjective the synonym table does not know ("а прогулочная?" after "коляска … не продаётся").
  const withWord = leadingWithWord(message);
  const qualifies = onlyModifiers(parsed.text) || withWord !== undefined || onlyRussianAdjectives(parsed.text);
  if (prev.text === '' || parsed.text === '' || parsed.categoryWords.length > 0 || !qualifies || !looksLikeFollowUp(message, parsed, false)) {
    return null;
  }
  // The kind the answer said is not sold is its label ("ванна" of "ванна акриловая 170х70");
  // an answer that found nothing it could name has none.
  if (prev.label.length === 0) {
    return null;
  }
  // An English noun comes last ("quieter shredder": "shredder quieter" would ask for something quiet);
  // what it comes with follows it with its own word ("ванна с гидромассажем", "refrigerator with ice maker").
  const label = prev.label.join(' ');
  if (withWord !== undefined) {
    return `${label} ${withWord} ${parsed.text}`;
  }
  return isCyrillic(label) ? `${label} ${parsed.text}` : `${parsed.text} ${label}`;
}

/** Whether the words are Russian adjectives alone, a few of them ("прогулочная", "складная лёгкая"). */
function onlyRussianAdjectives(text: string): boolean {
  const words = tokenize(text);
  return words.length > 0 && words.length <= MAX_FOLLOW_UP_WORDS && words.every((w) => isCyrillic(w) && hasAdjectiveEnding(w));
}

/** A follow-up naming a budget is short: read from its first characters only. */
const MAX_SCALE_CHARS = 200;
/** How far a bound read in thousands may lie from the budget before it (either way) to be taken so. */
const SCALE_SPAN = 5;
/** A currency or money word said with a figure: the figure is as said. */
const MONEY_SAID = /[₽$€₸]|руб|\bр\.|тенге|\bтг\b|коп|dollar|bucks|euro|usd|eur|\d\s*(?:к|k|тыс|thousand)/iu;

/**
 * "а если до 40?", "а до 50?" after «смартфон до 30000»: a bound said without its thousands after
 * a budget in thousands is in thousands too (it was read as 40 ₽: «До 40 ₽ ничего не нашлось»,
 * and accessories came cheapest first). Only when the figure in thousands lies near the budget
 * before it (within SCALE_SPAN times) and no money word is said with it.
 */
export function inBudgetScale(parsed: DetailedQuery, prev: EngineState | null, message: string): DetailedQuery {
  const before = prev?.filters.priceMax ?? prev?.filters.priceMin;
  const { priceMin, priceMax } = parsed.filters;
  if (before === undefined || before < 1000 || (priceMin === undefined && priceMax === undefined) || MONEY_SAID.test(message.slice(0, MAX_SCALE_CHARS))) {
    return parsed;
  }
  const scalable = (b: number | undefined) => b === undefined || (b >= 1 && b < 1000 && b * 1000 >= before / SCALE_SPAN && b * 1000 <= before * SCALE_SPAN);
  if (!scalable(priceMin) || !scalable(priceMax)) {
    return parsed;
  }
  const filters = { ...parsed.filters };
  if (priceMin !== undefined) {
    filters.priceMin = priceMin * 1000;
  }
  if (priceMax !== undefined) {
    filters.priceMax = priceMax * 1000;
  }
  return { ...parsed, filters };
}

/**
 * "а электрический?" after towel warmers: a message of Russian adjectives alone that named a
 * category ("Водонагреватели электрические") describes what was just shown, so it refines that
 * search as its words instead of listing the category (water heaters titled "Электрический").
 */
export function describingCategory(parsed: DetailedQuery, prev: EngineState | null, message = ''): DetailedQuery {
  if (!prev || prev.kind !== 'search' || prev.shown.length === 0 || parsed.categoryWords.length === 0) {
    return parsed;
  }
  // So do words naming only the categories the shown cards were searched in ("is it tempered
  // glass?" after screen protectors, "glass" naming "Screen Protectors"): listed anew, the
  // category lost the phone the protectors were for.
  const prevCategories = prev.filters.categories ?? [];
  const asked = parsed.filters.categories ?? [];
  if (asked.length > 0 && prevCategories.length > 0 && asked.every((c) => prevCategories.includes(c)) && parsed.textWithCategory !== undefined) {
    const said = tokenize(parsed.textWithCategory);
    if (said.length > 0 && said.length <= MAX_FOLLOW_UP_WORDS) {
      const filters = { ...parsed.filters };
      delete filters.categories;
      return { ...parsed, text: said.join(' '), categoryWords: [], filters };
    }
  }
  const words = [...parsed.categoryWords, ...tokenize(parsed.text)];
  // So does a word said of "one" ("a glass one?" after kettles, where "glass" names screen protectors).
  if (words.length > MAX_FOLLOW_UP_WORDS || !(words.every((w) => isCyrillic(w) && hasAdjectiveEnding(w)) || endsWithOne(message))) {
    return parsed;
  }
  const filters = { ...parsed.filters };
  delete filters.categories;
  return { ...parsed, text: words.join(' '), categoryWords: [], filters };
}

/** "для него", "for it": what the item is for is what was just shown. */
const FOR_SHOWN = /(^|\s)(для|for)\s+(?:него|нее|неё|них|этого|этой|этих|it|them|this|that|these|those)(?=$|[\s?!.,])/iu;
/** Such a request is short: read from the first characters only. */
const MAX_FOR_SHOWN_CHARS = 80;

/**
 * "чехол для него" after iPhones, "case for it" after a Galaxy S7: the message with the
 * pronoun replaced by what was searched ("чехол для iPhone 15"), to be searched anew; null
 * when the message says no such thing or names no item before the pronoun. A Russian
 * product word is left out when the search said more (a brand, a model): "для Samsung", not
 * "для смартфон Samsung".
 */
export function forWhatWasShown(message: string, label: readonly string[], index: Pick<CatalogIndex, 'productWord'>): string | null {
  if (message.length > MAX_FOR_SHOWN_CHARS || label.length === 0) {
    return null;
  }
  const m = FOR_SHOWN.exec(message);
  if (!m || !tokenize(message.slice(0, m.index)).some((w) => !STOP_WORDS.has(w))) {
    return null;
  }
  const product = new Set(index.productWord(label.join(' '))?.word.split(' ') ?? []);
  const dropped = (w: string) => product.has(w.toLowerCase()) && isCyrillic(w);
  const rest = label.filter((w) => !dropped(w));
  // With only a number left ("айфон 15"), the word names the line: in its Latin name ("для iphone 15").
  const line = rest.length > 0 && rest.every(hasDigit) ? label.map((w) => (dropped(w) ? (latinName(w.toLowerCase()) ?? w) : w)) : null;
  const target = (line ?? (rest.length > 0 ? rest : label)).join(' ');
  return `${message.slice(0, m.index)}${m[1]}${m[2]} ${target}${message.slice(m.index + m[0].length)}`;
}

/**
 * What a short follow-up says after a connecting word ("amd" of "а есть на amd?", "ryzen" of "any
 * with ryzen?", "из нержавейки" of "а из нержавейки?", its "из" kept): what the buyer wants the
 * items shown to have; null when it says nothing so.
 */
export function saidAfterConnector(message: string): string | null {
  if (message.length > MAX_FOR_SHOWN_CHARS) {
    return null;
  }
  const m = AFTER_CONNECTOR.exec(message.trim());
  const words = m ? (m[2] as string).split(/\s+/u).filter((w) => w !== '' && !ASKING_FILLER.has(w.toLowerCase())) : [];
  const lower = words.map((w) => w.toLowerCase());
  // What it is made of is said with "из" ("из нержавейки", "из дерева"), and said back with it.
  if (m?.[1]?.toLowerCase() === 'из') {
    return lower.length > 0 && lower.every((w) => GENITIVE.test(w) || hasAdjectiveEnding(w)) ? `из ${words.join(' ')}` : null;
  }
  // Said back only when it reads as a name or a real word: a Latin name ("amd", "ryzen") or a
  // Russian word in the form "с" gives it ("ледогенератором"); garbage ("а с ыврапр?") never.
  return words.length > 0 && (words.every((w) => LATIN_NAME.test(w)) || featureWords(lower) || STANDARDS.has(lower.join(' '))) ? words.join(' ') : null;
}
const LATIN_NAME = /^[a-z][a-z0-9+-]{1,19}$/iu;

/**
 * A short follow-up that is a technical standard or feature alone ("nvme" of "а nvme есть?" after
 * SSDs, "hdr?" after monitors): what the buyer wants the items shown to have, said back as such
 * when the catalogue never names it; null for any other word (one the catalogue does not know
 * may be a typo or garbage, "qwzx plorb", and is never said back).
 */
export function standardAlone(message: string): string | null {
  if (message.length > MAX_FOR_SHOWN_CHARS) {
    return null;
  }
  const words = message
    .trim()
    .replace(/[?!.…]+$/u, '')
    .split(/\s+/u)
    .filter((w) => w !== '' && !ASKING_FILLER.has(w.toLowerCase()) && !LEADING_FILLER.has(w.toLowerCase()));
  const said = words.join(' ');
  return words.length >= 1 && words.length <= 3 && STANDARDS.has(said.toLowerCase()) ? said : null;
}

/** Standards and features electronics are sold by, as buyers type them. */
const STANDARDS: ReadonlySet<string> = new Set([
  'nvme', 'pcie', 'sata', 'm.2', 'hdmi', 'displayport', 'dp', 'usb-c', 'type-c', 'thunderbolt', 'ddr3', 'ddr4', 'ddr5',
  'ips', 'va', 'oled', 'amoled', 'qled', 'hdr', 'hdr10', 'dolby', 'atmos', 'wifi', 'wi-fi', 'bluetooth', 'nfc', 'gps',
  'lte', '4g', '5g', 'esim', 'anc', 'ldac', 'aptx', 'qi', 'magsafe', 'poe', 'raid', 'ssd', 'hdd',
  // Appliances and watches: "а no frost?" after refrigerators, "а экг?" after watches.
  'no frost', 'nofrost', 'total no frost', 'full no frost', 'ноу фрост', 'ноуфрост', 'smart tv', 'смарт тв', 'ecg', 'экг',
]);

/** A Russian noun in the form "из" gives it ("нержавейки", "дерева", "ротанга"). */
const GENITIVE = /^[а-яё]{3,}(?:а|я|и|ы)$/u;
// "does it have a backlit keyboard?": what it should have, as "with" says it.
const AFTER_CONNECTOR = /(?:^|[\s,])(с|со|на|под|из|with|on|for|(?:does|do) (?:it|they) have(?: an?| the)?)\s+([\p{L}\p{N}][\p{L}\p{N} -]{0,40}?)\s*[?!.…]*$/iu;
/** Words that only ask ("есть", "please"): not what the buyer wants the item to have. */
const ASKING_FILLER: ReadonlySet<string> = new Set(['есть', 'ли', 'тоже', 'также', 'бывает', 'имеется', 'найдётся', 'найдется', 'пожалуйста', 'please', 'too', 'also', 'available', 'maybe', 'a', 'an', 'the']);

/**
 * A follow-up naming another kind of item with no target of its own ("а стекло?" after "чехол
 * для iphone 15", "and a screen protector?" after "case for galaxy s7"), with the last search's
 * target added ("а стекло для iphone 15"); null when the last search named none, or the
 * message names its own (a "для"/"for", a figure, a brand). The caller searches it only when
 * products of the new kind fit that target.
 */
export function withLastTarget(message: string, parsed: DetailedQuery, prev: EngineState): string | null {
  if (message.length > MAX_FOR_SHOWN_CHARS || parsed.brandWords.length > 0) {
    return null;
  }
  const own = tokenize(message);
  if (own.some((w) => COMPATIBILITY_WORDS.has(w) || hasDigit(w))) {
    return null;
  }
  // As the title said it ("Чехол для iPhone 15"): the search text lost "для" to the category filter.
  for (const said of [prev.label.join(' '), [...prev.categoryWords, prev.text].join(' ')]) {
    const last = tokenize(said);
    const at = last.findIndex((w, i) => i > 0 && COMPATIBILITY_WORDS.has(w));
    if (at > 0 && at < last.length - 1) {
      return `${message.replace(/[?!.…\s]+$/u, '')} ${last.slice(at).join(' ')}`;
    }
  }
  // An English compound names its target before the kind ("iphone 6 case", "galaxy s7 case"): a
  // model's name and number, not a measure ("27 inch monitor").
  const { words, head } = analyseQuery(prev.label.join(' '));
  const before = words.slice(0, Math.max(0, head));
  if (before.length >= 2 && /^[a-z]{2,}$/u.test(before[0] as string) && before.some(hasDigit) && !before.some((w) => isUnitWord(w) || parseMeasure(w) !== null)) {
    return `${message.replace(/[?!.…\s]+$/u, '')} for ${before.join(' ')}`;
  }
  return null;
}

/** The one Latin word the synonym table has for a Russian word ("айфон" → "iphone"), or undefined. */
function latinName(word: string): string | undefined {
  const latin = synonymsOf(word).filter((s) => !isCyrillic(s));
  return latin.length === 1 ? latin[0] : undefined;
}

/**
 * A brand named now replaces the one named before, in its place: "Наушники JBL" after "наушники
 * sony" (was "Наушники Sony JBL"), "LG phone" after "Samsung phone".
 */
function withBrandReplaced(label: readonly string[], oldBrandWords: readonly string[], brands: readonly string[]): string[] {
  const old = new Set(oldBrandWords.flatMap((b) => tokenize(b)));
  const at = label.findIndex((w) => old.has(w.toLowerCase()));
  const kept = label.filter((w) => !old.has(w.toLowerCase()));
  if (at >= 0) {
    return [...kept.slice(0, at), ...brands, ...kept.slice(at)];
  }
  // English names the maker first ("Dell laptop", "OtterBox iPhone 7 case"); Russian after («Ноутбук Dell»).
  return kept.some(isCyrillic) ? [...kept, ...brands] : [...brands, ...kept];
}

/** A Russian noun in the instrumental case, as after "с" ("с ледогенератором", "с подсветкой", "с сушкой"). */
const INSTRUMENTAL = /^[а-яё]{3,}(?:ом|ем|ём|ой|ей|ёй|ами|ями|ью)$/u;

/**
 * Whether a follow-up says, in real words, what the item should come with ("а с ледогенератором?"
 * after refrigerators): each word after "с" in the instrumental case. Such a word the catalogue
 * does not have is a feature no product states, said so over the last search; any other unknown
 * word may be garbage and is never repeated back.
 */
export function asksWithFeature(message: string, words: readonly string[]): boolean {
  return leadingWithWord(message) === 'с' && featureWords(words);
}

/** Where on the item a feature is ("с морозилкой снизу"): a word of where, beside the feature's own. */
const PLACE_WORDS: ReadonlySet<string> = new Set(['снизу', 'сверху', 'сбоку', 'спереди', 'сзади', 'внизу', 'вверху', 'наверху']);

/** Whether words name a feature in real Russian words: nouns in the form "с" gives, adjectives, and where it is. */
function featureWords(words: readonly string[]): boolean {
  const said = words.filter((w) => !PLACE_WORDS.has(w));
  return said.length > 0 && said.every((w) => INSTRUMENTAL.test(w) || hasAdjectiveEnding(w));
}

/** Whether a follow-up opens by saying what the item comes with ("а с картами?", "with 16gb ram"). */
export function saysWhatItComesWith(message: string): boolean {
  return leadingWithWord(message) !== undefined;
}

/**
 * Words before "с"/"with" that leave it the first word of a follow-up ("а тоже с влажной уборкой?",
 * "а у вас есть с фильтром?", "do you have any with usb-c?"); "one" stands for the kind shown
 * ("one with ethernet" after USB hubs, "is there one with usb-c?").
 */
const LEADING_FILLER: ReadonlySet<string> = new Set([
  'а', 'и', 'and', 'тоже', 'также', 'also', 'too', 'у', 'вас', 'есть', 'еще', 'ещё',
  'one', 'ones', 'a', 'an', 'the', 'any', 'is', 'are', 'there', 'do', 'does', 'you', 'have', 'got',
]);

/**
 * The word a follow-up opens with when it says what the item comes with ("а с музыкой?", "with
 * 16gb ram"), runs on ("а на amd есть?" after laptops: a laptop on AMD, not AMD's coolers) or is
 * made of ("а из дерева?" after bar stools: "барный стул из дерева", not "барный стул дерева")
 * or comes in ("а в сером цвете?" after sofas: "Диван в сером цвете", not "Диван сером цвете").
 */
function leadingWithWord(message: string): string | undefined {
  const first = tokenize(message.slice(0, MAX_FOR_SHOWN_CHARS)).find((w) => !LEADING_FILLER.has(w));
  return first !== undefined && (WITH_WORDS.has(first) || LEADING_PREPOSITIONS.has(first)) ? first : undefined;
}
const LEADING_PREPOSITIONS: ReadonlySet<string> = new Set(['на', 'из', 'в', 'во']);

/** Words opening a clause said of the item shown («который моет» after robot vacuums, "that folds" after strollers). */
const RELATIVE_WORDS: ReadonlySet<string> = new Set(['который', 'которая', 'которое', 'которые', 'that', 'which']);

/**
 * The word a follow-up opens with when it is a clause said of the item shown («а который моет?»):
 * it names no other kind, and the title keeps it («Робот-пылесос, который моет»). What an item
 * fits («который подходит к iphone») is said as "для" and is no such clause.
 */
function leadingRelativeWord(message: string): string | undefined {
  const head = message.slice(0, MAX_FOR_SHOWN_CHARS);
  if (compatibilityAsFor(head) !== head) {
    return undefined;
  }
  const first = tokenize(head).find((w) => !LEADING_FILLER.has(w));
  return first !== undefined && RELATIVE_WORDS.has(first) ? first : undefined;
}

/**
 * Whether a message can be a follow-up of the previous search: it names no new product
 * category, and it is short or only changes filters.
 */
export function looksLikeFollowUp(message: string, parsed: DetailedQuery, otherBrand: boolean): boolean {
  if (parsed.categoryWords.length > 0) {
    return false;
  }
  if (otherBrand || parsed.cheaper || parsed.pricier) {
    return true;
  }
  const f = parsed.filters;
  const changes =
    parsed.text !== '' ||
    (f.brands?.length ?? 0) > 0 ||
    (f.excludeBrands?.length ?? 0) > 0 ||
    (f.excludeWords?.length ?? 0) > 0 ||
    f.priceMin !== undefined ||
    f.priceMax !== undefined ||
    f.availableOnly === true ||
    f.discountedOnly === true ||
    parsed.sort !== undefined;
  // "что-нибудь посоветуешь?" changes nothing: it is not a refinement.
  const words = tokenize(message);
  return changes && words.length > 0 && words.length <= MAX_FOLLOW_UP_WORDS;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
}

/**
 * The previous search changed by the follow-up. Price moves are relative to what was
 * shown: "cheaper" means below the middle price of the products shown of the first card's
 * kind (after "iphone 15", three iPhones and three cases: the iPhones' middle price, where the
 * cases' made "cheaper" the cheaper cases).
 */
export function refineSearch(index: CatalogIndex, prev: EngineState, parsed: DetailedQuery, otherBrand: boolean, message = ''): Refinement {
  const filters: SearchFilters = { ...prev.filters };
  const shown = prev.shown.slice(0, SHELF_SIZE);
  const first = shown[0];
  const shownPrices = shown
    // Gift ideas are of different kinds by design: the middle of them all.
    .filter((sku) => prev.gift === true || first === undefined || sku === first || index.sameKind(first, sku))
    .map((sku) => index.bySku(sku)?.price)
    .filter((p): p is number => typeof p === 'number' && Number.isFinite(p));
  let move: PriceMove = null;
  let sort = parsed.sort ?? prev.sort;

  if (parsed.filters.priceMin !== undefined || parsed.filters.priceMax !== undefined) {
    delete filters.priceMin;
    delete filters.priceMax;
    if (parsed.filters.priceMin !== undefined) {
      filters.priceMin = parsed.filters.priceMin;
    }
    if (parsed.filters.priceMax !== undefined) {
      filters.priceMax = parsed.filters.priceMax;
    }
    if (parsed.sort === undefined) {
      sort = undefined;
    }
  } else if (parsed.cheaper && shownPrices.length > 0) {
    // Cheaper than what was typically shown (below the median): a relevance-ranked shelf
    // often already holds the cheapest product, so "below the cheapest" is usually empty.
    move = 'cheaper';
    filters.priceMax = median(shownPrices) - 0.01;
    delete filters.priceMin;
    // Cheaper by relevance, not the cheapest junk: the bound already does the work. For games,
    // the most powerful of the cheaper ones first (power-first.ts).
    sort = prev.strongest ? 'price_desc' : undefined;
  } else if (parsed.pricier && shownPrices.length > 0) {
    move = 'pricier';
    filters.priceMin = median(shownPrices) + 0.01;
    delete filters.priceMax;
    sort = prev.strongest ? 'price_desc' : undefined;
  }

  let brandWords = prev.brandWords;
  if (otherBrand) {
    const shownBrands = prev.shown.map((sku) => index.bySku(sku)?.brand).filter((b): b is string => Boolean(b));
    const exclude = prev.filters.brands && prev.filters.brands.length > 0 ? prev.filters.brands : shownBrands.slice(0, 1);
    filters.excludeBrands = [...new Set([...(filters.excludeBrands ?? []), ...exclude])];
    delete filters.brands;
    brandWords = [];
  }
  if (parsed.filters.brands && parsed.filters.brands.length > 0) {
    filters.brands = parsed.filters.brands;
    filters.excludeBrands = (filters.excludeBrands ?? []).filter((b) => !parsed.filters.brands?.includes(b));
    if (filters.excludeBrands.length === 0) {
      delete filters.excludeBrands;
    }
    brandWords = parsed.brandWords;
  }
  if (parsed.filters.excludeBrands && parsed.filters.excludeBrands.length > 0) {
    filters.excludeBrands = [...new Set([...(filters.excludeBrands ?? []), ...parsed.filters.excludeBrands])];
    filters.brands = (filters.brands ?? []).filter((b) => !parsed.filters.excludeBrands?.includes(b));
    if (filters.brands.length === 0) {
      delete filters.brands;
    }
  }
  if (parsed.filters.availableOnly) {
    filters.availableOnly = true;
  }
  if (parsed.filters.discountedOnly) {
    filters.discountedOnly = true;
  }
  if (parsed.filters.excludeWords && parsed.filters.excludeWords.length > 0) {
    filters.excludeWords = [...new Set([...(filters.excludeWords ?? []), ...parsed.filters.excludeWords])].slice(-MAX_EXCLUDED_PHRASES);
  }

  const saidPrice = parsed.filters.priceMin !== undefined || parsed.filters.priceMax !== undefined;
  const resizedAsked = resized(index, prev, tokenize(parsed.text), message);
  const prevWords = new Set(tokenize(resizedAsked.text));
  const sized = replacedQualities(resizedAsked.text, resizedAsked.label, resizedAsked.added.filter((w) => !prevWords.has(w)), message);
  const added = sized.added;
  // "with hdmi" after monitors searches "monitor 24 inch with hdmi", as the whole request would
  // be: without "with", the last word was read as the kind, and an HDMI cable came first.
  const withWord = leadingWithWord(message);
  const withAdded = withWord !== undefined && sized.text !== '' && added.length > 0 ? [withWord] : [];
  // So after a listing of a category ("with bluetooth remote?" after selfie sticks): "selfie stick
  // with bluetooth remote", where "bluetooth remote" alone read "remote" as the kind and showed a
  // camera remote filed under selfie sticks as the one that has it.
  const kindWith = withWord !== undefined && WITH_WORDS.has(withWord) && sized.text === '' && added.length > 0 && prev.categoryWords.length > 0 ? [...prev.categoryWords, withWord] : [];
  const request: SearchRequest = {
    text: [sized.text, ...withAdded, ...kindWith, ...added].filter((w) => w !== '').join(' '),
    filters,
    categoryWords: prev.categoryWords,
    brandWords,
    // What the buyer just asked for stays; older constraints give way first: a budget
    // just said ("до 5000") outlasts the older words ("деревянный"), but not the kind asked
    // for: «смартфон до 5000» after «смартфон до 900» showed phone cases from the whole
    // catalogue («В этой категории ничего не нашлось»), where the phones closest in price are the answer.
    relaxOrder: saidPrice
      ? ['discount', 'availability', 'words', 'brand', 'price', 'category', 'exclusion']
      : ['discount', 'price', 'availability', 'category', 'words', 'brand', 'exclusion'],
  };
  if (sort) {
    request.sort = sort;
  }
  if (move !== null) {
    request.priceMoved = true;
  }
  // A search that said only what the item is for ("что-нибудь для кухни") stays one: "до 5000"
  // after it asks for kitchen things under 5,000, not for «кухни», which the shop does not sell.
  if (prev.categoryWords.length === 0 && PURPOSE_CONNECTORS.has((prev.label[0] ?? '').toLowerCase())) {
    request.forOnly = true;
  }
  // Another brand: the old one's name is no word to match or to title any more ("otterbox case",
  // then "other brand", said «Nothing matches "OtterBox" exactly» over the other makers' cases;
  // the title says "except OtterBox" apart).
  const gone = new Set(otherBrand ? (filters.excludeBrands ?? []).flatMap((b) => tokenize(b)) : []);
  // So is a line of another maker a new brand is asked instead of, with its model number
  // ("what about samsung?" after "unlocked iphone under 500" said «Nothing matches "iPhone"
  // exactly» over Samsung phones; «а samsung?» after «айфон 15» searched «15» of Samsung's): the
  // kind its products are of takes its place when their names say one («смартфон»).
  const lines = parsed.filters.brands?.length ? otherMakersLines(index, prev.text, parsed.filters.brands, prev.filters) : [];
  const withoutLines = (words: readonly string[]): string[] => {
    const out: string[] = [];
    for (let i = 0; i < words.length; i++) {
      const line = lines.find((l) => l.word === (words[i] as string).toLowerCase());
      if (line === undefined) {
        out.push(words[i] as string);
        continue;
      }
      while (i + 1 < words.length && (hasDigit(words[i + 1] as string) || isModelSuffix((words[i + 1] as string).toLowerCase()))) {
        i++;
      }
      if (line.kind !== undefined && !words.some((w) => w.toLowerCase() === line.kind)) {
        out.push(line.kind);
      }
    }
    return out;
  };
  const kept = withoutLines(tokenize(request.text));
  request.text = gone.size === 0 ? kept.join(' ') : kept.filter((w) => !gone.has(w)).join(' ');
  const label = withoutLines(parsed.filters.brands?.length ? withBrandReplaced(sized.label, prev.brandWords, parsed.filters.brands) : [...sized.label]).filter((w) => !gone.has(w.toLowerCase()));
  const older = new Set(label.map((w) => w.toLowerCase()));
  // "а с музыкой?" after running watches: "Часы для бега с музыкой", the "с" kept.
  // A bound ("16gbatleast" of "with at least 16gb") is said by the answer as the buyer put it
  // ("16 GB and up"), never as the search's word.
  const said = asWrittenIn(
    added.filter((w) => parseMeasureBound(w) === null),
    message,
  );
  // A word the title has, whatever its case ("tv" after "TV under $500" is no second "TV"), or
  // a quality it says in other words ("without cord" after "Cordless vacuum").
  const titled = (w: string): boolean => label.some((x) => x.toLowerCase() === w.toLowerCase() || saysSameQuality(x, w));
  // A second thing it comes with joins the first: "USB-C hub with HDMI and ethernet", "с сушкой и паром".
  if (withWord !== undefined && said.some((w) => !titled(w))) {
    label.push(label.some((w) => WITH_WORDS.has(w.toLowerCase())) ? (isCyrillic(withWord) ? 'и' : 'and') : withWord);
  }
  // «а который моет?» after robot vacuums: «Робот-пылесос, который моет», not «Робот-пылесос моет».
  // English titles leave clauses to readableLabel, which drops a clause the search cut short ("that can mop").
  const relative = withWord === undefined && label.length > 0 && said.length > 0 && said.every((w) => !titled(w)) ? leadingRelativeWord(message) : undefined;
  if (relative !== undefined && isCyrillic(relative)) {
    label.push(relative);
  }
  // An English quality goes before the noun it is said of: "Cordless vacuum for pet hair", "Black
  // waterproof speaker", not "Vacuum for pet hair cordless" (a Russian title puts it after: «Наушники беспроводные»).
  // So does a two-word one ("full hd?" after projectors: "Full HD projector for home").
  const english = withWord === undefined && relative === undefined && label.length > 0 && label.every((w) => !isCyrillic(w));
  const before = !english ? [] : said.length === 2 && isModifierPhrase(said.join(' ').toLowerCase()) ? said : said.filter(isEnglishQuality);
  const front = before.filter((w) => !titled(w));
  // The old first word loses the capital it had for being first ("Red wireless mouse", not "Red Wireless mouse").
  const opening = label[0] as string;
  if (front.length > 0 && /^\p{Lu}\p{Ll}+$/u.test(opening) && (isEnglishQuality(opening) || namesProductKind(opening.toLowerCase()))) {
    label[0] = opening.toLowerCase();
  }
  label.unshift(...front);
  for (const w of said) {
    if (!titled(w)) {
      label.push(w);
    }
  }
  // Read only when the whole refinement matched nothing (it looks the product word up).
  // A size said instead of the last one ("а 55?" after "телевизор 65 дюймов oled") is what the
  // follow-up adds.
  const newWords = added.length > 0 ? added : resizedAsked.size !== undefined ? tokenize(resizedAsked.size) : [];
  // Words the follow-up says again are not older ones: «веранды» of «мебель для веранды» after «мебель для
  // летней веранды кафе на 20 мест» stays in the title («Мебель для летней кафе» was said).
  const olderDropped = newWords.length > 0 ? () => withOlderDropped(index, prev, request, label, new Set([...newWords, ...tokenize(parsed.textWithCategory ?? parsed.text)])) : undefined;
  const labelAdded = label.filter((w) => !older.has(w.toLowerCase()));
  return { request, label, move, otherBrand, added: labelAdded, ...(olderDropped ? { olderDropped } : {}), ...(resizedAsked.size !== undefined ? { resizedTo: resizedAsked.size } : {}) };
}

/** Words of the last search read as a maker's line at most, and the products read for each. */
const MAX_LINE_WORDS = 4;
const LINE_PRODUCTS_READ = 12;
const MAX_LINE_NAME_CHARS = 200;
/** Share of the products naming a word that must be one maker's for it to be that maker's line. */
const LINE_SHARE = 0.8;

/**
 * Words of `text` that name a line of one maker other than `brands` ("iphone": Apple's; «айфон»
 * through its Latin name): at least LINE_SHARE of the products naming it in their own names
 * (before what they are for: "Case for Apple iPhone 6" is no iPhone) are that maker's, none of
 * the brands asked for is named so, and the brands asked for make products of that kind (else
 * the word stays, and the answer says nothing fits). Reads at most LINE_PRODUCTS_READ products
 * three times for each of MAX_LINE_WORDS words.
 */
function otherMakersLines(index: CatalogIndex, text: string, brands: readonly string[], filters: SearchFilters): Array<{ word: string; kind?: string }> {
  const asked = new Set(brands.map((b) => b.toLowerCase()));
  const within: SearchFilters = { ...filters };
  delete within.brands;
  delete within.excludeBrands;
  const words = tokenize(text).filter((w) => /^\p{L}{3,}$/u.test(w) && !STOP_WORDS.has(w)).slice(0, MAX_LINE_WORDS);
  const lines: Array<{ word: string; kind?: string }> = [];
  for (const w of words) {
    const own = latinName(w) ?? w;
    const namesIt = (p: CatalogProduct) => nameBeforePurpose(p.name, MAX_LINE_NAME_CHARS).includes(own);
    const named = index.search(w, within, LINE_PRODUCTS_READ).filter((h) => namesIt(h.product));
    const makers = new Map<string, number>();
    for (const h of named) {
      const maker = h.product.brand?.toLowerCase();
      if (maker) {
        makers.set(maker, (makers.get(maker) ?? 0) + 1);
      }
    }
    const one = [...makers].find(([maker, n]) => !asked.has(maker) && n >= LINE_SHARE * named.length);
    if (named.length < 2 || one === undefined) {
      continue;
    }
    const theirs = index.search(w, { brands: [...brands] }, LINE_PRODUCTS_READ);
    if (theirs.some((h) => namesIt(h.product))) {
      continue;
    }
    const first = (named[0] as { product: CatalogProduct }).product;
    const ofKind = index.search('', { ...within, brands: [...brands] }, LINE_PRODUCTS_READ);
    if (ofKind.some((h) => index.sameKind(first.sku, h.product.sku))) {
      const kind = index.productWord(first.name);
      lines.push(kind?.kind === true && kind.head !== w && kind.head !== own && !kind.head.includes(' ') ? { word: w, kind: kind.head } : { word: w });
    }
  }
  return lines;
}

/** Words that lead into what they describe ("for a student"): left out with it. */
const LEADING_WORDS: ReadonlySet<string> = new Set(['for', 'a', 'an', 'the', 'my', 'для', 'на', 'под', 'от']);

/** What `Refinement.olderDropped` gives for a refined request and its label; undefined when the last search had no words but its product word. */
function withOlderDropped(index: CatalogIndex, prev: EngineState, request: SearchRequest, label: readonly string[], added: ReadonlySet<string>): ReturnType<NonNullable<Refinement['olderDropped']>> {
  // The product word is the category's ("laptop" of "laptop for a student", searched in Laptops) or the text's own.
  const word = prev.categoryWords.length > 0 ? null : index.productWord(prev.text);
  if (word !== null && !(word?.kind === true)) {
    return undefined;
  }
  // The category's word stays too: "стул" of «стул для кухни мягкий», filed under chairs, is the kind
  // that «а в сером цвете?» asks about («Подборка: в сером цвете» named no chair).
  const kind = new Set(prev.categoryWords.flatMap((w) => tokenize(w)));
  // So does what the item is for where the shop files or names its products by it: «а
  // хромированный?» after «смеситель для ванны с длинным изливом» asks for a bath mixer (it showed
  // kitchen and bidet mixers); "student" of "laptop for a student" gives way.
  const purpose = filedPurposeWords(index, prev, label);
  // And a word every card shown is named by: «стиральная» of «стиральная машина» (the head being
  // «машина»), which «а с паром?» after washing machines took for a wish («машина с паром»).
  const everyName = namedByEveryShown(index, prev);
  const older = new Set(tokenize(prev.text).filter((w) => w !== word?.head && !added.has(w) && !kind.has(w) && !purpose.has(w) && !everyName.has(stem(w))));
  if (older.size === 0) {
    return undefined;
  }
  const drop = label.map((w) => {
    const t = tokenize(w);
    return t.length > 0 && t.every((x) => older.has(x));
  });
  // A leading word goes with the words it leads into.
  for (let i = label.length - 2; i >= 0; i--) {
    if (!drop[i] && drop[i + 1] && LEADING_WORDS.has((label[i] as string).toLowerCase())) {
      drop[i] = true;
    }
  }
  const dropped = label.filter((w, i) => drop[i] && !LEADING_WORDS.has(w.toLowerCase()));
  const words = tokenize(request.text);
  const kept = words.filter((w) => !older.has(w));
  // Older words the title no longer says (no card matched them last time: "с хорошим звуком" of
  // "телевизор 55 дюймов с хорошим звуком") still leave the search: `dropped` is empty then.
  if (dropped.length === 0 && kept.length === words.length) {
    return undefined;
  }
  return { request: { ...request, text: kept.join(' ') }, label: label.filter((_, i) => !drop[i]), dropped };
}

/** Characters of a shown card's name and sections read for what it is for. */
const MAX_FILED_CHARS = 300;

/**
 * The words of a title saying what the item is for, from «для»/"for" to the next connecting word
 * («ванны» of «смеситель для ванны с длинным изливом»), that the first cards shown say in their
 * names or sections («F3204 для ванной», «Смеситель для ванной»); lower case, at most a few.
 */
function filedPurposeWords(index: CatalogIndex, prev: EngineState, label: readonly string[]): Set<string> {
  const out = new Set<string>();
  const at = label.findIndex((w) => PURPOSE_CONNECTORS.has(w.toLowerCase()));
  if (at < 0) {
    return out;
  }
  const filed = new Set(
    prev.shown
      .slice(0, SHELF_SIZE)
      .map((sku) => index.bySku(sku))
      .flatMap((p) => (p === undefined ? [] : tokenize(`${p.name} ${p.categories.join(' ')}`.slice(0, MAX_FILED_CHARS))))
      .map(stem),
  );
  for (let i = at + 1; i < label.length && i <= at + MAX_PURPOSE_WORDS; i++) {
    const w = (label[i] as string).toLowerCase();
    if (LABEL_CONNECTORS.has(w)) {
      break;
    }
    if (filed.has(stem(w))) {
      out.add(w);
    }
  }
  return out;
}

/** The stems of the words every card shown names itself by (empty when none was shown). */
function namedByEveryShown(index: CatalogIndex, prev: EngineState): Set<string> {
  const names: Array<Set<string>> = [];
  for (const sku of prev.shown.slice(0, SHELF_SIZE)) {
    const p = index.bySku(sku);
    if (p === undefined) {
      return new Set();
    }
    names.push(new Set(tokenize(p.name.slice(0, MAX_FILED_CHARS)).map(stem)));
  }
  const [first, ...rest] = names;
  return new Set([...(first ?? [])].filter((w) => rest.every((own) => own.has(w))));
}

/** Words of the last search read for a colour or a material a follow-up replaces. */
const MAX_QUALITY_WORDS_READ = 32;

/**
 * A colour or a material said in a follow-up takes the place of the one said before ("чайник
 * белый" → "а чёрный?" is "чайник черный", where it searched "чайник белый черный"): in the
 * search text and the label, at the old word's place; the other added words are returned.
 */
function replacedQualities(text: string, label: readonly string[], added: readonly string[], message: string): { text: string; label: string[]; added: string[] } {
  let words = tokenize(text);
  let replacedLabel = [...label];
  const rest: string[] = [];
  // A follow-up says a colour in its first words, and the last search its own in its first ones.
  const before = words.slice(0, MAX_QUALITY_WORDS_READ).map(qualityOf);
  // The message's words as written, split once when a quality is replaced.
  let said: string[] | undefined;
  for (const [i, w] of added.entries()) {
    const quality = i < MAX_FOLLOW_UP_WORDS ? qualityOf(w) : undefined;
    const family = quality?.slice(0, quality.indexOf(':') + 1);
    const at = family === undefined ? -1 : before.findIndex((q) => q !== undefined && q.startsWith(family) && q !== quality);
    if (at < 0) {
      rest.push(w);
      continue;
    }
    const old = words[at] as string;
    words = words.map((x, j) => (j === at ? w : x));
    before[at] = quality;
    // The label says it as the buyer wrote it ("чёрный"), a colour with its "в" and "цвета" as a
    // whole ("в черном цвете" → "синего цвета", not "в синего цвете").
    said ??= message.slice(0, MAX_FOR_SHOWN_CHARS).split(/[^\p{L}\p{N}-]+/u);
    const saidAt = said.findIndex((x) => tokenize(x)[0] === w);
    const written = saidAt < 0 ? [w] : phraseAround(said, saidAt);
    const oldAt = replacedLabel.findIndex((x) => tokenize(x)[0] === old);
    if (oldAt >= 0) {
      const [from, to] = spanAround(replacedLabel, oldAt);
      replacedLabel = [...replacedLabel.slice(0, from), ...inOldFrame(written, replacedLabel.slice(from, to + 1)), ...replacedLabel.slice(to + 1)];
    } else {
      // The old one was no card's, so the title had left it out («кофеварка капельная» titled
      // «Кофеварка»): the new one is said after the rest («Кофеварка рожковая»).
      replacedLabel = [...replacedLabel, ...written];
    }
  }
  // "цвета" of "а синего цвета?" came with the colour it replaced.
  const replaced = rest.length < added.length;
  return { text: words.join(' '), label: replacedLabel, added: replaced ? rest.filter((w) => !COLOUR_NOUN.test(w)) : rest };
}

/** "в" of "в черном цвете". */
const IN = /^(?:в|во)$/iu;

/** The colour word at `at` with its "в" before and its "цвета" after, as far as `words` say them. */
function spanAround(words: readonly string[], at: number): [number, number] {
  const from = at > 0 && IN.test(words[at - 1] as string) ? at - 1 : at;
  const to = at + 1 < words.length && COLOUR_NOUN.test(words[at + 1] as string) ? at + 1 : at;
  return [from, to];
}

/**
 * A colour said alone in the case of the old phrase keeps that phrase's "в" and "цвета":
 * "а черного?" after "чайник белого цвета" is "черного цвета", "а в синем?" after "в черном
 * цвете" "в синем цвете"; "а синий?" stands alone.
 */
function inOldFrame(written: readonly string[], old: readonly string[]): string[] {
  if (written.length !== 1) {
    return [...written];
  }
  const word = written[0] as string;
  const noun = old.length > 1 && COLOUR_NOUN.test(old[old.length - 1] as string) ? (old[old.length - 1] as string) : undefined;
  const locative = /(?:ом|ем)$/iu.test(word);
  const preposition = locative && IN.test(old[0] as string) ? [old[0] as string] : [];
  const keptNoun = noun !== undefined && ((/цвета$/iu.test(noun) && /(?:ого|его)$/iu.test(word)) || (/цвете$/iu.test(noun) && locative)) ? [noun] : [];
  return [...preposition, word, ...keptNoun];
}

/** `spanAround` of a message's words, as written. */
function phraseAround(words: readonly string[], at: number): string[] {
  const [from, to] = spanAround(words, at);
  return words.slice(from, to + 1);
}

/** A number alone, as tokenised ("64", "2.5"). */
const BARE_NUMBER = /^\d+(?:\.\d+)?$/;
/** A figure as the buyer writes it: "64", "1/2", "2,5". */
const WRITTEN_FIGURE = /\d+(?:[/.,]\d+)?/u;

/**
 * "а 64?" after "флешка 32 гб", "а 1/2?" after "кран шаровой 3/4": a follow-up of a figure alone
 * asks for the same with that size instead (a bare number takes the unit of the size before;
 * another unit is another thing), or null.
 */
function replacedSize(index: CatalogIndex, prev: EngineState, words: string[], message: string): Resized | null {
  // The size's own noun and its "с" say nothing more ("а с диагональю 65?" is "а 65?"), nor
  // does the sun product word a rating brings, searched already ("а spf 30?" after "крем spf 50").
  const searched = new Set(tokenize(prev.text));
  const asked = mergeMeasures(words.filter((x) => !SIZE_NOUN.test(x) && !WITH_WORDS.has(x) && !(SUN_PRODUCT_WORDS.has(x) && searched.has(x))));
  const w = asked[0];
  if (asked.length !== 1 || w === undefined) {
    return null;
  }
  const bare = BARE_NUMBER.test(w);
  const measure = bare ? null : parseMeasure(w);
  if (!bare && measure === null) {
    return null;
  }
  const before = mergeMeasures(tokenize(prev.text));
  const at = before.findIndex((x) => parseMeasure(x) !== null || parseMeasureBound(x) !== null || BARE_NUMBER.test(x));
  const old = before[at];
  // A bound said before ("а побольше?": more than 43 inches) gives way to the size now said, in its unit.
  const bound = old === undefined ? null : parseMeasureBound(old);
  if (bound !== null) {
    if (measure !== null && measure.unit !== bound.unit) {
      return null;
    }
    const next = measure === null ? `${w}${bound.unit}` : w;
    const size = sizeSaid(next, w, prev.lang);
    return { text: before.map((x, i) => (i === at ? next : x)).join(' '), label: [...prev.label, ...size.split(' ')], added: [], size };
  }
  if (old === undefined) {
    // "а на 64?" after "флешка", whose cards say "64Gb", "32Gb": the figure with the unit they give it.
    const unit = bare ? shownUnitOf(index, prev.shown, Number(w)) : undefined;
    return unit === undefined
      ? null
      : { text: [prev.text, `${w}${unit}`].filter((x) => x !== '').join(' '), label: [...prev.label, ...formatMeasure(Number(w), unit, prev.lang).split(' ')], added: [] };
  }
  const oldMeasure = parseMeasure(old);
  if (measure !== null && oldMeasure?.unit !== measure.unit) {
    return null;
  }
  // A bare figure before too ("телевизор 65"): the unit the shown cards give it (65").
  const oldUnit = bare && !oldMeasure && BARE_NUMBER.test(old) ? shownUnitOf(index, prev.shown, Number(old)) : undefined;
  const next = bare && oldMeasure ? `${w}${oldMeasure.unit}` : oldUnit !== undefined ? `${w}${oldUnit}` : w;
  if (next === old) {
    return null;
  }
  const oldValue = oldMeasure ? String(oldMeasure.value) : old;
  const written = WRITTEN_FIGURE.exec(message.slice(0, MAX_FOR_SHOWN_CHARS))?.[0] ?? w;
  const label = prev.label.map((l) => (mergeMeasures(tokenize(spellMarks(l)))[0] === oldValue ? written : l));
  return { text: before.map((x, i) => (i === at ? next : x)).join(' '), label, added: [], size: sizeSaid(next, written, prev.lang) };
}

/** A size search word as the answer says it ("65 дюймов" of "65in"), else `written`. */
function sizeSaid(word: string, written: string, lang: EngineState['lang']): string {
  const m = parseMeasure(word);
  return m ? formatMeasure(m.value, m.unit, lang) : written;
}

/** A search with its size changed or bounded, and the size said instead when a figure replaced the old one. */
interface Resized {
  text: string;
  label: string[];
  added: string[];
  /** The new size as the answer says it ("16 ГБ" of "а 16?" after "ddr4 8гб"). */
  size?: string;
}

/**
 * "a smaller one?", "а побольше?", "а подлиннее?" alone when neither the last search nor the
 * names of the cards shown state a size to compare against (phones whose sizes only their
 * descriptions give): what to order by and whether the most is wanted; null for any other
 * message, or when `resized` has a size to bound.
 */
export function sizeWithoutBound(index: CatalogIndex, prev: EngineState, message: string): { attribute: 'size' | 'length'; most: boolean } | null {
  const words = tokenize(message.slice(0, MAX_FOR_SHOWN_CHARS)).filter((w) => !isWishFiller(w));
  // With "размером" or "size" ("а поменьше размером?", "a smaller size?") as alone; a capacity or a
  // screen said ("побольше объёмом") is a wish of its own (measure-wish.ts).
  const sizeWords = words.filter((w) => BIGGER.has(w) || SMALLER.has(w));
  const word = sizeWords.length === 1 && words.every((w) => w === sizeWords[0] || PLAIN_SIZE_NOUN.test(w)) ? (sizeWords[0] as string) : '';
  const most = BIGGER.has(word) ? true : SMALLER.has(word) ? false : null;
  if (most === null) {
    return null;
  }
  const length = LENGTH_WORDS.has(word);
  const sized = mergeMeasures(tokenize(prev.text)).some((w) => parseMeasure(w) !== null || parseMeasureBound(w) !== null);
  return sized || shownSize(index, prev.shown, length ? LENGTH_UNITS : SIZE_UNITS) !== null ? null : { attribute: length ? 'length' : 'size', most };
}

/** The noun of a size as such: "размером", "size". */
const PLAIN_SIZE_NOUN = /^(?:размер\p{L}{0,3}|size)$/u;

/** Name words read per card for its size. */
const MAX_NAME_WORDS_READ = 40;

/**
 * The middle of the sizes the shown cards' names state, in the unit most of them use ("32\"",
 * "55\"", "65\"" → 55 in), or null when fewer than two state one (the one shown, when one was).
 */
function shownSize(index: CatalogIndex, shown: readonly string[], units: ReadonlySet<string> = SIZE_UNITS): { value: number; unit: string } | null {
  const byUnit = new Map<string, number[]>();
  for (const measures of shownNameMeasures(index, shown)) {
    const measure = measures.find((m) => units.has(m.unit));
    if (measure) {
      const values = byUnit.get(measure.unit) ?? [];
      values.push(measure.value);
      byUnit.set(measure.unit, values);
    }
  }
  const [unit, values] = [...byUnit.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  return unit === undefined || values === undefined || values.length < Math.min(2, shown.length) ? null : { value: median(values), unit };
}

/** The unit a shown card's name gives this figure ("64Gb" for 64), or undefined when none does. */
function shownUnitOf(index: CatalogIndex, shown: readonly string[], value: number): string | undefined {
  return shownNameMeasures(index, shown)
    .flat()
    .find((m) => m.value === value)?.unit;
}

/** The measures the names of the shown cards state, each read to MAX_NAME_WORDS_READ words. */
function shownNameMeasures(index: CatalogIndex, shown: readonly string[]): Array<Array<{ value: number; unit: string }>> {
  return shown.slice(0, SHELF_SIZE).map((sku) => measuresOf(tokenize(spellMarks(index.bySku(sku)?.name ?? '')).slice(0, MAX_NAME_WORDS_READ)));
}

/** Units of a length, which "longer" and "shorter" compare. */
const LENGTH_UNITS: ReadonlySet<string> = new Set(['m', 'cm', 'mm', 'ft']);

/** Units of a product's size, which "bigger" and "smaller" compare. */
const SIZE_UNITS: ReadonlySet<string> = new Set(['in', 'cm', 'l', 'ml', 'mm', 'm', 'ft', 'cuft', 'gal', 'qt', 'sqm', 'sqft']);

/**
 * Whether a message says only that the size asked for before should be bigger or smaller ("а с
 * диагональю поменьше?", "with a bigger screen?" after "телевизор 65 дюймов"): the size becomes a
 * bound (`resized`), not an order of the same search.
 */
export function resizesAskedSize(prev: EngineState, message: string): boolean {
  const words = tokenize(message.slice(0, MAX_FOR_SHOWN_CHARS)).filter((w) => !isWishFiller(w));
  if (!words.some((w) => BIGGER.has(w) || SMALLER.has(w)) || besidesSize(words).length > 0) {
    return false;
  }
  return mergeMeasures(tokenize(prev.text)).some((w) => {
    const m = parseMeasure(w) ?? parseMeasureBound(w);
    return m !== null && SIZE_UNITS.has(m.unit);
  });
}

/**
 * "а побольше?" after "телевизор 55 дюймов": the previous search's measure becomes a bound
 * ("больше 55 дюймов"), said apart from the label; the size word is no search word. Without a
 * measure before, the middle of the shown cards' sizes is the one (`shownSize`), or nothing
 * changes; a figure alone replaces the size (`replacedSize`).
 */
function resized(index: CatalogIndex, prev: EngineState, words: string[], message: string): Resized {
  const kind = words.some((w) => BIGGER.has(w)) ? 'over' : words.some((w) => SMALLER.has(w)) ? 'under' : null;
  const unchanged = { text: prev.text, label: prev.label, added: words };
  if (kind === null) {
    return replacedSize(index, prev, words, message) ?? suffixLeftOut(prev, words) ?? unchanged;
  }
  const before = mergeMeasures(tokenize(prev.text));
  const at = before.findIndex((w) => parseMeasure(w) !== null || parseMeasureBound(w) !== null);
  const size = at < 0 ? null : (parseMeasure(before[at] as string) ?? parseMeasureBound(before[at] as string));
  if (size === null) {
    // No size was asked for ("tv under 500", then "bigger"): bigger than the middle of the
    // sizes the cards shown state.
    const shown = shownSize(index, prev.shown, words.some((w) => LENGTH_WORDS.has(w)) ? LENGTH_UNITS : SIZE_UNITS);
    if (shown === null) {
      return unchanged;
    }
    // "bigger" after "tv for a small bedroom": the small one is no longer asked for (no TV was
    // both small and over 32 inches, and every TV came back under "Nothing matches").
    const opposite = kind === 'over' ? saysSmall : saysBig;
    const kept = (w: string): boolean => !opposite(w);
    const text = [...tokenize(prev.text).filter(kept), `${shown.value}${shown.unit}${kind}`].join(' ');
    return { text, label: prev.label.filter(kept), added: besidesSize(words) };
  }
  const text = before.map((w, i) => (i === at ? `${size.value}${size.unit}${kind}` : w)).join(' ');
  // The old figure and its unit leave the label ("телевизор 55 дюймов" → "телевизор"); other numbers stay ("iphone 15").
  const isFigure = (w: string | undefined): boolean => {
    const merged = w === undefined ? [] : mergeMeasures(tokenize(w));
    return merged.length === 1 && (merged[0] === String(size.value) || parseMeasure(merged[0] as string)?.value === size.value);
  };
  const label = prev.label.filter((w, i) => !isFigure(w) && !(isFigure(prev.label[i - 1]) && isUnitWord(w.toLowerCase())));
  return { text, label, added: besidesSize(words) };
}

/**
 * "what about the s7?" after "samsung galaxy s7 edge", "а просто 15?" after "iphone 15 pro": the
 * model said again without the end said before asks for the model without it; null otherwise.
 */
function suffixLeftOut(prev: EngineState, words: readonly string[]): { text: string; label: string[]; added: string[] } | null {
  const before = tokenize(prev.text);
  const said = words.filter((w) => !SUFFIX_FILLER.has(w));
  if (said.length === 0 || said.length > 2 || !said.every((w) => before.includes(w))) {
    return null;
  }
  const at = before.findIndex((w, i) => said.includes(w) && hasDigit(w) && isModelSuffix(before[i + 1] ?? '') && !said.includes(before[i + 1] as string));
  if (at < 0) {
    return null;
  }
  const suffix = before[at + 1] as string;
  return { text: before.filter((_, i) => i !== at + 1).join(' '), label: prev.label.filter((l) => l.toLowerCase() !== suffix), added: [] };
}
/** Words around a model said again ("what about the s7?", "а просто 15?"). */
const SUFFIX_FILLER: ReadonlySet<string> = new Set(['what', 'about', 'the', 'just', 'plain', 'regular', 'просто', 'обычный', 'обычная', 'обычное']);

/**
 * "а для лица?", "and for kids?": the purpose part alone, after an optional "а"/"and"/"what about"
 * and words standing for the item shown ("one for a laptop", "do you have any for kids?",
 * "а есть что-нибудь для лица?").
 */
/** Words asking which ones of the kind suit a purpose, before «для»/"for" («какие лучше», "which ones are best"). */
const WHICH_SUIT = String.raw`(?:какие|which\s+ones)\s+(?:(?:лучше|подойд[её]т|подойдут|подходит|подходят|годится|годятся|(?:is|are|would\s+be)\s+(?:better|best|good)|best|better)\s+)?`;
/** … and asked as which ones of the kind suit it: «а какие лучше для спорта?», "which ones are best for running?". */
const PURPOSE_FOLLOW_UP =
  new RegExp(String.raw`^(?:а|и|ну|and|what about|how about)?\s*(?:(?:do you have|have you got|you have|is there|are there|got|есть|у вас есть)\s+)?(?:(?:one|ones|any|some|something|anything|что-нибудь|что-то|что нибудь|что то)\s+)?(?:(?:а\s+)?${WHICH_SUIT})?(для|for)\s+(.+)$`, 'u');
/** The question form of a purpose follow-up (`asksWhichSuits`). */
const WHICH_SUITS = new RegExp(String.raw`(?:^|\s)${WHICH_SUIT}(?:для|for)\s`, 'u');

/**
 * Whether a follow-up asks which ones of the kind suit a purpose («а какие лучше для спорта?»,
 * "which ones are best for running?"): the kind for that purpose, not a question the cards shown
 * answer (it said their cards do not tell). One chosen among the cards shown («какой из них лучше
 * для фото?», "which one is better for running?") is answered from them.
 */
export function asksWhichSuits(message: string): boolean {
  return WHICH_SUITS.test(message.slice(0, MAX_PURPOSE_CHARS).toLowerCase());
}

/**
 * "one that can charge a laptop", "something that will hold an ipad": what the item should do
 * with something, which is what it is for ("for a laptop"). Verbs of fitting are fit questions (fits.ts).
 */
const PURPOSE_CLAUSE =
  /^(?:а|и|and)?\s*(?:(?:do you have|have you got|you have|is there|are there|got|i need|i want)\s+)?(?:one|ones|any|some|something|anything|a thing)\s+(?:that|which)\s+(?:(?:can|could|will|would)\s+)?(?:charges?|powers?|holds?)\s+(.+)$/u;
/** Words before the thing an item is for that do not name it ("a laptop", "my phone"). */
const PURPOSE_DETERMINERS: ReadonlySet<string> = new Set(['a', 'an', 'the', 'my', 'our', 'his', 'her', 'their', 'мой', 'моего', 'моей', 'моих', 'моему']);
/** A purpose says who or what the item is for in a few words ("для galaxy s24", "for small dogs"). */
const MAX_PURPOSE_WORDS = 3;
const MAX_PURPOSE_CHARS = 120;
/** "а для чего он?", "what for?": a question about the item, not another purpose. */
const PURPOSE_QUESTION_WORDS = new Set(['чего', 'кого', 'чему', 'кому', 'what', 'which', 'who', 'whom']);

/**
 * The previous request for another purpose: "крем для рук" then "а для лица?" is "крем для
 * лица", "чехол для iphone 15" then "а для galaxy s24?" is "чехол для galaxy s24", "чехол"
 * then "а для айфона?" is "чехол для айфона". Null when the message is not such a follow-up
 * or the previous search has no words of its own. Searched as a new request, so the category
 * is found again for the new purpose.
 */
export function purposeSwitch(message: string, prevLabel: string[]): string | null {
  // A purpose follow-up is short: longer messages are not read further than this.
  // Not the point of a figure ("for 15.6 inch").
  const text = message.slice(0, MAX_PURPOSE_CHARS).toLowerCase().replace(/[?!…]+|(?<!\d)[.,]+|[.,]+(?!\d)/gu, ' ').replace(/\s+/gu, ' ').trim();
  const clause = PURPOSE_CLAUSE.exec(text);
  const m = clause ? ([clause[0], 'for', clause[1]] as const) : PURPOSE_FOLLOW_UP.exec(text);
  if (!m) {
    return null;
  }
  const connector = m[1] as string;
  const said = tokenize(m[2] as string);
  const purpose = said.length > 1 && PURPOSE_DETERMINERS.has(said[0] as string) ? said.slice(1) : said;
  if (purpose.length === 0 || purpose.length > MAX_PURPOSE_WORDS || PURPOSE_QUESTION_WORDS.has(purpose[0] as string)) {
    return null;
  }
  // The last request may have said only what it was for ("для сухой кожи лица"): no item, the purpose replaced.
  const leading = prevLabel.length > 1 && PURPOSE_CONNECTORS.has((prevLabel[0] as string).toLowerCase());
  const at = leading ? 0 : prevLabel.findIndex((w, i) => i > 0 && PURPOSE_CONNECTORS.has(w.toLowerCase()));
  const item = (at >= 0 ? prevLabel.slice(0, at) : prevLabel).slice(0, MAX_FOLLOW_UP_WORDS);
  if (item.length === 0 && !leading) {
    return null;
  }
  // "а для женщин?" after "часы для бега": whom they are for beside what they are for, not
  // instead of it ("часы для бега для женщин"); so is a use after whom ("а для бега?").
  if (at >= 0 && namesPeople(purpose) !== namesPeople(prevLabel.slice(at + 1).map((w) => w.toLowerCase()))) {
    return [...prevLabel.slice(0, MAX_FOLLOW_UP_WORDS), connector, ...purpose].join(' ');
  }
  // "а для жирной?" after "крем для сухой кожи лица" (or "для сухой кожи лица"): another
  // adjective for the same nouns, "крем для жирной кожи лица" (it searched and titled "крем для жирной").
  const before = at >= 0 ? prevLabel.slice(at + 1, at + 1 + MAX_FOLLOW_UP_WORDS).map((w) => w.toLowerCase()) : [];
  const nounAt = before.findIndex((w) => !(isCyrillic(w) && hasAdjectiveEnding(w)));
  if (purpose.length === 1 && isCyrillic(purpose[0] as string) && hasAdjectiveEnding(purpose[0] as string) && nounAt > 0) {
    return [...item, connector, ...purpose, ...before.slice(nounAt)].join(' ');
  }
  return [...item, connector, ...purpose].join(' ');
}

/** Whether two title words name one quality of the synonym table ("Cordless", "without a cord", "wireless"). */
function saysSameQuality(a: string, b: string): boolean {
  const x = tableWordOf(a.toLowerCase());
  const y = tableWordOf(b.toLowerCase());
  return isModifierWord(x) && (x === y || synonymsOf(x).includes(y));
}
