/**
 * The bundled demo shops as a buyer meets them: the real examples/tenants.yaml (what `npm start`
 * serves), each tenant with its own catalogue file, every starter prompt pressed on the pages it
 * is offered on. The Russian shop `demo` must answer in Russian and the English `demo-en` in
 * English, each with cards from its own catalogue, and the shop questions with the shop's link.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../helpers/assert.ts';
import { readFeedFile } from '../../src/catalog/import/index.ts';
import type { CatalogProduct } from '../../src/catalog/product.ts';
import { DEMO_TENANTS_FILE } from '../../src/config/env.ts';
import type { PageType, Tenant } from '../../src/config/tenant.ts';
import { loadTenantsFile } from '../../src/config/tenants-file.ts';
import { buildTestApp, registerGuest, auth, type TestApp } from '../helpers/app.ts';
import { DIALECTS, skipFor } from '../helpers/storage.ts';

const CYRILLIC = /[\u0400-\u04ff]/u;

/** What a buyer should get from one starter prompt. */
type Expected =
  /** Product cards, each of which passes `fits` (given the page's product, if any). */
  | { kind: 'products'; fits: (p: CatalogProduct, page: CatalogProduct | undefined) => boolean; what: string }
  /** The shop's link of this topic as a button, and no product cards. */
  | { kind: 'link'; topic: string };

interface DemoShop {
  id: string;
  russian: boolean;
  /** The product of PRODUCT pages and the cart of CART pages: a phone of the catalogue. */
  pageSku: string;
  /** The query of SEARCH pages and the category path of CATEGORY pages. */
  searchQuery: string;
  category: string[];
  expected: Record<string, Expected>;
  /** Prompts that do not work yet, with the reason (node:test `todo`: run and reported, not failed). */
  todo?: Record<string, string>;
}

const leaf = (p: CatalogProduct | undefined): string | undefined => p?.categories[p.categories.length - 1];
const priced = (p: CatalogProduct, max: number): boolean => p.price !== undefined && p.price <= max;

/**
 * What a buyer takes as an answer to "similar", "what goes with it" and "cheaper": on a product
 * page or a cart they are about the page's product; on a search page "cheaper" is about what was
 * searched (a leaf category of the catalogue).
 */
function related(searchedLeaf: string): Record<'similar' | 'goes-with' | 'cheaper', Expected> {
  return {
    similar: { kind: 'products', what: 'products of the same kind as the page product', fits: (p, page) => leaf(p) === leaf(page) },
    'goes-with': { kind: 'products', what: 'accessories, not another product of the same kind', fits: (p, page) => leaf(p) !== leaf(page) },
    cheaper: {
      kind: 'products',
      what: 'cheaper alternatives',
      fits: (p, page) => (page ? (p.price ?? Infinity) < (page.price ?? 0) : leaf(p) === searchedLeaf),
    },
  };
}

const SHOPS: DemoShop[] = [
  {
    id: 'demo',
    russian: true,
    pageSku: '101007',
    searchQuery: 'наушники',
    category: ['Электроника', 'Смартфоны'],
    expected: {
      'phones-under-30k': { kind: 'products', what: 'smartphones up to 30 000 ₽', fits: (p) => leaf(p) === 'Смартфоны' && priced(p, 30000) },
      headphones: { kind: 'products', what: 'headphones', fits: (p) => leaf(p) === 'Наушники' },
      coffee: { kind: 'products', what: 'coffee machines', fits: (p) => leaf(p) === 'Кофемашины' },
      gift: { kind: 'products', what: 'products up to 5 000 ₽', fits: (p) => priced(p, 5000) },
      'tv-55': { kind: 'products', what: '55-inch TVs', fits: (p) => leaf(p) === 'Телевизоры' && p.name.includes('55"') },
      ...related('Наушники'),
      delivery: { kind: 'link', topic: 'delivery' },
      returns: { kind: 'link', topic: 'returns' },
      vacuum: { kind: 'products', what: 'robot vacuums', fits: (p) => leaf(p) === 'Роботы-пылесосы' },
    },
  },
  {
    id: 'demo-en',
    russian: false,
    pageSku: 'US-101-01',
    searchQuery: 'headphones',
    category: ['Electronics', 'Smartphones'],
    expected: {
      'phones-under-500': { kind: 'products', what: 'smartphones up to $500', fits: (p) => leaf(p) === 'Smartphones' && priced(p, 500) },
      headphones: { kind: 'products', what: 'noise-cancelling headphones', fits: (p) => leaf(p) === 'Headphones' && /ANC/.test(p.params['Noise cancelling'] ?? '') },
      coffee: { kind: 'products', what: 'coffee makers', fits: (p) => leaf(p) === 'Coffee Makers & Espresso Machines' },
      gift: { kind: 'products', what: 'products up to $50', fits: (p) => priced(p, 50) },
      'tv-55': { kind: 'products', what: '55-inch TVs', fits: (p) => leaf(p) === 'Televisions' && p.name.includes('55"') },
      ...related('Headphones'),
      delivery: { kind: 'link', topic: 'delivery' },
      returns: { kind: 'link', topic: 'returns' },
      vacuum: { kind: 'products', what: 'robot vacuums', fits: (p) => leaf(p) === 'Robot Vacuums' },
    },
  },
];

const TENANTS = loadTenantsFile(DEMO_TENANTS_FILE);

function tenantOf(id: string): Tenant {
  const t = TENANTS.find((x) => x.id === id);
  assert.ok(t, `examples/tenants.yaml declares ${id}`);
  return t;
}

async function catalogue(t: Tenant): Promise<Map<string, CatalogProduct>> {
  assert.ok(t.catalog, `${t.id} has a catalogue`);
  const out = new Map<string, CatalogProduct>();
  for await (const item of readFeedFile(t.catalog.path)) {
    if (item.kind === 'product') {
      out.set(item.product.sku, item.product);
    }
  }
  return out;
}

/** The pages a prompt is pressed on in this test: the ones it suits (any page: home and a product page). */
function pagesOf(types: PageType[]): PageType[] {
  return types.length > 0 ? types : ['HOMEPAGE', 'PRODUCT'];
}

function pageData(shop: DemoShop, type: PageType): unknown {
  switch (type) {
    case 'PRODUCT':
    case 'CART':
      return [shop.pageSku];
    case 'SEARCH':
      return { query: shop.searchQuery };
    case 'CATEGORY':
      return shop.category;
    default:
      return undefined;
  }
}

interface Card {
  sku: string;
  name: string;
}
interface Block {
  type: string;
  value: unknown;
  action?: string;
  url?: string;
}

for (const dialect of DIALECTS) {
  describe(`the bundled demo shops [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    const catalogues = new Map<string, Map<string, CatalogProduct>>();
    let buyer = 0;

    before(async () => {
      for (const shop of SHOPS) {
        catalogues.set(shop.id, await catalogue(tenantOf(shop.id)));
      }
      t = await buildTestApp(dialect, {
        tenants: TENANTS,
        catalogs: Object.fromEntries(TENANTS.flatMap((x) => (x.catalog ? [[x.id, x.catalog.path]] : []))),
      });
    });
    after(() => t?.close());

    test('each shop has its own catalogue: no SKU is in both', () => {
      const ru = catalogues.get('demo') as Map<string, CatalogProduct>;
      const en = catalogues.get('demo-en') as Map<string, CatalogProduct>;
      assert.ok(ru.size >= 150 && en.size >= 150, `${ru.size} and ${en.size} products`);
      assert.deepEqual([...en.keys()].filter((sku) => ru.has(sku)), []);
      assertEvery([...en.values()], (p) => p.currency === 'USD' && !CYRILLIC.test(`${p.name} ${p.categories.join(' ')}`));
    });

    for (const shop of SHOPS) {
      const tenant = tenantOf(shop.id);

      test(`${shop.id}: the home page offers five starter prompts in the shop's language`, async () => {
        const token = await registerGuest(t.app, shop.id, `prompts-${shop.id}`);
        const res = await t.app.inject({ method: 'POST', url: '/shopping/starter-prompts', headers: auth(token), payload: { ctx: { type: 'HOMEPAGE' } } });
        assert.equal(res.statusCode, 200, res.body);
        const prompts = res.json().prompts as Array<{ text: string }> | undefined;
        assert.equal(prompts?.length, 5, res.body);
        assertEvery(prompts, (p) => CYRILLIC.test(p.text) === shop.russian, res.body);
      });

      for (const prompt of tenant.starterPrompts.prompts) {
        for (const pageType of pagesOf(prompt.pageTypes)) {
          const expected = shop.expected[prompt.id];
          const todo = shop.todo?.[prompt.id];
          test(`${shop.id}: "${prompt.text}" on a ${pageType} page`, todo ? { todo } : {}, async () => {
            assert.ok(expected, `the test knows what "${prompt.text}" (${prompt.id}) should answer`);
            const own = catalogues.get(shop.id) as Map<string, CatalogProduct>;
            const data = pageData(shop, pageType);
            buyer++;
            const res = await t.app.inject({
              method: 'POST',
              url: '/shopping/generate',
              payload: {
                threadId: `demo-${buyer}`,
                resourceId: `buyer-${buyer}`,
                messages: [{ role: 'user', content: prompt.text }],
                runtimeContext: { tenant_id: shop.id, ctx: data === undefined ? { type: pageType } : { type: pageType, data } },
              },
            });
            assert.equal(res.statusCode, 200, res.body);
            const body = res.json() as { response: { contents: Block[]; ui?: { suggests?: string[] } } };
            const blocks = body.response.contents;
            const messages = blocks.filter((b) => b.type === 'message').map((b) => b.value as string);
            const cards = blocks.filter((b) => b.type === 'products').flatMap((b) => b.value as Card[]);
            const suggests = body.response.ui?.suggests ?? [];
            const seen = `${messages.join(' | ')}\n${cards.map((c) => `${c.sku} ${c.name}`).join('\n')}\nquick replies: ${suggests.join(' | ')}`;

            // The answer speaks the shop's language: its text, its cards and its quick replies.
            assert.ok(messages.length > 0, seen);
            if (shop.russian) {
              assertEvery(messages, (m) => CYRILLIC.test(m), seen);
              // Some answers have no cards (a link) or no quick replies; those shown are Russian.
              assert.deepEqual(cards.map((c) => c.name).filter((name) => !CYRILLIC.test(name)), [], seen);
              assert.deepEqual(suggests.filter((s) => !CYRILLIC.test(s)), [], seen);
            } else {
              assert.ok(!CYRILLIC.test(JSON.stringify(body.response)), seen);
            }

            if (expected.kind === 'link') {
              const link = tenant.links.find((l) => l.topic === expected.topic);
              assert.ok(link, `${shop.id} has a ${expected.topic} link`);
              assert.ok(blocks.some((b) => b.type === 'button' && b.action === 'follow_url' && b.url === link.url), seen);
              assert.deepEqual(cards, [], seen);
              return;
            }
            assert.ok(cards.length > 0, `expected ${expected.what}, got:\n${seen}`);
            const onProductPage = pageType === 'PRODUCT' || pageType === 'CART';
            const page = onProductPage ? own.get(shop.pageSku) : undefined;
            assert.ok(!onProductPage || page, `${shop.pageSku} is in ${shop.id}'s catalogue`);
            const wrong = cards.filter((c) => {
              const p = own.get(c.sku);
              return p === undefined || !expected.fits(p, page);
            });
            assert.deepEqual(wrong, [], `expected ${expected.what} of ${shop.id}'s own catalogue, got:\n${seen}`);
          });
        }
      }
    }
  });
}
