import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineAnswerProblems } from '../../src/assistant/contract.ts';

test('an answer with a product lacking a name is refused', () => {
  const bad = { response: { contents: [{ type: 'products', value: [{ sku: '1' }] }] }, events: [] };
  assert.notDeepEqual(engineAnswerProblems(bad), []);
});

test('a follow_url button needs a url; open_support_chat does not', () => {
  const noUrl = { response: { contents: [{ type: 'button', value: 'Delivery', action: 'follow_url' }] }, events: [] };
  const support = { response: { contents: [{ type: 'button', value: 'Operator', action: 'open_support_chat' }] }, events: [] };
  assert.deepEqual(engineAnswerProblems(noUrl), ['follow_url button without url']);
  assert.deepEqual(engineAnswerProblems(support), []);
});

test('events accept both shapes of spec 2.6 and keep case', () => {
  const ok = { response: { contents: [{ type: 'message', value: 'hi' }] }, events: [{ type: 'WRIMP', urls: ['https://a/1'] }, { type: 'visible_impression', url: 'https://a/2' }] };
  assert.deepEqual(engineAnswerProblems(ok), []);
});
