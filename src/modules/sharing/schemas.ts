/**
 * Schemas of `POST /dialogs/share`, `GET /dialogs/shared/{share_token}` and
 * `POST /dialogs/share/revoke` (spec 2.11, 4.10–4.12). Request bodies are closed: any
 * field outside the contract (`tenant_id`, `client_id`, …) is a 400.
 */
import { Type, type Static } from 'typebox';
import { ErrorBody } from '../../plugins/error-schema.ts';
import { Id } from '../shared-schemas.ts';

export const ShareBody = Type.Object(
  {
    user_id: Id,
    dialog_id: Id,
    through_message_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ShareBody = Static<typeof ShareBody>;

export const RevokeBody = Type.Object(
  {
    user_id: Id,
    dialog_id: Id,
    // Any text: a token that matches nothing is "no such combination" (204), not a 400.
    share_token: Type.String({ minLength: 1, maxLength: 512 }),
  },
  { additionalProperties: false },
);
export type RevokeBody = Static<typeof RevokeBody>;

/** Unconstrained on purpose: a malformed token must get the same 404 as an unknown one, not a 400. */
export const SharedParams = Type.Object({ share_token: Type.String() });
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

export const shareSchema = {
  tags: ['sharing'],
  summary: 'Create an immutable public snapshot of a dialog',
  description:
    'No Authorization header by contract; a resource registered through a guest session still needs its guest token. ' +
    'The section is taken from the dialog. Every success is a separate snapshot, valid 30 days.',
  security: [{ guestToken: [] as string[] }, {}] as Array<Record<string, string[]>>,
  body: ShareBody,
  response: { 201: ShareCreated, '4xx': ErrorBody, '5xx': ErrorBody },
};

export const sharedSchema = {
  tags: ['sharing'],
  summary: 'Read a public snapshot by its link token',
  description: 'No guest token and no IP restriction. One indistinguishable 404 for a malformed, unknown, expired or revoked link, or a hidden source dialog.',
  params: SharedParams,
  response: { 200: SharedSnapshot, '4xx': ErrorBody, '5xx': ErrorBody },
};

export const revokeShareSchema = {
  tags: ['sharing'],
  summary: 'Revoke a public link',
  description: '204 on success, on repeat, and when no such combination of user, dialog and link exists.',
  security: [{ guestToken: [] as string[] }, {}] as Array<Record<string, string[]>>,
  body: RevokeBody,
  response: { 204: Type.Null(), '4xx': ErrorBody, '5xx': ErrorBody },
};
