/**
 * Words that are names of Object.prototype's properties (hardening, words as object keys):
 * "constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype" are
 * words like any other in a buyer's message, in page data, in a feed's field names and
 * values, and in a tenants file. Through HTTP on SQLite and PostgreSQL, then the feed
 * readers, the search index and the tenants file directly.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { readFeed, type FeedFormat } from '../../src/catalog/import/index.ts';
import type { CatalogProduct, SkippedOffer } from '../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../src/catalog/search/index.ts';
import { parseTenantsYaml } from '../../src/config/tenants-file.ts';
import { createChatModel } from '../../src/assistant/llm-engine/model.ts';
import { matchLinks } from '../../src/assistant/catalog-engine/intents.ts';

const WORDS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

interface Answer {
  status: number;
  contents: Array<{ type: string; value?: unknown }>;
  body: string;
}

for (const dialect of DIALECTS) {
  describe(`prototype-named words through HTTP [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(dialect);
    });
    after(() => t.close());

    /** A generation request written as JSON text, so "__proto__" can be a key in it. */
    const generateJson = async (json: string): Promise<Answer> => {
      const res = await t.app.inject({ method: 'POST', url: '/shopping/generate', headers: { 'content-type': 'application/json' }, payload: json });
      const body = res.json() as { response?: { contents?: Answer['contents'] } };
      return { status: res.statusCode, contents: body.response?.contents ?? [], body: res.body };
    };
    const generate = (text: string, ctx?: { type: string; data: unknown }): Promise<Answer> =>
      generateJson(
        JSON.stringify({
          threadId: randomUUID(),
          resourceId: 'proto-words',
          messages: [{ role: 'user', content: text }],
          runtimeContext: { tenant_id: 'shop-a', ...(ctx ? { ctx } : {}) },
        }),
      );
    const message = (a: Answer): string => {
      const m = a.contents.find((b) => b.type === 'message');
      return typeof m?.value === 'string' ? m.value : '';
    };
    const hasProducts = (a: Answer): boolean => a.contents.some((b) => b.type === 'products');
    /** An answer in words that shows no trace of a property of Object.prototype having been found. */
    const sensible = (a: Answer, what: string): void => {
      assert.equal(a.status, 200, `${what}: ${a.body.slice(0, 300)}`);
      assert.ok(message(a).length > 0, `${what}: a message`);
      assert.doesNotMatch(a.body, /native code|\[object Object\]|function \w*\(|undefined/, what);
    };

    for (const word of WORDS) {
      test(`"${word}" as a message: 200 with an answer`, async () => {
        sensible(await generate(word), word);
        sensible(await generate(`${word} до 5000 в наличии`), `${word} with filters`);
      });

      test(`"${word}" beside product words: the products are found`, async () => {
        const a = await generate(`наушники ${word}`);
        assert.equal(a.status, 200, a.body.slice(0, 300));
        assert.ok(hasProducts(a), message(a));
      });

      test(`"${word}" in page data of every page type: 200 with an answer`, async () => {
        const pages: Array<[string, string, unknown]> = [
          ['что у вас есть?', 'SEARCH', word],
          ['что у вас есть?', 'SEARCH', { query: word }],
          ['что у вас есть?', 'CATEGORY', [word]],
          ['что у вас есть?', 'CATEGORY', { categories: [word, 'Наушники'] }],
          ['похожие', 'PRODUCT', [word]],
          ['а подешевле?', 'PRODUCT', [{ sku: word }]],
          ['что ещё взять?', 'CART', [word, { sku: word }, { id: word }]],
        ];
        // As a key, "__proto__" is the JSON parser's to refuse (see the test below).
        if (word !== '__proto__') {
          pages.push(
            ['что у вас есть?', 'SEARCH', { [word]: 'наушники' }],
            ['похожие', 'PRODUCT', [{ [word]: word }]],
            ['привет', 'OTHER', { [word]: { [word]: [word] } }],
          );
        }
        for (const [text, type, data] of pages) {
          sensible(await generate(text, { type, data }), `${type} ${JSON.stringify(data)}`);
        }
      });
    }

    test('a search page whose query is a prototype-named word with a product word finds the products', async () => {
      const a = await generate('что у вас есть?', { type: 'SEARCH', data: 'наушники constructor' });
      assert.equal(a.status, 200);
      assert.ok(hasProducts(a), message(a));
    });

    test('"__proto__" as a key in page data is answered or refused with a 400, never a 5xx', async () => {
      const a = await generateJson(
        `{"threadId":"${randomUUID()}","resourceId":"proto-words","messages":[{"role":"user","content":"что у вас есть?"}],` +
          `"runtimeContext":{"tenant_id":"shop-a","ctx":{"type":"SEARCH","data":{"__proto__":{"query":"наушники"},"query":"наушники"}}}}`,
      );
      assert.ok(a.status === 200 || a.status === 400, a.body.slice(0, 300));
      if (a.status === 200) {
        assert.ok(hasProducts(a), 'the query is read from the own "query" key');
      }
    });
  });
}

async function readText(text: string, format: FeedFormat): Promise<{ products: CatalogProduct[]; skipped: SkippedOffer[] }> {
  const products: CatalogProduct[] = [];
  const skipped: SkippedOffer[] = [];
  async function* one(): AsyncGenerator<Buffer> {
    yield Buffer.from(text, 'utf8');
  }
  for await (const item of readFeed(one(), { format })) {
    if (item.kind === 'product') {
      products.push(item.product);
    } else {
      skipped.push(item.offer);
    }
  }
  return { products, skipped };
}

describe('prototype-named words in feeds', () => {
  test('CSV: columns named like prototype properties are parameters, values are values', async () => {
    const csv = [`sku,name,brand,category,${WORDS.join(',')}`, `1,Наушники toString,constructor,hasOwnProperty > valueOf,${WORDS.map((w) => `v-${w}`).join(',')}`].join('\n');
    const { products, skipped } = await readText(csv, 'csv');
    assert.deepEqual(skipped, []);
    const p = products[0];
    assert.equal(p?.brand, 'constructor');
    assert.deepEqual(p?.categories, ['hasOwnProperty', 'valueOf']);
    for (const w of WORDS.filter((x) => x !== '__proto__')) {
      assert.equal(Object.hasOwn(p?.params ?? {}, w) ? p?.params[w] : undefined, `v-${w}`, w);
    }
    assert.equal(Object.getPrototypeOf({}), Object.prototype, 'nothing polluted');
    assert.equal(({} as Record<string, unknown>)['v-__proto__'], undefined);
  });

  test('JSON Lines: parameter keys named like prototype properties are kept, the repeated one joined', async () => {
    const params = Object.fromEntries(WORDS.filter((w) => w !== '__proto__').map((w) => [w, `v-${w}`]));
    const line = JSON.stringify({ sku: 'constructor', name: 'valueOf', brand: 'toString', price: 10, params, features: { toString: 'second' } });
    const { products, skipped } = await readText(`${line}\n{"sku":"2","name":"Two","params":{"__proto__":"z","ok":"yes"}}\n`, 'jsonl');
    assert.deepEqual(skipped, []);
    assert.equal(products[0]?.sku, 'constructor');
    assert.equal(products[0]?.params['toString'], 'v-toString, second');
    assert.equal(products[0]?.params['hasOwnProperty'], 'v-hasOwnProperty');
    assert.deepEqual(Object.keys(products[1]?.params ?? {}), ['ok'], 'a "__proto__" parameter is never one');
  });

  test('YML: elements and param names like prototype properties neither fail the import nor set anything', async () => {
    const yml = `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog><shop><categories><category id="1">constructor</category></categories><offers>
<offer id="toString"><name>Наушники hasOwnProperty</name><price>100</price><categoryId>1</categoryId><vendor>valueOf</vendor>
<constructor>x</constructor><__proto__>y</__proto__><prototype>z</prototype>
<param name="constructor">a</param><param name="toString">b</param><param name="__proto__">c</param><param name="valueOf">d</param>
</offer></offers></shop></yml_catalog>`;
    const { products, skipped } = await readText(yml, 'yml');
    assert.deepEqual(skipped, []);
    const p = products[0];
    assert.equal(p?.sku, 'toString');
    assert.equal(p?.brand, 'valueOf');
    assert.deepEqual(p?.categories, ['constructor']);
    assert.deepEqual({ ...p?.params }, { constructor: 'a', toString: 'b', valueOf: 'd' });
  });

  test('the search index: a brand, category and parameters named like prototype properties are searchable', () => {
    const index = buildCatalogIndex([
      { sku: '1', name: 'Кабель USB', brand: 'constructor', categories: ['toString'], available: true, params: { valueOf: 'hasOwnProperty' } },
      { sku: '2', name: 'Кабель HDMI', brand: 'Prototype', categories: ['Кабели'], available: true, params: {} },
    ]);
    assert.deepEqual(index.brands(), ['constructor', 'Prototype']);
    assert.equal(index.resolveBrand('constructor'), 'constructor');
    assert.equal(index.resolveBrand('hasOwnProperty'), undefined);
    assert.deepEqual(index.parseQuery('кабель constructor').filters.brands, ['constructor']);
    assert.deepEqual(
      index.search('hasownproperty', {}, 5).map((h) => h.product.sku),
      ['1'],
    );
    for (const w of WORDS) {
      assert.doesNotThrow(() => index.parseDetailed(`${w} ${w.toLowerCase()} до 100 ${w}`), w);
      assert.doesNotThrow(() => index.search(w, { brands: [w], categories: [w] }, 5), w);
    }
  });
});

describe('prototype-named words in a tenants file', () => {
  test('as values: ids, names, link topics and keywords load and work', () => {
    const yaml = `tenants:
${WORDS.map((w, i) => `  - id: "${w}"
    name: "${w}"
    links:
      - topic: "${w}"
        label: "${WORDS[(i + 1) % WORDS.length]}"
        url: https://shop.example/${i}
        keywords: ["${w}", доставка]`).join('\n')}
`;
    const tenants = parseTenantsYaml(yaml, '/tmp');
    assert.deepEqual(
      tenants.map((t) => t.id),
      WORDS,
    );
    for (const t of tenants) {
      assert.equal(Object.getPrototypeOf(t), Object.prototype);
      assert.equal(matchLinks(`а ${t.id.toLowerCase()} есть?`, t.links).links.length, 1, t.id);
    }
  });

  test('as keys: refused with the field named, nothing set on the tenant', () => {
    for (const w of WORDS) {
      for (const where of ['', 'engine:\n      ', 'starterPrompts:\n      ']) {
        const yaml = `tenants:\n  - id: shop\n    name: Shop\n    ${where}${w}: 1\n`;
        assert.throws(
          () => parseTenantsYaml(yaml, '/tmp'),
          (err: Error) => err.message.includes(`unknown field ${w}`),
          `${where.trim() || 'tenant'} ${w}`,
        );
      }
    }
  });

  test('a model key variable named like a prototype property is not found in the environment', () => {
    for (const w of WORDS) {
      const chat = createChatModel({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKeyEnv: w, timeoutMs: 1000, acceptsImages: false, fallbackToCatalog: true, maxToolRounds: 1 }, {});
      assert.equal(chat.hasKey, false, w);
    }
  });
});
