/**
 * The two ways a search reads less of the posting lists (InvertedIndex.run): skipping the
 * products a category or brand filter leaves out as the lists are read (`allow`), and, for a
 * price order, scoring only the products of the rarest word (`conjunctive`). Each must give
 * the products, scores and matched words a full read gives for the products it keeps, on any
 * catalogue and query; and a price-ordered search must still answer when no product has every
 * word, and keep to the brand asked for when the brand has many products.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { InvertedIndexBuilder, type TermAlternative } from '../../../src/catalog/search/inverted.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { assertEvery } from '../../helpers/assert.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';

const VOCABULARY = ['cable', 'usb', 'black', 'white', 'ink', 'epson', 'case', 'phone', 'long', 'fast'];
const FIELDS = [
  { name: 'name', boost: 3, namesProduct: true },
  { name: 'description', boost: 0.4 },
];

const word = fc.constantFrom(...VOCABULARY);
const doc = fc.tuple(fc.array(word, { minLength: 1, maxLength: 5 }), fc.array(word, { maxLength: 6 }));
const catalogue = fc.array(doc, { minLength: 1, maxLength: 300 });
// Groups of one or two alternatives (a word and its synonym), weights as the expansion gives them.
const query = fc.array(fc.array(fc.tuple(word, fc.constantFrom(1, 0.8, 0.5)), { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 4 });

type Found = Map<number, { score: number; mask: number }>;

function read(docsOfIndex: ReturnType<InvertedIndexBuilder['build']>, groups: TermAlternative[][], opts: Parameters<ReturnType<InvertedIndexBuilder['build']>['run']>[2]): Found {
  const n = docsOfIndex.size;
  const out = { doc: new Int32Array(n), score: new Float32Array(n), mask: new Uint32Array(n) };
  const count = docsOfIndex.run(groups, out, opts);
  const found: Found = new Map();
  for (let k = 0; k < count; k++) {
    found.set(out.doc[k] as number, { score: out.score[k] as number, mask: out.mask[k] as number });
  }
  return found;
}

test('a read that skips the products a filter leaves out finds exactly the allowed products of a full read, with the same scores', () => {
  fc.assert(
    fc.property(catalogue, query, fc.array(fc.boolean(), { minLength: 300, maxLength: 300 }), (docs, q, allowedBits) => {
      const builder = new InvertedIndexBuilder(FIELDS);
      for (const [name, description] of docs) {
        builder.add([name, description]);
      }
      const index = builder.build();
      const groups = q.map((g) => g.flatMap(([w, weight]) => (index.termId(w) === undefined ? [] : [{ termId: index.termId(w) as number, weight }])));
      const allow = Uint8Array.from(docs, (_, i) => (allowedBits[i] ? 1 : 0));
      const full = read(index, groups, { exhaustive: true });
      const skipped = read(index, groups, { exhaustive: true, allow });
      const expected = [...full].filter(([d]) => allow[d] === 1);
      assert.deepEqual([...skipped].sort((a, b) => a[0] - b[0]), expected.sort((a, b) => a[0] - b[0]));
    }),
    { numRuns: 300 },
  );
});

test('a conjunctive read finds every product a full read finds matching every word, with the same scores', () => {
  fc.assert(
    fc.property(catalogue, query, (docs, q) => {
      const builder = new InvertedIndexBuilder(FIELDS);
      for (const [name, description] of docs) {
        builder.add([name, description]);
      }
      const index = builder.build();
      const groups = q.map((g) => g.flatMap(([w, weight]) => (index.termId(w) === undefined ? [] : [{ termId: index.termId(w) as number, weight }])));
      const all = (1 << groups.length) - 1;
      const whole = (found: Found) => [...found].filter(([, v]) => v.mask === all).sort((a, b) => a[0] - b[0]);
      const full = read(index, groups, { exhaustive: true });
      const conjunctive = read(index, groups, { exhaustive: true, conjunctive: true });
      assert.deepEqual(whole(conjunctive), whole(full));
      // It scores no more products than the rarest word has.
      const rarest = Math.min(...groups.map((g) => g.reduce((sum, alt) => sum + index.docFrequency(alt.termId), 0)));
      assert.ok(conjunctive.size <= rarest, `${conjunctive.size} scored, the rarest word has ${rarest}`);
    }),
    { numRuns: 300 },
  );
});

/** A shop of many USB cables and cases of three brands: no product is both a cable and a case. */
function shop(): CatalogProduct[] {
  const brands = ['Epson', 'Belkin', 'Anker'];
  const out: CatalogProduct[] = [];
  for (let i = 0; i < 1500; i++) {
    const brand = brands[i % 3] as string;
    const kind = i % 2 === 0 ? 'Cable' : 'Case';
    out.push({
      sku: `p${i}`,
      name: `${brand} USB ${kind} ${i % 7 === 0 ? 'black' : 'white'}`,
      brand,
      price: 5 + ((i * 37) % 500),
      available: i % 11 !== 0,
      categories: ['Accessories'],
      params: {},
      url: `https://shop.example/p${i}`,
    });
  }
  return out;
}

test('a price order answers with the closest products, cheapest first, when no product has every word', () => {
  const products = shop();
  const index = buildCatalogIndex(products, { language: 'en' });
  const hits = index.search('usb cable case', {}, 6, { sort: 'price_asc' });
  assert.equal(hits.length, 6, 'six closest products, not an empty answer');
  // Every product has two of the three words (a USB cable or a USB case); a price order shows
  // the kind the buyer named last, the case: the cheapest cases in stock. The cables are the
  // rarer word here, so a read of the rarest word alone would have shown cables.
  const cases = products.filter((p) => p.available && p.name.includes(' Case ')).sort((a, b) => (a.price as number) - (b.price as number));
  assert.deepEqual(
    hits.map((h) => h.product.price),
    cases.slice(0, 6).map((p) => p.price),
  );
  assertEvery(hits, (h) => h.product.name.includes(' Case '), 'cases only');
});

test('a brand of many products: only that brand, and the same cards, cheapest first, as a search of that brand alone', () => {
  const products = shop();
  const index = buildCatalogIndex(products, { language: 'en' });
  const hits = index.search('usb cable black', { brands: ['Belkin'] }, 6, { sort: 'price_asc' });
  assert.ok(hits.length > 0);
  assertEvery(hits, (h) => h.product.brand === 'Belkin', 'Belkin only');
  const belkin = products.filter((p) => p.brand === 'Belkin' && / Cable black$/.test(p.name) && p.available).sort((a, b) => (a.price as number) - (b.price as number));
  assert.deepEqual(
    hits.map((h) => h.product.sku),
    belkin.slice(0, hits.length).map((p) => p.sku),
  );
  // Unordered, the brand's black cables come first all the same.
  const ranked = index.search('usb cable black', { brands: ['Belkin'] }, 6);
  assert.equal(ranked.length, 6);
  assertEvery(ranked, (h) => h.product.brand === 'Belkin' && / Cable black$/.test(h.product.name), "Belkin's black cables");
});
