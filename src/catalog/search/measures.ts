/**
 * Measures as values with units, in both languages: "12 ft", "25.54 cu. ft.", "10000mAh",
 * "55\"", "110 мм", "1,5 л", "2000 Вт". A number followed by a unit (or glued to it) becomes
 * one canonical word, "<value><unit>" ("12ft", "25.54cuft", "10000mah", "55in"), added to a
 * product's words at indexing and standing for the pair in a buyer's query, so "12 ft
 * extension cord" no longer matches a 2 ft cord by its "ft", and "10000mah" meets
 * "10000 mAh". The search compares such words by value with a tolerance (measures.ts gives
 * the value; expansion.ts looks the neighbours up), so "25 cubic feet" finds "25.54 cu. ft.".
 * Dimension strings ("110х2,2х1000", "22x36") also give their numbers, so "труба 110"
 * finds "Канал.труба 110х2,2х1000 мм".
 * All functions take normalised words (tokenize.ts) and do one pass over them.
 */

/** Unit words (normalised) → canonical unit. Separate words and glued suffixes alike. */
const UNITS: ReadonlyMap<string, string> = new Map(
  (
    [
      ['in', 'in inch inches дюйм дюйма дюймов дюймы дюймовый дюймовая дюймовое дюймовые дюймового дюймовой'],
      ['ft', 'ft feet foot фут фута футов'],
      ['cuft', 'cuft'],
      ['gal', 'gal gallon gallons галлон галлона галлонов'],
      ['qt', 'qt quart quarts'],
      ['oz', 'oz ounce ounces'],
      ['lb', 'lb lbs pound pounds'],
      ['w', 'w watt watts вт ватт ватта'],
      ['kw', 'kw квт'],
      ['v', 'v volt volts вольт вольта'],
      ['mah', 'mah мач мачас'],
      ['wh', 'wh втч'],
      ['gb', 'gb гб гбайт'],
      ['tb', 'tb тб'],
      ['mb', 'mb мб'],
      ['mm', 'mm мм'],
      ['cm', 'cm см'],
      ['m', 'm м метр метра метров meter meters metre metres'],
      ['l', 'l л литр литра литров liter liters litre litres'],
      ['ml', 'ml мл'],
      ['kg', 'kg кг'],
      ['hz', 'hz гц'],
      ['mp', 'mp мп мпикс megapixel megapixels мегапиксель мегапикселя мегапикселей мегапикселями мегапиксельная мегапиксельной мегапиксельный мегапиксельную мегапиксельные мегапиксельными мегапиксельных'],
      ['db', 'db дб'],
      // Areas: "30 м²", "30 м2", "30m2"; the unit is spelt in letters so "30sqm" reads as a measure.
      // "на 30 квадратов" as buyers say it.
      ['sqm', 'sqm м2 м² m2 m² квм квадратов квадрата'],
      ['sqft', 'sqft'],
      // A paper's weight: "80gsm", "80 g/m²", "80 г/м2" (the pairs below).
      ['gsm', 'gsm'],
    ] as const
  ).flatMap(([unit, words]) => words.split(' ').map((w) => [w, unit] as [string, string])),
);

/** Units written before the figure: "SPF 50", "spf50", "LSF-30 (SPF 30)" (sun protection). */
const PREFIX_UNITS: ReadonlyMap<string, string> = new Map([
  ['spf', 'spf'],
  ['lsf', 'spf'],
]);
const PREFIXED = new RegExp(`^(${[...PREFIX_UNITS.keys()].join('|')})(\\d{1,3})$`);
/** The longest word a prefix unit can start: its name and three digits ("spf100"). */
const MAX_PREFIXED_CHARS = Math.max(...[...PREFIX_UNITS.keys()].map((k) => k.length)) + 3;

/** Whether a measure may start at this word: a figure, or a unit written before its figure. */
function mayStartMeasure(w: string): boolean {
  const c = w.charCodeAt(0);
  return (c >= 48 && c <= 57) || (w.length <= MAX_PREFIXED_CHARS && (PREFIX_UNITS.has(w) || PREFIXED.test(w)));
}

const CANONICAL_UNITS: ReadonlySet<string> = new Set([...UNITS.values(), ...PREFIX_UNITS.values()]);
const RATING_UNITS: ReadonlySet<string> = new Set(PREFIX_UNITS.values());

/** Whether a unit is a rating written before its figure (SPF): a figure alone ("50" of "50 мл") is never one. */
export function isRatingUnit(unit: string): boolean {
  return RATING_UNITS.has(unit);
}

/** A sun protection rating in a normalised message ("spf 50", "spf50", "lsf-30"). */
const SUN_RATING = /(?<![\p{L}\p{N}])(?:spf|lsf)[\s-]?\d{1,3}(?![\p{L}\p{N}])/u;
const SUN_PRODUCT_RU = 'солнцезащитный';
const SUN_PRODUCT_EN = 'sunscreen';
/** The words `sunProtectionNamed` puts before a message. */
export const SUN_PRODUCT_WORDS: ReadonlySet<string> = new Set([SUN_PRODUCT_RU, SUN_PRODUCT_EN]);
/** Words that already say the item protects from the sun. */
const SUN_WORDS = /(?<![\p{L}\p{N}])(?:солнц|загар|sun)/u;

/**
 * "крем spf 50" asks for a sun cream: the message with the word a sun product's name has
 * ("солнцезащитный", "sunscreen") put first, when the catalogue has that word (`known`, given
 * the word's stem) and the message says nothing of the sun itself. The form said ("крем") then
 * weighs no more than the protection: a sun milk of SPF 30 comes before 50 ml face creams.
 */
export function sunProtectionNamed(text: string, known: (word: string) => boolean): string {
  if (!SUN_RATING.test(text) || SUN_WORDS.test(text)) {
    return text;
  }
  const word = /[а-яё]/u.test(text) ? SUN_PRODUCT_RU : SUN_PRODUCT_EN;
  return known(word) ? `${word} ${text}` : text;
}

/** Units written glued to the number only ("220в"): alone, "в" is a preposition. */
const GLUED_ONLY: ReadonlyMap<string, string> = new Map([['в', 'v']]);

/** Two-word units: "cu ft", "cubic feet", "куб фут". */
const PAIR_UNITS: ReadonlyMap<string, string> = new Map([
  ['cu ft', 'cuft'],
  ['cubic ft', 'cuft'],
  ['cubic feet', 'cuft'],
  ['cubic foot', 'cuft'],
  ['cu feet', 'cuft'],
  ['куб фут', 'cuft'],
  ['кв м', 'sqm'],
  ['кв метров', 'sqm'],
  ['кв метра', 'sqm'],
  ['квадратных метров', 'sqm'],
  ['квадратных метра', 'sqm'],
  ['square meters', 'sqm'],
  ['square metres', 'sqm'],
  ['sq m', 'sqm'],
  ['sq ft', 'sqft'],
  ['g m2', 'gsm'],
  ['g m²', 'gsm'],
  ['gr m2', 'gsm'],
  ['г м2', 'gsm'],
  ['г м²', 'gsm'],
  ['гр м2', 'gsm'],
  ['гр м²', 'gsm'],
  ['square feet', 'sqft'],
  ['square foot', 'sqft'],
]);

const NUMBER = /^\d+(?:\.\d+)?$/;
const BARE_DIGITS = /^\d+$/;
const GLUED = /^(\d+(?:\.\d+)?)([a-zа-я]+[2²]?)$/;
const DIMENSIONS = /^\d+(?:\.\d+)?(?:[xх×*]\d+(?:\.\d+)?)+[a-zа-я]*$/;
/** A measure word: its value and unit. */
const MEASURE = /^(\d+(?:\.\d+)?)([a-z]+)$/;

/** The canonical measure word, e.g. ("25.540", "cuft") → "25.54cuft". */
function measureWord(value: string, unit: string): string {
  return `${Number(value)}${unit}`;
}

/**
 * Reads a measure starting at `words[i]`: the canonical word and how many words it took,
 * or null.
 */
function measureAt(words: readonly string[], i: number): { word: string; used: number } | null {
  const w = words[i] as string;
  const prefix = PREFIX_UNITS.get(w);
  if (prefix !== undefined) {
    const next = words[i + 1];
    return next !== undefined && BARE_DIGITS.test(next) && next.length <= 3 ? { word: measureWord(next, prefix), used: 2 } : null;
  }
  const prefixed = PREFIXED.exec(w);
  if (prefixed) {
    return { word: measureWord(prefixed[2] as string, PREFIX_UNITS.get(prefixed[1] as string) as string), used: 1 };
  }
  if (NUMBER.test(w)) {
    const next = words[i + 1];
    if (next === undefined) {
      return null;
    }
    const pair = PAIR_UNITS.get(`${next} ${words[i + 2] ?? ''}`);
    if (pair !== undefined) {
      return { word: measureWord(w, pair), used: 3 };
    }
    // "24 in 1" (a card reader's slots, "6-in-1" of an air fryer) is how many things it does, not inches.
    if (next === 'in' && words[i + 2] === '1') {
      return null;
    }
    const unit = UNITS.get(next);
    return unit === undefined ? null : { word: measureWord(w, unit), used: 2 };
  }
  const glued = GLUED.exec(w);
  if (glued) {
    const suffix = glued[2] as string;
    const unit = UNITS.get(suffix) ?? GLUED_ONLY.get(suffix);
    if (unit !== undefined) {
      const next = words[i + 1];
      // "25cu ft": the glued part is the first half of a two-word unit.
      const pair = next !== undefined ? PAIR_UNITS.get(`${suffix} ${next}`) : undefined;
      return pair !== undefined ? { word: measureWord(glued[1] as string, pair), used: 2 } : { word: measureWord(glued[1] as string, unit), used: 1 };
    }
    const pair = words[i + 1] !== undefined ? PAIR_UNITS.get(`${suffix} ${words[i + 1]}`) : undefined;
    if (pair !== undefined) {
      return { word: measureWord(glued[1] as string, pair), used: 2 };
    }
  }
  return null;
}

const FRACTION = /(?:(\d+)[\s-])?\b([1-9]|1[0-5]|[12][0-9]|3[01])\/(2|4|8|16|32)\b/g;

/** Half an inch in one Russian word («полдюйма», «полдюймовый»). */
const HALF_INCH = /(?<![\p{L}\p{N}])полдюйм\p{L}*/giu;

/**
 * A screen's rate said before its figure: "с частотой 144", «частота обновления 165», "refresh
 * rate 144". Names write the figure with its unit ("144Hz", «144 Гц»), and the bare figure matched
 * neither the 27-inch 144Hz monitor nor any other name without «частотой».
 */
const RATE_BEFORE_FIGURE = /(?<![\p{L}\p{N}])(частот\p{L}{0,3}(?:\s+обновлени\p{L}{0,2})?|refresh\s+rate(?:\s+of)?)\s+(\d{2,3})(?![\p{L}\p{N}]|[.,]\d|\s*(?:гц|hz|герц))/giu;

/** The text with a rate said before its figure written as the figure in hertz ("с частотой 144" → "с 144 гц"). */
export function rateAsHertz(text: string): string {
  if (!/частот|refresh/iu.test(text)) {
    return text;
  }
  return text.replace(RATE_BEFORE_FIGURE, (_all, cue: string, figure: string) => `${figure} ${/[а-яё]/iu.test(cue) ? 'гц' : 'hz'}`);
}

/**
 * Text with inch and foot marks written as words ('55"' → "55 in", "12'" → "12 ft") and
 * fractions of an inch as decimals ("3/4" → "0.75", "1-1/2" → "1.5"), which the word
 * splitter would otherwise cut or drop. Only texts with such a mark are rewritten.
 */
export function spellMarks(text: string): string {
  let out = text;
  // «кран шаровой полдюйма» is the 1/2" one.
  if (out.includes('олдюйм') || out.includes('ОЛДЮЙМ')) {
    out = out.replace(HALF_INCH, '0.5');
  }
  if (out.includes('/')) {
    out = out.replace(FRACTION, (all, whole: string | undefined, num: string, den: string) => {
      const n = Number(num);
      const d = Number(den);
      return n < d ? String((whole !== undefined ? Number(whole) : 0) + n / d) : all;
    });
  }
  if (!/["″”']/.test(out)) {
    return out;
  }
  // Not the number ending a word's name before a closing quote ("с рисунком "город-2"").
  return out.replace(/(?<![а-яёА-ЯЁ]-\d{0,3})(\d)\s?(?:"|″|”|'')/gu, '$1 in ').replace(/(\d)'(?![a-zа-я])/gi, '$1 ft ');
}

/**
 * The extra words a product's text gives for its measures: one canonical word per
 * measure, and the numbers of each dimension string. The text's own words stay as they are.
 */
export function measureWords(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    const c = w.charCodeAt(0);
    if (c < 48 || c > 57) {
      // "SPF 50", "spf50": the unit before its figure.
      const m = mayStartMeasure(w) ? measureAt(words, i) : null;
      if (m) {
        out.push(m.word);
      }
      continue;
    }
    // "32–55\"": the joined form of a range of numbers ("3255") is no measure; both ends are.
    const a = words[i - 2];
    const b = words[i - 1];
    if (a !== undefined && b !== undefined && NUMBER.test(a) && NUMBER.test(b) && w === a + b && BARE_DIGITS.test(w)) {
      const unit = UNITS.get(words[i + 1] ?? '');
      if (unit !== undefined) {
        out.push(measureWord(a, unit), measureWord(b, unit));
      }
      continue;
    }
    const m = measureAt(words, i);
    if (m) {
      out.push(m.word);
      continue;
    }
    // Letters after the last figure are a unit ("22x36in"), or it is a model's code ("KD-50X75WL").
    const tail = DIMENSIONS.test(w) ? (/[a-zа-я]+$/.exec(w)?.[0] ?? '') : null;
    if (tail !== null && (tail === '' || UNITS.has(tail))) {
      const parts = w.split(/[xх×*]/);
      for (const p of parts) {
        const num = /^\d+(?:\.\d+)?/.exec(p);
        if (num) {
          out.push(num[0]);
        }
      }
      // "22x36in": the unit of the last dimension applies to all.
      const unit = UNITS.get(tail);
      if (unit !== undefined) {
        for (const p of parts) {
          const num = /^\d+(?:\.\d+)?/.exec(p);
          if (num) {
            out.push(measureWord(num[0], unit));
          }
        }
      }
    }
  }
  return out;
}

/**
 * A buyer's words with each measure as its one canonical word ("12", "ft" → "12ft";
 * "10000mah" → "10000mah"; "25", "cu", "ft" → "25cuft").
 */
export function mergeMeasures(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    const m = mayStartMeasure(w) ? measureAt(words, i) : null;
    if (m) {
      out.push(m.word);
      i += m.used - 1;
    } else {
      out.push(w);
    }
  }
  return out;
}

/** Russian unit words ("дюймов", "литров", "гб"), for a unit said before its figure. */
const CYRILLIC_UNITS = [...UNITS.keys()].filter((u) => /^[а-яё]+$/u.test(u)).sort((a, b) => b.length - a.length);
const UNIT_BEFORE_FIGURE = new RegExp(`(^|[^\\p{L}\\p{N}.,])(${CYRILLIC_UNITS.join('|')})\\s+(\\d+)(?![\\p{L}\\p{N}]|[.,]\\d)`, 'giu');

/**
 * «дюймов 65», «литров 10»: a Russian unit said before its figure ("about 65 inches"), put
 * after it as a measure is read («65 дюймов»). Not after a figure («55 дюймов 2 шт»). Any case:
 * the title reads the message as the buyer wrote it («Дюймов 65»), the search its lower case.
 */
export function figureBeforeUnit(text: string): string {
  return text.replace(UNIT_BEFORE_FIGURE, (all, before: string, unit: string, figure: string, at: number) => (/\d\s*$/u.test(text.slice(Math.max(0, at - 12), at + before.length)) ? all : `${before}${figure} ${unit}`));
}

/** Whether a (normalised) word is a unit ("дюймов", "gb"). */
export function isUnitWord(word: string): boolean {
  return UNITS.has(word);
}

/** The value and unit of a canonical measure word, or null for any other word. */
export function parseMeasure(word: string): { value: number; unit: string; number: string } | null {
  const m = MEASURE.exec(word);
  if (!m) {
    return null;
  }
  const unit = m[2] as string;
  return CANONICAL_UNITS.has(unit) ? { value: Number(m[1]), unit, number: m[1] as string } : null;
}

/** The measures words state ("200 мл", "55\"", "2.5 kg"), in order: `measureWords` read by `parseMeasure`. */
export function measuresOf(words: readonly string[]): Array<{ value: number; unit: string; number: string }> {
  return measureWords(words)
    .map((w) => parseMeasure(w))
    .filter((m): m is NonNullable<typeof m> => m !== null);
}

/** Whether a measure of `value` counts as the buyer's `asked`: within 3 %, or the same whole number. */
export function closeMeasure(asked: number, value: number): boolean {
  if (asked <= 0) {
    return value === asked;
  }
  const upper = Number.isInteger(asked) ? Math.max(asked * 1.03, asked + 1) : asked * 1.03;
  return value >= asked * 0.97 && value < upper;
}

/** How a bound compares: at least / more than / at most / less than the value. */
export type BoundKind = 'atleast' | 'over' | 'atmost' | 'under';

const BOUND = /^(\d+(?:\.\d+)?)([a-z]+?)(atleast|over|atmost|under)$/;

/**
 * A measure bound as one search word, "<value><unit><kind>" ("60inatleast": 60 inches or
 * more; "55inover": more than 55 inches), or null for any other word.
 */
export function parseMeasureBound(word: string): { value: number; unit: string; kind: BoundKind } | null {
  const m = BOUND.exec(word);
  if (!m || !CANONICAL_UNITS.has(m[2] as string)) {
    return null;
  }
  return { value: Number(m[1]), unit: m[2] as string, kind: m[3] as BoundKind };
}

/** Whether a measure of `value` meets the bound. */
export function meetsBound(bound: { value: number; kind: BoundKind }, value: number): boolean {
  switch (bound.kind) {
    case 'atleast':
      return value >= bound.value * 0.97;
    case 'over':
      return value > bound.value * 1.03 && value > bound.value + 0.5;
    case 'atmost':
      return value <= bound.value * 1.03;
    case 'under':
      return value < bound.value * 0.97 && value < bound.value - 0.5;
  }
}

/** Words before a measure that bound it, by how ("от 60 дюймов", "больше 60 дюймов", "до 2 кг", "under 2 kg"). */
const BOUND_WORDS: Record<BoundKind, string[]> = {
  // "not smaller than 55 inches" is at least 55 (it was read as "smaller than": under 55).
  atleast: ['от', 'минимум', 'не меньше', 'не менее', 'at least', 'from', 'min', 'minimum', 'not smaller than', 'no smaller than', 'not less than', 'no less than'],
  over: ['больше', 'более', 'свыше', 'over', 'above', 'more than', 'bigger than', 'larger than'],
  atmost: ['до', 'максимум', 'не больше', 'не более', 'up to', 'at most', 'max', 'maximum', 'not bigger than', 'no bigger than', 'not larger than', 'no larger than', 'not more than', 'no more than'],
  under: ['меньше', 'менее', 'under', 'below', 'less than', 'smaller than'],
};
const BOUND_PHRASES: ReadonlyArray<{ words: string[]; kind: BoundKind }> = (Object.entries(BOUND_WORDS) as Array<[BoundKind, string[]]>)
  .flatMap(([kind, phrases]) => phrases.map((p) => ({ words: p.split(' '), kind })))
  .sort((a, b) => b.words.length - a.words.length);

/**
 * A buyer's words with each bounded measure as one bound word ("больше", "60", "дюймов" →
 * "60inatleast"; "under", "2", "kg" → "2kgatmost"), and a room's area as a lower bound; other
 * words as they are. One pass.
 */
export function mergeMeasureBounds(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const phrase = BOUND_PHRASES.find((p) => p.words.every((w, k) => words[i + k] === w));
    if (phrase) {
      const at = i + phrase.words.length;
      const c = (words[at] ?? '').charCodeAt(0);
      const m = c >= 48 && c <= 57 ? measureAt(words, at) : null;
      if (m) {
        out.push(`${m.word}${phrase.kind}`);
        i = at + m.used - 1;
        continue;
      }
    }
    // A room's area ("кондиционер на 30 квадратов", "purifier 400 sq ft", "для комнаты 20 м2") is
    // what the item must serve at least: an air conditioner "до 36 м²" serves 30, and for 50 the
    // one "до 50 м²" comes before those "до 54 м²" (the search puts the nearest areas first), not
    // ones "до 27 м²". The room itself is no word to look for.
    const room = ROOM_WORDS.has(words[i] as string) ? 1 : 0;
    const at = words[i + room] === 'на' || words[i + room] === 'for' ? i + room + 1 : i + room;
    const c = (words[at] ?? '').charCodeAt(0);
    const found = c >= 48 && c <= 57 ? measureAt(words, at) : null;
    // Metres of a room are square metres: "для комнаты 20 метров" is 20 m² (it was searched as a length).
    const area = found && room === 1 && METRES.test(found.word) ? { ...found, word: `${found.word.slice(0, -1)}sqm` } : found;
    if (area && AREA.test(area.word)) {
      if (room === 1 && ROOM_BEFORE.has(out[out.length - 1] ?? '')) {
        out.pop();
      }
      out.push(`${area.word}atleast`);
      i = at + area.used - 1;
      continue;
    }
    out.push(words[i] as string);
  }
  return out;
}

/** Words for the room an item serves, said before its area ("для комнаты 20 м2", "for a room of 400 sq ft"). */
const ROOM_WORDS: ReadonlySet<string> = new Set(['комнаты', 'комнату', 'комната', 'помещения', 'помещение', 'квартиры', 'квартиру', 'room', 'rooms']);
/** Words before a room word that go with it ("для", "в", "for a"). */
const ROOM_BEFORE: ReadonlySet<string> = new Set(['для', 'в', 'на', 'for', 'a']);

/** A measure word of an area. */
const AREA = /^\d+(?:\.\d+)?sq(?:m|ft)$/;
/** A measure word in metres. */
const METRES = /^\d+(?:\.\d+)?m$/;

/**
 * Two sizes said as a pair ("50 на 80", "50 x 80 см", "2 by 4", "50*80") written as one
 * dimension word, "50х80" (a Cyrillic "х", which the word splitter keeps inside the word), so
 * the search and the answer read them as one size. Three sizes ("110х2,2х1000") stay as they are.
 */
export function joinDimensionPairs(text: string): string {
  if (!/\d\s*(?:на|by|x|х|×|\*)\s*\d/iu.test(text)) {
    return text;
  }
  return text.replace(PAIR_SAID, (all: string, before: string | undefined, a: string, b: string, unit: string | undefined, at: number) => {
    const [x, y] = [Number(a.replace(',', '.')), Number(b.replace(',', '.'))];
    // Another unit after it ("5 x 3 inch", "2 на 3 метра") is left to the measure reading.
    const next = /^\s*(\p{L}+)/u.exec(text.slice(at + all.length, at + all.length + 20))?.[1];
    // The end of a longer run of sizes ("3 на 4 на 5"): read within a few characters before it, not by a lookbehind over any run of spaces.
    const after = PAIR_CONTINUES.test(text.slice(Math.max(0, at - 12), at));
    // A budget ("до 5000 на двоих"), a model and its memory ("айфон 13 на 128"), sizes far apart: not one size.
    if (after || before !== undefined || (unit === undefined && next !== undefined && UNITS.has(next)) || Math.max(x, y) > Math.min(x, y) * MAX_PAIR_RATIO || (MEMORY_SIZES.has(y) && x <= 20)) {
      return all;
    }
    return `${a}х${b}${unit ? unit.trim() : ''}`;
  });
}

/** A pair's sizes are within this ratio of each other (200 × 1030 mm towel rails are). */
const MAX_PAIR_RATIO = 6;
const MEMORY_SIZES: ReadonlySet<number> = new Set([32, 64, 128, 256, 512]);
const PAIR_CONTINUES = /[\d.,]\s*(?:на|by|x|х|×|\*)?\s*$/u;
const PAIR_SAID =
  /(?<![\d.,])(?:(?<!\p{L})(до|от|за|под|under|over|below|above|up to|less than|more than)\s+)?(?<![\d.,])(\d{1,5}(?:[.,]\d+)?)\s*(?:на|by|x|х|×|\*)\s*(\d{1,5}(?:[.,]\d+)?)(?![\d.,]|\s*(?:на|by|x|х|×|\*)\s*\d|\s*(?:человек|чел|гб|gb|тб|tb|шт|руб|р\b|₽|\$|тыс|k\b|к\b))((?:\s*(?:см|мм|cm|mm))(?![\p{L}]))?/giu;

/** The two sizes of a query's dimension word ("50х80", "50х80см"), or null for any other word. */
export function dimensionPairOf(word: string): [number, number] | null {
  const m = /^(\d+(?:\.\d+)?)[xх×](\d+(?:\.\d+)?)(?:см|мм|cm|mm)?$/u.exec(word);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

const PAIR_IN_NAME = /(\d+(?:[.,]\d+)?)\s*[xх×*]\s*(\d+(?:[.,]\d+)?)/iu;

/** The first two sizes a (bounded) name states as a pair ("400*800", "22x36in"), or null. */
export function firstPairIn(name: string): [number, number] | null {
  const m = PAIR_IN_NAME.exec(name);
  return m ? [Number((m[1] as string).replace(',', '.')), Number((m[2] as string).replace(',', '.'))] : null;
}

/** How far the first pair of sizes a (bounded) name states is from the asked one (`pairDistance`); Infinity when it states none. */
export function namePairDistance(name: string, asked: readonly [number, number]): number {
  const stated = firstPairIn(name);
  return stated === null ? Infinity : pairDistance(asked, stated);
}

/**
 * How far a product's pair of sizes is from the asked one, by ratio, either way round and in
 * the unit that brings them nearest (centimetres asked, millimetres stated: "50 на 80" is
 * 500 × 800 mm); 0 when they are the same size.
 */
export function pairDistance(asked: readonly [number, number], stated: readonly [number, number]): number {
  let best = Infinity;
  for (const scale of [1, 10, 0.1, 2.54, 1 / 2.54, 25.4, 1 / 25.4]) {
    for (const [a, b] of [stated, [stated[1], stated[0]] as const]) {
      if (a > 0 && b > 0) {
        best = Math.min(best, Math.abs(Math.log((asked[0] * scale) / a)) + Math.abs(Math.log((asked[1] * scale) / b)));
      }
    }
  }
  return best;
}
