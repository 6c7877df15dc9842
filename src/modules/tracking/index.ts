/**
 * Tracking (design.md §5, spec part 6): Aisle's own collector of signed event links. Events are
 * written in batches; the writer flushes what it holds when the app closes.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createEventWriter } from './event-writer.ts';
import { registerTrackingRoutes } from './routes.ts';

export interface TrackingModuleOptions {
  /** How often tracking events are written (ms). */
  flushMs: number;
}

/** Registers the event collector and its batched writer. */
export function registerTrackingModule(app: FastifyInstance, ctx: AppContext, options: TrackingModuleOptions): void {
  const writer = createEventWriter(ctx.storage.db, {
    flushMs: options.flushMs,
    onError: (err, dropped) => app.log.warn({ err, dropped }, 'tracking events could not be written'),
  });
  registerTrackingRoutes(app, { signer: ctx.signer, clock: ctx.clock, writer });
  app.addHook('onClose', async () => writer.close());
}

// Generation signs the event links of every answer with these.
export { createTrackingLinks } from './links.ts';
// The engagement report of `aisle report`.
export { engagementByDay } from './report.ts';
