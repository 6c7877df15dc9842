/**
 * OpenAPI 3.1 document at `/openapi.json` and the interactive page at `/docs`, generated
 * from the route schemas: a route appears there by declaring its schema. What applies to
 * every endpoint (the guest-token flow, the error shape, global refusals) is said once here.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { errorResponse, success } from './error-schema.ts';

const DESCRIPTION = `
Aisle is a conversational shopping assistant. A shop's web or mobile client sends what a buyer writes and renders the
structured answer (text blocks, product cards from the shop's catalogue, buttons, quick replies); Aisle keeps the dialogs and
lets buyers list, hide, rate and share them. Bodies are JSON (\`Content-Type: application/json\`).

## A buyer's first minute

1. **POST /shopping/guest-sessions** with \`tenant_id\` (the shop's section) and \`resourceId\` (the buyer's stable id) → \`accessToken\`.
2. **POST /shopping/starter-prompts** with the token → five buttons for the welcome screen.
3. **POST /shopping/generate** with the token, a new \`threadId\` and the buyer's message → the answer. Keep the \`threadId\` for the
   next turns and send only each new message.
4. **POST /shopping/history** and **GET /shopping/dialogs** restore what was said; **PUT /shopping/feedback** rates an answer;
   **POST /dialogs/share** makes a public link.

## Guest tokens

* **Where the token comes from.** POST /shopping/guest-sessions returns \`accessToken\` (\`gst_\` and 43 base64url characters) once,
  for one section and one \`resourceId\`. Keep it with the buyer; it cannot be shown again, and a lost, expired or revoked token
  cannot be reissued for the same \`resourceId\`.
* **How it is sent.** \`Authorization: Bearer <accessToken>\`, and only there: never in a URL or query parameter, analytics, error
  tracking or logs (the same holds for share tokens and for \`resourceId\`/\`threadId\` pairs). In "Try it out", set it with
  **Authorize**.
* **When it is required.** Always for the dialog list, hiding, starter prompts and token revocation (section and buyer come from the
  token). For generation (including debug traffic and retries), history, feedback (PUT and GET) and share create and revoke, once
  the resource was registered through a guest session — from then on, also after the token is revoked or expires. Resources never
  registered keep working without a token, as integrations that predate guest tokens do; those operations declare the token as
  optional.
* **Lifetime.** 30 days, extended to 30 days from now by every successful request with it. Failed requests do not extend it.
* **One token, many dialogs.** A token opens every dialog of its session; a token of another session does not open a dialog even
  with an equal \`resourceId\` (404).
* **What the refusals mean.** \`401 GUEST_TOKEN_REQUIRED\`: the resource is registered and no token was sent.
  \`401 INVALID_GUEST_TOKEN\`: the token is malformed, unknown, expired or revoked; that session is over and cannot be resumed.
  \`403 GUEST_RESOURCE_MISMATCH\`: the token belongs to another section or resource than the request names. \`403 IP_NOT_ALLOWED\`:
  the section's IP allow-list refuses the caller. \`503 AUTH_STORAGE_UNAVAILABLE\`: the session could not be checked; retry later.
  403, 404 and 503 do not by themselves mean the token must be replaced.
* A guest token does not confirm that the buyer is logged in to the shop's account.

## Errors

Every error has the body \`{"statusCode": 401, "code": "INVALID_GUEST_TOKEN", "error": "Unauthorized", "message": "…"}\` and
\`Cache-Control: no-store\`. Branch on \`code\`; each operation lists its statuses with every code and when it is answered.
Where the contract names a message instead of a code (\`Invalid request body\`, \`Unknown tenant\`, \`Invalid request query\`,
\`Assistant message not found\`, \`Failed to save feedback\`), that exact text is the \`message\`. Besides, on any path: a URL
with a malformed percent-escape is \`400 INVALID_REQUEST\`, an unknown path \`404 NOT_FOUND\`, and a method the path does not
have \`405 METHOD_NOT_ALLOWED\` with \`Allow\`. A request arriving in the last moment of an instance's shutdown may get \`503\` with a body
without \`code\`; send it again (to another instance).

After a network error do not repeat a generation automatically unless it carries a message id (see POST /shopping/generate).

## Limits

Identifiers (\`tenant_id\`, \`resourceId\`, \`threadId\`, message ids, \`user_id\`, \`dialog_id\`): 1–512 characters. Text and
identifiers must not contain U+0000 or an unpaired surrogate (neither database stores them faithfully); whole emoji are fine.
Bodies: at most 1 MiB (8 MiB for generation), at most 32 levels of nested arrays and objects. Rate limits per IP address are
given with each operation; a \`429\` carries \`Retry-After\` in seconds.

## CORS and versions

CORS allows the \`Authorization\` header; preflight \`OPTIONS\` requests need no token. Paths carry no version; fields added to
answers over time (\`assistantMessageId\`, \`messageFormat\`, \`responseLatencyMs\`, a button's \`url\`) are optional for clients.
`.trim();

const TOKEN_DESCRIPTION =
  'The guest token from POST /shopping/guest-sessions (`accessToken`: `gst_` and 43 base64url characters), sent as ' +
  '`Authorization: Bearer <accessToken>`, never in a URL. Required once a resource is registered through a guest session ' +
  '(always for the dialog list, hiding, starter prompts and revocation); operations that also serve resources never registered ' +
  'declare it as optional. 401 GUEST_TOKEN_REQUIRED: missing; 401 INVALID_GUEST_TOKEN: malformed, unknown, expired or revoked; ' +
  '403 GUEST_RESOURCE_MISMATCH: of another section or resource.';

const TAGS = [
  { name: 'guest sessions', description: 'The guest token: registering a buyer, revoking the token.' },
  { name: 'generation', description: "The buyer's message in, the assistant's structured answer out." },
  { name: 'dialogs', description: "A buyer's dialogs: history, the list, hiding." },
  { name: 'feedback', description: 'Like or dislike on an answer.' },
  { name: 'starter prompts', description: 'Buttons for the welcome screen before the first message.' },
  { name: 'sharing', description: 'Immutable public snapshots of a dialog, valid 30 days, revocable.' },
  { name: 'tracking', description: 'The collector behind the tracking links in answers.' },
  { name: 'operations', description: 'Liveness and readiness for load balancers and orchestrators.' },
];

export const healthSchema = {
  tags: ['operations'],
  summary: 'Liveness: the process answers',
  description: 'Answers 200 as long as the process serves HTTP, whatever the database does. No token; for probes, not for clients.',
  response: {
    200: success(
      { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } },
      { description: 'The process is up.', examples: { ok: { value: { status: 'ok' } } } },
    ),
  },
};

export const readySchema = {
  tags: ['operations'],
  summary: 'Readiness: the database answers',
  description: 'Answers 200 when the database answers a query, else 503: take the instance out of rotation until it is ready again. No token.',
  response: {
    200: success(
      { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ready'] } } },
      { description: 'Ready to serve.', examples: { ready: { value: { status: 'ready' } } } },
    ),
    503: errorResponse(503, [{ code: 'NOT_READY', message: 'The database does not answer', when: 'the database did not answer a query' }]),
  },
};

export async function installOpenApi(app: FastifyInstance, publicBaseUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Aisle: conversational shopping assistant API', version: '0.1.0', description: DESCRIPTION },
      servers: [{ url: publicBaseUrl }],
      tags: TAGS,
      components: {
        securitySchemes: { guestToken: { type: 'http', scheme: 'bearer', bearerFormat: 'gst_ + 43 base64url characters', description: TOKEN_DESCRIPTION } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
