/**
 * The per-tenant catalogue index: full-text search over name, brand, category path,
 * parameters and description (BM25F with field boosts, Russian and English stemming,
 * prefix matching of the last word, typo tolerance, synonyms and transliteration), and
 * compact per-product columns for filtering by price, brand, category and availability.
 * Nothing is shared between indexes: each tenant's index holds only its own products.
 *
 * This file assembles the parts: columns.ts (the columns), text-index.ts (the inverted
 * index), expansion.ts (query words to index terms), ranking.ts (scoring and listing).
 */
import { FirstBySku } from '../first-by-sku.ts';
import type { CatalogProduct } from '../product.ts';
import { columnFilters } from './column-filters.ts';
import { buildColumns } from './columns.ts';
import { denialMarks, exclusionOf } from './excluded-words.ts';
import { analyseQuery, termExpander, type QueryWords } from './expansion.ts';
import type { SearchFilters } from './filters.ts';
import { boundText, MAX_SEARCH_POSTINGS, type WorkBudget } from './limits.ts';
import { kindCoverage } from './kind-coverage.ts';
import { stem } from './stem.ts';
import { AGAINST_WORDS, ANY_ITEM_WORDS } from './stopwords.ts';
import { categoryKindTerms, relationalCategoryNouns, KIND_SLOTS, kindNamer, kindPairs, kindsListedNotHeld, productKinds, termsAsSaid } from './product-type.ts';
import { categoryKey } from './categories.ts';
import { parseMessage } from './query-parse.ts';
import { modelNumberWords, ranker } from './ranking.ts';
import { RecentMemo } from './recent-memo.ts';
import { complementaryProducts, similarProducts, type Compatibility, type RelatedSource } from './related.ts';
import { buildTextIndex } from './text-index.ts';
import { hasAdjectiveEnding, isCyrillic, tokenize } from './tokenize.ts';
import { isModifierWord, namesProductKind, synonymsOfAnyForm } from './synonyms.ts';
import type { CatalogIndex, DetailedQuery, ParsedQuery, ProductWord, SearchHit, SearchOptions } from './types.ts';

/** "что-нибудь от морщин", "something against mosquitoes": the word names what the item is against, not an item the shop lacks. */
function namesWhatAgainst(text: string, word: string): boolean {
  const words = tokenize(text.slice(0, 200));
  const at = words.indexOf(word);
  return at > 0 && AGAINST_WORDS.has(words[at - 1] as string);
}

/** A category name a buyer could read: two letters in a row somewhere. */
const NAMES_SOMETHING = /\p{L}{2}/u;

/** Messages whose parse is remembered, the least recently used forgotten first, and their length at most. */
const PARSE_MEMO = 512;
const PARSE_MEMO_CHARS = 200;
/** Products whose accessories are remembered (six to thirty products each). */
const ACCESSORY_MEMO = 2_000;

/** A parsed query callers may change without changing the remembered one. */
function copyQuery(q: DetailedQuery): DetailedQuery {
  const f = q.filters;
  const filters = { ...f };
  for (const key of ['brands', 'excludeBrands', 'categories', 'excludeWords'] as const) {
    const list = f[key];
    if (list) {
      filters[key] = [...list];
    }
  }
  return { ...q, filters, categoryWords: [...q.categoryWords], brandWords: [...q.brandWords] };
}

/** Adjectives said before a product word not sold that name it with it («душевая кабина»). */
const MAX_NAMED_ADJECTIVES = 2;

/**
 * The index of a Russian noun standing in apposition right after the head noun («пылесос» of
 * «робот пылесос»), or -1. Only a noun whose form can only be the nominative of the singular
 * (ending in a consonant, «ь» or «й»), so a noun in the genitive saying whose part the head is
 * («фильтр пылесоса», «набор ножей») is none.
 */
function apposedKind(words: readonly string[], head: number, purpose: readonly number[]): number {
  const headWord = words[head];
  const next = words[head + 1];
  if (headWord === undefined || next === undefined || purpose.includes(head + 1) || !isCyrillic(headWord) || hasAdjectiveEnding(headWord) || !isCyrillic(next) || hasAdjectiveEnding(next)) {
    return -1;
  }
  return next.length >= 4 && /[бвгджзклмнпрстфхцчшщьй]$/u.test(next) && !/(?:ов|ев|ей)$/u.test(next) ? head + 1 : -1;
}
/** A word longer than this is no word of a catalogue (`knowsWord`). */
const MAX_KNOWN_WORD_CHARS = 64;

/**
 * Builds the search index of one tenant's catalogue. Products with a repeated SKU keep the
 * first occurrence. `language` is the catalogue's main language; Russian and English
 * words are always both understood (the stemmer is chosen per word by its script).
 * `searchPostings` is the cap on what one search reads (MAX_SEARCH_POSTINGS; smaller in
 * tests, so a small catalogue shows it).
 */
export function buildCatalogIndex(products: CatalogProduct[], options: { language?: 'ru' | 'en'; searchPostings?: number } = {}): CatalogIndex {
  const searchPostings = options.searchPostings ?? MAX_SEARCH_POSTINGS;
  const docs: CatalogProduct[] = [];
  const bySku = new FirstBySku();
  for (const p of products) {
    if (bySku.take(p.sku)) {
      docs.push(p);
    }
  }
  const built = buildColumns(docs);
  const { columns, brandMatcher, categoryMatcher } = built;
  const { n, prices, available, brandOf, catNames, catOffsets, catOf, leafSizes, nameDf } = columns;
  const inv = buildTextIndex(docs, built.nameWordsOf);
  const denials = denialMarks(docs);
  const { compile, passes, passesColumns } = columnFilters(columns, brandMatcher, (phrases) => exclusionOf(phrases, docs, inv, denials));
  const termGroups = termExpander(inv, categoryMatcher, brandMatcher.all());
  const { terms: kindTerms, untrustedCategories, openingKinds } = productKinds(n, inv, built.nameFirstWords, (i) => boundText((docs[i] as CatalogProduct).name), {
    names: catNames,
    pathOf: (i) => catOf.subarray(catOffsets[i], catOffsets[i + 1]),
  }, (i) => (docs[i] as CatalogProduct).description);
  const namesKind = kindNamer(kindTerms, inv.termCount, n, openingKinds);
  const kindWords = kindPairs(kindTerms);
  const categoryKinds = new Set(categoryKindTerms(catNames, inv));
  const namesCategoryKind = (term: number) => categoryKinds.has(term);
  const namedByCategoryAdjective = relationalCategoryNouns(catNames);
  const { rankText, listFiltered } = ranker({ docs, columns, inv, termGroups, passes, passesColumns, searchPostings, kindTerms, kindWords, namesKind, namesCategoryKind, denials });

  function search(text: string, filters?: SearchFilters, limit = 10, opts: SearchOptions = {}): SearchHit[] {
    const cf = compile(filters);
    const { words, head, purpose, comesWith } = analyseQuery(text);
    if (words.length === 0) {
      return listFiltered(cf, limit, opts.sort, opts.budget);
    }
    const context = opts.context === undefined ? undefined : analyseQuery(opts.context);
    // The message's words with its category words: a suffix the buyer said after a model number
    // may have gone into the category filter ("iphone 6 plus case": "6" in "iPhone 6 Plus Cases").
    return rankText(words, head, purpose, cf, limit, opts.sort, opts.budget, context === undefined ? [] : modelsInContext(words, context), comesWith, context?.words ?? words);
  }

  /**
   * The words of `words` that a model's number is in what the item is for in `c`, the analysed
   * message with its category words ("15" of "чехол для iphone 15" when "чехол" became a filter).
   */
  function modelsInContext(words: readonly string[], c: QueryWords): number[] {
    const numbers = new Set(modelNumberWords(c.words, c.purpose).map((i) => c.words[i]));
    return numbers.size === 0 ? [] : words.flatMap((w, i) => (numbers.has(w) && i > 0 ? [i] : []));
  }

  const related: RelatedSource = {
    docs,
    prices,
    available,
    nameDf,
    docIndex: (sku) => bySku.numberOf(sku),
    knowsStem: (s) => inv.termId(s) !== undefined,
    search: (text, filters, limit, budget) => search(text, filters, limit, budget ? { budget } : {}),
    sameBrand: (a, b) => brandOf[a] !== -1 && brandOf[a] === brandOf[b],
    categoryIdsOf: (i) => Array.from(catOf.subarray(catOffsets[i], catOffsets[i + 1])),
    categoryName: (id) => catNames[id] as string,
    compatCache: new Array<Compatibility | undefined>(n),
    seriesCache: new Map<string, boolean>(),
    headCache: new Array<string[] | undefined>(n),
    kindCache: new Array<Set<string> | undefined>(n),
  };

  const coverage = kindCoverage({ kindTerms, catIds: columns.catIds, catOffsets, catOf });
  const isKnownStem = (st: string) => inv.termId(st) !== undefined;
  // The word and its table synonyms each (a kind no product here is of counts as held): "мышка",
  // which few names say, named the shop's "МЫШИ/ПЛАНШЕТЫ" though most of its mice ("Мышь …")
  // are filed elsewhere, and its cables and presenters filled the answer.
  // Except a kind a category lists and no product is of: "soundbar" names LG's "TV & Soundbars"
  // by its last word, and the category holds TVs only.
  const listedNotHeld = kindsListedNotHeld(catNames, inv, coverage.count);
  // Nor does a category whose products' names say other kinds ("ВЕБКАМЕРЫ" of a feed filing monitors there).
  const trusted = (name: string) => {
    const id = columns.catIds.get(categoryKey(name));
    return id === undefined || !untrustedCategories.has(id);
  };
  const holdsKind = (word: string, categories: readonly string[]) => {
    const terms = [word, ...synonymsOfAnyForm(word)].map((w) => inv.termId(stem(w)) ?? -1);
    return !terms.some((t) => listedNotHeld.has(t)) && terms.every((t) => coverage.covers(t, categories)) && categories.some(trusted);
  };
  const isOwnKindWord = (word: string) => termsAsSaid(termGroups([word], 0).groups[0] ?? [], kindWords, (id) => inv.term(id)).length > 0;
  const vocabulary = { isKnownStem, holdsKind, isOwnKindWord };
  // Buyers of one shop send the same short messages again ("наушники", "а подешевле?"): their
  // parses are remembered, and each caller gets its own copy.
  const parsed = new RecentMemo<DetailedQuery>(PARSE_MEMO);
  const parse = (message: string): DetailedQuery => {
    if (message.length > PARSE_MEMO_CHARS) {
      return parseMessage(message, brandMatcher, categoryMatcher, vocabulary);
    }
    let q = parsed.get(message);
    if (q === undefined) {
      q = parseMessage(message, brandMatcher, categoryMatcher, vocabulary);
      parsed.set(message, q);
    }
    return copyQuery(q);
  };
  // A popular product's accessories are asked for again and again (its page, the carts it is
  // in), and finding them takes several searches: the finished lists are remembered. A list
  // cut short by the turn's work budget is not.
  const accessories = new RecentMemo<readonly CatalogProduct[]>(ACCESSORY_MEMO);

  // Asked on every answer (quick replies): sorted once. A category named by no word (a feed's
  // product type "1") is offered to no buyer.
  const topLeaves = [...leafSizes.entries()]
    .filter(([name]) => NAMES_SOMETHING.test(name))
    .sort((a, b) => b[1] - a[1])
    .map(([name]) => name);

  return {
    size: n,
    language: options.language ?? 'ru',
    search,
    parseQuery(message: string): ParsedQuery {
      const d = parse(message);
      const out: ParsedQuery = { text: d.text, filters: d.filters };
      if (d.sort) {
        out.sort = d.sort;
      }
      return out;
    },
    parseDetailed(message: string): DetailedQuery {
      return parse(message);
    },
    knowsWord(word: string): boolean {
      return word.length <= MAX_KNOWN_WORD_CHARS && isKnownStem(stem(word.toLowerCase()));
    },
    bySku(sku: string): CatalogProduct | undefined {
      const i = bySku.numberOf(sku);
      return i === undefined ? undefined : docs[i];
    },
    sameKind(skuA: string, skuB: string): boolean {
      const a = bySku.numberOf(skuA);
      const b = bySku.numberOf(skuB);
      if (a === undefined || b === undefined) {
        return false;
      }
      for (let s = 0; s < KIND_SLOTS; s++) {
        const t = kindTerms[a * KIND_SLOTS + s] as number;
        if (t >= 0 && kindTerms.subarray(b * KIND_SLOTS, (b + 1) * KIND_SLOTS).includes(t)) {
          return true;
        }
      }
      return false;
    },
    similar(sku: string, limit = 8, filters?: SearchFilters, budget?: WorkBudget): CatalogProduct[] {
      return similarProducts(related, sku, limit, filters, budget);
    },
    complementary(sku: string, limit = 8, budget?: WorkBudget): CatalogProduct[] {
      const key = `${limit}\u0000${sku}`;
      const known = accessories.get(key);
      if (known !== undefined) {
        return [...known];
      }
      const found = complementaryProducts(related, sku, limit, budget);
      if (!budget?.exhausted) {
        accessories.set(key, [...found]);
      }
      return found;
    },
    brands(): string[] {
      return brandMatcher.all();
    },
    brandCount(): number {
      return brandMatcher.count();
    },
    topCategories(limit = 6): string[] {
      return topLeaves.slice(0, limit);
    },
    productWord(text: string): ProductWord | null {
      const { words, head, typeWords, purpose } = analyseQuery(text);
      if (head < 0 || typeWords.length === 0 || namesWhatAgainst(text, words[head] as string) || ANY_ITEM_WORDS.has(words[head] as string)) {
        return null;
      }
      // Known when any word that may name the type does ("refrigerator french door" asks
      // for a refrigerator; a catalogue with doors has the type the buyer may mean).
      const expanded = termGroups(words, head);
      // The head word, or another word that names a kind of product in general (a word of
      // the synonym table: "refrigerator" of "refrigerator french door"); a describing word
      // alone ("electric" of "electric scooter") does not make the type known.
      const knownAt = (i: number) => expanded.known[expanded.groupOfWord[i] ?? -1] === true;
      // So does a word that is the kind word of products here ("desk" of "johan desk by laurel foundry").
      // A noun naming a product (a Russian head noun, a word of the synonym table) that no
      // product here is of is not sold, however many names mention it ("монитор" in "Кабель
      // питания комп->монитор" and "ремонт монитора"); an English word that may describe
      // ("leather") keeps the old rule.
      const headWord = words[head] as string;
      const productNoun = (isCyrillic(headWord) && !hasAdjectiveEnding(headWord)) || namesProductKind(headWord);
      const headGroup = expanded.groups[expanded.groupOfWord[head] ?? -1] ?? [];
      // A product word of the synonym table that no name or category here has, in any of its
      // forms and synonyms, is not sold, whatever the words before it are ("paper shredder" on
      // an office catalogue selling paper and no shredders). Whether a product is of a kind is
      // not asked: names say "USB 32Gb Kingston" of a flash drive.
      // So is one the catalogue's text has only as a kind a category lists ("soundbar" of "TV & Soundbars").
      // The head is known by the names and categories saying it, or by one product of its kind
      // (a name opening with it: the Garmin shop's two "Ошейник …").
      const headKnown = knownAt(head) || namesKind(headGroup);
      // A Russian adjective the synonym table names a kind by ("посудомоечная" of "посудомоечная
      // машина") that nothing here says: that kind is not sold, whatever "машина" finds.
      const unsoldAdjective = words.findIndex((w, i) => i < head && isCyrillic(w) && hasAdjectiveEnding(w) && namesProductKind(w) && !knownAt(i));
      if (unsoldAdjective >= 0) {
        return { word: `${words[unsoldAdjective] as string} ${headWord}`, known: false, head: headWord, kind: true };
      }
      // «робот пылесос», «робот-пылесос» where vacuums are sold and no robot is: the noun standing
      // in apposition right after an unknown head names a kind sold here, the head which kind of
      // it; the search's words give way and the answer says which did not match.
      const apposed = headKnown ? -1 : apposedKind(words, head, purpose);
      if (apposed >= 0 && knownAt(apposed) && (namesProductKind(words[apposed] as string) || namesKind(expanded.groups[expanded.groupOfWord[apposed] ?? -1] ?? []))) {
        return { word: words[apposed] as string, known: true, head: words[apposed] as string, kind: true };
      }
      const unsoldKind = namesProductKind(headWord) && (!headKnown || headGroup.some((a) => listedNotHeld.has(a.termId)));
      // A noun whose adjective opens a category here ("душ" of "Душевые стойки") names what
      // that category sells, though no name is of the noun itself.
      const known =
        !unsoldKind &&
        ((headKnown && (!productNoun || namesKind(headGroup) || namedByCategoryAdjective(headWord))) ||
          typeWords.some((i) => knownAt(i) && (namesProductKind(words[i] as string) || namesKind(expanded.groups[expanded.groupOfWord[i] ?? -1] ?? []))));
      // What the item is for is not what the shop lacks: "coffee machine", not "coffee machine home".
      const named = typeWords.filter((i) => !purpose.includes(i));
      const shown = named.length > 0 ? named : typeWords;
      // What a shop lacks is not named with what it has after it: "наушники", not "наушники galaxy",
      // where the Galaxy phones are sold ("paper shredder" stays whole: the paper says which shredder).
      let lacking = known ? shown : shown.filter((i) => i <= head || !knownAt(i));
      // A Russian noun not sold that names no kind of the synonym table is named with the
      // adjectives said right before it: «душевая кабина», not «кабина» («коляска» stays itself).
      if (!known && isCyrillic(headWord) && !namesProductKind(headWord) && lacking.length === 1 && lacking[0] === head) {
        let from = head;
        // Not one saying whom it is for or what it is like («детская коляска»: «коляска»).
        while (from > 0 && from > head - MAX_NAMED_ADJECTIVES && isCyrillic(words[from - 1] as string) && hasAdjectiveEnding(words[from - 1] as string) && !isModifierWord(words[from - 1] as string)) {
          from--;
        }
        lacking = Array.from({ length: head - from + 1 }, (_, k) => from + k);
      }
      return {
        word: lacking.map((i) => words[i] as string).join(' '),
        known,
        head: headWord,
        kind: namesProductKind(headWord) || namesKind(headGroup),
      };
    },
    resolveBrand(name: string): string | undefined {
      return brandMatcher.resolve(name);
    },
  };
}
