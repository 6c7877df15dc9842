/**
 * Which shop an insights key opens. The tenants file holds only the SHA-256 of each shop's key
 * (`insightsKeySha256`); the presented key is hashed and compared with every shop's hash in
 * constant time (`timingSafeEqual`), all of them each time, so neither the answer's timing nor
 * its order tells anything about the keys. The key itself is never kept, logged or echoed.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Tenant } from '../../config/index.ts';

/** Longer values are not keys of ours (`ins_` + 43 characters); they are refused unhashed. */
export const MAX_KEY_LENGTH = 256;

export interface InsightsKeys {
  /** The shop this key opens, or null. */
  tenantOf(key: string): Tenant | null;
  /** Whether any shop has a key at all (otherwise the page says how to get one). */
  readonly any: boolean;
}

export function createInsightsKeys(tenants: Iterable<Tenant>): InsightsKeys {
  const entries = [...tenants]
    .filter((t): t is Tenant & { insightsKeySha256: string } => typeof t.insightsKeySha256 === 'string')
    .map((tenant) => ({ tenant, hash: Buffer.from(tenant.insightsKeySha256, 'hex') }));
  return {
    any: entries.length > 0,
    tenantOf(key) {
      if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
        return null;
      }
      const digest = createHash('sha256').update(key, 'utf8').digest();
      let found: Tenant | null = null;
      for (const entry of entries) {
        // Every hash is compared, also after a match: the time does not depend on which shop it is.
        if (timingSafeEqual(digest, entry.hash) && found === null) {
          found = entry.tenant;
        }
      }
      return found;
    },
  };
}
