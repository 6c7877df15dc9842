/**
 * Quick replies (`response.ui.suggests`, up to 4) drawn from what was shown: a brand among
 * the results, a price band, "cheaper", a category the results span; the shop's main sections
 * only when nothing was shown or nothing else applies. Each is a message the engine itself
 * understands when the buyer taps it.
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import type { SearchFilters } from '../../catalog/search/filters.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import type { Lang } from '../language.ts';
import type { ShelfKind } from '../engine-state.ts';
import { formatPrice, texts } from './texts.ts';
import { stem } from '../../catalog/search/stem.ts';
import { tokenize } from '../../catalog/search/tokenize.ts';

const MAX = 4;

/** A round price a buyer would say ("до 5 000 ₽"): 1, 1.5, 2, 3, 5 or 7 times a power of ten. */
export function nicePrice(x: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(1, x)));
  for (const m of [1, 1.5, 2, 3, 5, 7, 10]) {
    if (m * p >= x) {
      return m * p;
    }
  }
  return 10 * p;
}

function add(list: string[], s: string | undefined): void {
  if (s && !list.includes(s) && list.length < MAX) {
    list.push(s);
  }
}

/** The stated prices of these products (a price of 0 is none), lowest first. */
function sortedPrices(products: readonly CatalogProduct[]): number[] {
  return products.map((p) => p.price).filter((p): p is number => typeof p === 'number' && p > 0).sort((a, b) => a - b);
}

/** Suggestions for a shelf of products. */
export function productSuggests(
  index: CatalogIndex,
  lang: Lang,
  kind: ShelfKind,
  shown: CatalogProduct[],
  filters: SearchFilters,
  currency: string,
  /** The shown cards of what was asked for, whose prices set the budget offered (all shown by default). */
  asked: readonly CatalogProduct[] = shown,
): string[] {
  const t = texts(lang);
  const out: string[] = [];
  if (kind === 'similar' || kind === 'product') {
    add(out, t.sugComplementary);
  }
  if (kind === 'complementary' || kind === 'cart' || kind === 'product') {
    add(out, kind === 'product' ? undefined : t.sugSimilar);
  }

  const prices = sortedPrices(shown);
  if (prices.length >= 2 && (prices[prices.length - 1] as number) > (prices[0] as number)) {
    add(out, t.sugCheaper);
  }

  if (kind === 'search') {
    const brandCount = new Map<string, number>();
    for (const p of shown) {
      if (p.brand) {
        brandCount.set(p.brand, (brandCount.get(p.brand) ?? 0) + 1);
      }
    }
    if (!filters.brands?.length && brandCount.size >= 2) {
      const top = [...brandCount.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
      if (top) {
        add(out, t.sugOnly(top));
      }
    }
    const askedPrices = sortedPrices(asked);
    if (filters.priceMax === undefined && askedPrices.length >= 3) {
      // A band that keeps roughly the cheaper half of what was asked for.
      const band = nicePrice(askedPrices[Math.floor(askedPrices.length / 2) - 1] as number);
      if (band < (askedPrices[askedPrices.length - 1] as number)) {
        add(out, t.sugUpTo(formatPrice(band, currency, lang)));
      }
    }
    if (!filters.categories?.length) {
      // Sections whose name says what some card filed there is called: a card a feed misfiled
      // (mice under «БЛОКИ ПИТАНИЯ ATX», flash drives under «НАУШНИКИ, ГАРНИТУРЫ, МИКРОФОНЫ»)
      // offered its section after a search for mice or flash drives.
      const leaves = [...new Set(shown.map((p) => p.categories[p.categories.length - 1]).filter((c): c is string => Boolean(c)))];
      if (leaves.length >= 2) {
        const named = leaves.filter((leaf) => shown.some((p) => p.categories[p.categories.length - 1] === leaf && sharesWord(leaf, p.name)));
        add(out, named[0]);
        add(out, named[1]);
      }
    }
    // Not in a shop of one brand (LG's own shop offered "Другого бренда" after "lg tv").
    if (filters.brands?.length && index.brandCount() > 1) {
      add(out, t.sugOtherBrand);
    }
    if (!filters.availableOnly && shown.some((p) => !p.available)) {
      add(out, t.sugInStock);
    }
    // One card: products like it ("Блендер для смузи — вот 1 вариант" offered the shop's
    // "Смартфоны" and "Наушники"). Not what goes with it: a blender has nothing that does.
    if (out.length === 0 && shown.length === 1) {
      add(out, t.sugSimilar);
    }
  }
  // The shop's main sections fill in only where the answer gave nothing to follow up: after
  // a search for mice, "Processor" is no reply a buyer would tap.
  if (out.length === 0) {
    for (const c of index.topCategories(MAX)) {
      if (out.length >= 2) {
        break;
      }
      add(out, c);
    }
  }
  return out;
}

/** Characters of a section's or a card's name read for a shared word. */
const MAX_NAME_CHARS = 200;

/** Whether a section's name and a card's name share a word of three letters or more (by stem: «МЫШИ» and «Мышь»). */
function sharesWord(section: string, name: string): boolean {
  const words = new Set(tokenize(section.slice(0, MAX_NAME_CHARS)).filter((w) => w.length >= 3).map(stem));
  return tokenize(name.slice(0, MAX_NAME_CHARS)).some((w) => w.length >= 3 && words.has(stem(w)));
}

/** Suggestions when nothing was shown: the catalogue's main sections. */
export function browseSuggests(index: CatalogIndex | undefined, lang: Lang, extra: string[] = []): string[] {
  const out: string[] = [];
  for (const e of extra) {
    add(out, e);
  }
  for (const c of index?.topCategories(MAX) ?? []) {
    add(out, c);
  }
  if (out.length < 2) {
    const t = texts(lang);
    add(out, t.sugOperator);
  }
  return out.slice(0, MAX);
}
