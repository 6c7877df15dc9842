/**
 * Dialogs (spec 4.3, 4.4): the list of a guest's dialogs and hiding one. The dialog repository of
 * this folder is shared: generation, history and sharing import it directly.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createDialogRepository } from './repository.ts';
import { registerDialogRoutes } from './routes.ts';
import { createDialogService } from './service.ts';

/** Registers the dialog list and hide endpoints. */
export function registerDialogsModule(app: FastifyInstance, ctx: AppContext): void {
  const dialogsService = createDialogService({ dialogs: createDialogRepository(ctx.storage.db), signer: ctx.signer, clock: ctx.clock });
  registerDialogRoutes(app, { dialogsService });
}
