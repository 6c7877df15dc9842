/** Request and response schemas of the guest-session endpoints (spec 2.1, 4.1, 4.2), with their reference text. */
import { Type, type Static } from 'typebox';
import { NO_BODY_ERRORS, errorResponses, noContent, success } from '../../plugins/error-schema.ts';
import { Id } from '../shared-schemas.ts';

export const RegisterBody = Type.Object(
  {
    tenant_id: Id,
    resourceId: Id,
  },
  {
    additionalProperties: false,
    'x-examples': {
      russianShop: { summary: 'A buyer of the Russian demo shop', value: { tenant_id: 'demo', resourceId: 'buyer-1024' } },
      englishShop: { summary: 'A buyer of the English demo shop, by the platform user id', value: { tenant_id: 'demo-en', resourceId: 'uid-5f2c91' } },
    },
  },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const RegisterResponse = Type.Object({
  sessionId: Type.String({ format: 'uuid', description: 'Id of the session; it does not replace the token in requests.' }),
  accessToken: Type.String({
    pattern: '^gst_[A-Za-z0-9_-]{43}$',
    description: 'The secret guest token: `gst_` and 43 base64url characters. Returned only here; keep it with the buyer.',
  }),
  tokenType: Type.Literal('Bearer'),
  resourceId: Type.String({ description: 'The identifier given at registration.' }),
  expiresAt: Type.String({ description: 'Initial expiry, ISO 8601 UTC with milliseconds; not updated when the session is extended.' }),
});

export const registerSchema = {
  tags: ['guest sessions'],
  summary: 'Register a guest session and get its token',
  description: [
    'Issues the guest token for one buyer (`resourceId`) of one section (`tenant_id`). From this moment every endpoint that names this',
    'resource needs the token in `Authorization: Bearer <accessToken>`, for as long as Aisle keeps the registration (also after the',
    'token is revoked or expires); a resource never registered keeps working without a token.',
    '',
    '**Once per resource.** A resource already registered, or one that already has dialogs, is refused with 409: a lost, expired or',
    'revoked token cannot be reissued for the same `resourceId`; use a new identifier. `resourceId` must be stable per buyer',
    '(the platform `user.uid`, or `user.custom` with an external id) and never a placeholder shared by several buyers.',
    '',
    '**Lifetime.** 30 days; each successful request with the token extends it to 30 days from then (`expiresAt` stays the initial',
    'value). After 30 days without a successful request the token answers 401 INVALID_GUEST_TOKEN.',
    '',
    '**Limits.** `tenant_id` and `resourceId`: 1–512 characters, no U+0000 and no unpaired surrogate. 20 registrations per minute per',
    "IP address (per instance). The section's IP allow-list applies. No `Authorization` header is needed.",
    '',
    '**Cache.** `Cache-Control: no-store`.',
  ].join('\n'),
  body: RegisterBody,
  response: {
    201: success(RegisterResponse, {
      description: 'Registered. The token is in `accessToken` and is not shown again.',
      noStore: true,
      examples: {
        registered: {
          value: {
            sessionId: '8d0f5c2e-5b7a-4f2c-9a51-3c1e7d9b2a64',
            // A placeholder of the token's shape, not a token: real ones are 43 random base64url characters.
            accessToken: `gst_${'x'.repeat(43)}`,
            tokenType: 'Bearer',
            resourceId: 'buyer-1024',
            expiresAt: '2026-12-24T06:18:11.252Z',
          },
        },
      },
    }),
    ...errorResponses({
      INVALID_REQUEST_BODY: 'a field is missing, empty, longer than 512 characters, not a string or not storable text, an unknown field was sent, or the body is not valid JSON',
      UNKNOWN_TENANT: '`tenant_id` is not a section of this service',
      UNSUPPORTED_MEDIA_TYPE: true,
      BODY_TOO_LARGE: true,
      IP_NOT_ALLOWED: true,
      RESOURCE_ALREADY_EXISTS: 'the resource was registered before (its token may have been lost, revoked or expired) or already has dialogs',
      RATE_LIMITED: 'more than 20 registrations in a minute from this IP address',
      INTERNAL: true,
      AUTH_STORAGE_UNAVAILABLE: 'the database could not be reached; nothing was registered, so the same request may be retried',
    }),
  },
};

export const revokeSchema = {
  tags: ['guest sessions'],
  summary: 'Revoke a guest token',
  description: [
    'Ends the session of the token in `Authorization: Bearer <accessToken>`; no body. Repeating it, also for an expired token, answers',
    '204 again. Afterwards the token answers 401 INVALID_GUEST_TOKEN everywhere, and the resource stays registered: requests without a',
    'token are still refused with 401 GUEST_TOKEN_REQUIRED, and no new token can be issued for it. Public share links created',
    'before stay valid (revoke them with POST /dialogs/share/revoke).',
    '',
    '**Cache.** `Cache-Control: no-store`.',
  ].join('\n'),
  security: [{ guestToken: [] as string[] }],
  response: {
    204: noContent('Revoked (also when it already was, or had expired).'),
    ...errorResponses({
      ...NO_BODY_ERRORS,
      INVALID_GUEST_TOKEN: 'the `Authorization: Bearer` header is missing, or its token is malformed or unknown',
      INTERNAL: true,
      AUTH_STORAGE_UNAVAILABLE: true,
    }),
  },
};
