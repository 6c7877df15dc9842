/**
 * "does it track sleep?", «они отслеживают сон?»: whether the products just shown do something,
 * answered from their cards — which say so and where — instead of a search for the question's words.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { askedWhatItDoes } from '../../../src/assistant/catalog-engine/shown-features.ts';
import { assertNone } from '../../helpers/assert.ts';
import { converse, dialogOn, item, messageOf, productsOf } from './helpers.ts';

const watchesEn = () =>
  buildCatalogIndex(
    [
      item('a9', 'Apple Watch Series 9 GPS 41mm Smartwatch', ['Smartwatches'], 329, 'A smart watch with a brighter display and health features: ECG, blood oxygen and sleep tracking.'),
      item('se', 'Apple Watch SE GPS 40mm Smartwatch', ['Smartwatches'], 249, 'The essential Apple smart watch: fitness tracking, Crash Detection and heart-rate notifications.'),
      item('g6', 'Samsung Galaxy Watch6 44mm Smartwatch', ['Smartwatches'], 249.99, 'A Wear OS smart watch with a sapphire crystal display, sleep coaching and body composition readings.'),
      item('px', 'Google Pixel Watch 2 41mm Smartwatch', ['Smartwatches'], 349.99, 'A smart watch with Fitbit health tracking, a round domed design and Google apps on your wrist.'),
    ],
    { language: 'en' },
  );

test('"does it track sleep?" after smartwatches: the two whose cards speak of sleep, quoted, and how many say nothing of it', async () => {
  const [, sleep] = await dialogOn(watchesEn(), 'en', ['smartwatch', 'does it track sleep?']);
  const message = messageOf(sleep!);
  // Before: "Smartwatch: here are 4 options", the same watches again; "fitness tracking" speaks of tracking, not of sleep.
  assert.match(message, /^From the cards: /u);
  assert.match(message, /“Apple Watch Series 9 GPS 41mm Smartwatch”: A smart watch .*sleep tracking[;.] /u);
  assert.match(message, /“Samsung Galaxy Watch6 44mm Smartwatch”: A Wear OS smart watch .*sleep coaching and body composition readings/u);
  assert.match(message, /The other 2 cards do not say\.$/u);
  assert.doesNotMatch(message, /\.\./u);
  assert.deepEqual((productsOf(sleep!)?.value ?? []).map((p) => p.sku).sort(), ['a9', 'g6']);
});

test('about one product shown the answer is yes with the words of its card; a thing no card of the shop names is said not to be on the cards', async () => {
  const [, sleep] = await dialogOn(watchesEn(), 'en', ['apple watch series 9', 'does it track sleep?']);
  // Before: "Smartwatches Apple: here is 1 option".
  assert.equal(messageOf(sleep!), 'Yes, its card says: “A smart watch with a brighter display and health features: ECG, blood oxygen and sleep tracking”.');
  const [, heart] = await dialogOn(watchesEn(), 'en', ['smartwatch', 'can they measure heart rate?']);
  assert.deepEqual((productsOf(heart!)?.value ?? []).map((p) => p.sku), ['se']);
  // "blood" is on a card, "pressure" on none: no card is said to measure blood pressure, and no other watch of the shop either.
  const [, pressure] = await dialogOn(watchesEn(), 'en', ['smartwatch', 'do they track blood pressure?']);
  // Before: "Nothing matches "pressure" exactly — here is the closest to your request. Smartwatch track: here are 4 options".
  assert.match(messageOf(pressure!), /^The cards of these products don't say\./u);
  assert.equal(productsOf(pressure!), undefined);
});

test('when no card shown says it, the products of the same search whose cards do, saying so, the budget kept or said to be passed', async () => {
  const shop = buildCatalogIndex(
    [
      item('w1', 'Умные часы HUAWEI WATCH GT 4 46 мм', ['Умные часы'], 19990, 'Часы с автономностью до 14 дней и точным GPS.'),
      item('w2', 'Фитнес-браслет Xiaomi Smart Band 8', ['Умные часы'], 3490, 'Фитнес-браслет с экраном AMOLED и пульсометром.'),
      item('w3', 'Умные часы Samsung Galaxy Watch6 44 мм', ['Умные часы'], 24990, 'Часы на Wear OS с анализом сна, ЭКГ и измерением давления.'),
      item('t1', 'Тонометр Omron M2 Basic', ['Тонометры'], 2990, 'Измерение давления на плече.'),
    ],
    { language: 'ru' },
  );
  const [first, pressure] = await dialogOn(shop, 'ru', ['умные часы до 20000', 'они измеряют давление?']);
  assert.deepEqual((productsOf(first!)?.value ?? []).map((p) => p.sku).sort(), ['w1', 'w2']);
  // Before: «Такого в нашем каталоге не нашлось».
  assert.match(messageOf(pressure!), /^В карточках показанных товаров «давление» не упоминается — вот те, в карточках которых это есть\. До 20 000 ₽ ничего не нашлось/u);
  assert.deepEqual((productsOf(pressure!)?.value ?? []).map((p) => p.sku), ['w3']);
});

test('«они отслеживают сон?» finds «анализом сна» (the vowel of «сон» drops as it declines); «может ли он измерять давление?» too', async () => {
  const shop = buildCatalogIndex(
    [
      item('w1', 'Умные часы Apple Watch Series 9 41 мм', ['Умные часы'], 39990, 'Умные часы с чипом S9, жестом «Двойное касание» и ярким дисплеем.'),
      item('w2', 'Умные часы Samsung Galaxy Watch6 44 мм', ['Умные часы'], 24990, 'Часы на Wear OS с анализом сна, ЭКГ и измерением давления.'),
      item('w3', 'Умные часы HUAWEI WATCH GT 4 46 мм', ['Умные часы'], 19990, 'Часы с автономностью до 14 дней и точным GPS.'),
    ],
    { language: 'ru' },
  );
  const [, sleep] = await dialogOn(shop, 'ru', ['умные часы', 'они отслеживают сон?']);
  // Before: «Такого в нашем каталоге не нашлось».
  assert.equal(messageOf(sleep!), 'По карточкам: «Умные часы Samsung Galaxy Watch6 44 мм» — Часы на Wear OS с анализом сна, ЭКГ и измерением давления. В карточках остальных (2) об этом не сказано.');
  assert.deepEqual((productsOf(sleep!)?.value ?? []).map((p) => p.sku), ['w2']);
  const [, pressure] = await dialogOn(shop, 'ru', ['умные часы', 'может ли он измерять давление?']);
  assert.deepEqual((productsOf(pressure!)?.value ?? []).map((p) => p.sku), ['w2']);
});

test('what other answers own is not read as such a question: having something, fitting, the price, a statement', () => {
  assert.deepEqual(askedWhatItDoes('does it track sleep?'), { said: 'sleep', verb: 'track', words: ['sleep'] });
  assert.deepEqual(askedWhatItDoes('does it float?'), { said: 'float', verb: 'float', words: ['float'] });
  for (const text of ['does it have a mop?', 'does it work with iphone?', 'does it fit a 15 inch laptop?', 'does it cost more?', 'они стоят дорого', 'они подходят к iphone?', 'сколько они стоят?', 'is it waterproof?']) {
    assert.equal(askedWhatItDoes(text), null, text);
  }
});

test('"does the first one have an app?", "do any of them empty themselves?", "is it made of glass?": one card by its place, any of them, and what they are made of, answered from the cards', async () => {
  const shop = () =>
    buildCatalogIndex(
      [
        item('eu', 'eufy RoboVac 11S Slim Robot Vacuum', ['Robot Vacuums'], 159.99, 'A slim robot vacuum with strong suction for hard floors and carpets.'),
        item('rr', 'Roborock S8 Robot Vacuum and Mop', ['Robot Vacuums'], 549.99, 'Vacuums and mops in one pass; control it from the Roborock app.'),
        item('sh', 'Shark AI Ultra Self-Emptying Robot Vacuum', ['Robot Vacuums'], 449.99, 'Empties itself into the base for up to 60 days.'),
        item('mu', 'Mueller Ultra Kettle 1.8L Electric Kettle, Clear', ['Electric Kettles'], 29.97, 'A kettle with a borosilicate glass body and blue light.'),
        item('hb', 'Hamilton Beach 1.7L Electric Kettle, Stainless Steel', ['Electric Kettles'], 29.99, 'A stainless steel kettle with auto shut-off.'),
        item('bd', 'Black+Decker 1.7L Rapid Boil Electric Kettle, White', ['Electric Kettles'], 19.99, 'Boils water fast.'),
      ],
      { language: 'en' },
    );
  const [vacuums] = await dialogOn(shop(), 'en', ['robot vacuum']);
  const order = (productsOf(vacuums!)?.value ?? []).map((p) => p.sku);
  const places = ['first', 'second', 'third'];
  const withApp = places[order.indexOf('rr')] as string;
  const without = places[order.indexOf('eu')] as string;
  const [, yes, no, empties] = await dialogOn(shop(), 'en', ['robot vacuum', `does the ${withApp} one have an app?`, `does the ${without} one have an app?`, 'do any of them empty themselves?']);
  // Before: "We don't seem to have that in our catalogue."
  assert.equal(messageOf(yes!), 'Yes, its card says: “Vacuums and mops in one pass; control it from the Roborock app”.');
  assert.match(messageOf(no!), /card doesn't say/u);
  // Before: searched for "empty themselves".
  assert.deepEqual((productsOf(empties!)?.value ?? []).map((p) => p.sku), ['sh'], messageOf(empties!));
  const [, glass] = await dialogOn(shop(), 'en', ['electric kettle', 'is it made of glass?']);
  // Before: glass screen protectors, titled "Glass".
  assert.match(messageOf(glass!), /^From the cards: “Mueller Ultra Kettle 1\.8L Electric Kettle, Clear”: A kettle with a borosilicate glass body and blue light\. The other 2 cards do not say\.$/u);
  assert.deepEqual(askedWhatItDoes('does the vacuum work on carpet?'), null);
  assert.deepEqual(askedWhatItDoes('are any of them made from stainless steel?'), { said: 'stainless steel', verb: 'made', words: ['stainless', 'steel'] });
});

test('«у каких есть подсветка?», «а у них есть подсветка?» after kettles: the cards that say so, a name saying it not quoted after itself', async () => {
  const kettles = () =>
    buildCatalogIndex(
      [
        item('ph', 'Электрический чайник Philips HD9365/10 стеклянный', ['Чайники'], 3990, 'Стеклянный чайник с подсветкой воды и защитой от перегрева.'),
        item('tf', 'Электрический чайник Tefal KI270930 стеклянный с подсветкой', ['Чайники'], 3490),
        item('xm', 'Электрический чайник Xiaomi Electric Kettle 2', ['Чайники'], 2290, 'Чайник объёмом 1,7 л.'),
      ],
      { language: 'ru' },
    );
  const [, which, them] = await dialogOn(kettles(), 'ru', ['чайник', 'у каких есть подсветка?', 'а у них есть подсветка?']);
  // Before: «Чайник подсветка — вот 2 варианта», a search titled with the bare word.
  assert.match(messageOf(which!), /^По карточкам: .*«Электрический чайник Tefal KI270930 стеклянный с подсветкой» — сказано в названии/u);
  assert.match(messageOf(which!), /«Электрический чайник Philips HD9365\/10 стеклянный» — Стеклянный чайник с подсветкой воды и защитой от перегрева/u);
  assert.match(messageOf(which!), /В карточках остальных \(1\) об этом не сказано\.$/u);
  assert.deepEqual((productsOf(them!)?.value ?? []).map((p) => p.sku).sort(), ['ph', 'tf']);
});

test('«у них есть фильтр от накипи?» after kettles none of whose cards says so: the kettle of the last search whose card does, not water filters', async () => {
  const [kettles, filter] = await converse(['чайник', 'у них есть фильтр от накипи?']);
  const shown = productsOf(kettles!.answer)?.value.map((p) => p.name) ?? [];
  assert.ok(shown.length > 1, 'several kettles shown');
  assertNone(shown, (n) => /TWK3A011/u.test(n), 'the kettle with the filter is not among the first shown');
  // Before: «Фильтр от накипи — вот 2 варианта», a water filter and a vacuum's filter.
  assert.match(messageOf(filter!.answer), /«фильтр от накипи» не упоминается — вот те, в карточках которых это есть/u);
  assert.deepEqual(productsOf(filter!.answer)?.value.map((p) => p.name), ['Электрический чайник Bosch TWK3A011 1,7 л, белый']);
});
