/**
 * A gift for someone who loves a thing ("a gift for a music lover", "подарок меломану до 10000",
 * "a gift for a coffee lover under $100") is gift ideas about that thing, from the kinds it
 * names, within the budget: not the shop's sections at random, nor one kind alone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { giftInterest } from '../../../src/assistant/catalog-engine/gift-interests.ts';
import { statedAge } from '../../../src/assistant/catalog-engine/intents.ts';
import { converse, dialogOn, item, messageOf, productsOf } from './helpers.ts';

const electronics = buildCatalogIndex(
  [
    item('h1', 'Sony WH-CH520 Wireless Headphones, Blue', ['Audio', 'Headphones'], 59.99),
    item('h2', 'JBL Tune 770NC Noise Cancelling Headphones', ['Audio', 'Headphones'], 99.95),
    item('s1', 'JBL Go 3 Portable Bluetooth Speaker, Red', ['Audio', 'Bluetooth Speakers'], 39.95),
    item('s2', 'Bose SoundLink Flex Bluetooth Speaker', ['Audio', 'Bluetooth Speakers'], 149),
    item('b1', 'Sonos Beam Smart Soundbar', ['TV', 'Soundbars'], 499),
    // Its description mentions headphones: it is no gift for music.
    item('l1', 'Lenovo IdeaPad Slim 3 Laptop, 8GB', ['Computers', 'Laptops'], 379.99, 'Thin laptop with a headphone jack and speakers.'),
    item('k1', 'Cuisinart Electric Kettle', ['Kitchen', 'Kettles'], 79.95),
    item('c1', 'Lavazza Super Crema Whole Bean Coffee, 2.2 lb', ['Coffee', 'Whole Bean Coffee'], 21.99),
    item('c2', 'illy Classico Whole Bean Coffee, 8.8 oz', ['Coffee', 'Whole Bean Coffee'], 14.99),
    item('j1', 'Breville Stainless Steel Milk Jug, 16 oz', ['Coffee', 'Coffee Maker Accessories'], 24.95, 'Milk frothing jug for latte art with your espresso coffee.'),
    item('m1', 'Breville Barista Express Espresso Coffee Machine', ['Coffee', 'Coffee Makers'], 599.95),
  ],
  { language: 'en' },
);

test('"gift for a music lover" gives headphones, speakers and a soundbar, not the shop\'s sections at random', async () => {
  const [music] = await dialogOn(electronics, 'en', ['gift for a music lover']);
  // Before: "Gift ideas from different sections" (a kettle, a laptop, coffee beans…).
  assert.match(messageOf(music!), /^Gift ideas for someone into music/u);
  const names = (productsOf(music!)?.value ?? []).map((p) => p.name);
  assert.ok(names.length >= 3, names.join('; '));
  assertEvery(names, (n) => /Headphones|Speaker|Soundbar/u.test(n));
  assert.ok(names.some((n) => /Speaker/u.test(n)) && names.some((n) => /Headphones/u.test(n)), 'from more than one kind');
});

test('"a gift for a coffee lover under $100" is about coffee within the budget: the beans and the milk jug, not the beans alone', async () => {
  const [coffee] = await dialogOn(electronics, 'en', ["what's a good gift for a coffee lover under $100"]);
  // Before: "Coffee under $100: here are 2 options", the beans alone.
  assert.match(messageOf(coffee!), /^Gift ideas for someone into coffee under \$100/u);
  const shown = productsOf(coffee!)?.value ?? [];
  assert.ok(shown.some((p) => /Milk Jug/u.test(p.name)));
  assert.ok(shown.some((p) => /Whole Bean Coffee/u.test(p.name)));
  assertEvery(shown, (p) => (p.price ?? Infinity) <= 100);
});

test('a Russian gift for a music lover within a budget: «подарок меломану до 10000»', async () => {
  const shop = buildCatalogIndex(
    [
      item('h1', 'Наушники JBL Tune 520BT, чёрные', ['Аудио', 'Наушники'], 3990),
      item('h2', 'Наушники Sony WH-1000XM5, чёрные', ['Аудио', 'Наушники'], 32990),
      item('s1', 'Портативная колонка JBL Go 3, красная', ['Аудио', 'Портативная акустика'], 3490),
      item('k1', 'Чайник электрический Xiaomi', ['Кухня', 'Чайники'], 2990),
      item('p1', 'Смартфон Xiaomi Redmi 13', ['Смартфоны'], 9990),
    ],
    { language: 'ru' },
  );
  const [music] = await dialogOn(shop, 'ru', ['подарок меломану до 10000']);
  assert.match(messageOf(music!), /^Идеи подарков на тему «музыка» до 10 000 ₽/u);
  const names = (productsOf(music!)?.value ?? []).map((p) => p.name);
  assert.deepEqual(names.sort(), ['Наушники JBL Tune 520BT, чёрные', 'Портативная колонка JBL Go 3, красная']);
});

test('the interest is read from the thing loved or from the one who loves it, in the shop\'s language', () => {
  assert.equal(giftInterest('music', 'en')?.topic, 'music');
  assert.equal(giftInterest('меломану', 'ru')?.topic, 'музыка');
  assert.deepEqual(giftInterest('son who is gamer', 'ru')?.kinds.includes('мышь'), true);
  assert.equal(giftInterest('kettle', 'en'), null);
});

test('"she\'s really into coffee" after gift ideas within a budget: gift ideas about coffee within it, asking only for what is still unknown', async () => {
  const [ideas, coffee] = await dialogOn(electronics, 'en', ['gift for my wife under $100', "she's really into coffee"]);
  assert.match(messageOf(ideas!), /^Gift ideas under \$100/u);
  // Before: "Nothing matches "shes really" — here is what this section has. Coffee: here are 2 options."
  assert.match(messageOf(coffee!), /^Gift ideas for someone into coffee under \$100/u);
  const shown = productsOf(coffee!)?.value ?? [];
  assert.ok(shown.some((p) => /Milk Jug/u.test(p.name)), shown.map((p) => p.name).join('; '));
  assertEvery(shown, (p) => (p.price ?? Infinity) <= 100);
  // Without a budget the answer asks for it, not again for what the recipient likes.
  const [, music] = await dialogOn(electronics, 'en', ['gift ideas for my dad', 'he loves music']);
  assert.match(messageOf(music!), /^Gift ideas for someone into music\. Tell me the budget, and I'll narrow it down\.$/u);
  assertEvery(productsOf(music!)?.value ?? [], (p) => /Headphones|Speaker|Soundbar/u.test(p.name));
});

test('«она любит готовить» after gift ideas, and said with the gift: ideas about cooking; a question or a search after other products is no such thing', async () => {
  const shop = buildCatalogIndex(
    [
      item('f1', 'Аэрогриль Tefal Easy Fry', ['Кухня', 'Аэрогрили'], 8990),
      item('b1', 'Блендер погружной Bosch ErgoMixx', ['Кухня', 'Блендеры'], 6990),
      item('p1', 'Сковорода Tefal Excellence 24 см', ['Кухня', 'Посуда'], 2190),
      item('h1', 'Наушники JBL Tune 520BT, чёрные', ['Аудио', 'Наушники'], 3990),
      item('t1', 'Телевизор Xiaomi TV A2 32"', ['Телевизоры'], 14990),
      item('s1', 'Смартфон Xiaomi Redmi 13', ['Смартфоны'], 9990),
    ],
    { language: 'ru' },
  );
  const kitchen = (name: string) => /Аэрогриль|Блендер|Сковорода/u.test(name);
  const [, cooking] = await dialogOn(shop, 'ru', ['подарок жене на годовщину', 'она любит готовить']);
  // Before: «Похоже, «любит готовить» в нашем магазине не продаётся», with no cards.
  assert.match(messageOf(cooking!), /^Идеи подарков на тему «кулинария»\. Подскажите бюджет — подберу точнее\.$/u);
  const names = (productsOf(cooking!)?.value ?? []).map((p) => p.name);
  assert.ok(names.length >= 3, names.join('; '));
  assertEvery(names, kitchen);
  const [together] = await dialogOn(shop, 'ru', ['подарок жене до 7000, она обожает готовить']);
  assert.match(messageOf(together!), /^Идеи подарков на тему «кулинария» до 7 000 ₽/u);
  assertEvery((productsOf(together!)?.value ?? []).map((p) => p.name), kitchen);
  // Not after a search, and not as a question.
  const [, afterSearch] = await dialogOn(shop, 'ru', ['наушники', 'она любит готовить']);
  assert.doesNotMatch(messageOf(afterSearch!), /Идеи подарков/u);
  const [, asked] = await dialogOn(shop, 'ru', ['подарок маме', 'что она любит?']);
  assert.doesNotMatch(messageOf(asked!), /на тему/u);
});

test('a question of what to give someone is a gift request without the word "gift": "he loves music, what can I get him?", «что купить мужу, он любит музыку»', async () => {
  const [asked] = await dialogOn(electronics, 'en', ['he loves music, what can I get him?']);
  // Before: 'It looks like we don't sell "him" in this shop.'
  assert.match(messageOf(asked!), /^Gift ideas for someone into music/u);
  const names = (productsOf(asked!)?.value ?? []).map((p) => p.name);
  assert.ok(names.length >= 3, names.join('; '));
  assertEvery(names, (n) => /Headphones|Speaker|Soundbar/u.test(n));
  const [son] = await dialogOn(electronics, 'en', ['what should I buy my son who loves music']);
  assert.match(messageOf(son!), /^Gift ideas for someone into music/u);
  const shop = buildCatalogIndex(
    [
      item('h1', 'Наушники JBL Tune 520BT, чёрные', ['Аудио', 'Наушники'], 3990),
      item('s1', 'Колонка JBL Go 3, красная', ['Аудио', 'Колонки'], 3490),
      item('p1', 'Сковорода Tefal Excellence 24 см', ['Кухня', 'Посуда'], 2190),
      item('t1', 'Телевизор Xiaomi TV A2 32"', ['Телевизоры'], 14990),
    ],
    { language: 'ru' },
  );
  const [husband] = await dialogOn(shop, 'ru', ['что купить мужу, он любит музыку']);
  assert.match(messageOf(husband!), /^Идеи подарков на тему «музыка»/u);
  assertEvery((productsOf(husband!)?.value ?? []).map((p) => p.name), (n) => /Наушники|Колонка/u.test(n));
  // Not a question of what to buy for oneself, nor of a thing.
  const [own] = await dialogOn(electronics, 'en', ['what can I buy with $50?']);
  assert.doesNotMatch(messageOf(own!), /Gift ideas/u);
  const [money] = await dialogOn(electronics, 'en', ['what can I get for $100?']);
  assert.doesNotMatch(messageOf(money!), /Gift ideas/u);
  const [forHim] = await dialogOn(electronics, 'en', ['what can I get for him? he loves music']);
  assert.match(messageOf(forHim!), /^Gift ideas for someone into music/u);
});

test('a gift for a child ("a gift for a 10 year old", «подарок сыну 8 лет») is headphones, a speaker and the like, not a laptop or an espresso machine; what the child loves still decides', async () => {
  const [child] = await dialogOn(electronics, 'en', ['gift for a 10 year old']);
  // Before: "Gift ideas from different sections": a laptop, an espresso machine, a kettle, coffee beans.
  assert.match(messageOf(child!), /^Gift ideas for a child\./u);
  assert.equal(productsOf(child!)?.title, 'Gifts for a child');
  const names = (productsOf(child!)?.value ?? []).map((p) => p.name);
  assert.ok(names.length >= 3, names.join('; '));
  assertEvery(names, (n) => !/Laptop|Espresso|Kettle|Coffee/u.test(n));
  assert.ok(names.some((n) => /Headphones/u.test(n)) && names.some((n) => /Speaker/u.test(n)), names.join('; '));
  for (const said of ['a present for my daughter', 'gift for my 8-year-old son', 'gift for kids']) {
    const [answer] = await dialogOn(electronics, 'en', [said]);
    assert.match(messageOf(answer!), /^Gift ideas for a child/u, said);
  }
  assert.equal(giftInterest('для сына 8 лет', 'ru')?.topic, 'ребёнка');
  assert.equal(giftInterest('for my 30 year old wife', 'en'), null, 'an adult is no child');
  assert.equal(giftInterest('my son who loves music', 'en')?.topic, 'music', 'what they love says more');
  const [grownUp] = await dialogOn(electronics, 'en', ['gift for my dad']);
  assert.match(messageOf(grownUp!), /^Gift ideas from different sections/u);
});

test('"something for my wife who likes cooking", «что-нибудь для мамы, которая любит готовить»: gift ideas about cooking; headphones for someone who loves gaming stay headphones', async () => {
  const shop = buildCatalogIndex(
    [
      item('f1', 'COSORI Air Fryer, 5 qt', ['Kitchen', 'Air Fryers'], 89.99),
      item('b1', 'NutriBullet Personal Blender', ['Kitchen', 'Blenders'], 89.99),
      item('p1', 'OXO Nonstick 10" Frying Pan', ['Cookware', 'Frying Pans'], 34.99),
      item('h1', 'Sony WH-CH520 Wireless Headphones', ['Audio', 'Headphones'], 59.99),
      item('t1', 'Samsung 55" Crystal UHD TV', ['TV', 'Televisions'], 399.99),
    ],
    { language: 'en' },
  );
  const kitchen = (name: string) => /Fryer|Blender|Pan/u.test(name);
  const [cooking] = await dialogOn(shop, 'en', ['something for my wife who likes cooking']);
  // Before: 'It looks like we don't sell "cooking" in this shop.'
  assert.match(messageOf(cooking!), /^Gift ideas for someone into cooking/u);
  const names = (productsOf(cooking!)?.value ?? []).map((p) => p.name);
  assert.ok(names.length >= 3, names.join('; '));
  assertEvery(names, kitchen);
  const ru = buildCatalogIndex(
    [
      item('f1', 'Аэрогриль Tefal Easy Fry', ['Кухня', 'Аэрогрили'], 8990),
      item('b1', 'Блендер погружной Bosch ErgoMixx', ['Кухня', 'Блендеры'], 6990),
      item('p1', 'Сковорода Tefal Excellence 24 см', ['Кухня', 'Посуда'], 2190),
      item('h1', 'Наушники JBL Tune 520BT, чёрные', ['Аудио', 'Наушники'], 3990),
    ],
    { language: 'ru' },
  );
  const [mum] = await dialogOn(ru, 'ru', ['что-нибудь для мамы, которая любит готовить']);
  assert.match(messageOf(mum!), /^Идеи подарков на тему «кулинария»/u);
  assertEvery((productsOf(mum!)?.value ?? []).map((p) => p.name), (n) => /Аэрогриль|Блендер|Сковорода/u.test(n));
  // A kind named stays the kind.
  const [gaming] = await dialogOn(shop, 'en', ['headphones for my son who loves gaming']);
  assertEvery((productsOf(gaming!)?.value ?? []).map((p) => p.name), (n) => /Headphones/u.test(n));
});

test('"he loves coffee" after gift ideas around $100, with nothing of coffee at that price: the closest in price, said so (a plain search of coffee came, the gift and its budget forgotten)', async () => {
  const [, coffee] = await dialogOn(electronics, 'en', ['a gift for my dad, around $100', 'he loves coffee']);
  assert.equal(messageOf(coffee!), 'Nothing for someone into coffee around $100 — here is the closest in price:');
  const shelf = productsOf(coffee!);
  assert.equal(shelf?.title, 'Gifts: coffee');
  // The milk jug at $24.95 is the nearest to $100, the $599.95 machine the farthest.
  const skus = (shelf?.value ?? []).map((p) => p.sku);
  assert.equal(skus[0], 'j1', skus.join(' '));
  assert.ok(skus.indexOf('m1') > skus.indexOf('c1'), skus.join(' '));
});

test('the age said after gift ideas ("she is 9", «ей 9 лет») gives ideas for a child within the budget said before; an adult age keeps ideas for anyone', async () => {
  const [, nine] = await dialogOn(electronics, 'en', ['gift for my sister', "she's 9"]);
  // Before: "9 in stock: here are 2 options", a watch and a pressure cooker named with the number.
  assert.equal(productsOf(nine!)?.title, 'Gifts for a child');
  assertEvery((productsOf(nine!)?.value ?? []).map((p) => p.name), (n) => !/Laptop|Espresso|Coffee/u.test(n));
  const [, twelve] = await dialogOn(electronics, 'en', ['a gift for my brother under $100', 'he is turning 12']);
  assert.equal(productsOf(twelve!)?.title, 'Gifts for a child under $100');
  const [, adult] = await dialogOn(electronics, 'en', ['gift for my sister', 'she is 25']);
  assert.match(messageOf(adult!), /^Gift ideas from different sections/u);
  const [, ru] = await converse(['подарок до 20000', 'ему 8 лет']);
  assert.equal(productsOf(ru!.answer)?.title, 'Подарки для ребёнка до 20 000 ₽');
  for (const [said, age] of [['she is 9', 9], ["he's 12 years old", 12], ['my son is 7', 7], ['ей 9', 9], ['ему будет 10 лет', 10], ['сыну 8', 8], ['а ей почти 11', 11]] as const) {
    assert.equal(statedAge(said), age, said);
  }
  for (const said of ['9 in stock', 'she is happy', 'ему нужен ноутбук', 'is it 9 inches?', 'у него 8 ядер']) {
    assert.equal(statedAge(said), null, said);
  }
});

test('gift ideas for a child with no budget said are of the cheaper half of what a child is given (a 39,990 ₽ watch and a 32,990 ₽ tablet came among them)', async () => {
  const [child] = await converse(['подарок ребёнку']);
  const shelf = productsOf(child!.answer)?.value ?? [];
  assert.ok(shelf.length >= 4, messageOf(child!.answer));
  assertEvery(shelf.map((p) => `${p.name} ${p.price}`), (s) => Number(s.split(' ').at(-1)) < 20000);
  // With a budget, the budget decides.
  const [rich] = await converse(['подарок ребёнку до 50000']);
  assert.ok((productsOf(rich!.answer)?.value ?? []).some((p) => (p.price ?? 0) > 20000));
});
