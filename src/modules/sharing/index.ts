/**
 * Public sharing of dialogs (spec 2.11, 3.3, 4.10–4.12): wires the repository, service,
 * routes and the purge job of expired links.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createSharingRepository } from './repository.ts';
import { createSharingService, type SharingService } from './service.ts';
import { createKeptSnapshots } from './kept-snapshots.ts';
import { registerSharingRoutes } from './routes.ts';
import { PURGE_GRACE_MICROS, PURGE_INTERVAL_MS, startPurgeJob } from './purge.ts';

export interface SharingModuleOptions {
  /** How often expired links are deleted (ms). Default 10 minutes. */
  purgeIntervalMs?: number;
}

/**
 * Registers the sharing endpoints and starts the purge job, which stops when the app closes.
 * Returns the service, which the share page of `web` reads links through too (one memory of them).
 */
export function registerSharingModule(app: FastifyInstance, ctx: AppContext, options: SharingModuleOptions = {}): SharingService {
  const sharing = createSharingService({ repository: createSharingRepository(ctx.storage.db), clock: ctx.clock, kept: createKeptSnapshots(ctx.changes), changes: ctx.changes });
  registerSharingRoutes(app, { sharing });
  const job = startPurgeJob({
    purge: () => sharing.purgeExpired(PURGE_GRACE_MICROS),
    intervalMs: options.purgeIntervalMs ?? PURGE_INTERVAL_MS,
    onError: (err) => app.log.warn({ err }, 'purging expired share links failed'),
  });
  app.addHook('onClose', async () => job.stop());
  return sharing;
}

export type { SharingService } from './service.ts';
