/** Generation (spec 4.5): a buyer's turn answered by the tenant's engine. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { EngineResolver } from '../../assistant/engines.ts';
import type { ImagePipeline } from '../../images/index.ts';
import { createGenerationRepository } from './repository.ts';
import { registerGenerationRoutes } from './routes.ts';
import { createProcessClaims } from './process-claims.ts';
import { createGenerationService } from './service.ts';

export interface GenerationModuleDeps {
  engineFor: EngineResolver;
  images: ImagePipeline;
}

/** Registers `POST /shopping/generate`. */
export function registerGenerationModule(app: FastifyInstance, ctx: AppContext, deps: GenerationModuleDeps): void {
  const repository = createGenerationRepository(ctx.storage.db, ctx.storage.dialect);
  const generation = createGenerationService({
    config: ctx.config,
    clock: ctx.clock,
    signer: ctx.signer,
    repository,
    // SQLite has one instance (docs/scaling.md): its claims need not be written to the file.
    claims: ctx.storage.dialect === 'sqlite' ? createProcessClaims() : repository,
    images: deps.images,
    engineFor: deps.engineFor,
    metrics: ctx.metrics,
    spans: ctx.spans,
    changes: ctx.changes,
  });
  registerGenerationRoutes(app, { generation });
}

// History's page schema shows the same answer in its examples.
export { ANSWER_EVENTS_EXAMPLE, ANSWER_EXAMPLE } from './schemas.ts';
