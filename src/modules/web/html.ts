/** Helpers for the HTML pages Aisle serves itself (share page, playground, shops' insights). */

/** Text for HTML text and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * JSON to put inside `<script type="application/json">`: `<` cannot open `</script>` or a
 * comment, and the line separators that old parsers choke on are escaped. Still valid JSON.
 */
export function jsonForScript(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Headers of every page: not cached, no referrer (a share page's address holds its token), not framed. */
export const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
} as const;

/**
 * The document around each page: not indexed, no referrer sent, its style inline. `head` and
 * `body` are HTML the caller has escaped.
 */
export function htmlPage(page: { lang: string; title: string; css: string; head?: string; body: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(page.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(page.title)}</title>
<style>${page.css}</style>
${page.head ?? ''}</head>
<body>
${page.body}
</body>
</html>
`;
}
