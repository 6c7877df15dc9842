/**
 * The catalogue tools the model may call: search with filters (the catalogue engine's
 * search, with its honest relaxation), products by SKU, similar and complementary products.
 * Results are compact — the model reads every token — and carry only what helps it choose;
 * cards are filled from the catalogue later, so nothing here needs links or images.
 */
import { tool, type ToolSet } from 'ai';
import { Type, type Static } from 'typebox';
import type { CatalogProduct } from '../../catalog/product.ts';
import type { SearchFilters } from '../../catalog/search/filters.ts';
import { boundText, WorkBudget } from '../../catalog/search/limits.ts';
import { runSearch, type SearchRequest, type SearchRun } from '../../catalog/search/relax.ts';
import type { CatalogIndex, PriceSort } from '../../catalog/search/types.ts';
import { features } from '../cards.ts';
import { checkedSchema, stringEnum } from './schema.ts';

/** What the tools did during one turn: for the products block's `source_query` and the turn's state. */
export interface ToolJournal {
  searches: Array<{ query: string; request: SearchRequest; run: SearchRun }>;
  /** SKUs the tools returned, in the order first seen. */
  seen: string[];
  /** The product of the last similar/complementary call. */
  related?: { kind: 'similar' | 'complementary'; sku: string };
  /**
   * The turn's work budget, shared by every tool call of the turn (a model may call tools
   * many times); once spent, catalogue tools answer that the turn's searching is over.
   */
  budget?: WorkBudget;
}

export const TOOL_NAMES = ['search_products', 'get_products', 'similar_products', 'complementary_products'] as const;

const MAX_LIMIT = 10;
const DEFAULT_LIMIT = 6;
const DESCRIPTION_CHARS = 400;
const PARAMS_SHOWN = 12;
/** Brand names one search call may list; a model may send any number. */
const MAX_BRANDS = 20;
/** Characters of a brand or category name in a call (a catalogue's are at most 200). */
const MAX_NAME_CHARS = 200;

/** A product as the model sees it in tool results. */
export function productView(p: CatalogProduct, detailed = false): Record<string, unknown> {
  const view: Record<string, unknown> = { sku: p.sku, name: p.name, price: p.price ?? null };
  if (p.oldPrice !== undefined && p.price !== undefined && p.oldPrice > p.price) {
    view['old_price'] = p.oldPrice;
  }
  if (p.brand) {
    view['brand'] = p.brand;
  }
  const category = p.categories[p.categories.length - 1];
  if (category) {
    view['category'] = category;
  }
  view['in_stock'] = p.available;
  if (detailed) {
    if (p.description) {
      view['description'] = p.description.length > DESCRIPTION_CHARS ? `${p.description.slice(0, DESCRIPTION_CHARS - 1)}…` : p.description;
    }
    const params = Object.entries(p.params).slice(0, PARAMS_SHOWN);
    if (params.length > 0) {
      view['params'] = Object.fromEntries(params);
    }
  } else {
    const f = features(p);
    if (f) {
      view['features'] = f;
    }
  }
  return view;
}

const RELAXED_WORDS: Record<string, string> = {
  price: 'the price bounds were dropped (nothing fitted them)',
  brand: 'the brand filter was dropped (nothing of those brands fitted)',
  category: 'the category guess was dropped',
  availability: 'out-of-stock products are included (nothing in stock fitted)',
  words: 'some search words were ignored (nothing matched them all)',
};

const SearchInput = Type.Object({
  query: Type.String({ description: 'What the buyer looks for, in their words: product type, features, brand, price words all work' }),
  price_min: Type.Optional(Type.Number({ minimum: 0 })),
  price_max: Type.Optional(Type.Number({ minimum: 0 })),
  brands: Type.Optional(Type.Array(Type.String(), { description: 'Only these brands' })),
  exclude_brands: Type.Optional(Type.Array(Type.String(), { description: 'Not these brands' })),
  category: Type.Optional(Type.String({ description: 'A category name of the catalogue' })),
  in_stock_only: Type.Optional(Type.Boolean()),
  sort: Type.Optional(stringEnum(['relevance', 'price_asc', 'price_desc'] as const)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT })),
});

const SkusInput = Type.Object({
  skus: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: MAX_LIMIT }),
});

const SimilarInput = Type.Object({
  sku: Type.String({ minLength: 1 }),
  price_min: Type.Optional(Type.Number({ minimum: 0 })),
  price_max: Type.Optional(Type.Number({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT })),
});

const ComplementaryInput = Type.Object({
  sku: Type.String({ minLength: 1 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT })),
});

// Compiled once: a checker per tool call would cost more than the search itself.
const searchSchema = checkedSchema(SearchInput);
const skusSchema = checkedSchema(SkusInput);
const similarSchema = checkedSchema(SimilarInput);
const complementarySchema = checkedSchema(ComplementaryInput);

/** An unknown SKU as it is echoed back to the model: never longer than a catalogue's. */
function clipSku(sku: string): string {
  return sku.length > MAX_NAME_CHARS ? `${sku.slice(0, MAX_NAME_CHARS)}…` : sku;
}

function remember(journal: ToolJournal, products: CatalogProduct[]): void {
  for (const p of products) {
    if (!journal.seen.includes(p.sku)) {
      journal.seen.push(p.sku);
    }
  }
}

/** Runs the search tool: the query is parsed like a buyer's message, explicit filters win. */
export function searchProducts(index: CatalogIndex, input: Static<typeof SearchInput>, journal: ToolJournal): Record<string, unknown> {
  // The model's arguments are bounded like a buyer's message: it may repeat one.
  const query = boundText(input.query);
  const parsed = index.parseDetailed(query);
  const filters: SearchFilters = { ...parsed.filters };
  if (input.price_min !== undefined) {
    filters.priceMin = input.price_min;
  }
  if (input.price_max !== undefined) {
    filters.priceMax = input.price_max;
  }
  const brands = (list: string[]) =>
    list
      .slice(0, MAX_BRANDS)
      .map((b) => b.slice(0, MAX_NAME_CHARS))
      .map((b) => index.resolveBrand(b) ?? b.trim())
      .filter((b) => b !== '');
  if (input.brands?.length) {
    filters.brands = brands(input.brands);
  }
  if (input.exclude_brands?.length) {
    filters.excludeBrands = brands(input.exclude_brands);
  }
  const category = input.category?.slice(0, MAX_NAME_CHARS).trim();
  if (category) {
    filters.categories = [category];
  }
  if (input.in_stock_only !== undefined) {
    filters.availableOnly = input.in_stock_only;
  }
  const request: SearchRequest = { text: parsed.text, filters, categoryWords: parsed.categoryWords, brandWords: parsed.brandWords };
  const sort: PriceSort | undefined = input.sort === 'relevance' ? undefined : (input.sort ?? parsed.sort);
  if (sort) {
    request.sort = sort;
  }
  const run = runSearch(index, request, input.limit ?? DEFAULT_LIMIT, journal.budget);
  const products = run.hits.map((h) => h.product);
  journal.searches.push({ query, request, run });
  remember(journal, products);
  const out: Record<string, unknown> = { found: products.length, products: products.map((p) => productView(p)) };
  const notes = run.relaxed.map((r) => RELAXED_WORDS[r]).filter((n): n is string => Boolean(n));
  if (notes.length > 0) {
    out['note'] = `Nothing matched exactly: ${notes.join('; ')}. Tell the buyer.`;
  } else if (products.length > 0 && !run.exact) {
    out['note'] = 'These match only part of the query.';
  }
  return out;
}

/**
 * The catalogue tools for one turn. Without a loaded catalogue every tool says so, and the
 * model can still answer in words.
 */
export function catalogTools(index: CatalogIndex | undefined, journal: ToolJournal, currency: string): ToolSet {
  const unavailable = { error: 'The catalogue is not available right now.' };
  const spent = { error: 'This turn has searched the catalogue enough: answer with the products found so far.' };
  const budget = (journal.budget ??= new WorkBudget());
  return {
    search_products: tool({
      description: `Search the shop's catalogue. Prices are in ${currency}. Returns up to ${MAX_LIMIT} products with SKU, name, brand, price, stock and key features.`,
      inputSchema: searchSchema,
      execute: async (input) => (!index ? unavailable : budget.exhausted ? spent : { currency, ...searchProducts(index, input, journal) }),
    }),
    get_products: tool({
      description: 'Details of products by SKU: description and parameters. Use for SKUs from earlier results, the page or the dialog.',
      inputSchema: skusSchema,
      execute: async (input) => {
        if (!index) {
          return unavailable;
        }
        const found = input.skus.map((s) => index.bySku(s)).filter((p): p is CatalogProduct => Boolean(p));
        remember(journal, found);
        const unknown = input.skus.filter((s) => !index.bySku(s)).map(clipSku);
        return { currency, products: found.map((p) => productView(p, true)), ...(unknown.length > 0 ? { unknown_skus: unknown } : {}) };
      },
    }),
    similar_products: tool({
      description: 'Products similar to the given one (same kind, close in name and price), optionally within a price range.',
      inputSchema: similarSchema,
      execute: async (input) => {
        if (!index) {
          return unavailable;
        }
        if (!index.bySku(input.sku)) {
          return { error: `Unknown SKU ${clipSku(input.sku)}` };
        }
        if (budget.exhausted) {
          return spent;
        }
        const filters: SearchFilters = {};
        if (input.price_min !== undefined) {
          filters.priceMin = input.price_min;
        }
        if (input.price_max !== undefined) {
          filters.priceMax = input.price_max;
        }
        const products = index.similar(input.sku, input.limit ?? DEFAULT_LIMIT, filters, budget);
        remember(journal, products);
        journal.related = { kind: 'similar', sku: input.sku };
        return { currency, products: products.map((p) => productView(p)) };
      },
    }),
    complementary_products: tool({
      description: 'What goes with the given product: accessories and consumables that fit it.',
      inputSchema: complementarySchema,
      execute: async (input) => {
        if (!index) {
          return unavailable;
        }
        if (!index.bySku(input.sku)) {
          return { error: `Unknown SKU ${clipSku(input.sku)}` };
        }
        if (budget.exhausted) {
          return spent;
        }
        const products = index.complementary(input.sku, input.limit ?? DEFAULT_LIMIT, budget);
        remember(journal, products);
        journal.related = { kind: 'complementary', sku: input.sku };
        return { currency, products: products.map((p) => productView(p)) };
      },
    }),
  };
}
