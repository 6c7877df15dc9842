/**
 * Starter prompts (spec 2.10, 4.9): wires the module from the app's context. Tenants that
 * run a language model get model-based selection with that model; the model client is made
 * on first use and kept.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Tenant } from '../../config/index.ts';
import type { ChoiceInput } from './model-selection.ts';
import { createStarterPromptsRepository } from './repository.ts';
import { registerStarterPromptsRoutes } from './routes.ts';
import { createStarterPromptsService } from './service.ts';

/** Registers `POST /shopping/starter-prompts`. */
export function registerStarterPromptsModule(app: FastifyInstance, ctx: AppContext): void {
  const choosers = new Map<string, (input: ChoiceInput) => Promise<string[]>>();
  // The model code (and the AI SDK under it) is loaded on the first selection that needs it.
  const chooserFor = (tenant: Tenant) => {
    const llm = tenant.engine.type === 'llm' ? tenant.engine.llm : undefined;
    if (!llm) {
      return null;
    }
    let chooser = choosers.get(tenant.id);
    if (!chooser) {
      const loaded = Promise.all([import('../../assistant/llm-engine/model.ts'), import('./model-selection.ts')]).then(
        ([model, selection]) => ({ chat: model.createChatModel(llm, ctx.config.modelApiKeys, ctx.spans), choose: selection.chooseWithModel }),
      );
      chooser = async (input) => {
        const { chat, choose } = await loaded;
        return choose(chat, input);
      };
      choosers.set(tenant.id, chooser);
    }
    return chooser;
  };
  const starterPrompts = createStarterPromptsService({
    clock: ctx.clock,
    repository: createStarterPromptsRepository(ctx.storage.db),
    catalogs: ctx.catalogs,
    chooserFor,
  });
  registerStarterPromptsRoutes(app, { starterPrompts });
}
