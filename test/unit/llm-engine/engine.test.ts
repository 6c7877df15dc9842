/**
 * The engine on its own (no HTTP) against the fake OpenAI-compatible server: what it logs
 * (never message text), when it falls back, and the state it leaves for the next turn.
 */
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { createLlmEngine } from '../../../src/assistant/llm-engine/index.ts';
import { createCatalogEngine } from '../../../src/assistant/catalog-engine/index.ts';
import type { EngineRequest, EngineTurn } from '../../../src/assistant/engine.ts';
import type { CatalogIndex } from '../../../src/catalog/search/types.ts';
import { AppError } from '../../../src/errors.ts';
import { answerReply, startFakeOpenAI, toolReply, type FakeOpenAI } from '../../helpers/fake-openai.ts';
import { demoIndex, llmTenant, tracking } from './helpers.ts';

let fake: FakeOpenAI;
let index: CatalogIndex;
const logged: Array<{ obj: object; msg: string }> = [];
const log = {
  warn: (obj: object, msg: string) => logged.push({ obj, msg }),
  debug: (obj: object, msg: string) => logged.push({ obj, msg }),
} as never;

before(async () => {
  fake = await startFakeOpenAI();
  index = await demoIndex();
});
after(() => fake.close());
beforeEach(() => {
  fake.reset();
  logged.length = 0;
});

function engineFor(llm: Record<string, unknown> = {}, env: Record<string, string> = {}) {
  // Generous: a loaded machine must not turn a scripted error into a timeout.
  const tenant = llmTenant(fake.baseUrl, {}, { timeoutMs: 5000, ...llm });
  const catalogs = { get: () => index };
  return { tenant, engine: createLlmEngine(tenant, tenant.engine.llm!, { catalogs, fallback: createCatalogEngine({ catalogs }), log, env }) };
}

function request(tenant: EngineRequest['tenant'], text: string, history: EngineTurn[] = [], signal = new AbortController().signal): EngineRequest {
  return { tenant, text, image: null, page: { type: 'OTHER' }, history, preferences: null, tracking, signal };
}

test('a fallback is logged with tenant, reason and error name only — never the message', async () => {
  const { tenant, engine } = engineFor();
  fake.enqueue({ status: 500, body: { error: { message: 'overloaded' } } });
  const result = await engine.answer(request(tenant, 'Мой секретный запрос про смартфон'));
  assert.ok(result.answer.response.contents.length > 0, 'the catalogue engine answered');
  const line = JSON.stringify(logged);
  assert.match(line, /the catalogue engine answers instead/);
  assert.match(line, /"reason":"error"/);
  assert.match(line, /"status":500/);
  assert.doesNotMatch(line, /секретный|overloaded/);
});

test('an invalid answer after the repair throws ASSISTANT_INVALID_ANSWER, logged with schema problems only', async () => {
  const { tenant, engine } = engineFor();
  fake.enqueue(answerReply({ text: 7 }), answerReply({ products: ['x'] }));
  await assert.rejects(engine.answer(request(tenant, 'секретный текст')), (err: unknown) => err instanceof AppError && err.code === 'ASSISTANT_INVALID_ANSWER');
  assert.doesNotMatch(JSON.stringify(logged), /секретный/);
  assert.match(JSON.stringify(logged), /required properties text/);
});

test('when the buyer\'s request itself is cancelled, the engine does not fall back', async () => {
  const { tenant, engine } = engineFor({ timeoutMs: 5000 });
  fake.enqueue({ hang: true });
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error('turn deadline')), 100);
  await assert.rejects(engine.answer(request(tenant, 'смартфон', [], controller.signal)));
  assert.equal(logged.filter((l) => /instead/.test(l.msg)).length, 0);
});

test('a missing API key variable is reported at creation; the model is called without a key', async () => {
  const { tenant, engine } = engineFor({ apiKeyEnv: 'AISLE_UNIT_NO_SUCH_KEY' });
  assert.match(JSON.stringify(logged), /API key variable of this tenant is not set/);
  fake.enqueue(answerReply({ text: 'ok' }));
  await engine.answer(request(tenant, 'привет'));
  assert.equal(fake.requests[0]!.headers.authorization, undefined);
  const keyed = engineFor({ apiKeyEnv: 'AISLE_UNIT_KEY' }, { AISLE_UNIT_KEY: 'sk-unit' });
  fake.enqueue(answerReply({ text: 'ok' }));
  await keyed.engine.answer(request(keyed.tenant, 'привет'));
  assert.equal(fake.requests[1]!.headers.authorization, 'Bearer sk-unit');
});

test("the model's search becomes the turn's state, so a fallback turn can still refine it", async () => {
  const { tenant, engine } = engineFor();
  fake.enqueue(toolReply('search_products', { query: 'смартфон samsung' }), answerReply({ text: 'Вот.', products: ['101001', '101002'] }));
  const first = await engine.answer(request(tenant, 'смартфон samsung'));
  assert.equal(first.state?.['kind'], 'search');
  assert.deepEqual(first.state?.['shown'], ['101001', '101002']);
  const history: EngineTurn[] = [
    { role: 'user', text: 'смартфон samsung' },
    { role: 'assistant', text: 'Вот.', response: first.answer.response, state: first.state ?? null },
  ];
  fake.enqueue({ status: 503 });
  const second = await engine.answer(request(tenant, 'а подешевле?', history));
  const block = second.answer.response.contents.find((b) => b.type === 'products');
  assert.ok(block && block.type === 'products');
  assertEvery(block.value, (p) => p.brand === 'Samsung' && (p.price ?? Infinity) < 74990, 'cheaper Samsung phones from the catalogue engine');
});

test('learned preferences come back with brands in the catalogue spelling', async () => {
  const { tenant, engine } = engineFor();
  fake.enqueue(answerReply({ text: 'Учту.', preferences: { brands: ['SAMSUNG', 'NoSuchBrand'], budget_max: 20000 } }));
  const result = await engine.answer(request(tenant, 'люблю самсунг, до 20 тысяч'));
  assert.deepEqual(result.learnedPreferences, { budgetMax: 20000, brands: ['Samsung', 'NoSuchBrand'] });
});

test('with no tool rounds, the first request offers only the answer tool', async () => {
  const { tenant, engine } = engineFor({ maxToolRounds: 0 });
  fake.enqueue(answerReply({ text: 'ok' }));
  await engine.answer(request(tenant, 'привет'));
  assert.deepEqual(fake.requests[0]!.body.tools?.map((t) => t.function.name), ['answer']);
});

test('an answer cut off by the token limit is repaired without leaving an unanswered tool call in the conversation', async () => {
  const { tenant, engine } = engineFor();
  fake.enqueue({ toolCalls: [{ name: 'answer', arguments: { text: 'Вот…' } }], finishReason: 'length' }, answerReply({ text: 'Короче: вот.' }));
  const result = await engine.answer(request(tenant, 'привет'));
  assert.deepEqual(result.answer.response.contents, [{ type: 'message', value: 'Короче: вот.' }]);
  const repair = fake.requests[1]!.body.messages;
  assert.equal(repair.some((m) => m.role === 'assistant' && m.tool_calls), false);
  assert.match(String(repair.at(-1)?.content), /could not be shown[\s\S]*token limit/);
});
