/**
 * The playground page's script (served at `/playground.js` when the playground is on): draws
 * the mock shop of the chosen tenant and page, embeds `<aisle-chat>` as a shop would (by
 * attributes), and logs every request the widget makes, with its raw JSON answer, in the
 * developer panel (`#dev-log`), by giving the element a wrapped `fetch`.
 */
import type { FetchLike } from '../../../js/src/index.ts';
import type { AisleChatElement } from '../chat-element.ts';
import { h } from '../dom.ts';
import { formatPrice } from '../format.ts';
import { placeholderImage } from '../render.ts';

interface ShopProduct {
  sku: string;
  name: string;
  brand?: string;
  price?: number;
  url?: string;
  image_url?: string;
  category?: string;
  description?: string;
}

interface Shop {
  id: string;
  name: string;
  language: 'ru' | 'en';
  currencySymbol: string;
  messageFormat: string;
  products: ShopProduct[];
}

type PageKind = 'home' | 'product' | 'cart';
const PAGE_TYPES: Record<PageKind, string> = { home: 'HOMEPAGE', product: 'PRODUCT', cart: 'CART' };
const MAX_LOG = 200;

const SHOP_TEXTS = {
  ru: {
    hero: 'Всё для дома и техники — с доставкой завтра',
    popular: 'Популярное',
    addToCart: 'В корзину',
    cart: 'Корзина',
    total: 'Итого',
    checkout: 'Оформить заказ',
    nav: ['Каталог', 'Акции', 'Доставка', 'Магазины'],
  },
  en: {
    hero: 'Electronics and home goods, delivered tomorrow',
    popular: 'Popular now',
    addToCart: 'Add to cart',
    cart: 'Cart',
    total: 'Total',
    checkout: 'Check out',
    nav: ['Catalogue', 'Deals', 'Delivery', 'Stores'],
  },
};

const data = JSON.parse(document.getElementById('playground-data')?.textContent ?? '{"shops":[]}') as { shops: Shop[] };
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const tenantSelect = $<HTMLSelectElement>('tenant');
const pageSelect = $<HTMLSelectElement>('page-type');
const productSelect = $<HTMLSelectElement>('product');
const productLabel = $<HTMLElement>('product-label');
const shopView = $<HTMLElement>('shop');
const chatSlot = $<HTMLElement>('chat-slot');
const devLog = $<HTMLOListElement>('dev-log');

let chat: AisleChatElement | null = null;

function shop(): Shop | undefined {
  return data.shops.find((s) => s.id === tenantSelect.value) ?? data.shops[0];
}

function image(product: ShopProduct, size: number): HTMLImageElement {
  const fallback = placeholderImage(product.name);
  const img = h('img', { alt: product.name, width: String(size), height: String(size), style: `width:${size}px;height:${size}px;object-fit:contain;border-radius:10px;background:#eef1f5` });
  img.src = product.image_url ?? fallback;
  img.addEventListener('error', () => {
    if (img.src !== fallback) {
      img.src = fallback;
    }
  });
  return img;
}

function price(s: Shop, product: ShopProduct): string {
  return product.price === undefined ? '' : formatPrice(product.price, s.currencySymbol, s.language);
}

/** The page of the mock shop: front page, a product page or the cart. */
function drawShop(s: Shop, kind: PageKind, product: ShopProduct | undefined): void {
  const t = SHOP_TEXTS[s.language];
  const header = h('div', { style: 'display:flex;flex-wrap:wrap;align-items:center;gap:8px 22px;padding:14px 20px;border-bottom:1px solid #e1e6ec' }, [
    h('strong', { style: 'font-size:18px' }, [s.name]),
    ...t.nav.map((n) => h('span', { style: 'color:#5a6573' }, [n])),
    h('span', { style: 'margin-left:auto;color:#5a6573' }, [`${t.cart} (${kind === 'cart' && product ? 1 : 0})`]),
  ]);
  let content: HTMLElement;
  if (kind === 'product' && product) {
    content = h('div', { style: 'display:flex;gap:24px;padding:24px;flex-wrap:wrap' }, [
      image(product, 260),
      h('div', { style: 'flex:1;min-width:220px;display:flex;flex-direction:column;gap:10px' }, [
        h('div', { style: 'color:#5a6573' }, [[product.brand, product.category].filter(Boolean).join(' · ')]),
        h('h1', { style: 'margin:0;font-size:22px' }, [product.name]),
        h('div', { style: 'font-size:24px;font-weight:700' }, [price(s, product)]),
        h('p', { style: 'margin:0;color:#3c4653' }, [product.description ?? '']),
        h('button', { type: 'button', style: 'align-self:flex-start;padding:10px 22px;border:0;border-radius:10px;background:#1c2430;color:#fff;font:inherit' }, [t.addToCart]),
        h('div', { style: 'color:#8b98a8;font-size:12px' }, [`SKU ${product.sku}`]),
      ]),
    ]);
  } else if (kind === 'cart' && product) {
    content = h('div', { style: 'padding:24px;display:flex;flex-direction:column;gap:16px' }, [
      h('h1', { style: 'margin:0;font-size:22px' }, [t.cart]),
      h('div', { style: 'display:flex;align-items:center;gap:16px;padding:12px;border:1px solid #e1e6ec;border-radius:12px' }, [
        image(product, 84),
        h('div', { style: 'flex:1' }, [h('div', {}, [product.name]), h('div', { style: 'color:#5a6573' }, [product.brand ?? ''])]),
        h('strong', {}, [price(s, product)]),
      ]),
      h('div', { style: 'display:flex;justify-content:flex-end;align-items:center;gap:16px' }, [
        h('span', {}, [`${t.total}: `, h('strong', {}, [price(s, product)])]),
        h('button', { type: 'button', style: 'padding:10px 22px;border:0;border-radius:10px;background:#1c2430;color:#fff;font:inherit' }, [t.checkout]),
      ]),
    ]);
  } else {
    const grid = h('div', { style: 'display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:14px' });
    for (const p of s.products) {
      grid.append(
        h('div', { style: 'display:flex;flex-direction:column;gap:4px;padding:10px;border:1px solid #e1e6ec;border-radius:12px' }, [
          image(p, 128),
          h('div', { style: 'font-size:13px;line-height:1.3;height:3.9em;overflow:hidden' }, [p.name]),
          h('strong', {}, [price(s, p)]),
        ]),
      );
    }
    content = h('div', { style: 'padding:20px;display:flex;flex-direction:column;gap:16px' }, [
      h('div', { style: 'padding:26px 24px;border-radius:14px;background:linear-gradient(120deg,#e8eefc,#f6f0ff);font-size:20px;font-weight:650' }, [t.hero]),
      h('h2', { style: 'margin:0;font-size:17px' }, [t.popular]),
      grid,
    ]);
  }
  shopView.replaceChildren(header, content);
}

// --- developer panel ------------------------------------------------------------------------------

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function logExchange(entry: { method: string; path: string; status: number | string; ms: number; request: string | null; response: string; tracking: boolean }): void {
  devLog.querySelector('.dev-empty')?.remove();
  const ok = typeof entry.status === 'number' && entry.status >= 200 && entry.status < 400;
  const summary = h('summary', {}, [
    entry.tracking ? h('span', { class: 'ms' }, ['tracking ']) : '',
    `${entry.method} ${entry.path} `,
    h('span', { class: ok ? 'st-ok' : 'st-err' }, [String(entry.status)]),
    ' ',
    h('span', { class: 'ms' }, [`${entry.ms} ms`]),
  ]);
  const body = h('pre', {}, [
    ...(entry.request ? [h('span', { class: 'lbl' }, ['request  ']), `${pretty(entry.request)}\n`] : []),
    h('span', { class: 'lbl' }, ['response ']),
    entry.response ? pretty(entry.response) : '(empty)',
  ]);
  const unfold = !entry.tracking && entry.response !== '';
  const item = h('li', {}, [h('details', unfold ? { open: true, 'data-auto': 'open' } : {}, [summary, body])]);
  // Only the newest answer is unfolded (tracking calls have none to show); one the developer unfolded stays so.
  if (unfold) {
    for (const old of devLog.querySelectorAll<HTMLDetailsElement>('details[data-auto="open"]')) {
      old.open = false;
      old.removeAttribute('data-auto');
    }
  }
  devLog.prepend(item);
  while (devLog.children.length > MAX_LOG) {
    devLog.lastElementChild?.remove();
  }
}

/** The widget's fetch, wrapped: the exchange is logged and the answer handed on untouched. */
const loggingFetch: FetchLike = async (input, init) => {
  const url = new URL(input, location.href);
  const path = url.pathname + url.search;
  const shown = path.length > 90 ? `${path.slice(0, 87)}…` : path;
  const started = performance.now();
  const request = typeof init.body === 'string' ? init.body : null;
  const tracking = url.pathname.includes('/shopping/events/') || init.mode === 'no-cors';
  try {
    const res = await fetch(input, init);
    const ms = Math.round(performance.now() - started);
    // Tracking links are fetched without CORS: their answer cannot be read, only that it was sent.
    const response = res.type === 'opaque' ? '(tracking link: the answer is not readable from the page)' : await res.clone().text();
    logExchange({ method: init.method ?? 'GET', path: shown, status: res.type === 'opaque' ? 'sent' : res.status, ms, request, response, tracking });
    return res;
  } catch (err) {
    logExchange({ method: init.method ?? 'GET', path: shown, status: 'network error', ms: Math.round(performance.now() - started), request, response: String(err), tracking });
    throw err;
  }
};

// --- the page ---------------------------------------------------------------------------------------

function pageKind(): PageKind {
  const v = pageSelect.value;
  return v === 'product' || v === 'cart' ? v : 'home';
}

function fillProducts(s: Shop, wanted: string | null): void {
  productSelect.replaceChildren(...s.products.map((p) => h('option', { value: p.sku }, [`${p.name} (${p.sku})`])));
  if (wanted && s.products.some((p) => p.sku === wanted)) {
    productSelect.value = wanted;
  }
}

/** Redraws the shop; the widget is made anew for another shop and only told the new page otherwise. */
function update(newShop: boolean): void {
  const s = shop();
  if (!s) {
    shopView.textContent = 'No tenants are configured.';
    return;
  }
  const kind = pageKind();
  const product = s.products.find((p) => p.sku === productSelect.value) ?? s.products[0];
  productLabel.hidden = kind === 'home';
  document.documentElement.lang = s.language;
  drawShop(s, kind, product);

  const attrs: Record<string, string> = { 'page-type': PAGE_TYPES[kind] };
  attrs['page-data'] = kind === 'home' || !product ? '' : JSON.stringify([product.sku]);
  if (newShop || !chat) {
    chat = document.createElement('aisle-chat');
    chat.fetch = loggingFetch;
    chat.setAttribute('tenant', s.id);
    for (const [name, value] of Object.entries(attrs)) {
      if (value) {
        chat.setAttribute(name, value);
      }
    }
    chatSlot.replaceChildren(chat);
  } else {
    for (const [name, value] of Object.entries(attrs)) {
      if (value) {
        chat.setAttribute(name, value);
      } else {
        chat.removeAttribute(name);
      }
    }
  }
  const query = new URLSearchParams({ tenant: s.id, page: kind, ...(kind === 'home' || !product ? {} : { sku: product.sku }) });
  history.replaceState(null, '', `?${query.toString()}`);
}

const params = new URLSearchParams(location.search);
if (params.get('tenant') && data.shops.some((s) => s.id === params.get('tenant'))) {
  tenantSelect.value = params.get('tenant')!;
}
if (['home', 'product', 'cart'].includes(params.get('page') ?? '')) {
  pageSelect.value = params.get('page')!;
}
const first = shop();
if (first) {
  fillProducts(first, params.get('sku'));
}
devLog.append(h('li', { class: 'dev-empty' }, ['Requests of the widget appear here, newest first.']));

tenantSelect.addEventListener('change', () => {
  const s = shop();
  if (s) {
    fillProducts(s, null);
  }
  update(true);
});
pageSelect.addEventListener('change', () => update(false));
productSelect.addEventListener('change', () => update(false));
$<HTMLButtonElement>('dev-clear').addEventListener('click', () => devLog.replaceChildren());
$<HTMLButtonElement>('new-buyer').addEventListener('click', () => {
  const s = shop();
  if (!s) {
    return;
  }
  // The widget's memory of this shop's buyer: the buyer id, the last dialog, the guest token.
  const tenantPart = `${JSON.stringify([s.id]).slice(0, -1)},`;
  for (const key of Object.keys(localStorage)) {
    if (key === `aisle.resourceId:${s.id}` || (key.startsWith('aisle.') && key.includes(tenantPart))) {
      localStorage.removeItem(key);
    }
  }
  update(true);
});

// The element must be defined before its `fetch` property is set (module scripts run in order, but be sure).
void customElements.whenDefined('aisle-chat').then(() => update(true));
