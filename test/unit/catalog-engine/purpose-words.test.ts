/**
 * What a buyer says an item is for, in words no card uses: headphones "for flights" are the
 * noise-cancelling ones; "with good reviews", which no card states, narrows nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { assertEvery } from '../../helpers/assert.ts';
import { PROJECT_ROOT } from '../../helpers/shared-data.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import { loadProducts } from '../catalog-search/demo-catalog.ts';
import { ask, dialogOn, index, messageOf, productsOf, shownSkus } from './helpers.ts';

const english = buildCatalogIndex(await loadProducts(resolve(PROJECT_ROOT, 'examples/demo-en/catalog.jsonl')), { language: 'en' });

test('"which headphones are best for flights?" and «наушники для самолета» show the noise-cancelling ones', async () => {
  const [flights] = await dialogOn(english, 'en', ['which headphones are best for flights?']);
  // Before: "Nothing matches "flights" — here is what this section has" over on-ear headphones first.
  assert.doesNotMatch(messageOf(flights!), /Nothing/u);
  const cards = productsOf(flights!)?.value ?? [];
  assert.ok(cards.length >= 4, messageOf(flights!));
  assertEvery(cards, (c) => /noise cancelling/iu.test(c.name));
  for (const said of ['наушники для самолета', 'наушники для перелетов']) {
    const { answer } = await ask(said);
    const skus = shownSkus(answer);
    assert.ok(skus.length >= 3, `${said}: ${messageOf(answer)}`);
    // The first cards say they cancel noise.
    assertEvery(skus.slice(0, 3), (s) => /шумоподавлени/iu.test(`${index.bySku(s)?.name} ${index.bySku(s)?.description}`), said);
  }
});

test('"with good reviews", «с хорошими отзывами», which no card states, narrow nothing', async () => {
  const [reviews] = await dialogOn(english, 'en', ['cheapest phone with good reviews']);
  // Before: one phone whose description mentions reviews.
  assert.ok((productsOf(reviews!)?.value.length ?? 0) >= 4, messageOf(reviews!));
  assert.doesNotMatch(messageOf(reviews!), /review/iu);
  const { answer } = await ask('смартфон с хорошими отзывами');
  assert.ok(shownSkus(answer).length >= 4, messageOf(answer));
  assert.doesNotMatch(messageOf(answer), /отзыв|Точного/u);
});
