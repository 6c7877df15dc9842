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

const services = new WeakMap<AppContext, SharingService>();

/** The app's one sharing service (the API and the share page read links through it, and one memory of them). */
export function sharingServiceOf(ctx: AppContext): SharingService {
  let service = services.get(ctx);
  if (!service) {
    service = createSharingService({ repository: createSharingRepository(ctx.storage.db), clock: ctx.clock, kept: createKeptSnapshots(ctx.changes), changes: ctx.changes });
    services.set(ctx, service);
  }
  return service;
}

/** Registers the sharing endpoints and starts the purge job, which stops when the app closes. */
export function registerSharingModule(app: FastifyInstance, ctx: AppContext, options: SharingModuleOptions = {}): void {
  const sharing = sharingServiceOf(ctx);
  registerSharingRoutes(app, { sharing });
  const job = startPurgeJob({
    purge: () => sharing.purgeExpired(PURGE_GRACE_MICROS),
    intervalMs: options.purgeIntervalMs ?? PURGE_INTERVAL_MS,
    onError: (err) => app.log.warn({ err }, 'purging expired share links failed'),
  });
  app.addHook('onClose', async () => job.stop());
}

export type { SharingService } from './service.ts';
