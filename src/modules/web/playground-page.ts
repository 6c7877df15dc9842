/**
 * The playground at `/`: a mock shop of the configured (demo) tenants with `<aisle-chat>`
 * embedded as a shop would embed it, switches of shop and page, and a developer panel of
 * every request the widget makes. The page is a static frame and the data of the shops;
 * clients/widget/src/playground/main.ts draws the rest.
 */
import type { Config } from '../../config/index.ts';
import type { CatalogRegistry } from '../../catalog/registry.ts';
import type { CatalogProduct } from '../../catalog/product.ts';
import { escapeHtml, htmlPage, jsonForScript } from './html.ts';
import { tenantSettings, type TenantSettings } from './tenant-settings.ts';

/** What the playground shows of a shop. */
export interface PlaygroundShop extends TenantSettings {
  id: string;
  products: Array<{ sku: string; name: string; brand?: string; price?: number; url?: string; image_url?: string; category?: string; description?: string }>;
}

const PRODUCTS_PER_SHOP = 12;
const SCANNED = 400;

/** A varied shelf: the first products of different categories, as a shop's front page would show. */
function showcase(products: CatalogProduct[]): CatalogProduct[] {
  const seen = new Set<string>();
  const picked: CatalogProduct[] = [];
  for (const p of products) {
    const category = p.categories.at(-1) ?? '';
    if (p.price !== undefined && !seen.has(category)) {
      seen.add(category);
      picked.push(p);
      if (picked.length === PRODUCTS_PER_SHOP) {
        break;
      }
    }
  }
  return picked;
}

export function playgroundShops(config: Config, catalogs: CatalogRegistry): PlaygroundShop[] {
  return [...config.tenants.values()].map((tenant) => {
    const index = catalogs.get(tenant.id);
    const products = index ? showcase(index.search('', undefined, SCANNED).map((hit) => hit.product)) : [];
    return {
      id: tenant.id,
      ...tenantSettings(tenant, catalogs),
      products: products.map((p) => ({
        sku: p.sku,
        name: p.name,
        ...(p.brand ? { brand: p.brand } : {}),
        ...(p.price !== undefined ? { price: p.price } : {}),
        ...(p.url ? { url: p.url } : {}),
        ...(p.imageUrl ? { image_url: p.imageUrl } : {}),
        ...(p.categories.length ? { category: p.categories.at(-1) } : {}),
        ...(p.description ? { description: p.description.slice(0, 400) } : {}),
      })),
    };
  });
}

const PAGE_CSS = `
*{box-sizing:border-box}
html,body{height:100%}
body{margin:0;background:#f3f5f8;color:#1c2430;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.pg-bar{display:flex;flex-wrap:wrap;align-items:center;gap:10px 18px;padding:10px 18px;background:#151b24;color:#e9eef5}
.pg-bar strong{font-size:15px;margin-right:6px}
.pg-bar label{display:inline-flex;align-items:center;gap:6px;color:#b9c4d1}
.pg-bar select{font:inherit;padding:4px 6px;border-radius:6px;border:1px solid #3b4757;background:#202936;color:#fff;max-width:260px}
.pg-bar a{color:#9cc0ff;margin-left:auto}
.pg-bar button{font:inherit;padding:4px 10px;border-radius:6px;border:1px solid #3b4757;background:#202936;color:#e9eef5;cursor:pointer}
.pg-main{display:grid;grid-template-columns:minmax(0,1fr) 420px;gap:18px;padding:18px;height:calc(100% - 52px)}
.pg-left{display:flex;flex-direction:column;gap:18px;min-height:0;min-width:0}
#shop{flex:1;min-height:0;overflow:auto;background:#fff;border:1px solid #e1e6ec;border-radius:12px}
#chat-slot{min-height:0}
#chat-slot aisle-chat{height:100%}
.dev{display:flex;flex-direction:column;height:38%;min-height:180px;background:#0f141b;color:#d7dee8;border-radius:12px;overflow:hidden}
.dev-head{display:flex;align-items:center;justify-content:space-between;padding:8px 12px;border-bottom:1px solid #243040;font-weight:600}
.dev-head button{font:inherit;font-weight:400;padding:2px 10px;border-radius:6px;border:1px solid #3b4757;background:#1a2230;color:#d7dee8;cursor:pointer}
#dev-log{flex:1;overflow:auto;margin:0;padding:6px 0;list-style:none;font:12px/1.45 ui-monospace,Menlo,Consolas,monospace}
#dev-log li{border-bottom:1px solid #1c2633}
#dev-log summary{cursor:pointer;padding:4px 12px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#dev-log .st-ok{color:#7ddc9a}#dev-log .st-err{color:#ff8f8f}#dev-log .ms{color:#8b98a8}
#dev-log pre{margin:0;padding:6px 12px 10px 24px;white-space:pre-wrap;word-break:break-all;color:#b9c4d1;max-height:320px;overflow:auto}
#dev-log .lbl{color:#8b98a8}
.dev-empty{padding:6px 12px;color:#8b98a8}
@media (max-width:900px){.pg-main{grid-template-columns:1fr;height:auto}#chat-slot aisle-chat{height:640px}.dev{height:360px}}
`;

export function playgroundPage(input: { shops: PlaygroundShop[]; widgetSrc: string; scriptSrc: string }): string {
  const options = input.shops.map((s) => `<option value="${escapeHtml(s.id)}">${escapeHtml(s.name)} (${escapeHtml(s.id)}, ${s.language})</option>`).join('');
  return htmlPage({
    lang: 'en',
    title: 'Aisle playground',
    css: PAGE_CSS,
    head: `<script type="module" src="${escapeHtml(input.widgetSrc)}"></script>
<script type="module" src="${escapeHtml(input.scriptSrc)}"></script>
`,
    body: `<script type="application/json" id="playground-data">${jsonForScript(JSON.stringify({ shops: input.shops }))}</script>
<div class="pg-bar" role="toolbar" aria-label="Playground">
<strong>Aisle playground</strong>
<label>Shop <select id="tenant">${options}</select></label>
<label>Page <select id="page-type"><option value="home">Home page</option><option value="product">Product page</option><option value="cart">Cart</option></select></label>
<label id="product-label">Product <select id="product"></select></label>
<button type="button" id="new-buyer" title="Forget this browser's buyer id and token: the widget starts as a new buyer">New buyer</button>
<a href="docs" target="_blank" rel="noopener">API reference</a>
</div>
<div class="pg-main">
<div class="pg-left">
<div id="shop" aria-label="Mock shop page"></div>
<section class="dev" aria-labelledby="dev-title">
<div class="dev-head"><span id="dev-title">Developer panel: requests of the widget</span><button type="button" id="dev-clear">Clear</button></div>
<ol id="dev-log" reversed></ol>
</section>
</div>
<div id="chat-slot"></div>
</div>`,
  });
}
