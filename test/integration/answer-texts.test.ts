/**
 * What the catalogue engine says, word for word, in representative turns of the bundled demo
 * shops (the real examples/tenants.yaml and catalogues), through HTTP on SQLite and PostgreSQL:
 * shop questions, small talk, a question about the page's product, a gift, a refinement and
 * its title, typos and exclusions — in Russian (`demo`) and English (`demo-en`). Where the
 * words depend on what the search ranks first, the test checks their shape, not a product.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery, assertNone } from '../helpers/assert.ts';
import { DEMO_TENANTS_FILE } from '../../src/config/env.ts';
import { loadTenantsFile } from '../../src/config/tenants-file.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { DIALECTS, skipFor } from '../helpers/storage.ts';

const TENANTS = loadTenantsFile(DEMO_TENANTS_FILE);

interface Block {
  type: string;
  value: unknown;
  title?: string;
  action?: string;
  url?: string;
}
interface Card {
  sku: string;
  name: string;
  price: number | null;
}
interface Answer {
  message: string;
  title: string | undefined;
  cards: Card[];
  buttons: Block[];
  suggests: string[];
}

for (const dialect of DIALECTS) {
  describe(`answer texts of the demo shops [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    let thread = 0;

    before(async () => {
      t = await buildTestApp(dialect, {
        tenants: TENANTS,
        catalogs: Object.fromEntries(TENANTS.flatMap((x) => (x.catalog ? [[x.id, x.catalog.path]] : []))),
      });
    });
    after(() => t?.close());

    /** A dialog of one buyer: each message is sent in the same thread, as a widget does. */
    function dialog(tenant: string, page: Record<string, unknown> = { type: 'HOMEPAGE' }) {
      thread++;
      const threadId = `texts-${thread}`;
      return async (content: string): Promise<Answer> => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/shopping/generate',
          payload: { threadId, resourceId: `texts-buyer-${thread}`, messages: [{ role: 'user', content }], runtimeContext: { tenant_id: tenant, ctx: page } },
        });
        assert.equal(res.statusCode, 200, res.body);
        const contents = (res.json() as { response: { contents: Block[]; ui?: { suggests?: string[] } } }).response.contents;
        const shelf = contents.find((b) => b.type === 'products');
        return {
          message: contents.filter((b) => b.type === 'message').map((b) => String(b.value)).join(' '),
          title: shelf?.title,
          cards: (shelf?.value as Card[] | undefined) ?? [],
          buttons: contents.filter((b) => b.type === 'button'),
          suggests: (res.json() as { response: { ui?: { suggests?: string[] } } }).response.ui?.suggests ?? [],
        };
      };
    }

    test('ru: a delivery question is answered with the shop page, not with products', async () => {
      const a = await dialog('demo')('Как работает доставка?');
      assert.equal(a.message, 'Всё о доставке — на странице «Доставка и оплата»: она откроется по кнопке ниже.');
      assert.deepEqual(a.cards, []);
      assert.deepEqual(a.buttons.map((b) => [b.action, b.url]), [['follow_url', 'https://demo.aisle.example/delivery']]);
    });

    test('ru: a warranty question the shop has no page for goes to the operator', async () => {
      const a = await dialog('demo')('какая гарантия на телевизоры?');
      assert.equal(a.message, 'Точные условия гарантии подскажет оператор магазина — нажмите кнопку ниже.');
      assert.deepEqual(a.cards, []);
      assert.deepEqual(a.buttons.map((b) => b.action), ['open_support_chat']);
    });

    test('ru: small talk gets a short honest answer as the shop assistant', async () => {
      const ask = dialog('demo');
      assert.equal(
        (await ask('ты робот?')).message,
        'Я виртуальный помощник магазина «Демо-магазин», не человек. Помогаю подобрать товары из каталога и подсказываю, где узнать о доставке и возврате. Что вы ищете?',
      );
      const weather = await ask('какая сегодня погода?');
      assert.equal(weather.message, 'С этим я, к сожалению, не помогу — я помощник магазина «Демо-магазин» и подбираю товары из каталога. Напишите, что вы ищете, — подскажу.');
      assert.deepEqual(weather.cards, []);
    });

    test("ru: a question about the page's product is answered from its card", async () => {
      const ask = dialog('demo', { type: 'PRODUCT', data: ['101007'] });
      const camera = await ask('какая у него камера?');
      assert.equal(camera.message, 'Смартфон Apple iPhone 15 128 ГБ, чёрный: iPhone 15 с Dynamic Island, камерой 48 Мп и разъёмом USB-C.');
      assert.deepEqual(camera.cards, []);
      const weight = await ask('сколько он весит?');
      assert.equal(weight.message, 'В карточке «Смартфон Apple iPhone 15 128 ГБ, чёрный» об этом не сказано. Могу позвать оператора — он уточнит.');
    });

    test('ru: a gift within a budget, from different sections, with the budget as the buyer said it', async () => {
      const a = await dialog('demo')('Подарок до 5 000 ₽');
      assert.equal(a.message, 'Идеи подарков до 5 000 ₽ из разных разделов:');
      assert.equal(a.title, 'Идеи подарков до 5 000 ₽');
      assert.ok(a.cards.length >= 4, JSON.stringify(a.cards));
      assertEvery(a.cards, (c) => c.price !== null && c.price <= 5000);
    });

    test('ru: "cheaper" keeps the request and names the shown price, never an internal bound', async () => {
      const ask = dialog('demo');
      const first = await ask('беспроводные наушники с шумоподавлением');
      assert.match(first.message, /^Беспроводные наушники с шумоподавлением — вот \d варианта?о?в?\./u);
      assert.equal(first.title, 'Подборка: беспроводные наушники с шумоподавлением');
      const cheaper = await ask('а подешевле');
      const said = /^Беспроводные наушники с шумоподавлением дешевле ([\d ]+) ₽ — вот/u.exec(cheaper.message);
      assert.ok(said, cheaper.message);
      const bound = Number(said[1]?.replace(/ /g, ''));
      // The price named is one of the products shown before, and every new card is below it.
      assert.ok(first.cards.some((c) => c.price === bound), `${bound} is not a shown price`);
      assertEvery(cheaper.cards, (c) => c.price !== null && c.price < bound);
      assert.equal(cheaper.title, `Подборка: беспроводные наушники с шумоподавлением дешевле ${said[1]} ₽`);
      // A new request starts fresh instead of inheriting the headphones.
      const gift = await ask('подарок маме до 5000');
      assert.equal(gift.title, 'Идеи подарков до 5 000 ₽');
    });

    test('ru: typos and noise are not echoed; an excluded brand reads as "кроме"', async () => {
      const ask = dialog('demo');
      const coffee = await ask('Кофемашна');
      assert.ok(coffee.cards.length > 0);
      assertNone([coffee.message, coffee.title ?? ''], (s) => /Кофемашна/iu.test(s));
      assert.equal(coffee.title, 'Подборка: кофемашины');
      const watches = await ask('Б часы');
      assert.match(watches.message, /^Часы — вот \d/u);
      assertNone([watches.message, ...watches.suggests], (s) => /«б»|^б$/iu.test(s));
      const phones = await ask('Смартфон белый не Xiaomi');
      assert.match(phones.message, /^Смартфон белый, кроме Xiaomi — вот \d/u);
      assert.equal(phones.title, 'Подборка: смартфон белый, кроме Xiaomi');
      const nonsense = await ask('ыврапролд');
      assert.equal(nonsense.message, 'Такого в нашем каталоге не нашлось. Опишите, пожалуйста, по-другому — или выберите раздел ниже.');
      assertNone(nonsense.suggests, (s) => /ыврапролд/u.test(s));
    });

    test('ru and en: "no frost" is what the fridge has; "not expensive" orders from the cheapest, "not cheap" from the dearest', async () => {
      const fridges = await dialog('demo')('холодильник no frost');
      assert.match(fridges.message, /^Холодильник No Frost — вот \d/u);
      assertEvery(fridges.cards, (c) => /No Frost/u.test(c.name), fridges.cards.map((c) => c.name).join('; '));
      const prices = (a: Answer) => a.cards.map((c) => c.price ?? 0);
      const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || (xs[i - 1] as number) <= x);
      const descending = (xs: number[]) => xs.every((x, i) => i === 0 || (xs[i - 1] as number) >= x);
      const notDear = await dialog('demo')('смартфон не дорогой');
      assert.match(notDear.message, /^Смартфон — вот \d+ вариант\p{L}*\. Сначала самые недорогие\.$/u);
      assert.ok(ascending(prices(notDear)), String(prices(notDear)));
      const notCheap = await dialog('demo')('наушники не дешёвые');
      assert.match(notCheap.message, /^Наушники — вот \d+ вариант\p{L}*\. Сначала самые дорогие\.$/u);
      assert.ok(descending(prices(notCheap)), String(prices(notCheap)));
      const laptops = await dialog('demo-en')('laptop not too expensive');
      assert.match(laptops.message, /^Laptop: here are \d+ options\. Cheapest first\.$/u);
      assert.ok(ascending(prices(laptops)), String(prices(laptops)));
      const excluded = await dialog('demo-en')('tv no samsung');
      assert.match(excluded.message, /^TV, except Samsung: here are \d/u);
    });

    test('ru: "без проводов" finds what "беспроводные" finds, titled as the buyer said it, with no note that "проводов" was not found', async () => {
      const without = await dialog('demo')('наушники без проводов');
      const wireless = await dialog('demo')('беспроводные наушники');
      assert.doesNotMatch(without.message, /не нашлось/u);
      assert.match(without.message, /^Наушники без проводов — вот \d/u);
      assert.deepEqual(without.cards.map((c) => c.sku).sort(), wireless.cards.map((c) => c.sku).sort());
    });

    test('ru and en: what the buyer does not want is left out and said in the title, also as a follow-up', async () => {
      const bagless = await dialog('demo')('пылесос без мешка');
      assert.match(bagless.message, /^Пылесос без мешка — вот \d/u);
      assert.equal(bagless.title, 'Подборка: пылесос без мешка');
      assert.ok(bagless.cards.length >= 3, bagless.cards.map((c) => c.name).join('; '));
      assertNone(bagless.cards, (c) => /мешк/iu.test(c.name), bagless.cards.map((c) => c.name).join('; '));
      assertEvery(bagless.cards, (c) => /пылесос/iu.test(c.name), bagless.cards.map((c) => c.name).join('; '));

      // A parameter that denies the feature ("Влажная уборка: нет") is no mention of it.
      const dry = await dialog('demo')('робот-пылесос без влажной уборки');
      assert.match(dry.message, /без влажной уборки — вот 1 вариант\./u);
      assert.deepEqual(dry.cards.map((c) => c.name), ['Робот-пылесос Samsung Jet Bot VR30T80313W']);

      const ask = dialog('demo');
      const all = await ask('пылесос');
      assert.ok(all.cards.some((c) => /с мешком/u.test(c.name)), all.cards.map((c) => c.name).join('; '));
      const refined = await ask('а без мешка?');
      assert.match(refined.message, /^Пылесос без мешка — вот \d/u);
      assertNone(refined.cards, (c) => /мешк/iu.test(c.name), refined.cards.map((c) => c.name).join('; '));
      const cheaper = await ask('а подешевле?');
      assert.match(cheaper.message, /^Пылесос без мешка дешевле /u);
      assertNone(cheaper.cards, (c) => /мешк/iu.test(c.name), cheaper.cards.map((c) => c.name).join('; '));

      const quiet = await dialog('demo-en')('headphones without noise cancelling');
      assert.match(quiet.message, /^Headphones without noise cancelling: here (?:are \d+ options|is 1 option)\./u);
      assert.ok(quiet.cards.length > 0);
      assertNone(quiet.cards, (c) => /noise cancel/iu.test(c.name), quiet.cards.map((c) => c.name).join('; '));
    });

    test('ru and en: when every product of the kind has what the buyer does not want, they are shown and the answer says so', async () => {
      const ru = await dialog('demo')('наушники без bluetooth');
      assert.match(ru.message, /^Без bluetooth ничего не нашлось — вот что есть\. Наушники — вот \d/u);
      assert.ok(ru.cards.length > 0);
      assertEvery(ru.cards, (c) => /^Наушники /u.test(c.name), ru.cards.map((c) => c.name).join('; '));
      const en = await dialog('demo-en')('headphones without bluetooth');
      assert.match(en.message, /^Nothing here comes without bluetooth — here is what there is\. Headphones: here are \d/u);
      assertEvery(en.cards, (c) => /headphones|earbuds/iu.test(c.name), en.cards.map((c) => c.name).join('; '));
    });

    test('a connecting word stays with its word when a word between them is dropped from the title', async () => {
      const ru = await dialog('demo')('наушники с хорошим шумоподавлением');
      assert.match(ru.message, /^Наушники с шумоподавлением — вот \d/u);
      const en = await dialog('demo-en')('headphones with good noise cancelling');
      assert.match(en.message, /^Headphones with noise cancelling: here are \d/u);
    });

    test('a good camera is a wish for the most megapixels: said as the order, not as words of the title', async () => {
      const ru = await dialog('demo')('телефон с хорошей камерой');
      assert.match(ru.message, /^Телефон — вот \d+ вариантов\. В начале — с камерой самого высокого разрешения\./u);
      const en = await dialog('demo-en')('phone with a good camera');
      assert.match(en.message, /^Phone: here are \d+ options\. The highest-resolution camera first\./u);
    });

    test('en: the greeting example has the shop currency', async () => {
      const a = await dialog('demo-en')('hello');
      assert.equal(a.message, 'Hello! I can help you find products in our catalogue. Tell me what you\'re looking for — for example, "wireless headphones under $100".');
    });

    test('en: shop questions and small talk', async () => {
      const ask = dialog('demo-en');
      const returns = await ask('How do I return an item?');
      assert.equal(returns.message, 'Everything about returns and exchanges is on the "Returns & exchanges" page — the button below opens it.');
      assert.deepEqual(returns.cards, []);
      const ship = await ask('do you ship to Canada?');
      assert.equal(ship.message, 'Everything about shipping is on the "Shipping & delivery" page — the button below opens it.');
      assert.equal(
        (await ask('are you a robot?')).message,
        "I'm the virtual assistant of Demo Store, not a person. I help you choose products from the catalogue and show where to read about shipping and returns. What are you looking for?",
      );
    });

    test("en: a question about the page's product, and an honest answer when the card does not say", async () => {
      const ask = dialog('demo-en', { type: 'PRODUCT', data: ['US-101-01'] });
      assert.equal((await ask('how good is the camera?')).message, 'Apple iPhone 15 128GB, Black: iPhone 15 with Dynamic Island, a 48MP main camera and USB-C.');
      assert.equal((await ask('how much does it weigh?')).message, "The product card of Apple iPhone 15 128GB, Black doesn't say. I can call an operator to find out.");
    });

    test('en: titles in English only, "cheaper" names a shown price, a gift keeps the budget as said', async () => {
      const ask = dialog('demo-en');
      const first = await ask('wireless headphones with noise cancelling');
      assert.equal(first.title, 'Picks: wireless headphones with noise cancelling');
      const cheaper = await ask('cheaper');
      const said = /^Wireless headphones with noise cancelling cheaper than \$(\d+(?:\.\d\d)?): here (?:is 1 option|are \d options)\./u.exec(cheaper.message);
      assert.ok(said, cheaper.message);
      assert.ok(first.cards.some((c) => c.price === Number(said[1])), `${said[1]} is not a shown price`);
      assertNone([cheaper.message, cheaper.title ?? ''], (s) => /[\u0400-\u04ff]/u.test(s));
      const gift = await ask('gift for mom under $50');
      assert.equal(gift.message, 'Gift ideas under $50 from different sections:');
      assertEvery(gift.cards, (c) => c.price !== null && c.price <= 50);
    });
  });
}

/** A phone-accessories shop: what the buyer asks for may not be sold here at all. */
const ACCESSORIES = [
  { sku: 'A1', name: 'Samsung 25W USB-C Fast Charger', brand: 'Samsung', price: 19.99, categories: ['Cell Phone Accessories', 'Chargers'] },
  { sku: 'A2', name: 'Samsung Wireless Charger Pad', brand: 'Samsung', price: 39.99, categories: ['Cell Phone Accessories', 'Chargers'] },
  { sku: 'A3', name: 'OtterBox Defender Case for iPhone 14', brand: 'OtterBox', price: 49.99, categories: ['Cell Phone Accessories', 'Cases'] },
  { sku: 'A4', name: 'Apple iPhone 14 Clear Case with MagSafe', brand: 'Apple', price: 49.0, categories: ['Cell Phone Accessories', 'Cases'] },
  { sku: 'A5', name: 'ZAGG Glass Screen Protector for iPhone 14', brand: 'ZAGG', price: 29.99, categories: ['Cell Phone Accessories', 'Screen Protectors'] },
  { sku: 'A6', name: 'Anker PowerCore 10000 mAh Portable Charger', brand: 'Anker', price: 25.99, categories: ['Cell Phone Accessories', 'Power Banks'] },
].map((p) => ({ ...p, currency: 'USD', available: true, url: `https://phones.shop.example/p/${p.sku}` }));

for (const dialect of DIALECTS) {
  describe(`what a shop does not sell [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    let dir: string;

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'aisle-not-sold-'));
      const catalog = join(dir, 'catalog.jsonl');
      writeFileSync(catalog, ACCESSORIES.map((p) => JSON.stringify(p)).join('\n'));
      const base = TENANTS.find((x) => x.id === 'demo-en');
      assert.ok(base);
      t = await buildTestApp(dialect, { tenants: [{ ...base, id: 'phone-bits', catalog: { ...base.catalog, path: catalog } } as typeof base], catalogs: { 'phone-bits': catalog } });
    });
    after(async () => {
      await t?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    async function ask(threadId: string, content: string) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/shopping/generate',
        payload: { threadId, resourceId: `buyer-${threadId}`, messages: [{ role: 'user', content }], runtimeContext: { tenant_id: 'phone-bits', ctx: { type: 'HOMEPAGE' } } },
      });
      assert.equal(res.statusCode, 200, res.body);
      const contents = (res.json() as { response: { contents: Block[] } }).response.contents;
      return {
        message: contents.filter((b) => b.type === 'message').map((b) => String(b.value)).join(' '),
        cards: (contents.find((b) => b.type === 'products')?.value as Card[] | undefined) ?? [],
        actions: contents.filter((b) => b.type === 'button').map((b) => b.action),
      };
    }

    test('a TV, a coffee maker or a refrigerator is said to be not sold here, without chargers or phones as cards', async () => {
      const tv = await ask('t1', '4k tv 55 inch under 500');
      assert.equal(tv.message, 'It looks like we don\'t sell "tv" in this shop. An operator can double-check — and below are the sections of what we do have.');
      assert.deepEqual(tv.cards, []);
      assert.deepEqual(tv.actions, ['open_support_chat']);
      const coffee = await ask('t2', 'coffee maker');
      assert.match(coffee.message, /^It looks like we don't sell "coffee maker" in this shop\./u);
      assert.deepEqual(coffee.cards, []);
      // Only the brand matches here (Samsung chargers): still not what was asked for.
      const fridge = await ask('t3', 'Samsung refrigerator french door');
      assert.match(fridge.message, /^It looks like we don't sell "refrigerator" in this shop\./u);
      assert.deepEqual(fridge.cards, []);
    });

    test('a misspelt product is named as it is spelt, and what it is for is not part of it', async () => {
      const machine = await ask('t5', 'coffe machin for home');
      assert.match(machine.message, /^It looks like we don't sell "coffee machine" in this shop\./u);
      assert.deepEqual(machine.cards, []);
      const maker = await ask('t6', 'coffee maker for office');
      assert.match(maker.message, /^It looks like we don't sell "coffee maker" in this shop\./u);
    });

    test('what the shop does sell is still found, in the same dialog after a refusal', async () => {
      await ask('t4', 'coffee maker');
      const charger = await ask('t4', 'portable charger 10000mah');
      assert.equal(charger.cards[0]?.sku, 'A6');
    });
  });
}
