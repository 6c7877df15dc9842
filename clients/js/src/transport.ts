/**
 * One HTTP exchange with Aisle: the request as the contract wants it (JSON, the guest token
 * only in the `Authorization` header, no cookies), and every way it can end turned into a
 * result or an AisleError. There is no retry here, on purpose: after a lost answer a
 * generation may already be stored (spec part 7), so only the caller may decide to repeat.
 */
import { abortedError, errorFromResponse, invalidResponseError, networkError, type AisleError } from './errors.ts';

/** The `fetch` the client uses; defaults to the global one. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface Exchange {
  /** Client method name, for errors. */
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query after the base address, already encoded. */
  path: string;
  /** A JSON value, or JSON text sent byte for byte. */
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal | undefined;
}

export type ExchangeResult<T> = { ok: true; status: number; data: T } | { ok: false; error: AisleError };

/** `fetch` called as a plain function: browsers refuse it when called as a method of another object. */
export function defaultFetch(): FetchLike {
  return (input, init) => globalThis.fetch(input, init);
}

/** Removes trailing slashes so paths join with exactly one. */
export function normaliseBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

/**
 * Sends one request. Refusals come back as `{ok: false}` (the caller may look at the code
 * before throwing); a lost answer or an abort is thrown, since no caller does anything else.
 */
export async function exchange<T>(fetchFn: FetchLike, baseUrl: string, ex: Exchange): Promise<ExchangeResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  if (ex.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof ex.body === 'string' ? ex.body : JSON.stringify(ex.body);
  }
  if (ex.token) {
    headers.authorization = `Bearer ${ex.token}`;
  }
  let text: string;
  let response: Response;
  try {
    const init: RequestInit & { cache: 'no-store' } = {
      method: ex.method,
      headers,
      // The token travels in a header; the shop's cookies are none of Aisle's business.
      credentials: 'omit',
      cache: 'no-store',
    };
    if (body !== undefined) {
      init.body = body;
    }
    if (ex.signal) {
      init.signal = ex.signal;
    }
    response = await fetchFn(baseUrl + ex.path, init);
    // An answer cut off half-way is as lost as one that never came.
    text = await response.text();
  } catch {
    throw ex.signal?.aborted ? abortedError(ex.operation) : networkError(ex.operation);
  }
  if (!response.ok) {
    return { ok: false, error: errorFromResponse(ex.operation, response.status, response.headers, text) };
  }
  if (response.status === 204) {
    return { ok: true, status: 204, data: undefined as T };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw invalidResponseError(ex.operation, response.status);
  }
  if (typeof data !== 'object' || data === null) {
    throw invalidResponseError(ex.operation, response.status);
  }
  return { ok: true, status: response.status, data: data as T };
}
