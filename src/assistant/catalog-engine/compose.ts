/**
 * Turns what the engine decided to say and show into the spec's answer: a message block,
 * a products block with cards (spec 2.5) and their tracking events, buttons, quick
 * replies, and the block-level events at the root (spec 2.6, part 6).
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import type { Tenant, TenantLink } from '../../config/tenant.ts';
import type { ContentBlock, EngagementEvent, EngineAnswer, Product } from '../contract.ts';
import type { TrackingLinks } from '../engine.ts';

export interface Shelf {
  products: CatalogProduct[];
  title: string;
  shelfId: string;
  sourceQuery: string;
}

export interface AnswerParts {
  message: string;
  shelf?: Shelf | null;
  supportButton?: string | null;
  links?: TenantLink[];
  suggests?: string[];
}

const FEATURE_PARAMS = 4;
const FEATURE_CHARS = 160;

// Looked up by the feed's currency codes: a Map, so no code finds a property of Object.prototype.
const SYMBOLS: ReadonlyMap<string, string> = new Map(
  Object.entries({ RUB: '₽', RUR: '₽', USD: '$', EUR: '€', KZT: '₸', GBP: '£', PLN: 'zł', CZK: 'Kč', UAH: '₴', BYN: 'Br' }),
);

/** The currency sign to write prices with: the tenant's, else the catalogue's, else ₽/$ by language. */
export function currencySymbol(tenant: Tenant, sample: CatalogProduct | undefined): string {
  if (tenant.currencySymbol) {
    return tenant.currencySymbol;
  }
  const code = sample?.currency?.toUpperCase();
  const symbol = code === undefined ? undefined : SYMBOLS.get(code);
  if (symbol) {
    return symbol;
  }
  return code ?? (tenant.language === 'en' ? '$' : '₽');
}

/** A card's `features`: the first few parameters as "name: value", kept short. */
export function features(p: CatalogProduct): string | undefined {
  const parts = Object.entries(p.params)
    .slice(0, FEATURE_PARAMS)
    .map(([k, v]) => `${k}: ${v}`);
  if (parts.length === 0) {
    return undefined;
  }
  let s = parts.join('; ');
  if (s.length > FEATURE_CHARS) {
    s = `${s.slice(0, FEATURE_CHARS - 1).trimEnd()}…`;
  }
  return s;
}

/** One product card with its click and visibility events. */
export function card(p: CatalogProduct, tracking: TrackingLinks): Product {
  const c: Product = { sku: p.sku, name: p.name, price: p.price ?? null };
  if (p.categoryId) {
    c.category_id = p.categoryId;
  }
  if (p.brand) {
    c.brand = p.brand;
  }
  const f = features(p);
  if (f) {
    c.features = f;
  }
  if (p.isStm !== undefined) {
    c.is_stm = p.isStm;
  }
  if (p.url) {
    c.url = p.url;
  }
  if (p.imageUrl) {
    c.image_url = p.imageUrl;
  }
  c.events = [
    { type: 'click', url: tracking.card('click', p.sku) },
    { type: 'visible_impression', url: tracking.card('visible_impression', p.sku) },
  ];
  return c;
}

/** The category path the shown products share (general → specific), else the first one's. */
export function sharedCategoryPath(products: CatalogProduct[]): string[] {
  const first = products[0]?.categories ?? [];
  let n = first.length;
  for (const p of products.slice(1)) {
    let k = 0;
    while (k < n && p.categories[k] === first[k]) {
      k++;
    }
    n = k;
  }
  return n > 0 ? first.slice(0, n) : [...first];
}

/**
 * Builds the engine answer. Block events (IMP in the several-URL shape, WRIMP and the
 * block's visible_impression in the one-URL shape) are added only when products are shown.
 */
export function composeAnswer(parts: AnswerParts, tenant: Tenant, tracking: TrackingLinks): EngineAnswer {
  const contents: ContentBlock[] = [{ type: 'message', value: parts.message }];
  const events: EngagementEvent[] = [];
  const shelf = parts.shelf;
  if (shelf && shelf.products.length > 0) {
    const block: ContentBlock = {
      type: 'products',
      value: shelf.products.map((p) => card(p, tracking)),
      title: shelf.title,
      shelf_id: shelf.shelfId,
      source_query: shelf.sourceQuery,
    };
    if (tenant.showCategories) {
      block.categories = sharedCategoryPath(shelf.products);
    }
    contents.push(block);
    events.push(
      { type: 'IMP', urls: [tracking.block('IMP')] },
      { type: 'WRIMP', url: tracking.block('WRIMP') },
      { type: 'visible_impression', url: tracking.block('visible_impression') },
    );
  }
  if (parts.supportButton) {
    contents.push({ type: 'button', value: parts.supportButton, action: 'open_support_chat' });
  }
  for (const link of parts.links ?? []) {
    contents.push({ type: 'button', value: link.label, action: 'follow_url', url: link.url });
  }
  const answer: EngineAnswer = { response: { contents }, events };
  const suggests = (parts.suggests ?? []).filter((s) => s.trim() !== '').slice(0, 4);
  if (suggests.length > 0) {
    answer.response.ui = { suggests };
  }
  return answer;
}
