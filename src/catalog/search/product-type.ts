/**
 * The word that says what kind of product a name is, by the rule that finds a buyer's
 * product word (`analyseQuery`: in English the last word, in Russian the first noun, before
 * "for"/"with"/"для", numbers, measures and colours skipped), read in the name's first part
 * as the index splits it (`tokenizeName`: before a comma, a bracket or a sentence's end,
 * where shops append details) and without a count at its end ("… Magenta 1 pc(s)"): a
 * "bedside table lamp" is a lamp, a "slow cooker carry bag" a bag. A packaging word brings the word it packages
 * along: a "single bathroom vanity set" is a set and a vanity. A spec-sheet name says what it
 * is before its first measure ("AOC C27G2 computer monitor 68.6 cm (27") … Full HD LED").
 */
import { analyseQuery, analyseWords, isModelSuffix, packagedIndex } from './expansion.ts';
import { isModifierWord, namesProductKind, productKindOfAnyForm, shortNamesIn, spelledOutKind, synonymsOfAnyForm } from './synonyms.ts';
import { COMPATIBILITY_WORDS, STOP_WORDS, WITH_WORDS } from './stopwords.ts';
import { boundText } from './limits.ts';
import { hasAdjectiveEnding, hasDigit, isCyrillic, tokenize, tokenizeName } from './tokenize.ts';
import type { InvertedIndex, TermAlternative } from './inverted.ts';
import { isUnitWord, mergeMeasures, parseMeasure, spellMarks } from './measures.ts';
import { stem } from './stem.ts';

/** How many kind words a product keeps (its product word and the word a packaging word packages). */
export const KIND_SLOTS = 2;

/**
 * The kind words of a product name, at most KIND_SLOTS: those the index keeps for it; with its
 * description, the kind that opens it first when the name says none (`withDescribedKind`).
 */
export function productKindWords(name: string, description?: string): string[] {
  const bounded = boundText(name);
  return withDescribedKind(kindWordsOfFirst(tokenizeName(spellMarks(bounded)).first, bounded), bounded, description);
}

/**
 * A name's kind words with the kind its description opens with first (`describedKind`), when
 * the name's own kind is no kind of the synonym table ("Logitech M185 wireless mouse" is a
 * mouse by its name, whatever its description opens with).
 */
function withDescribedKind(named: string[], name: string, description: string | undefined): string[] {
  const own = named[0];
  if (description === undefined || (own !== undefined && (namesProductKind(own) || synonymsOfAnyForm(own).length > 0))) {
    return named;
  }
  const described = describedKind(name, description);
  return described === undefined ? named : [described, ...named.filter((w) => w !== described)].slice(0, KIND_SLOTS);
}

/** The kind words of a name's first part, split as the index splits it (`tokenizeName`). */
function kindWordsOfFirst(firstWords: string[], name: string): string[] {
  // "ТВ-тюнер", "USB-хаб": an abbreviation joined to a Russian noun says what the noun is for or
  // works with; the noun is the kind (a TV tuner was a TV, and came for "телевизор до 30000").
  const joined = JOINED_ABBREVIATION.exec(name);
  if (joined !== null && firstWords[0] === (joined[1] as string).toLowerCase() && firstWords[1] === (joined[2] as string).toLowerCase()) {
    return kindWordsOfFirst(firstWords.slice(1), name.slice(joined[0].length - (joined[2] as string).length));
  }
  const abbreviation = abbreviationBeforeMeasure(firstWords, name);
  if (abbreviation !== undefined) {
    return [abbreviation];
  }
  const named = kindWordsOfName(firstWords, name);
  const kind = named[0] !== undefined && followsPurpose(firstWords, named[0]) ? [] : named;
  // A spelled-out name whose last word is the kind ("internal solid state drive") is of the short word's kind too.
  const word = kind[0];
  const short = word === undefined ? undefined : shortNamesIn(firstWords).find((s) => firstWords[s.end] === word);
  if (short) {
    return [short.short, word as string];
  }
  // A shortened name ("Бп 600Вт.") is of the kind its full words name ("блок питания") too.
  const full = word === undefined ? undefined : spelledOutKind(word);
  return full === undefined ? kind : [word as string, full];
}

/** A name opening with an abbreviation in capitals joined by a hyphen to a Russian noun in small letters ("ТВ-тюнер DVB-T/T2"). */
const JOINED_ABBREVIATION = /^[^\p{L}\p{N}]*(\p{Lu}{2,5})-([а-яё]{3,})/u;

/** An abbreviation in capitals a name may open with as its kind ("SSD", "HDD", "ИБП"): two to five letters. */
const ABBREVIATION = /^(?:\p{Lu}{2,5})$/u;

/**
 * A name opening with an abbreviation in capitals and a measure after it ("SSD 120Gb Kingston
 * UV400 SATA3", "HDD 1Tb WD…"), and no word after them naming a kind: the abbreviation is the
 * kind, the measure its size. (Read by order, the kind was "kingston", and "ssd на 1 тб"
 * offered hard disks of 1 TB beside the SSDs.) Two abbreviations joined by a hyphen name the
 * kind by the second, and one code may stand before the measure: "SO-DIMM DDR3 8Gb Kingston"
 * is a DIMM (read as a "kingston", it was no memory for «оперативка для ноутбука 8 гб ddr3»).
 */
function abbreviationBeforeMeasure(firstWords: readonly string[], name: string): string | undefined {
  const written = /^[^\p{L}\p{N}]*(\p{L}+)(?:-(\p{L}+))?/u.exec(name);
  const first = written?.[1];
  if (first === undefined || !ABBREVIATION.test(first) || firstWords[0] !== first.toLowerCase()) {
    return undefined;
  }
  const second = written?.[2];
  const joined = second !== undefined && ABBREVIATION.test(second) && firstWords[1] === second.toLowerCase();
  const abbreviation = joined ? (second as string).toLowerCase() : firstWords[0];
  // Where the measure (or the code before it) is.
  let at = joined ? 2 : 1;
  if (CODE.test(firstWords[at] ?? '') && parseMeasure(firstWords[at] as string) === null) {
    at++;
  }
  const measure = firstWords[at];
  if (measure === undefined || parseMeasure(measure) === null) {
    return undefined;
  }
  // A brand in capitals opens names too ("LG 9кг стиральная машина", "ASUS 15.6\" laptop"):
  // not when a later word is Russian or names a kind.
  if (firstWords.some((w, i) => i >= at && (isCyrillic(w) || namesProductKind(w)))) {
    return undefined;
  }
  return abbreviation;
}

/** A code of letters and digits ("ddr3", "sata3"). */
const CODE = /^[a-z]{2,5}\d{1,2}$/;

/**
 * Whether `word` comes only after a word saying what the item is for: a name of a model's code
 * and its purpose ("F2102-B для ванной", a mixer filed under "Смесители для ванной") does not say
 * what it is, and its category does; with "ванной" taken as its kind, the shop seemed to sell baths.
 * A code written onto "для" ("G2241для ванной") counts too. Russian names only: in English
 * names "for" is as often part of a line's name ("NIVEA FOR MEN shaver", "Sonicare For Kids
 * … toothbrush").
 */
function followsPurpose(firstWords: readonly string[], word: string): boolean {
  const at = firstWords.indexOf(word);
  for (let i = 0; i < at; i++) {
    const w = firstWords[i] as string;
    if ((COMPATIBILITY_WORDS.has(w) && isCyrillic(w)) || GLUED_FOR.test(w)) {
      return true;
    }
  }
  return false;
}

const GLUED_FOR = /\dдля$/u;

/** The kind words of a name's first part by the rules of productKindWords, before short names. */
function kindWordsOfName(firstWords: string[], name: string): string[] {
  const said = lowerCaseKinds(firstWords, name);
  if (said.known) {
    return said.known;
  }
  const kind = kindWordsByOrder(firstWords, name);
  const word = kind[0];
  // A lower-case word no table knows ("printer roller", "imaging unit") over a last word or a
  // spec-sheet word that is not a kind either ("… 100000 pages"), unless that word is one of
  // the lower-case ones ("AOC Basic-line 27B2H computer monitor 68.6 cm": the monitor).
  if (word !== undefined && (namesProductKind(word) || said.all.includes(word))) {
    return kind;
  }
  return said.other ?? kind;
}

/** The kind words of a name's first part by the order of its words (see productKindWords). */
function kindWordsByOrder(firstWords: string[], name: string): string[] {
  const first = withoutTrailingCount(firstWords);
  if (!hasNumber(first)) {
    return kindWordsOf(analyseWords(first));
  }
  const merged = mergeMeasures(first);
  // A name written all in lower case shows no capitalised brand and model to tell the kind from.
  const specs = name === name.toLowerCase() ? -1 : specificationsStart(merged);
  if (specs > 0) {
    const kind = kindWordsOf(analyseWords(merged.slice(0, specs)));
    const word = kind[0];
    if (word !== undefined && (namesProductKind(word) || writtenInLowerCase(name, word))) {
      return kind;
    }
  }
  return kindWordsOf(analyseWords(merged));
}

/**
 * Whether the name writes the (lower-case) word in lower case, as spec-sheet names write
 * what the product is between a capitalised brand and model and the specifications
 * ("AOC C27G2 computer monitor 68.6 cm"): "DYMO D1 Standard - … 9mm label-making tape" is
 * tape, not a "Standard".
 */
function writtenInLowerCase(name: string, word: string): boolean {
  for (let at = name.indexOf(word); at >= 0; at = name.indexOf(word, at + 1)) {
    if (!isLetter(name.charCodeAt(at - 1)) && !isLetter(name.charCodeAt(at + word.length))) {
      return true;
    }
  }
  return false;
}

/** How far past the last word read a name's next word is looked for (separators, marks, a skipped bracket). */
const LOOK_AHEAD_CHARS = 24;

/** Words written in lower case in a name that say nothing of what the item is. */
const NOT_KIND_WORDS: ReadonlySet<string> = new Set(['over', 'pc', 'pcs', 'series', 'edition', 'gen', 'generation', 'model', 'version']);

/**
 * The kind a catalogue's spec-sheet name says in lower case among capitalised brands, models
 * and specifications, as Icecat names are written ("Lexmark 10E0045 printer roller Printer
 * transfer roller 100000 pages" is a roller, "Xerox Phaser 5550V_DN laser printer 1200 x 1200
 * DPI" a printer, "Adesso Tru-Form™ Media - Contoured Ergonomic with Hot Key keyboard USB"
 * a keyboard): the product word of the first run of such words that names a kind of product
 * (`known`), else (`other`) of the first run before "with" or "for"; `all` are the product
 * words of every run. Not a word after a number ("20000 pages",
 * "1080 pixels"), a unit, a colour or feature, a model's suffix, nor the end of a web address
 * ("StarTech.com"). Names in one case (all lower: no capitals to tell by) and Russian names
 * are left to the other rules. In a "Brand - Title - Colour" name (Best Buy's), the brand and
 * the colour are left out and the word must name a kind: lower case there is a product line
 * ("mophie - Juice Pack …", "Incipio - feather SHINE …").
 * A model's code starting with digits ("AOC Basic-line 27B2H computer monitor") is no number.
 */
function lowerCaseKinds(firstWords: readonly string[], name: string): { known?: string[]; other?: string[]; all: string[] } {
  const out: { known?: string[]; other?: string[]; all: string[] } = { all: [] };
  if (name === name.toLowerCase() || isCyrillic(name)) {
    return out;
  }
  const dash = name.indexOf(' - ');
  const brandEnd = dash > 0 && !/\d/.test(name.slice(0, dash)) && name.slice(0, dash).split(' ').length <= 4 ? dash : -1;
  const nextDash = brandEnd >= 0 ? name.indexOf(' - ', brandEnd + 3) : -1;
  const titleEnd = nextDash >= 0 ? nextDash : name.length;
  const lower = name.toLowerCase();
  if (lower.length !== name.length) {
    return out;
  }
  let run: string[] = [];
  let afterWith = false;
  // Where the name was read up to. A word is looked for in the next few characters only, so a
  // word the tokenizer respelled ("ё") costs no scan of the rest of the name.
  let cursor = 0;
  let afterNumber = false;
  let previousWritten = false;
  /** Ends the run; true once a run names a known kind. */
  const take = (): boolean => {
    const kind = run.length > 0 ? kindWordsOf(analyseWords(run)) : [];
    run = [];
    const word = kind[0];
    if (word === undefined || isModifierWord(word)) {
      return false;
    }
    out.all.push(word);
    if (namesProductKind(word)) {
      out.known = kind;
      return true;
    }
    if (!afterWith && brandEnd < 0 && out.other === undefined) {
      out.other = kind;
    }
    return false;
  };
  for (const w of firstWords) {
    const found = lower.slice(cursor, cursor + w.length + LOOK_AHEAD_CHARS).indexOf(w);
    const at = found >= 0 ? cursor + found : -1;
    if (at >= 0) {
      cursor = at + w.length;
    }
    const before = at > 0 ? name[at - 1] : ' ';
    const asWritten: boolean =
      at > brandEnd &&
      at < titleEnd &&
      name.startsWith(w, at) &&
      /^[a-z]{2,}$/.test(w) &&
      before !== '.' &&
      // The second half of "Basic-line" is part of a capitalised name, of "self-adhesive" not.
      (before !== '-' || previousWritten) &&
      !afterNumber &&
      !isUnitWord(w) &&
      !NOT_KIND_WORDS.has(w) &&
      !isModelSuffix(w);
    afterNumber = /^\d+(?:[.,]\d+)?$/.test(w);
    previousWritten = asWritten;
    if (asWritten && !STOP_WORDS.has(w)) {
      run.push(w);
      continue;
    }
    if (take()) {
      return out;
    }
    if (WITH_WORDS.has(w) || COMPATIBILITY_WORDS.has(w)) {
      afterWith = true;
    }
  }
  take();
  return out;
}

/** Whether the UTF-16 code is a letter of the Latin or Cyrillic alphabets (NaN, out of the string, is not). */
function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 0xc0 && c <= 0x24f) || (c >= 0x400 && c <= 0x4ff);
}

/** Words that end a model's name before its size ("bosch 500 series 24 in. dishwasher"). */
const NAME_TAILS: ReadonlySet<string> = new Set(['series', 'edition', 'gen', 'generation', 'model', 'version']);

/**
 * Where an English spec-sheet name's specifications begin: at its first measure after a
 * brand, a model and a word ("AOC C27G2 computer monitor 68.6 cm (27") 1920 x 1080 pixels
 * Full HD LED" is a monitor, not an LED), or -1. A measure after fewer words is part of
 * what the product is ("frigidaire 25.54 cu. ft. french door refrigerator").
 */
function specificationsStart(words: readonly string[]): number {
  for (let i = 3; i < words.length; i++) {
    const w = words[i] as string;
    if (isCyrillic(w)) {
      return -1;
    }
    if (parseMeasure(w) !== null) {
      const before = words[i - 1] as string;
      return (before.length < 3 && !namesProductKind(before)) || hasDigit(before) || isUnitWord(before) || isModelSuffix(before) || NAME_TAILS.has(before) ? -1 : i;
    }
  }
  return -1;
}

function kindWordsOf({ words, head }: { words: string[]; head: number }): string[] {
  const w = words[head];
  if (w === undefined) {
    return [];
  }
  const packaged = packagedIndex(words, head);
  return packaged >= 0 ? [w, words[packaged] as string] : [w];
}

const COUNT_WORDS: ReadonlySet<string> = new Set(['pc', 'pcs', 'шт']);

/** The words of a name's first part without a count at its end ("1 pc" of "… Original Magenta 1 pc(s)"). */
function withoutTrailingCount(words: string[]): string[] {
  const n = words.length;
  return n >= 3 && COUNT_WORDS.has(words[n - 1] as string) && /^\d+$/.test(words[n - 2] as string) ? words.slice(0, n - 2) : words;
}

/** Whether a word list has a word starting with a digit, where a measure may begin. */
function hasNumber(words: readonly string[]): boolean {
  for (const w of words) {
    const c = w.charCodeAt(0);
    if (c >= 48 && c <= 57) {
      return true;
    }
  }
  return false;
}

/** The categories of the products, for the kind a name does not tell. */
export interface KindCategories {
  /** The category names, by id. */
  names: readonly string[];
  /** The ids of product i's categories, the most specific last. */
  pathOf(i: number): ArrayLike<number>;
}

/** The kinds of the products, and the categories not trusted to say them (see `categoriesNamingOtherKinds`). */
export interface ProductKinds {
  /** KIND_SLOTS term ids per product. */
  terms: Int32Array;
  untrustedCategories: ReadonlySet<number>;
  /** Kind terms some product's name opens with, as a Russian noun after adjectives or none ("Ошейник Garmin Alpha …"). */
  openingKinds: ReadonlySet<number>;
}

/**
 * For each of `count` products, KIND_SLOTS term ids of its kind words in the index (-1
 * where none), read from the words of each name's first part that the index split already
 * (`firstWords`, see `tokenizeName`) rather than splitting each name again; `nameOf` gives
 * the name as written (bounded), for its letter case.
 *
 * A name whose kind word is the kind of none of the product's own categories (a colour the
 * rules do not know, "… Galaxy S7 32GB - Platinum Gold"; a series, "… Galaxy J3 32GB") may
 * not say what the product is; its most specific category does, and that category's kind
 * word takes the free slot: the Galaxy filed under "Cell Phones with Plans" is a phone. A
 * name that agrees with its category ("Смартфон …" under "Смартфоны"), or that opens with a
 * kind word of the synonym table, after Russian adjectives or none (`opensWithKind`), is left
 * as it is.
 */
export function productKinds(
  count: number,
  inv: InvertedIndex,
  firstWords: readonly string[][],
  nameOf: (i: number) => string,
  categories?: KindCategories,
  descriptionOf?: (i: number) => string | undefined,
): ProductKinds {
  const out = new Int32Array(count * KIND_SLOTS).fill(-1);
  // The kind word each name says (or its description, for a name that says none in Russian).
  const kindWord: Array<string | undefined> = new Array<string | undefined>(count);
  const describedAt: Array<string | undefined> = new Array<string | undefined>(count);
  const openingKinds = new Set<number>();
  for (let i = 0; i < count; i++) {
    const named = kindWordsOfFirst(firstWords[i] as string[], nameOf(i));
    const words = descriptionOf === undefined ? named : withDescribedKind(named, nameOf(i), descriptionOf(i));
    kindWord[i] = words[0];
    describedAt[i] = words[0] !== named[0] ? words[0] : undefined;
    for (let k = 0; k < words.length; k++) {
      out[i * KIND_SLOTS + k] = inv.termId(stem(words[k] as string)) ?? -1;
    }
    if (describedAt[i] === undefined && saysRussianNoun(firstWords[i] as string[], kindWord[i], undefined) && out[i * KIND_SLOTS] !== -1) {
      openingKinds.add(out[i * KIND_SLOTS] as number);
    }
  }
  if (!categories) {
    return { terms: out, untrustedCategories: new Set(), openingKinds };
  }
  const categoryKind = categoryKindTerms(categories.names, inv);
  const listed = listedKinds(categories.names);
  const sameKind = sameKindAs(inv);
  const unfaithful = categoriesNamingOtherKinds(out, firstWords, kindWord, describedAt, categories, categoryKind);
  for (let i = 0; i < count; i++) {
    const path = categories.pathOf(i);
    if (path.length === 0) {
      continue;
    }
    const word = kindWord[i];
    const leaf = path[path.length - 1] as number;
    // A category not trusted still tells what a name saying no Russian noun is ("hp OfficeJet PRO 8000").
    const leafKind = categoryKind[leaf] as number;
    if (
      !(unfaithful.has(leaf) && saysRussianNoun(firstWords[i] as string[], word, describedAt[i])) &&
      !namedAmongListed(word, listed[leaf]) &&
      !(leafKind >= 0 && saysRussianNoun(firstWords[i] as string[], word, describedAt[i]) && namesTargetAfter(firstWords[i] as string[], word, inv.term(leafKind)))
    ) {
      const described = describedAt[i];
      const said = described === undefined ? null : inv.termId(stem(described));
      addCategoryKind(out, i, path, categoryKind, said === null ? opensWithKind(firstWords[i] as string[], word, sameKind) : (term) => term === said);
    }
  }
  return { terms: out, untrustedCategories: unfaithful, openingKinds };
}

/** Words after which a name says what the product goes on or with ("Наклейки на клавиатуру", "Чехол для iPhone"). */
const TARGET_WORDS: ReadonlySet<string> = new Set(['для', 'д', 'к', 'под', 'на']);
/** How many words after its kind word a name is read for what the product goes on. */
const TARGET_WITHIN = 3;

/**
 * Whether the name says, within a few words after its own kind word, that it goes on or with
 * the category's kind ("Наклейки на клавиатуру" filed under «КЛАВИАТУРЫ»): then the category is
 * what it is for, not what it is, and the stickers are no keyboard.
 */
function namesTargetAfter(firstWords: readonly string[], word: string, categoryTerm: string): boolean {
  const at = firstWords.indexOf(word);
  for (let k = at + 1; at >= 0 && k < firstWords.length - 1 && k <= at + TARGET_WITHIN; k++) {
    if (TARGET_WORDS.has(firstWords[k] as string)) {
      return sharesOpening(new Set([stem(firstWords[k + 1] as string)]), categoryTerm);
    }
  }
  return false;
}

/** Letters two words must open with alike to be taken for one ("батаре" of "батарея" and "батарейки", "канал" of "канализации"). */
const MIN_SHARED_OPENING = 5;

/** Whether `s` is one of `words` (and their stems), or opens with the same MIN_SHARED_OPENING letters as one. */
function sharesOpening(words: ReadonlySet<string>, s: string): boolean {
  if (words.has(s)) {
    return true;
  }
  for (const c of words) {
    let k = 0;
    while (k < c.length && k < s.length && c[k] === s[k]) {
      k++;
    }
    if (k >= MIN_SHARED_OPENING) {
      return true;
    }
  }
  return false;
}

/** Whether the kind word is a Russian noun the name opens with (after adjectives), or its description does for a name saying none in Russian. */
function saysRussianNoun(firstWords: readonly string[], word: string | undefined, described: string | undefined): word is string {
  return word !== undefined && isCyrillic(word) && !hasAdjectiveEnding(word) && (described !== undefined || opensWith(firstWords, word));
}

/** Names opening with a Russian noun a category must hold before it is judged by them. */
const MIN_NOUN_NAMES = 5;
/** The share of those that must say the category's kind (or a word of its name) for it to be trusted. */
const MIN_AGREEING_SHARE = 0.1;

/**
 * The most specific categories whose products' names say other kinds than the category's:
 * Russian shops name a product by its kind first, and when hardly any of a category's names
 * that open with a Russian noun say its kind or a word of its name, the feed has filed products
 * at random. The computer shop's "ВИДЕОРЕГИСТРАТОРЫ" holds "Кабель …" and "Удлинитель …"; its
 * kind given to them would make "видеорегистратор" filter by it, hiding the "Видеорегистратор
 * Garmin Dash Cam …" filed under "Навигация". "Фильтры для воды", with its "Картридж …" beside
 * its "Фильтр …", is trusted.
 */
function categoriesNamingOtherKinds(
  out: Int32Array,
  firstWords: readonly string[][],
  kindWord: ReadonlyArray<string | undefined>,
  described: ReadonlyArray<string | undefined>,
  categories: KindCategories,
  categoryKind: Int32Array,
): Set<number> {
  const nouns = new Uint32Array(categories.names.length);
  const agreeing = new Uint32Array(categories.names.length);
  const stemsOf = new Map<number, ReadonlySet<string>>();
  for (let i = 0; i < kindWord.length; i++) {
    const word = kindWord[i];
    const path = categories.pathOf(i);
    if (path.length === 0 || word === undefined || !saysRussianNoun(firstWords[i] as string[], word, described[i])) {
      continue;
    }
    const leaf = path[path.length - 1] as number;
    // Only a Russian category naming a kind is judged by Russian names ("Laundry" over "Стиральная машина …" is not).
    if ((categoryKind[leaf] as number) < 0) {
      continue;
    }
    let stems = stemsOf.get(leaf);
    if (stems === undefined) {
      const words = tokenizeName(boundText(categories.names[leaf] ?? '')).words;
      stems = new Set(words.some(isCyrillic) ? [...words, ...words.map(stem)] : []);
      stemsOf.set(leaf, stems);
    }
    if (stems.size === 0) {
      continue;
    }
    nouns[leaf] = (nouns[leaf] as number) + 1;
    // In any form, synonym or diminutive: "Батарея AA …" says the kind of "БАТАРЕЙКИ/АКУМУЛЯТОРЫ".
    if ((out[i * KIND_SLOTS] as number) === categoryKind[leaf] || [word, ...synonymsOfAnyForm(word)].some((w) => sharesOpening(stems, w) || sharesOpening(stems, stem(w)))) {
      agreeing[leaf] = (agreeing[leaf] as number) + 1;
    }
  }
  const untrusted = new Set<number>();
  nouns.forEach((n, c) => {
    if (n >= MIN_NOUN_NAMES && (agreeing[c] as number) < n * MIN_AGREEING_SHARE) {
      untrusted.add(c);
    }
  });
  return untrusted;
}

/** A Russian word anywhere in a name, of three letters or more ("Б/у", "1024х1280" are none). */
const RUSSIAN_WORD_IN = /(?:^|[^\p{L}\p{N}])[а-яё]{3,}(?![\p{L}\p{N}])/iu;
/** A description opening with a Russian word, after quotes and spaces. */
const OPENS_RUSSIAN = /^[\s"«]*[а-яё]/iu;

/** Endings of Russian verbs and adverbs ("слушайте", "подходит", "идеально"), never a kind. */
const NOT_A_KIND = /(?:те|ть|ться|ет|ит|ут|ют|ат|ят|ьно|но)$/u;
/** Nouns a description opens with that say what follows, not what the product is. */
const DESCRIPTION_OPENERS: ReadonlySet<string> = new Set(['описание', 'новинка', 'товар', 'характеристики', 'модель', 'цвет', 'размер', 'артикул', 'производитель', 'бренд', 'цена', 'внимание']);

/** How much of a description is read for the kind it opens with. */
const DESCRIPTION_OPENING_CHARS = 80;
const DESCRIPTION_KIND_WORDS = 4;

/**
 * The kind a Russian description opens with, for a name that says none in Russian: the computer
 * shop's "17\" Samsung 731BF 1024х1280 DVI/VGA Б\У", filed under "ВЕБКАМЕРЫ", is described as
 * "Монитор Samsung 731BF DVI/VGA". Its first noun, after Russian adjectives at most, within the
 * first words; undefined when the name has a Russian word of its own or the description opens
 * otherwise.
 */
function describedKind(name: string, description: string | undefined): string | undefined {
  if (description === undefined || !OPENS_RUSSIAN.test(description) || RUSSIAN_WORD_IN.test(name)) {
    return undefined;
  }
  const opening = tokenizeName(spellMarks(description.slice(0, DESCRIPTION_OPENING_CHARS))).first.slice(0, DESCRIPTION_KIND_WORDS);
  for (const w of opening) {
    if (!isCyrillic(w) || w.length < 3) {
      return undefined;
    }
    if (!hasAdjectiveEnding(w)) {
      // A noun, not a verb or an adverb a description may open with ("Слушайте музыку …",
      // "Идеально подходит …").
      return STOP_WORDS.has(w) || NOT_A_KIND.test(w) || DESCRIPTION_OPENERS.has(w) ? undefined : w;
    }
  }
  return undefined;
}

/** A category name listing several kinds ("TV & Soundbars", "Кресла и стулья", "Шланги,лейки, комплектующие"). */
const LISTING = /[&,/]|\s(?:и|and)\s/iu;

/**
 * The term ids of kinds a category name lists that no product here is of: LG files its TVs
 * under "TV & Soundbars" and sells no soundbar. The words of the synonym table among each
 * listing name's words, each with its synonyms, when `count` (products of a kind term) is 0 for
 * all of them.
 */
export function kindsListedNotHeld(names: readonly string[], inv: InvertedIndex, count: (term: number) => number): ReadonlySet<number> {
  const out = new Set<number>();
  for (const name of names) {
    if (!LISTING.test(name)) {
      continue;
    }
    for (const said of tokenizeName(boundText(name)).first) {
      const word = productKindOfAnyForm(said);
      if (word !== undefined) {
        const terms = [word, ...synonymsOfAnyForm(word)].map((w) => inv.termId(stem(w)) ?? -1);
        if (terms.every((t) => count(t) === 0)) {
          terms.forEach((t) => t >= 0 && out.add(t));
        }
      }
    }
  }
  return out;
}

/** For each category name that lists several kinds, the stems of its words; undefined for any other. */
function listedKinds(names: readonly string[]): Array<ReadonlySet<string> | undefined> {
  return names.map((name) => (LISTING.test(name) ? new Set(tokenizeName(boundText(name)).first.map(stem)) : undefined));
}

/**
 * Whether a name's kind word is one of the kinds its category lists, in any language: a
 * "77-дюймовый телевизор …" under "TV & Soundbars" is a TV, not a soundbar too.
 */
function namedAmongListed(word: string | undefined, listed: ReadonlySet<string> | undefined): boolean {
  if (word === undefined || listed === undefined) {
    return false;
  }
  return [word, ...synonymsOfAnyForm(word)].some((w) => listed.has(stem(w)));
}

/** Suffixes that make a Russian noun's relational adjective ("душ" → "душевые", "газ" → "газовые"). */
const RELATIONAL_SUFFIXES = ['ов', 'ев'];

/**
 * The nouns whose relational adjective opens a category name before the noun of its kind
 * ("Душевые стойки" of a plumbing shop): a shop filing its products so sells that noun's
 * things, though no name is of the noun itself ("душ" asks for its shower stands and sets).
 * Answers whether a Russian noun is one: its stem and a relational suffix make the stem of
 * such an adjective.
 */
export function relationalCategoryNouns(names: readonly string[]): (noun: string) => boolean {
  const adjectives = new Set<string>();
  for (const name of names) {
    const words = tokenize(boundText(name));
    const [first, second] = words;
    if (first !== undefined && second !== undefined && isCyrillic(first) && hasAdjectiveEnding(first) && isCyrillic(second) && !hasAdjectiveEnding(second)) {
      adjectives.add(stem(first));
    }
  }
  return (noun) => {
    if (!isCyrillic(noun) || hasAdjectiveEnding(noun)) {
      return false;
    }
    const root = stem(noun);
    return RELATIONAL_SUFFIXES.some((suffix) => adjectives.has(root + suffix));
  };
}

/** For each category name, the term id of the kind of product it names ("Унитазы (Компакты)": "унитаз"), -1 where none. */
export function categoryKindTerms(names: readonly string[], inv: InvertedIndex): Int32Array {
  const out = new Int32Array(names.length).fill(-1);
  names.forEach((name, id) => {
    const word = kindWordsOf(analyseQuery(name))[0];
    out[id] = (word === undefined ? undefined : inv.termId(stem(word))) ?? -1;
  });
  return out;
}

/**
 * For a name opening with its kind word, and that word one of the synonym table, whether a
 * category's kind term is that kind in any language; else null. Such a name says what it is,
 * whatever category it is filed under: the furniture shop's "Кресло 1211-3", filed under
 * "Диваны" with the sofa it matches, is an armchair ("Морозильная камера …" under
 * "Refrigerators" still gets the category's kind, its "камера" being no camera; "Холодильник …"
 * there gets "refrigerator", the same kind in English). So does one opening with adjectives
 * and then such a word: the computer shop's "Графический планшет WACOM …", filed under "БЛОКИ
 * ПИТАНИЯ ATX", is no power supply.
 */
function opensWithKind(firstWords: readonly string[], word: string | undefined, sameKind: (word: string) => (term: number) => boolean): ((term: number) => boolean) | null {
  // In any form of the table's word: the computer shop's "Колонки JBL GO", filed under "ПРИНТЕРЫ
  // СТРУЙНЫЕ", are speakers ("колонки" being the plural of the table's "колонка").
  return word === undefined || !opensWith(firstWords, word) || !(namesProductKind(word) || synonymsOfAnyForm(word).length > 0) ? null : sameKind(word);
}

/** Russian adjectives a name may put before its kind word ("Графический планшет", "Беспроводная мышь"). */
const MAX_LEADING_ADJECTIVES = 2;

/** Whether the name's first words are `word`, or Russian adjectives and then `word`. */
function opensWith(firstWords: readonly string[], word: string): boolean {
  for (let i = 0; i <= MAX_LEADING_ADJECTIVES && i < firstWords.length; i++) {
    const w = firstWords[i] as string;
    if (w === word) {
      return true;
    }
    if (!isCyrillic(w) || !hasAdjectiveEnding(w)) {
      return false;
    }
  }
  return false;
}

/**
 * Whether a term is a synonym-table word's kind in any language, remembered per word: the
 * index build asks it of every name opening with such a word (a word of the table, so the memo
 * holds at most the table).
 */
function sameKindAs(inv: InvertedIndex): (word: string) => (term: number) => boolean {
  const memo = new Map<string, (term: number) => boolean>();
  return (word) => {
    let known = memo.get(word);
    if (known === undefined) {
      const stems = new Set([word, ...synonymsOfAnyForm(word)].map(stem));
      known = (term) => stems.has(inv.term(term));
      memo.set(word, known);
    }
    return known;
  };
}

/**
 * Puts the kind of product i's most specific category in a free slot, unless its name's kind is
 * one of its categories' kinds, or the name opens with a kind the category's is not (`nameKind`).
 */
function addCategoryKind(out: Int32Array, i: number, path: ArrayLike<number>, categoryKind: Int32Array, nameKind: ((term: number) => boolean) | null): void {
  const slots = out.subarray(i * KIND_SLOTS, (i + 1) * KIND_SLOTS);
  for (let c = 0; c < path.length; c++) {
    const kind = categoryKind[path[c] as number] as number;
    if (kind >= 0 && slots.includes(kind)) {
      return;
    }
  }
  const leafKind = categoryKind[path[path.length - 1] as number] as number;
  const free = slots.indexOf(-1);
  if (leafKind >= 0 && free >= 0 && (nameKind === null || nameKind(leafKind))) {
    slots[free] = leafKind;
  }
}

/**
 * Whether a term group names a kind of product of this catalogue: one of its terms is the
 * kind word of at least three products (of one in a catalogue under 300), so a word that
 * ends one odd name ("… flue and filter") is not a kind the shop sells; or some product's
 * name opens with it as a Russian noun (`openingKinds`): Russian shops name a product by its
 * kind first, and the Garmin shop's two "Ошейник …" are collars it sells ("ошейник" said they
 * were not sold).
 */
export function kindNamer(
  kindTerms: Int32Array,
  termCount: number,
  products: number,
  openingKinds: ReadonlySet<number> = new Set(),
): (group: readonly TermAlternative[]) => boolean {
  const counts = new Uint32Array(termCount);
  for (const t of kindTerms) {
    if (t >= 0) {
      counts[t] = (counts[t] as number) + 1;
    }
  }
  const min = Math.min(3, Math.max(1, Math.floor(products / 100)));
  return (group) => group.some((alt) => (counts[alt.termId] as number) >= min || openingKinds.has(alt.termId));
}

/** The kinds products here are of, and which kinds go together on one product. */
export interface KindWords {
  /** Whether some product here is of kind `term`. */
  has(term: number): boolean;
  /** Whether some product is of one of the kinds `of` and of none of the kinds `not`. */
  someOfNot(of: readonly number[], not: readonly number[]): boolean;
}

/** The kind words of `kindTerms` (KIND_SLOTS per product), with the kinds each goes with on a product. */
export function kindPairs(kindTerms: Int32Array): KindWords {
  // For each kind, the other kind of its products (-1: none) and how many products have that pair.
  const partners = new Map<number, Map<number, number>>();
  const pair = (a: number, b: number) => {
    const m = partners.get(a) ?? new Map<number, number>();
    m.set(b, (m.get(b) ?? 0) + 1);
    partners.set(a, m);
  };
  for (let i = 0; i < kindTerms.length; i += KIND_SLOTS) {
    const a = kindTerms[i] as number;
    const b = kindTerms[i + 1] as number;
    if (a >= 0) {
      pair(a, b === a ? -1 : b);
    }
    if (b >= 0 && b !== a) {
      pair(b, a);
    }
  }
  return {
    has: (term) => partners.has(term),
    someOfNot(of, not) {
      for (const t of of) {
        for (const other of partners.get(t)?.keys() ?? []) {
          if (!not.includes(other)) {
            return true;
          }
        }
      }
      return false;
    },
  };
}

/**
 * A product word's alternatives with its top weight (the word as the buyer wrote it, and its
 * forms), when one of them is the kind of some products here and a weaker one (a synonym:
 * "headphones" for "earbuds") the kind of others not of the buyer's word; else none (no
 * difference to make: the kettles of "Электрочайники" are all "чайник" by name too).
 */
export function termsAsSaid(group: readonly TermAlternative[], kinds: KindWords, termOf: (termId: number) => string): number[] {
  let top = 0;
  for (const alt of group) {
    top = Math.max(top, alt.weight);
  }
  const saidWords = new Set<string>();
  for (const alt of group) {
    if (alt.weight === top) {
      saidWords.add(termOf(alt.termId));
    }
  }
  // A Russian form of the buyer's word found as a weaker alternative ("батаре" of "Батарея AA"
  // for «батарейки») is the same kind: the cheapest battery, not the rechargeable one filed
  // under «БАТАРЕЙКИ/АККУМУЛЯТОРЫ» whose category says the word as written.
  const asSaid = (alt: TermAlternative) => alt.weight === top || (isCyrillic(termOf(alt.termId)) && sharesOpening(saidWords, termOf(alt.termId)));
  const said: number[] = [];
  const other: number[] = [];
  for (const alt of group) {
    if (kinds.has(alt.termId)) {
      (asSaid(alt) ? said : other).push(alt.termId);
    }
  }
  return said.length > 0 && other.length > 0 && kinds.someOfNot(other, said) ? group.filter(asSaid).map((alt) => alt.termId) : [];
}
