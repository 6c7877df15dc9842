/**
 * What a route may declare in its `config`, read by the app-wide plugins: its access policy
 * (guest token, IP allow-list) and which error code its validation failures carry. Rate limits
 * are not declared here yet: routes add them as hooks (`rate-limit.ts`). Also what the access
 * plugin needs of guest sessions, so that it depends on this interface and not on the module.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../errors.ts';
import type { Tenant } from '../config/index.ts';
import type { GuestSession } from '../db/types.ts';

export interface Identity {
  tenantId: string;
  resourceId: string;
}

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
  identify?: (request: FastifyRequest) => Identity | null | Promise<Identity | null>;
}

/**
 * What the access plugin needs of guest sessions (the guest-sessions service provides it), so
 * that the plugin does not depend on a module.
 */
export interface SessionAuthority {
  /** The live session of a guest token; throws the contract's 401/503 otherwise. */
  authenticate(token: string): Promise<GuestSession>;
  /** Whether the resource has ever been registered through a guest session. */
  isRegistered(tenantId: string, resourceId: string): Promise<boolean>;
  /** Slides the session's expiry after a successful answer. */
  extend(session: GuestSession): Promise<void>;
}

/** What the access plugin found out about the caller, on `request.access`. */
export interface Access extends Identity {
  tenant: Tenant | undefined;
  /** The caller's guest session; null for resources that were never registered. */
  session: GuestSession | null;
}

export type RouteHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
    /** The error code of a schema validation failure or malformed body on this route. */
    validationCode?: ErrorCode;
  }
  interface FastifyRequest {
    access: Access | null;
  }
}
