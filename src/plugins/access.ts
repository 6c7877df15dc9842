/**
 * Access rules for every endpoint (spec part 5): a route declares its policy in
 * `config.access`; this plugin resolves tenant, resource and guest session before the
 * handler runs, applies the tenant's IP allow-list, and after a successful answer slides
 * the session's expiry (noted in memory, written in batches by the guest-session service). The token is read only from `Authorization: Bearer`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { Config } from '../config/index.ts';
import { bearerToken } from '../security/bearer.ts';
import { createIpCheck, type IpCheck } from '../security/ip-check.ts';
import type { Access, AccessPolicy, Identity, SessionAuthority } from './route-config.ts';

export interface AccessDeps {
  config: Config;
  sessions: SessionAuthority;
}

async function resolve(policy: AccessPolicy, request: FastifyRequest, deps: AccessDeps, checkIp: IpCheck): Promise<Access | null> {
  const token = bearerToken(request);
  if (policy.guest === 'required') {
    if (token === undefined) {
      throw new AppError('GUEST_TOKEN_REQUIRED');
    }
    const session = await deps.sessions.authenticate(token);
    const claimed = policy.identify ? await policy.identify(request) : null;
    if (claimed && (claimed.tenantId !== session.tenant_id || claimed.resourceId !== session.resource_id)) {
      throw new AppError('GUEST_RESOURCE_MISMATCH');
    }
    if (policy.ipRestricted) {
      checkIp(session.tenant_id, request.ip);
    }
    return {
      tenantId: session.tenant_id,
      resourceId: session.resource_id,
      tenant: deps.config.tenants.get(session.tenant_id),
      session,
      // What the route found while identifying the caller (sharing's dialog) is kept on every path.
      ...(claimed?.dialog ? { dialog: claimed.dialog } : {}),
    };
  }

  const claimed: Identity | null = policy.identify ? await policy.identify(request) : null;
  if (!claimed) {
    // The request names nothing that exists; the handler answers its own not-found.
    if (token !== undefined) {
      await deps.sessions.authenticate(token);
    }
    return null;
  }
  if (policy.ipRestricted) {
    checkIp(claimed.tenantId, request.ip);
  }
  const tenant = deps.config.tenants.get(claimed.tenantId);
  if (token !== undefined) {
    const session = await deps.sessions.authenticate(token);
    if (session.tenant_id !== claimed.tenantId || session.resource_id !== claimed.resourceId) {
      throw new AppError('GUEST_RESOURCE_MISMATCH');
    }
    return { ...claimed, tenant, session };
  }
  if (await deps.sessions.isRegistered(claimed.tenantId, claimed.resourceId)) {
    throw new AppError('GUEST_TOKEN_REQUIRED');
  }
  return { ...claimed, tenant, session: null };
}

/** Installs the access hooks on `app` (routes opt in through `config.access`). */
export function installAccess(app: FastifyInstance, deps: AccessDeps): void {
  const checkIp = createIpCheck(deps.config);
  app.decorateRequest('access', null);
  app.addHook('preHandler', async (request) => {
    const policy = request.routeOptions.config?.access;
    if (policy) {
      request.access = await resolve(policy, request, deps, checkIp);
    }
  });
  // Only notes the new expiry (written in batches off the request path); no promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    const session = request.access?.session;
    if (session && reply.statusCode < 400) {
      deps.sessions.extend(session);
    }
    done(null, payload);
  });
}
