/**
 * Dialogs (spec 4.3, 4.4): the list of a guest's dialogs and hiding one. The dialog repository of
 * this folder is shared: generation, history and sharing import it directly.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createDialogRepository } from './repository.ts';
import { registerDialogRoutes } from './routes.ts';
import { createDialogService } from './service.ts';
import { createFirstPages } from './first-pages.ts';

/**
 * First pages of dialog lists kept at most (a page of 20 is about 5 KB of JSON text: 10 MB at
 * most); the least recently read go first.
 */
export const FIRST_PAGES_KEPT = 2_000;

/** Registers the dialog list and hide endpoints, with the memory of first pages (told of changes through `ctx.changes`). */
export function registerDialogsModule(app: FastifyInstance, ctx: AppContext): void {
  const firstPages = createFirstPages({ changes: ctx.changes, maxEntries: FIRST_PAGES_KEPT });
  const dialogsService = createDialogService({ dialogs: createDialogRepository(ctx.storage.db), signer: ctx.signer, clock: ctx.clock, firstPages, changes: ctx.changes });
  registerDialogRoutes(app, { dialogsService });
}
