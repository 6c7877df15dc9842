/**
 * The language-model engine through HTTP (`POST /shopping/generate`) on SQLite and
 * PostgreSQL, against a fake OpenAI-compatible server on a local port: what the model is
 * sent (prompt, tools, settings, history from storage, page, saved preferences, the photo),
 * tool-call round trips, cards filled from the catalogue by SKU, invented SKUs dropped,
 * buttons limited to what the shop allows, one repair then 502, timeout and error →
 * catalogue fallback (or 500 when the tenant turned it off), and memory between dialogs.
 */
import { describe, test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../helpers/assert.ts';
import type { LightMyRequestResponse } from 'fastify';
import { DIALECTS, skipFor } from '../helpers/storage.ts';
import { readSharedData, sharedDataSkip } from '../helpers/shared-data.ts';
import { rowCount } from '../helpers/rows.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { answerReply, startFakeOpenAI, toolReply, transcript, type FakeOpenAI, type RecordedRequest } from '../helpers/fake-openai.ts';
import { llmEngineCounters } from '../../src/assistant/llm-engine/metrics.ts';

const HOPPER_JPEG = readSharedData('images/pillow_testimages/hopper.jpg').toString('base64');
const KEY_VARIABLE = 'AISLE_TEST_LLM_KEY';
process.env[KEY_VARIABLE] = 'sk-test-key';

const S24 = { sku: '101001', name: 'Смартфон Samsung Galaxy S24 8/128 ГБ, чёрный', price: 74990 };
const S24_256 = { sku: '101002', name: 'Смартфон Samsung Galaxy S24 8/256 ГБ, фиолетовый', price: 82990 };

function tenants(baseUrl: string): unknown[] {
  const llm = (extra: object = {}) => ({ baseUrl, model: 'fake-model', apiKeyEnv: KEY_VARIABLE, timeoutMs: 5000, maxTokens: 700, temperature: 0.2, ...extra });
  const links = [{ topic: 'delivery', label: 'Доставка', url: 'https://shop.example/delivery', keywords: ['доставк'] }];
  return [
    { id: 'llm-a', name: 'Лавка Ромашка', memory: true, links, allowedLinkHosts: ['help.shop.example'], engine: { type: 'llm', llm: llm() } },
    { id: 'llm-nomem', name: 'Forgetful Shop', memory: false, engine: { type: 'llm', llm: llm() } },
    { id: 'llm-md', name: 'Markdown Shop', messageFormat: 'markdown', supportChat: false, engine: { type: 'llm', llm: llm({ systemPrompt: 'Ты — вежливый консультант магазина {shopName}. Язык ответа: {language}.' }) } },
    { id: 'llm-slow', name: 'Slow Model Shop', engine: { type: 'llm', llm: llm({ timeoutMs: 300 }) } },
    { id: 'llm-strict', name: 'No Fallback Shop', engine: { type: 'llm', llm: llm({ timeoutMs: 300, fallbackToCatalog: false }) } },
    { id: 'llm-vision', name: 'Vision Shop', engine: { type: 'llm', llm: llm({ acceptsImages: true }) } },
    { id: 'llm-oneround', name: 'One Round Shop', engine: { type: 'llm', llm: llm({ maxToolRounds: 1 }) } },
    { id: 'catalog-shop', name: 'Catalogue Shop' },
  ];
}

interface Turn {
  tenant?: string;
  resourceId?: string;
  threadId?: string;
  content?: unknown;
  ctx?: object;
  token?: string;
}

type Block = { type: string; value: unknown; action?: string; url?: string; title?: string; shelf_id?: string; source_query?: string };
type Card = { sku: string; name: string; price: number | null; url?: string; events?: Array<{ type: string; url: string }> };

const blocks = (res: LightMyRequestResponse): Block[] => res.json().response.contents as Block[];
const cards = (res: LightMyRequestResponse): Card[] => (blocks(res).find((b) => b.type === 'products')?.value as Card[] | undefined) ?? [];
const message = (res: LightMyRequestResponse): string => String(blocks(res).find((b) => b.type === 'message')?.value ?? '');
const systemOf = (r: RecordedRequest): string => String(r.body.messages.find((m) => m.role === 'system')?.content ?? '');
const toolNames = (r: RecordedRequest): string[] => (r.body.tools ?? []).map((t) => t.function.name);

for (const dialect of DIALECTS) {
  describe(`LLM engine [${dialect}]`, { skip: skipFor(dialect) }, () => {
    let t: TestApp;
    let fake: FakeOpenAI;
    let n = 0;

    const generate = (turn: Turn): Promise<LightMyRequestResponse> =>
      t.app.inject({
        method: 'POST',
        url: '/shopping/generate',
        headers: turn.token ? auth(turn.token) : {},
        payload: {
          threadId: turn.threadId ?? `thread-${++n}`,
          resourceId: turn.resourceId ?? `buyer-${n}`,
          messages: [{ role: 'user', content: turn.content ?? 'Нужен смартфон Samsung' }],
          runtimeContext: { tenant_id: turn.tenant ?? 'llm-a', ...(turn.ctx ? { ctx: turn.ctx } : {}) },
        },
      });
    const count = (table: 'messages' | 'dialogs' | 'buyer_preferences') => rowCount(t.database.storage.db, table);

    before(async () => {
      fake = await startFakeOpenAI();
      t = await buildTestApp(dialect, { tenants: tenants(fake.baseUrl), env: NO_RATE_LIMITS });
    });
    after(async () => {
      await t.close();
      await fake.close();
    });
    beforeEach(() => fake.reset());

    test('what the model gets: settings, key, system prompt with shop, rules and page, the tool list', async () => {
      fake.enqueue(answerReply({ text: 'Вот что есть.' }));
      const res = await generate({ ctx: { type: 'PRODUCT', data: ['101001'], lng: 'msk', attributes: { storeId: 'store-7' } } });
      assert.equal(res.statusCode, 200, res.body);
      const sent = fake.requests[0]!;
      assert.equal(sent.body.model, 'fake-model');
      assert.equal(sent.body.max_tokens, 700);
      assert.equal(sent.body.temperature, 0.2);
      assert.equal(sent.headers.authorization, 'Bearer sk-test-key', 'the key from the variable the tenant names');
      assert.deepEqual(toolNames(sent), ['search_products', 'get_products', 'similar_products', 'complementary_products', 'answer']);
      const system = systemOf(sent);
      assert.match(system, /shopping assistant of Лавка Ромашка/);
      assert.match(system, /Write in Russian/);
      assert.match(system, /exact SKU/);
      assert.match(system, /Page type: PRODUCT/);
      assert.match(system, /Product on the page: SKU 101001 «Смартфон Samsung Galaxy S24/);
      assert.match(system, /Service zone: msk/);
      assert.match(system, /Selected store: store-7/);
      assert.match(system, /follow_url` only to the shop's pages/);
      assert.match(system, /https:\/\/shop\.example\/delivery/);
      assert.match(system, /plain text: no Markdown/);
      assert.equal(sent.body.messages.at(-1)?.content, 'Нужен смартфон Samsung');
    });

    test("a tenant's own prompt replaces the persona, with {shopName} and {language} filled; the rules stay", async () => {
      fake.enqueue(answerReply({ text: 'Здравствуйте!' }));
      assert.equal((await generate({ tenant: 'llm-md', content: 'привет' })).statusCode, 200);
      const system = systemOf(fake.requests[0]!);
      assert.match(system, /^Ты — вежливый консультант магазина Markdown Shop\. Язык ответа: Russian\./);
      assert.match(system, /Finish every turn by calling the `answer` tool/);
      assert.match(system, /simple Markdown/);
      assert.match(system, /Do not add buttons/);
    });

    test('a tool round trip: the search runs on the catalogue, its results go back to the model, cards come from the catalogue', async () => {
      fake.enqueue(
        toolReply('search_products', { query: 'смартфон', brands: ['samsung'], price_max: 80000 }),
        answerReply({ text: 'Лучший выбор — Galaxy S24.', products: ['101001', '101004'], products_title: 'Смартфоны Samsung', quick_replies: ['А подешевле?', 'Сравни их'] }),
      );
      const res = await generate({});
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(fake.requests.length, 2);
      const toolMessage = fake.requests[1]!.body.messages.find((m) => m.role === 'tool');
      assert.ok(toolMessage, 'the tool result went back to the model');
      const result = JSON.parse(String(toolMessage.content));
      assert.ok(result.found > 0);
      assertEvery(result.products, (p: { brand: string; price: number }) => p.brand === 'Samsung' && p.price <= 80000, 'the filters applied');
      assert.ok(result.products.some((p: { sku: string }) => p.sku === '101001'));
      const answer = res.json();
      assert.equal(message(res), 'Лучший выбор — Galaxy S24.');
      const block = blocks(res).find((b) => b.type === 'products')!;
      assert.equal(block.title, 'Смартфоны Samsung');
      assert.equal(block.source_query, 'смартфон');
      assert.ok(block.shelf_id);
      assert.deepEqual(cards(res).map((c) => c.sku), ['101001', '101004']);
      assert.deepEqual(answer.response.ui.suggests, ['А подешевле?', 'Сравни их']);
      for (const c of cards(res)) {
        assert.deepEqual(c.events?.map((e) => e.type), ['click', 'visible_impression']);
        assert.match(c.events![0]!.url, /^https:\/\/aisle\.test\/shopping\/events\//);
      }
      assert.deepEqual(answer.events.map((e: { type: string }) => e.type), ['IMP', 'WRIMP', 'visible_impression', 'like', 'dislike']);
    });

    test("cards are filled from the catalogue: the model's names, prices and links never reach them", async () => {
      fake.enqueue(answerReply({ text: 'Держите.', products: [{ sku: '101001', name: 'Супер-телефон', price: 1, url: 'https://evil.example/' }, '101002'] }));
      const res = await generate({});
      assert.equal(res.statusCode, 200, res.body);
      const [first, second] = cards(res);
      assert.equal(first!.name, S24.name);
      assert.equal(first!.price, S24.price);
      assert.equal(first!.url, 'https://demo.aisle.example/p/101001');
      assert.equal(second!.name, S24_256.name);
      assert.equal(second!.price, S24_256.price);
    });

    test('an invented SKU is dropped; only invented ones leave no products block', async () => {
      fake.enqueue(answerReply({ text: 'Вот.', products: ['NOPE-404', '101002', '101002'] }));
      assert.deepEqual(cards(await generate({})).map((c) => c.sku), ['101002']);
      fake.enqueue(answerReply({ text: 'Вот.', products: ['NOPE-1', 'NOPE-2'] }));
      const res = await generate({});
      assert.equal(res.statusCode, 200);
      assert.equal(blocks(res).some((b) => b.type === 'products'), false);
      assert.deepEqual(res.json().events.map((e: { type: string }) => e.type), ['like', 'dislike'], 'no block events without cards');
    });

    test('buttons: support chat where the shop has one; follow_url only to allowed hosts', async () => {
      fake.enqueue(
        answerReply({
          text: 'Вот ссылки.',
          buttons: [
            { label: 'Оператор', action: 'open_support_chat' },
            { label: 'Доставка', action: 'follow_url', url: 'https://shop.example/delivery' },
            { label: 'Справка', action: 'follow_url', url: 'https://help.shop.example/faq' },
            { label: 'Чужой сайт', action: 'follow_url', url: 'https://evil.example/phish' },
          ],
        }),
      );
      const res = await generate({});
      assert.deepEqual(
        blocks(res).filter((b) => b.type === 'button').map((b) => [b.action, b.url ?? null]),
        [
          ['open_support_chat', null],
          ['follow_url', 'https://shop.example/delivery'],
          ['follow_url', 'https://help.shop.example/faq'],
        ],
      );
      const schema = JSON.stringify(fake.requests[0]!.body.tools!.find((x) => x.function.name === 'answer'));
      assert.match(schema, /open_support_chat/);
      // A shop without support chat and links offers no buttons; one sent anyway is not shown.
      fake.enqueue(answerReply({ text: 'Позову оператора.', buttons: [{ label: 'Оператор', action: 'open_support_chat' }] }));
      const md = await generate({ tenant: 'llm-md' });
      assert.equal(md.statusCode, 200);
      assert.equal(blocks(md).some((b) => b.type === 'button'), false);
    });

    test('message format: Markdown is removed for plain_text tenants and kept for markdown tenants', async () => {
      const text = '**Galaxy S24** — хороший выбор. Подробнее: [доставка](https://shop.example/delivery)';
      fake.enqueue(answerReply({ text }));
      const plain = await generate({});
      assert.equal(plain.json().messageFormat, 'plain_text');
      assert.equal(message(plain), 'Galaxy S24 — хороший выбор. Подробнее: доставка (https://shop.example/delivery)');
      fake.enqueue(answerReply({ text }));
      const md = await generate({ tenant: 'llm-md' });
      assert.equal(md.json().messageFormat, 'markdown');
      assert.equal(message(md), text);
    });

    test('an answer written as JSON text instead of a tool call is accepted', async () => {
      fake.enqueue({ text: '```json\n{"text": "Смотрите S24.", "products": ["101001"]}\n```' });
      const res = await generate({});
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(message(res), 'Смотрите S24.');
      assert.deepEqual(cards(res).map((c) => c.sku), ['101001']);
    });

    test('an invalid answer gets one repair attempt with the problems; a good repair is shown', async () => {
      const repairs = llmEngineCounters.repairs;
      fake.enqueue(answerReply({ products: ['101001'] }), answerReply({ text: 'Исправленный ответ.', products: ['101001'] }));
      const res = await generate({});
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(message(res), 'Исправленный ответ.');
      assert.equal(fake.requests.length, 2);
      const feedback = fake.requests[1]!.body.messages.find((m) => m.role === 'tool');
      assert.match(String(feedback?.content), /invalid/);
      assert.match(String(feedback?.content), /text/);
      assert.deepEqual(toolNames(fake.requests[1]!), ['answer'], 'the repair may only answer');
      assert.equal(llmEngineCounters.repairs, repairs + 1);
    });

    test('a plain-text reply is sent back once; a second failure is 502 ASSISTANT_INVALID_ANSWER and nothing is stored', async () => {
      const [messages, dialogs, invalid] = [await count('messages'), await count('dialogs'), llmEngineCounters.invalidAnswers];
      fake.enqueue({ text: 'Конечно! Вот смартфоны Samsung.' }, answerReply({ text: '', buttons: 'nope' }));
      const res = await generate({ threadId: 'invalid-1' });
      assert.equal(res.statusCode, 502, res.body);
      assert.equal(res.json().code, 'ASSISTANT_INVALID_ANSWER');
      assert.equal(fake.requests.length, 2, 'one repair attempt, not more');
      assert.match(transcript(fake.requests[1]!), /could not be shown to the buyer/);
      assert.equal(await count('messages'), messages);
      assert.equal(await count('dialogs'), dialogs);
      assert.equal(llmEngineCounters.invalidAnswers, invalid + 1);

      fake.enqueue(answerReply('{"text": broken json'), answerReply({ text: 'ok', buttons: [{ label: 'x', action: 'self_destruct' }] }));
      const again = await generate({ threadId: 'invalid-2' });
      assert.equal(again.statusCode, 502);
      assert.equal(fake.requests.length, 4);
    });

    test('a model timeout: the catalogue engine answers (200), and the fallback is counted', async () => {
      const [total, timeouts, ofTenant] = [llmEngineCounters.fallbacks, llmEngineCounters.fallbacksByReason.timeout, llmEngineCounters.fallbacksByTenant.get('llm-slow') ?? 0];
      fake.enqueue({ hang: true });
      const started = performance.now();
      const res = await generate({ tenant: 'llm-slow', content: 'Нужен смартфон Samsung' });
      assert.equal(res.statusCode, 200, res.body);
      assert.ok(performance.now() - started < 3000);
      assertEvery(cards(res), (c) => c.name.includes('Samsung'), 'the catalogue engine found Samsung phones');
      assert.equal(blocks(res).find((b) => b.type === 'products')?.shelf_id, 'aisle-search');
      assert.ok(res.json().assistantMessageId, 'the answer is stored like any other');
      assert.equal(llmEngineCounters.fallbacks, total + 1);
      assert.equal(llmEngineCounters.fallbacksByReason.timeout, timeouts + 1);
      assert.equal(llmEngineCounters.fallbacksByTenant.get('llm-slow'), ofTenant + 1);
    });

    test('a model error (HTTP 500) also falls back to the catalogue engine', async () => {
      const errors = llmEngineCounters.fallbacksByReason.error;
      fake.enqueue({ status: 500, body: { error: { message: 'model crashed' } } });
      const res = await generate({ tenant: 'llm-nomem', content: 'телевизор' });
      assert.equal(res.statusCode, 200, res.body);
      assert.ok(cards(res).length > 0);
      assert.equal(llmEngineCounters.fallbacksByReason.error, errors + 1);
      assert.equal(fake.requests.length, 1, 'no retry inside the turn');
    });

    test('with the fallback turned off, a timeout is a 500 and nothing is stored; the log has no message text', async () => {
      const [messages, failures] = [await count('messages'), llmEngineCounters.failures];
      fake.enqueue({ hang: true });
      const res = await generate({ tenant: 'llm-strict', content: 'Секретный запрос про холодильник' });
      assert.equal(res.statusCode, 500, res.body);
      assert.equal(res.json().code, 'ASSISTANT_FAILED');
      assert.equal(await count('messages'), messages);
      assert.equal(llmEngineCounters.failures, failures + 1);
      assert.doesNotMatch(t.logText(), /Секретный запрос/);
    });

    test('a photo goes to a model that accepts images, as an image part of the user message', { skip: sharedDataSkip }, async () => {
      fake.enqueue(answerReply({ text: 'На фото портрет; похожих товаров нет.' }));
      const res = await generate({ tenant: 'llm-vision', content: [{ type: 'text', text: 'Что это?' }, { type: 'image', source: { type: 'base64', mediaType: 'image/jpeg', data: HOPPER_JPEG } }] });
      assert.equal(res.statusCode, 200, res.body);
      const last = fake.requests[0]!.body.messages.at(-1)!;
      assert.ok(Array.isArray(last.content));
      const parts = last.content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
      assert.equal(parts.find((p) => p.type === 'text')?.text, 'Что это?');
      const image = parts.find((p) => p.type === 'image_url');
      assert.ok(image, 'an image part reached the model');
      assert.match(image.image_url!.url, /^data:image\/jpeg;base64,\/9j\//, 'the normalised JPEG');
      assert.equal(message(res), 'На фото портрет; похожих товаров нет.');
    });

    test('a photo for a model without images: a polite note, the text still answered; a photo alone needs no model', { skip: sharedDataSkip }, async () => {
      fake.enqueue(answerReply({ text: 'Вот чехлы.', products: ['101001'] }));
      const res = await generate({ content: [{ type: 'text', text: 'Подбери чехол' }, { type: 'image', source: { type: 'base64', mediaType: 'image/jpeg', data: HOPPER_JPEG } }] });
      assert.equal(res.statusCode, 200, res.body);
      assert.match(message(res), /^К сожалению, фотографии здесь пока не поддерживаются/);
      assert.match(message(res), /Вот чехлы\.$/);
      const sent = JSON.stringify(fake.requests[0]!.body.messages);
      assert.doesNotMatch(sent, /image_url/);
      assert.match(sent, /attached a photo/);

      fake.reset();
      const alone = await generate({ content: [{ type: 'image', source: { type: 'base64', mediaType: 'image/jpeg', data: HOPPER_JPEG } }] });
      assert.equal(alone.statusCode, 200, alone.body);
      assert.equal(fake.requests.length, 0, 'no model call');
      assert.match(message(alone), /фотографи/);
    });

    test("the dialog's earlier turns come from storage: the second turn's request holds the first turn", async () => {
      fake.enqueue(answerReply({ text: 'Советую Galaxy S24.', products: ['101001'] }));
      assert.equal((await generate({ threadId: 'history-1', resourceId: 'h-buyer', content: 'Ищу смартфон Samsung' })).statusCode, 200);
      fake.enqueue(answerReply({ text: 'Есть A55 дешевле.', products: ['101004'] }));
      assert.equal((await generate({ threadId: 'history-1', resourceId: 'h-buyer', content: 'А подешевле?' })).statusCode, 200);
      const second = fake.requests[1]!.body.messages.filter((m) => m.role !== 'system');
      assert.deepEqual(second.map((m) => m.role), ['user', 'assistant', 'user']);
      assert.equal(second[0]!.content, 'Ищу смартфон Samsung');
      assert.match(String(second[1]!.content), /^Советую Galaxy S24\.\n\[Product cards shown: 101001 «Смартфон Samsung Galaxy S24/);
      assert.equal(second[2]!.content, 'А подешевле?');
      // Another dialog of the same buyer starts empty.
      fake.enqueue(answerReply({ text: 'Здравствуйте!' }));
      await generate({ threadId: 'history-2', resourceId: 'h-buyer', content: 'Привет' });
      assert.equal(fake.requests[2]!.body.messages.filter((m) => m.role !== 'system').length, 1);
    });

    test('tool rounds are bounded: after the last round only the answer tool is offered', async () => {
      fake.enqueue(toolReply('search_products', { query: 'чайник' }), answerReply({ text: 'Вот чайники.' }));
      const res = await generate({ tenant: 'llm-oneround', content: 'чайник' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(toolNames(fake.requests[0]!).length, 5);
      assert.deepEqual(toolNames(fake.requests[1]!), ['answer']);
    });

    test('preferences stated in one dialog reach the model in a new dialog with memory on, also after hiding the first', async () => {
      const token = await registerGuest(t.app, 'llm-a', 'pref-buyer');
      fake.enqueue(answerReply({ text: 'Учту.', preferences: { budget_max: 30000, brands: ['samsung'], sizes: ['42'], constraints: ['без лактозы'] } }));
      const first = await generate({ token, resourceId: 'pref-buyer', threadId: 'pref-1', content: 'Я ношу 42 размер, бюджет до 30 000, люблю Samsung, не пью молоко' });
      assert.equal(first.statusCode, 200, first.body);
      fake.enqueue(answerReply({ text: 'Вот.' }));
      await generate({ token, resourceId: 'pref-buyer', threadId: 'pref-2', content: 'Нужны наушники' });
      const system = systemOf(fake.requests[1]!);
      assert.match(system, /What this buyer told us in earlier dialogs/);
      assert.match(system, /budget up to 30000 ₽/);
      assert.match(system, /brands: Samsung/, 'in the catalogue spelling');
      assert.match(system, /sizes: 42/);
      assert.match(system, /без лактозы/);
      assert.doesNotMatch(transcript(fake.requests[1]!), /не пью молоко/, 'the earlier dialog itself does not cross over');

      assert.equal((await t.app.inject({ method: 'DELETE', url: '/shopping/dialogs/pref-1', headers: auth(token) })).statusCode, 204);
      fake.enqueue(answerReply({ text: 'Вот.' }));
      await generate({ token, resourceId: 'pref-buyer', threadId: 'pref-3', content: 'А кроссовки?' });
      assert.match(systemOf(fake.requests[2]!), /sizes: 42/, 'hiding a dialog keeps the preferences');
    });

    test('with memory off, nothing crosses dialogs', async () => {
      const saved = await count('buyer_preferences');
      fake.enqueue(answerReply({ text: 'Учту.', preferences: { budget_max: 30000, sizes: ['42'] } }));
      await generate({ tenant: 'llm-nomem', resourceId: 'forgetful', threadId: 'nm-1', content: 'Ношу 42 размер, бюджет до 30 000' });
      fake.enqueue(answerReply({ text: 'Вот.' }));
      await generate({ tenant: 'llm-nomem', resourceId: 'forgetful', threadId: 'nm-2', content: 'Нужны кроссовки' });
      assert.doesNotMatch(systemOf(fake.requests[1]!), /earlier dialogs|sizes: 42|30000/);
      assert.equal(await count('buyer_preferences'), saved, 'nothing saved');
    });

    test('tenants without engine.type llm keep the catalogue engine', async () => {
      const res = await generate({ tenant: 'catalog-shop' });
      assert.equal(res.statusCode, 200);
      assert.equal(fake.requests.length, 0);
      assert.equal(blocks(res).find((b) => b.type === 'products')?.shelf_id, 'aisle-search');
    });
  });
}
