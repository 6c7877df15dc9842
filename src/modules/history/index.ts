/** Dialog history (spec 4.6): a dialog's messages, page by page. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createDialogRepository } from '../dialogs/repository.ts';
import { createHistoryRepository } from './repository.ts';
import { registerHistoryRoutes } from './routes.ts';
import { createHistoryService } from './service.ts';

/** Registers the history endpoint. */
export function registerHistoryModule(app: FastifyInstance, ctx: AppContext): void {
  const history = createHistoryService({ dialogs: createDialogRepository(ctx.storage.db), repository: createHistoryRepository(ctx.storage.db, ctx.storage.dialect) });
  registerHistoryRoutes(app, { history });
}
