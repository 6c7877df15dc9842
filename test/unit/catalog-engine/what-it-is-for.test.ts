/** A message naming only what the item is for ("что-нибудь для кухни") is a search by that purpose, never "not sold". */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCatalogEngine } from '../../../src/assistant/catalog-engine/index.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { ask as askDemo, converse, dialogOn, item, messageOf, productsOf, shownSkus, tenant, tracking } from './helpers.ts';
import { assertEvery, assertNone } from '../../helpers/assert.ts';

const furniture = [
  item('stool', 'Стул барный Лофт', ['Мебель', 'Стулья'], 3000, 'Подходит для кухни и бара.'),
  item('table', 'Стол обеденный для кухни', ['Мебель', 'Столы'], 9000),
  item('umbrella', 'Зонт для летнего кафе UM-260', ['Мебель', 'Зонты'], 1500),
  item('tent', 'Шатер для кафе SB-058A', ['Мебель', 'Шатры'], 33500),
  item('sofa', 'Диван угловой', ['Мебель', 'Диваны'], 30000),
  item('armchair', 'Кресло мягкое', ['Мебель', 'Кресла'], 12000),
];

async function ask(text: string) {
  const index = buildCatalogIndex(furniture, { language: 'ru' });
  const engine = createCatalogEngine({ catalogs: { get: () => index } });
  const r = await engine.answer({ tenant: tenant(), text, image: null, page: { type: 'HOMEPAGE' }, history: [], preferences: null, tracking, signal: new AbortController().signal });
  return { message: messageOf(r.answer), title: productsOf(r.answer)?.title, cards: productsOf(r.answer)?.value.map((c) => c.sku ?? '') ?? [] };
}

test('"что-нибудь для кухни" on a furniture shop finds what is for the kitchen, titled "Для кухни", not "«кухни» is not sold here"', async () => {
  const kitchen = await ask('что-нибудь для кухни');
  assert.doesNotMatch(kitchen.message, /не продаётся/u);
  assert.match(kitchen.message, /^Для кухни — вот 2 варианта\./u);
  assert.deepEqual([...kitchen.cards].sort(), ['stool', 'table']);
  const cafe = await ask('что есть для кафе?');
  assert.match(cafe.message, /^Для кафе — вот 2 варианта\./u);
  assert.deepEqual([...cafe.cards].sort(), ['tent', 'umbrella']);
  // A product word before "для" is still a product type the shop may lack.
  const fridge = await ask('холодильник для кухни');
  assert.match(fridge.message, /не продаётся/u);
});

test('a section asked for with what it is for, which one product names ("наушники для телефона"), shows the section\'s others after it', async () => {
  const r = await askDemo('наушники для телефона');
  const cards = productsOf(r.answer)?.value ?? [];
  assert.equal(cards.length, 6, messageOf(r.answer));
  assertEvery(cards, (c) => /^Наушники/u.test(c.name), messageOf(r.answer));
  assert.match(messageOf(r.answer), /^Наушники для телефона — вот 1 вариант и ещё 5 похожих/u);
});

test('"а подешевле?" after it lists the section\'s cheaper ones too; a model the item must fit ("стекло для айфона") brings no other model\'s', async () => {
  const [first, cheaper] = await converse(['наушники для телефона', 'а подешевле?']);
  const bound = Math.max(...(productsOf(first!.answer)?.value ?? []).map((c) => c.price ?? 0));
  const cards = productsOf(cheaper!.answer)?.value ?? [];
  assert.ok(cards.length >= 4, messageOf(cheaper!.answer));
  assertEvery(cards, (c) => /^Наушники/u.test(c.name) && (c.price ?? Infinity) < bound, messageOf(cheaper!.answer));
  const glass = await askDemo('стекло для айфона');
  assertEvery(productsOf(glass.answer)?.value ?? [], (c) => /iphone/iu.test(c.name), messageOf(glass.answer));
});

const plumbing = [
  item('toilet-1', 'Унитаз компакт "Бриз" белый', ['Сантехника', 'Унитазы'], 6900),
  item('toilet-2', 'Компакт "Орион" с сиденьем', ['Сантехника', 'Унитазы'], 5200),
  item('seat', 'Сиденье д/унитаза Эллис', ['Сантехника', 'Комплектующие'], 350),
  item('cuff', 'Манжета унитаза Эксцентрик 40 мм', ['Сантехника', 'Комплектующие'], 120),
  item('siphon', 'Сифон для мойки с гофрой 40', ['Сантехника', 'Сифоны'], 260),
  item('mixer', 'Смеситель для ванной Frap', ['Сантехника', 'Смесители'], 2100),
];

test('a kind not sold, asked for with what it is for ("гофра для унитаза"): the shop\'s products for that thing, not the thing itself, under "Для унитаза"', async () => {
  const index = buildCatalogIndex(plumbing, { language: 'ru' });
  const engine = createCatalogEngine({ catalogs: { get: () => index } });
  const answer = async (text: string) => {
    const r = await engine.answer({ tenant: tenant(), text, image: null, page: { type: 'HOMEPAGE' }, history: [], preferences: null, tracking, signal: new AbortController().signal });
    return { message: messageOf(r.answer), title: productsOf(r.answer)?.title, cards: productsOf(r.answer)?.value.map((c) => c.sku ?? '') ?? [] };
  };
  const corrugated = await answer('гофра для унитаза');
  assert.match(corrugated.message, /^Похоже, «гофра» в нашем магазине не продаётся\. Вот что у нас есть для унитаза\./u);
  assert.equal(corrugated.title, 'Для унитаза');
  assert.deepEqual([...corrugated.cards].sort(), ['cuff', 'seat']);
  // The same with "к": the purpose is what follows it.
  const to = await answer('гофра к унитазу');
  assert.deepEqual([...to.cards].sort(), ['cuff', 'seat']);
  // A purpose the shop sells nothing of itself gets the sections, as before.
  const bath = await answer('гофра для душевой кабины');
  assert.deepEqual(bath.cards, []);
  assert.match(bath.message, /не продаётся\. .*разделы/u);
});

test('what the shop has for a purpose is never the thing itself under its own name ("refrigerator for iphone": cases for the iPhone, not iPhones)', async () => {
  const phones = buildCatalogIndex(
    [
      item('i6s', 'Apple - iPhone 6s 64GB - Gold (Sprint)', ['Cell Phones', 'All Cell Phones with Plans'], 649.99, 'A phone.', 'Apple'),
      item('i7', 'Apple - iPhone 7 32GB - Black (AT&T)', ['Cell Phones', 'All Cell Phones with Plans'], 699.99, 'A phone.', 'Apple'),
      item('ise', 'Apple - iPhone SE 16GB - Silver (Verizon)', ['Cell Phones', 'iPhone SE'], 449.99, 'A small phone.', 'Apple'),
      item('case', 'OtterBox - Defender Series Case for Apple iPhone 7 - Black', ['Cell Phone Accessories', 'Cases'], 49.99, 'A rugged case.', 'OtterBox'),
      item('glass', 'ZAGG - Glass Screen Protector for Apple iPhone 7', ['Cell Phone Accessories', 'Screen Protectors'], 39.99, undefined, 'ZAGG'),
      item('charger', 'Belkin - Wall Charger - White', ['Cell Phone Accessories', 'Chargers'], 19.99, 'Charges any phone.', 'Belkin'),
    ],
    { language: 'en' },
  );
  const engine = createCatalogEngine({ catalogs: { get: () => phones } });
  const r = await engine.answer({ tenant: tenant({ language: 'en' }), text: 'refrigerator for iphone', image: null, page: { type: 'HOMEPAGE' }, history: [], preferences: null, tracking, signal: new AbortController().signal });
  const cards = productsOf(r.answer)?.value.map((c) => c.sku ?? '') ?? [];
  assert.match(messageOf(r.answer), /we don't sell "refrigerator"/u);
  assertNone(cards, (sku) => sku === 'i6s' || sku === 'i7' || sku === 'ise', messageOf(r.answer));
  // Named as the shop's names spell it, not as typed.
  assert.equal(productsOf(r.answer)?.title, 'For iPhone');
});

test('"а подешевле?" after what the shop has for a purpose lists cheaper ones of those, not the cheapest things of the shop; below the cheapest it says so', async () => {
  const shop = buildCatalogIndex(
    [...plumbing, item('fastener', 'Крепление сидения унитаза', ['Сантехника', 'Комплектующие'], 35), item('plug', 'Заглушка PPR 20', ['Сантехника', 'Фитинги'], 2)],
    { language: 'ru' },
  );
  const [first, cheaper, cheaperStill] = await dialogOn(shop, 'ru', ['гофра для унитаза', 'а подешевле?', 'а подешевле?']);
  assert.deepEqual([...shownSkus(first!)].sort(), ['cuff', 'fastener', 'seat']);
  // Below the middle price shown (120 ₽): the seat fastener, not the 2 ₽ plug nor a toilet.
  assert.deepEqual(shownSkus(cheaper!), ['fastener'], messageOf(cheaper!));
  assert.match(messageOf(cheaper!), /^Для унитаза дешевле 120 ₽ — вот 1 вариант\./u);
  assert.equal(productsOf(cheaper!)?.title, 'Для унитаза дешевле 120 ₽');
  assert.match(messageOf(cheaperStill!), /^Дешевле этих вариантов ничего подходящего нет/u);
  assert.deepEqual(shownSkus(cheaperStill!), ['fastener', 'cuff', 'seat']);
});

test('"cheaper" and "only OtterBox" after "refrigerator for iphone" keep to what is for the iPhone, the bound said as the buyer saw it', async () => {
  const phones = buildCatalogIndex(
    [
      item('i7', 'Apple - iPhone 7 32GB - Black (AT&T)', ['Cell Phones', 'All Cell Phones with Plans'], 699.99, 'A phone.', 'Apple'),
      item('case', 'OtterBox - Defender Series Case for Apple iPhone 7 - Black', ['Cell Phone Accessories', 'Cases'], 49.99, 'A rugged case.', 'OtterBox'),
      item('commuter', 'OtterBox - Commuter Case for Apple iPhone 7 - Blue', ['Cell Phone Accessories', 'Cases'], 29.99, 'A slim case.', 'OtterBox'),
      item('glass', 'ZAGG - Glass Screen Protector for Apple iPhone 7', ['Cell Phone Accessories', 'Screen Protectors'], 39.99, undefined, 'ZAGG'),
      item('dynex', 'Dynex - Soft Shell Case for Apple iPhone 7 - Clear', ['Cell Phone Accessories', 'Cases'], 9.99, undefined, 'Dynex'),
      item('cable', 'Belkin - USB Cable - White', ['Cell Phone Accessories', 'Cables'], 4.99, 'Charges any phone.', 'Belkin'),
    ],
    { language: 'en' },
  );
  const [, cheaper, otterbox] = await dialogOn(phones, 'en', ['refrigerator for iphone', 'cheaper', 'only otterbox']);
  // Below the middle price of the four shown ($29.99): the Dynex case, not the $4.99 cable.
  assert.deepEqual(shownSkus(cheaper!), ['dynex'], messageOf(cheaper!));
  assert.equal(productsOf(cheaper!)?.title, 'For iPhone cheaper than $29.99');
  // No OtterBox that cheap: said so, and the others under the same bound.
  assert.match(messageOf(otterbox!), /^Nothing suitable from OtterBox/u);
  assert.deepEqual(shownSkus(otterbox!), ['dynex']);
});

test('"something for running" on a phone-accessories shop finds its armbands, not phones whose descriptions say "running Android"', async () => {
  const shop = [
    item('phone1', 'Honor 6x 4G LTE with 32GB Memory Cell Phone (Unlocked) - Gray', ['Cell Phones', 'Unlocked Cell Phones'], 249.99, 'A smartphone running Android 7.0 with a dual camera.'),
    item('phone2', 'SKY Devices - Platinum 4.0 Cell Phone (Unlocked) - White', ['Cell Phones', 'Unlocked Cell Phones'], 44.99, 'Running Android 6.0 Marshmallow.'),
    item('band1', 'Incase - Sports Armband for Apple iPhone 6 and 6s - Black', ['Cell Phone Accessories', 'iPhone Armbands'], 39.99),
    item('band2', 'Insignia - Fitness Armband for Apple iPhone 7 Plus - Black', ['Cell Phone Accessories', 'iPhone Armbands'], 29.99),
    item('case', 'Case-Mate - Case for Apple iPhone 6 - Clear', ['Cell Phone Accessories', 'iPhone Cases'], 21.99),
  ];
  const index = buildCatalogIndex(shop, { language: 'en' });
  for (const text of ['something for running', 'anything for jogging?']) {
    const [answer] = await dialogOn(index, 'en', [text]);
    const cards = productsOf(answer!)?.value.map((c) => c.sku ?? '') ?? [];
    assert.deepEqual(cards.slice(0, 2).sort(), ['band1', 'band2'], `${text}: ${messageOf(answer!)}`);
  }
});

test('"робот-пылесос который моет" on the demo finds the robots whose cards say they clean wet, and not the one whose card says no', async () => {
  for (const text of ['робот-пылесос который моет', 'моющий робот пылесос']) {
    const r = await askDemo(text);
    const names = productsOf(r.answer)?.value.map((c) => c.name) ?? [];
    assert.ok(names.length >= 3, `${text}: ${messageOf(r.answer)}`);
    assertEvery(names, (n) => /^Робот-пылесос/u.test(n), `${text}: robot vacuums`);
    assertNone(names, (n) => /Samsung Jet Bot/u.test(n), `${text}: the robot without wet cleaning`);
    assert.doesNotMatch(messageOf(r.answer), /не нашлось/u, text);
  }
});
