/** Schemas of `GET /shopping/dialogs` and `DELETE /shopping/dialogs/{threadId}` (spec 2.7, 4.3, 4.4). */
import { Type, type Static } from 'typebox';
import { ErrorBody } from '../../plugins/error-schema.ts';
import { Id } from '../shared-schemas.ts';

export const ListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
  },
  { additionalProperties: false },
);
export type ListQuery = Static<typeof ListQuery>;

export const ListResponse = Type.Object({
  items: Type.Array(
    Type.Object({
      threadId: Type.String(),
      title: Type.String(),
      createdAt: Type.String({ description: 'ISO 8601 UTC with microseconds' }),
      lastMessageAt: Type.String({ description: 'ISO 8601 UTC with microseconds' }),
    }),
  ),
  pagination: Type.Object({ hasMore: Type.Boolean(), nextCursor: Type.Union([Type.String(), Type.Null()]) }),
});
export type ListResponse = Static<typeof ListResponse>;

export const HideParams = Type.Object({ threadId: Id }, { additionalProperties: false });
export type HideParams = Static<typeof HideParams>;

const security = [{ guestToken: [] as string[] }];

export const listSchema = {
  tags: ['dialogs'],
  summary: "List the guest session's dialogs, most recently active first",
  security,
  querystring: ListQuery,
  response: { 200: ListResponse, '4xx': ErrorBody, '5xx': ErrorBody },
};

export const hideSchema = {
  tags: ['dialogs'],
  summary: 'Hide a dialog from the list (there is no restoration)',
  security,
  params: HideParams,
  response: { 204: Type.Null(), '4xx': ErrorBody, '5xx': ErrorBody },
};
