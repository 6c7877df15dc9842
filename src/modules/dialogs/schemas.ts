/** Schemas of `GET /shopping/dialogs` and `DELETE /shopping/dialogs/{threadId}` (spec 2.7, 4.3, 4.4), with their reference text. */
import { Type, type Static } from 'typebox';
import { NO_BODY_ERRORS, errorResponses, noContent, success } from '../../plugins/error-schema.ts';
import { storableText } from '../shared-schemas.ts';

export const ListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Dialogs per page, 1–100; default 20.', examples: [20] })),
    cursor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2048,
        description: '`pagination.nextCursor` of the previous page, URL-encoded; omitted for the first page.',
        examples: ['eyJzIjoiOGQwZjVjMmUiLCJsIjoxNzk1NTAxMDkxNDA3MjA0LCJ0IjoidGhyZWFkLTdmM2EifQ.q1w2e3r4t5y6u7i8o9p0aA'],
      }),
    ),
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

export const HideParams = Type.Object(
  { threadId: Object.assign(storableText({ minLength: 1, maxLength: 512, description: 'The dialog to hide, URL-encoded.' }), { examples: ['thread-7f3a'] }) },
  { additionalProperties: false },
);
export type HideParams = Static<typeof HideParams>;

const security = [{ guestToken: [] as string[] }];

export const listSchema = {
  tags: ['dialogs'],
  summary: "List the guest session's dialogs, most recently active first",
  description: [
    'Lists the dialogs of the guest session of the token, most recently active first (equal times: `threadId` descending). Section and',
    'buyer come from the token; the request names neither. A dialog appears once it has a stored message; hidden dialogs and dialogs',
    'of other sessions (also with an equal `resourceId`) are not listed. `title` is the beginning of the first message (at most 80',
    'characters, cut at a word), or `Диалог` when it has no text. Times are ISO 8601 UTC with microseconds.',
    '',
    '**Pages.** While `pagination.hasMore` is true, pass `pagination.nextCursor` as `cursor` (URL-encoded) for the next page. The',
    'cursor is opaque and bound to this session and this list. No other query parameters are accepted (`tenant_id` or `resourceId` in',
    'the query are a 400).',
    '',
    "**Access.** Needs `Authorization: Bearer <accessToken>`. The section's IP allow-list applies.",
    '',
    '**Cache.** `Cache-Control: no-store`.',
  ].join('\n'),
  security,
  querystring: ListQuery,
  response: {
    200: success(ListResponse, {
      description: 'One page of dialogs; with none, `items` is empty, `hasMore` false and `nextCursor` null.',
      noStore: true,
      examples: {
        page: {
          value: {
            items: [
              { threadId: 'thread-7f3a', title: 'Нужен смартфон Samsung до 80 000', createdAt: '2026-11-24T06:18:11.332232Z', lastMessageAt: '2026-11-24T06:18:11.407204Z' },
              { threadId: 'thread-51c0', title: 'Кофемашина для дома', createdAt: '2026-11-20T17:02:45.118042Z', lastMessageAt: '2026-11-20T17:04:09.550311Z' },
            ],
            pagination: { hasMore: true, nextCursor: 'eyJzIjoiOGQwZjVjMmUiLCJsIjoxNzk1NTAxMDkxNDA3MjA0LCJ0IjoidGhyZWFkLTdmM2EifQ.q1w2e3r4t5y6u7i8o9p0aA' },
          },
        },
      },
    }),
    ...errorResponses({
      INVALID_REQUEST: { when: '`limit` is not an integer from 1 to 100, `cursor` is empty or too long, or another query parameter was sent', example: 'querystring has an unexpected field "tenant_id"' },
      INVALID_CURSOR: '`cursor` was not issued by this list for this guest session, or was altered',
      GUEST_TOKEN_REQUIRED: 'no `Authorization: Bearer` header was sent',
      INVALID_GUEST_TOKEN: true,
      IP_NOT_ALLOWED: true,
      INTERNAL: true,
      AUTH_STORAGE_UNAVAILABLE: true,
    }),
  },
};

export const hideSchema = {
  tags: ['dialogs'],
  summary: 'Hide a dialog from the list (there is no restoration)',
  description: [
    "Hides a dialog of the token's guest session: it leaves the list, and history, generation, feedback and sharing on it answer 404",
    'from then on; public links created before stop opening. Messages stay stored for the shop\'s analytics and saved preferences stay',
    'for personalisation; personal data is not deleted. There is no restoration. Hiding again answers 204.',
    '',
    "**Access.** Needs `Authorization: Bearer <accessToken>`. The section's IP allow-list applies. `threadId`: 1–512 characters.",
    '',
    '**Cache.** `Cache-Control: no-store`.',
  ].join('\n'),
  security,
  params: HideParams,
  response: {
    204: noContent('Hidden (also when it already was).'),
    ...errorResponses({
      INVALID_REQUEST: { when: '`threadId` is empty, longer than 512 characters or not storable text', example: 'params/threadId must NOT have more than 512 characters' },
      ...NO_BODY_ERRORS,
      GUEST_TOKEN_REQUIRED: 'no `Authorization: Bearer` header was sent',
      INVALID_GUEST_TOKEN: true,
      IP_NOT_ALLOWED: true,
      DIALOG_NOT_FOUND: 'the guest session has no dialog with this `threadId` (also when the dialog belongs to another session)',
      INTERNAL: true,
      AUTH_STORAGE_UNAVAILABLE: true,
    }),
  },
};
