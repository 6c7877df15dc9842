/**
 * Starter prompts (spec 2.10, 4.9): wires the module from the app's context. Tenants that
 * run a language model get model-based selection with that model; the model client is made
 * on first use and kept.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.ts';
import type { Tenant } from '../../config/index.ts';
import { createChatModel, type ChatModel } from '../../assistant/llm-engine/model.ts';
import { createStarterPromptsRepository } from './repository.ts';
import { registerStarterPromptsRoutes } from './routes.ts';
import { createStarterPromptsService } from './service.ts';

/** Registers `POST /shopping/starter-prompts`. */
export function registerStarterPromptsModule(app: FastifyInstance, ctx: AppContext): void {
  const models = new Map<string, ChatModel>();
  const modelFor = (tenant: Tenant): ChatModel | null => {
    const llm = tenant.engine.type === 'llm' ? tenant.engine.llm : undefined;
    if (!llm) {
      return null;
    }
    let chat = models.get(tenant.id);
    if (!chat) {
      chat = createChatModel(llm, ctx.config.modelApiKeys);
      models.set(tenant.id, chat);
    }
    return chat;
  };
  const starterPrompts = createStarterPromptsService({
    clock: ctx.clock,
    repository: createStarterPromptsRepository(ctx.storage.db),
    catalogs: ctx.catalogs,
    modelFor,
  });
  registerStarterPromptsRoutes(app, { starterPrompts });
}
