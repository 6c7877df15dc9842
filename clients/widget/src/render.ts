/**
 * The components both elements draw with: a user message, an assistant answer (text blocks,
 * product cards, buttons, quick replies, like/dislike) and a product card. They only build
 * DOM; what a press does is the caller's (`AnswerActions`). Every element carries the `part`
 * names of the DOM contract, so shops style them with `::part()` and tests find them.
 */
import type { CardBinding, ContentPart, Product, Reaction } from '../../js/src/index.ts';
import { h, icon, ICONS } from './dom.ts';
import { formatPrice } from './format.ts';
import type { Lang, Texts } from './i18n.ts';
import { renderMarkdown } from './markdown.ts';

/** A product as both answers and snapshots carry it. */
export type ProductView = Pick<Product, 'name' | 'sku' | 'price' | 'brand' | 'url' | 'image_url'>;

/** The blocks of an answer or a snapshot (a snapshot has no buttons). */
export type BlockView =
  | { type: 'message'; value: string }
  | { type: 'products'; title?: string; value: readonly ProductView[] }
  | { type: 'button'; value: string; action: string; url?: string };

export interface RenderContext {
  t: Texts;
  lang: Lang;
  /** The tenant's currency sign; null shows the bare number. */
  currency: string | null;
  format: 'plain_text' | 'markdown';
}

export interface AnswerView {
  /** The assistant message id; null for an answer that has none (the debug stub). */
  id: string | null;
  contents: readonly BlockView[];
  suggests?: readonly string[];
  /** The stored reaction; undefined draws no like/dislike (snapshots, answers without an id). */
  reaction?: Reaction;
}

/** What presses on an answer do; absent for a read-only rendering. */
export interface AnswerActions {
  suggest(text: string): void;
  button(block: { value: string; action: string; url?: string }): void;
  react(reaction: 'like' | 'dislike', buttons: { like: HTMLButtonElement; dislike: HTMLButtonElement }): void;
}

export interface RenderedAnswer {
  element: HTMLElement;
  /** The recommendation block (the first products block), else the whole answer: what WRIMP watches. */
  blockElement: HTMLElement;
  cards: Array<CardBinding & { element: HTMLElement }>;
}

export const isHttpUrl = (url: string | undefined | null): url is string => typeof url === 'string' && /^https?:\/\/[^\s]+$/i.test(url);

/** A neutral picture with the product's initials, for a missing or failed image (the demo runs offline). */
export function placeholderImage(name: string): string {
  const initials =
    name
      .split(/\s+/)
      .filter((w) => /^\p{L}/u.test(w))
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '•';
  const safe = initials.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">' +
    '<rect width="160" height="160" fill="#eef1f5"/>' +
    '<path d="M52 60h56l-6 52H58z" fill="none" stroke="#b4bfcc" stroke-width="4" stroke-linejoin="round"/>' +
    '<path d="M66 60v-6a14 14 0 0 1 28 0v6" fill="none" stroke="#b4bfcc" stroke-width="4"/>' +
    `<text x="80" y="98" font-family="system-ui,sans-serif" font-size="22" font-weight="600" fill="#5f6b7a" text-anchor="middle">${safe}</text>` +
    '</svg>';
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function cardImage(product: ProductView): HTMLImageElement {
  const fallback = placeholderImage(product.name);
  const img = h('img', { part: 'card-image', alt: product.name, loading: 'lazy', decoding: 'async', width: '160', height: '160' });
  img.referrerPolicy = 'no-referrer';
  img.src = isHttpUrl(product.image_url) ? product.image_url : fallback;
  img.addEventListener('error', () => {
    // Once only: the placeholder itself never fails, but a loop must be impossible.
    if (img.src !== fallback) {
      img.src = fallback;
    }
  });
  return img;
}

/** One product card: image, name (the link to the product page), brand, price. */
export function renderCard(product: ProductView, ctx: RenderContext): HTMLElement {
  const name = isHttpUrl(product.url)
    ? h('a', { part: 'card-link card-name', href: product.url, target: '_blank', rel: 'noopener noreferrer' }, [product.name])
    : h('span', { part: 'card-name' }, [product.name]);
  const price = typeof product.price === 'number' && Number.isFinite(product.price) ? formatPrice(product.price, ctx.currency, ctx.lang) : null;
  return h('li', { part: 'card', 'data-sku': product.sku ?? null }, [
    h('div', { part: 'card-media' }, [cardImage(product)]),
    h('div', { part: 'card-body' }, [
      name,
      product.brand ? h('span', { part: 'card-brand' }, [product.brand]) : null,
      price ? h('span', { part: 'card-price' }, [price]) : null,
    ]),
  ]);
}

function renderText(value: string, ctx: RenderContext): HTMLElement {
  const el = h('div', { part: 'text', 'data-format': ctx.format });
  if (ctx.format === 'markdown') {
    el.append(renderMarkdown(value));
  } else {
    // plain_text: the characters as they are; CSS keeps the line breaks.
    el.append(document.createTextNode(value));
  }
  return el;
}

function renderReactions(view: AnswerView, ctx: RenderContext, actions: AnswerActions): HTMLElement {
  const make = (reaction: 'like' | 'dislike') =>
    h('button', { type: 'button', part: reaction, 'aria-pressed': String(view.reaction === reaction), 'aria-label': ctx.t[reaction], title: ctx.t[reaction] }, [
      icon(ICONS[reaction]),
    ]);
  const buttons = { like: make('like'), dislike: make('dislike') };
  buttons.like.addEventListener('click', () => actions.react('like', buttons));
  buttons.dislike.addEventListener('click', () => actions.react('dislike', buttons));
  return h('div', { part: 'reactions' }, [buttons.like, buttons.dislike]);
}

/** An assistant answer; with `actions` its buttons, quick replies and reactions work, without them it is read-only. */
export function renderAnswer(view: AnswerView, ctx: RenderContext, actions: AnswerActions | null): RenderedAnswer {
  const element = h('div', { part: 'message assistant-message', 'data-role': 'assistant', 'data-message-id': view.id });
  const cards: RenderedAnswer['cards'] = [];
  let blockElement: HTMLElement | null = null;
  const buttons: HTMLElement[] = [];
  for (const block of view.contents) {
    if (block.type === 'message') {
      if (block.value.trim()) {
        element.append(renderText(block.value, ctx));
      }
    } else if (block.type === 'products') {
      if (block.value.length === 0) {
        continue;
      }
      const list = h('ul', { part: 'cards', role: 'list' });
      for (const product of block.value) {
        const card = renderCard(product, ctx);
        list.append(card);
        cards.push({ element: card, product: product as Product });
      }
      const title = block.title ? h('div', { part: 'products-title' }, [block.title]) : null;
      const section = h('div', { part: 'products', 'data-block': 'products', role: 'group', 'aria-label': block.title || ctx.t.products }, [title, list]);
      blockElement ??= section;
      element.append(section);
    } else if (block.type === 'button' && actions) {
      const usable = block.action === 'open_support_chat' || (block.action === 'follow_url' && isHttpUrl(block.url));
      if (usable) {
        const button = h('button', { type: 'button', part: 'action', 'data-action': block.action }, [block.value]);
        button.addEventListener('click', () => actions.button(block));
        buttons.push(button);
      }
    }
  }
  if (buttons.length > 0) {
    element.append(h('div', { part: 'actions' }, buttons));
  }
  if (actions && view.suggests && view.suggests.length > 0) {
    const group = h('div', { part: 'suggests', role: 'group', 'aria-label': ctx.t.suggestions });
    for (const text of view.suggests) {
      const button = h('button', { type: 'button', part: 'suggest' }, [text]);
      button.addEventListener('click', () => actions.suggest(text));
      group.append(button);
    }
    element.append(group);
  }
  if (actions && view.id && view.reaction !== undefined) {
    element.append(renderReactions(view, ctx, actions));
  }
  return { element, blockElement: blockElement ?? element, cards };
}

/** A user message: its text, and a stored picture when it had one (history gives it back as Base64). */
export function renderUserMessage(id: string | null, content: string | readonly ContentPart[]): HTMLElement {
  const element = h('div', { part: 'message user-message', 'data-role': 'user', 'data-message-id': id });
  const bubble = h('div', { part: 'bubble' });
  if (typeof content === 'string') {
    bubble.append(content);
  } else {
    for (const part of content) {
      if (part.type === 'text') {
        bubble.append(h('span', {}, [part.text]));
      } else if (part.source.type === 'base64' && /^image\/(jpeg|png|webp)$/.test(part.source.mediaType) && /^[A-Za-z0-9+/]+=*$/.test(part.source.data)) {
        bubble.append(h('img', { part: 'user-image', alt: '', src: `data:${part.source.mediaType};base64,${part.source.data}` }));
      }
    }
  }
  element.append(bubble);
  return element;
}
