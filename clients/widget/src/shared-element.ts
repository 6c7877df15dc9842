/**
 * `<aisle-shared-dialog>`: a shared snapshot (spec 2.11) drawn read-only with the chat's own
 * components, for Aisle's share page `/s/{share_token}`. The snapshot comes in the element's
 * child `<script type="application/json">` (the page is rendered with it, so the page makes no
 * request of its own); `lang`, `currency` and `format` say how to show it.
 */
import type { SharedSnapshot } from '../../js/src/index.ts';
import { h } from './dom.ts';
import { langOf, texts } from './i18n.ts';
import { renderAnswer, renderUserMessage, type RenderContext } from './render.ts';
import { SHARED_CSS, COMPONENT_CSS } from './styles.ts';

export class AisleSharedDialogElement extends HTMLElement {
  #snapshot: SharedSnapshot | null = null;

  /** The snapshot to show; set from script, or read from the child JSON script when connected. */
  get snapshot(): SharedSnapshot | null {
    return this.#snapshot;
  }
  set snapshot(value: SharedSnapshot | null) {
    this.#snapshot = value;
    if (this.isConnected) {
      this.#render();
    }
  }

  connectedCallback(): void {
    if (!this.#snapshot) {
      const source = this.querySelector('script[type="application/json"]');
      try {
        this.#snapshot = source?.textContent ? (JSON.parse(source.textContent) as SharedSnapshot) : null;
      } catch {
        this.#snapshot = null;
      }
    }
    this.#render();
  }

  #render(): void {
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const lang = langOf(this.getAttribute('lang')) ?? langOf(document.documentElement.lang) ?? 'en';
    const ctx: RenderContext = {
      t: texts(lang),
      lang,
      currency: this.getAttribute('currency') || null,
      format: this.getAttribute('format') === 'markdown' ? 'markdown' : 'plain_text',
    };
    const messages = h('div', { part: 'messages', role: 'list', 'aria-label': ctx.t.sharedTitle });
    for (const message of this.#snapshot?.messages ?? []) {
      const element =
        message.role === 'user'
          ? renderUserMessage(null, message.content)
          : renderAnswer({ id: null, contents: message.response.contents }, ctx, null).element;
      element.setAttribute('role', 'listitem');
      messages.append(element);
    }
    root.replaceChildren(h('style', {}, [COMPONENT_CSS + SHARED_CSS]), messages);
  }
}
