/**
 * Applies the rate-limit presets routes name in `config.rateLimit` (`RATE_LIMIT_PRESETS` in
 * route-config.ts). One `onRoute` hook turns a route's presets into hooks of that route, so they
 * run after every app-wide hook of the same phase (in `preHandler`, after the access check) as
 * hooks written on the route would. A refusal is `429 RATE_LIMITED` with `Retry-After` (whole
 * seconds).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../errors.ts';
import type { LimitVerdict } from '../limits/limiter.ts';
import type { MetricsRecorder, NamedLimiter } from '../app-context.ts';
import { RATE_LIMIT_PRESETS, type LimitRule } from './route-config.ts';

/** The refusal of a rate limit; a route answering with a page of its own reads `retryAfterSec`. */
export class RateLimited extends AppError {
  readonly retryAfterSec: number;

  constructor(retryAfterSec: number) {
    super('RATE_LIMITED', undefined, { headers: { 'Retry-After': String(retryAfterSec) } });
    this.retryAfterSec = retryAfterSec;
  }
}

function keyOf(rule: LimitRule, request: FastifyRequest): string | null {
  return rule.key === 'ip' ? request.ip : (request.access?.dialog?.id ?? null);
}

/** Appends a hook to a route's own hooks of one phase (a new array: GET and its HEAD twin share the options' arrays). */
function append<T>(existing: T | T[] | undefined, hook: T): T[] {
  return [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), hook];
}

/** Installs the hook that applies the rate-limit presets of every route registered after it. */
export function installRateLimits(app: FastifyInstance, limiter: NamedLimiter, metrics: Pick<MetricsRecorder, 'rateLimitRefused'>): void {
  const check = async (rules: readonly LimitRule[], request: FastifyRequest) => {
    for (const rule of rules) {
      const key = keyOf(rule, request);
      if (key !== null) {
        const verdict: LimitVerdict = rule.count === 'peek' ? await limiter.peek(rule.limit, key) : await limiter.hit(rule.limit, key);
        if (!verdict.allowed) {
          metrics.rateLimitRefused(rule.limit);
          throw new RateLimited(verdict.retryAfterSec);
        }
      }
    }
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const rules = (route.config?.rateLimit ?? []).flatMap<LimitRule>((name) => RATE_LIMIT_PRESETS[name]);
    const onRequest = rules.filter((rule) => rule.when === 'onRequest');
    const preHandler = rules.filter((rule) => rule.when === 'preHandler');
    const onStatus = rules.filter((rule) => rule.when === 'on404' || rule.when === 'on401');
    if (onRequest.length > 0) {
      route.onRequest = append(route.onRequest, async (request: FastifyRequest) => check(onRequest, request));
    }
    if (preHandler.length > 0) {
      route.preHandler = append(route.preHandler, async (request: FastifyRequest) => check(preHandler, request));
    }
    if (onStatus.length > 0) {
      route.onSend = append(route.onSend, async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        for (const rule of onStatus) {
          if (reply.statusCode === (rule.when === 'on404' ? 404 : 401)) {
            const key = keyOf(rule, request);
            if (key !== null) {
              await limiter.hit(rule.limit, key);
            }
          }
        }
        return payload;
      });
    }
  });
}
