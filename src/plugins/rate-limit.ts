/**
 * Route hooks over the limiter: `limitBy(limiter, name, key)` counts one hit per request
 * and refuses with `429 RATE_LIMITED` and `Retry-After` (whole seconds) past the limit.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { LimitVerdict } from '../limits/limiter.ts';
import type { LimitName, NamedLimiter } from '../app-context.ts';
import type { RouteHook } from './route-config.ts';

/** Throws 429 for a refused verdict. */
export function assertAllowed(verdict: LimitVerdict): void {
  if (!verdict.allowed) {
    throw new AppError('RATE_LIMITED', undefined, { headers: { 'Retry-After': String(verdict.retryAfterSec) } });
  }
}

/** A hook that counts a hit against limit `name` for the key the request maps to. */
export function limitBy(limiter: NamedLimiter, name: LimitName, key: (request: FastifyRequest) => string): RouteHook {
  return async (request) => {
    assertAllowed(await limiter.hit(name, key(request)));
  };
}
