/**
 * The few DOM types the functions run inside the page use. The project's tsconfig is for Node
 * (no DOM lib, so server code cannot reach for `window` by mistake); those functions take the
 * page's globals from `globalThis` with these types. Types only: nothing here runs.
 */
export interface DomElement {
  readonly tagName: string;
  readonly textContent: string | null;
  readonly attributes: ArrayLike<{ name: string; value: string }>;
  readonly shadowRoot: { activeElement: DomElement | null } | null;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  closest(selector: string): DomElement | null;
  dispatchEvent(event: unknown): boolean;
  value?: string;
}

export interface IntersectionEntry {
  isIntersecting: boolean;
  intersectionRatio: number;
}

export interface PageGlobals {
  document: { activeElement: DomElement | null };
  window: { scrollY: number; scrollTo(options: { top: number; behavior: string }): void; __pwned?: unknown };
  navigator: { clipboard: { readText(): Promise<string> } };
  getComputedStyle(el: DomElement): { outlineStyle: string; outlineWidth: string; boxShadow: string };
  requestAnimationFrame(callback: () => void): number;
  Event: new (type: string, init: { bubbles: boolean; composed: boolean }) => unknown;
  IntersectionObserver: new (callback: (entries: IntersectionEntry[]) => void) => { observe(el: DomElement): void; disconnect(): void };
}
