/**
 * `<aisle-chat>`: the shop's chat with Aisle, as a custom element with an open shadow root.
 * It talks to Aisle only through the typed client (clients/js): the guest token, message ids,
 * retries and tracking follow the contract there. This file is the buyer's side of it: what
 * is shown when, what each press does, what is remembered across page loads.
 *
 * See clients/widget/README.md for the attributes, events, parts and the embed snippet.
 */
import {
  createAisleClient,
  isAisleError,
  localStorageTokenStore,
  memoryTokenStore,
  trackAnswer,
  type AisleClient,
  type AisleError,
  type AssistantHistoryItem,
  type FetchLike,
  type GenerateResponse,
  type OutgoingMessage,
  type PageContext,
} from '../../js/src/index.ts';
import { h, icon, ICONS } from './dom.ts';
import { formatDate } from './format.ts';
import { langOf, texts, type Lang, type Texts } from './i18n.ts';
import { parsePageData, toPageContext, type PageContextInput } from './page-context.ts';
import { recall, remember, resourceKey, threadKey } from './persist.ts';
import { renderAnswer, renderUserMessage, type AnswerActions, type AnswerView, type RenderContext } from './render.ts';
import { loadTenantSettings, type TenantSettings } from './settings.ts';
import { CHAT_CSS, COMPONENT_CSS } from './styles.ts';

const ATTRIBUTES = ['base-url', 'tenant', 'resource-id', 'thread-id', 'page-type', 'page-data', 'store-id', 'location', 'lng', 'lang', 'token-storage'] as const;
/** Attributes whose change means another buyer, shop or server: everything starts again. */
const RESTARTING = new Set(['base-url', 'tenant', 'resource-id', 'lang', 'token-storage']);
const CONTEXT_ATTRIBUTES = new Set(['page-type', 'page-data', 'store-id', 'location', 'lng']);
/** A dialog longer than this is shown from its first messages only (a page is 100). */
const MAX_RESTORED = 1000;
const DIALOGS_PAGE = 20;

/** The Aisle the script came from: `…/widget/v1/aisle-chat.js` → `…`. Wrong when bundled by the shop: then `base-url` is needed. */
function scriptBase(): string {
  try {
    return new URL('../..', import.meta.url).href.replace(/\/+$/, '');
  } catch {
    return location.origin;
  }
}
const SCRIPT_BASE = scriptBase();

function defaultFetch(): FetchLike {
  return (input, init) => globalThis.fetch(input, init);
}

interface Failure {
  status: number;
  code: string;
  message: string;
}

export class AisleChatElement extends HTMLElement {
  static readonly observedAttributes = ATTRIBUTES;

  /**
   * The `fetch` every request to Aisle goes through (the playground wraps it to show each
   * exchange). Set it before the element is connected.
   */
  fetch: FetchLike | null = null;

  readonly #root: ShadowRoot;
  #ui!: ReturnType<AisleChatElement['build']>;
  #t: Texts = texts('en');
  #lang: Lang = 'en';
  #settings: TenantSettings | null = null;
  #client: AisleClient | null = null;
  #baseUrl = SCRIPT_BASE;
  #tenant = '';
  /** Whether the buyer id was made here (then a dead session can be replaced by a new id). */
  #ownResourceId = false;
  #threadId: string | null = null;
  #messageCount = 0;
  #ctxOverride: PageContextInput | null = null;
  /** Bumped by every restart and dialog switch: answers to an older one are dropped. */
  #epoch = 0;
  #busy = 0;
  #sending = false;
  #started = false;
  #restartQueued = false;
  #starterTimer: ReturnType<typeof setTimeout> | null = null;
  #trackingStops: Array<() => void> = [];
  #dialogsCursor: string | null = null;
  #rateLimitTimer: ReturnType<typeof setInterval> | null = null;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
  }

  // --- attributes as properties -------------------------------------------------------------

  get baseUrl(): string {
    return this.getAttribute('base-url') ?? '';
  }
  set baseUrl(v: string) {
    this.setAttribute('base-url', v);
  }
  get tenant(): string {
    return this.getAttribute('tenant') ?? '';
  }
  set tenant(v: string) {
    this.setAttribute('tenant', v);
  }
  get resourceId(): string {
    return this.getAttribute('resource-id') ?? '';
  }
  set resourceId(v: string) {
    this.setAttribute('resource-id', v);
  }
  get threadId(): string {
    return this.#threadId ?? this.getAttribute('thread-id') ?? '';
  }
  set threadId(v: string) {
    this.setAttribute('thread-id', v);
  }
  get pageType(): string {
    return this.getAttribute('page-type') ?? '';
  }
  set pageType(v: string) {
    this.setAttribute('page-type', v);
  }
  get pageData(): string {
    return this.getAttribute('page-data') ?? '';
  }
  set pageData(v: string) {
    this.setAttribute('page-data', v);
  }
  get storeId(): string {
    return this.getAttribute('store-id') ?? '';
  }
  set storeId(v: string) {
    this.setAttribute('store-id', v);
  }
  get location(): string {
    return this.getAttribute('location') ?? '';
  }
  set location(v: string) {
    this.setAttribute('location', v);
  }
  get lng(): string {
    return this.getAttribute('lng') ?? '';
  }
  set lng(v: string) {
    this.setAttribute('lng', v);
  }
  get tokenStorage(): string {
    return this.getAttribute('token-storage') ?? 'local';
  }
  set tokenStorage(v: string) {
    this.setAttribute('token-storage', v);
  }

  /** Sets the page context from script (replaces what the attributes say until they change again). */
  setPageContext(input: PageContextInput | null): void {
    this.#ctxOverride = input ? { ...input } : null;
    this.#contextChanged();
  }

  /** The context sent with the next message. */
  get pageContext(): PageContext | null {
    if (this.#ctxOverride) {
      return toPageContext(this.#ctxOverride);
    }
    return toPageContext({
      type: this.getAttribute('page-type'),
      data: parsePageData(this.getAttribute('page-data')),
      storeId: this.getAttribute('store-id'),
      location: this.getAttribute('location'),
      lng: this.getAttribute('lng'),
    });
  }

  // --- lifecycle ----------------------------------------------------------------------------

  connectedCallback(): void {
    if (!this.#ui) {
      this.#ui = this.build();
    }
    if (!this.#started) {
      this.#started = true;
      this.#queueRestart();
    }
  }

  disconnectedCallback(): void {
    this.#stopTracking();
  }

  attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void {
    if (!this.#started || oldValue === value) {
      return;
    }
    if (RESTARTING.has(name)) {
      this.#queueRestart();
    } else if (name === 'thread-id') {
      if (value && value !== this.#threadId && this.#client) {
        void this.#openDialog(value, false);
      }
    } else if (CONTEXT_ATTRIBUTES.has(name)) {
      this.#ctxOverride = null;
      this.#contextChanged();
    }
  }

  /** Several attributes set one after another restart once. */
  #queueRestart(): void {
    if (this.#restartQueued) {
      return;
    }
    this.#restartQueued = true;
    queueMicrotask(() => {
      this.#restartQueued = false;
      void this.#restart();
    });
  }

  // --- the shadow DOM -----------------------------------------------------------------------

  private build() {
    const style = h('style', {}, [COMPONENT_CSS + CHAT_CSS]);
    const titleName = h('span', { class: 'title-name' });
    const titleSub = h('span', { class: 'title-sub' });
    const title = h('div', { part: 'title' }, [titleName, titleSub]);
    const headerButton = (part: string, iconPath: string, extra: Record<string, string> = {}) => {
      const label = h('span', { class: 'label' });
      return { button: h('button', { type: 'button', part, ...extra }, [icon(iconPath), label]), label };
    };
    const dialogsToggle = headerButton('dialogs-toggle', ICONS.list, { 'aria-expanded': 'false', 'aria-controls': 'aisle-dialogs' });
    const newDialog = headerButton('new-dialog', ICONS.plus);
    const share = headerButton('share', ICONS.share);
    const header = h('div', { part: 'header' }, [title, dialogsToggle.button, newDialog.button, share.button]);

    const dialogsTitle = h('span', { id: 'aisle-dialogs-title' });
    const dialogsClose = h('button', { type: 'button', class: 'dialogs-close' }, [icon(ICONS.close)]);
    const dialogsList = h('ul', { class: 'dialogs-list', role: 'list' });
    const dialogsEmpty = h('p', { class: 'dialogs-empty', hidden: true });
    const dialogsMore = h('button', { type: 'button', part: 'more', hidden: true });
    const dialogs = h('div', { part: 'dialogs', id: 'aisle-dialogs', role: 'dialog', 'aria-labelledby': 'aisle-dialogs-title', hidden: true }, [
      h('div', { class: 'dialogs-head' }, [dialogsTitle, dialogsClose]),
      dialogsList,
      dialogsEmpty,
      dialogsMore,
    ]);

    const welcomeText = h('p');
    const starters = h('div', { part: 'starters', role: 'group' });
    const welcome = h('div', { part: 'welcome', hidden: true }, [welcomeText, starters]);
    const messages = h('div', { part: 'messages', role: 'log', 'aria-live': 'polite', 'aria-relevant': 'additions' });
    const typing = h('div', { part: 'typing', role: 'status', hidden: true }, [h('span'), h('span'), h('span')]);
    const typingLabel = h('span', { class: 'sr-only' });
    typing.append(typingLabel);
    const body = h('div', { part: 'body' }, [welcome, messages, typing]);
    const main = h('div', { class: 'main' }, [body, dialogs]);

    const errorText = h('span', { class: 'error-text' });
    const retry = h('button', { type: 'button', part: 'retry', hidden: true });
    const error = h('div', { part: 'error', role: 'alert', hidden: true }, [errorText, retry]);

    const shareLabel = h('span', { class: 'share-label' });
    const shareLink = h('a', { part: 'share-link', target: '_blank', rel: 'noopener noreferrer' });
    const copyLabel = h('span');
    const copy = h('button', { type: 'button', part: 'copy' }, [icon(ICONS.copy), copyLabel]);
    const shareClose = h('button', { type: 'button', class: 'share-close' }, [icon(ICONS.close)]);
    const shareBox = h('div', { part: 'share-box', hidden: true }, [shareLabel, shareLink, copy, shareClose]);

    const inputLabel = h('label', { for: 'aisle-input', class: 'sr-only' });
    const input = h('textarea', { part: 'input', id: 'aisle-input', rows: '1', maxlength: '8000', autocomplete: 'off' });
    const send = h('button', { type: 'submit', part: 'send' }, [icon(ICONS.send)]);
    const composer = h('form', { part: 'composer' }, [inputLabel, input, send]);

    const panel = h('section', { part: 'panel', role: 'region', 'aria-busy': 'false' }, [header, main, error, shareBox, composer]);
    this.#root.replaceChildren(style, panel);

    composer.addEventListener('submit', (event) => {
      event.preventDefault();
      this.#sendText(input.value);
    });
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.#sendText(input.value);
      }
    });
    input.addEventListener('input', () => this.#fitInput());
    dialogsToggle.button.addEventListener('click', () => this.#toggleDialogs());
    dialogsClose.addEventListener('click', () => this.#closeDialogs(true));
    dialogs.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        this.#closeDialogs(true);
      }
    });
    dialogsMore.addEventListener('click', () => void this.#loadDialogs(false));
    newDialog.button.addEventListener('click', () => {
      this.#closeDialogs(false);
      this.#clearError();
      void this.#startNewDialog();
      input.focus();
    });
    share.button.addEventListener('click', () => void this.#share());
    copy.addEventListener('click', () => void this.#copyShareLink());
    shareClose.addEventListener('click', () => {
      shareBox.hidden = true;
      share.button.focus();
    });

    return {
      panel,
      titleName,
      titleSub,
      dialogsToggle,
      newDialog,
      share,
      dialogs,
      dialogsTitle,
      dialogsClose,
      dialogsList,
      dialogsEmpty,
      dialogsMore,
      body,
      welcome,
      welcomeText,
      starters,
      messages,
      typing,
      typingLabel,
      error,
      errorText,
      retry,
      shareBox,
      shareLabel,
      shareLink,
      copy,
      copyLabel,
      shareClose,
      inputLabel,
      input,
      send,
    };
  }

  #applyTexts(): void {
    const ui = this.#ui;
    const t = this.#t;
    ui.panel.setAttribute('aria-label', t.panel);
    ui.titleName.textContent = this.#settings?.name ?? t.panel;
    ui.titleSub.textContent = this.#settings?.name ? t.panel : '';
    ui.titleSub.hidden = !this.#settings?.name;
    const label = (b: { button: HTMLButtonElement; label: HTMLElement }, text: string) => {
      b.label.textContent = text;
      b.button.setAttribute('aria-label', text);
      b.button.title = text;
    };
    label(ui.dialogsToggle, t.dialogs);
    label(ui.newDialog, t.newDialog);
    label(ui.share, t.share);
    // Icons alone: the header has room for one worded button, the dialog list.
    ui.newDialog.label.textContent = '';
    ui.share.label.textContent = '';
    ui.dialogsTitle.textContent = t.dialogsTitle;
    ui.dialogsClose.setAttribute('aria-label', t.close);
    ui.dialogsEmpty.textContent = t.noDialogs;
    ui.dialogsMore.textContent = t.more;
    ui.starters.setAttribute('aria-label', t.suggestions);
    ui.typingLabel.textContent = t.thinking;
    ui.retry.textContent = t.retry;
    ui.shareLabel.textContent = t.shareReady;
    ui.copyLabel.textContent = t.copy;
    ui.shareClose.setAttribute('aria-label', t.close);
    ui.inputLabel.textContent = t.inputLabel;
    ui.input.placeholder = t.placeholder;
    ui.send.setAttribute('aria-label', t.send);
    ui.send.title = t.send;
  }

  get #renderContext(): RenderContext {
    return { t: this.#t, lang: this.#lang, currency: this.#settings?.currencySymbol ?? null, format: this.#settings?.messageFormat ?? 'plain_text' };
  }

  #fitInput(): void {
    const input = this.#ui.input;
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight + 2, 140)}px`;
  }

  #setBusy(delta: number): void {
    this.#busy = Math.max(0, this.#busy + delta);
    this.#ui.panel.setAttribute('aria-busy', String(this.#busy > 0));
  }

  async #work<T>(task: () => Promise<T>): Promise<T> {
    this.#setBusy(1);
    try {
      return await task();
    } finally {
      this.#setBusy(-1);
    }
  }

  #updateControls(): void {
    const ui = this.#ui;
    const ready = this.#client !== null;
    ui.share.button.disabled = !ready || this.#messageCount === 0;
    ui.newDialog.button.disabled = !ready;
    ui.dialogsToggle.button.disabled = !ready;
    ui.send.disabled = !ready || this.#sending;
    ui.input.disabled = !ready;
  }

  // --- start, buyer and dialog --------------------------------------------------------------

  async #restart(): Promise<void> {
    const epoch = ++this.#epoch;
    this.#client = null;
    this.#stopTracking();
    this.#ui.messages.replaceChildren();
    this.#ui.welcome.hidden = true;
    this.#ui.shareBox.hidden = true;
    this.#closeDialogs(false);
    this.#clearError();
    this.#updateControls();

    this.#tenant = this.tenant.trim();
    this.#baseUrl = (this.getAttribute('base-url')?.trim() || SCRIPT_BASE).replace(/\/+$/, '');
    const fetchFn = this.fetch ?? defaultFetch();
    const pageLang = langOf(document.documentElement.lang);
    // Labelled from the start, in the page's language until the shop's settings say otherwise:
    // a screen reader reaching the panel while they load hears what it is.
    this.#settings = null;
    this.#t = texts(langOf(this.getAttribute('lang')) ?? pageLang ?? 'en');
    this.#applyTexts();
    this.#settings = this.#tenant ? await this.#work(() => loadTenantSettings(this.#baseUrl, this.#tenant, fetchFn)) : null;
    if (epoch !== this.#epoch) {
      return;
    }
    this.#lang = langOf(this.getAttribute('lang')) ?? this.#settings?.language ?? pageLang ?? 'en';
    this.#t = texts(this.#lang);
    this.#applyTexts();
    if (!this.#tenant) {
      this.#showError({ status: 0, code: 'NO_TENANT', message: 'The tenant attribute is missing' }, this.#t.errNoTenant);
      return;
    }

    const persistent = this.tokenStorage !== 'memory';
    const given = this.getAttribute('resource-id')?.trim();
    let resourceId = given || (persistent ? recall(resourceKey(this.#tenant)) : null);
    this.#ownResourceId = !given;
    if (!resourceId) {
      resourceId = crypto.getRandomValues(new Uint32Array(4)).reduce((s, n) => s + n.toString(36), 'b-');
      if (persistent) {
        remember(resourceKey(this.#tenant), resourceId);
      }
    }
    this.#client = createAisleClient({
      baseUrl: this.#baseUrl,
      tenantId: this.#tenant,
      resourceId,
      tokenStore: persistent ? localStorageTokenStore() : memoryTokenStore(),
      fetch: fetchFn,
    });
    this.#updateControls();

    const wanted = this.getAttribute('thread-id')?.trim() || (persistent ? recall(threadKey(this.#tenant, resourceId)) : null);
    if (wanted) {
      await this.#openDialog(wanted, true);
    } else {
      await this.#startNewDialog();
    }
  }

  /** The session of this buyer id is over for good (spec 3.1): a generated id is replaced, a shop's id cannot be. */
  #sessionEnded(): boolean {
    if (!this.#ownResourceId) {
      this.#showError({ status: 401, code: 'GUEST_SESSION_ENDED', message: 'The guest session ended' }, this.#t.errSessionOver);
      this.#client = null;
      this.#updateControls();
      return false;
    }
    remember(resourceKey(this.#tenant), null);
    void this.#restart().then(() => this.#showError({ status: 401, code: 'GUEST_SESSION_ENDED', message: 'The guest session ended' }, this.#t.errSession));
    return true;
  }

  #rememberThread(threadId: string | null): void {
    if (this.tokenStorage !== 'memory' && this.#client) {
      remember(threadKey(this.#tenant, this.#client.resourceId), threadId);
    }
  }

  #resetDialogView(threadId: string | null): number {
    const epoch = ++this.#epoch;
    this.#stopTracking();
    this.#threadId = threadId;
    this.#messageCount = 0;
    this.#ui.messages.replaceChildren();
    this.#ui.shareBox.hidden = true;
    this.#ui.welcome.hidden = true;
    this.#updateControls();
    return epoch;
  }

  /** An empty dialog: under `threadId` when the shop chose one that has no messages yet, else a new id. */
  async #startNewDialog(threadId?: string): Promise<void> {
    if (!this.#client) {
      return;
    }
    this.#resetDialogView(threadId ?? this.#client.newThreadId());
    this.#rememberThread(null);
    await this.#showWelcome();
  }

  /** Shows a dialog from its history. `restoring`: the remembered one at start, which may be gone without it being news to the buyer. */
  async #openDialog(threadId: string, restoring: boolean): Promise<void> {
    const client = this.#client;
    if (!client) {
      return;
    }
    const epoch = this.#resetDialogView(threadId);
    const items: Awaited<ReturnType<AisleClient['history']>>['items'] = [];
    try {
      await this.#work(async () => {
        for await (const item of client.iterateHistory(threadId, { limit: 100 })) {
          items.push(item);
          if (items.length >= MAX_RESTORED) {
            break;
          }
        }
      });
    } catch (err) {
      if (epoch !== this.#epoch) {
        return;
      }
      if (isAisleError(err) && err.status === 404) {
        // A shop's own thread id that has no messages yet is a dialog about to start, not a lost one.
        const chosen = restoring && threadId === this.getAttribute('thread-id')?.trim();
        await this.#startNewDialog(chosen ? threadId : undefined);
        if (!restoring) {
          this.#showError(this.#failure(err), this.#t.errUnavailable);
        }
        return;
      }
      this.#handleError(err, () => void this.#openDialog(threadId, restoring));
      return;
    }
    if (epoch !== this.#epoch) {
      return;
    }
    this.#rememberThread(threadId);
    if (items.length === 0) {
      await this.#showWelcome();
      return;
    }
    const lastAssistant = items.map((i) => i.role).lastIndexOf('assistant');
    items.forEach((item, index) => {
      if (item.role === 'user') {
        this.#ui.messages.append(renderUserMessage(item.id, item.content));
      } else {
        this.#appendAnswer(item, { threadId, suggests: index === lastAssistant && index === items.length - 1 });
      }
    });
    this.#messageCount = items.length;
    this.#updateControls();
    this.#ui.body.scrollTop = this.#ui.body.scrollHeight;
  }

  // --- welcome and starter prompts ----------------------------------------------------------

  async #showWelcome(): Promise<void> {
    const ui = this.#ui;
    const client = this.#client;
    if (!client) {
      return;
    }
    const epoch = this.#epoch;
    ui.welcome.hidden = false;
    ui.welcomeText.textContent = this.#t.welcomeNoPrompts;
    ui.starters.replaceChildren();
    let prompts: Array<{ id: string; text: string }> = [];
    try {
      const res = await this.#work(() => client.starterPrompts(this.pageContext));
      prompts = res.enabled ? (res.prompts ?? []) : [];
    } catch (err) {
      // The welcome works without prompts; a dead session, though, must be dealt with now.
      if (isAisleError(err) && (err.code === 'INVALID_GUEST_TOKEN' || err.code === 'RESOURCE_ALREADY_EXISTS' || err.code === 'GUEST_SESSION_ENDED')) {
        if (epoch === this.#epoch) {
          this.#handleError(err, null);
        }
        return;
      }
    }
    if (epoch !== this.#epoch || this.#messageCount > 0) {
      return;
    }
    ui.welcomeText.textContent = prompts.length > 0 ? this.#t.welcome : this.#t.welcomeNoPrompts;
    ui.starters.replaceChildren(
      ...prompts.map((p) => {
        const button = h('button', { type: 'button', part: 'starter', 'data-prompt-id': p.id }, [p.text]);
        button.addEventListener('click', () => this.#sendText(p.text));
        return button;
      }),
    );
  }

  /** A new page context: an empty dialog's starter prompts may now be others (debounced: a shop may set several attributes). */
  #contextChanged(): void {
    if (!this.#client || this.#messageCount > 0 || this.#ui.welcome.hidden) {
      return;
    }
    if (this.#starterTimer !== null) {
      clearTimeout(this.#starterTimer);
    }
    this.#starterTimer = setTimeout(() => {
      this.#starterTimer = null;
      if (this.#messageCount === 0) {
        void this.#showWelcome();
      }
    }, 50);
  }

  // --- sending ------------------------------------------------------------------------------

  #sendText(raw: string): void {
    const text = raw.trim();
    const client = this.#client;
    if (!text || !client || this.#sending) {
      return;
    }
    if (!this.#threadId) {
      this.#threadId = client.newThreadId();
    }
    const message = client.createMessage({ threadId: this.#threadId, content: text, ctx: this.pageContext });
    this.#ui.welcome.hidden = true;
    this.#ui.input.value = '';
    this.#fitInput();
    this.#clearError();
    this.#ui.messages.append(renderUserMessage(message.id, text));
    this.#messageCount++;
    this.#rememberThread(message.threadId);
    this.#updateControls();
    this.#ui.body.scrollTop = this.#ui.body.scrollHeight;
    void this.#deliver(message, false);
  }

  /** Sends the message (or sends it again: the same id and request, spec 4.5) and shows the answer. */
  async #deliver(message: OutgoingMessage, again: boolean): Promise<void> {
    const client = this.#client;
    if (!client || this.#sending) {
      return;
    }
    const epoch = this.#epoch;
    this.#sending = true;
    this.#updateControls();
    this.#ui.typing.hidden = false;
    this.#ui.body.scrollTop = this.#ui.body.scrollHeight;
    let answer: GenerateResponse;
    try {
      answer = await this.#work(() => (again ? client.retry(message) : client.generate(message)));
    } catch (err) {
      if (epoch === this.#epoch && isAisleError(err) && err.status === 404) {
        // The dialog was hidden meanwhile (spec 3.2): the text goes to a new dialog's input.
        const text = message.request.messages[0]?.content;
        await this.#startNewDialog();
        this.#ui.input.value = typeof text === 'string' ? text : '';
        this.#fitInput();
        this.#handleError(err, null);
        return;
      }
      if (epoch === this.#epoch) {
        const retryable = isAisleError(err) && (err.isNetworkError || err.status >= 500);
        this.#handleError(err, retryable ? () => void this.#deliver(message, true) : null);
        if (!retryable && !this.#ui.input.value) {
          // Not sent and not to be sent again as it is: the text goes back to the buyer.
          this.#ui.input.value = typeof message.request.messages[0]?.content === 'string' ? message.request.messages[0].content : '';
          this.#fitInput();
        }
      }
      return;
    } finally {
      this.#sending = false;
      this.#ui.typing.hidden = true;
      this.#updateControls();
    }
    if (epoch !== this.#epoch || message.threadId !== this.#threadId) {
      return;
    }
    this.#clearError();
    const element = this.#appendAnswer(answer, { threadId: message.threadId, suggests: true });
    this.#messageCount++;
    this.#updateControls();
    this.#scrollToAnswer(element);
    this.dispatchEvent(new CustomEvent('aisle:answer', { bubbles: true, composed: true, detail: { assistantMessageId: answer.assistantMessageId ?? null } }));
  }

  #scrollToAnswer(element: HTMLElement): void {
    const body = this.#ui.body;
    const top = element.getBoundingClientRect().top - body.getBoundingClientRect().top + body.scrollTop;
    // The answer's beginning stays in view when it is taller than the chat.
    body.scrollTop = Math.min(top - 8, body.scrollHeight - body.clientHeight);
  }

  /** Renders an answer (new or restored), wires its presses and starts its tracking after the first paint. */
  #appendAnswer(answer: GenerateResponse | AssistantHistoryItem, opts: { threadId: string; suggests: boolean }): HTMLElement {
    const id = 'role' in answer ? answer.id : (answer.assistantMessageId ?? null);
    const view: AnswerView = {
      id,
      contents: answer.response.contents,
      suggests: opts.suggests ? (answer.response.ui?.suggests ?? []) : [],
      reaction: id ? ('role' in answer ? (answer.feedback?.reaction ?? null) : null) : undefined,
    };
    const actions: AnswerActions = {
      suggest: (text) => this.#sendText(text),
      button: (block) => {
        if (block.action === 'follow_url' && block.url && /^https?:\/\//i.test(block.url)) {
          window.open(block.url, '_blank', 'noopener,noreferrer');
        } else if (block.action === 'open_support_chat') {
          this.dispatchEvent(new CustomEvent('aisle:support-chat', { bubbles: true, composed: true, detail: { threadId: opts.threadId } }));
        }
      },
      react: (reaction, buttons) => void this.#react(opts.threadId, id, reaction, buttons),
    };
    // Quick replies belong to the latest answer only.
    for (const old of this.#ui.messages.querySelectorAll('[part~="suggests"]')) {
      old.remove();
    }
    const rendered = renderAnswer(view, this.#renderContext, actions);
    this.#ui.messages.append(rendered.element);
    const epoch = this.#epoch;
    requestAnimationFrame(() => {
      if (epoch !== this.#epoch || !rendered.element.isConnected) {
        return;
      }
      // Once, after the first real render; re-renders never call it again (spec 6 rule 3).
      this.#trackingStops.push(trackAnswer({ answer, blockElement: rendered.blockElement, cards: rendered.cards, ...(this.fetch ? { fetch: this.fetch } : {}) }));
    });
    return rendered.element;
  }

  #stopTracking(): void {
    for (const stop of this.#trackingStops.splice(0)) {
      stop();
    }
  }

  async #react(threadId: string, messageId: string | null, reaction: 'like' | 'dislike', buttons: { like: HTMLButtonElement; dislike: HTMLButtonElement }): Promise<void> {
    const client = this.#client;
    if (!client || !messageId) {
      return;
    }
    const pressed = buttons[reaction].getAttribute('aria-pressed') === 'true';
    const before = { like: buttons.like.getAttribute('aria-pressed'), dislike: buttons.dislike.getAttribute('aria-pressed') };
    const next = pressed ? null : reaction;
    buttons.like.setAttribute('aria-pressed', String(next === 'like'));
    buttons.dislike.setAttribute('aria-pressed', String(next === 'dislike'));
    try {
      const stored = await this.#work(() => client.putFeedback({ threadId, messageId, reaction: next }));
      buttons.like.setAttribute('aria-pressed', String(stored.reaction === 'like'));
      buttons.dislike.setAttribute('aria-pressed', String(stored.reaction === 'dislike'));
    } catch (err) {
      buttons.like.setAttribute('aria-pressed', before.like ?? 'false');
      buttons.dislike.setAttribute('aria-pressed', before.dislike ?? 'false');
      this.#handleError(err, null);
    }
  }

  // --- dialog list --------------------------------------------------------------------------

  #toggleDialogs(): void {
    if (this.#ui.dialogs.hidden) {
      this.#ui.dialogs.hidden = false;
      this.#ui.dialogsToggle.button.setAttribute('aria-expanded', 'true');
      void this.#loadDialogs(true);
    } else {
      this.#closeDialogs(true);
    }
  }

  #closeDialogs(focusToggle: boolean): void {
    if (!this.#ui.dialogs.hidden) {
      this.#ui.dialogs.hidden = true;
      this.#ui.dialogsToggle.button.setAttribute('aria-expanded', 'false');
      if (focusToggle) {
        this.#ui.dialogsToggle.button.focus();
      }
    }
  }

  async #loadDialogs(first: boolean): Promise<void> {
    const client = this.#client;
    const ui = this.#ui;
    if (!client) {
      return;
    }
    if (first) {
      this.#dialogsCursor = null;
      ui.dialogsList.replaceChildren();
      ui.dialogsEmpty.hidden = true;
      ui.dialogsMore.hidden = true;
    }
    try {
      const page = await this.#work(() => client.listDialogs({ limit: DIALOGS_PAGE, ...(this.#dialogsCursor ? { cursor: this.#dialogsCursor } : {}) }));
      for (const item of page.items) {
        if (!ui.dialogsList.querySelector(`[data-thread-id="${CSS.escape(item.threadId)}"]`)) {
          ui.dialogsList.append(this.#dialogItem(item));
        }
      }
      this.#dialogsCursor = page.pagination.hasMore ? page.pagination.nextCursor : null;
      ui.dialogsMore.hidden = this.#dialogsCursor === null;
      ui.dialogsEmpty.hidden = ui.dialogsList.childElementCount > 0;
      if (first) {
        (ui.dialogsList.querySelector<HTMLElement>('[part~="open"]') ?? ui.dialogsClose).focus();
      }
    } catch (err) {
      this.#handleError(err, null);
    }
  }

  #dialogItem(item: { threadId: string; title: string; lastMessageAt: string }): HTMLElement {
    const t = this.#t;
    // Named by what it shows (title and date): a spoken command then matches the visible text.
    const open = h('button', { type: 'button', part: 'open' }, [
      h('span', { class: 'dialog-title' }, [item.title]),
      h('span', { class: 'dialog-date' }, [formatDate(item.lastMessageAt, this.#lang)]),
    ]);
    const hide = h('button', { type: 'button', part: 'hide', 'aria-label': t.hideDialog(item.title), title: t.hideDialog(item.title) }, [icon(ICONS.hide)]);
    const li = h('li', { part: 'dialog-item', 'data-thread-id': item.threadId, 'aria-current': item.threadId === this.#threadId ? 'true' : null }, [open, hide]);
    open.addEventListener('click', () => {
      this.#closeDialogs(false);
      this.#clearError();
      void this.#openDialog(item.threadId, false).then(() => this.#ui.input.focus());
    });
    hide.addEventListener('click', () => void this.#hideDialog(item.threadId, li));
    return li;
  }

  async #hideDialog(threadId: string, li: HTMLElement): Promise<void> {
    const client = this.#client;
    if (!client) {
      return;
    }
    try {
      await this.#work(() => client.hideDialog(threadId));
    } catch (err) {
      this.#handleError(err, null);
      return;
    }
    const next = (li.nextElementSibling ?? li.previousElementSibling)?.querySelector<HTMLElement>('[part~="open"]');
    li.remove();
    this.#ui.dialogsEmpty.hidden = this.#ui.dialogsList.childElementCount > 0;
    (next ?? this.#ui.dialogsClose).focus();
    if (threadId === this.#threadId) {
      await this.#startNewDialog();
    }
  }

  // --- sharing ------------------------------------------------------------------------------

  async #share(): Promise<void> {
    const client = this.#client;
    const threadId = this.#threadId;
    if (!client || !threadId || this.#messageCount === 0) {
      return;
    }
    try {
      const created = await this.#work(() => client.createShare({ threadId }));
      if (threadId !== this.#threadId) {
        return;
      }
      const url = `${this.#baseUrl}/s/${encodeURIComponent(created.share_token)}`;
      this.#ui.shareLink.href = url;
      this.#ui.shareLink.textContent = url;
      this.#ui.copyLabel.textContent = this.#t.copy;
      this.#ui.shareBox.hidden = false;
      this.#ui.copy.focus();
    } catch (err) {
      this.#handleError(err, null);
    }
  }

  async #copyShareLink(): Promise<void> {
    const url = this.#ui.shareLink.href;
    try {
      await navigator.clipboard.writeText(url);
      this.#ui.copyLabel.textContent = this.#t.copied;
    } catch {
      // No clipboard (plain HTTP, refused permission): select the link text for a manual copy.
      const range = document.createRange();
      range.selectNodeContents(this.#ui.shareLink);
      const selection = getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    }
  }

  // --- errors -------------------------------------------------------------------------------

  #failure(err: unknown): Failure {
    if (isAisleError(err)) {
      return { status: err.status, code: err.code, message: err.message };
    }
    return { status: 0, code: 'UNEXPECTED', message: err instanceof Error ? err.message : String(err) };
  }

  /** Plain words for what went wrong; a retry button when the same request may simply be sent again. */
  #handleError(err: unknown, retry: (() => void) | null): void {
    const t = this.#t;
    const failure = this.#failure(err);
    const e = isAisleError(err) ? (err as AisleError) : null;
    if (e && (e.code === 'INVALID_GUEST_TOKEN' || e.code === 'RESOURCE_ALREADY_EXISTS' || e.code === 'GUEST_SESSION_ENDED')) {
      this.#sessionEnded();
      return;
    }
    let text = t.errRequest;
    if (e?.isNetworkError) {
      text = t.errNetwork;
    } else if (e?.status === 429) {
      this.#showRateLimit(failure, e.retryAfterSeconds);
      return;
    } else if (e?.status === 403) {
      text = t.errForbidden;
    } else if (e && e.status >= 500) {
      text = t.errServer;
    } else if (e?.status === 404) {
      text = t.errUnavailable;
    }
    this.#showError(failure, text, retry);
  }

  #showRateLimit(failure: Failure, seconds: number | null): void {
    let left = seconds;
    this.#showError(failure, this.#t.errRateLimit(left));
    if (left !== null && left > 0) {
      this.#rateLimitTimer = setInterval(() => {
        left = (left ?? 1) - 1;
        if (left <= 0) {
          this.#clearError();
        } else {
          this.#ui.errorText.textContent = this.#t.errRateLimit(left);
        }
      }, 1000);
    }
  }

  #showError(failure: Failure, text: string, retry: (() => void) | null = null): void {
    this.#clearError();
    const ui = this.#ui;
    ui.errorText.textContent = text;
    ui.error.hidden = false;
    ui.retry.hidden = retry === null;
    ui.retry.onclick = retry
      ? () => {
          this.#clearError();
          retry();
        }
      : null;
    this.dispatchEvent(new CustomEvent('aisle:error', { bubbles: true, composed: true, detail: failure }));
  }

  #clearError(): void {
    if (this.#rateLimitTimer !== null) {
      clearInterval(this.#rateLimitTimer);
      this.#rateLimitTimer = null;
    }
    this.#ui.error.hidden = true;
    this.#ui.errorText.textContent = '';
    this.#ui.retry.hidden = true;
    this.#ui.retry.onclick = null;
  }
}
