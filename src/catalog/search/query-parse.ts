/**
 * Turns a buyer's message into search words and filters: price bounds and order,
 * availability, the catalogue's brands (also in Cyrillic spelling) and category words.
 * Words that became filters are removed from the search text; what the item is for stays.
 */
import type { BrandMatcher } from './brands.ts';
import type { CategoryMatcher } from './categories.ts';
import { NOMINATIVE_ADJECTIVE } from './expansion.ts';
import type { SearchFilters } from './filters.ts';
import { MAX_EXCLUDED_PHRASES, MAX_EXCLUDED_WORDS, NOT_WORDS } from './excluded-words.ts';
import { boundText, MAX_PARSE_WORDS } from './limits.ts';
import { figureBeforeUnit, joinDimensionPairs, mergeMeasureBounds, parseMeasure, rateAsHertz, spellMarks, sunProtectionNamed } from './measures.ts';
import { extractPriceIntent } from './price.ts';
import { AGAINST_WORDS, ANY_ITEM_WORDS, ARTICLES, compatibilityAsFor, isCompatibilityAt, qualityFirst, startsPurpose, STOP_WORDS, tapAsMixer, WITH_WORDS, withoutDoubt, capabilityAsFor } from './stopwords.ts';
import { joinPhrases } from './synonyms.ts';
import { stem } from './stem.ts';
import { normalizeText, tokenize } from './tokenize.ts';
import type { DetailedQuery } from './types.ts';

/** Words between "for" and what it names that say nothing of it ("for a Samsung", «для моего Samsung»). */
export const DETERMINERS: ReadonlySet<string> = new Set(['a', 'an', 'the', 'my', 'your', 'his', 'her', 'our', 'their', 'мой', 'моя', 'мое', 'моего', 'моей', 'моему', 'моих', 'свой', 'своего', 'своей']);

const NEGATION = new Set(['не', 'кроме', 'без', 'not', 'except', 'no', 'excluding']);
const ONLY = new Set(['только', 'only', 'just']);
/**
 * Words before what the buyer does not want ("без мешка", "without noise cancelling", "смартфон
 * не айфон", "phone that isn't a flip phone"); a brand after them is an excluded brand, taken
 * before these are read.
 */
const WITHOUT: ReadonlySet<string> = new Set(['без', 'without', 'isnt', ...NOT_WORDS]);
/**
 * How many the buyer wants («стулья для кухни 4 штуки»): a number and one of these after it leave
 * the search. They are an amount to order, not a word of the product's name (searched, «штуки»
 * was reported as not found). Not in English: "5 piece dining set" says what the set holds.
 */
export const PIECE_WORDS: ReadonlySet<string> = new Set(['штука', 'штуки', 'штук', 'штучки', 'штучек', 'шт']);
const NUMBER_WORDS: ReadonlySet<string> = new Set(['две', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'десять']);

/**
 * How many people a piece of furniture is for («стол на 4 человека»): leaves the search with its
 * number when no product of the catalogue says it (a dining set «на 6 персон» does): searched,
 * «человека» was reported as not found over tables that seat four.
 */
const PEOPLE_WORDS: ReadonlySet<string> = new Set(['человек', 'человека', 'персон', 'персоны', 'персону', 'гостей', 'гостя']);

const isCount = (word: string): boolean => /^\d{1,3}$/u.test(word) || NUMBER_WORDS.has(word);

/**
 * Marks in `taken` each count of pieces in `words`, said either way round ("4 штуки", «штук
 * 20»), and each number of people the catalogue does not speak of («на 4 человека»).
 */
function takePieceCounts(words: readonly string[], taken: Set<number>, isKnownStem: (stem: string) => boolean): void {
  for (let i = 0; i + 1 < words.length; i++) {
    const word = words[i] as string;
    const next = words[i + 1] as string;
    if ((PIECE_WORDS.has(next) && isCount(word)) || (PIECE_WORDS.has(word) && isCount(next))) {
      taken.add(i);
      taken.add(i + 1);
    } else if (word === 'на' && isCount(next) && PEOPLE_WORDS.has(words[i + 2] ?? '') && !isKnownStem(stem(words[i + 2] as string))) {
      taken.add(i);
      taken.add(i + 1);
      taken.add(i + 2);
    }
  }
}

/** Articles between such a word and what is not wanted ("not a flip phone"). */

/** What a catalogue knows of a buyer's words. */
export interface CatalogVocabulary {
  /** Whether the stem is a word of the catalogue. */
  isKnownStem: (stem: string) => boolean;
  /**
   * Whether categories one word names hold most products of that kind (otherwise the word
   * stays a search word instead of a category filter).
   */
  holdsKind: (word: string, categories: readonly string[]) => boolean;
  /** Whether some products here are of the kind the word names ("earbuds") and others of a synonym's ("headphones"). */
  isOwnKindWord: (word: string) => boolean;
}

/**
 * "без мешка", "без влажной уборки", "without noise cancelling": the words after "без"/"without"
 * up to the next stop word, at most MAX_EXCLUDED_WORDS and MAX_EXCLUDED_PHRASES of them, as
 * the buyer wrote them. They and their "без" leave the search (marked in `taken`): searching
 * "мешка" found the vacuums with a bag. A brand after "без" is an excluded brand (taken already).
 */
function withoutPhrases(words: string[], taken: Set<number>, sourceAt: (at: number) => string): string[] {
  const phrases: string[] = [];
  for (let at = 0; at < words.length && phrases.length < MAX_EXCLUDED_PHRASES; at++) {
    if (!WITHOUT.has(words[at] as string) || taken.has(at)) {
      continue;
    }
    const article = ARTICLES.has(words[at + 1] ?? '') ? 1 : 0;
    let end = at + 1 + article;
    while (end < words.length && end - at <= MAX_EXCLUDED_WORDS && !taken.has(end) && !STOP_WORDS.has(words[end] as string) && !/\d/.test(words[end] as string)) {
      end++;
    }
    if (end === at + 1 + article) {
      continue;
    }
    for (let i = at; i < end; i++) {
      taken.add(i);
    }
    const unwanted = Array.from({ length: end - at - 1 - article }, (_, k) => sourceAt(at + 1 + article + k)).join(' ');
    // Said as the buyer put it: "без мешка", "не айфон", "not a flip phone" (a "без" is the answer's own).
    const by = words[at] as string;
    phrases.push(by === 'без' || by === 'without' ? unwanted : `${by === 'isnt' ? 'not' : by} ${article === 1 ? `${words[at + 1] as string} ` : ''}${unwanted}`);
    at = end - 1;
  }
  return phrases;
}

const EVERY_WORD: CatalogVocabulary = { isKnownStem: () => true, holdsKind: () => true, isOwnKindWord: () => false };

/**
 * Parses a message against one catalogue's brands and categories.
 * A brand after "для"/"for" ("чехол для самсунг") describes what the item fits, so it
 * stays a search word (in its catalogue spelling) instead of filtering by the maker.
 * Reads the first MAX_QUERY_CHARS characters and MAX_PARSE_WORDS words of the message.
 */
export function parseMessage(
  message: string,
  brands: BrandMatcher,
  categories: CategoryMatcher,
  vocabulary: CatalogVocabulary = EVERY_WORD,
): DetailedQuery {
  const { isKnownStem, holdsKind, isOwnKindWord } = vocabulary;
  // Bounded again after normalising: compatibility folding can lengthen a text.
  // Fractions of an inch read as the index reads them ("кран шаровой 1/2" → 0.5, as "1/2" of a name).
  // Two sizes said as a pair ("50 на 80") are one size word ("50х80").
  // "крем spf 50" is searched as a sun cream where the catalogue names its sun products so.
  const sunNamed = sunProtectionNamed(figureBeforeUnit(withoutDoubt(normalizeText(boundText(message)))), (w) => isKnownStem(stem(w)));
  const price = extractPriceIntent(modelSuffixesInLatin(boundText(spellMarks(rateAsHertz(joinDimensionPairs(qualityFirst(compatibilityAsFor(tapAsMixer(capabilityAsFor(sunNamed))))))))));
  // A measure with "больше"/"до"/"at least" before it is a bound: one word ("60inatleast").
  const joined = joinPhrases(mergeMeasureBounds(tokenize(price.rest).slice(0, MAX_PARSE_WORDS)));
  const words = joined.map((j) => j.word);
  // What the buyer wrote for each word: the text and labels keep it ("noise cancelling"),
  // the phrase's one word only serves to recognise categories and brands.
  const sourceAt = (at: number): string => (joined[at] as { source: string }).source;
  const filters: SearchFilters = {};
  if (price.priceMin !== undefined) {
    filters.priceMin = price.priceMin;
  }
  if (price.priceMax !== undefined) {
    filters.priceMax = price.priceMax;
  }
  if (price.priceAround !== undefined) {
    filters.priceAround = price.priceAround;
  }
  if (price.availableOnly) {
    filters.availableOnly = true;
  }
  if (price.discountedOnly) {
    filters.discountedOnly = true;
  }

  const taken = new Set<number>();
  const replaced = new Map<number, string>();
  // A two-word name that opens with a stop word ("без проводов" for "беспроводные") would lose
  // that word from the search and mean its opposite: the search reads the name's one word.
  joined.forEach((j, at) => {
    if (j.source !== j.word && STOP_WORDS.has(j.source.split(' ')[0] as string)) {
      replaced.set(at, j.word);
    }
  });
  const brandWords: string[] = [];
  const include: string[] = [];
  const exclude: string[] = [];
  for (const mention of brands.find(words, false, (w) => isKnownStem(stem(w)) || isKnownStem(w))) {
    const before = words[mention.start - 1];
    const span = words.slice(mention.start, mention.start + mention.length);
    // A brand written as a measure after other words is the measure ("hdmi cable 3m": three
    // metres, not the brand 3M, whose privacy filters filled the answer); searched as a word, it
    // still finds the brand's names.
    if (mention.length === 1 && mention.start > 0 && parseMeasure(span[0] as string) !== null) {
      continue;
    }
    // "for Samsung", "for a Samsung Galaxy S7 edge", «для моего Samsung»: what the item is for.
    let purposeAt = mention.start - 1;
    while (purposeAt > 0 && DETERMINERS.has(words[purposeAt] as string)) {
      purposeAt--;
    }
    if (isCompatibilityAt(words, purposeAt) && !AGAINST_WORDS.has(words[purposeAt] as string)) {
      // Keep it as a search word, spelled as the catalogue spells it ("самсунг" → "samsung").
      replaced.set(mention.start, tokenize(mention.brand).join(' '));
      for (let i = 1; i < mention.length; i++) {
        taken.add(mention.start + i);
      }
      continue;
    }
    for (let i = 0; i < mention.length; i++) {
      taken.add(mention.start + i);
    }
    brandWords.push(...span);
    if (before !== undefined && NEGATION.has(before)) {
      exclude.push(mention.brand);
      taken.add(mention.start - 1);
    } else {
      include.push(mention.brand);
      if (before !== undefined && ONLY.has(before)) {
        taken.add(mention.start - 1);
      }
    }
  }
  if (include.length > 0) {
    filters.brands = [...new Set(include)];
  }
  if (exclude.length > 0) {
    filters.excludeBrands = [...new Set(exclude)];
  }
  takePieceCounts(words, taken, isKnownStem);
  const excludeWords = withoutPhrases(words, taken, sourceAt);
  if (excludeWords.length > 0) {
    filters.excludeWords = excludeWords;
  }

  // Category words are looked for among the words that are not brands.
  const rest: Array<{ word: string; at: number }> = [];
  words.forEach((word, at) => {
    if (!taken.has(at)) {
      rest.push({ word: replaced.get(at) ?? word, at });
    }
  });
  const shown = (r: { word: string; at: number }): string => replaced.get(r.at) ?? sourceAt(r.at);
  const categoryWords: string[] = [];
  const found = categories.find(
    rest.map((r) => r.word),
    isKnownStem,
  );
  // One word naming a few categories by their last word ("charger": "Car Chargers") filters
  // by them only when they hold most products of that kind (kind-coverage.ts).
  const oneWord = found?.oneWord ? rest[found.wordIndexes[0] as number]?.word : undefined;
  const mention = found && (oneWord === undefined || holdsKind(oneWord, found.categories)) ? found : null;
  if (mention) {
    filters.categories = mention.categories;
    // A word naming the categories only through a synonym ("earbuds" → "Headphones") stays a
    // search word as well when products here are of that kind and others of the synonym's: the
    // earbuds come before the other headphones, and "cheap earbuds" orders earbuds.
    // So does one followed by what the item comes with ("смеситель с душем"): without it the
    // search would look for the shower alone.
    let named: Set<string> | null = null;
    for (const i of mention.wordIndexes) {
      const r = rest[i];
      if (r) {
        // Followed by what it is for and an adjective in the nominative after that ("стул для
        // кухни мягкий"), the word stays too: the adjective is said of it, not of the kitchen.
        const beforeWith =
          (WITH_WORDS.has(rest[i + 1]?.word ?? '') && rest[i + 2] !== undefined) ||
          (isCompatibilityAt(words, rest[i + 1]?.at ?? -1) && rest.slice(i + 3).some((x) => NOMINATIVE_ADJECTIVE.test(x.word)));
        // A category listing the word after another kind («Шатры, зонты, качели», «Столы и
        // подстолья») does not make its products of the kind asked: the word stays to rank them
        // ("уличный зонт для террасы" showed the tents, "подстолье для барного стола" a coffee table first).
        const listedAfter = mention.categories.some((c) => listsAfterAnother(c, stem(r.word)));
        if (!beforeWith && !listedAfter && (!isOwnKindWord(r.word) || (named ??= new Set(mention.categories.flatMap((c) => tokenize(c).map(stem)))).has(stem(r.word)))) {
          taken.add(r.at);
        }
        categoryWords.push(shown(r));
      }
    }
  }

  // The search text keeps what the item is for ("для рук", "for iphone"): the search reads
  // the product word and the purpose from it. "for" stays only after a word of the text and
  // before another, and not after a stop word ("looking for"); "от" also first ("от морщин": the
  // buyer names what the item is against, and no item).
  // "с"/"with" stays between two words of the text: what follows is what the item comes with.
  // A word for an item of any kind before what it is for ("средство для загара", "something
  // against mosquitoes") is no search word: the descriptions saying "средство" came first, under
  // the first card's series as the title.
  const anyItem = (r: { word: string }, i: number): boolean => ANY_ITEM_WORDS.has(r.word) && startsPurpose(rest[i + 1]?.word ?? '');
  const kept = rest.filter((r, i) => !taken.has(r.at) && (!STOP_WORDS.has(r.word) || startsPurpose(r.word) || WITH_WORDS.has(r.word)) && !ONLY.has(r.word) && !anyItem(r, i));
  const text = kept
    .filter((r, i) =>
      WITH_WORDS.has(r.word)
        ? withBetweenWords(kept, i)
        : !startsPurpose(r.word) ||
          (isCompatibilityAt(words, r.at) && i < kept.length - 1 && (i > 0 ? !startsPurpose((kept[i - 1] as { word: string }).word) : AGAINST_WORDS.has(r.word))),
    )
    .map(shown)
    .join(' ');

  const parsed: DetailedQuery = {
    text,
    filters,
    categoryWords,
    brandWords,
    cheaper: price.cheaper === true,
    pricier: price.pricier === true,
  };
  // "для кухни" with nothing before it: the text is what the item is for, not an item.
  const first = kept[0];
  if (first && text !== '' && categoryWords.length === 0 && brandWords.length === 0 && startsPurpose(first.word) && !AGAINST_WORDS.has(first.word)) {
    parsed.forOnly = true;
  }
  if (categoryWords.length > 0) {
    // "с"/"with" between two words stays here too: without it the words after it became the
    // product word once the category gave way ("phone with wireless charging" → the chargers).
    const said = rest.filter((r) => (!STOP_WORDS.has(r.word) || startsPurpose(r.word) || WITH_WORDS.has(r.word)) && !ONLY.has(r.word));
    parsed.textWithCategory = said
      .filter((r, i) => !WITH_WORDS.has(r.word) || withBetweenWords(said, i))
      .map(shown)
      .join(' ');
  }
  if (price.sort) {
    parsed.sort = price.sort;
  }
  return parsed;
}

/** Where a category's name lists its kinds: «Шатры, зонты, качели», «Столы и подстолья», "Cables & Chargers". */
const LIST_SEPARATOR = /,|\s(?:и|and|&)\s/iu;

/**
 * Whether a category's name lists the word (a stem) after another kind («зонт» of «Шатры, зонты,
 * качели», «подстоль» of «Столы и подстолья»): such a category is not of the word's kind.
 */
function listsAfterAnother(category: string, wordStem: string): boolean {
  const parts = category.split(LIST_SEPARATOR);
  return parts.length > 1 && !tokenize(parts[0] as string).some((w) => stem(w) === wordStem) && parts.slice(1).some((p) => tokenize(p).some((w) => stem(w) === wordStem));
}

/** Whether the "с"/"with" at `i` stands between two words of the text, not after another or after "для"/"for". */
function withBetweenWords(words: ReadonlyArray<{ word: string }>, i: number): boolean {
  const before = words[i - 1]?.word;
  return before !== undefined && i < words.length - 1 && !WITH_WORDS.has(before) && !startsPurpose(before);
}

/** The ends of model names buyers write in Russian letters ("айфон 15 про"), as the names write them. */
const MODEL_SUFFIXES: ReadonlyMap<string, string> = new Map([
  ['про', 'pro'],
  ['макс', 'max'],
  ['плюс', 'plus'],
  ['мини', 'mini'],
  ['ультра', 'ultra'],
  ['эйр', 'air'],
]);
/** Of those, the ones that are a Russian word too (a preposition, "мини-печь"): read so only after a model's number or a Latin word. */
const RUSSIAN_TOO: ReadonlySet<string> = new Set(['про', 'плюс', 'мини']);
/** Russian letters as buyers read a model code's letters aloud ("с24" is the Galaxy S24, "а55" the A55). */
const CODE_LETTERS: ReadonlyMap<string, string> = new Map(
  Object.entries({ а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', з: 'z', и: 'i', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'x' }),
);
/** A model code in Russian letters: one or two letters and a number ("с24", "а55"). */
const CYRILLIC_CODE = /^([а-я]{1,2})(\d{1,4})$/u;
/** Words before which a code is a measure, not a model ("30 м2"). */
const NUMBER = /^\d+(?:[.,]\d+)?$/u;

/**
 * The words of a model's name buyers write in Russian letters, as names write them: its end
 * ("айфон 15 про" → "pro", "макбук эйр" → "air"; "про", "плюс" and "мини" only after a model's
 * number or a Latin word, elsewhere "про" is the preposition of "расскажи про третий"), its code
 * ("самсунг с24" → "s24", not after a number: "30 м2" is an area), and such an end alone as a
 * follow-up ("а ультра?"). `text` is bounded; letter case does not matter.
 */
export function modelSuffixesInLatin(text: string): string {
  if (!/[а-яё]/iu.test(text)) {
    return text;
  }
  const parts = text.split(/(\s+)/u);
  const bare = (i: number): string => (parts[i] as string).replace(/[?!.,]+$/u, '').toLowerCase();
  const content = parts.filter((p, i) => i % 2 === 0 && p !== '' && !['а', 'и', 'a', 'and'].includes(bare(i)));
  for (let i = 0; i < parts.length; i += 2) {
    const word = bare(i);
    const before = i >= 2 ? (parts[i - 2] as string) : '';
    const latin = MODEL_SUFFIXES.get(word);
    const afterModel = /[0-9a-z]/iu.test(before) && !/[а-яё]/iu.test(before);
    if (latin !== undefined && (afterModel || (i >= 2 && !RUSSIAN_TOO.has(word)) || content.length === 1)) {
      parts[i] = (parts[i] as string).replace(/^[а-яё]+/iu, latin);
      continue;
    }
    const code = CYRILLIC_CODE.exec(word);
    if (code && i >= 2 && !NUMBER.test(before.replace(/[?!.,]+$/u, ''))) {
      const letters = [...(code[1] as string)].map((c) => CODE_LETTERS.get(c));
      if (letters.every((l) => l !== undefined)) {
        parts[i] = (parts[i] as string).replace(/^[а-я]{1,2}\d{1,4}/iu, `${letters.join('')}${code[2] as string}`);
      }
    }
  }
  return parts.join('');
}
