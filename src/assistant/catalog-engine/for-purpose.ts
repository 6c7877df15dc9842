/**
 * What the shop has for the thing a request names as its purpose, when the product asked for
 * is not sold: "гофра для унитаза" in a plumbing shop without corrugated pipes still gets the
 * toilet cuffs, seats and valves the shop sells for toilets, instead of only the sections.
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import { hasFilters, type SearchFilters } from '../../catalog/search/filters.ts';
import { boundText, type WorkBudget } from '../../catalog/search/limits.ts';
import { stem } from '../../catalog/search/stem.ts';
import { tokenize } from '../../catalog/search/tokenize.ts';
import type { CatalogIndex, PriceSort, SearchHit } from '../../catalog/search/types.ts';
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
  /** As the buyer wrote it, with its connector, its words spelt as the shop's names spell them ("for iPhone"). */
  phrase: string;
  /** Empty when none is within the bounds asked (`madeFor`'s `within`). */
  products: CatalogProduct[];
}

/** Bounds of a follow-up ("а подешевле?": a price below the shelf's middle one). */
export interface PurposeBounds {
  filters: SearchFilters;
  sort?: PriceSort;
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

/** A request's purpose and what the shop has of the thing itself, found once for its follow-ups' bounds. */
export interface PurposeFound {
  connector: string;
  words: string[];
  /** A product of the thing itself (the toilet of "для унитаза"). */
  thing: CatalogProduct;
  /** The purpose's hits, unbounded. */
  hits: SearchHit[];
}

/** The request's purpose when the shop sells the thing itself, so its accessories are what they seem; null otherwise. */
export function findPurpose(index: CatalogIndex, text: string, budget?: WorkBudget): PurposeFound | null {
  const purpose = purposeOf(text);
  if (!purpose) {
    return null;
  }
  const hits = index.search(purpose.words.join(' '), undefined, PURPOSE_HITS, budget ? { budget } : undefined);
  const thing = hits.find((h) => h.ofKind === true)?.product;
  return thing ? { ...purpose, thing, hits } : null;
}

/**
 * The products made for the purpose: of its hits, those that name it but are not of its kind (a
 * toilet seat, not a toilet), within `within` when a follow-up bounds them.
 */
export function madeFor(index: CatalogIndex, purpose: PurposeFound, budget?: WorkBudget, within?: PurposeBounds): ForPurpose {
  const bounded = within && hasFilters(within.filters) ? index.search(purpose.words.join(' '), within.filters, PURPOSE_HITS, budget ? { budget } : undefined) : purpose.hits;
  // Not the thing itself under another kind word (an iPhone "for iphone"), nor one named by it.
  const stems = new Set(purpose.words.map(stem));
  const made = bounded
    .filter((h) => h.headMatched === true && h.ofKind === false && h.coverage === 1 && !index.sameKind(h.product.sku, purpose.thing.sku) && !namedAsPurpose(h.product, stems))
    .map((h) => h.product);
  // A price order of these, not the index's (which keeps the best-matching tier: the thing itself).
  if (within?.sort) {
    const sign = within.sort === 'price_asc' ? 1 : -1;
    made.sort((a, b) => sign * ((a.price ?? Infinity * sign) - (b.price ?? Infinity * sign)));
  }
  const products = made.slice(0, SHELF_SIZE);
  return { phrase: `${purpose.connector} ${purpose.words.map((w) => spelledAsNamed(w, products)).join(' ')}`, products };
}

/** What the shop has for the request's purpose (`findPurpose`, then `madeFor`); null when it names none or the shop sells no such thing. */
export function whatWeHaveFor(index: CatalogIndex, text: string, budget?: WorkBudget): ForPurpose | null {
  const purpose = findPurpose(index, text, budget);
  return purpose ? madeFor(index, purpose, budget) : null;
}

/**
 * A word as the products' names spell it, when they agree on a spelling other than the buyer's
 * lower case ("iPhone" of "for iphone"); a capital that only opens a name ("Унитаз …") is not one.
 */
function spelledAsNamed(word: string, products: readonly CatalogProduct[]): string {
  const counts = new Map<string, number>();
  for (const p of products) {
    const names = boundText(p.name).split(/[^\p{L}\p{N}]+/u);
    names.forEach((w, i) => {
      if (w.length === word.length && w.toLowerCase() === word && (i > 0 || /\p{Lu}/u.test(w.slice(1)))) {
        counts.set(w, (counts.get(w) ?? 0) + 1);
      }
    });
  }
  let best = word;
  let most = 0;
  for (const [w, n] of counts) {
    if (n > most) {
      best = w;
      most = n;
    }
  }
  return best;
}

/** Whether a product's name opens with the purpose, past its brand ("Apple - iPhone SE" for "iphone"): the thing, not something for it. */
function namedAsPurpose(p: CatalogProduct, stems: ReadonlySet<string>): boolean {
  const brand = new Set(tokenize(p.brand ?? ''));
  const first = tokenize(boundText(p.name)).find((w) => !brand.has(w));
  return first !== undefined && stems.has(stem(first));
}
