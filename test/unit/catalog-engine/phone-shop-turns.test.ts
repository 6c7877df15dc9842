/**
 * Turns tried on a phone-accessories shop written as Best Buy writes its names ("Brand - Title -
 * Colour"): a brand whose first word is a word of the synonym table, a colour of two words, a
 * relative clause saying what the item should do, and a holder the shop calls a mount.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { assertNone } from '../../helpers/assert.ts';
import { dialogOn, messageOf, productsOf } from './helpers.ts';

const bb = (sku: string, name: string, leaf: string, price: number): CatalogProduct => ({
  sku,
  name,
  brand: name.split(' - ')[0],
  categories: ['Cell Phones', 'Cell Phone Accessories', leaf],
  available: true,
  price,
  params: {},
});

const shop = buildCatalogIndex(
  [
    bb('kodiak', 'Outdoor Tech - Kodiak USB Rechargeable External Battery - Black', 'Portable Chargers', 49.95),
    bb('kodiak-mini', 'Outdoor Tech - Kodiak Mini USB Rechargeable External Battery - Electric Blue', 'Portable Chargers', 24.95),
    bb('speaker', 'Insignia™ - Bluetooth Speaker for Most Devices - Black', 'Portable Speakers', 39.99),
    bb('speaker-2', 'JBL - Clip Portable Bluetooth Speaker - Blue', 'Portable Speakers', 49.99),
    bb('holder-1', 'Bracketron - TripGrip Car Holder for Mobile Phones - Black', 'Car & Travel Accessories', 19.99),
    bb('holder-2', 'iOttie - Easy One Touch 3 Car Holder for Select Cell Phones', 'Car & Travel Accessories', 24.95),
    bb('holder-3', 'Nite Ize - Steelie Vent Kit Car Holder for Select Cell Phones', 'Car & Travel Accessories', 39.99),
    bb('charging-mount', 'mophie - Car Mount Wireless Charger - Black', 'Wireless Chargers', 59.99),
    bb('cable', 'Insignia™ - 4\' USB Charge-and-Sync Cable - White', 'Cables', 14.99),
  ],
  { language: 'en' },
);

test('"outdoor bluetooth speaker" asks for speakers, not for the batteries of Outdoor Tech', async () => {
  const [answer] = await dialogOn(shop, 'en', ['outdoor bluetooth speaker']);
  const message = messageOf(answer!);
  // Before: "Nothing suitable from Outdoor Tech — here are other brands", "outdoor" read as the brand.
  assert.doesNotMatch(message, /Outdoor Tech/u);
  assert.ok((productsOf(answer!)?.value.length ?? 0) > 0, message);
  assertNone(productsOf(answer!)?.value ?? [], (c) => /Battery/u.test(c.name), message);
  // The brand said whole is still the brand.
  const [brand] = await dialogOn(shop, 'en', ['outdoor tech battery']);
  assert.deepEqual(new Set(productsOf(brand!)?.value.map((c) => c.sku)), new Set(['kodiak', 'kodiak-mini']));
});

test('a battery in "Electric Blue" is a battery: the most affordable of two is the cheaper one', async () => {
  const [answer] = await dialogOn(shop, 'en', ['outdoor tech battery']);
  // Before: "The most affordable is … Kodiak USB Rechargeable External Battery - Black at $49.95"
  // beside the $24.95 one, whose kind was read as "electric".
  assert.match(messageOf(answer!), /The most affordable is Outdoor Tech - Kodiak Mini .* at \$24\.95/u);
});

test('"one that charges?" after car phone holders: the mount that charges, not "what are you looking for?"', async () => {
  const [, charges] = await dialogOn(shop, 'en', ['car phone holder', 'one that charges?']);
  const message = messageOf(charges!);
  // Before: "What are you looking for?" ("one that charges" was read as "one for").
  assert.equal(productsOf(charges!)?.value[0]?.sku, 'charging-mount', message);
  const [, charging] = await dialogOn(shop, 'en', ['car phone holder', 'with charging?']);
  // Before: 'Nothing matches "charging" exactly' over the same holders (a holder is what the shop calls a mount).
  assert.equal(productsOf(charging!)?.value[0]?.sku, 'charging-mount', messageOf(charging!));
});
