/**
 * Downloads an image by URL without letting the URL reach anything private (SSRF).
 *
 * Per hop: parse and check the URL (HTTPS, no credentials), resolve the host ourselves, refuse
 * when ANY address is not allowed, then connect through a one-off undici Agent whose `lookup`
 * answers with exactly the addresses just checked — so the socket cannot be sent elsewhere by a
 * second DNS answer (rebinding). Redirects are followed by hand, each target checked the same
 * way before any byte is sent to it. One deadline covers every hop and the body.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import type { Dispatcher } from 'undici';
import { AppError } from '../errors.ts';
import { isPublicAddress } from './address-policy.ts';
import { MAX_IMAGE_BYTES, type SupportedMediaType } from './limits.ts';
import { parseContentType } from './signature.ts';

/** The downloaded bytes and the media type the server declared for them (not yet sniffed). */
/** How much longer than the deadline a connection may take to set up (see fetchWithin). */
const CONNECT_GRACE_MS = 50;

export interface FetchedImage {
  bytes: Buffer;
  mediaType: SupportedMediaType;
}

/** Downloads one image by URL under the contract's rules. */
export interface SafeFetcher {
  /**
   * @throws AppError INVALID_REQUEST (400) for a malformed, non-HTTPS, credentialed or
   *   non-public URL (or redirect target) and for too many redirects; IMAGE_TOO_LARGE (413);
   *   IMAGE_UNSUPPORTED (415) for a Content-Type other than JPEG/PNG/WebP; IMAGE_UNPROCESSABLE
   *   (422) when the server cannot be reached or answers with an error; IMAGE_FETCH_TIMEOUT
   *   (504) when the whole download took too long. When `signal` aborts, its reason is thrown.
   */
  fetch(url: string, signal?: AbortSignal): Promise<FetchedImage>;
}

/** One resolved address of a host. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface SafeFetcherOptions {
  /** The address policy; default {@link isPublicAddress}. Tests admit only their local server. */
  isAllowedAddress?: (ip: string) => boolean;
  /** TLS settings for the connection; `ca` replaces the trusted roots (tests trust their own CA). */
  connect?: { ca?: string | Buffer };
  /** The deadline for all hops and the body together; default 10,000 ms (spec 4.5). */
  timeoutMs?: number;
  /** Redirects followed at most; default 3 (spec 4.5). */
  maxRedirects?: number;
  /** The largest body accepted; default 5 MiB (spec 4.5). */
  maxBytes?: number;
  /** Resolves a host name to all its addresses; default the system resolver (`dns.lookup`, all). */
  resolveHost?: (hostname: string) => Promise<ResolvedAddress[]>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const NOT_PUBLIC = 'The image URL must point to a public HTTPS address';
const NOT_DOWNLOADED = 'The image could not be downloaded';

/** Creates the SSRF-safe image fetcher. */
export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const isAllowed = options.isAllowedAddress ?? isPublicAddress;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRedirects = options.maxRedirects ?? 3;
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const resolveHost = options.resolveHost ?? systemResolve;
  const ca = options.connect?.ca;

  /** Resolves and checks one hop's host; nothing is sent anywhere before this returns. */
  async function checkedAddresses(target: URL, signal: AbortSignal): Promise<ResolvedAddress[]> {
    const host = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
    const literal = isIP(host);
    // The URL parser has already rewritten numeric spellings (2130706433, 0x7f.1, 127.1 …) to a
    // dotted quad, so an IP literal is checked exactly as the socket will use it.
    let addresses: ResolvedAddress[];
    if (literal !== 0) {
      addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
    } else {
      try {
        addresses = await untilAborted(resolveHost(host), signal);
      } catch (cause) {
        if (signal.aborted) {
          throw cause;
        }
        throw new AppError('IMAGE_UNPROCESSABLE', NOT_DOWNLOADED, { cause });
      }
    }
    if (addresses.length === 0) {
      throw new AppError('IMAGE_UNPROCESSABLE', NOT_DOWNLOADED);
    }
    if (addresses.some((entry) => !isAllowed(entry.address))) {
      throw new AppError('INVALID_REQUEST', NOT_PUBLIC);
    }
    return addresses;
  }

  async function fetchWithin(startUrl: string, signal: AbortSignal, deadlineAt: number): Promise<FetchedImage> {
    // Loaded with the first image address, not at start: most shops' buyers never send one.
    const { Agent, request } = await import('undici');
    let target = checkedUrl(startUrl);
    for (let redirects = 0; ; redirects++) {
      const addresses = await checkedAddresses(target, signal);
      const agent = new Agent({
        connect: {
          ...(ca !== undefined ? { ca } : {}),
          lookup: pinnedLookup(addresses),
          // The abort signal does not reach a connection still being set up (a TLS handshake that
          // stalls would run to undici's own 10 s): the connect step gets the time left, a little
          // more than the deadline so the deadline is what fires first and the answer is 504.
          timeout: Math.max(1, deadlineAt - Date.now()) + CONNECT_GRACE_MS,
        },
        // 0 turns keep-alive off: a connection serves this one request to this one checked address.
        pipelining: 0,
      });
      try {
        let response: Awaited<ReturnType<typeof request>>;
        try {
          response = await request(target, {
            dispatcher: agent,
            method: 'GET',
            signal,
            headers: {
              accept: 'image/jpeg, image/png, image/webp',
              'accept-encoding': 'identity',
              'user-agent': 'Aisle-image-fetcher/1',
            },
          });
        } catch (cause) {
          if (signal.aborted) {
            throw cause;
          }
          throw new AppError('IMAGE_UNPROCESSABLE', NOT_DOWNLOADED, { cause });
        }
        const { statusCode, headers, body } = response;

        if (REDIRECT_STATUSES.has(statusCode)) {
          discard(body);
          const location = header(headers, 'location');
          if (location === undefined) {
            throw new AppError('IMAGE_UNPROCESSABLE', NOT_DOWNLOADED);
          }
          if (redirects >= maxRedirects) {
            throw new AppError('INVALID_REQUEST', 'The image URL redirects too many times');
          }
          target = checkedUrl(location, target);
          continue;
        }
        if (statusCode < 200 || statusCode > 299) {
          discard(body);
          throw new AppError('IMAGE_UNPROCESSABLE', NOT_DOWNLOADED);
        }
        let mediaType: SupportedMediaType;
        try {
          mediaType = parseContentType(header(headers, 'content-type'));
        } catch (err) {
          discard(body);
          throw err;
        }
        const declaredLength = Number(header(headers, 'content-length') ?? Number.NaN);
        if (declaredLength > maxBytes) {
          discard(body);
          throw new AppError('IMAGE_TOO_LARGE');
        }
        return { bytes: await readCapped(body, maxBytes, signal), mediaType };
      } finally {
        // Fire and forget: the response is consumed or abandoned, and the socket must not linger.
        agent.destroy().catch(() => {});
      }
    }
  }

  return {
    async fetch(url: string, signal?: AbortSignal): Promise<FetchedImage> {
      const deadlineAt = Date.now() + timeoutMs;
      const deadline = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([deadline, signal]) : deadline;
      try {
        return await fetchWithin(url, combined, deadlineAt);
      } catch (err) {
        // A refusal decided on what we saw (400/413/415) stands even if the clock ran out meanwhile.
        if (err instanceof AppError && err.code !== 'IMAGE_UNPROCESSABLE') {
          throw err;
        }
        if (signal?.aborted) {
          throw signal.reason;
        }
        if (deadline.aborted || Date.now() >= deadlineAt) {
          throw new AppError('IMAGE_FETCH_TIMEOUT', undefined, { cause: err });
        }
        if (err instanceof AppError) {
          throw err;
        }
        throw new AppError('IMAGE_UNPROCESSABLE', NOT_DOWNLOADED, { cause: err });
      }
    },
  };
}

/**
 * Parses and checks a URL (or a redirect's Location against the URL that sent it).
 * @throws AppError INVALID_REQUEST (400) for a malformed URL, another scheme, or credentials.
 */
function checkedUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new AppError('INVALID_REQUEST', 'The image URL is not a valid URL');
  }
  if (url.protocol !== 'https:') {
    throw new AppError('INVALID_REQUEST', 'The image URL must use HTTPS');
  }
  if (url.username !== '' || url.password !== '') {
    throw new AppError('INVALID_REQUEST', 'The image URL must not contain a user name or password');
  }
  return url;
}

/** A `lookup` for the socket that can only answer with the addresses already checked. */
function pinnedLookup(addresses: readonly ResolvedAddress[]) {
  return (
    _hostname: string,
    options: LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const wanted = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    const candidates = addresses.filter((entry) => wanted === 0 || entry.family === wanted);
    const first = candidates[0];
    if (first === undefined) {
      const err: NodeJS.ErrnoException = new Error('No checked address of the requested family');
      err.code = 'ENOTFOUND';
      callback(err, '');
      return;
    }
    if (options.all) {
      callback(null, candidates.map((entry) => ({ address: entry.address, family: entry.family })));
    } else {
      callback(null, first.address, first.family);
    }
  };
}

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const entries = await dnsLookup(hostname, { all: true, verbatim: true });
  return entries.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
}

/** Reads the body, aborting as soon as it passes `maxBytes` (Content-Length may be absent or lie). */
async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > maxBytes) {
      discard(body);
      throw new AppError('IMAGE_TOO_LARGE');
    }
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  signal.throwIfAborted();
  return Buffer.concat(chunks, total);
}

/**
 * Abandons a response body. undici's body emits an 'error' when destroyed unread, which nobody
 * would listen to once we have moved on, so a listener is attached first.
 */
function discard(body: { on(event: 'error', listener: (err: Error) => void): unknown; destroy(): unknown }): void {
  body.on('error', () => {});
  body.destroy();
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts (dns.lookup cannot be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
