import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PERSONA, dialogMessages, fillPlaceholders, systemPrompt, type PromptContext } from '../../../src/assistant/llm-engine/prompt.ts';
import { llmTenant } from './helpers.ts';

function context(extra: Partial<PromptContext> = {}): PromptContext {
  const tenant = llmTenant('http://x/v1', { language: 'en' });
  return {
    tenant,
    settings: tenant.engine.llm!,
    lang: 'en',
    page: { type: 'SEARCH', data: { query: 'kettle' } },
    pageProducts: [],
    preferences: null,
    currency: '$',
    actions: ['open_support_chat'],
    links: [],
    allowedHosts: [],
    ...extra,
  };
}

test('placeholders are filled everywhere they appear', () => {
  assert.equal(fillPlaceholders('{shopName} / {shopName} in {language}', 'Acme', 'English'), 'Acme / Acme in English');
  assert.match(DEFAULT_PERSONA, /\{shopName\}/);
});

test('the system prompt: persona, rules with the tool-round limit, page, prices; preferences only when given', () => {
  const plain = systemPrompt(context());
  assert.match(plain, /shopping assistant of Unit Shop/);
  assert.match(plain, /Write in English/);
  assert.match(plain, /At most 4 rounds of tool calls/);
  assert.match(plain, /Page type: SEARCH\nPage data: \{"query":"kettle"\}/);
  assert.match(plain, /Prices are in \$/);
  assert.doesNotMatch(plain, /earlier dialogs/);
  assert.doesNotMatch(plain, /follow_url/);
  const withPrefs = systemPrompt(context({ preferences: { budgetMin: 10, budgetMax: 50, brands: ['Bosch'], constraints: ['vegan'] } }));
  assert.match(withPrefs, /budget from 10 up to 50 \$; brands: Bosch; constraints: vegan\./);
});

test('page data is cut to a bounded length', () => {
  const prompt = systemPrompt(context({ page: { type: 'CART', data: ['x'.repeat(5000)] } }));
  assert.ok(prompt.length < 5000);
  assert.match(prompt, /…/);
});

test('dialog messages: earlier turns with the cards they showed, then the new message', () => {
  const messages = dialogMessages(
    [
      { role: 'user', text: 'kettle' },
      { role: 'assistant', text: 'Here are kettles.', response: { contents: [{ type: 'message', value: 'Here are kettles.' }, { type: 'products', value: [{ sku: 'k1', name: 'Kettle One' }, { name: 'No SKU' }] }] } },
      { role: 'user', text: '' },
    ],
    { text: 'cheaper?', image: null, sendImage: false },
  );
  assert.deepEqual(messages, [
    { role: 'user', content: 'kettle' },
    { role: 'assistant', content: 'Here are kettles.\n[Product cards shown: k1 «Kettle One»; «No SKU»]' },
    { role: 'user', content: '(a photo without text)' },
    { role: 'user', content: 'cheaper?' },
  ]);
});

test('a photo: an image part when the model takes photos, a note otherwise', () => {
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
  const [withImage] = dialogMessages([], { text: '', image: { jpeg }, sendImage: true });
  assert.ok(withImage && Array.isArray(withImage.content));
  assert.deepEqual((withImage.content as Array<{ type: string }>).map((p) => p.type), ['text', 'image']);
  const [without] = dialogMessages([], { text: 'case for this', image: { jpeg }, sendImage: false });
  assert.match(String(without?.content), /^case for this\n\n\[The buyer also attached a photo/);
});
