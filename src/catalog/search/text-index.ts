/**
 * The full-text side of a catalogue index: which text of a product goes into which field,
 * with what weight, stemmed and without stop words.
 */
import { paramStated, type CatalogProduct } from '../product.ts';
import { InvertedIndexBuilder, type InvertedIndex } from './inverted.ts';
import { measureWords, spellMarks } from './measures.ts';
import { stem } from './stem.ts';
import { COMPATIBILITY_WORDS, STOP_WORDS } from './stopwords.ts';
import { shortNamesIn, spelledOutIn } from './synonyms.ts';
import { tokenizeForIndex } from './tokenize.ts';

// A word in the name counts most, more again in the name's head (the part before "для"/
// "for", which says what the item is); then brand and category; parameters and the
// description only help.
const FIELDS = [
  { name: 'name', boost: 3, namesProduct: true },
  { name: 'head', boost: 2, namesProduct: true },
  { name: 'brand', boost: 3 },
  { name: 'categories', boost: 2, namesProduct: true },
  { name: 'params', boost: 1 },
  { name: 'description', boost: 0.4 },
];

// Descriptions are long and mostly repeat the name; their start is what matters, and
// indexing whole texts would double the index of a 100,000-product catalogue.
const DESCRIPTION_CHARS = 300;

const BARE_NUMBER = /^\d+$/;

/**
 * A description's words with its bare numbers left empty, so not searched but counted in its
 * length: "swivels in 7 directions" is no iPhone 7 case, nor "up to 10 hours" a 10-inch
 * tablet. A number with its unit stays searchable through its measure words ("10000mah").
 */
function withoutBareNumbers(words: string[]): string[] {
  return words.map((w) => (BARE_NUMBER.test(w) ? '' : w));
}

/** The inverted index of these products; `nameWordsOf[i]` are the words of product i's name. */
export function buildTextIndex(docs: CatalogProduct[], nameWordsOf: string[][]): InvertedIndex {
  const n = docs.length;
  // The full-text index. Category paths and brands repeat across products: their stems are
  // computed once per distinct string.
  const stems = (words: string[]): string[] => {
    const out: string[] = [];
    for (const w of words) {
      if (!STOP_WORDS.has(w)) {
        out.push(stem(w));
      }
    }
    return out;
  };
  const withMeasures = (words: string[]): string[] => stems([...words, ...measureWords(words)]);
  const memo = new Map<string, string[]>();
  const memoStems = (text: string): string[] => {
    let s = memo.get(text);
    if (!s) {
      s = stems(tokenizeForIndex(text));
      memo.set(text, s);
    }
    return s;
  };
  // The short word of a spelled-out name ("ssd" of "solid state drive") is in the name too.
  // And the full words of a shortened one ("блок питания" of "Бп").
  const short = (words: string[]): string[] => [...shortNamesIn(words).map((s) => s.short), ...spelledOutIn(words)];
  const builder = new InvertedIndexBuilder(FIELDS);
  for (let i = 0; i < n; i++) {
    const p = docs[i] as CatalogProduct;
    const nameWords = nameWordsOf[i] as string[];
    const cut = nameWords.findIndex((w) => COMPATIBILITY_WORDS.has(w));
    const head = cut === -1 ? nameWords : nameWords.slice(0, cut);
    const nameStems = stems([...nameWords, ...measureWords(nameWords), ...short(nameWords)]);
    const headStems = stems([...head, ...measureWords(head), ...short(head)]);
    // Parameter names are searchable too: "с капучинатором" names a feature by its key, unless
    // the value denies it ("Mopping: No").
    const paramText = Object.entries(p.params)
      .filter(([, v]) => paramStated(v))
      .map(([k, v]) => `${k} ${v}`)
      .join(' ; ');
    builder.add([
      nameStems,
      headStems,
      p.brand ? memoStems(p.brand) : [],
      p.categories.length > 0 ? memoStems(p.categories.join(' / ')) : [],
      paramText ? withMeasures(tokenizeForIndex(spellMarks(paramText))) : [],
      p.description ? withoutBareNumbers(withMeasures(tokenizeForIndex(spellMarks(p.description.slice(0, DESCRIPTION_CHARS))))) : [],
    ]);
  }
  memo.clear();
  return builder.build();
}
