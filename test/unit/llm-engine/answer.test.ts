import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerInText, checkModelAnswer } from '../../../src/assistant/llm-engine/answer.ts';

const ALL = ['open_support_chat', 'follow_url'] as const;

test('a full answer is normalised: SKUs from strings or {sku}, lists trimmed, deduplicated and cut', () => {
  const checked = checkModelAnswer(
    {
      text: '  Вот.  ',
      products: ['1', { sku: '2', name: 'ignored' }, '1', ' '],
      products_title: ' Телефоны ',
      quick_replies: ['a', 'a', 'b', 'c', 'd', 'e'],
      buttons: [{ label: 'Оператор', action: 'open_support_chat', url: null }],
      preferences: { budget_max: 30000, budget_min: null, brands: ['Samsung', ''], sizes: ['42'], extra: 1 },
      chain_of_thought: 'extra fields are ignored',
    },
    [...ALL],
  );
  assert.ok('answer' in checked, JSON.stringify(checked));
  assert.deepEqual(checked.answer, {
    text: 'Вот.',
    products: ['1', '2'],
    productsTitle: 'Телефоны',
    quickReplies: ['a', 'b', 'c', 'd'],
    buttons: [{ label: 'Оператор', action: 'open_support_chat' }],
    preferences: { budgetMax: 30000, brands: ['Samsung'], sizes: ['42'] },
  });
});

test('structural problems are reported for the repair: no text, wrong types, unknown action, follow_url without url', () => {
  const bad: unknown[] = [
    {},
    { text: '' },
    { text: '   ' },
    { text: 5 },
    { text: 'ok', products: 'S24' },
    { text: 'ok', buttons: [{ label: 'x', action: 'self_destruct' }] },
    { text: 'ok', buttons: [{ label: 'x', action: 'follow_url' }] },
    { text: 'ok', buttons: [{ label: 'x', action: 'follow_url', url: 'javascript:alert(1)' }] },
    'just a string',
  ];
  for (const raw of bad) {
    const checked = checkModelAnswer(raw, [...ALL]);
    assert.ok('problems' in checked && checked.problems.length > 0, JSON.stringify(raw));
  }
});

test('an action the shop does not offer is a problem', () => {
  const checked = checkModelAnswer({ text: 'ok', buttons: [{ label: 'Оператор', action: 'open_support_chat' }] }, ['follow_url']);
  assert.ok('problems' in checked);
});

test('nonsense preferences are dropped, not failed', () => {
  const checked = checkModelAnswer({ text: 'ok', preferences: { budget_max: -5, budget_min: 100000, brands: [] } }, []);
  assert.ok('answer' in checked);
  assert.deepEqual(checked.answer.preferences, { budgetMin: 100000 });
  const inverted = checkModelAnswer({ text: 'ok', preferences: { budget_max: 100, budget_min: 500 } }, []);
  assert.ok('answer' in inverted);
  assert.deepEqual(inverted.answer.preferences, { budgetMax: 100 });
});

test('an answer in text: bare JSON, fenced JSON, a wrapped tool call; nothing for prose', () => {
  assert.deepEqual(answerInText('{"text": "hi"}'), { text: 'hi' });
  assert.deepEqual(answerInText('Sure:\n```json\n{"text": "hi", "products": ["1"]}\n```'), { text: 'hi', products: ['1'] });
  assert.deepEqual(answerInText('{"name": "answer", "arguments": {"text": "hi"}}'), { text: 'hi' });
  assert.deepEqual(answerInText('{"name": "answer", "arguments": "{\\"text\\": \\"hi\\"}"}'), { text: 'hi' });
  assert.equal(answerInText('Hello! How can I help?'), undefined);
  assert.equal(answerInText('{not json}'), undefined);
  assert.equal(answerInText('[1, 2]'), undefined);
});
