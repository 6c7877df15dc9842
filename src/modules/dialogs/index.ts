/**
 * Dialogs (spec 4.3, 4.4): the list of a guest's dialogs and hiding one. The dialog repository of
 * this folder is shared: generation, history and sharing import it directly.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createDialogRepository } from './repository.ts';
import { registerDialogRoutes } from './routes.ts';
import { createDialogService } from './service.ts';
import type { FirstPages } from './first-pages.ts';

export { createFirstPages, type FirstPages } from './first-pages.ts';

/**
 * First pages of dialog lists kept at most (a page of 20 is about 5 KB of JSON text: 10 MB at
 * most); the least recently read go first.
 */
export const FIRST_PAGES_KEPT = 2_000;

/** Registers the dialog list and hide endpoints; `firstPages` is the app's memory of first pages (also told of changes through `ctx.dialogLists`). */
export function registerDialogsModule(app: FastifyInstance, ctx: AppContext, firstPages: FirstPages): void {
  const dialogsService = createDialogService({ dialogs: createDialogRepository(ctx.storage.db), signer: ctx.signer, clock: ctx.clock, firstPages });
  registerDialogRoutes(app, { dialogsService });
}
