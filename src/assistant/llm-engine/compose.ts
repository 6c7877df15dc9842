/**
 * Turns the model's checked answer into the spec's answer (2.4–2.6): the message block,
 * product cards filled from the catalogue by SKU (the model's words about a product never
 * reach a card; SKUs the catalogue does not know are dropped), buttons the shop allows,
 * quick replies, and the tracking events of the cards and the block.
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import type { Tenant } from '../../config/tenant.ts';
import type { ContentBlock, EngagementEvent, EngineAnswer } from '../contract.ts';
import type { TrackingLinks } from '../engine.ts';
import { card, sharedCategoryPath } from '../cards.ts';
import type { ButtonAction, ModelAnswer } from './answer.ts';
import type { ToolJournal } from './tools.ts';

const MAX_CARDS = 8;
const MAX_BUTTONS = 3;
const SHELF_ID = 'aisle-assistant';

/** Hosts a `follow_url` button may point to: those of the tenant's links and its `allowedLinkHosts`. */
export function allowedHosts(tenant: Tenant): string[] {
  const hosts = new Set(tenant.allowedLinkHosts.map((h) => h.toLowerCase()));
  for (const link of tenant.links) {
    try {
      hosts.add(new URL(link.url).hostname.toLowerCase());
    } catch {
      // The tenants file checks the scheme only; an unparsable link simply adds no host.
    }
  }
  return [...hosts];
}

/** The button actions a tenant offers (the answer schema lists only these). */
export function buttonActions(tenant: Tenant): ButtonAction[] {
  const actions: ButtonAction[] = [];
  if (tenant.supportChat) {
    actions.push('open_support_chat');
  }
  if (allowedHosts(tenant).length > 0) {
    actions.push('follow_url');
  }
  return actions;
}

function urlAllowed(url: string, hosts: string[]): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && hosts.includes(u.hostname.toLowerCase()) && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}

/**
 * Markdown a plain-text client would show as symbols: emphasis, headings, quotes, code
 * marks; links become "label (address)". Lists stay as they read fine as text.
 */
export function toPlainText(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\(([^)\s]+)\)/g, (_m, label: string, url: string) => (label && label !== url ? `${label} (${url})` : url))
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/__(.+?)__/g, '$1')
    .replace(/(^|[\s(])\*(\S(?:.*?\S)?)\*(?=[\s).,!?:;]|$)/gm, '$1$2')
    .replace(/`{1,3}([^`]*)`{1,3}/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^>\s?/gm, '')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .trim();
}

export interface ComposeInput {
  answer: ModelAnswer;
  tenant: Tenant;
  index: CatalogIndex | undefined;
  tracking: TrackingLinks;
  /** Heading when the model gives none. */
  defaultTitle: string;
  journal: ToolJournal;
  /** A sentence the engine says before the model's text (e.g. that photos are not supported). */
  preface?: string;
}

export interface Composed {
  answer: EngineAnswer;
  shown: CatalogProduct[];
  /** What was left out, for the log (counts only, never the content). */
  dropped: { skus: number; buttons: number };
}

/** Builds the engine answer from the model's answer. */
export function composeLlmAnswer(input: ComposeInput): Composed {
  const { answer, tenant, index, tracking, journal } = input;
  let text = tenant.messageFormat === 'plain_text' ? toPlainText(answer.text) : answer.text;
  if (input.preface) {
    text = `${input.preface}\n\n${text}`;
  }
  const contents: ContentBlock[] = [{ type: 'message', value: text }];
  const events: EngagementEvent[] = [];

  const shown: CatalogProduct[] = [];
  let droppedSkus = 0;
  for (const sku of answer.products) {
    const p = index?.bySku(sku);
    if (!p) {
      droppedSkus++;
    } else if (!shown.some((s) => s.sku === p.sku) && shown.length < MAX_CARDS) {
      shown.push(p);
    }
  }
  if (shown.length > 0) {
    const lastSearch = journal.searches[journal.searches.length - 1];
    const block: ContentBlock = {
      type: 'products',
      value: shown.map((p) => card(p, tracking)),
      title: answer.productsTitle ?? input.defaultTitle,
      shelf_id: SHELF_ID,
      source_query: lastSearch?.query ?? shown[0]!.name,
    };
    if (tenant.showCategories) {
      block.categories = sharedCategoryPath(shown);
    }
    contents.push(block);
    events.push(
      { type: 'IMP', urls: [tracking.block('IMP')] },
      { type: 'WRIMP', url: tracking.block('WRIMP') },
      { type: 'visible_impression', url: tracking.block('visible_impression') },
    );
  }

  const hosts = allowedHosts(tenant);
  let droppedButtons = 0;
  let buttons = 0;
  for (const b of answer.buttons) {
    const ok =
      buttons < MAX_BUTTONS &&
      ((b.action === 'open_support_chat' && tenant.supportChat) || (b.action === 'follow_url' && b.url !== undefined && urlAllowed(b.url, hosts)));
    if (!ok) {
      droppedButtons++;
      continue;
    }
    buttons++;
    contents.push(b.action === 'follow_url' ? { type: 'button', value: b.label, action: b.action, url: b.url as string } : { type: 'button', value: b.label, action: b.action });
  }

  const result: EngineAnswer = { response: { contents }, events };
  if (answer.quickReplies.length > 0) {
    result.response.ui = { suggests: answer.quickReplies };
  }
  return { answer: result, shown, dropped: { skus: droppedSkus, buttons: droppedButtons } };
}
