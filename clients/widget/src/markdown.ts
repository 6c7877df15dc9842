/**
 * `markdown` answers (spec 2.4: "needs a renderer that handles links and HTML safely").
 *
 * 1. The text is HTML-escaped first, so HTML written in an answer is shown as the characters it
 *    is and never interpreted: what snarkdown then produces holds only its own tags.
 * 2. snarkdown turns the markdown into HTML.
 * 3. The HTML is parsed in an inert `<template>` (no script runs, no image loads) and a new tree
 *    is built from it by an allowlist: known formatting tags only, no attribute copied except a
 *    link's `href`, and that only for http(s). Anything else keeps its text and loses its tag.
 *    Links open in a new tab without the opener or a referrer; images are dropped (a picture
 *    in an answer could be a tracking pixel).
 *
 * A general sanitiser (DOMPurify, 12 KB gzipped) would not fit the widget's 30 KB budget next to
 * the client; rebuilding from an allowlist needs none of its knowledge of browser quirks,
 * because nothing of the parsed tree is kept but text and the tag names chosen here.
 */
import snarkdown from 'snarkdown';

const ALLOWED = new Set(['A', 'B', 'STRONG', 'I', 'EM', 'S', 'CODE', 'PRE', 'BR', 'HR', 'P', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
/** Elements whose content is not text to show. */
const DROPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'IMG', 'IFRAME', 'OBJECT', 'SVG', 'MATH']);
/** Nesting deeper than this is flattened to text (bounded recursion on hostile input). */
const MAX_DEPTH = 32;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function copy(from: Node, to: Node, depth: number): void {
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      to.appendChild(document.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) {
      continue;
    }
    const el = node as Element;
    const tag = el.tagName.toUpperCase();
    if (DROPPED.has(tag)) {
      continue;
    }
    if (!ALLOWED.has(tag) || depth >= MAX_DEPTH) {
      // Unknown wrapper: its text stays, its tag goes.
      copy(el, to, depth + 1);
      continue;
    }
    const clean = document.createElement(tag.toLowerCase());
    if (tag === 'A') {
      const href = el.getAttribute('href') ?? '';
      if (/^https?:\/\/[^\s]+$/i.test(href)) {
        clean.setAttribute('href', href);
        clean.setAttribute('target', '_blank');
        clean.setAttribute('rel', 'noopener noreferrer');
      }
    }
    copy(el, clean, depth + 1);
    to.appendChild(clean);
  }
}

/** The answer's markdown as safe DOM nodes. */
export function renderMarkdown(text: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = snarkdown(escapeHtml(text));
  const out = document.createDocumentFragment();
  copy(template.content, out, 0);
  return out;
}
