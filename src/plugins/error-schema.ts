/**
 * The error responses of the API reference, built from the one table of codes (`ERRORS` in
 * src/errors.ts): per status, the body shape of design.md §5 with `code` as an enum of the codes
 * that endpoint can answer, a description listing each code with its message and when it is
 * answered, and one named example per code. Generated clients thus know every code.
 *
 * The same schemas serialise the error bodies (fast-json-stringify). A status a route does not
 * declare is still sent correctly: Fastify then falls back to JSON.stringify of the same body.
 */
import { STATUS_CODES } from 'node:http';
import { ERRORS, type ErrorCode } from '../errors.ts';

/**
 * When a code is answered on one endpoint: `true` takes the common sentence below, a string
 * replaces it, and `example` sets the example's message where the real one names the field.
 */
export type ErrorCase = true | string | { when: string; example?: string };

/** The codes an endpoint can answer, each with when it happens. */
export type ErrorCases = Partial<Record<ErrorCode, ErrorCase>>;

/** Sentences shared by many endpoints; an endpoint may replace any of them. */
const COMMON_WHEN: Partial<Record<ErrorCode, string>> = {
  MALFORMED_JSON: 'the body is not valid JSON, or nests arrays and objects more than 32 levels deep',
  UNSUPPORTED_MEDIA_TYPE: 'a body was sent with a `Content-Type` other than `application/json`',
  BODY_TOO_LARGE:
    'the body is larger than 1 MiB (8 MiB for generation); the connection is closed after the answer, the rest of the body is read and discarded first',
  GUEST_TOKEN_REQUIRED:
    'the resource was registered through a guest session (POST /shopping/guest-sessions) and no `Authorization: Bearer` header was sent; registration cannot be undone, so the token is needed from then on, also after it was revoked',
  INVALID_GUEST_TOKEN:
    'the token is malformed, unknown, expired (30 days without a successful request) or revoked. A lost, expired or revoked token cannot be reissued for the same `resourceId`',
  GUEST_RESOURCE_MISMATCH: 'the token belongs to another section (`tenant_id`) or another `resourceId` than the request names',
  IP_NOT_ALLOWED: "the caller's address is not in the section's IP allow-list",
  RATE_LIMITED: 'the per-IP limit of this endpoint is exhausted; `Retry-After` says how many whole seconds to wait',
  AUTH_STORAGE_UNAVAILABLE:
    'the database could not be reached while checking or storing the guest session or access; nothing was changed, retry later with the same token',
  INTERNAL: 'an unexpected fault, for example the database refused a query; nothing to fix on the client side, and a retry may fail the same way',
};

const NO_STORE = {
  'Cache-Control': { type: 'string', enum: ['no-store'], description: 'Errors are never cached.' },
} as const;

const RETRY_AFTER = {
  'Retry-After': { type: 'integer', minimum: 1, description: 'Whole seconds to wait before the next attempt.' },
} as const;

export interface ErrorEntry {
  code: string;
  message: string;
  when: string;
  /** The example's message, when the real one is more specific than `message`. */
  example?: string;
}

/** Codes whose message is free text naming the field at fault, rather than a fixed sentence. */
const VARIABLE_MESSAGE = new Set<string>(['INVALID_REQUEST', 'IMAGE_TOO_LARGE', 'IMAGE_UNSUPPORTED', 'IMAGE_UNPROCESSABLE']);

/** The response schema of one error status with the given codes (also for codes outside `ERRORS`, e.g. readiness). */
export function errorResponse(status: number, entries: ErrorEntry[]) {
  const reason = STATUS_CODES[status] ?? 'Error';
  const lines = entries.map((e) => {
    const message = VARIABLE_MESSAGE.has(e.code) ? `message like "${e.example ?? e.message}"` : `"${e.message}"`;
    return `- \`${e.code}\` (${message}): ${e.when}.`;
  });
  return {
    type: 'object',
    // The response's description in the reference (kept off the schema, where it would be repeated).
    'x-response-description': `${reason}. \`code\` tells which case it is:\n\n${lines.join('\n')}`,
    required: ['statusCode', 'code', 'error', 'message'],
    properties: {
      statusCode: { type: 'integer', enum: [status] },
      code: { type: 'string', enum: entries.map((e) => e.code), description: 'Stable code: branch on it, not on the message.' },
      error: { type: 'string', enum: [reason] },
      message: { type: 'string', description: 'Readable explanation; may name the field at fault.' },
    },
    headers: status === 429 ? { ...NO_STORE, ...RETRY_AFTER } : NO_STORE,
    'x-examples': Object.fromEntries(
      entries.map((e) => [e.code, { value: { statusCode: status, code: e.code, error: reason, message: e.example ?? e.message } }]),
    ),
  };
}

/** Error responses per status for the codes an endpoint can answer; the status of each code comes from `ERRORS`. */
export function errorResponses(cases: ErrorCases): Record<number, ReturnType<typeof errorResponse>> {
  const byStatus = new Map<number, ErrorEntry[]>();
  for (const [code, spec] of Object.entries(cases) as Array<[ErrorCode, ErrorCase]>) {
    const when = spec === true ? COMMON_WHEN[code] : typeof spec === 'string' ? spec : spec.when;
    if (when === undefined) {
      throw new Error(`errorResponses: no common description for ${code}; say when it happens`);
    }
    const { status, message } = ERRORS[code];
    const entry: ErrorEntry = { code, message, when, ...(typeof spec === 'object' && spec.example ? { example: spec.example } : {}) };
    byStatus.set(status, [...(byStatus.get(status) ?? []), entry]);
  }
  return Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, entries]) => [status, errorResponse(status, entries)]));
}

/** The codes every endpoint that reads a JSON body can answer before its handler runs. */
export const BODY_ERRORS = { MALFORMED_JSON: true, UNSUPPORTED_MEDIA_TYPE: true, BODY_TOO_LARGE: true } as const satisfies ErrorCases;

/** The same for an endpoint that takes no body but parses one when sent. */
export const NO_BODY_ERRORS = {
  MALFORMED_JSON: 'a body was sent (this endpoint takes none) and it is not valid JSON; send no body',
  UNSUPPORTED_MEDIA_TYPE: 'a body was sent (this endpoint takes none) with a `Content-Type` other than `application/json`; send no body',
  BODY_TOO_LARGE: 'a body larger than 1 MiB was sent (this endpoint takes none)',
} as const satisfies ErrorCases;

/** A success response: the schema with its description, named examples and documented headers. */
export function success<T extends object>(
  schema: T,
  doc: { description: string; examples?: Record<string, { summary?: string; value: unknown }>; noStore?: boolean },
) {
  return {
    ...schema,
    'x-response-description': doc.description,
    ...(doc.examples ? { 'x-examples': doc.examples } : {}),
    ...(doc.noStore ? { headers: { 'Cache-Control': { type: 'string', enum: ['no-store'], description: 'The answer must not be cached.' } } } : {}),
  };
}

/** A 204 answer: no body. */
export function noContent(description: string, noStore = true) {
  return {
    type: 'null',
    'x-response-description': description,
    ...(noStore ? { headers: { 'Cache-Control': { type: 'string', enum: ['no-store'], description: 'The answer must not be cached.' } } } : {}),
  } as const;
}
