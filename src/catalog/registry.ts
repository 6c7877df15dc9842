/**
 * The search indexes of this instance, one per tenant, built from the catalogues in the
 * database. Every instance polls the catalogue versions and rebuilds an index when an
 * import (on any instance, or by `aisle import-catalog`) changed it; the swap is a single
 * reference change, so searches see the old index or the new one.
 */
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/types.ts';
import type { Tenant } from '../config/index.ts';
import { buildCatalogIndex, type CatalogIndex } from './search/index.ts';
import { catalogVersions, loadCatalog } from './store.ts';

export interface CatalogRegistry {
  get(tenantId: string): CatalogIndex | undefined;
  /** Rebuilds the indexes whose catalogue version changed; returns the tenants rebuilt. */
  refresh(): Promise<string[]>;
  /** Stops the periodic refresh. */
  stop(): void;
}

export async function createCatalogRegistry(options: {
  db: Kysely<Database>;
  tenants: ReadonlyMap<string, Tenant>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** How often to look for new catalogue versions; 0 = never (tests call refresh()). */
  refreshMs: number;
  /** Told after each index build (for metrics): the tenant, its product count and the load-and-build time. */
  onIndexBuilt?: (tenantId: string, products: number, ms: number) => void;
  /** Run on each new index before searches reach it (the engine's warm-up, see warm-up.ts). */
  warmUp?: (tenant: Tenant, index: CatalogIndex) => Promise<void>;
}): Promise<CatalogRegistry> {
  const indexes = new Map<string, { version: number; index: CatalogIndex }>();
  let refreshing: Promise<string[]> | null = null;

  const refresh = async (): Promise<string[]> => {
    const rebuilt: string[] = [];
    for (const row of await catalogVersions(options.db)) {
      const tenant = options.tenants.get(row.tenant_id);
      if (!tenant || indexes.get(row.tenant_id)?.version === row.version) {
        continue;
      }
      const started = performance.now();
      const loaded = await loadCatalog(options.db, row.tenant_id);
      if (!loaded) {
        continue;
      }
      const index = buildCatalogIndex(loaded.products, { language: tenant.language });
      const ms = performance.now() - started;
      await options.warmUp?.(tenant, index);
      indexes.set(row.tenant_id, { version: loaded.version, index });
      rebuilt.push(row.tenant_id);
      options.onIndexBuilt?.(row.tenant_id, loaded.products.length, ms);
      options.log.info({ tenant: row.tenant_id, version: loaded.version, products: loaded.products.length, ms: Math.round(ms) }, 'catalogue index built');
    }
    return rebuilt;
  };

  await refresh();
  const timer =
    options.refreshMs > 0
      ? setInterval(() => {
          refreshing ??= refresh()
            .catch((err: unknown) => {
              options.log.warn({ err }, 'catalogue refresh failed; keeping the current indexes');
              return [];
            })
            .finally(() => {
              refreshing = null;
            });
        }, options.refreshMs)
      : null;
  timer?.unref();

  return {
    get: (tenantId) => indexes.get(tenantId)?.index,
    refresh,
    stop: () => {
      if (timer) {
        clearInterval(timer);
      }
    },
  };
}
