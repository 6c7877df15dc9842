/**
 * Word stemming for Russian and English. The stemmer is chosen per word by its script,
 * not by the shop's language: Russian catalogues are full of Latin brand and model
 * names, and English buyers type Latin words to Russian shops.
 */
import snowball from 'snowball-stemmers';
import { hasDigit, isCyrillic } from './tokenize.ts';

const russian = snowball.newStemmer('russian');
const english = snowball.newStemmer('english');

// Stemming is the hottest step of both indexing and querying; catalogue vocabularies
// repeat words heavily, so a bounded memo pays for itself. Bounded so a hostile stream of
// unique words cannot grow it without limit.
const MEMO_LIMIT = 200_000;
const FLEETING = /[бвгджзклмнпрстфхцчшщ](?:[ое][кл]|ец)$/u;
const memo = new Map<string, string>();
// English plurals the stemmer does not join to their singular ("shelves" stems to "shelv",
// "shelf" to "shelf"): the singular is stemmed instead.
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ['shelves', 'shelf'],
  ['shelving', 'shelf'],
  ['knives', 'knife'],
  ['leaves', 'leaf'],
  ['halves', 'half'],
  ['loaves', 'loaf'],
  ['scarves', 'scarf'],
  ['wolves', 'wolf'],
  ['calves', 'calf'],
  ['hooves', 'hoof'],
  ['wives', 'wife'],
  ['mice', 'mouse'],
  ['geese', 'goose'],
  ['teeth', 'tooth'],
  ['children', 'child'],
  ['cacti', 'cactus'],
  // Plurals of abbreviations, which the stemmer leaves whole as too short ("tvs" said we sold no TVs).
  // Not "pcs", which shops write for pieces ("10 pcs").
  ['tvs', 'tv'],
  ['ssds', 'ssd'],
  ['hdds', 'hdd'],
  ['gpus', 'gpu'],
  ['cpus', 'cpu'],
  ['dvds', 'dvd'],
  ['cds', 'cd'],
]);

/**
 * English nouns of a device or a doer in "-ator" ("laminator", "calculator", "radiator") keep
 * their own stem, the plural's "s" dropped: the stemmer makes "laminator" and "laminated" one
 * "lamin", and an office shop selling no laminator answered "laminator" with laminated tape.
 */
const AGENT_NOUN = /[a-z]{3}ators?$/;

/**
 * Returns the stem of one normalised word. Words with digits (model codes, sizes) and
 * very short words are returned as they are: stemming "s24" or "lg" only loses meaning.
 */
export function stem(word: string): string {
  if (word.length <= 2 || hasDigit(word)) {
    return word;
  }
  const known = memo.get(word);
  if (known !== undefined) {
    return known;
  }
  const cyrillic = isCyrillic(word);
  let stemmed = cyrillic ? russian.stem(word) : AGENT_NOUN.test(word) ? word.replace(/s$/, '') : english.stem(IRREGULAR.get(word) ?? word);
  // Russian fleeting vowels: "чехол"/"чехлы", "ремешок"/"ремешки", "продавец"/"продавцы"
  // stem apart ("чехол" vs "чехл"); dropping the vowel of such an ending joins them.
  if (cyrillic && stemmed.length >= 5 && FLEETING.test(stemmed)) {
    stemmed = stemmed.slice(0, -2) + stemmed.slice(-1);
  }
  // A stem shorter than 2 letters matches far too much ("ит", "и"); keep the word then.
  const result = stemmed.length >= 2 ? stemmed : word;
  if (memo.size >= MEMO_LIMIT) {
    memo.clear();
  }
  memo.set(word, result);
  return result;
}

/**
 * Russian adjectives made from nouns, as stems: "массаж" (для массажа) and "массажн"
 * (массажное), "бег" and "бегов", "зим" and "зимн", "дет" and "детск", "коф" and "кофейн".
 * Shops write "Масло массажное" where buyers say "масло для массажа", and the other way round.
 */
const ADJECTIVE_SUFFIXES = ['н', 'ов', 'ев', 'ск', 'ивн', 'ан', 'ейн'] as const;
const MIN_NOUN_STEM = 3;
/** Adjectives whose look-alike noun means something else: "полный" is not of "пол", "матовый" not of "мат", "розовый" not of "роза". */
const FALSE_DERIVATIONS = new Set(['полн', 'матов', 'розов', 'голов', 'главн']);

/**
 * The stems a Russian stem may be the noun or the adjective of (not checked against any
 * catalogue: the caller keeps those its index knows). At most fourteen, none for Latin words
 * or codes.
 */
export function derivedStems(stemmed: string): string[] {
  if (!isCyrillic(stemmed) || hasDigit(stemmed) || FALSE_DERIVATIONS.has(stemmed)) {
    return [];
  }
  const out: string[] = [];
  for (const suffix of ADJECTIVE_SUFFIXES) {
    if (stemmed.length >= MIN_NOUN_STEM && !FALSE_DERIVATIONS.has(stemmed + suffix)) {
      out.push(stemmed + suffix);
    }
    if (stemmed.endsWith(suffix) && stemmed.length - suffix.length >= MIN_NOUN_STEM) {
      out.push(stemmed.slice(0, -suffix.length));
    }
  }
  return out;
}
