/**
 * Recognising the catalogue's categories in a buyer's words ("пылесос" → the vacuum
 * cleaner categories), so a product type can become a filter instead of a word that
 * must appear somewhere in a product's text. Built per tenant from its category names.
 */
import { boundedEdits } from './edits.ts';
import { MAX_FUZZY_WORDS } from './limits.ts';
import { stem } from './stem.ts';
import { COMPATIBILITY_WORDS, isCompatibilityAt, STOP_WORDS, WITH_WORDS } from './stopwords.ts';
import { synonymsOf } from './synonyms.ts';
import { hasAdjectiveEnding, isCyrillic, normalizeText, tokenize } from './tokenize.ts';

/** Key under which category names are compared: case, "ё" and spacing do not matter. */
export function categoryKey(name: string): string {
  return normalizeText(name).replace(/\s+/g, ' ').trim();
}

interface CategoryEntry {
  name: string;
  /** Alternatives of the part before "для"/"for", e.g. "часы и браслеты" → [[час], [браслет]]. */
  parts: string[][];
}

/** A category mention: the categories meant and the message words that named them. */
export interface CategoryMention {
  categories: string[];
  wordIndexes: number[];
  /** Named by one word alone (the last word of short category names), not by a whole name. */
  oneWord?: true;
}

const SPLIT_PARTS = new Set(['и', 'and', '&']);
/** A category is a department when at most this share of its products sit in it directly. */
const DEPARTMENT_DIRECT_SHARE = 0.1;
/** The parts of a category name that each name a kind: "Водонагреватели, газовые колонки, насосы". */
const PIECES = /,|\/|&|\s(?:и|and)\s/i;

/** Where each category sits among the others, as the products' category paths say. */
export interface CategoryTree {
  /** The categories found right below each category (by name as written), each once. */
  children: ReadonlyMap<string, readonly string[]>;
  /** How many products a category holds, itself and below; and how many directly in it. */
  size: (name: string) => number;
  direct: (name: string) => number;
  /** The stem of the word that says what a category holds, read as a product name is ("Cell Phone Accessories" → accessories). */
  kindOf: (name: string) => string | undefined;
}
// A stem this short that only ends a longer category word is chance, not a compound.
const MIN_SUFFIX_STEM = 5;
/** Stems whose category matches are remembered (see `CategoryMatcher.suffixMatches`). */
const MAX_SUFFIX_MEMO = 4096;

export class CategoryMatcher {
  /** Every stem of every category name: words that name product kinds in this shop. */
  readonly kindStems = new Set<string>();

  private readonly entries: CategoryEntry[] = [];
  /** Last stem of a category part → entries; the last word names the thing in both languages. */
  private readonly byLastStem = new Map<string, CategoryEntry[]>();
  /**
   * What `lastStemMatches` found for a stem: a pass over every category's last stem, which
   * buyers' common words would repeat on every message. Emptied when it reaches MAX_SUFFIX_MEMO stems.
   */
  private readonly suffixMatches = new Map<string, CategoryEntry[]>();
  /** For a department, the subcategories that hold its kind of product (see `departments`). */
  private readonly narrowed = new Map<string, string[]>();
  /** Of a category named for several kinds, the parts (by place) none of its subcategories holds (see `unheldParts`). */
  private readonly unheld = new Map<CategoryEntry, Set<number>>();

  /** `tree` tells departments from product types (see `departments`); without it, none are known. */
  constructor(names: Iterable<string>, tree?: CategoryTree) {
    const seen = new Set<string>();
    for (const name of names) {
      const key = categoryKey(name);
      if (key === '' || seen.has(key)) {
        continue;
      }
      seen.add(key);
      const entry: CategoryEntry = { name, parts: headParts(name) };
      if (entry.parts.length === 0) {
        continue;
      }
      this.entries.push(entry);
      for (const part of entry.parts) {
        part.forEach((st) => this.kindStems.add(st));
      }
      for (const part of entry.parts) {
        const last = part[part.length - 1] as string;
        const list = this.byLastStem.get(last) ?? [];
        list.push(entry);
        this.byLastStem.set(last, list);
      }
    }
    if (tree) {
      this.departments(tree);
      this.unheldParts(tree);
    }
  }

  /**
   * A category named for several kinds whose products all sit in subcategories, none of which
   * holds one of those kinds ("Подстолья и столешницы" holding "Подстолья" only, the shop's
   * "Столешницы" being empty), does not stand for that kind: «столешница» showed table bases
   * under «Столешница — вот 6 вариантов».
   */
  private unheldParts(tree: CategoryTree): void {
    for (const entry of this.entries) {
      if (entry.parts.length < 2) {
        continue;
      }
      const children = tree.children.get(entry.name);
      const size = tree.size(entry.name);
      if (!children || children.length === 0 || size === 0 || tree.direct(entry.name) > size * DEPARTMENT_DIRECT_SHARE) {
        continue;
      }
      const kinds = children.map((c) => tree.kindOf(c));
      if (kinds.includes(undefined)) {
        continue;
      }
      const childParts = children.map(headParts);
      const parts = new Set<number>();
      entry.parts.forEach((part, j) => {
        const last = part[part.length - 1] as string;
        const family = new Set([last, ...synonymsOf(last).flatMap((w) => tokenize(w).map(stem))]);
        // A subcategory of that kind, or one whose name says it ("Столешницы из массива").
        if (!kinds.some((k) => family.has(k as string)) && !childParts.some((c) => c.some((p) => p.includes(last)))) {
          parts.add(j);
        }
      });
      if (parts.size > 0 && parts.size < entry.parts.length) {
        this.unheld.set(entry, parts);
      }
    }
  }

  /** The parts of an entry that stand for what it holds. */
  private heldParts(entry: CategoryEntry): string[][] {
    const unheld = this.unheld.get(entry);
    return unheld === undefined ? entry.parts : entry.parts.filter((_, j) => !unheld.has(j));
  }

  /**
   * A category named for a kind of product whose products are nearly all in subcategories,
   * one of which holds things for that kind ("Cell Phones" → "Cell Phone Accessories",
   * "Мойки" → "Комплектующие к мойкам"), is a department: a buyer naming the kind
   * ("smartphone", "мойка") means its other subcategories, not its cases or sink traps.
   */
  private departments(tree: CategoryTree): void {
    for (const entry of this.entries) {
      const children = tree.children.get(entry.name);
      const size = tree.size(entry.name);
      if (!children || children.length < 2 || size === 0 || tree.direct(entry.name) > size * DEPARTMENT_DIRECT_SHARE) {
        continue;
      }
      // The kinds the category is named for, one per part ("Водонагреватели, газовые колонки").
      const kinds = new Set<string>();
      for (const piece of entry.name.split(PIECES)) {
        const kind = tree.kindOf(piece);
        if (kind !== undefined) {
          kinds.add(kind);
        }
      }
      // The kinds and their other names: "Телевизоры" holds "UHD 4K TV".
      const family = new Set(kinds);
      for (const k of kinds) {
        for (const s of synonymsOf(k)) {
          for (const w of tokenize(s)) {
            family.add(stem(w));
          }
        }
      }
      // A subcategory that mentions the kind but holds another ("Cell Phone Accessories",
      // "Комплектующие к мойкам", "Аксессуары для телевизоров"); "Смесители FRAP" and "Cell
      // Phones with Plans" hold it.
      const forKind = (child: string): boolean => {
        const kind = tree.kindOf(child);
        if (kind === undefined || family.has(kind)) {
          return false;
        }
        const named = mentionedStems(child);
        return [...kinds].some((k) => named.has(k));
      };
      // Only a category some of whose subcategories hold its kind is one of products of
      // that kind: "Волосы" (hair) holds shampoos and masks for hair, no hair.
      const holdsKind = children.some((c) => family.has(tree.kindOf(c) ?? ''));
      const kept = children.filter((c) => !forKind(c));
      if (holdsKind && kept.length < children.length) {
        this.narrowed.set(entry.name, kept);
      }
    }
  }

  /** The categories meant, departments replaced by their subcategories of the kind. */
  private narrow(names: string[]): string[] {
    if (this.narrowed.size === 0) {
      return names;
    }
    return [...new Set(names.flatMap((n) => this.narrowed.get(n) ?? [n]))];
  }

  /**
   * Finds the product type named in the message words (normalised, in order). Words after
   * "для"/"for" describe what the item fits, and words after "с"/"with" what it comes with
   * ("унитаз с бачком" is a toilet, not a cistern): they never name its category. Returns nothing
   * when the words name two different product types ("phone case"): a filter would then
   * guess, and the text search ranks such messages better.
   */
  find(words: string[], isKnownStem: (stem: string) => boolean = () => true): CategoryMention | null {
    const stemsAt: Array<Set<string>> = [];
    let compatFrom = words.length;
    for (let i = 0; i < words.length; i++) {
      const w = words[i] as string;
      if (compatFrom === words.length && (isCompatibilityAt(words, i) || (i > 0 && WITH_WORDS.has(w)))) {
        compatFrom = i;
      }
      const set = new Set<string>();
      if (!STOP_WORDS.has(w) && i < compatFrom) {
        set.add(stem(w));
        for (const s of synonymsOf(w)) {
          set.add(stem(s));
        }
      }
      stemsAt.push(set);
    }

    // Candidate categories per message word, by the last stem of one of their parts.
    const byWord = new Map<number, Set<CategoryEntry>>();
    let fuzzyLeft = MAX_FUZZY_WORDS;
    for (let i = 0; i < compatFrom; i++) {
      const own = stemsAt[i] as Set<string>;
      // A misspelt product type ("наушнки") still names its category: an unknown word one
      // or two letters from a category word is taken for it (for the first few unknown
      // words: each costs a pass over the category words).
      const first = [...own][0];
      if (first !== undefined && fuzzyLeft > 0 && !isKnownStem(first) && first.length >= 5) {
        fuzzyLeft--;
        for (const last of this.byLastStem.keys()) {
          if (boundedEdits(first, last, first.length >= 8 ? 2 : 1) <= (first.length >= 8 ? 2 : 1)) {
            own.add(last);
          }
        }
      }
      for (const s of own) {
        for (const entry of this.lastStemMatches(s)) {
          if (this.unheld.has(entry) && !this.heldParts(entry).some((p) => (p[p.length - 1] as string) === s || suffixMatch(p[p.length - 1] as string, s))) {
            continue;
          }
          const set = byWord.get(i) ?? new Set<CategoryEntry>();
          set.add(entry);
          byWord.set(i, set);
        }
      }
    }
    if (byWord.size === 0) {
      return null;
    }

    // The most specific categories whose whole part is in the message win
    // ("вертикальный пылесос" → "Вертикальные пылесосы", not every vacuum category).
    const allStems = new Set<string>();
    stemsAt.forEach((s) => s.forEach((x) => allStems.add(x)));
    const allList = [...allStems];
    // Each candidate once, in the order the words found them.
    const candidates = new Set<CategoryEntry>();
    for (const set of byWord.values()) {
      for (const entry of set) {
        candidates.add(entry);
      }
    }
    let best: { entries: CategoryEntry[]; size: number } = { entries: [], size: 0 };
    for (const entry of candidates) {
      for (const part of this.heldParts(entry)) {
        if (part.length >= 2 && part.every((s) => allStems.has(s) || allList.some((m) => suffixMatch(s, m)))) {
          if (part.length > best.size) {
            best = { entries: [entry], size: part.length };
          } else if (part.length === best.size && !best.entries.includes(entry)) {
            best.entries.push(entry);
          }
        }
      }
    }
    if (best.entries.length > 0) {
      const used = new Set<number>();
      for (const entry of best.entries) {
        for (const part of this.heldParts(entry)) {
          for (let i = 0; i < compatFrom; i++) {
            if (part.some((s) => [...(stemsAt[i] as Set<string>)].some((m) => s === m || suffixMatch(s, m)))) {
              used.add(i);
            }
          }
        }
      }
      return { categories: this.narrow(best.entries.map((e) => e.name)), wordIndexes: [...used].sort((a, b) => a - b) };
    }
    // One word alone names a category only if its name is short: "Printer cleaning
    // cartridge" is not what a buyer means by "cartridge".
    const short = new Map<number, CategoryEntry[]>();
    for (const [i, set] of byWord) {
      const own = stemsAt[i] as Set<string>;
      // A Russian adjective said of another noun («душевая кабина») does not name the category it
      // describes («Стойки душевые»): the buyer names a thing of that description the category
      // may not hold (shower racks were listed for a shower cabin the shop does not sell).
      if (describesAnotherNoun(words, i, compatFrom)) {
        continue;
      }
      const list = [...set].filter((e) =>
        this.heldParts(e).some((p) => p.length <= 2 && [...own].some((m) => (p[p.length - 1] as string) === m || suffixMatch(p[p.length - 1] as string, m))),
      );
      if (list.length > 0) {
        short.set(i, list);
      }
    }
    if (short.size !== 1) {
      return null;
    }
    const [[index, entries]] = [...short.entries()] as [[number, CategoryEntry[]]];
    return { categories: this.narrow(entries.map((e) => e.name)), wordIndexes: [index], oneWord: true };
  }

  private lastStemMatches(s: string): readonly CategoryEntry[] {
    const exact = this.byLastStem.get(s) ?? [];
    if (s.length < MIN_SUFFIX_STEM) {
      return exact;
    }
    const known = this.suffixMatches.get(s);
    if (known) {
      return known;
    }
    // Russian compounds: "чайник" names the category "Электрочайники".
    const out = [...exact];
    for (const last of this.byLastStem.keys()) {
      if (last !== s && suffixMatch(last, s)) {
        out.push(...(this.byLastStem.get(last) as CategoryEntry[]));
      }
    }
    if (this.suffixMatches.size >= MAX_SUFFIX_MEMO) {
      this.suffixMatches.clear();
    }
    this.suffixMatches.set(s, out);
    return out;
  }
}

/**
 * Whether the word at `i` is a Russian adjective followed by a noun of its own ("душевая
 * кабина"): a word of letters, not an adjective, not a grammar word, before what the item is for.
 */
function describesAnotherNoun(words: readonly string[], i: number, compatFrom: number): boolean {
  const word = words[i] as string;
  const next = words[i + 1];
  return (
    next !== undefined &&
    i + 1 < compatFrom &&
    isCyrillic(word) &&
    hasAdjectiveEnding(word) &&
    isCyrillic(next) &&
    !hasAdjectiveEnding(next) &&
    !STOP_WORDS.has(next) &&
    !WITH_WORDS.has(next) &&
    /^\p{L}{3,}$/u.test(next)
  );
}

function suffixMatch(categoryStem: string, messageStem: string): boolean {
  return messageStem.length >= MIN_SUFFIX_STEM && categoryStem.length > messageStem.length && categoryStem.endsWith(messageStem);
}

/**
 * The stems of a category name that may say what its products are for: in English any
 * word ("Cell Phone Accessories"), in Russian the words after "для"/"к" ("Комплектующие к
 * мойкам"), as "Смеси эфирных масел" are oils.
 */
function mentionedStems(name: string): Set<string> {
  const out = new Set<string>();
  const words = tokenize(name);
  let on = !isCyrillic(name);
  for (const w of words) {
    if (COMPATIBILITY_WORDS.has(w)) {
      on = true;
    } else if (on && !STOP_WORDS.has(w)) {
      out.add(stem(w));
    }
  }
  return out;
}

/** Stems of the part of a category name before "для"/"for", split at "и"/"and"/","/"/". */
function headParts(name: string): string[][] {
  const parts: string[][] = [];
  let current: string[] = [];
  const words = normalizeText(name)
    .replace(/[,/]/g, ' и ')
    .split(/\s+/)
    .flatMap((w) => (SPLIT_PARTS.has(w) ? ['и'] : tokenize(w)));
  for (const w of words) {
    // "д/смесителя" is shop shorthand for "для смесителя".
    if (COMPATIBILITY_WORDS.has(w) || w === 'д') {
      break;
    }
    if (w === 'и') {
      if (current.length > 0) {
        parts.push(current);
      }
      current = [];
      continue;
    }
    if (STOP_WORDS.has(w) || /^\d+$/.test(w)) {
      continue;
    }
    current.push(stem(w));
  }
  if (current.length > 0) {
    parts.push(current);
  }
  return parts;
}
