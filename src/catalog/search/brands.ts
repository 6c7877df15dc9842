/**
 * Recognising the catalogue's brands in a buyer's words, including the ways Russian
 * buyers spell Latin brands in Cyrillic ("самсунг", "эппл", "сяоми"). Only brands that
 * the tenant's own catalogue carries are ever recognised.
 */
import { OneEditWords } from './edits.ts';
import { synonymsOf } from './synonyms.ts';
import { normalizeText, tokenize } from './tokenize.ts';
import { toCyrillic, toLatin } from './translit.ts';

/** Compares brands regardless of case, spaces, punctuation and trade-mark signs. */
export function brandKey(brand: string): string {
  return normalizeText(brand).replace(/[^\p{L}\p{N}]+/gu, '');
}

// Spellings that plain transliteration does not produce. Keyed by brandKey of the Latin
// brand; values are normalised Cyrillic (or colloquial Latin) forms buyers write. Looked up
// by the catalogue's brands, so a Map (see below): a brand named "constructor" must not
// find a function.
const KNOWN_SPELLING_LIST: Record<string, string[]> = {
  apple: ['эппл', 'эпл', 'апл', 'аппл', 'эппле'],
  samsung: ['самсунг', 'самсун'],
  xiaomi: ['сяоми', 'ксиоми', 'шаоми', 'ксяоми', 'xiomi', 'xiami', 'ксиаоми', 'сиоми'],
  sony: ['сони', 'сонька'],
  bosch: ['бош', 'бошь'],
  philips: ['филипс', 'филлипс', 'phillips'],
  lg: ['лг', 'элджи', 'эл джи', 'элжи'],
  lgelectronics: ['лг', 'элджи', 'lg'],
  tefal: ['тефаль', 'тефал'],
  dyson: ['дайсон', 'дисон'],
  jbl: ['джибиэль', 'жбл', 'джбл'],
  honor: ['хонор', 'онор'],
  huawei: ['хуавей', 'хуавэй', 'хуавеи', 'huawey'],
  lenovo: ['леново'],
  asus: ['асус', 'азус'],
  hp: ['хп', 'эйчпи'],
  acer: ['асер', 'эйсер'],
  delonghi: ['делонги', 'делонджи', 'де лонги'],
  braun: ['браун'],
  oralb: ['орал би', 'орал-би', 'оралби', 'oral b'],
  redmond: ['редмонд'],
  polaris: ['поларис'],
  krups: ['крупс'],
  marshall: ['маршалл', 'маршал'],
  logitech: ['логитек', 'логитеч'],
  garmin: ['гармин'],
  realme: ['реалми', 'рилми'],
  dreame: ['дрими', 'дриме'],
  roborock: ['роборок'],
  thomas: ['томас'],
  haier: ['хайер', 'хаер'],
  tcl: ['тисиэль', 'тсл'],
  baseus: ['базеус', 'басеус'],
  anker: ['анкер'],
  spigen: ['спиген', 'спайген'],
  lavazza: ['лавацца', 'лаваца'],
  nespresso: ['неспрессо'],
  google: ['гугл'],
  nokia: ['нокиа'],
  motorola: ['моторола'],
  canon: ['кэнон', 'канон'],
  nikon: ['никон'],
  garnier: ['гарньер'],
  kitfort: ['китфорт'],
};
const KNOWN_SPELLINGS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(KNOWN_SPELLING_LIST));

// Russian declines transliterated brands ("у самсунга", "с бошем"); the bare form is tried
// after the exact one. Only Cyrillic words, and only if three letters remain.
const CASE_ENDINGS = ['ами', 'ом', 'ем', 'ой', 'ах', 'ы', 'а', 'у', 'е', 'и', 'я', 'ю'];
function withoutCaseEnding(word: string): string {
  if (!/^[а-я]+$/.test(word)) {
    return word;
  }
  for (const ending of CASE_ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= 3) {
      return word.slice(0, -ending.length);
    }
  }
  return word;
}

/** Brands this long or longer are recognised one letter off (see BrandMatcher.find). */
const MIN_TYPO_BRAND = 5;

// Words that say what a company is or does rather than name it: "LG Electronics" is "LG"
// to a buyer, "Griffin Technology" is "Griffin".
const COMPANY_WORDS = new Set([
  'electronics', 'electronic', 'technology', 'technologies', 'tech', 'international', 'industries', 'group', 'company', 'co',
  'corp', 'corporation', 'inc', 'ltd', 'llc', 'gmbh', 'brands', 'products', 'designs', 'design', 'devices', 'usa', 'global',
  'электроникс', 'групп', 'группа', 'рус', 'россия',
]);

/** A brand found in a message, with the words it took. */
export interface BrandMention {
  brand: string;
  /** Index of the first word and the number of words in the tokenised message. */
  start: number;
  length: number;
}

/**
 * Knows one catalogue's brands and finds them in messages. Built per tenant from the
 * brands its products carry.
 */
export class BrandMatcher {
  /** Canonical brand name (as most products spell it) by brand key. */
  private readonly canonical = new Map<string, string>();
  /** Key of a one- or multi-word spelling (words joined by a space) → brand key. */
  private readonly spellings = new Map<string, string>();
  /** Spellings that are the brand's own words (not aliases or transliterations). */
  private readonly strong = new Set<string>();
  private maxWords = 1;
  /** The keys of brands of MIN_TYPO_BRAND letters or more, for misspellings. */
  private readonly typoKeys = new OneEditWords();

  /**
   * `isCommonWord(word, brandKey)` tells whether a word is used by many other products'
   * names; such a word never stands for a brand on its own ("Case-Mate" is not "case").
   * `namesKind(word)` tells whether a word names a kind of product the shop sells: the
   * first word of a brand stands for it alone only when the others just say what the
   * company is or sells ("LG Electronics", "Verizon Prepaid", "Beeline Cases"); "French
   * Bull" needs its whole name, or "french door refrigerator" would list its phone cases.
   */
  constructor(
    brandCounts: Map<string, number>,
    isCommonWord: (word: string, brandKey: string) => boolean = () => false,
    namesKind: (word: string) => boolean = () => false,
  ) {
    // Among spellings of one brand ("SAMSUNG", "Samsung") the most frequent is shown.
    const best = new Map<string, { name: string; count: number }>();
    for (const [name, count] of brandCounts) {
      const key = brandKey(name);
      if (key.length === 0) {
        continue;
      }
      const prev = best.get(key);
      if (!prev || count > prev.count) {
        best.set(key, { name, count });
      }
    }
    for (const [key, { name }] of best) {
      this.canonical.set(key, name);
      const words = tokenize(name).filter((w) => !/^(tm|™|®)$/.test(w));
      this.addSpelling(words.join(' '), key);
      this.addSpelling(key, key);
      this.strong.add(words.join(' '));
      this.strong.add(key);
      const rest = words.slice(1);
      if (words.length > 1 && (words[0]?.length ?? 0) >= 2 && !isCommonWord(words[0] as string, key) && synonymsOf(words[0] as string).length === 0 && rest.every((w) => COMPANY_WORDS.has(w) || namesKind(w))) {
        // "LG Electronics" is "LG" to a buyer; the first word alone names the brand unless
        // another brand claims it too, or it is a word of the synonym table, which says what a
        // thing is ("outdoor" of "Outdoor Tech": "outdoor bluetooth speaker" asked for that
        // brand's batteries).
        this.addSpelling(words[0] as string, key, true);
      }
      if (/^[a-z0-9]+$/.test(key) && key.length >= 4) {
        this.addSpelling(toCyrillic(key), key, true);
      }
      if (/^[а-я0-9]+$/.test(key) && key.length >= 4) {
        this.addSpelling(toLatin(key), key, true);
      }
      for (const spelling of KNOWN_SPELLINGS.get(key) ?? []) {
        this.addSpelling(normalizeText(spelling), key, true);
      }
      if (key.length >= MIN_TYPO_BRAND && /^\p{L}+$/u.test(key)) {
        this.typoKeys.add(key);
      }
    }
  }

  /**
   * The one brand whose name is one letter from a word the catalogue does not know
   * ("logitec" → Logitech), if exactly one is; words of MIN_TYPO_BRAND letters or more.
   */
  private misspelt(word: string): string | undefined {
    if (word.length < MIN_TYPO_BRAND || !/^\p{L}+$/u.test(word)) {
      return undefined;
    }
    const near = this.typoKeys.near(word, 2);
    return near.length === 1 ? near[0] : undefined;
  }

  private addSpelling(spelling: string, key: string, weak = false): void {
    const words = spelling.split(' ').filter((w) => w !== '');
    if (words.length === 0) {
      return;
    }
    const joined = words.join(' ');
    const existing = this.spellings.get(joined);
    if (existing !== undefined && existing !== key) {
      // A weak spelling (alias, first word) never takes a word away from another brand.
      if (weak) {
        return;
      }
    }
    if (existing === undefined || !weak) {
      this.spellings.set(joined, key);
    }
    this.maxWords = Math.max(this.maxWords, words.length);
  }

  /** Canonical names of all brands, most common spelling, sorted. */
  all(): string[] {
    return [...this.canonical.values()].sort((a, b) => a.localeCompare(b));
  }

  /** How many canonical brands there are. */
  count(): number {
    return this.canonical.size;
  }

  /** The canonical brand for a name as written anywhere (product field, filter, message), or misspelt by a letter ("logitec"). */
  resolve(name: string): string | undefined {
    const key = brandKey(name);
    const viaSpelling = this.spellings.get(tokenize(name).join(' ')) ?? this.spellings.get(key);
    return this.canonical.get(viaSpelling ?? key) ?? this.canonical.get(this.misspelt(key) ?? '');
  }

  /**
   * Finds brand mentions in tokenised words, longest spelling first, each word used once.
   * A wrong brand filter hides every right product, so only a word the catalogue does not
   * know (`isKnown` false) may be a misspelt brand, one letter from exactly one brand's name
   * of MIN_TYPO_BRAND letters or more ("logitec"). With `strongOnly`, only the brands' own
   * spellings count (for reading product names).
   */
  find(words: string[], strongOnly = false, isKnown?: (word: string) => boolean): BrandMention[] {
    const found: BrandMention[] = [];
    for (let i = 0; i < words.length; ) {
      let matched = 0;
      for (let n = Math.min(this.maxWords, words.length - i); n >= 1 && matched === 0; n--) {
        const phrase = words.slice(i, i + n).join(' ');
        if (strongOnly) {
          const key = this.strong.has(phrase) ? this.spellings.get(phrase) : undefined;
          if (key !== undefined) {
            found.push({ brand: this.canonical.get(key) as string, start: i, length: n });
            matched = n;
          }
          continue;
        }
        const key =
          this.spellings.get(phrase) ??
          (n > 1 ? this.spellings.get(phrase.replace(/ /g, '')) : (this.spellings.get(withoutCaseEnding(phrase)) ?? (isKnown && !isKnown(phrase) ? this.misspelt(phrase) : undefined)));
        if (key !== undefined) {
          found.push({ brand: this.canonical.get(key) as string, start: i, length: n });
          matched = n;
        }
      }
      i += matched > 0 ? matched : 1;
    }
    return found;
  }
}
