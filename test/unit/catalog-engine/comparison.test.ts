/** "What's the difference between X and Y": both products side by side, or an honest note that one is not sold. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { comparisonSides } from '../../../src/assistant/catalog-engine/comparison.ts';
import { comparesShownUnnamed, shownPairAsked } from '../../../src/assistant/catalog-engine/shown-comparison.ts';
import { shownCardAsked } from '../../../src/assistant/catalog-engine/shown-card.ts';
import { cardSummary } from '../../../src/assistant/catalog-engine/product-facts.ts';
import { assertEvery, assertNone } from '../../helpers/assert.ts';
import { ask, converse, dialogOn, index, item, messageOf, productsOf, tenant } from './helpers.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { resolve } from 'node:path';
import { PROJECT_ROOT } from '../../helpers/shared-data.ts';
import { loadProducts } from '../catalog-search/demo-catalog.ts';

test('comparisons are read in both languages, a bare second number or brand taking the first side\'s words', () => {
  const read = (text: string) => comparisonSides(text, index);
  assert.deepEqual(read("what's the difference between iphone 7 and 8?"), ['iphone 7', 'iphone 8']);
  assert.deepEqual(read('iPhone 15 vs Galaxy S24'), ['iPhone 15', 'Galaxy S24']);
  assert.deepEqual(read('which is better, galaxy s24 or iphone 15?'), ['galaxy s24', 'iphone 15']);
  assert.deepEqual(read('чем отличается iphone 15 от iphone 14?'), ['iphone 15', 'iphone 14']);
  assert.deepEqual(read('что лучше, samsung galaxy s24 или iphone 15?'), ['samsung galaxy s24', 'iphone 15']);
  assert.deepEqual(read('наушники sony или jbl, что лучше?'), ['наушники sony', 'наушники jbl']);
  assert.deepEqual(read('сравни чайник bosch и tefal'), ['чайник bosch', 'чайник tefal']);
  // Not comparisons: a search naming two things, and a long text (the patterns read 160 characters at most).
  assert.equal(read('кабель usb и hdmi'), null);
  assert.equal(read('чехол для iphone 15 или 14'), null);
  assert.equal(read('есть что-нибудь против выпадения волос?'), null);
  assert.equal(read(`чем отличается ${'очень '.repeat(40)}iphone 15 от iphone 14?`), null);
});

test('"а чем он лучше 255?" compares what was just shown with the model named; "чем X лучше Y" compares the two', async () => {
  const read = (text: string, shown?: string) => comparisonSides(text, index, shown);
  assert.deepEqual(read('а чем он лучше 255?', 'Forerunner 265'), ['Forerunner 265', 'Forerunner 255']);
  assert.deepEqual(read('how is it better than the 14?', 'iPhone 15'), ['iPhone 15', 'iPhone 14']);
  assert.deepEqual(read('чем iphone 15 лучше iphone 14?'), ['iphone 15', 'iphone 14']);
  // With nothing shown, a pronoun is no side.
  assert.equal(read('а чем он лучше 255?'), null);
  const [, compared] = await converse(['iphone 15', 'а чем он лучше 14?']);
  const names = productsOf(compared!.answer)?.value.map((c) => c.name) ?? [];
  assert.ok(names.some((n) => /iPhone 15\b/.test(n)) && names.some((n) => /iPhone 14\b/.test(n)), names.join(' | '));
  assert.doesNotMatch(messageOf(compared!.answer), /не продаётся/);
});

test('two products the shop sells are shown side by side, the phones and not their cases, each with its lowest price', async () => {
  const r = await ask('чем отличается iphone 15 от iphone 14?');
  const names = productsOf(r.answer)?.value.map((c) => c.name) ?? [];
  assert.ok(names.some((n) => /^Смартфон Apple iPhone 15\b/.test(n)), names.join(' | '));
  assert.ok(names.some((n) => /^Смартфон Apple iPhone 14\b/.test(n)), names.join(' | '));
  assertNone(names, (n) => /стекло|чехол/i.test(n), 'the cards');
  assert.match(messageOf(r.answer), /^Вот iPhone 15 и iPhone 14 рядом: сравните цены и характеристики в карточках \(iPhone 15 — от [\d\s ]+₽; iPhone 14 — от [\d\s ]+₽\)/);
});

test('a side the shop does not sell is said so, and the other side is shown', async () => {
  const r = await ask('what is the difference between iphone 15 and iphone 3', { tenant: tenant({ language: 'en' }) });
  assert.match(messageOf(r.answer), /^We don't have “iphone 3” — here is iPhone 15\./);
  const names = productsOf(r.answer)?.value.map((c) => c.name) ?? [];
  assertEvery(names, (n) => /iPhone 15/.test(n), 'the cards');
});

test('two of the cards just shown are named by their places, in both languages; a message naming products is no such request', () => {
  const read = (text: string, shown = 6) => shownPairAsked(text, shown);
  assert.deepEqual(read('сравни первые две'), [0, 1]);
  assert.deepEqual(read('compare the first two'), [0, 1]);
  assert.deepEqual(read('чем отличаются первый и третий?'), [0, 2]);
  assert.deepEqual(read('в чем разница между вторым и пятым?'), [1, 4]);
  assert.deepEqual(read('compare #1 and #3'), [0, 2]);
  assert.deepEqual(read('what is the difference between the second and third one?'), [1, 2]);
  assert.deepEqual(read('сравни первый вариант со вторым'), [0, 1]);
  // Products named, a place not shown, no comparison word.
  assert.equal(read('compare iphone 5 and 6'), null);
  assert.equal(read('сравни iphone 15 и 14'), null);
  assert.equal(read('compare 1 and 7'), null);
  assert.equal(read('compare the first and the fourth', 3), null);
  assert.equal(read('первые две лучше?'), null);
});

test('"сравни первые две" after coffee machines puts the first two cards side by side with their prices and what their cards state differently', async () => {
  const [shown, compared] = await converse(['кофемашина', 'сравни первые две']);
  const first = productsOf(shown!.answer)!.value.slice(0, 2);
  const cards = productsOf(compared!.answer)!.value;
  assert.deepEqual(
    cards.map((c) => c.sku),
    first.map((c) => c.sku),
  );
  const [a, b] = first.map((c) => index.bySku(c.sku ?? '')!);
  const message = messageOf(compared!.answer);
  assert.match(message, new RegExp(`^Сравниваем: «${escape(a!.name)}» — [\\d ]+ ₽ и «${escape(b!.name)}» — [\\d ]+ ₽\\. По карточкам различаются: `, 'u'));
  // Only what differs: a parameter both cards state alike is not named.
  for (const key of Object.keys(a!.params)) {
    const same = a!.params[key] === b!.params[key];
    assert.equal(message.includes(`${key}: `), !same && b!.params[key] !== undefined, key);
  }
  // Before, the request was searched: "Такого в нашем каталоге не нашлось".
  assert.doesNotMatch(message, /не нашлось/u);
  // The next question is about the two compared.
  const [, , cheaper] = await converse(['кофемашина', 'сравни первые две', 'какая из них дешевле?']);
  assert.ok(first.map((c) => c.sku).includes(productsOf(cheaper!.answer)!.value[0]!.sku));
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

test('one of the cards just shown, named by its place with a word asking for details, in both languages; a message naming products is no such request', () => {
  const read = (text: string, shown = 6) => shownCardAsked(text, shown);
  assert.equal(read('покажи первый подробнее'), 0);
  assert.equal(read('расскажи про третий'), 2);
  assert.equal(read('что за второй?'), 1);
  assert.equal(read('tell me more about the second one'), 1);
  assert.equal(read('show #4'), 3);
  assert.equal(read('details on the fifth'), 4);
  // Products named, a place not shown, two places, no word asking.
  assert.equal(read('покажи первый айфон'), -1);
  assert.equal(read('покажи шестой', 3), -1);
  assert.equal(read('сравни первый и второй'), -1);
  assert.equal(read('первый'), -1);
});

test('"покажи первый подробнее" after laptops shows that card with its price and what its card states, and "похожие" then is about it', async () => {
  const [shown, described, similar] = await converse(['ноутбук', 'покажи первый подробнее', 'похожие']);
  const first = productsOf(shown!.answer)!.value[0]!;
  const product = index.bySku(first.sku ?? '')!;
  assert.deepEqual(
    productsOf(described!.answer)!.value.map((c) => c.sku),
    [first.sku],
  );
  const message = messageOf(described!.answer);
  assert.match(message, new RegExp(`^«${escape(product.name)}» — [\\d ]+ ₽\\. По карточке: `, 'u'));
  // Its stated characteristics are quoted.
  const [key, value] = Object.entries(product.params)[0]!;
  assert.ok(message.includes(`${key}: ${value}`), message);
  // Before, the request was searched for ("Точного совпадения с «первый» нет").
  assert.doesNotMatch(message, /совпадения|не нашлось/u);
  // Similar products are now those of the described laptop, not of the whole list.
  assert.match(messageOf(similar!.answer), new RegExp(escape(product.name), 'u'));
  assertNone(productsOf(similar!.answer)!.value, (c) => c.sku === first.sku);
});

test('a card whose description only repeats the start of its name is said to name no more details, not quoted back', () => {
  const toilet = { sku: 't1', name: 'Унитаз компакт "Реал" 2-клав. ниж.под с дюропласт', categories: ['Унитазы'], available: true, params: {}, price: 3100, description: 'Унитаз компакт "Реал" 2-клав. Ниж.под с дюропласт' };
  assert.deepEqual(cardSummary(toilet), []);
  const kettle = { ...toilet, name: 'Чайник Bosch', params: { Объём: '1,7 л', Мощность: 'нет' }, description: 'Чайник Bosch. Корпус из нержавеющей стали.' };
  // A parameter that denies it is not stated; the sentence that is only the name is skipped.
  assert.deepEqual(cardSummary(kettle), ['Объём: 1,7 л', 'Корпус из нержавеющей стали.']);
});

test('two models with "или"/"or" and no question of which is better are shown side by side; a brand alone after it stays one search', async () => {
  const read = (text: string) => comparisonSides(text, index);
  assert.deepEqual(read('iphone 15 или samsung s24'), ['iphone 15', 'samsung s24']);
  assert.deepEqual(read('iphone 7 or galaxy s7'), ['iphone 7', 'galaxy s7']);
  assert.equal(read('наушники sony или jbl'), null);
  assert.equal(read('белый или черный'), null);
  const r = await ask('iphone 15 или samsung s24');
  const names = productsOf(r.answer)?.value.map((c) => c.name) ?? [];
  // Before: the Galaxy phones alone under «Совпадений с «iphone» здесь не нашлось».
  assert.ok(names.some((n) => /^Смартфон Apple iPhone 15\b/.test(n)), names.join(' | '));
  assert.ok(names.some((n) => /^Смартфон Samsung Galaxy S24\b/.test(n)), names.join(' | '));
  assert.match(messageOf(r.answer), /^Вот iPhone 15 и Samsung S24 рядом/u);
});

test('a side is titled as the model\'s name writes it, and its price is one of its cards\'', async () => {
  // Best Buy's title case: "Galaxy" is capitalised like every word of its names.
  const phones = buildCatalogIndex(
    [
      item('s1', 'Samsung - Galaxy S7 32GB - Black Onyx (Verizon)', ['Cell Phones'], 679.99, 'A phone', 'Samsung'),
      item('s2', 'Samsung - Galaxy S7 32GB - Gold Platinum (Verizon)', ['Cell Phones'], 679.99, 'A phone', 'Samsung'),
      item('s3', 'Samsung - Galaxy S7 32GB - Silver Titanium (Verizon)', ['Cell Phones'], 599.99, 'A phone', 'Samsung'),
      item('i1', 'Apple - iPhone 7 32GB - Gold (AT&T)', ['Cell Phones'], 699.99, 'A phone', 'Apple'),
    ],
    { language: 'en' },
  );
  const [answer] = await dialogOn(phones, 'en', ['galaxy s7 vs iphone 7']);
  const shelf = productsOf(answer!);
  // Before: "galaxy S7 vs iPhone 7".
  assert.equal(shelf?.title, 'Galaxy S7 vs iPhone 7');
  const shown = new Set((shelf?.value ?? []).map((c) => c.price));
  for (const m of messageOf(answer!).matchAll(/from \$([\d.,]+)/gu)) {
    assert.ok(shown.has(Number(m[1]!.replace(/,/gu, ''))), `${m[0]} is no shown card's price: ${messageOf(answer!)}`);
  }
});

test('"сравни первые два" after a single card asks what to compare it with, in both languages', async () => {
  const [shown, compare] = await dialogOn(index, 'ru', ['телевизор samsung 55', 'сравни первые два']);
  assert.equal(productsOf(shown!)?.value.length, 1);
  // Before: «Такого в нашем каталоге не нашлось», no card.
  assert.match(messageOf(compare!), /^Я показал только один вариант — «Телевизор Samsung .+»\. С чем его сравнить\?/u);
  assert.deepEqual(productsOf(compare!)?.value.map((c) => c.sku), productsOf(shown!)?.value.map((c) => c.sku));
  const tvs = buildCatalogIndex([item('a', 'Samsung 55" Class CU7000 Crystal UHD 4K Smart TV', ['TVs'], 399.99, 'A TV', 'Samsung'), item('b', 'LG 43" Class UR8000 4K Smart TV', ['TVs'], 279.99, 'A TV', 'LG')], { language: 'en' });
  const [, english] = await dialogOn(tvs, 'en', ['samsung tv 55', 'compare the first two']);
  assert.match(messageOf(english!), /^I showed just one option, “Samsung 55" Class CU7000/u);
});

test('"what\'s the difference between them?" compares the two cards shown; after more, it asks which two, offering the first two', async () => {
  assert.deepEqual(shownPairAsked("what's the difference between them?", 2), [0, 1]);
  assert.deepEqual(shownPairAsked('чем они отличаются?', 2), [0, 1]);
  assert.equal(shownPairAsked("what's the difference between them?", 6), null);
  assert.equal(comparesShownUnnamed("what's the difference between them?", 6), true);
  assert.equal(comparesShownUnnamed('сравни их', 6), true);
  assert.equal(comparesShownUnnamed('сравни первые две', 6), false);
  assert.equal(comparesShownUnnamed('compare iphone 5 and 6', 6), false);
  const shop = buildCatalogIndex(
    [
      { ...item('l-1', 'Lenovo IdeaPad Slim 3 15" Laptop', ['Computers', 'Laptops'], 379.99), params: { Processor: 'Intel Core i3', Memory: '8 GB' } },
      { ...item('l-2', 'Apple MacBook Air 13" Laptop', ['Computers', 'Laptops'], 799), params: { Processor: 'Apple M2', Memory: '8 GB' } },
      { ...item('l-3', 'Acer Aspire 5 15.6" Laptop', ['Computers', 'Laptops'], 599.99), params: { Processor: 'Intel Core i5', Memory: '16 GB' } },
      item('k-1', 'Aisle Home Electric Kettle', ['Kitchen', 'Kettles'], 17.99),
    ],
    { language: 'en' },
  );
  const [, which, firstTwo] = await dialogOn(shop, 'en', ['laptop', "what's the difference between them?", 'Compare the first two']);
  assert.match(messageOf(which!), /^Which two shall I compare\?/u);
  assert.equal(productsOf(which!), undefined);
  assert.deepEqual(which!.response.ui?.suggests, ['Compare the first two']);
  assert.match(messageOf(firstTwo!), /^Side by side: /u);
  const [, two] = await dialogOn(shop, 'en', ['laptop under 700', "what's the difference between them?"]);
  assert.match(messageOf(two!), /^Side by side: .*Processor: Intel Core i5 \/ Intel Core i3; Memory: 16 GB \/ 8 GB/u);
});

test('"which is the best one?" and "какой лучше?" choose among the cards shown, not a new search nor "what are you looking for?"', async () => {
  const [, best] = await converse(['kettle under 30', 'which is the best one?'], { tenant: tenant({ language: 'en' }) });
  assert.doesNotMatch(messageOf(best!.answer), /What are you looking for/u);
  const [, ru] = await converse(['пылесос', 'а какой лучше для шерсти?']);
  assert.doesNotMatch(productsOf(ru!.answer)?.title ?? '', /шерсти/u);
});

test('on the English demo shop: "airpods pro and airpods 3" compares the AirPods Pro with the AirPods (3rd generation), not a charger whose description names AirPods; "compare the two cheapest tvs", "is the dyson v15 worth it?", "tvs" are understood', async () => {
  const english = buildCatalogIndex(await loadProducts(resolve(PROJECT_ROOT, 'examples/demo-en/catalog.jsonl')), { language: 'en' });
  const [answer] = await dialogOn(english, 'en', ["what's the difference between airpods pro and airpods 3?"]);
  // Before: the "Belkin BoostCharge Pro 3-in-1 Wireless Charger" twice, once for each side.
  assert.deepEqual(
    (productsOf(answer!)?.value ?? []).map((p) => p.name),
    ['Apple AirPods Pro 2 Wireless Earbuds, USB-C', 'Apple AirPods (3rd generation) Wireless Earbuds'],
  );
  assert.match(messageOf(answer!), /^Here are AirPods Pro and AirPods 3 side by side/u);
  // "compare the two cheapest tvs": the first two of that search, side by side.
  const [two] = await dialogOn(english, 'en', ['can you compare the two cheapest tvs?']);
  // Before: "It looks like we don't sell "compare two tvs" in this shop".
  const cards = productsOf(two!)?.value ?? [];
  assert.equal(cards.length, 2, messageOf(two!));
  assertEvery(cards, (c) => /\bTV\b/u.test(c.name));
  assert.match(messageOf(two!), /^Side by side: .+ at \$149\.99 and .+ at \$229\.99\. Where their cards differ: Screen size/u);
  // "is the dyson v15 worth it?" shows the V15, not "we don't sell "worth"".
  const [worth] = await dialogOn(english, 'en', ['is the dyson v15 worth it?']);
  assert.equal(productsOf(worth!)?.value[0]?.name, 'Dyson V15 Detect Absolute Cordless Stick Vacuum', messageOf(worth!));
  // "tvs": TVs, titled so (it said the shop sold no "tvs").
  const [tvs] = await dialogOn(english, 'en', ['tvs']);
  assert.match(messageOf(tvs!), /^TVs: here are 6 options\./u);
});

test('«сравни два самых дешёвых телевизора»: the two cheapest TVs side by side', async () => {
  const [answer] = await converse(['сравни два самых дешёвых телевизора']);
  // Before: «Совпадений с «сравни два» здесь не нашлось» over six televisions.
  const cards = productsOf(answer!.answer)?.value ?? [];
  assert.equal(cards.length, 2, messageOf(answer!.answer));
  assertEvery(cards, (c) => /^Телевизор/u.test(c.name));
  assert.match(messageOf(answer!.answer), /^Сравниваем: .+ — 14 990 ₽ и .+ — 26 990 ₽\. По карточкам различаются/u);
});

test('"what\'s the difference between these two?" with no cards shown and no page: which products — not "we don\'t sell that"', async () => {
  for (const [text, lang, said] of [
    ["what's the difference between these two", 'en', /^Which products shall I compare\? Name them/u],
    ['чем они отличаются?', 'ru', /^Какие товары сравнить\? Назовите их/u],
    ['сравни первые два', 'ru', /^Какие товары сравнить\?/u],
  ] as const) {
    const r = await ask(text, { tenant: tenant({ language: lang }) });
    // Before: "We don't seem to have that in our catalogue", «Такого в нашем каталоге не нашлось».
    assert.match(messageOf(r.answer), said, text);
    assert.equal(productsOf(r.answer), undefined, text);
  }
  // With cards shown, the first two are compared as before.
  const [, pair] = await converse(['ноутбук', 'сравни первые два']);
  assert.doesNotMatch(messageOf(pair!.answer), /Какие товары сравнить/u);
});

test('each side shows its model\'s cheapest offer and its own "from" price; when neither model is sold, that is said over what the shop has of the line', async () => {
  const phone = (sku: string, name: string, price: number) => item(sku, name, ['Electronics', 'Smartphones'], price);
  const shop = buildCatalogIndex(
    [
      phone('i15b', 'Apple iPhone 15 256GB, Pink', 899),
      phone('i15a', 'Apple iPhone 15 128GB, Black', 799),
      phone('i14', 'Apple iPhone 14 128GB, Midnight', 599),
      phone('s24p', 'Samsung Galaxy S24+ 256GB, Cobalt Violet', 999.99),
      phone('s24', 'Samsung Galaxy S24 128GB, Onyx Black', 699.99),
      item('c15', 'Apple Silicone Case for iPhone 15, Black', ['Electronics', 'Phone Cases'], 49),
    ],
    { language: 'en' },
  );
  const [compared] = await dialogOn(shop, 'en', ['compare iphone 15 and galaxy s24']);
  // Before: the 256GB iPhone and the S24+, "Galaxy S24 from $999.99".
  assert.match(messageOf(compared!), /\(iPhone 15 from \$799; Galaxy S24 from \$699\.99\)/u);
  assert.deepEqual((productsOf(compared!)?.value ?? []).map((p) => p.sku), ['i15a', 's24']);
  const [neither] = await dialogOn(shop, 'en', ["what's the difference between the iphone 7 and 8?"]);
  // Before: 'Nothing matches "difference between" exactly'.
  assert.match(messageOf(neither!), /^We have neither “iPhone 7” nor “iPhone 8” — here is what we have of that line\./u);
  assertEvery((productsOf(neither!)?.value ?? []).map((p) => p.name), (n) => /^Apple iPhone 1[45] /u.test(n));
});
