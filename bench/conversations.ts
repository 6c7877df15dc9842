/**
 * The conversation set (test/fixtures/conversations/set.json): multi-turn dialogs over real
 * shop feeds, the Best Buy catalogue and the demo shops, each turn with the kind of answer a
 * good shop assistant gives, written down before running. Every feed is imported as a tenant
 * of the real app (SQLite, buildApp + inject), so dialog history, refinement and memory
 * between dialogs are the product's own; each answer is judged against its expectation
 * (relevant / partly / wrong) and the table is printed.
 *
 * Run: `npx tsx bench/conversations.ts [--verbose] [--only=<conversation id>]`. Feeds are
 * read from ../shared/data (never copied into the repository).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFeedFile } from '../src/catalog/import/index.ts';
import type { CatalogProduct } from '../src/catalog/product.ts';
import { DEMO_TENANTS_FILE } from '../src/config/env.ts';
import type { Tenant } from '../src/config/tenant.ts';
import { loadTenantsFile } from '../src/config/tenants-file.ts';
import { buildTestApp } from '../test/helpers/app.ts';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const shared = resolve(root, '../shared/data');

type Kind = 'products' | 'shop_info' | 'operator' | 'small_talk' | 'no_products' | 'detail' | 'honest';

interface Expect {
  kind: Kind;
  /** products/honest: each card's name and category path match this (case-insensitive). */
  match?: string;
  /** products: and this too. */
  also?: string;
  /** products: no card's name matches this (what the buyer said they do not want). */
  lacks?: string;
  /** products: each card's most specific category matches this (a phone, not a phone's accessory). */
  leaf?: string;
  maxPrice?: number;
  brand?: string;
  /** products: each card is cheaper than the middle price of the previous turn's cards. */
  cheaperThanPrevious?: boolean;
  /** products: more than one brand among the cards (a saved brand is a preference, not a filter). */
  mixedBrands?: boolean;
  /** products: at least this many cards (the shop has that many that fit; fewer is a partial answer). */
  atLeast?: number;
  /** products: no card was shown earlier in the dialog ("show me more"). */
  newCards?: boolean;
  /** shop_info: the topic of the shop's link. */
  topic?: string;
  /** detail/honest: the message says this. */
  says?: string;
  /** The message and the shelf title must not contain this. */
  avoid?: string;
  /**
   * Every price the message and the shelf title name is one the buyer saw or said: a card's of
   * this turn or the previous one, or a number of the buyer's message (no bound made up from
   * them, such as "under 8,989.99 ₽" for "cheaper").
   */
  pricesSeen?: boolean;
}

interface ScriptTurn {
  say: string;
  page?: { type: string; data?: unknown };
  newDialog?: boolean;
  expect: Expect;
}

interface Conversation {
  id: string;
  shop: string;
  turns: ScriptTurn[];
}

interface ShopSpec {
  feed?: string;
  tenant?: Record<string, unknown>;
  demo?: string;
}

interface ConversationSet {
  shops: Record<string, ShopSpec>;
  conversations: Conversation[];
}

interface Block {
  type: string;
  value: unknown;
  title?: string;
  action?: string;
  url?: string;
}

type Verdict = 'relevant' | 'partly' | 'wrong';

const NOTHING_FOUND = /ничего не нашлось|nothing found/iu;

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);

const set = JSON.parse(readFileSync(resolve(root, 'test/fixtures/conversations/set.json'), 'utf8')) as ConversationSet;
// A dialog's id names its thread: two of one id would run as one dialog.
const ids = new Set<string>();
for (const c of set.conversations) {
  if (ids.has(c.id)) {
    throw new Error(`two conversations are called ${c.id}`);
  }
  ids.add(c.id);
}
const conversations = set.conversations.filter((c) => !only || c.id === only);
const usedShops = new Set(conversations.map((c) => c.shop));

const demoTenants = loadTenantsFile(DEMO_TENANTS_FILE);
const tenants: unknown[] = [];
const catalogs: Record<string, string> = {};
const tenantById = new Map<string, Tenant>();
for (const [id, spec] of Object.entries(set.shops)) {
  if (!usedShops.has(id)) {
    continue;
  }
  if (spec.demo) {
    const t = demoTenants.find((x) => x.id === spec.demo);
    if (!t?.catalog) {
      throw new Error(`no demo tenant ${spec.demo}`);
    }
    tenants.push(t);
    catalogs[id] = t.catalog.path;
    tenantById.set(id, t);
  } else {
    const raw = { id, ...spec.tenant };
    tenants.push(raw);
    catalogs[id] = resolve(shared, spec.feed as string);
    tenantById.set(id, raw as unknown as Tenant);
  }
}

async function load(path: string): Promise<Map<string, CatalogProduct>> {
  const out = new Map<string, CatalogProduct>();
  for await (const item of readFeedFile(path)) {
    if (item.kind === 'product') {
      out.set(item.product.sku, item.product);
    }
  }
  return out;
}

const products = new Map<string, Map<string, CatalogProduct>>();
for (const [id, path] of Object.entries(catalogs)) {
  products.set(id, await load(path));
}

const t = await buildTestApp('sqlite', { tenants, catalogs, env: { LOG_LEVEL: 'warn' } });

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? Infinity;
}

/** The prices a text names: "$1,299.99", "19 989,99 ₽", "54 990 ₸". */
function pricesIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\$\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d \u00a0\u202f]*(?:,\d+)?)\s?[₽₸]/gu)) {
    const raw = m[1] !== undefined ? m[1].replace(/,/g, '') : (m[2] as string).replace(/[ \u00a0\u202f]/g, '').replace(',', '.');
    out.push(Number(raw));
  }
  return out;
}

/** The numbers of the buyer's message ("до 5 000", "under $50"). */
function numbersIn(text: string): number[] {
  return [...text.replace(/(\d)[ \u00a0](?=\d{3}\b)/g, '$1').matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => Number(m[0].replace(',', '.')));
}

function judge(
  e: Expect,
  tenant: Tenant,
  own: Map<string, CatalogProduct>,
  blocks: Block[],
  previousPrices: number[],
  said: string,
  shownBefore: ReadonlySet<string> = new Set(),
): { verdict: Verdict; why: string } {
  const message = blocks
    .filter((b) => b.type === 'message')
    .map((b) => String(b.value))
    .join(' ');
  const shelves = blocks.filter((b) => b.type === 'products');
  const cards = shelves.flatMap((b) => b.value as Array<{ sku: string }>).map((c) => own.get(c.sku));
  const links = blocks.filter((b) => b.type === 'button' && b.action === 'follow_url').map((b) => b.url);
  const operator = blocks.some((b) => b.type === 'button' && b.action === 'open_support_chat');
  const re = (s: string): RegExp => new RegExp(s, 'iu');
  const fits = (p: CatalogProduct | undefined): boolean => {
    if (!p) {
      return false;
    }
    const text = `${p.name} ${p.categories.join(' ')}`;
    if (e.match && !re(e.match).test(text)) {
      return false;
    }
    if (e.also && !re(e.also).test(text)) {
      return false;
    }
    if (e.leaf && !re(e.leaf).test(p.categories[p.categories.length - 1] ?? '')) {
      return false;
    }
    if (e.lacks && re(e.lacks).test(p.name)) {
      return false;
    }
    if (e.maxPrice !== undefined && !(typeof p.price === 'number' && p.price <= e.maxPrice)) {
      return false;
    }
    if (e.brand && (p.brand ?? '').toLowerCase() !== e.brand.toLowerCase() && !re(e.brand).test(p.name)) {
      return false;
    }
    if (e.cheaperThanPrevious && previousPrices.length > 0 && !(typeof p.price === 'number' && p.price < median(previousPrices))) {
      return false;
    }
    return true;
  };
  const share = cards.length === 0 ? 0 : cards.filter(fits).length / cards.length;
  let verdict: Verdict;
  let why = '';
  switch (e.kind) {
    case 'products':
      verdict = cards.length === 0 ? 'wrong' : share >= 0.8 ? 'relevant' : share >= 0.34 ? 'partly' : 'wrong';
      why = cards.length === 0 ? 'no cards' : `${Math.round(share * 100)}% fit`;
      if (verdict === 'relevant' && e.mixedBrands && new Set(cards.map((p) => p?.brand)).size < 2) {
        verdict = 'partly';
        why += ', one brand only';
      }
      if (verdict === 'relevant' && e.newCards && shelves.some((b) => (b.value as Array<{ sku: string }>).some((c) => shownBefore.has(c.sku)))) {
        verdict = 'partly';
        why += ', cards shown before';
      }
      if (verdict === 'relevant' && e.atLeast !== undefined && cards.length < e.atLeast) {
        verdict = 'partly';
        why += `, ${cards.length} of at least ${e.atLeast} cards`;
      }
      break;
    case 'shop_info': {
      const link = tenant.links?.find((l) => l.topic === e.topic);
      const hasLink = link ? links.includes(link.url) : false;
      if (cards.length > 0) {
        verdict = hasLink ? 'partly' : 'wrong';
        why = 'cards beside a shop question';
      } else if (link) {
        verdict = hasLink ? 'relevant' : 'partly';
        why = hasLink ? '' : 'no link';
      } else {
        verdict = 'relevant';
      }
      break;
    }
    case 'operator':
      verdict = cards.length > 0 ? 'wrong' : tenant.supportChat === false || operator ? 'relevant' : 'partly';
      break;
    case 'small_talk':
    case 'no_products':
      verdict = cards.length > 0 ? 'wrong' : 'relevant';
      why = cards.length > 0 ? `${cards.length} cards` : '';
      // Small talk answered as a failed search ("nothing found for «are you a robot?»") is not an answer.
      if (verdict === 'relevant' && e.kind === 'small_talk' && NOTHING_FOUND.test(message)) {
        verdict = 'partly';
        why = 'answered as a search';
      }
      break;
    case 'detail':
      verdict = re(e.says ?? '.').test(message) ? 'relevant' : cards.length === 0 ? 'partly' : 'wrong';
      why = verdict === 'relevant' ? '' : 'does not answer';
      break;
    case 'honest':
      if (re(e.says ?? '.').test(message)) {
        verdict = cards.length === 0 || !e.match || share >= 0.5 ? 'relevant' : 'partly';
      } else {
        verdict = 'wrong';
        why = 'does not say it';
      }
      break;
  }
  const titles = shelves.map((b) => b.title ?? '').join(' ');
  if (e.avoid && verdict === 'relevant') {
    if (re(e.avoid).test(`${message} ${titles}`)) {
      verdict = 'partly';
      why = `${why} says /${e.avoid}/`.trim();
    }
  }
  if (e.pricesSeen && verdict === 'relevant') {
    const seen = new Set([...previousPrices, ...cards.map((p) => p?.price), ...numbersIn(said)].filter((x) => typeof x === 'number').map((x) => Math.round(x * 100)));
    const unseen = pricesIn(`${message} ${titles}`).filter((x) => !seen.has(Math.round(x * 100)));
    if (unseen.length > 0) {
      verdict = 'partly';
      why = `${why} names ${unseen.join(', ')}, no price seen`.trim();
    }
  }
  return { verdict, why };
}

const counts: Record<Verdict, number> = { relevant: 0, partly: 0, wrong: 0 };
const byKind = new Map<string, Record<Verdict, number>>();
const rows: string[] = [];
const pad = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));

for (const c of conversations) {
  const tenant = tenantById.get(c.shop) as Tenant;
  const own = products.get(c.shop) as Map<string, CatalogProduct>;
  let dialog = 0;
  let previousPrices: number[] = [];
  let shownBefore = new Set<string>();
  for (const [i, turn] of c.turns.entries()) {
    if (turn.newDialog) {
      dialog++;
      previousPrices = [];
      shownBefore = new Set<string>();
    }
    const ctx = turn.page ? turn.page : { type: 'HOMEPAGE' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/shopping/generate',
      payload: {
        threadId: `${c.id}-${dialog}`,
        resourceId: `buyer-${c.id}`,
        messages: [{ role: 'user', content: turn.say }],
        runtimeContext: { tenant_id: c.shop, ctx },
      },
    });
    let verdict: Verdict = 'wrong';
    let why = `HTTP ${res.statusCode}`;
    let blocks: Block[] = [];
    let suggests: string[] = [];
    if (res.statusCode === 200) {
      const body = res.json() as { response: { contents: Block[]; ui?: { suggests?: string[] } } };
      blocks = body.response.contents;
      suggests = body.response.ui?.suggests ?? [];
      ({ verdict, why } = judge(turn.expect, tenant, own, blocks, previousPrices, turn.say, shownBefore));
      for (const b of blocks.filter((x) => x.type === 'products')) {
        for (const card of b.value as Array<{ sku: string }>) {
          shownBefore.add(card.sku);
        }
      }
      previousPrices = blocks
        .filter((b) => b.type === 'products')
        .flatMap((b) => b.value as Array<{ sku: string }>)
        .map((card) => own.get(card.sku)?.price)
        .filter((p): p is number => typeof p === 'number');
    }
    counts[verdict]++;
    const k = byKind.get(turn.expect.kind) ?? { relevant: 0, partly: 0, wrong: 0 };
    k[verdict]++;
    byKind.set(turn.expect.kind, k);
    const message = blocks.find((b) => b.type === 'message')?.value;
    const shelf = blocks.find((b) => b.type === 'products');
    const nCards = shelf ? (shelf.value as unknown[]).length : 0;
    rows.push(
      `${pad(c.id, 26)} ${String(i + 1).padStart(2)} ${pad(turn.say, 40)} ${pad(turn.expect.kind, 11)} ${pad(verdict, 8)} ${pad(why, 26)} ${nCards} cards`,
    );
    if (verbose) {
      rows.push(`    ↳ ${String(message ?? '')}`);
      if (shelf) {
        rows.push(`    ↳ [${shelf.title ?? ''}] ${(shelf.value as Array<{ name: string; price: number | null }>).map((p) => `${p.name.slice(0, 50)} (${p.price})`).join('; ')}`);
      }
      if (suggests.length > 0) {
        rows.push(`    ↳ quick replies: ${suggests.join(' | ')}`);
      }
    }
  }
}
await t.close();

const total = counts.relevant + counts.partly + counts.wrong;
const pct = (n: number): string => `${((100 * n) / Math.max(1, total)).toFixed(1)}%`;
console.log(`${'conversation'.padEnd(26)} #  ${'buyer says'.padEnd(40)} ${'expected'.padEnd(11)} ${'verdict'.padEnd(8)} ${'why'.padEnd(26)} shown`);
console.log(rows.join('\n'));
console.log('');
console.log('kind        relevant partly wrong');
for (const [kind, k] of [...byKind.entries()].sort()) {
  console.log(`${kind.padEnd(11)} ${String(k.relevant).padStart(8)} ${String(k.partly).padStart(6)} ${String(k.wrong).padStart(5)}`);
}
console.log('');
console.log(
  `${conversations.length} conversations, ${total} turns: relevant ${counts.relevant} (${pct(counts.relevant)}), partly ${counts.partly} (${pct(counts.partly)}), wrong ${counts.wrong} (${pct(counts.wrong)})`,
);
