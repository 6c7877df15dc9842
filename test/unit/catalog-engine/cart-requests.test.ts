/**
 * "Add the first one to cart", «беру второй», «оформи заказ»: the cart is the shop's, so the
 * answer shows the card meant and says how to add it, or where the order is placed; a request
 * naming a product ("хочу купить телевизор") is still a search.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { cartRequest } from '../../../src/assistant/catalog-engine/cart-request.ts';
import { dialogOn, item, messageOf, productsOf, shownSkus } from './helpers.ts';

const shop = buildCatalogIndex(
  [
    item('m1', 'Jura E8 Coffee Machine, Piano Black', ['Kitchen', 'Coffee Machines'], 1499),
    item('m2', "De'Longhi Magnifica Coffee Machine", ['Kitchen', 'Coffee Machines'], 649.95),
    item('m3', 'Philips 3200 Coffee Machine', ['Kitchen', 'Coffee Machines'], 599.99),
    item('t1', 'TCL 32" HD TV', ['TV', 'Televisions'], 149.99),
    item('t2', 'Hisense 43" 4K TV', ['TV', 'Televisions'], 229.99),
  ],
  { language: 'en' },
);

test('"ok add the first one to cart" after a search shows that card and says how, then "I\'ll take it" means it too', async () => {
  const [list, first, take] = await dialogOn(shop, 'en', ['coffee machine', 'ok add the first one to cart', "I'll take it"]);
  const firstSku = shownSkus(list!)[0];
  // Before: "Nothing matches "add first cart" exactly — here is the closest to your request", the list again.
  assert.deepEqual(shownSkus(first!), [firstSku]);
  assert.match(messageOf(first!), /^You can add ".+" to your cart with the button on its card\.$/u);
  assert.deepEqual(shownSkus(take!), [firstSku]);
});

test('"add to cart" with several shown asks which, over the same cards; with nothing shown it asks what to find', async () => {
  const [list, which] = await dialogOn(shop, 'en', ['coffee machine', 'add to cart']);
  assert.deepEqual(shownSkus(which!), shownSkus(list!));
  assert.match(messageOf(which!), /pick the one you want below/u);
  const [nothing] = await dialogOn(shop, 'en', ['add it to my cart please']);
  assert.deepEqual(shownSkus(nothing!), []);
  assert.match(messageOf(nothing!), /^Let's find the product first/u);
});

test('«беру второй» and «оформи заказ» in Russian; «хочу купить телевизор» is still a search', async () => {
  const [, second, order] = await dialogOn(shop, 'ru', ['coffee machine', 'беру второй', 'оформи заказ']);
  assert.equal(shownSkus(second!).length, 1);
  assert.match(messageOf(second!), /^«.+» можно добавить в корзину кнопкой на карточке товара\.$/u);
  assert.equal(productsOf(order!), undefined);
  assert.match(messageOf(order!), /^Оформить заказ можно в корзине магазина/u);
  const [tv] = await dialogOn(shop, 'en', ['I want to buy a tv']);
  assert.ok(shownSkus(tv!).length >= 2, messageOf(tv!));
  assertEvery(shownSkus(tv!), (s) => s.startsWith('t'));
});

test('what reads as a cart request, and what does not', () => {
  assert.deepEqual(cartRequest('Добавь, пожалуйста, третий в корзину!'), { kind: 'add', places: [3] });
  assert.deepEqual(cartRequest('put the 2nd one in my cart'), { kind: 'add', places: [2] });
  assert.deepEqual(cartRequest('беру первый и третий'), { kind: 'add', places: [1, 3] });
  assert.deepEqual(cartRequest('беру'), { kind: 'add', places: [] });
  assert.deepEqual(cartRequest('checkout'), { kind: 'checkout' });
  assert.deepEqual(cartRequest('как оформить заказ?'), { kind: 'checkout' });
  for (const text of ['хочу купить телевизор', 'корзина для белья', 'laundry basket', 'add a case to the phone', 'где мой заказ?', 'x'.repeat(101) + ' в корзину']) {
    assert.equal(cartRequest(text), null, text);
  }
});

test('«беру первый и третий» shows those two cards and says how to add them', async () => {
  const [list, two, price] = await dialogOn(shop, 'ru', ['coffee machine', 'беру первый и третий', 'сколько они стоят?']);
  const skus = shownSkus(list!);
  // Before: the two places were read as a search.
  assert.deepEqual(shownSkus(two!), [skus[0], skus[2]]);
  assert.equal(messageOf(two!), 'Эти товары можно добавить в корзину кнопками на их карточках.');
  // Those two are what "they" are now.
  assert.match(messageOf(price!), /^Показанные товары стоят от/u);
  assert.deepEqual(shownSkus(price!), [skus[0], skus[2]]);
});
