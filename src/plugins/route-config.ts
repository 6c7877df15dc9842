/**
 * What a route may declare in its `config`, read by the app-wide plugins: its access policy
 * (guest token, IP allow-list), which error code its validation failures carry, and the rate
 * limits it counts against, as named presets (`RATE_LIMIT_PRESETS`, applied by `rate-limit.ts`).
 * Also what the access plugin needs of guest sessions, so that it depends on this interface and
 * not on the module.
 */
import type { FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { AppError, type ErrorCode } from '../errors.ts';
import type { Tenant } from '../config/index.ts';
import type { Dialog, GuestSession } from '../db/types.ts';
import type { LimitName } from '../app-context.ts';

export interface Identity {
  tenantId: string;
  resourceId: string;
  /**
   * The dialog the request names, when `identify` had to find it (sharing), so that the handler
   * and the per-dialog limit need not look again. Reaches `request.access` on `when-registered` routes.
   */
  dialog?: Dialog;
}

export type Identify = (request: FastifyRequest) => Identity | null | Promise<Identity | null>;

export interface AccessPolicy {
  /**
   * `required`: a guest token must be sent; tenant and resource come from it.
   * `when-registered`: tenant and resource come from the request (`identify`); a token is
   * needed once that resource has been registered through a guest session.
   */
  guest: 'required' | 'when-registered';
  /** Subject to the tenant's IP allow-list (spec part 5 item 8). */
  ipRestricted: boolean;
  /**
   * The tenant and resource the request claims. Required for `when-registered`; for
   * `required` routes, when given, it must match the token (else 403).
   * May return null when the request names no existing resource (e.g. an unknown dialog):
   * the route's own handler then answers its not-found error.
   */
  identify?: Identify;
}

/**
 * An `identify` reading the validated body, typed by the route's body schema. The access hook
 * runs in `preHandler`, after validation, so the body has that schema's type by then.
 */
export function identifyByBody<S extends TSchema>(
  _schema: S,
  identify: (body: Static<S>, request: FastifyRequest) => Identity | null | Promise<Identity | null>,
): Identify {
  return (request) => identify(request.body as Static<S>, request);
}

/** `identifyByBody` for a route whose resource is named in the query string. */
export function identifyByQuery<S extends TSchema>(_schema: S, identify: (query: Static<S>) => Identity | null): Identify {
  return (request) => identify(request.query as Static<S>);
}

/**
 * The caller's guest session on a `guest: 'required'` route: the access hook refused the
 * request before the handler otherwise, so the throw is never reached.
 */
export function requiredSession(request: FastifyRequest): GuestSession {
  const session = request.access?.session;
  if (!session) {
    throw new AppError('GUEST_TOKEN_REQUIRED');
  }
  return session;
}

/**
 * One counting rule of a preset. `limit` is one of the app's named limits (spec part 8) and
 * `key` what it is counted per: the caller's address, or the dialog found by the access check
 * (a request naming none is not counted). `when`: `onRequest` is before the body is read, so
 * malformed requests count too; `preHandler` after the access check; `on404` when the answer is
 * "not found", just before it leaves, and `on401` when it is "unauthorised". `hit` counts the request and refuses it past the limit
 * (429 with `Retry-After`); `peek` refuses without counting; an `on404` rule only counts, the
 * answer being decided by then.
 */
export type LimitRule = { limit: LimitName; key: 'ip' | 'dialog' } & (
  | { when: 'onRequest' | 'preHandler'; count: 'hit' | 'peek' }
  | { when: 'on404' | 'on401'; count: 'hit' }
);

/** The rate limits routes name in `config.rateLimit`; a preset's rules apply in their order. */
export const RATE_LIMIT_PRESETS = {
  'registration-per-ip': [{ limit: 'registration', key: 'ip', when: 'onRequest', count: 'hit' }],
  'share-per-ip': [{ limit: 'share', key: 'ip', when: 'onRequest', count: 'hit' }],
  // After the access check: only a caller allowed to share counts against the dialog.
  'share-per-dialog': [{ limit: 'sharePerDialog', key: 'dialog', when: 'preHandler', count: 'hit' }],
  // Public reads of a snapshot (the JSON read and the share page alike): every read counts; an
  // address that failed too often is refused before the lookup, whatever it asks for now; only
  // "not found" counts as a failed read.
  'shared-read': [
    { limit: 'sharedRead', key: 'ip', when: 'onRequest', count: 'hit' },
    { limit: 'sharedReadFailed', key: 'ip', when: 'onRequest', count: 'peek' },
    { limit: 'sharedReadFailed', key: 'ip', when: 'on404', count: 'hit' },
  ],
  // The shop's insights page: an address that sent too many wrong keys is refused before the
  // key is looked at, whatever it sends now; only a refused key (401) counts.
  'insights-key': [
    { limit: 'insightsKeyFailed', key: 'ip', when: 'onRequest', count: 'peek' },
    { limit: 'insightsKeyFailed', key: 'ip', when: 'on401', count: 'hit' },
  ],
} as const satisfies Record<string, readonly LimitRule[]>;

export type RateLimitPreset = keyof typeof RATE_LIMIT_PRESETS;

/**
 * What the access plugin needs of guest sessions (the guest-sessions service provides it), so
 * that the plugin does not depend on a module.
 */
export interface SessionAuthority {
  /** The live session of a guest token; throws the contract's 401/503 otherwise. */
  authenticate(token: string): Promise<GuestSession>;
  /** Whether the resource has ever been registered through a guest session. */
  isRegistered(tenantId: string, resourceId: string): Promise<boolean>;
  /** Slides the session's expiry after a successful answer (notes it; the write is batched, never fails the answer). */
  extend(session: GuestSession): void;
}

/** What the access plugin found out about the caller, on `request.access`. */
export interface Access extends Identity {
  tenant: Tenant | undefined;
  /** The caller's guest session; null for resources that were never registered. */
  session: GuestSession | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
    /** The error code of a schema validation failure or malformed body on this route. */
    validationCode?: ErrorCode;
    /** The rate limits this route counts against, by preset name. */
    rateLimit?: readonly RateLimitPreset[];
  }
  interface FastifyRequest {
    access: Access | null;
  }
}
