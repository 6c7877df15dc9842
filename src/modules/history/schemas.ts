/** Schemas of `POST /shopping/history` (spec 2.8, 4.6), with their reference text. */
import { Type, type Static } from 'typebox';
import { AssistantResponse, EngagementEvent } from '../../assistant/contract.ts';
import { BODY_ERRORS, errorResponses, success } from '../../plugins/error-schema.ts';
import { ANSWER_EXAMPLE, ANSWER_EVENTS_EXAMPLE } from '../generation/index.ts';
import { Id } from '../shared-schemas.ts';

export const HistoryBody = Type.Object(
  {
    tenant_id: Id,
    resourceId: Id,
    threadId: Id,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  {
    additionalProperties: false,
    'x-examples': {
      firstPage: { summary: 'The first (oldest) page, default size 50', value: { tenant_id: 'demo', resourceId: 'buyer-1024', threadId: 'thread-7f3a' } },
      nextPage: { summary: 'The next page after `hasMore: true`', value: { tenant_id: 'demo', resourceId: 'buyer-1024', threadId: 'thread-7f3a', page: 2, limit: 20 } },
    },
  },
);
export type HistoryBody = Static<typeof HistoryBody>;

const UserItem = Type.Object({
  id: Type.String(),
  role: Type.Literal('user'),
  createdAt: Type.String(),
  content: Type.Union([
    Type.String(),
    Type.Array(
      Type.Union([
        Type.Object({ type: Type.Literal('text'), text: Type.String() }),
        Type.Object({
          type: Type.Literal('image'),
          source: Type.Object({ type: Type.Literal('base64'), mediaType: Type.String(), data: Type.String() }),
        }),
      ]),
    ),
  ]),
});

const AssistantItem = Type.Object({
  id: Type.String(),
  role: Type.Literal('assistant'),
  createdAt: Type.String(),
  threadId: Type.String(),
  resourceId: Type.String(),
  response: AssistantResponse,
  feedback: Type.Object({ reaction: Type.Union([Type.Literal('like'), Type.Literal('dislike'), Type.Null()]) }),
  responseLatencyMs: Type.Optional(Type.Number()),
  events: Type.Optional(Type.Array(EngagementEvent)),
});

export const HistoryResponse = Type.Object({
  threadId: Type.String(),
  resourceId: Type.String(),
  items: Type.Array(Type.Union([UserItem, AssistantItem])),
  pagination: Type.Object({ page: Type.Integer(), limit: Type.Integer(), hasMore: Type.Boolean() }),
});
export type HistoryResponse = Static<typeof HistoryResponse>;

export const historySchema = {
  tags: ['dialogs'],
  summary: 'Read the messages of a dialog, oldest first, a page at a time',
  description: [
    "Returns the buyer's messages and the assistant's answers of one dialog: user messages as they were sent (a stored image comes",
    'back as a Base64 JPEG `image` part), answers with the same `response` as generation, the stored reaction, latency and tracking',
    '`events` but no feedback links (react to a restored answer with PUT /shopping/feedback and its `id`). System messages and',
    'internal data are never returned.',
    '',
    '**Pages.** Page 1 holds the oldest messages; items within a page are oldest first. While `pagination.hasMore` is true, ask for',
    '`page` + 1. `page` from 1 (default 1), `limit` 1–100 (default 50).',
    '',
    '**Access.** `tenant_id`, `resourceId` and `threadId` must match the dialog exactly; a missing dialog, any mismatch, a hidden dialog',
    'and a dialog of another guest session all answer the same 404. A resource registered through a guest session needs',
    "`Authorization: Bearer <accessToken>`; a resource never registered works without it. The section's IP allow-list applies.",
    '',
    '**Cache.** `Cache-Control: no-store`.',
  ].join('\n'),
  security: [{ guestToken: [] as string[] }, {}] as Array<Record<string, string[]>>,
  body: HistoryBody,
  response: {
    200: success(HistoryResponse, {
      description: 'One page of the dialog.',
      noStore: true,
      examples: {
        page: {
          value: {
            threadId: 'thread-7f3a',
            resourceId: 'buyer-1024',
            items: [
              { id: 'msg-0001', role: 'user', createdAt: '2026-11-24T06:18:11.332Z', content: 'Нужен смартфон Samsung до 80 000' },
              {
                id: '2477a0de-4d17-4b2e-bb76-9468af0d3743',
                role: 'assistant',
                createdAt: '2026-11-24T06:18:11.407Z',
                threadId: 'thread-7f3a',
                resourceId: 'buyer-1024',
                response: ANSWER_EXAMPLE,
                feedback: { reaction: 'like' },
                responseLatencyMs: 76,
                events: ANSWER_EVENTS_EXAMPLE,
              },
            ],
            pagination: { page: 1, limit: 50, hasMore: false },
          },
        },
      },
    }),
    ...errorResponses({
      INVALID_REQUEST: {
        when: 'a field is missing, empty, unknown, longer than 512 characters or not storable text, or `page` / `limit` is out of range',
        example: 'body/limit must be <= 100',
      },
      ...BODY_ERRORS,
      GUEST_TOKEN_REQUIRED: true,
      INVALID_GUEST_TOKEN: true,
      GUEST_RESOURCE_MISMATCH: true,
      IP_NOT_ALLOWED: true,
      SHOPPING_HISTORY_NOT_FOUND: 'no visible dialog of this caller matches `tenant_id`, `resourceId` and `threadId` exactly',
      INTERNAL: 'the history could not be loaded',
      AUTH_STORAGE_UNAVAILABLE: true,
    }),
  },
};
