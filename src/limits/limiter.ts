/**
 * The one rate-limit mechanism of Aisle. Each named limit allows `points` hits per
 * `durationSec` per key. Counters live in memory, or in Redis when a client is given and
 * the limit is shared across instances (guest registration is per instance by the spec).
 * Built on rate-limiter-flexible; when Redis fails, counting falls back to memory rather
 * than refusing or letting everything through.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';

export interface LimitSpec {
  points: number;
  durationSec: number;
  /** Counted across instances through Redis when Redis is configured. */
  shared: boolean;
}

export interface LimitVerdict {
  allowed: boolean;
  /** Whole seconds until a hit would be allowed again (0 when allowed). */
  retryAfterSec: number;
}

export interface Limiter {
  /** Counts one hit for `key` and says whether it was within the limit. */
  hit(limit: string, key: string): Promise<LimitVerdict>;
  /** Says whether a hit would be allowed, without counting one. */
  peek(limit: string, key: string): Promise<LimitVerdict>;
}

function verdictOf(res: RateLimiterRes | null, points: number): LimitVerdict {
  if (!res || res.consumedPoints <= points) {
    return { allowed: true, retryAfterSec: 0 };
  }
  return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
}

/** Creates the limiter for a set of named limits. */
export function createLimiter(limits: Record<string, LimitSpec>, redis: Redis | null, prefix = 'aisle:rl'): Limiter {
  const stores = new Map<string, { store: RateLimiterAbstract; spec: LimitSpec }>();
  for (const [name, spec] of Object.entries(limits)) {
    const options = { points: spec.points, duration: spec.durationSec, keyPrefix: `${prefix}:${name}` };
    const store =
      spec.shared && redis
        ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) })
        : new RateLimiterMemory(options);
    stores.set(name, { store, spec });
  }
  const get = (name: string) => {
    const entry = stores.get(name);
    if (!entry) {
      throw new Error(`unknown rate limit "${name}"`);
    }
    return entry;
  };
  return {
    async hit(name, key) {
      const { store, spec } = get(name);
      try {
        return verdictOf(await store.consume(key, 1), spec.points);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return verdictOf(rejection, spec.points);
        }
        throw rejection;
      }
    },
    async peek(name, key) {
      const { store, spec } = get(name);
      const res = await store.get(key);
      if (!res || res.consumedPoints < spec.points) {
        return { allowed: true, retryAfterSec: 0 };
      }
      return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
    },
  };
}
