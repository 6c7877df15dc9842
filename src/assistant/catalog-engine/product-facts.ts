/**
 * Answers a question about one product ("какая у него камера?", "is it water resistant?")
 * from that product's own card: its parameters and the sentences of its description that
 * speak of what was asked. When the card says nothing about it, the answer says so
 * honestly instead of searching the catalogue for the question's words.
 */
import { LIMITS } from '../../catalog/import/limits.ts';
import { paramStated, type CatalogProduct } from '../../catalog/product.ts';
import { stem } from '../../catalog/search/stem.ts';
import { normalizeText, tokenize } from '../../catalog/search/tokenize.ts';
import { clip } from './texts.ts';

/** Characters of a description read for an answer (descriptions of real feeds run to pages). */
const MAX_DESCRIPTION_CHARS = 3000;
/** Parameters read (all a product keeps: spec sheets state duplex printing as their 94th), and the longest parameter value quoted. */
const MAX_PARAMS = LIMITS.params;
const MAX_VALUE_CHARS = 200;
/** Characters of a description sentence quoted as a fact. */
const MAX_FACT_SENTENCE_CHARS = 300;
/** Sentences quoted in one answer. */
const MAX_SENTENCES = 2;
/** Description sentences about the topic read before choosing those quoted. */
const MAX_DESCRIPTION_FACTS = 12;
/** Question words looked up (a question is a few words). */
const MAX_ASKED = 12;

/** Words of a question that say nothing about what is asked. */
const QUESTION_NOISE = new Set([
  'какой', 'какая', 'какое', 'какие', 'каков', 'какова', 'какую', 'у', 'него', 'нее', 'неё', 'них', 'него', 'этого', 'этой', 'этот', 'эта', 'это', 'он', 'она',
  'оно', 'они', 'его', 'ее', 'её', 'их', 'а', 'и', 'есть', 'ли', 'как', 'сколько', 'там', 'тут', 'здесь', 'в', 'на', 'с', 'со', 'по', 'из', 'для', 'о', 'об', 'про',
  'что', 'за', 'товар', 'товара', 'модель', 'модели', 'какого', 'каким', 'можно', 'скажите', 'подскажите', 'расскажите', 'хороший', 'хорошая', 'хорошее',
  'нормальный', 'нормальная', 'сделан', 'сделана', 'сделано', 'бывает', 'вообще', 'мне', 'ты', 'вы',
  'how', 'what', 'whats', 'hows', 'which', 'is', 'are', 'does', 'do', 'it', 'its', 'this', 'that', 'the', 'a', 'an', 'of', 'has', 'have', 'good', 'big', 'much', 'many',
  'there', 'any', 'with', 'in', 'on', 'about', 'tell', 'me', 'can', 'you', 'product', 'model', 'one', 'made', 'from', 'and', 'or', 'so', 'for', 'to', 'work', 'works', 'compatible', 'fit', 'fits',
  'лучше', 'лучший', 'лучшая', 'лучшее', 'лучшие', 'better', 'best', 'them', 'these', 'those', 'they', 'life', 'itself', 'themselves',
]);

/** Whether a word of a question says nothing about what is asked ("does", "it", «у», «него»). */
export function isQuestionNoise(word: string): boolean {
  return QUESTION_NOISE.has(word);
}

/** What a buyer asks about, and the words a card uses for it (both languages: cards mix them). */
const TOPICS: Array<{ asked: string[]; card: string[] }> = [
  { asked: ['камер', 'фото', 'фотк', 'снима', 'camera', 'photo', 'pictur', 'megapixel'], card: ['камер', 'мп', 'мегапиксел', 'camera', 'megapixel', 'mp'] },
  { asked: ['экран', 'диспле', 'диагонал', 'дюйм', 'screen', 'display', 'inch'], card: ['экран', 'диспле', 'диагонал', 'дюйм', 'screen', 'display', 'inch'] },
  { asked: ['батаре', 'аккумулятор', 'заряд', 'автономн', 'мач', 'battery', 'charg', 'mah'], card: ['батаре', 'аккумулятор', 'мач', 'автономн', 'заряд', 'battery', 'mah', 'charg', 'hour'] },
  { asked: ['памят', 'оперативк', 'объем', 'storage', 'memory', 'ram', 'gb'], card: ['памят', 'гб', 'storage', 'memory', 'ram', 'gb', 'объем'] },
  { asked: ['вес', 'весит', 'тяжел', 'килограм', 'кг', 'weight', 'weigh', 'heavy', 'pound', 'kilogram', 'kg', 'lb', 'lbs'], card: ['вес', 'кг', 'weight', 'kg', 'lb'] },
  { asked: ['размер', 'габарит', 'высот', 'ширин', 'глубин', 'длин', 'size', 'dimension', 'height', 'width', 'depth', 'length'], card: ['размер', 'габарит', 'высот', 'ширин', 'глубин', 'мм', 'см', 'size', 'dimension', 'inch', 'mm', 'cm'] },
  { asked: ['вод', 'влаг', 'водонепроница', 'water', 'waterproof', 'splash'], card: ['вод', 'влаг', 'ip6', 'ip5', 'ip4', 'ip6s', 'water'] },
  { asked: ['материал', 'сделан', 'изготовл', 'material'], card: ['материал', 'сталь', 'латун', 'пластик', 'металл', 'алюмин', 'дерев', 'стекл', 'керамик', 'material', 'steel', 'plastic', 'metal', 'aluminum', 'glass', 'leather', 'кож'] },
  {
    asked: ['цвет', 'colour', 'color', 'бел', 'черн', 'красн', 'син', 'голуб', 'зелен', 'розов', 'сер', 'золот', 'фиолет', 'white', 'black', 'red', 'blue', 'green', 'pink', 'grey', 'gray', 'silver', 'gold', 'purple'],
    card: ['цвет', 'color', 'colour'],
  },
  // «какая у неё загрузка?» of washers and dryers: the kilograms their names and cards state.
  { asked: ['загрузк', 'load'], card: ['загрузк', 'кг', 'kg', 'load'] },
  { asked: ['гаранти', 'warranty'], card: ['гаранти', 'warranty'] },
  { asked: ['nfc', 'бесконтакт', 'contactless'], card: ['nfc', 'бесконтакт', 'contactless', 'pay'] },
  // "wi-fi" is "wi" and "fi" to the tokenizer.
  { asked: ['wi', 'wifi', 'вайфай', 'вай'], card: ['wi', 'wifi', 'вайфай'] },
  { asked: ['шумоподавлен', 'шум', 'noise', 'anc'], card: ['шумоподавлен', 'шум', 'noise', 'anc'] },
  { asked: ['мощност', 'ватт', 'вт', 'power', 'watt'], card: ['мощност', 'вт', 'power', 'watt', 'w'] },
  { asked: ['процессор', 'чип', 'processor', 'chip', 'cpu'], card: ['процессор', 'чип', 'processor', 'chip', 'bionic', 'snapdragon'] },
  { asked: ['страна', 'производств', 'made', 'country', 'origin'], card: ['страна', 'производств', 'country', 'origin'] },
  // "how many quarts is it?", «сколько ватт?»: a unit asks for what it measures.
  { asked: ['liter', 'litre', 'литр', 'объем', 'capacity', 'volume', 'вместим', 'quart', 'qt', 'gallon', 'ounce', 'oz', 'миллилитр'], card: ['capacity', 'volume', 'объем', 'вместим', 'литр', 'liter', 'litre', 'л', 'l', 'ml', 'мл', 'qt', 'quart', 'gallon', 'oz'] },
  // "они моют полы?": robot vacuums state it as "Влажная уборка: да". ("does it have a mop?" asks for
  // the ones with a mop, as a wish: `asksWhetherItHas`.)
  { asked: ['моет', 'моют', 'мыть', 'мойк', 'влажн', 'швабр'], card: ['влажн', 'швабр', 'мойк', 'моет', 'mop'] },
  // "does it print double-sided?", "есть двусторонняя печать?": Icecat's "duplex_print_options".
  { asked: ['duplex', 'double', 'двусторон', 'two-sided'], card: ['duplex', 'двусторон', 'double'] },
];

/** The colour topic: "а есть у них чёрные?" asks for black ones (a refinement), not for the colours of the cards. */
const COLOUR_TOPIC = TOPICS.findIndex((t) => t.asked.includes('цвет'));

/** The words of a question that may say what it asks, at most MAX_ASKED: without its noise. */
function askedWords(question: string): string[] {
  return tokenize(question)
    .slice(0, MAX_ASKED)
    .filter((w) => !QUESTION_NOISE.has(w));
}

/** Whether a word asks about a topic cards state (not a colour). */
function namesTopic(word: string): boolean {
  return TOPICS.some((topic, i) => i !== COLOUR_TOPIC && starts(word, topic.asked));
}

/**
 * The words of a question that name the product it is about ("galaxy s24" of "is the galaxy
 * s24 waterproof?", "iphone 15" of "у iphone 15 есть nfc?"): without the question's noise and
 * the words of the topics asked. Empty when no topic is asked.
 */
export function productNamedInQuestion(question: string): string[] {
  const words = askedWords(question);
  return words.some(namesTopic) ? words.filter((w) => !namesTopic(w)) : [];
}

/**
 * Whether a question asks about something cards state: a topic (a camera, a battery, a screen
 * …; not a colour) or a parameter one of `products` names ("navigation" of "Navigation: Camera").
 */
export function asksCardTopic(question: string, products: readonly CatalogProduct[]): boolean {
  const words = askedWords(question);
  if (words.some(namesTopic)) {
    return true;
  }
  const stems = words.filter((w) => w.length >= 4).map(stem);
  return products.some((p) => Object.keys(p.params).slice(0, MAX_PARAMS).some((key) => tokenize(key).some((k) => stems.includes(stem(k)))));
}

export interface ProductFacts {
  /** Parameters ("Name: value") and description sentences about what was asked. */
  facts: string[];
  /** The question named something to look up (not just "tell me about it"). */
  specific: boolean;
  /** The facts are measures the product's name states ("50 мл"): its card says no more of it. */
  fromName?: true;
}

function starts(word: string, prefixes: string[]): boolean {
  return prefixes.some((p) => word === p || (p.length >= 3 && !WHOLE_WORDS.has(p) && word.startsWith(p)));
}
/** English colour names, matched whole: "bluetooth" asks no colour, nor "redmi" or "golden retriever". */
const WHOLE_WORDS: ReadonlySet<string> = new Set(['white', 'black', 'red', 'blue', 'green', 'pink', 'grey', 'gray', 'silver', 'gold', 'purple']);

/**
 * The card words a question looks for: its topics' card words (`topical`) and its own word
 * stems ("print" of "does it print double-sided?").
 */
function lookFor(question: string): { wanted: string[]; topical: string[]; own: string[] } {
  const asked = tokenize(question)
    .filter((w) => !QUESTION_NOISE.has(w))
    .slice(0, MAX_ASKED);
  const out = new Set<string>();
  const topical = new Set<string>();
  const own = new Set<string>();
  for (const w of asked) {
    let isTopical = false;
    for (const topic of TOPICS) {
      const said = topic.asked.find((a) => starts(w, [a]));
      if (said !== undefined) {
        topic.card.forEach((c) => topical.add(c));
        own.add(said);
        isTopical = true;
      }
    }
    if (!isTopical && w.length >= 3) {
      out.add(stem(w));
    }
  }
  return { wanted: [...topical, ...out], topical: [...topical], own: [...own] };
}

function mentions(text: string, wanted: string[]): boolean {
  return saysAny(tokenize(text), wanted);
}

function saysAny(words: readonly string[], wanted: string[]): boolean {
  return words.some((w) => starts(w, wanted));
}

/** How many of the wanted words a text's words say. */
function saysHowMany(words: readonly string[], wanted: string[]): number {
  return wanted.filter((x) => words.some((w) => starts(w, [x]))).length;
}

/** Splits a bounded description into sentences. */
function sentences(description: string): string[] {
  return description
    .slice(0, MAX_DESCRIPTION_CHARS)
    .split(/(?<=[.!?])\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * A parameter as a buyer reads it: feeds written from databases name it "print_technology",
 * state a flag as "True"/"False" ("colour: False" answered "does it print in colour?") and a
 * count as a decimal ("sheets per pack: 500.0").
 */
function statedParam(key: string, value: string): string {
  const cyrillic = /[\u0400-\u04ff]/u.test(key);
  const flag = value.trim().toLowerCase();
  const said = flag === 'true' ? (cyrillic ? 'да' : 'yes') : flag === 'false' ? (cyrillic ? 'нет' : 'no') : WHOLE_DECIMAL.test(flag) ? flag.replace(/\.0+$/u, '') : value;
  return `${readableKey(key)}: ${said}`;
}

/**
 * A parameter's name as the feed's database wrote it, read back: "built_in_speaker_s_" is
 * "built in speaker(s)", "dimensions__wxdxh_" "dimensions (wxdxh)" (it answered "built in speaker s : no").
 */
function readableKey(key: string): string {
  return key
    .replace(/_s_$/u, '(s)')
    .replace(/__([^_].*?)_$/u, ' ($1)')
    .replace(/_+/gu, ' ')
    .trim();
}
const WHOLE_DECIMAL = /^\d+\.0+$/u;

/** What the product's card says about the question. */
export function productFacts(p: CatalogProduct, question: string): ProductFacts {
  const { wanted, topical, own } = lookFor(question);
  if (wanted.length === 0) {
    return { facts: [], specific: false };
  }
  // A question naming a topic is answered by what speaks of it: "print technology: Direct
  // thermal" says nothing of printing double-sided.
  const about = topical.length > 0 ? topical : wanted;
  // The parameters saying the most of what was asked first, a name more than its value: for
  // "does it print double-sided?" the duplex options before the print speeds, which say "print" only.
  const params: Array<{ fact: string; says: number }> = [];
  for (const [key, value] of Object.entries(p.params).slice(0, MAX_PARAMS)) {
    const v = clip(value, MAX_VALUE_CHARS);
    const keyWords = tokenize(key);
    const valueWords = tokenize(v);
    // The buyer's own word of the topic counts most: «какая высота?» asks the height, not the width the size topic also reads.
    const says = 6 * saysHowMany(keyWords, own) + 3 * saysHowMany(keyWords, wanted) + saysHowMany(valueWords, wanted);
    if (says > 0 && (saysAny(keyWords, about) || saysAny(valueWords, about))) {
      params.push({ fact: statedParam(key, v), says });
    }
  }
  const facts = params.sort((a, b) => b.says - a.says).map((x) => x.fact);
  const name = normalizeText(p.name);
  // Sentences (or spec lines: «Ширина, см 47», «Высота, см 104») in the description's order, those
  // saying the buyer's own word first: «какая у них высота?» was answered «Ширина, см 47».
  const said: string[] = [];
  const other: string[] = [];
  for (const s of sentences(p.description ?? '')) {
    if (said.length + other.length >= MAX_DESCRIPTION_FACTS) {
      break;
    }
    // A description that only repeats the name says nothing new.
    if (normalizeText(s) !== name && mentions(s, about)) {
      (own.length > 0 && mentions(s, own) ? said : other).push(clip(s, MAX_FACT_SENTENCE_CHARS));
    }
  }
  facts.push(...said, ...other);
  if (facts.length === 0 && topical.length > 0) {
    const named = measuresNamed(p.name, topical);
    if (named.length > 0) {
      // One fact, so an answer quoting one per card gives both of a set («… 10.5 кг и сушильная машина 9 кг»: «10.5 кг, 9 кг»).
      return { facts: [named.join(', ')], specific: true, fromName: true };
    }
  }
  return { facts: facts.slice(0, MAX_SENTENCES + 2), specific: true };
}

/** A number and the unit after it, as a name writes them ("50 мл", "1,7 л", "10000mAh"). */
const NAMED_MEASURE = /(?<![\p{L}\p{N}])(\d{1,6}(?:[.,]\d{1,3})?)\s?(\p{L}{1,12})(?![\p{L}\p{N}])/gu;
/** Measures quoted from a name. */
const MAX_NAMED_MEASURES = 2;

/**
 * The measures a product's name states in a unit of the topic asked ("какой объём?" of a cream
 * named "…, 50 мл": "50 мл"; its card had nothing else, and the answer said the card does not say).
 */
function measuresNamed(name: string, topical: string[]): string[] {
  const out: string[] = [];
  for (const m of clip(name, MAX_VALUE_CHARS).matchAll(NAMED_MEASURE)) {
    if (starts((m[2] as string).toLowerCase(), topical)) {
      out.push(`${m[1]} ${m[2]}`);
      if (out.length >= MAX_NAMED_MEASURES) {
        break;
      }
    }
  }
  return out;
}

/**
 * Everything a card states, one statement each: its name, its parameters as a buyer reads them
 * ("Case size: 41 mm") and the sentences of its description, bounded as above.
 */
export function cardStatements(p: CatalogProduct): string[] {
  const out = [p.name];
  for (const [key, value] of Object.entries(p.params).slice(0, MAX_PARAMS)) {
    if (paramStated(String(value))) {
      out.push(statedParam(key, clip(String(value), MAX_VALUE_CHARS)));
    }
  }
  return out.concat(sentences(p.description ?? ''));
}

/** Parameters quoted when a buyer asks about a product in general. */
const SUMMARY_PARAMS = 5;
const SUMMARY_VALUE_CHARS = 80;
const SUMMARY_SENTENCE_CHARS = 240;

/**
 * What a product's card says in general ("покажи первый подробнее"): its first stated
 * parameters and the first sentence of its description that is more than the name.
 */
export function cardSummary(p: CatalogProduct): string[] {
  const out: string[] = [];
  let read = 0;
  for (const key in p.params) {
    if (read++ >= MAX_PARAMS || out.length >= SUMMARY_PARAMS) {
      break;
    }
    const value = String(p.params[key]);
    if (paramStated(value)) {
      out.push(statedParam(key, clip(value, SUMMARY_VALUE_CHARS)));
    }
  }
  // A sentence the name already says ("Унитаз компакт "Реал" 2-клав." of a name going on) is none.
  const name = normalizeText(p.name);
  const sentence = sentences(p.description ?? '').find((s) => !name.includes(normalizeText(s).replace(/[.!?]+$/u, '')));
  if (sentence) {
    out.push(clip(sentence, SUMMARY_SENTENCE_CHARS));
  }
  return out;
}
