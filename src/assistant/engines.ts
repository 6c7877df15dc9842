/**
 * Which engine answers for a tenant. The catalogue engine is the default and needs no
 * set-up; tenants with `engine.type: llm` get the language-model engine, with the
 * catalogue engine as its fallback. LLM engines are made on a tenant's first turn and kept.
 */
import pino from 'pino';
import type { Tenant } from '../config/index.ts';
import type { CatalogRegistry } from '../catalog/registry.ts';
import type { AssistantEngine } from './engine.ts';
import { createCatalogEngine } from './catalog-engine/index.ts';
import type { EngineLog } from './llm-engine/index.ts';
import type { SpanRecorder } from '../spans.ts';

export type EngineResolver = (tenant: Tenant) => AssistantEngine;

export interface EngineResolverDeps {
  catalogs: CatalogRegistry;
  /**
   * Where engines log (model failures and fallbacks, never message text). The app should
   * pass its own logger; without one, warnings go to standard error.
   */
  log?: EngineLog;
  /** API keys by variable name (Config.modelApiKeys). */
  env: Readonly<Record<string, string | undefined>>;
  /** Where the model calls' spans go (tracing); none when absent. */
  spans?: SpanRecorder;
}

/** Builds the resolver the generation service calls on every turn. */
export function createEngineResolver(deps: EngineResolverDeps): EngineResolver {
  const catalogEngine = createCatalogEngine({ catalogs: deps.catalogs });
  let log = deps.log;
  const llmEngines = new Map<string, AssistantEngine>();
  return (tenant) => {
    const llm = tenant.engine.type === 'llm' ? tenant.engine.llm : undefined;
    if (!llm) {
      return catalogEngine;
    }
    let engine = llmEngines.get(tenant.id);
    if (!engine) {
      log ??= pino({ level: 'warn', base: { component: 'llm-engine' } }, pino.destination(2));
      // The engine (and the AI SDK under it, ~25 MB) is loaded on the tenant's first turn.
      const engineLog = log;
      const loaded = import('./llm-engine/index.ts').then((m) =>
        m.createLlmEngine(tenant, llm, { catalogs: deps.catalogs, fallback: catalogEngine, log: engineLog, env: deps.env, ...(deps.spans ? { spans: deps.spans } : {}) }),
      );
      engine = { answer: async (request) => (await loaded).answer(request) };
      llmEngines.set(tenant.id, engine);
    }
    return engine;
  };
}
