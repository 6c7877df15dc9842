/**
 * The HTML of the shop's insights page `/insights`: the key form and the empty frame the page's
 * script fills (insights/v1/insights.js, with uPlot's style sheet inlined here). The page itself
 * holds no figures, no key and no identifier; everything comes from the summary the key opens.
 */
import { escapeHtml, htmlPage } from '../web/index.ts';

type Lang = 'ru' | 'en';

const TEXTS = {
  en: {
    title: 'Shop insights',
    signInTitle: 'Insights for your shop',
    signInText: 'What your buyers ask, what they find and what they click. Enter the insights key the operator of Aisle gave you; it stays in this browser tab only.',
    keyLabel: 'Insights key',
    open: 'Open insights',
    signOut: 'Sign out',
    from: 'From',
    to: 'To',
    apply: 'Show',
    presets: [
      [7, 'Last 7 days'],
      [30, '30 days'],
      [90, '90 days'],
    ],
    noScript: 'Turn on JavaScript to see the insights.',
    closed: 'No shop has an insights key yet. The operator of Aisle makes one with `aisle insights-key`.',
  },
  ru: {
    title: 'Аналитика магазина',
    signInTitle: 'Аналитика вашего магазина',
    signInText: 'О чём спрашивают покупатели, что находят и на что нажимают. Введите ключ аналитики, который выдал администратор Aisle; он хранится только в этой вкладке браузера.',
    keyLabel: 'Ключ аналитики',
    open: 'Открыть аналитику',
    signOut: 'Выйти',
    from: 'С',
    to: 'по',
    apply: 'Показать',
    presets: [
      [7, '7 дней'],
      [30, '30 дней'],
      [90, '90 дней'],
    ],
    noScript: 'Чтобы увидеть аналитику, включите JavaScript.',
    closed: 'Ни у одного магазина ещё нет ключа аналитики. Администратор Aisle создаёт его командой `aisle insights-key`.',
  },
} as const;

const PAGE_CSS = `
*{box-sizing:border-box}
body{margin:0;background:#f4f6f9;color:#1c2430;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.top{background:#fff;border-bottom:1px solid #e1e6ec}
.wrap{max-width:1240px;margin:0 auto;padding:0 24px}
.top .wrap{display:flex;align-items:center;gap:12px;height:56px}
.brand{font-weight:700;letter-spacing:.02em;color:#2f6fde}
.page-title{font-weight:600}
#shop-name{color:#5a6573;font-weight:500}
#shop-name:not(:empty)::before{content:"·";margin-right:12px;color:#b4bcc7}
.spacer{flex:1}
button,input{font:inherit}
button{border:1px solid #cfd6df;background:#fff;color:#1c2430;border-radius:8px;padding:7px 14px;cursor:pointer}
button:hover{background:#f0f3f7}
button.primary{background:#2f6fde;border-color:#2f6fde;color:#fff;font-weight:600}
button.primary:hover{background:#285fc0}
input{border:1px solid #cfd6df;border-radius:8px;padding:7px 10px;background:#fff;color:#1c2430}
input:focus,button:focus-visible{outline:2px solid #2f6fde;outline-offset:1px}
main{padding:24px 0 48px}
.signin{max-width:460px;margin:10vh auto 0;background:#fff;border:1px solid #e1e6ec;border-radius:14px;padding:28px}
.signin h1{font-size:1.4em;margin:0 0 8px}
.signin p{color:#5a6573;margin:0 0 18px}
.signin label{display:block;font-weight:600;margin-bottom:6px}
.signin input{width:100%;margin-bottom:14px}
.signin button{width:100%}
.error{color:#b3261e;background:#fdecea;border-radius:8px;padding:8px 12px;margin:14px 0 0}
.toolbar{display:flex;flex-wrap:wrap;align-items:center;gap:10px;margin-bottom:18px}
.toolbar form{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.toolbar label{color:#5a6573}
.presets{display:flex;gap:6px}
#status{color:#5a6573;margin-left:auto}
.tiles{display:grid;grid-template-columns:repeat(6,minmax(0,1fr));gap:14px;margin-bottom:18px}
.tile{background:#fff;border:1px solid #e1e6ec;border-radius:12px;padding:14px 16px}
.tile-label{color:#5a6573;font-size:.88em}
.tile-value{font-size:1.75em;font-weight:700;font-variant-numeric:tabular-nums;margin:2px 0}
.tile-note{color:#5a6573;font-size:.82em;min-height:1.2em}
.grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:18px;margin-bottom:18px}
.card{background:#fff;border:1px solid #e1e6ec;border-radius:12px;padding:16px 18px;min-width:0}
.card h2{font-size:1.05em;margin:0 0 2px}
.hint{color:#5a6573;font-size:.88em;margin:0 0 10px}
.chart{width:100%;min-height:250px;margin-top:8px}
table{width:100%;border-collapse:collapse;font-size:.93em}
th{text-align:left;color:#5a6573;font-weight:600;border-bottom:1px solid #e1e6ec;padding:6px 8px}
td{border-bottom:1px solid #f0f2f5;padding:6px 8px;vertical-align:top;overflow-wrap:anywhere}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.answer{white-space:pre-line;color:#3a4552}
.empty{color:#8a96a6;margin:8px 0}
@media (max-width:1000px){.tiles{grid-template-columns:repeat(3,minmax(0,1fr))}.grid{grid-template-columns:1fr}}
@media (max-width:560px){.tiles{grid-template-columns:repeat(2,minmax(0,1fr))}}
`;

export interface InsightsPageInput {
  lang: Lang;
  /** The page script's address, relative to `/insights`, versioned. */
  scriptSrc: string;
  /** uPlot's own style sheet. */
  chartCss: string;
  /** Whether any shop has a key (otherwise the page says how an operator makes one). */
  open: boolean;
}

export function insightsPage(input: InsightsPageInput): string {
  const t = TEXTS[input.lang];
  const presets = t.presets.map(([days, label]) => `<button type="button" data-preset="${days}">${escapeHtml(label)}</button>`).join('');
  return htmlPage({
    lang: input.lang,
    title: `${t.title} · Aisle`,
    css: `${input.chartCss}${PAGE_CSS}`,
    head: `<script type="module" src="${escapeHtml(input.scriptSrc)}"></script>
`,
    body: `<header class="top"><div class="wrap"><span class="brand">Aisle</span><span class="page-title">${escapeHtml(t.title)}</span><span id="shop-name"></span><span class="spacer"></span><button type="button" id="sign-out" hidden>${escapeHtml(t.signOut)}</button></div></header>
<main class="wrap">
<noscript><p>${escapeHtml(t.noScript)}</p></noscript>
<section id="sign-in" class="signin" hidden>
<h1>${escapeHtml(t.signInTitle)}</h1>
<p>${escapeHtml(input.open ? t.signInText : t.closed)}</p>
<form id="key-form" method="post" autocomplete="off">
<label for="key">${escapeHtml(t.keyLabel)}</label>
<input id="key" name="key" type="password" spellcheck="false" autocapitalize="off" required>
<button type="submit" class="primary">${escapeHtml(t.open)}</button>
</form>
<p id="key-error" class="error" role="alert" hidden></p>
</section>
<section id="report" hidden>
<div class="toolbar">
<form id="period-form" method="post"><label for="from">${escapeHtml(t.from)}</label><input id="from" type="date" required><label for="to">${escapeHtml(t.to)}</label><input id="to" type="date" required><button type="submit" class="primary">${escapeHtml(t.apply)}</button></form>
<div class="presets">${presets}</div>
<div id="status" role="status"></div>
</div>
<div id="content"></div>
</section>
</main>`,
  });
}
