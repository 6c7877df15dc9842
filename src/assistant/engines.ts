/**
 * Which engine answers for a tenant. The catalogue engine is the default and needs no
 * set-up; the language-model engine (tenants with `engine.type: llm`) comes with its own issue.
 */
import type { Tenant } from '../config/index.ts';
import type { CatalogRegistry } from '../catalog/registry.ts';
import type { AssistantEngine } from './engine.ts';
import { createCatalogEngine } from './catalog-engine/index.ts';

export type EngineResolver = (tenant: Tenant) => AssistantEngine;

export function createEngineResolver(deps: { catalogs: CatalogRegistry }): EngineResolver {
  const catalogEngine = createCatalogEngine({ catalogs: deps.catalogs });
  return () => catalogEngine;
}
