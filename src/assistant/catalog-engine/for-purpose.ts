/**
 * What the shop has for the thing a request names as its purpose, when the product asked for
 * is not sold: "гофра для унитаза" in a plumbing shop without corrugated pipes still gets the
 * toilet cuffs, seats and valves the shop sells for toilets, instead of only the sections.
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import { boundText, type WorkBudget } from '../../catalog/search/limits.ts';
import { stem } from '../../catalog/search/stem.ts';
import { tokenize } from '../../catalog/search/tokenize.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import { SHELF_SIZE } from './turn.ts';

/** Words that open what an item is for ("д" of "д/унитаза", as shops abbreviate it). */
const PURPOSE_WORDS: ReadonlySet<string> = new Set(['для', 'д', 'к', 'ко', 'под', 'for']);
/** Words that end the purpose ("для унитаза с ..."). */
const PURPOSE_END: ReadonlySet<string> = new Set(['с', 'со', 'и', 'или', 'без', 'до', 'от', 'на', 'в', 'with', 'and', 'or', 'without', 'under', 'below', 'in', 'on']);
/** A purpose is a few words ("для унитаза", "for the kitchen sink"). */
const MAX_PURPOSE_WORDS = 3;
/** How many of the purpose's own hits are read to find the products made for it (the thing itself ranks first). */
const PURPOSE_HITS = 200;

export interface ForPurpose {
  /** As the buyer wrote it, with its connector ("для унитаза"). */
  phrase: string;
  products: CatalogProduct[];
}

/** The purpose of a request ("для унитаза" of "гофра для унитаза"), or null when it names none after the product word. */
export function purposeOf(text: string): { connector: string; words: string[] } | null {
  const words = tokenize(boundText(text));
  const at = words.findIndex((w, i) => i > 0 && PURPOSE_WORDS.has(w));
  if (at < 0) {
    return null;
  }
  const purpose: string[] = [];
  for (let i = at + 1; i < words.length && purpose.length < MAX_PURPOSE_WORDS; i++) {
    const w = words[i] as string;
    if (PURPOSE_END.has(w) || PURPOSE_WORDS.has(w) || /^\d/.test(w)) {
      break;
    }
    if (w !== 'the' && w !== 'a' && w !== 'an') {
      purpose.push(w);
    }
  }
  return purpose.length === 0 ? null : { connector: words[at] === 'д' ? 'для' : (words[at] as string), words: purpose };
}

/**
 * The products made for the request's purpose: of the purpose's hits, those that name it but
 * are not of its kind (a toilet seat, not a toilet). Only when the shop sells the thing itself,
 * so its accessories are what they seem; null otherwise.
 */
export function whatWeHaveFor(index: CatalogIndex, text: string, budget?: WorkBudget): ForPurpose | null {
  const purpose = purposeOf(text);
  if (!purpose) {
    return null;
  }
  const hits = index.search(purpose.words.join(' '), undefined, PURPOSE_HITS, budget ? { budget } : undefined);
  const thing = hits.find((h) => h.ofKind === true)?.product;
  if (!thing) {
    return null;
  }
  // Not the thing itself under another kind word (an iPhone "for iphone"), nor one named by it.
  const stems = new Set(purpose.words.map(stem));
  const products = hits
    .filter((h) => h.headMatched === true && h.ofKind === false && h.coverage === 1 && !index.sameKind(h.product.sku, thing.sku) && !namedAsPurpose(h.product, stems))
    .slice(0, SHELF_SIZE)
    .map((h) => h.product);
  return products.length === 0 ? null : { phrase: `${purpose.connector} ${purpose.words.join(' ')}`, products };
}

/** Whether a product's name opens with the purpose, past its brand ("Apple - iPhone SE" for "iphone"): the thing, not something for it. */
function namedAsPurpose(p: CatalogProduct, stems: ReadonlySet<string>): boolean {
  const brand = new Set(tokenize(p.brand ?? ''));
  const first = tokenize(boundText(p.name)).find((w) => !brand.has(w));
  return first !== undefined && stems.has(stem(first));
}
