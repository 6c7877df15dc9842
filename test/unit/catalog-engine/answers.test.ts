import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { createCatalogEngine } from '../../../src/assistant/catalog-engine/index.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { ask, buttonsOf, converse, dialogOn, index, item, messageOf, productsOf, shownSkus, tenant, tracking } from './helpers.ts';

test('search: message, products block with cards filled from the catalogue, suggests', async () => {
  const { answer, state } = await ask('Ищу беспроводные наушники до 10000 рублей');
  const message = messageOf(answer);
  assert.match(message, /наушники/i);
  assert.match(message, /10 000 ₽/);
  const block = productsOf(answer);
  assert.ok(block && block.value.length >= 4 && block.value.length <= 6);
  assert.ok(block.title && block.shelf_id && block.source_query);
  assert.equal(block.categories, undefined, 'categories only when the tenant enables them');
  for (const card of block.value) {
    const p = index.bySku(card.sku ?? '');
    assert.ok(p, `card ${card.sku} is a catalogue product`);
    assert.equal(card.name, p.name);
    assert.equal(card.price, p.price);
    assert.ok((card.price ?? Infinity) <= 10000);
    assert.equal(card.brand, p.brand);
    assert.equal(card.url, p.url);
    assert.equal(card.image_url, p.imageUrl);
    assert.equal(card.category_id, p.categoryId);
    assert.match(card.features ?? '', /: /);
  }
  const suggests = answer.response.ui?.suggests ?? [];
  assert.ok(suggests.length >= 2 && suggests.length <= 4, suggests.join(' | '));
  assert.ok(state && Array.isArray(state['shown']) && (state['shown'] as string[]).length === block.value.length);
});

test('search: categories on the products block when the tenant enables them; is_stm when set', async () => {
  const { answer } = await ask('чайник', { tenant: tenant({ showCategories: true }) });
  const block = productsOf(answer);
  assert.deepEqual(block?.categories, ['Бытовая техника', 'Техника для кухни', 'Электрочайники']);
  const stm = await ask('чайник aisle home');
  assert.equal(productsOf(stm.answer)?.value[0]?.is_stm, true);
});

test('search: suggests come from the results and are understood when sent back', async () => {
  const { answer } = await ask('наушники');
  const suggests = answer.response.ui?.suggests ?? [];
  assert.ok(suggests.includes('Подешевле'));
  const onlyBrand = suggests.find((s) => s.startsWith('Только '));
  assert.ok(onlyBrand, suggests.join(' | '));
  const brand = onlyBrand.replace('Только ', '');
  assert.ok(productsOf(answer)?.value.some((p) => p.brand === brand), 'the brand is among the results');
});

test('search: a section is offered only when it names what a card filed there is, not a section a feed misfiled a card in', async () => {
  const computers = buildCatalogIndex(
    [
      item('m1', 'Мышь беспров. Logitech M280', ['МЫШИ/ПЛАНШЕТЫ'], 2360),
      item('m2', 'Мышь беспров. Microsoft 6000', ['МЫШИ/ПЛАНШЕТЫ'], 2360),
      item('m3', 'Мышь беспров. Logitech M510 Laser', ['БЛОКИ ПИТАНИЯ ATX'], 3032),
      item('m4', 'Мышь беспров. A4 Tech G10-810F', ['БЛОКИ ПИТАНИЯ ATX'], 1711),
      item('psu', 'Бп 600Вт. LinkWorld LW6-600W 120мм ATX', ['БЛОКИ ПИТАНИЯ ATX'], 2950),
    ],
    { language: 'ru' },
  );
  const [mice] = await dialogOn(computers, 'ru', ['мышка беспроводная']);
  // Before: «БЛОКИ ПИТАНИЯ ATX», where the feed filed two of the four mice, offered after mice.
  assert.deepEqual(new Set(productsOf(mice!)?.value.map((c) => c.sku)), new Set(['m1', 'm2', 'm3', 'm4']));
  const suggests = mice!.response.ui?.suggests ?? [];
  assert.ok(suggests.includes('МЫШИ/ПЛАНШЕТЫ'), suggests.join(' | '));
  assert.ok(!suggests.includes('БЛОКИ ПИТАНИЯ ATX'), suggests.join(' | '));
});

test('nothing found: an honest message, suggestions, and no empty products block', async () => {
  const { answer } = await ask('космический телескоп хаббл');
  assert.equal(messageOf(answer), 'Такого в нашем каталоге не нашлось. Опишите, пожалуйста, по-другому — или выберите раздел ниже.');
  assert.equal(productsOf(answer), undefined);
  assert.ok((answer.response.ui?.suggests ?? []).length >= 2);
  assert.deepEqual(answer.events, []);
});

test('over budget: says so and shows the closest prices, cheapest first', async () => {
  const { answer } = await ask('телевизор до 5000');
  assert.match(messageOf(answer), /до 5 000 ₽ ничего не нашлось/i);
  const prices = (productsOf(answer)?.value ?? []).map((p) => p.price as number);
  assertEvery(prices, (p, i) => i === 0 || p >= (prices[i - 1] as number));
  assertEvery(shownSkus(answer), (sku) => index.bySku(sku)?.categories.includes('Телевизоры'));
});

test('a brand the shop does not have in that category: says so, shows other brands', async () => {
  const { answer } = await ask('чайник самсунг');
  assert.match(messageOf(answer), /У Samsung подходящего не нашлось/);
  assertEvery(shownSkus(answer), (sku) => index.bySku(sku)?.categories.includes('Электрочайники'));
});

test('greeting: short and friendly, no products', async () => {
  for (const text of ['Привет!', 'Добрый день', 'hello']) {
    const { answer } = await ask(text);
    assert.equal(productsOf(answer), undefined);
    assert.ok(messageOf(answer).length < 200);
    assert.deepEqual(answer.events, []);
  }
  assert.match(messageOf((await ask('Здравствуйте')).answer), /Здравствуйте/);
  assert.match(messageOf((await ask('hi there')).answer), /Hello/);
});

test('thanks: short and friendly, no products', async () => {
  for (const text of ['Спасибо!', 'спасибо, всё понятно', 'thanks a lot']) {
    const { answer } = await ask(text);
    assert.equal(productsOf(answer), undefined);
    assert.match(messageOf(answer), /Пожалуйста|welcome/);
  }
});

test('support: the open_support_chat button for a person, an operator, support, a complaint', async () => {
  const phrases = [
    'позовите оператора',
    'хочу поговорить с живым человеком',
    'соедините с консультантом',
    'напишу жалобу, ужасный сервис',
    'I want to talk to a human',
    'connect me with customer support',
    'this is terrible, I want to complain',
  ];
  for (const text of phrases) {
    const { answer } = await ask(text);
    const buttons = buttonsOf(answer);
    assert.equal(buttons.length, 1, text);
    assert.equal(buttons[0]?.action, 'open_support_chat');
    assert.equal(buttons[0]?.url, undefined);
    assert.equal(productsOf(answer), undefined);
  }
});

test('support: no button when the tenant has no operator chat', async () => {
  const { answer } = await ask('позовите оператора', { tenant: tenant({ supportChat: false }) });
  assert.deepEqual(buttonsOf(answer), []);
  assert.match(messageOf(answer), /недоступен/);
});

test('"support" of a feature is not a request for support', async () => {
  const { answer } = await ask('телевизор с поддержкой hdr');
  assert.deepEqual(buttonsOf(answer), []);
  assert.ok(productsOf(answer));
});

test('follow_url: the tenant link whose keywords the message names', async () => {
  const delivery = await ask('Сколько стоит доставка курьером?');
  const buttons = buttonsOf(delivery.answer);
  assert.equal(buttons.length, 1);
  assert.deepEqual({ ...buttons[0] }, { type: 'button', value: 'Доставка и оплата', action: 'follow_url', url: 'https://demo.aisle.example/delivery' });
  assert.equal(productsOf(delivery.answer), undefined);

  const returns = await ask('как вернуть товар?');
  assert.equal(buttonsOf(returns.answer)[0]?.url, 'https://demo.aisle.example/returns');
  const english = await ask('what about shipping?');
  assert.equal(buttonsOf(english.answer)[0]?.url, 'https://demo.aisle.example/delivery');
});

test('follow_url with a product request: both the products and the link', async () => {
  const { answer } = await ask('хочу пылесос, а как с доставкой?');
  assert.ok(productsOf(answer));
  assertEvery(shownSkus(answer), (sku) => /пылесос/i.test(index.bySku(sku)?.name ?? ''));
  assert.equal(buttonsOf(answer)[0]?.action, 'follow_url');
});

test('image alone: polite, cannot look at photos, asks what they look for', async () => {
  const { answer } = await ask('', { image: true });
  assert.match(messageOf(answer), /фотограф/);
  assert.match(messageOf(answer), /что вы ищете/);
  assert.equal(productsOf(answer), undefined);
});

test('a vague message asks what to look for', async () => {
  const { answer } = await ask('что посоветуете?');
  assert.match(messageOf(answer), /что вы ищете/);
  assert.equal(productsOf(answer), undefined);
  assert.ok((answer.response.ui?.suggests ?? []).length >= 2);
});

test('the message is plain text: no HTML or markdown markup', async () => {
  for (const text of ['наушники', 'привет', 'позовите оператора', 'доставка', 'космос']) {
    const { answer } = await ask(text);
    assert.doesNotMatch(messageOf(answer), /<[a-z/]|\*\*|\]\(/i);
  }
});

test('an unknown tenant gets a polite message, never an exception', async () => {
  const { answer } = await ask('чайник', { tenant: tenant({ id: 'nobody' }) });
  assert.match(messageOf(answer), /Каталог/);
  assert.equal(productsOf(answer), undefined);
});

test('an aborted request is not answered', async () => {
  const controller = new AbortController();
  controller.abort(new Error('client went away'));
  const { engine } = await import('./helpers.ts');
  await assert.rejects(
    engine.answer({ tenant: tenant(), text: 'чайник', image: null, page: { type: 'HOMEPAGE' }, history: [], preferences: null, tracking: { block: () => 'x', card: () => 'y' }, signal: controller.signal }),
    /client went away/,
  );
});

test('a greeting with a shop question gets the link, not a search for "привет"', async () => {
  const { answer } = await ask('Привет! Как у вас с доставкой?');
  assert.equal(buttonsOf(answer)[0]?.action, 'follow_url');
  assert.equal(productsOf(answer), undefined);
});

test('a very long message is answered, and stays a search', async () => {
  const long = `${'очень '.repeat(400)}нужен чайник bosch`;
  const { answer } = await ask(long);
  assert.ok(messageOf(answer).length > 0);
});

test('a shop question with words that are not products gets the link alone', async () => {
  const { answer } = await ask('как оформить возврат заказа?');
  assert.equal(buttonsOf(answer)[0]?.url, 'https://demo.aisle.example/returns');
  assert.equal(productsOf(answer), undefined);
  assert.doesNotMatch(messageOf(answer), /ничего не нашлось/);
});

test('quick replies never offer a category named by no word (a feed\'s product type "1")', async () => {
  // Written as the Icecat feed writes its product types: most are words, some are a bare number.
  const products = [
    ...Array.from({ length: 5 }, (_, i) => item(`n${i}`, `Acer Aspire ${i} Notebook`, ['1'], 500 + i, undefined, 'Acer')),
    ...Array.from({ length: 3 }, (_, i) => item(`p${i}`, `Intel Core i${3 + i} processor`, ['Processor'], 100 + i, undefined, 'Intel')),
    item('h0', 'Sony MDR-V150 headphones', ['Headphones'], 20, undefined, 'Sony'),
  ];
  const shop = buildCatalogIndex(products, { language: 'en' });
  const own = createCatalogEngine({ catalogs: { get: () => shop } });
  const { answer } = await own.answer({
    tenant: tenant({ language: 'en' }),
    text: 'hello',
    image: null,
    page: { type: 'HOMEPAGE' },
    history: [],
    preferences: null,
    tracking,
    signal: new AbortController().signal,
  });
  const suggests = answer.response.ui?.suggests ?? [];
  assert.ok(suggests.includes('Processor'), suggests.join(' | '));
  assertEvery(suggests, (s) => /\p{L}{2}/u.test(s));
});

test('after a search, the quick replies follow up on what was shown: no unrelated section of the shop ("Processor" after mice)', async () => {
  const products = [
    ...Array.from({ length: 6 }, (_, i) => item(`p${i}`, `Intel Core i${3 + i} processor`, ['Processor'], 100 + i, undefined, 'Intel')),
    ...Array.from({ length: 4 }, (_, i) => item(`m${i}`, `HP Wireless Optical mouse ${i}`, ['Mice'], 10 + i, undefined, 'HP')),
  ];
  const shop = buildCatalogIndex(products, { language: 'en' });
  const own = createCatalogEngine({ catalogs: { get: () => shop } });
  const ask = (text: string) =>
    own.answer({ tenant: tenant({ language: 'en' }), text, image: null, page: { type: 'HOMEPAGE' }, history: [], preferences: null, tracking, signal: new AbortController().signal });
  const mice = await ask('wireless mouse');
  assert.ok((productsOf(mice.answer)?.value.length ?? 0) > 0);
  const suggests = mice.answer.response.ui?.suggests ?? [];
  assert.ok(suggests.includes('Cheaper'), suggests.join(' | '));
  assert.ok(!suggests.includes('Processor'), suggests.join(' | '));
  // With nothing shown, the shop's sections are the way on.
  const hello = await ask('hello');
  assert.ok((hello.answer.response.ui?.suggests ?? []).includes('Processor'));
});

test('"наушники как airpods, но дешевле", "headphones like airpods but cheaper": headphones like the cheapest AirPods named, cheaper than it; "как"/"like" alone ask for nothing of the kind', async () => {
  const shop = (lang: 'ru' | 'en') =>
    buildCatalogIndex(
      [
        item('pro', lang === 'ru' ? 'Наушники Apple AirPods Pro 2' : 'Apple AirPods Pro 2 Wireless Earbuds', [lang === 'ru' ? 'Наушники' : 'Headphones'], 24990, undefined, 'Apple'),
        item('a3', lang === 'ru' ? 'Наушники Apple AirPods 3' : 'Apple AirPods 3 Wireless Earbuds', [lang === 'ru' ? 'Наушники' : 'Headphones'], 17990, undefined, 'Apple'),
        item('buds', lang === 'ru' ? 'Наушники Samsung Galaxy Buds FE' : 'Samsung Galaxy Buds FE Wireless Earbuds', [lang === 'ru' ? 'Наушники' : 'Headphones'], 7990, undefined, 'Samsung'),
        item('jbl', lang === 'ru' ? 'Наушники JBL Wave Beam' : 'JBL Wave Beam Wireless Earbuds', [lang === 'ru' ? 'Наушники' : 'Headphones'], 5490, undefined, 'JBL'),
        item('case', lang === 'ru' ? 'Чехол для AirPods 3' : 'Case for AirPods 3', [lang === 'ru' ? 'Аксессуары' : 'Accessories'], 990),
      ],
      { language: lang },
    );
  // Before: «Наушники AirPods — вот 2 варианта», the AirPods themselves.
  const [ru] = await dialogOn(shop('ru'), 'ru', ['наушники как airpods, но дешевле']);
  assert.deepEqual(new Set(shownSkus(ru!)), new Set(['buds', 'jbl']));
  assert.match(messageOf(ru!), /«Наушники Apple AirPods 3»/u);
  const [en] = await dialogOn(shop('en'), 'en', ['headphones like airpods but cheaper']);
  assert.deepEqual(new Set(shownSkus(en!)), new Set(['buds', 'jbl']));
  assert.match(messageOf(en!), /Apple AirPods 3 Wireless Earbuds/u);
  // The verb is no comparison: a plain search.
  const [verb] = await dialogOn(shop('en'), 'en', ["i'd like airpods but cheaper than 20000"]);
  assert.ok(shownSkus(verb!).length > 0);
  assertEvery(shownSkus(verb!), (sku) => sku === 'a3' || sku === 'pro' || sku === 'case');
});

test('"do you have gift cards?", "подарочный сертификат" ask for a thing, not for gift ideas; "gift for my dad" still gets ideas', async () => {
  const shop = buildCatalogIndex(
    [
      item('h1', 'Sony WH-CH520 Wireless Headphones', ['Headphones'], 59.99),
      item('t1', 'Samsung 55" Crystal UHD TV', ['TVs'], 399.99),
      item('s1', 'JBL Flip 6 Bluetooth Speaker', ['Speakers'], 99.99),
    ],
    { language: 'en' },
  );
  const [cards] = await dialogOn(shop, 'en', ['do you have gift cards?']);
  // Before: «Gift ideas from different sections», headphones and a TV.
  assert.equal(productsOf(cards!), undefined);
  assert.doesNotMatch(messageOf(cards!), /Gift ideas/u);
  const [ideas] = await dialogOn(shop, 'en', ['gift for my dad']);
  assert.match(messageOf(ideas!), /^Gift ideas/u);
});

test('"подарочный сертификат" in a shop without them is a thing the shop does not sell, said so (not "describe it differently")', async () => {
  const [said] = await dialogOn(index, 'ru', ['подарочный сертификат']);
  // Before: «Такого в нашем каталоге не нашлось. Опишите, пожалуйста, по-другому».
  assert.equal(productsOf(said!), undefined);
  assert.match(messageOf(said!), /^Похоже, «сертификат» в нашем магазине не продаётся\./u);
});

test('one card found: the quick reply offers products like it, understood when sent back, not the shop\'s unrelated sections', async () => {
  const [one, similar] = await converse(['блендер для смузи', 'Похожие']);
  assert.equal(productsOf(one!.answer)?.value.length, 1);
  // Before: «Смартфоны», «Наушники».
  assert.deepEqual(one!.answer.response.ui?.suggests, ['Похожие']);
  assert.match(messageOf(similar!.answer), /^Похожие на «/u);
  assert.ok((productsOf(similar!.answer)?.value.length ?? 0) >= 2);
});
