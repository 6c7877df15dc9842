/** Schemas of `POST /shopping/history` (spec 2.8, 4.6). */
import { Type, type Static } from 'typebox';
import { AssistantResponse, EngagementEvent } from '../../assistant/contract.ts';
import { ErrorBody } from '../../plugins/error-schema.ts';
import { Id } from '../shared-schemas.ts';

export const HistoryBody = Type.Object(
  {
    tenant_id: Id,
    resourceId: Id,
    threadId: Id,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
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
  body: HistoryBody,
  response: { 200: HistoryResponse, '4xx': ErrorBody, '5xx': ErrorBody },
};
