/**
 * Turns what the engine decided to say and show into the spec's answer: a message block,
 * a products block with cards (spec 2.5) and their tracking events, buttons, quick
 * replies, and the block-level events at the root (spec 2.6, part 6).
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import type { Tenant, TenantLink } from '../../config/tenant.ts';
import type { ContentBlock, EngagementEvent, EngineAnswer } from '../contract.ts';
import type { TrackingLinks } from '../engine.ts';
import { card, sharedCategoryPath } from '../cards.ts';

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

/** The button opening a tenant's link ("Доставка и оплата"). */
export function linkButton(link: TenantLink): ContentBlock {
  return { type: 'button', value: link.label, action: 'follow_url', url: link.url };
}

/** The button opening the shop's support chat. */
export function supportChatButton(label: string): ContentBlock {
  return { type: 'button', value: label, action: 'open_support_chat' };
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
    contents.push(supportChatButton(parts.supportButton));
  }
  contents.push(...(parts.links ?? []).map(linkButton));
  const answer: EngineAnswer = { response: { contents }, events };
  const suggests = (parts.suggests ?? []).filter((s) => s.trim() !== '').slice(0, 4);
  if (suggests.length > 0) {
    answer.response.ui = { suggests };
  }
  return answer;
}
