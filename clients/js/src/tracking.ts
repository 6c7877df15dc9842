/**
 * Spec part 6 for any renderer: given the elements an answer was rendered into, this sends the
 * answer's tracking links by the contract's rules.
 *
 * - `IMP` (root events): once, when `trackAnswer` is called — call it after the answer's
 *   elements are in the document. Visibility is not required.
 * - `WRIMP` and the root `visible_impression` (the whole block's): once the block element has
 *   been at least 50 % visible for at least 1 s without interruption, while the page is shown.
 * - A card's `visible_impression`: once the card element is at least 50 % visible.
 * - A card's `click`: on every click (and middle click) of the card element.
 * - Every address of `urls[]`, or `url`, of every event of the matching type at that level;
 *   `type` compared with its case kept.
 *
 * Impressions go once per answer (keyed by its assistant message id) however often the
 * answer is re-rendered; a tracking request is fire-and-forget (`keepalive`, no cookies, its
 * failure swallowed) and nothing here ever throws into the renderer. Reaction links
 * (`like`/`dislike`) are not sent here (spec 6 rule 5): `client.react` sends the reaction.
 * Without IntersectionObserver (Node, old browsers) only `IMP` and clicks are sent.
 */
import type { ContentBlock, EngagementEvent, Product } from './types.ts';

const VISIBLE_RATIO = 0.5;
const BLOCK_DWELL_MS = 1000;

/** What tracking reads of an answer: a generation response or an assistant history item. */
export interface TrackableAnswer {
  assistantMessageId?: string;
  /** A history item's id (the same value as `assistantMessageId`). */
  id?: string;
  role?: string;
  events?: readonly EngagementEvent[];
  response: { contents: readonly ContentBlock[] };
}

type Listener = (event: unknown) => void;

/** The part of a DOM element tracking uses; any `Element` fits. */
export interface TrackedElement {
  addEventListener(type: string, listener: Listener): void;
  removeEventListener(type: string, listener: Listener): void;
}

/** A rendered product card and the product (an object of the answer) it shows. */
export interface CardBinding {
  element: TrackedElement;
  product: Product;
}

export interface IntersectionEntryLike {
  target: unknown;
  isIntersecting: boolean;
  intersectionRatio: number;
  boundingClientRect?: { width: number; height: number };
}

export interface IntersectionObserverLike {
  observe(target: TrackedElement): void;
  disconnect(): void;
}

export type IntersectionObserverConstructorLike = new (
  callback: (entries: IntersectionEntryLike[]) => void,
  options: { threshold: number[] },
) => IntersectionObserverLike;

/** The part of `document` used to know whether the page is shown at all. */
export interface VisibilityDocumentLike {
  readonly visibilityState?: string;
  addEventListener(type: string, listener: Listener): void;
  removeEventListener(type: string, listener: Listener): void;
}

/** How tracking links are called; a rejected promise or a throw is ignored. */
export type TrackingFetch = (url: string, init: RequestInit) => unknown;

export interface TrackerOptions {
  fetch?: TrackingFetch;
  /** Default: the global IntersectionObserver, if any. */
  IntersectionObserver?: IntersectionObserverConstructorLike | null;
  /** Default: the global document, if any. */
  document?: VisibilityDocumentLike | null;
  /** How many answers' sent impressions are remembered; the oldest are forgotten first. Default 1000. */
  maxAnswers?: number;
}

export interface TrackAnswerOptions {
  answer: TrackableAnswer;
  /** The element the answer's products (the recommendation block) were rendered into. */
  blockElement?: TrackedElement | null;
  cards?: Iterable<CardBinding>;
  /** Overrides the tracker's fetch for this answer. */
  fetch?: TrackingFetch;
}

export interface Tracker {
  /** Starts tracking one rendered answer; returns the function that stops it (call it when the elements go). */
  trackAnswer(options: TrackAnswerOptions): () => void;
}

/** `cache` is absent from Node's RequestInit type, though its fetch accepts it. */
const TRACKING_REQUEST: RequestInit & { cache: 'no-store' } = {
  method: 'GET',
  // The buyer may be leaving the page: a click on a product often navigates away.
  keepalive: true,
  // The links may point anywhere (campaign trackers); the answer is never read.
  mode: 'no-cors',
  credentials: 'omit',
  // Repeated clicks call the same address: each must reach the tracker, never a cache.
  cache: 'no-store',
};

/** Every address of every event of `type` (case kept): each of `urls[]`, or `url`. */
export function eventUrls(events: readonly EngagementEvent[] | undefined, type: string): string[] {
  const urls: string[] = [];
  if (!Array.isArray(events)) {
    return urls;
  }
  for (const event of events as unknown[]) {
    const e = event as { type?: unknown; url?: unknown; urls?: unknown } | null;
    if (!e || typeof e !== 'object' || e.type !== type) {
      continue;
    }
    if (Array.isArray(e.urls)) {
      for (const url of e.urls) {
        if (typeof url === 'string' && url) {
          urls.push(url);
        }
      }
    } else if (typeof e.url === 'string' && e.url) {
      urls.push(e.url);
    }
  }
  return urls;
}

function call(fetchFn: TrackingFetch | undefined, url: string): void {
  if (!fetchFn || !/^https?:\/\//i.test(url)) {
    return;
  }
  try {
    const pending = fetchFn(url, TRACKING_REQUEST) as { catch?: (handler: () => void) => unknown } | undefined;
    if (pending && typeof pending.catch === 'function') {
      pending.catch(() => {});
    }
  } catch {
    // A tracking failure must not block the interface (spec 6 rule 4).
  }
}

function globalFetch(): TrackingFetch | undefined {
  const f = (globalThis as { fetch?: (url: string, init: RequestInit) => Promise<unknown> }).fetch;
  return f ? (url, init) => f(url, init) : undefined;
}

/** Where each product of the answer sits: `block.index`, the card's identity across re-renders. */
function productPositions(answer: TrackableAnswer): Map<object, string> {
  const positions = new Map<object, string>();
  const contents: readonly ContentBlock[] = answer.response?.contents ?? [];
  contents.forEach((block, b) => {
    if (block.type === 'products') {
      block.value.forEach((product, i) => positions.set(product, `${b}.${i}`));
    }
  });
  return positions;
}

function seenEnough(entry: IntersectionEntryLike): boolean {
  const box = entry.boundingClientRect;
  // An element with no area reports ratio 1 when it touches the viewport; nothing of it was seen.
  if (box && box.width * box.height === 0) {
    return false;
  }
  return entry.isIntersecting && entry.intersectionRatio >= VISIBLE_RATIO;
}

export function createTracker(options: TrackerOptions = {}): Tracker {
  const maxAnswers = options.maxAnswers ?? 1000;
  /** Per answer, which impressions were sent: `IMP`, `block`, `card:<position>`. */
  const sent = new Map<string, Set<string>>();
  const localKeys = new WeakMap<object, string>();
  let localCount = 0;

  const answerKey = (answer: TrackableAnswer): string => {
    const id = answer.assistantMessageId ?? (answer.role === 'assistant' ? answer.id : undefined);
    if (id) {
      return `id:${id}`;
    }
    // No id (the debug stub): the answer object itself is the answer.
    let key = localKeys.get(answer);
    if (!key) {
      key = `local:${++localCount}`;
      localKeys.set(answer, key);
    }
    return key;
  };

  const wasSent = (key: string, what: string) => sent.get(key)?.has(what) ?? false;
  const markSent = (key: string, what: string) => {
    let set = sent.get(key);
    if (!set) {
      set = new Set();
      sent.set(key, set);
      if (sent.size > maxAnswers) {
        sent.delete(sent.keys().next().value!);
      }
    }
    set.add(what);
  };

  function trackAnswer(opts: TrackAnswerOptions): () => void {
    const cleanups: Array<() => void> = [];
    let disposed = false;
    const dispose = () => {
      if (disposed) {
        return;
      }
      disposed = true;
      for (const cleanup of cleanups) {
        try {
          cleanup();
        } catch {
          // Nothing to do: the element may already be gone.
        }
      }
    };
    try {
      const { answer } = opts;
      const key = answerKey(answer);
      const fetchFn = opts.fetch ?? options.fetch ?? globalFetch();
      const sendAll = (urls: string[]) => urls.forEach((url) => call(fetchFn, url));
      const once = (what: string, urls: string[]) => {
        if (urls.length > 0 && !wasSent(key, what)) {
          markSent(key, what);
          sendAll(urls);
        }
      };

      once('IMP', eventUrls(answer.events, 'IMP'));

      const positions = productPositions(answer);
      const cards: Array<{ element: TrackedElement; position: string; viewUrls: string[]; inView: boolean }> = [];
      for (const binding of opts.cards ?? []) {
        const position = binding && positions.get(binding.product);
        // Only events that arrived in this answer are processed (spec 6 rule 1).
        if (position === undefined || !binding.element) {
          continue;
        }
        const product = binding.product;
        // `click` is the primary button (and keyboard activation); a middle click opens the product too.
        const onClick: Listener = () => sendAll(eventUrls(product.events, 'click'));
        const onAuxClick: Listener = (event) => {
          if ((event as { button?: number } | null)?.button === 1) {
            sendAll(eventUrls(product.events, 'click'));
          }
        };
        binding.element.addEventListener('click', onClick);
        binding.element.addEventListener('auxclick', onAuxClick);
        cleanups.push(() => {
          binding.element.removeEventListener('click', onClick);
          binding.element.removeEventListener('auxclick', onAuxClick);
        });
        cards.push({ element: binding.element, position, viewUrls: eventUrls(product.events, 'visible_impression'), inView: false });
      }

      const Observer =
        options.IntersectionObserver === undefined
          ? (globalThis as { IntersectionObserver?: IntersectionObserverConstructorLike }).IntersectionObserver
          : options.IntersectionObserver;
      const doc = options.document === undefined ? (globalThis as { document?: VisibilityDocumentLike }).document : options.document;
      const blockUrls = [...eventUrls(answer.events, 'WRIMP'), ...eventUrls(answer.events, 'visible_impression')];
      const block = opts.blockElement && blockUrls.length > 0 && !wasSent(key, 'block') ? opts.blockElement : null;
      const watchedCards = cards.filter((c) => c.viewUrls.length > 0 && !wasSent(key, `card:${c.position}`));
      if (!Observer || (!block && watchedCards.length === 0)) {
        return dispose;
      }

      let blockInView = false;
      let timer: ReturnType<typeof setTimeout> | null = null;
      const stopTimer = () => {
        if (timer !== null) {
          clearTimeout(timer);
          timer = null;
        }
      };
      cleanups.push(stopTimer);
      const pageShown = () => !doc || doc.visibilityState !== 'hidden';

      const update = () => {
        if (disposed) {
          return;
        }
        const shown = pageShown();
        // The block's visible impression needs one unbroken second; any interruption starts over.
        if (block && blockInView && shown && !wasSent(key, 'block')) {
          timer ??= setTimeout(() => {
            timer = null;
            if (!disposed) {
              once('block', blockUrls);
            }
          }, BLOCK_DWELL_MS);
        } else {
          stopTimer();
        }
        if (shown) {
          for (const card of watchedCards) {
            if (card.inView) {
              once(`card:${card.position}`, card.viewUrls);
            }
          }
        }
      };

      const observer = new Observer(
        (entries) => {
          try {
            for (const entry of entries) {
              const inView = seenEnough(entry);
              if (entry.target === block) {
                blockInView = inView;
              }
              for (const card of watchedCards) {
                if (card.element === entry.target) {
                  card.inView = inView;
                }
              }
            }
            update();
          } catch {
            // Never into the renderer.
          }
        },
        { threshold: [VISIBLE_RATIO] },
      );
      cleanups.push(() => observer.disconnect());
      if (block) {
        observer.observe(block);
      }
      for (const card of watchedCards) {
        observer.observe(card.element);
      }
      if (doc) {
        const onVisibility: Listener = () => update();
        doc.addEventListener('visibilitychange', onVisibility);
        cleanups.push(() => doc.removeEventListener('visibilitychange', onVisibility));
      }
    } catch {
      // Tracking never breaks rendering; whatever was set up is undone by the disposer.
    }
    return dispose;
  }

  return { trackAnswer };
}

let defaultTracker: Tracker | null = null;

/** {@link Tracker.trackAnswer} on one tracker shared by the page, so re-renders anywhere are deduplicated. */
export function trackAnswer(options: TrackAnswerOptions): () => void {
  defaultTracker ??= createTracker();
  return defaultTracker.trackAnswer(options);
}
