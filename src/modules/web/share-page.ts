/**
 * The HTML of the share page `/s/{share_token}`: a snapshot drawn by `<aisle-shared-dialog>`
 * with the chat's own components, or the one "not available" state for every link that does
 * not open (spec part 7), or a "too many requests" page. The page holds the snapshot (as the
 * JSON endpoint gives it) and the shop's display settings, and nothing else: no token, no
 * identifier, no other address with either in it.
 */
import { escapeHtml, htmlPage, jsonForScript } from './html.ts';
import type { TenantSettings } from './tenant-settings.ts';

type Lang = 'ru' | 'en';

const TEXTS = {
  ru: {
    title: 'Диалог с помощником',
    note: (date: string) => `Снимок диалога от ${date}. Только для чтения.`,
    unavailable: 'Ссылка недоступна',
    unavailableHint: 'Возможно, срок действия ссылки истёк или её отозвали.',
    limited: 'Слишком много запросов',
    limitedHint: (s: number) => `Попробуйте открыть ссылку через ${s} с.`,
    noScript: 'Чтобы увидеть диалог, включите JavaScript.',
  },
  en: {
    title: 'Dialog with the assistant',
    note: (date: string) => `A snapshot of the dialog from ${date}. Read-only.`,
    unavailable: 'This link is not available',
    unavailableHint: 'The link may have expired or been revoked.',
    limited: 'Too many requests',
    limitedHint: (s: number) => `Please try the link again in ${s} s.`,
    noScript: 'Turn on JavaScript to see the dialog.',
  },
};

/** The language of a page for a link that names no shop: the reader's preference, Russian or English. */
export function preferredLanguage(acceptLanguage: string | undefined): Lang {
  const first = (acceptLanguage ?? '')
    .split(',')
    .slice(0, 20)
    .map((part) => part.trim().toLowerCase().slice(0, 2))
    .find((code) => code === 'ru' || code === 'en');
  return first === 'ru' ? 'ru' : 'en';
}

const PAGE_CSS = `
*{box-sizing:border-box}
body{margin:0;background:#f4f6f9;color:#1c2430;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
header{background:#fff;border-bottom:1px solid #e1e6ec}
.bar{max-width:760px;margin:0 auto;padding:14px 16px;font-weight:650}
main{max-width:760px;margin:0 auto;padding:20px 16px 40px}
h1{font-size:1.35em;margin:0 0 4px}
.note{margin:0 0 18px;color:#5a6573;font-size:.92em}
aisle-shared-dialog{display:block;background:#fff;border:1px solid #e1e6ec;border-radius:14px;padding:16px}
[part~="unavailable"]{margin:12vh auto 0;max-width:420px;text-align:center;background:#fff;border:1px solid #e1e6ec;border-radius:14px;padding:32px 24px}
[part~="unavailable"] h1{margin-bottom:8px}
[part~="unavailable"] p{margin:0;color:#5a6573}
`;

function page(lang: Lang, title: string, head: string, body: string): string {
  return htmlPage({ lang, title, css: PAGE_CSS, head, body });
}

function formatDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-US', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });
}

/**
 * The page of an open link. `snapshotJson` is the public snapshot's JSON text; `scriptSrc` the
 * widget script's address relative to the page.
 */
export function sharePage(input: { snapshotJson: string; createdAt: string; settings: TenantSettings | null; scriptSrc: string }): string {
  const lang: Lang = input.settings?.language ?? 'en';
  const t = TEXTS[lang];
  const shop = input.settings?.name ?? '';
  const attrs = [`lang="${lang}"`, `format="${input.settings?.messageFormat ?? 'plain_text'}"`];
  if (input.settings?.currencySymbol) {
    attrs.push(`currency="${escapeHtml(input.settings.currencySymbol)}"`);
  }
  const title = shop ? `${t.title} · ${shop}` : t.title;
  return page(
    lang,
    title,
    `<script type="module" src="${escapeHtml(input.scriptSrc)}"></script>\n`,
    `${shop ? `<header><div class="bar">${escapeHtml(shop)}</div></header>\n` : ''}<main>
<h1>${escapeHtml(t.title)}</h1>
<p class="note">${escapeHtml(t.note(formatDate(input.createdAt, lang)))}</p>
<noscript><p>${escapeHtml(t.noScript)}</p></noscript>
<aisle-shared-dialog ${attrs.join(' ')}><script type="application/json">${jsonForScript(input.snapshotJson)}</script></aisle-shared-dialog>
</main>`,
  );
}

/** The one page for every link that does not open: malformed, unknown, expired, revoked, hidden dialog. */
export function unavailablePage(lang: Lang): string {
  const t = TEXTS[lang];
  return page(lang, t.unavailable, '', `<main><div part="unavailable" role="status"><h1>${escapeHtml(t.unavailable)}</h1><p>${escapeHtml(t.unavailableHint)}</p></div></main>`);
}

export function rateLimitedPage(lang: Lang, retryAfterSec: number): string {
  const t = TEXTS[lang];
  return page(lang, t.limited, '', `<main><div part="rate-limited" role="status"><h1>${escapeHtml(t.limited)}</h1><p>${escapeHtml(t.limitedHint(retryAfterSec))}</p></div></main>`);
}
