/**
 * Schemas of `POST /dialogs/share`, `GET /dialogs/shared/{share_token}` and
 * `POST /dialogs/share/revoke` (spec 2.11, 4.10–4.12), with their reference text. Request
 * bodies are closed: any field outside the contract (`tenant_id`, `client_id`, …) is a 400.
 */
import { Type, type Static } from 'typebox';
import { BODY_ERRORS, errorResponses, noContent, success } from '../../plugins/error-schema.ts';
import { Id } from '../shared-schemas.ts';

export const ShareBody = Type.Object(
  {
    user_id: Id,
    dialog_id: Id,
    through_message_id: Type.Optional(Id),
  },
  {
    additionalProperties: false,
    'x-examples': {
      whole: { summary: 'The whole dialog so far', value: { user_id: 'buyer-1024', dialog_id: 'thread-7f3a' } },
      upTo: { summary: 'Up to and including one answer', value: { user_id: 'buyer-1024', dialog_id: 'thread-7f3a', through_message_id: '2477a0de-4d17-4b2e-bb76-9468af0d3743' } },
    },
  },
);
export type ShareBody = Static<typeof ShareBody>;

export const RevokeBody = Type.Object(
  {
    user_id: Id,
    dialog_id: Id,
    // Any text: a token that matches nothing is "no such combination" (204), not a 400.
    share_token: Type.String({ minLength: 1, maxLength: 512 }),
  },
  {
    additionalProperties: false,
    'x-examples': {
      revoke: { value: { user_id: 'buyer-1024', dialog_id: 'thread-7f3a', share_token: 'H3N2PYMecRzripZDTMT8AAVv6XapC0Yn9sTzDOfWXXI' } },
    },
  },
);
export type RevokeBody = Static<typeof RevokeBody>;

/** Unconstrained on purpose: a malformed token must get the same 404 as an unknown one, not a 400. */
export const SharedParams = Type.Object({
  share_token: Type.String({ description: 'The secret of the link: the last segment of `shared_path`.', examples: ['H3N2PYMecRzripZDTMT8AAVv6XapC0Yn9sTzDOfWXXI'] }),
});
export type SharedParams = Static<typeof SharedParams>;

export const ShareCreated = Type.Object({
  share_token: Type.String({ description: 'Secret of the link: 43 base64url characters (32 random bytes)' }),
  shared_path: Type.String({ description: '/dialogs/shared/{share_token}' }),
  through_message_id: Type.String({ description: 'The last message included, in the id form history shows' }),
  expires_at: Type.String({ description: 'ISO 8601 UTC; 30 days after creation' }),
});
export type ShareCreated = Static<typeof ShareCreated>;

/** Spec 2.11: the product fields a snapshot keeps, and no others. */
export const SnapshotProduct = Type.Object(
  {
    sku: Type.Optional(Type.String()),
    category_id: Type.Optional(Type.String()),
    name: Type.String(),
    price: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    features: Type.Optional(Type.String()),
    brand: Type.Optional(Type.String()),
    url: Type.Optional(Type.String()),
    image_url: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type SnapshotProduct = Static<typeof SnapshotProduct>;

export const SnapshotMessageBlock = Type.Object({ type: Type.Literal('message'), value: Type.String() }, { additionalProperties: false });

export const SnapshotProductsBlock = Type.Object(
  {
    type: Type.Literal('products'),
    title: Type.Optional(Type.String()),
    categories: Type.Optional(Type.Array(Type.String())),
    value: Type.Array(SnapshotProduct),
  },
  { additionalProperties: false },
);
export type SnapshotProductsBlock = Static<typeof SnapshotProductsBlock>;

export const SnapshotUserMessage = Type.Object(
  {
    role: Type.Literal('user'),
    created_at: Type.String({ description: 'ISO 8601 UTC' }),
    content: Type.String({ description: 'The text of the message; images are left out' }),
  },
  { additionalProperties: false },
);

export const SnapshotAssistantMessage = Type.Object(
  {
    role: Type.Literal('assistant'),
    created_at: Type.String({ description: 'ISO 8601 UTC' }),
    response: Type.Object(
      { contents: Type.Array(Type.Union([SnapshotMessageBlock, SnapshotProductsBlock])) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const SnapshotMessage = Type.Union([SnapshotUserMessage, SnapshotAssistantMessage]);
export type SnapshotMessage = Static<typeof SnapshotMessage>;

export const SharedSnapshot = Type.Object({
  created_at: Type.String({ description: 'Snapshot creation time, ISO 8601 UTC' }),
  expires_at: Type.String({ description: 'Link expiry, ISO 8601 UTC' }),
  messages: Type.Array(SnapshotMessage),
});

const TOKEN_RULE =
  "A resource registered through a guest session needs `Authorization: Bearer <accessToken>` here too, though the contract's own " +
  'description of sharing names no header; a resource never registered works without it. Not restricted by the IP list.';

export const shareSchema = {
  tags: ['sharing'],
  summary: 'Create an immutable public snapshot of a dialog',
  description: [
    'Creates a public, read-only snapshot of a dialog that anyone holding the link can open (GET `shared_path`) for 30 days. The',
    'snapshot is fixed at creation: later messages do not change it, and every call creates a new, independent link. It ends at',
    '`through_message_id` (a user or assistant message of the dialog, included; a user message may be named by the client id it was',
    'sent with) or, by default, at the last message. The section is taken from the dialog; `tenant_id`, `client_id` or any other',
    'field is refused. The snapshot keeps message texts (including anything personal the buyer wrote) and product cards, and leaves',
    'out identifiers, uploaded images, buttons, quick replies, reactions and tracking.',
    '',
    `**Access.** ${TOKEN_RULE} The dialog must belong to \`user_id\` (and to the token's session) and be visible.`,
    '',
    '**Limits.** 20 share creates and revokes per minute per IP address; 5 links per minute per dialog.',
    '',
    '**Cache.** `Cache-Control: no-store` on every answer.',
  ].join('\n'),
  security: [{ guestToken: [] as string[] }, {}] as Array<Record<string, string[]>>,
  body: ShareBody,
  response: {
    201: success(ShareCreated, {
      description: 'Created. Send the buyer `shared_path` on your public address; keep `share_token` to revoke the link.',
      noStore: true,
      examples: {
        created: {
          value: {
            share_token: 'H3N2PYMecRzripZDTMT8AAVv6XapC0Yn9sTzDOfWXXI',
            shared_path: '/dialogs/shared/H3N2PYMecRzripZDTMT8AAVv6XapC0Yn9sTzDOfWXXI',
            through_message_id: '2477a0de-4d17-4b2e-bb76-9468af0d3743',
            expires_at: '2026-12-24T06:18:16.152Z',
          },
        },
      },
    }),
    ...errorResponses({
      INVALID_REQUEST: { when: 'a field is missing, empty, too long or not storable text, or a field outside the contract was sent', example: 'body has an unexpected field "tenant_id"' },
      ...BODY_ERRORS,
      GUEST_TOKEN_REQUIRED: true,
      INVALID_GUEST_TOKEN: true,
      GUEST_RESOURCE_MISMATCH: 'the token belongs to another buyer than `user_id`',
      DIALOG_NOT_FOUND: 'no dialog `dialog_id` of `user_id` (or it is hidden, of another guest session, or its section is no longer configured; without a token, also when the pair exists in several sections)',
      MESSAGE_NOT_FOUND: '`through_message_id` is not a message of this dialog',
      RATE_LIMITED: 'more than 20 share creates and revokes in a minute from this IP address, or more than 5 links in a minute for this dialog',
      INTERNAL: 'the snapshot could not be created',
      AUTH_STORAGE_UNAVAILABLE: 'the database could not be reached while finding the dialog and checking access',
    }),
  },
};

export const sharedSchema = {
  tags: ['sharing'],
  summary: 'Read a public snapshot by its link token',
  description: [
    'The public page of a shared dialog: no guest token, no identifiers, no IP restriction; the link token is the only key. The token',
    'cannot continue or change the dialog. A malformed, unknown, expired or revoked link, and a link whose dialog was hidden, all',
    'answer the same 404: show one "link unavailable" state. User messages carry their text; answers carry `message` and',
    '`products` blocks only.',
    '',
    '**Limits.** 60 reads per minute per IP address, and 10 failed (404) reads per minute per IP address; past either, 429.',
    '',
    '**Cache.** `Cache-Control: no-store` on every answer.',
  ].join('\n'),
  params: SharedParams,
  response: {
    200: success(SharedSnapshot, {
      description: 'The snapshot.',
      noStore: true,
      examples: {
        snapshot: {
          value: {
            created_at: '2026-11-24T06:18:16.152Z',
            expires_at: '2026-12-24T06:18:16.152Z',
            messages: [
              { role: 'user', created_at: '2026-11-24T06:18:11.332Z', content: 'Нужен смартфон Samsung до 80 000' },
              {
                role: 'assistant',
                created_at: '2026-11-24T06:18:11.407Z',
                response: {
                  contents: [
                    { type: 'message', value: 'Смартфон Samsung до 80 000 ₽ — вот 2 варианта.' },
                    {
                      type: 'products',
                      title: 'Подборка: смартфон Samsung до 80 000 ₽',
                      categories: ['Электроника', 'Смартфоны'],
                      value: [
                        {
                          sku: '101006',
                          category_id: '101',
                          name: 'Смартфон Samsung Galaxy A15 4/128 ГБ, голубой',
                          price: 15990,
                          brand: 'Samsung',
                          url: 'https://demo.aisle.example/p/101006',
                          image_url: 'https://demo.aisle.example/img/101006.jpg',
                        },
                      ],
                    },
                  ],
                },
              },
            ],
          },
        },
      },
    }),
    ...errorResponses({
      SHARE_NOT_FOUND: 'the link is malformed, unknown, expired or revoked, or its dialog was hidden',
      RATE_LIMITED: 'more than 60 reads, or more than 10 failed reads, in a minute from this IP address',
      INTERNAL: 'the snapshot could not be read',
    }),
  },
};

export const revokeShareSchema = {
  tags: ['sharing'],
  summary: 'Revoke a public link',
  description: [
    'Revokes one link: `user_id`, `dialog_id` and `share_token` must all match. Answers 204 after revoking, on repeat, and also when',
    'no such combination exists, so the answer does not tell whether a link existed. Afterwards the public read answers 404.',
    '',
    `**Access.** ${TOKEN_RULE}`,
    '',
    '**Limits.** 20 share creates and revokes per minute per IP address.',
    '',
    '**Cache.** `Cache-Control: no-store` on every answer.',
  ].join('\n'),
  security: [{ guestToken: [] as string[] }, {}] as Array<Record<string, string[]>>,
  body: RevokeBody,
  response: {
    204: noContent('Revoked, or there was nothing to revoke.'),
    ...errorResponses({
      INVALID_REQUEST: { when: 'a field is missing, empty, too long or not storable text, or a field outside the contract was sent', example: 'body must have required property \'share_token\'' },
      ...BODY_ERRORS,
      GUEST_TOKEN_REQUIRED: true,
      INVALID_GUEST_TOKEN: true,
      GUEST_RESOURCE_MISMATCH: 'the token belongs to another buyer than `user_id`',
      RATE_LIMITED: 'more than 20 share creates and revokes in a minute from this IP address',
      INTERNAL: 'the link could not be revoked',
      AUTH_STORAGE_UNAVAILABLE: 'the database could not be reached while finding the dialog and checking access',
    }),
  },
};
