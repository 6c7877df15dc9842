/** Shared pieces of the LLM engine unit tests: the demo catalogue's index, a tenant, tracking links. */
import { readFeedFile } from '../../../src/catalog/import/index.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { buildCatalogIndex } from '../../../src/catalog/search/index.ts';
import type { CatalogIndex } from '../../../src/catalog/search/types.ts';
import type { Tenant } from '../../../src/config/tenant.ts';
import { parseTenant } from '../../../src/config/tenants-file.ts';
import type { TrackingLinks } from '../../../src/assistant/engine.ts';
import { DEMO_CATALOG } from '../../helpers/app.ts';

let demo: Promise<CatalogIndex> | null = null;

/** The search index of the bundled demo catalogue (built once per test file). */
export function demoIndex(): Promise<CatalogIndex> {
  demo ??= (async () => {
    const products: CatalogProduct[] = [];
    for await (const item of readFeedFile(DEMO_CATALOG)) {
      if (item.kind === 'product') {
        products.push(item.product);
      }
    }
    return buildCatalogIndex(products, { language: 'ru' });
  })();
  return demo;
}

/** A validated tenant with the LLM engine pointed at `baseUrl`. */
export function llmTenant(baseUrl: string, extra: Record<string, unknown> = {}, llm: Record<string, unknown> = {}): Tenant {
  return parseTenant({ id: 'unit-shop', name: 'Unit Shop', engine: { type: 'llm', llm: { baseUrl, model: 'unit-model', ...llm } }, ...extra }, 0, process.cwd());
}

/** Tracking links that name what they track, for assertions. */
export const tracking: TrackingLinks = {
  block: (type) => `https://t.test/block/${type}`,
  card: (type, sku) => `https://t.test/card/${type}/${sku}`,
};
