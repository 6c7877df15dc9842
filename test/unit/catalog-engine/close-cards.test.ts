/**
 * The cards after those matching every word ("вот 1 вариант и ещё 4 похожих") are close choices
 * of the kind asked for: not an accessory whose name says the product word as what it goes with
 * («Крепление сидения унитаза» after toilets), not another kind filed in the same section (smart
 * scales under "Часы"), and one card per product, not its other colours.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery, assertNone } from '../../helpers/assert.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { dialogOn, item, messageOf, productsOf } from './helpers.ts';

test('«унитаз с микролифтом»: the toilets without a soft-close seat are close choices, the seat fasteners are not', async () => {
  const shop = buildCatalogIndex(
    [
      item('t1', 'Поло компакт белый сид.Микролифт', ['Унитазы (Компакты)'], 3050),
      item('t2', 'Унитаз компакт "Бриз" белый', ['Унитазы (Компакты)'], 3100),
      item('t3', 'Унитаз компакт "Реал" 2-клав.', ['Унитазы (Компакты)'], 3100),
      item('f1', 'Крепление сидения унитаза', ['Комплектующие'], 35),
      item('f2', 'Крепление сидения унитаза Виктория', ['Комплектующие'], 35),
      item('m1', 'Смеситель для кухни F4008', ['Смесители'], 660),
      item('m2', 'Смеситель для ванной F2102', ['Смесители'], 990),
    ],
    { language: 'ru' },
  );
  const [answer] = await dialogOn(shop, 'ru', ['унитаз с микролифтом']);
  const names = (productsOf(answer!)?.value ?? []).map((p) => p.name);
  assert.equal(names[0], 'Поло компакт белый сид.Микролифт', messageOf(answer!));
  // Before: the two fasteners at 35 ₽ came among "ещё 4 похожих".
  assertNone(names, (n) => /Крепление/u.test(n));
  assert.ok(names.length >= 2, names.join('; '));
});

test('a section\'s cards after a follow-up are named as asked and one per product: no scales filed under "Часы", no five colours of one watch', async () => {
  const running = 'Часы для бега с GPS и пульсометром.';
  const shop = buildCatalogIndex(
    [
      item('w1', 'Часы Garmin Forerunner 255 Music Black', ['Часы'], 34000, `${running} Музыка на часах.`),
      item('w2', 'Часы Garmin Forerunner 255 Music White', ['Часы'], 36000, `${running} Музыка на часах.`),
      item('w3', 'Часы Garmin Forerunner 165 Music Berry', ['Часы'], 34900, `${running} Музыка на часах.`),
      item('s1', 'Весы Garmin Index S2 Smart Scale, Black', ['Часы'], 22900, 'Умные весы.'),
      item('s2', 'Весы Garmin Index S2 Smart Scale, White', ['Часы'], 22900, 'Умные весы.'),
      item('j1', 'Часы Garmin Vivofit JR. 3, Digi Camo', ['Часы'], 13000, 'Детский трекер.'),
      item('j2', 'Часы Garmin Vivofit JR. 3, Lilac Floral', ['Часы'], 13000, 'Детский трекер.'),
      item('j3', 'Часы Garmin Vivofit JR. 3, Blue Stars', ['Часы'], 13000, 'Детский трекер.'),
      item('f1', 'Часы Garmin Forerunner 55 Black', ['Часы'], 6000, running),
      item('f2', 'Часы Garmin Forerunner 745 Magma Red', ['Часы'], 29900, running),
    ],
    { language: 'ru' },
  );
  const [, music, cheaper] = await dialogOn(shop, 'ru', ['часы для бега', 'а с музыкой?', 'а подешевле']);
  assert.ok((productsOf(music!)?.value ?? []).length >= 2, messageOf(music!));
  const names = (productsOf(cheaper!)?.value ?? []).map((p) => p.name);
  assert.ok(names.length >= 2, `${messageOf(cheaper!)} ${names.join('; ')}`);
  assertEvery(names, (n) => /^Часы/u.test(n));
  assert.ok(names.filter((n) => /Vivofit JR\. 3/u.test(n)).length <= 1, names.join('; '));
});

test('«клавиатура» where the shop files keyboard stickers under «КЛАВИАТУРЫ»: the keyboards are shown and the cheapest named is one; a siphon\'s flask is no siphon', async () => {
  const shop = buildCatalogIndex(
    [
      item('k1', 'Клавиатура резиновая USB', ['КЛАВИАТУРЫ'], 708),
      item('k2', 'Клавиатура беспров. BTC 9039ARFIII', ['КЛАВИАТУРЫ'], 1416),
      item('k3', 'Клавиатура Genius КВ06ХЕ белая USB', ['КЛАВИАТУРЫ'], 708),
      item('s1', 'Наклейки на клавиатуру красные флуоресц', ['КЛАВИАТУРЫ'], 236),
      item('k4', 'Клавиатура Logitech K120 USB', ['КЛАВИАТУРЫ'], 944),
      item('f1', 'Сифон для мойки Ани', ['Сифоны'], 350),
      item('f2', 'Сифон для ванны Ани', ['Сифоны'], 420),
      item('f3', 'Колба д/сифона Ани', ['Сифоны'], 90),
    ],
    { language: 'ru' },
  );
  const [keyboards] = await dialogOn(shop, 'ru', ['клавиатура']);
  // Before: «Самый доступный — Наклейки на клавиатуру красные флуоресц за 236 ₽», the stickers among the keyboards.
  assert.match(messageOf(keyboards!), /Самый доступный — Клавиатура резиновая USB за 708 ₽/u);
  // The stickers, if shown at all, come after every keyboard.
  const names = (productsOf(keyboards!)?.value ?? []).map((p) => p.name);
  assertEvery(names.slice(0, 4), (n) => /^Клавиатура/u.test(n));
  const [siphons] = await dialogOn(shop, 'ru', ['сифон']);
  assert.match(messageOf(siphons!), /Самый доступный — Сифон для мойки Ани за 350 ₽/u);
});
