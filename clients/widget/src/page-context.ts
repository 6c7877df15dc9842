/**
 * The page the buyer is on (spec 2.3), from the element's attributes or `setPageContext`.
 * It is sent with every message and with the starter-prompt request.
 */
import type { PageContext } from '../../js/src/index.ts';

export const PAGE_TYPES = ['HOMEPAGE', 'PRODUCT', 'CART', 'CATEGORY', 'SEARCH', 'OTHER'] as const;

/** What a shop gives: by attributes (`page-type`, `page-data`, `store-id`, `location`, `lng`) or by `setPageContext`. */
export interface PageContextInput {
  type?: string | null;
  data?: unknown;
  storeId?: string | null;
  location?: string | null;
  lng?: string | null;
}

/**
 * `page-data` is JSON (`["101001"]`, `[{"sku":"101001"}]`); a bare value that is not JSON
 * (`101001`) is taken as the one item of a list, the form spec 2.3 gives for a product page.
 */
export function parsePageData(text: string | null): unknown {
  if (text === null || text.trim() === '') {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return [text.trim()];
  }
}

/** The `ctx` to send: only the fields given, the page type in capitals, `storeId` left out when empty (spec 2.3). */
export function toPageContext(input: PageContextInput): PageContext | null {
  const ctx: PageContext = {};
  const type = input.type?.trim().toUpperCase();
  if (type) {
    ctx.type = type;
  }
  if (input.data !== undefined && input.data !== null) {
    ctx.data = input.data;
  }
  if (input.lng) {
    ctx.lng = input.lng;
  }
  if (input.location) {
    ctx.location = input.location;
  }
  if (input.storeId) {
    ctx.attributes = { storeId: input.storeId };
  }
  return Object.keys(ctx).length > 0 ? ctx : null;
}
