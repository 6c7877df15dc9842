/**
 * The one error type of the service and the table of the contract's error codes.
 *
 * Every refusal a client can see is an `AppError` with a stable code. The error handler
 * turns it into Fastify's body shape `{statusCode, code, error, message}` by looking the
 * code up in `ERRORS` — no `instanceof` chains, and 5xx details never reach the client.
 */
import { isStorageUnavailable } from './db/errors.ts';

export interface ErrorSpec {
  status: number;
  /** The text clients see. Where the spec names a message instead of a code, it is that text. */
  message: string;
}

/** Every code a client can receive, with its HTTP status and public message. */
export const ERRORS = {
  // Guest registration names messages rather than codes (spec part 7).
  INVALID_REQUEST_BODY: { status: 400, message: 'Invalid request body' },
  UNKNOWN_TENANT: { status: 400, message: 'Unknown tenant' },
  // GET feedback likewise.
  INVALID_REQUEST_QUERY: { status: 400, message: 'Invalid request query' },
  ASSISTANT_MESSAGE_NOT_FOUND: { status: 404, message: 'Assistant message not found' },
  FEEDBACK_SAVE_FAILED: { status: 500, message: 'Failed to save feedback' },

  INVALID_REQUEST: { status: 400, message: 'Invalid request' },
  INVALID_CURSOR: { status: 400, message: 'The cursor is invalid or belongs to another list' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body must be application/json' },
  BODY_TOO_LARGE: { status: 413, message: 'The request body is too large' },

  GUEST_TOKEN_REQUIRED: { status: 401, message: 'A guest token is required for this resource' },
  INVALID_GUEST_TOKEN: { status: 401, message: 'The guest token is invalid, expired or revoked' },
  INSIGHTS_KEY_REQUIRED: { status: 401, message: 'Enter the insights key of your shop (sent as Authorization: Bearer)' },
  INVALID_INSIGHTS_KEY: { status: 401, message: 'This insights key is not valid' },
  GUEST_RESOURCE_MISMATCH: { status: 403, message: 'The guest token belongs to another section or resource' },
  IP_NOT_ALLOWED: { status: 403, message: 'This address is not allowed for the section' },

  NOT_FOUND: { status: 404, message: 'Not found' },
  DIALOG_NOT_FOUND: { status: 404, message: 'Dialog not found' },
  SHOPPING_HISTORY_NOT_FOUND: { status: 404, message: 'Shopping history not found' },
  MESSAGE_NOT_FOUND: { status: 404, message: 'Message not found' },
  SHARE_NOT_FOUND: { status: 404, message: 'This link is not available' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },

  RESOURCE_ALREADY_EXISTS: { status: 409, message: 'This resource is already registered or has history' },
  MESSAGE_ID_CONFLICT: { status: 409, message: 'This message id was already used for a different request' },

  IMAGE_TOO_LARGE: { status: 413, message: 'The image is larger than 5 MiB or 16,000,000 pixels' },
  IMAGE_UNSUPPORTED: { status: 415, message: 'The image format is not supported or does not match its media type' },
  IMAGE_UNPROCESSABLE: { status: 422, message: 'The image is damaged or cannot be processed' },
  IMAGE_FETCH_TIMEOUT: { status: 504, message: 'The image could not be downloaded in time' },

  RATE_LIMITED: { status: 429, message: 'Too many requests; retry later' },

  INTERNAL: { status: 500, message: 'Internal server error' },
  ASSISTANT_FAILED: { status: 500, message: 'The assistant could not answer' },
  ASSISTANT_INVALID_ANSWER: { status: 502, message: 'The assistant answer failed validation' },
  AUTH_STORAGE_UNAVAILABLE: { status: 503, message: 'The session store is unavailable; try again' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

/** A refusal with a stable code. `detail` is a safe, client-facing message that overrides the default. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Response headers that go with the refusal (e.g. `Retry-After`). */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, detail?: string, options?: { cause?: unknown; headers?: Record<string, string> }) {
    super(detail ?? ERRORS[code].message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.headers = options?.headers ?? {};
  }
}

/** True for errors raised on purpose by the service (as opposed to bugs and driver failures). */
export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/**
 * What a failed storage call of a guest-token operation becomes: 503 AUTH_STORAGE_UNAVAILABLE
 * only when the database cannot be reached (a retry may succeed); a data error stays what it
 * is (a 500 with no detail), because it would fail the same way on every retry.
 */
export function authStorageError(err: unknown): unknown {
  return isStorageUnavailable(err) ? new AppError('AUTH_STORAGE_UNAVAILABLE', undefined, { cause: err }) : err;
}
