/**
 * A tiny element builder. Text always goes in as text nodes, never as HTML: the only HTML the
 * widget ever parses is sanitised markdown (markdown.ts).
 */
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | null | undefined> = {},
  children: Child[] = [],
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === true) {
      el.setAttribute(name, '');
    } else if (typeof value === 'string') {
      el.setAttribute(name, value);
    }
  }
  for (const child of children) {
    if (child) {
      el.append(child);
    }
  }
  return el;
}

/** An inline SVG icon from path data (24×24 view box), hidden from screen readers: its button carries the label. */
export function icon(pathData: string): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', pathData);
  svg.append(path);
  return svg;
}

export const ICONS = {
  send: 'M3.4 20.4 21.9 12 3.4 3.6l-.1 6.5L16 12 3.3 13.9z',
  list: 'M4 6h16v2H4zm0 5h16v2H4zm0 5h10v2H4z',
  plus: 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z',
  share: 'M18 16a3 3 0 0 0-2.2 1L8.9 13a3 3 0 0 0 0-2l6.9-4A3 3 0 1 0 15 5a3 3 0 0 0 .1.7L8.2 9.7a3 3 0 1 0 0 4.6l6.9 4a3 3 0 1 0 2.9-2.3z',
  close: 'M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z',
  like: 'M2 21h4V9H2zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3a1.5 1.5 0 0 0-.5-1L13.1 1 6.6 7.6A2 2 0 0 0 6 9v10a2 2 0 0 0 2 2h9a2 2 0 0 0 1.8-1.2l3-7.1.2-.7z',
  dislike: 'M22 3h-4v12h4zM2 14a2 2 0 0 0 2 2h6.3l-1 4.6v.3a1.5 1.5 0 0 0 .5 1l1.1 1.1 6.5-6.6A2 2 0 0 0 18 15V5a2 2 0 0 0-2-2H7a2 2 0 0 0-1.8 1.2l-3 7.1-.2.7z',
  copy: 'M16 1H4a2 2 0 0 0-2 2v14h2V3h12zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11z',
  hide: 'M9 3v1H4v2h1v13a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V6h1V4h-5V3zm-2 3h10v13H7zm2 2v9h2V8zm4 0v9h2V8z',
};
