/**
 * The one error the client throws. Whatever failed — a refusal by Aisle, a request that never
 * got an answer, an answer that is not what the contract says — the caller gets an
 * `AisleError` with a status, a code and a message. Messages never carry the request's URL,
 * a token or a resourceId/threadId pair (spec part 5 item 11): error trackers record them.
 */
import type { ErrorBody } from './types.ts';

/** Codes the client itself gives, besides the server's (`INVALID_GUEST_TOKEN`, `MESSAGE_ID_CONFLICT`, …). */
export type ClientErrorCode =
  /** No answer arrived: offline, DNS, connection cut, CORS refusal. `status` is 0. */
  | 'NETWORK_ERROR'
  /** The caller's AbortSignal stopped the request. `status` is 0. */
  | 'ABORTED'
  /** An answer arrived that is not JSON of the contract's shape (e.g. a proxy's HTML page). */
  | 'INVALID_RESPONSE'
  /** This client's guest session can no longer be used (its token was refused, or the resource is registered without a token here). */
  | 'GUEST_SESSION_ENDED';

export class AisleError extends Error {
  /** HTTP status, or 0 when no answer arrived. */
  readonly status: number;
  /** The server's error code, or one of {@link ClientErrorCode}. */
  readonly code: string;
  /** Seconds to wait before trying again, from `Retry-After` (429); null when not given. */
  readonly retryAfterSeconds: number | null;
  /**
   * True when no answer arrived. For generation this means the answer may already be stored:
   * the client never retries on its own; offer the buyer a retry that sends the same message.
   */
  readonly isNetworkError: boolean;
  /** The client method that failed, e.g. `generate`. */
  readonly operation: string;

  constructor(init: { status: number; code: string; message: string; operation: string; retryAfterSeconds?: number | null }) {
    super(init.message);
    this.name = 'AisleError';
    this.status = init.status;
    this.code = init.code;
    this.operation = init.operation;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.isNetworkError = init.code === 'NETWORK_ERROR';
  }
}

/** True for an AisleError, also one made by another copy of this package (bundles may hold two). */
export function isAisleError(value: unknown): value is AisleError {
  return value instanceof AisleError || (value instanceof Error && value.name === 'AisleError' && typeof (value as AisleError).code === 'string');
}

/** Seconds from a `Retry-After` header: a number of seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) {
    return null;
  }
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    return Number(trimmed);
  }
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

function isErrorBody(value: unknown): value is ErrorBody {
  const v = value as Partial<ErrorBody> | null;
  return typeof v === 'object' && v !== null && typeof v.code === 'string' && typeof v.message === 'string';
}

/** The AisleError for a refusal, from its status, headers and (already read) body text. */
export function errorFromResponse(operation: string, status: number, headers: { get(name: string): string | null }, bodyText: string): AisleError {
  let body: unknown = null;
  try {
    body = JSON.parse(bodyText);
  } catch {
    // Not JSON: a proxy or gateway answered, not Aisle.
  }
  const retryAfterSeconds = parseRetryAfter(headers.get('retry-after'));
  if (isErrorBody(body)) {
    return new AisleError({ status, code: body.code, message: body.message, operation, retryAfterSeconds });
  }
  return new AisleError({ status, code: `HTTP_${status}`, message: `Aisle answered ${status} without an error body`, operation, retryAfterSeconds });
}

export function networkError(operation: string): AisleError {
  const message =
    operation === 'generate'
      ? 'No answer arrived; the answer may already be stored, so it is not sent again automatically. Retry with the same message.'
      : 'No answer arrived (network error)';
  return new AisleError({ status: 0, code: 'NETWORK_ERROR', message, operation });
}

export function abortedError(operation: string): AisleError {
  return new AisleError({ status: 0, code: 'ABORTED', message: 'The request was aborted', operation });
}

export function invalidResponseError(operation: string, status: number): AisleError {
  return new AisleError({ status, code: 'INVALID_RESPONSE', message: `Aisle answered ${status} with a body that is not the expected JSON`, operation });
}

export function sessionEndedError(operation: string): AisleError {
  return new AisleError({
    status: 0,
    code: 'GUEST_SESSION_ENDED',
    message: 'The guest session of this resource ended and cannot be renewed (spec 3.1); start a new one with a new resourceId',
    operation,
  });
}
