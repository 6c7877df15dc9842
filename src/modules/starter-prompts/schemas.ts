/** Schemas of `POST /shopping/starter-prompts` (spec 2.10, 4.9, part 8), with their reference text. */
import { Type, type Static } from 'typebox';
import { BODY_ERRORS, errorResponses, success } from '../../plugins/error-schema.ts';
import { storableText } from '../shared-schemas.ts';

/** Spec part 8: the serialised `ctx` is at most 32,000 characters. */
export const CTX_MAX_CHARS = 32_000;

/** The page context; fields beyond these are allowed and ignored (spec 4.9). */
export const StarterCtx = Type.Object(
  {
    type: Type.Optional(storableText({ maxLength: 100 })),
    data: Type.Optional(Type.Unknown()),
    lng: Type.Optional(Type.Union([storableText({ maxLength: 100 }), Type.Null()])),
    location: Type.Optional(Type.Union([storableText({ maxLength: 500 }), Type.Null()])),
  },
  { additionalProperties: true, description: 'Context of the current page; an unknown or missing type is OTHER. Further fields are allowed.' },
);
export type StarterCtx = Static<typeof StarterCtx>;

/** Only `ctx` at the top level: section and user come from the guest token. */
export const StarterPromptsBody = Type.Object(
  { ctx: Type.Optional(Type.Union([StarterCtx, Type.Null()])) },
  {
    additionalProperties: false,
    'x-examples': {
      home: { summary: 'The home page', value: { ctx: { type: 'HOMEPAGE', location: 'https://demo.aisle.example/' } } },
      product: { summary: 'A product page (the current SKU first)', value: { ctx: { type: 'PRODUCT', data: ['101001'], lng: 'msk' } } },
      none: { summary: 'No page context', value: {} },
    },
  },
);
export type StarterPromptsBody = Static<typeof StarterPromptsBody>;

export const StarterPromptItem = Type.Object({ id: Type.String(), text: Type.String() });

/** `{enabled:false}` alone, or the selection with its (five or zero) prompts. */
export const StarterPromptsResponse = Type.Object({
  enabled: Type.Boolean(),
  selectionId: Type.Optional(Type.String({ format: 'uuid' })),
  promptSetVersion: Type.Optional(Type.Integer()),
  prompts: Type.Optional(Type.Array(StarterPromptItem)),
});
export type StarterPromptsResponse = Static<typeof StarterPromptsResponse>;

export const starterPromptsSchema = {
  tags: ['starter prompts'],
  summary: 'Five starter prompts for the welcome screen, chosen for the page and the buyer',
  description: [
    'Chooses five buttons for the welcome screen before the first message, from the section\'s prompt set, for the page type and',
    "(only when the section keeps memory between dialogs) this guest session's earlier messages. It creates no dialog and sends no",
    'message. When the buyer presses a button, send its `text` as an ordinary new message to POST /shopping/generate with the same',
    'token and the current page context; `selectionId`, `promptSetVersion` and the prompt `id` are not sent there.',
    '',
    'Three answers: `{enabled: false}` when the section has no prompt set; `enabled`, `selectionId`, `promptSetVersion` and five',
    'prompts; or the same with an empty `prompts` when the selection failed (timeout or model error), with no stand-in prompts.',
    '',
    "**Access.** Needs `Authorization: Bearer <accessToken>`: section and buyer come from the token, so the body names neither",
    '(`tenant_id`, `tenantId`, `resourceId`, `threadId`, `messages`, `runtimeContext` are refused). The section\'s IP allow-list applies.',
    'Only POST: other methods on this path answer 405 with `Allow: POST`.',
    '',
    '**Limits.** Only `ctx` at the top level; it may be omitted or null, and `{}` or no body is valid. Serialised `ctx` at most 32,000',
    'characters; `ctx.type` and `ctx.lng` at most 100, `ctx.location` at most 500.',
    '',
    '**Cache.** `Cache-Control: no-store` on every answer.',
  ].join('\n'),
  security: [{ guestToken: [] as string[] }],
  body: StarterPromptsBody,
  response: {
    200: success(StarterPromptsResponse, {
      description: 'The selection (or `{enabled: false}`).',
      noStore: true,
      examples: {
        selected: {
          summary: 'Five prompts for a product page',
          value: {
            enabled: true,
            selectionId: '0ee42f34-7532-4bfb-a4f9-23ab5987efe3',
            promptSetVersion: 1,
            prompts: [
              { id: 'similar', text: 'Покажи похожие товары' },
              { id: 'goes-with', text: 'Что к нему подойдёт?' },
              { id: 'cheaper', text: 'Есть дешевле?' },
              { id: 'delivery', text: 'Как работает доставка?' },
              { id: 'returns', text: 'Как вернуть товар?' },
            ],
          },
        },
        failed: { summary: 'The selection failed: no prompts', value: { enabled: true, selectionId: '5b1d7e0a-93c4-4f6e-8a2b-c7d9e1f30a45', promptSetVersion: 1, prompts: [] } },
        disabled: { summary: 'The section has no prompt set', value: { enabled: false } },
      },
    }),
    ...errorResponses({
      INVALID_REQUEST: {
        when: 'the body is not valid JSON, has a top-level field other than `ctx`, or `ctx` exceeds its limits or holds text that is not storable',
        example: 'body has an unexpected field "tenant_id"',
      },
      UNSUPPORTED_MEDIA_TYPE: BODY_ERRORS.UNSUPPORTED_MEDIA_TYPE,
      BODY_TOO_LARGE: BODY_ERRORS.BODY_TOO_LARGE,
      GUEST_TOKEN_REQUIRED: 'no `Authorization: Bearer` header was sent',
      INVALID_GUEST_TOKEN: 'the token is malformed, unknown, expired or revoked, or its section is no longer configured',
      IP_NOT_ALLOWED: true,
      INTERNAL: 'the guest-session check failed unexpectedly',
      AUTH_STORAGE_UNAVAILABLE: true,
    }),
  },
};
