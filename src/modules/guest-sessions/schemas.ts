/** Request and response schemas of the guest-session endpoints (spec 2.1, 4.1, 4.2). */
import { Type, type Static } from 'typebox';
import { ErrorBody } from '../../plugins/error-schema.ts';
import { Id } from '../shared-schemas.ts';

export const RegisterBody = Type.Object(
  {
    tenant_id: Id,
    resourceId: Id,
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const RegisterResponse = Type.Object({
  sessionId: Type.String({ format: 'uuid' }),
  accessToken: Type.String({ description: 'gst_ + 43 base64url characters; returned only here' }),
  tokenType: Type.Literal('Bearer'),
  resourceId: Type.String(),
  expiresAt: Type.String({ description: 'Initial expiry, ISO 8601 UTC with milliseconds' }),
});

export const registerSchema = {
  tags: ['guest sessions'],
  summary: 'Register a guest session for a resource',
  body: RegisterBody,
  response: { 201: RegisterResponse, '4xx': ErrorBody, '5xx': ErrorBody },
};

export const revokeSchema = {
  tags: ['guest sessions'],
  summary: 'Revoke a guest token',
  security: [{ guestToken: [] }],
  response: { 204: Type.Null(), '4xx': ErrorBody, '5xx': ErrorBody },
};
