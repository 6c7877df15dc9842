import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { ask, index, messageOf, shownSkus, tenant } from './helpers.ts';

test('saved preferences order the shelf, they never filter it', async () => {
  const { answer } = await ask('наушники', { preferences: { budgetMax: 5000, brands: ['JBL'] } });
  const products = shownSkus(answer).map((s) => index.bySku(s));
  // The saved brand comes first, but other brands of the search stay on the shelf.
  assert.equal(products[0]?.brand, 'JBL');
  assert.ok(products.some((p) => p?.brand !== 'JBL'), products.map((p) => p?.brand).join(', '));
  assertEvery(products, (p) => Boolean(p?.categories.includes('Наушники')));
  assert.match(messageOf(answer), /JBL: они в начале списка/);
});

test('one saved brand does not turn a new request into that brand only', async () => {
  const { answer } = await ask('хочу смартфон', { preferences: { brands: ['Samsung'] } });
  const brands = shownSkus(answer).map((s) => index.bySku(s)?.brand);
  assert.ok(new Set(brands).size >= 2, brands.join(', '));
  assertEvery(shownSkus(answer), (s) => Boolean(index.bySku(s)?.categories.includes('Смартфоны')));
  // A question about delivery is not a search at all, whatever was saved.
  const delivery = await ask('Как работает доставка?', { preferences: { brands: ['Samsung'] } });
  assert.equal(shownSkus(delivery.answer).length, 0);
  assert.doesNotMatch(messageOf(delivery.answer), /Samsung/);
});

test('a budget or brand in the message overrides the saved ones', async () => {
  const { answer } = await ask('наушники sony до 40000', { preferences: { budgetMax: 5000, brands: ['JBL'] } });
  assertEvery(shownSkus(answer), (s) => index.bySku(s)?.brand === 'Sony');
  assert.ok(shownSkus(answer).some((s) => (index.bySku(s)?.price ?? 0) > 5000));
});

test('preferences that leave nothing are dropped, not obeyed', async () => {
  const { answer } = await ask('холодильник', { preferences: { budgetMax: 1000, brands: ['JBL'] } });
  assert.ok(shownSkus(answer).length > 0);
  assertEvery(shownSkus(answer), (s) => index.bySku(s)?.categories.includes('Холодильники'));
});

test('a stated budget and brand are returned as learned preferences; a price bound of one search is not a budget', async () => {
  const budget = await ask('мой бюджет до 50000, нужен телевизор');
  assert.deepEqual(budget.learnedPreferences, { budgetMax: 50000 });
  const english = await ask('my budget is under 30000, I need headphones');
  assert.deepEqual(english.learnedPreferences, { budgetMax: 30000 });
  const oneSearch = await ask('чехол до 2000');
  assert.equal(oneSearch.learnedPreferences, undefined);
  const brand = await ask('хочу только samsung');
  assert.deepEqual(brand.learnedPreferences, { brands: ['Samsung'] });
  const none = await ask('чайник');
  assert.equal(none.learnedPreferences, undefined);
});

test('language: the tenant’s by default; an English message may get an English answer', async () => {
  assert.match(messageOf((await ask('наушники')).answer), /вариант/);
  assert.match(messageOf((await ask('show me wireless headphones')).answer), /option/);
  // A model name alone decides nothing: the tenant's language.
  assert.match(messageOf((await ask('iphone 15')).answer), /вариант/);
  const en = tenant({ id: 'demo-en', language: 'en' });
  assert.match(messageOf((await ask('iphone 15', { tenant: en })).answer), /option/);
  assert.match(messageOf((await ask('привет', { tenant: en })).answer), /Здравствуйте/);
  assert.match(messageOf((await ask('', { tenant: en, image: true })).answer), /photos/);
});
