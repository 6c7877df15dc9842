import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allowedHosts, buttonActions, composeLlmAnswer, toPlainText } from '../../../src/assistant/llm-engine/compose.ts';
import type { ModelAnswer } from '../../../src/assistant/llm-engine/answer.ts';
import { engineAnswerProblems } from '../../../src/assistant/contract.ts';
import { demoIndex, llmTenant, tracking } from './helpers.ts';

const links = [{ topic: 'delivery', label: 'Доставка', url: 'https://Shop.Example/delivery', keywords: ['доставк'] }];

function answer(extra: Partial<ModelAnswer> = {}): ModelAnswer {
  return { text: 'Вот.', products: [], quickReplies: [], buttons: [], preferences: null, ...extra };
}

test('toPlainText removes Markdown a plain-text client would show as symbols', () => {
  assert.equal(toPlainText('**Жирный** и __тоже__, *курсив*'), 'Жирный и тоже, курсив');
  assert.equal(toPlainText('## Заголовок\n> цитата\n`код`'), 'Заголовок\nцитата\nкод');
  assert.equal(toPlainText('См. [доставку](https://shop.example/d) и [https://a.example](https://a.example)'), 'См. доставку (https://shop.example/d) и https://a.example');
  assert.equal(toPlainText('2*3*4 = 24, snake_case_name'), '2*3*4 = 24, snake_case_name');
  assert.equal(toPlainText('- один\n- два'), '- один\n- два');
  assert.equal(toPlainText('<b>html</b>'), 'html');
});

test('allowed hosts and actions come from the tenant: links, allowedLinkHosts, support chat', () => {
  const tenant = llmTenant('http://x/v1', { links, allowedLinkHosts: ['Help.Shop.Example'] });
  assert.deepEqual(allowedHosts(tenant).sort(), ['help.shop.example', 'shop.example']);
  assert.deepEqual(buttonActions(tenant), ['open_support_chat', 'follow_url']);
  assert.deepEqual(buttonActions(llmTenant('http://x/v1', { supportChat: false })), []);
});

test('cards are built from the catalogue by SKU; unknown SKUs, duplicates and cards past eight are dropped', async () => {
  const index = await demoIndex();
  const tenant = llmTenant('http://x/v1', { showCategories: true });
  const skus = ['nope', '101001', '101001', '101002', '101003', '101004', '101005', '101006', '101007', '101008', '101009'];
  const { answer: out, shown, dropped } = composeLlmAnswer({ answer: answer({ products: skus }), tenant, index, tracking, defaultTitle: 'Подходящие товары', journal: { searches: [], seen: [] } });
  assert.deepEqual(engineAnswerProblems(out), []);
  assert.equal(shown.length, 8);
  assert.equal(dropped.skus, 1);
  const block = out.response.contents[1];
  assert.ok(block && block.type === 'products');
  assert.equal(block.title, 'Подходящие товары');
  assert.deepEqual(block.categories, ['Электроника', 'Смартфоны']);
  assert.equal(block.value[0]?.name, index.bySku('101001')?.name);
  assert.deepEqual(block.value[0]?.events, [
    { type: 'click', url: 'https://t.test/card/click/101001' },
    { type: 'visible_impression', url: 'https://t.test/card/visible_impression/101001' },
  ]);
  assert.deepEqual(out.events.map((e) => e.type), ['IMP', 'WRIMP', 'visible_impression']);
});

test('buttons: only allowed hosts, https or http, no credentials, at most three; support chat only where it exists', async () => {
  const index = await demoIndex();
  const tenant = llmTenant('http://x/v1', { links });
  const buttons: ModelAnswer['buttons'] = [
    { label: 'A', action: 'follow_url', url: 'https://shop.example/a' },
    { label: 'B', action: 'follow_url', url: 'https://user:pw@shop.example/b' },
    { label: 'C', action: 'follow_url', url: 'https://shop.example.evil.test/c' },
    { label: 'D', action: 'open_support_chat' },
    { label: 'E', action: 'follow_url', url: 'http://SHOP.example/e' },
    { label: 'F', action: 'follow_url', url: 'https://shop.example/f' },
  ];
  const { answer: out, dropped } = composeLlmAnswer({ answer: answer({ buttons }), tenant, index, tracking, defaultTitle: 't', journal: { searches: [], seen: [] } });
  assert.deepEqual(out.response.contents.filter((b) => b.type === 'button').map((b) => b.value), ['A', 'D', 'E']);
  assert.equal(dropped.buttons, 3);
  const noChat = llmTenant('http://x/v1', { links, supportChat: false });
  const second = composeLlmAnswer({ answer: answer({ buttons: [{ label: 'D', action: 'open_support_chat' }] }), tenant: noChat, index, tracking, defaultTitle: 't', journal: { searches: [], seen: [] } });
  assert.equal(second.answer.response.contents.length, 1);
});

test('the preface goes before the text; quick replies become ui.suggests; plain text for plain_text tenants', async () => {
  const index = await demoIndex();
  const { answer: out } = composeLlmAnswer({
    answer: answer({ text: '**Да**', quickReplies: ['Ещё'] }),
    tenant: llmTenant('http://x/v1'),
    index,
    tracking,
    defaultTitle: 't',
    journal: { searches: [], seen: [] },
    preface: 'Фото не поддерживаются.',
  });
  assert.deepEqual(out.response.contents, [{ type: 'message', value: 'Фото не поддерживаются.\n\nДа' }]);
  assert.deepEqual(out.response.ui, { suggests: ['Ещё'] });
  assert.deepEqual(out.events, []);
});
