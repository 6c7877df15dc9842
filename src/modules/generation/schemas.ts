/** Request and response schemas of `POST /shopping/generate` (spec 2.2–2.6, 4.5), with their reference text. */
import { Type, type Static } from 'typebox';
import { AssistantResponse, EngagementEvent } from '../../assistant/contract.ts';
import { DEBUG_STUB_LATENCY_MS, DEBUG_STUB_RESPONSE, debugStubEvents } from '../../assistant/debug-stub.ts';
import { BODY_ERRORS, errorResponses, success } from '../../plugins/error-schema.ts';
import { Id, MESSAGE_TEXT_MAX, storableText } from '../shared-schemas.ts';

export const TextPart = Type.Object(
  { type: Type.Literal('text'), text: storableText({ maxLength: MESSAGE_TEXT_MAX }) },
  { additionalProperties: false },
);

/** Format and size of the image itself are checked by the image pipeline (413/415/422), not here. */
export const ImagePart = Type.Object(
  {
    type: Type.Literal('image'),
    source: Type.Union([
      Type.Object({ type: Type.Literal('url'), url: Type.String({ minLength: 1, maxLength: 4096 }) }, { additionalProperties: false }),
      Type.Object(
        { type: Type.Literal('base64'), mediaType: Type.String({ minLength: 1, maxLength: 100 }), data: Type.String({ minLength: 1 }) },
        { additionalProperties: false },
      ),
    ]),
  },
  { additionalProperties: false },
);

export const UserMessage = Type.Object(
  {
    role: Type.Literal('user'),
    id: Type.Optional(Id),
    content: Type.Union([
      storableText({ minLength: 1, maxLength: MESSAGE_TEXT_MAX }),
      Type.Array(Type.Union([TextPart, ImagePart]), { minItems: 1, maxItems: 20 }),
    ]),
  },
  { additionalProperties: false },
);
export type UserMessage = Static<typeof UserMessage>;

export const PageCtx = Type.Object(
  {
    type: Type.Optional(storableText({ maxLength: 100 })),
    data: Type.Optional(Type.Unknown()),
    lng: Type.Optional(Type.Union([storableText({ maxLength: 100 }), Type.Null()])),
    location: Type.Optional(Type.Union([storableText({ maxLength: 2000 }), Type.Null()])),
    attributes: Type.Optional(Type.Object({ storeId: Type.Optional(storableText({ minLength: 1, maxLength: 512 })) })),
  },
  { description: 'Context of the current page; further fields are accepted and ignored.' },
);

const BASE = 'https://aisle.example.com';
const ASSISTANT_ID = '2477a0de-4d17-4b2e-bb76-9468af0d3743';
const eventLink = (payload: string) => `${BASE}/shopping/events/${payload}`;

/** A real answer of the Russian demo shop (tracking links shortened), reused by the history reference. */
export const ANSWER_EXAMPLE = {
  contents: [
    { type: 'message', value: 'Смартфон Samsung до 80 000 ₽ — вот 2 варианта. Самый доступный — Samsung Galaxy A15 4/128 ГБ за 15 990 ₽.' },
    {
      type: 'products',
      title: 'Подборка: смартфон Samsung до 80 000 ₽',
      categories: ['Электроника', 'Смартфоны'],
      shelf_id: 'aisle-search',
      source_query: 'смартфон Samsung до 80 000 ₽',
      value: [
        {
          sku: '101006',
          category_id: '101',
          name: 'Смартфон Samsung Galaxy A15 4/128 ГБ, голубой',
          price: 15990,
          features: 'Цвет: голубой; Встроенная память: 128 ГБ; Оперативная память: 4 ГБ',
          brand: 'Samsung',
          url: 'https://demo.aisle.example/p/101006',
          image_url: 'https://demo.aisle.example/img/101006.jpg',
          events: [
            { type: 'click', url: eventLink('eyJ0IjoiZGVtbyIsInkiOiJjbGljayIsInMiOiIxMDEwMDYifQ.IJCg0gKHv69yCwZincGIZA') },
            { type: 'visible_impression', url: eventLink('eyJ0IjoiZGVtbyIsInkiOiJ2aXNpYmxlX2ltcHJlc3Npb24ifQ.8sMo6BxaRWwxwY9pPkNlPQ') },
          ],
        },
        {
          sku: '101005',
          category_id: '101',
          name: 'Смартфон Samsung Galaxy A35 6/128 ГБ, чёрный',
          price: 29990,
          brand: 'Samsung',
          url: 'https://demo.aisle.example/p/101005',
          image_url: 'https://demo.aisle.example/img/101005.jpg',
        },
      ],
    },
    { type: 'button', value: 'Доставка и оплата', action: 'follow_url', url: 'https://demo.aisle.example/delivery' },
  ],
  ui: { suggests: ['Подешевле', 'Другого бренда'] },
};

/** The answer's root events: block tracking, then the reaction links of the stored answer. */
export const ANSWER_EVENTS_EXAMPLE = [
  { type: 'IMP', urls: [eventLink('eyJ0IjoiZGVtbyIsInkiOiJJTVAifQ.S8NUOCjmJApdy9LT0mElOw')] },
  { type: 'WRIMP', url: eventLink('eyJ0IjoiZGVtbyIsInkiOiJXUklNUCJ9.hAt_o0XJXnoEEI1075gadQ') },
];

const feedbackLink = (reaction: string) =>
  `${BASE}/shopping/feedback?tenant_id=demo&resourceId=buyer-1024&threadId=thread-7f3a&messageId=${ASSISTANT_ID}&reaction=${reaction}`;

export const GenerateBody = Type.Object(
  {
    threadId: Id,
    resourceId: Id,
    trafficType: Type.Optional(Type.Union([Type.Literal('real'), Type.Literal('test'), Type.Literal('debug')])),
    messages: Type.Array(UserMessage, { minItems: 1, maxItems: 10 }),
    runtimeContext: Type.Object({ tenant_id: Id, ctx: Type.Optional(PageCtx) }, { additionalProperties: false }),
  },
  {
    additionalProperties: false,
    'x-examples': {
      text: {
        summary: 'A new message on the home page, with a message id for safe retries',
        value: {
          threadId: 'thread-7f3a',
          resourceId: 'buyer-1024',
          trafficType: 'real',
          messages: [{ role: 'user', id: 'msg-0001', content: 'Нужен смартфон Samsung до 80 000' }],
          runtimeContext: { tenant_id: 'demo', ctx: { type: 'HOMEPAGE', location: 'https://demo.aisle.example/', attributes: { storeId: 'msk-tverskaya-12' } } },
        },
      },
      productPage: {
        summary: 'On a product page (the current SKU first in ctx.data), English shop',
        value: {
          threadId: 'c0a8e3f1-2b4d-4e1a-9f6c-7d2e5b8a9c10',
          resourceId: 'uid-5f2c91',
          messages: [{ role: 'user', id: 'msg-0002', content: 'What goes well with it?' }],
          runtimeContext: { tenant_id: 'demo-en', ctx: { type: 'PRODUCT', data: ['101001'], lng: null } },
        },
      },
      image: {
        summary: 'Text and a photo by URL (at most one image per message)',
        value: {
          threadId: 'thread-7f3a',
          resourceId: 'buyer-1024',
          messages: [
            {
              role: 'user',
              id: 'msg-0003',
              content: [
                { type: 'text', text: 'Найди похожие кроссовки' },
                { type: 'image', source: { type: 'url', url: 'https://cdn.example.org/photos/sneakers.jpg' } },
              ],
            },
          ],
          runtimeContext: { tenant_id: 'demo', ctx: { type: 'SEARCH', data: 'кроссовки' } },
        },
      },
      debug: {
        summary: 'Debug traffic: the fixed stub, nothing stored, no model called',
        value: { threadId: 'debug-1', resourceId: 'qa-bot', trafficType: 'debug', messages: [{ role: 'user', content: 'ping' }], runtimeContext: { tenant_id: 'demo' } },
      },
    },
  },
);
export type GenerateBody = Static<typeof GenerateBody>;

export const GenerateResponse = Type.Object({
  threadId: Type.String(),
  resourceId: Type.String(),
  assistantMessageId: Type.Optional(Type.String({ description: 'Id of the stored answer: `messageId` for feedback, `through_message_id` for sharing. Absent for debug traffic.' })),
  messageFormat: Type.Optional(Type.Union([Type.Literal('plain_text'), Type.Literal('markdown')], { description: 'How to render `message` blocks: plain text, or Markdown rendered safely.' })),
  response: AssistantResponse,
  responseLatencyMs: Type.Optional(Type.Number({ description: 'Time Aisle took to answer, in milliseconds.' })),
  events: Type.Optional(Type.Array(EngagementEvent, { description: 'Block tracking links and, for a stored answer, the `like` / `dislike` links.' })),
});
export type GenerateResponse = Static<typeof GenerateResponse>;

export const generateSchema = {
  tags: ['generation'],
  summary: "Send the buyer's new message and get the assistant's answer",
  description: [
    "Sends the buyer's **new** message (never the whole history) and returns the answer as blocks the client renders: `message`",
    "(text in `messageFormat`), `products` (cards from the shop's catalogue; price, availability, the product page and the cart stay the",
    'client\'s job), `button` (`open_support_chat`: open your own operator chat; `follow_url`: open `url`), quick replies in',
    '`response.ui.suggests`, and tracking links in `events`.',
    '',
    'Aisle keeps the dialog by `threadId`, which the client creates for a new conversation and keeps across turns: the first request',
    'with a new `threadId` creates the dialog. `resourceId` is the buyer\'s stable id. `runtimeContext.tenant_id` must be a known',
    'section. `runtimeContext.ctx` describes the page: `type` one of `HOMEPAGE`, `PRODUCT`, `CART`, `CATEGORY`, `SEARCH`, `OTHER`',
    '(anything else counts as `OTHER`); `data` the SKUs, categories, search query or cart SKUs (on `PRODUCT` the current SKU first);',
    '`attributes.storeId` the chosen store, sent with every request while a store is chosen and omitted (not empty) otherwise.',
    '',
    "**Access.** A resource registered through POST /shopping/guest-sessions needs `Authorization: Bearer <accessToken>` for this",
    'request, including debug traffic and retries; a resource never registered works without it. The section\'s IP allow-list applies.',
    'A dialog of another guest session (even with an equal `resourceId`) or a hidden dialog answers 404.',
    '',
    '**Limits.** `threadId`, `resourceId`, `tenant_id` and message ids: 1–512 characters. A message\'s text: at most 8,000 characters.',
    'At most 10 messages (the last one is the new message). Text and identifiers must not contain U+0000 or an unpaired surrogate.',
    'At most one image per message: JPEG, PNG or WebP, at most 5 MiB before Base64 and 16,000,000 pixels. Base64 is raw (no `data:`',
    'prefix) and `mediaType` must match the content; a URL must be public HTTPS without user name or password, answer with an image',
    '`Content-Type`, and finish within 3 redirects and 10 seconds. Images are turned upright, shrunk to 2048 × 2048 at most and stored',
    'as JPEG. The whole body is at most 8 MiB.',
    '',
    '**Retry.** Give each new message a stable `messages[].id` and keep it, with the same `threadId`, `resourceId` and request data,',
    'when repeating the request: the stored answer comes back (same `assistantMessageId`) without answering again, also while the first',
    'request is still running. The same id with different request data answers 409 MESSAGE_ID_CONFLICT. Without an id a retry after a',
    'lost response may store a second message, so do not retry automatically after a network error.',
    '',
    '**Debug.** With `trafficType: "debug"` the request must still be valid; the answer is a fixed stub (one `message` block, one',
    '`products` block with two products, three quick replies, one `visible_impression` link) and nothing is stored, no model is',
    'called and no feedback links are given; send no feedback for it.',
    '',
    '**Events.** Call each URL with GET as it is, only for events that arrived: `IMP` after the block first renders; `WRIMP` when the',
    'block is at least 50 % visible for 1 second; `visible_impression` when a card is at least 50 % visible; `click` (on a card) on',
    'every click; `like` / `dislike` (root `events`, present once the answer is stored) only when the buyer presses the reaction.',
    'Impressions once per real display, not per re-render; a failed tracking call must not block the interface.',
  ].join('\n'),
  security: [{ guestToken: [] as string[] }, {}] as Array<Record<string, string[]>>,
  body: GenerateBody,
  response: {
    200: success(GenerateResponse, {
      description: 'The answer, stored with the message (except for debug traffic).',
      examples: {
        answer: {
          summary: 'Products from the catalogue, a link button, quick replies, tracking and reaction links',
          value: {
            threadId: 'thread-7f3a',
            resourceId: 'buyer-1024',
            assistantMessageId: ASSISTANT_ID,
            messageFormat: 'markdown',
            response: ANSWER_EXAMPLE,
            responseLatencyMs: 76,
            events: [...ANSWER_EVENTS_EXAMPLE, { type: 'like', url: feedbackLink('like') }, { type: 'dislike', url: feedbackLink('dislike') }],
          },
        },
        debug: {
          summary: 'The debug stub',
          value: {
            threadId: 'debug-1',
            resourceId: 'qa-bot',
            // The stub itself, so the example cannot drift from what debug traffic gets.
            response: DEBUG_STUB_RESPONSE,
            responseLatencyMs: DEBUG_STUB_LATENCY_MS,
            events: debugStubEvents(BASE),
          },
        },
      },
    }),
    ...errorResponses({
      INVALID_REQUEST: {
        when:
          'the body is outside the contract (a missing, unknown or mistyped field, an empty identifier, a limit exceeded, text with U+0000 or an unpaired surrogate), `runtimeContext.tenant_id` is not a known section, a message is empty or has more than one image, Base64 is not raw Base64, or an image URL is not public HTTPS or redirects more than 3 times',
        example: 'body has an unexpected field "stream"',
      },
      ...BODY_ERRORS,
      GUEST_TOKEN_REQUIRED: true,
      INVALID_GUEST_TOKEN: true,
      GUEST_RESOURCE_MISMATCH: true,
      IP_NOT_ALLOWED: true,
      DIALOG_NOT_FOUND: 'the dialog is hidden, or belongs to another guest session (even with an equal `resourceId`)',
      MESSAGE_ID_CONFLICT: 'this `messages[].id` was already used in this dialog for a request with different data',
      IMAGE_TOO_LARGE: { when: 'the image is over 5 MiB (before Base64) or over 16,000,000 pixels', example: 'The image is larger than 16,000,000 pixels' },
      IMAGE_UNSUPPORTED: {
        when: 'the image is not JPEG, PNG or WebP, or its content does not match `mediaType` (or the URL\'s `Content-Type`)',
        example: 'The image must be JPEG, PNG or WebP',
      },
      IMAGE_UNPROCESSABLE: { when: 'the image is damaged or cannot be decoded, or its URL could not be downloaded', example: 'The image is damaged or cannot be processed' },
      ASSISTANT_FAILED: 'the assistant could not answer (the model failed or took longer than 120 seconds); nothing was stored, so the same request may be retried',
      INTERNAL: true,
      ASSISTANT_INVALID_ANSWER: 'the assistant\'s answer failed structural validation; nothing was stored',
      AUTH_STORAGE_UNAVAILABLE: true,
      IMAGE_FETCH_TIMEOUT: 'the image URL was not downloaded within 10 seconds',
    }),
  },
};
