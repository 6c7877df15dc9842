/**
 * Insights for shops: the page `/insights` where a shop, with its insights key, reads its
 * conversations, answers with and without products, top and unanswered requests, reactions,
 * engagement and starter-prompt presses over a period. Figures are counted by the database
 * (repository.ts; engagement through the tracking module's report).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { engagementByDay } from '../tracking/index.ts';
import { createWidgetAssets } from '../web/index.ts';
import { createInsightsKeys } from './access-key.ts';
import { createInsightsRepository } from './repository.ts';
import { registerInsightsRoutes } from './routes.ts';
import { createInsightsService } from './service.ts';

/** uPlot's style sheet (legend and cursor), inlined into the page. */
function chartStyleSheet(): string {
  return readFileSync(createRequire(import.meta.url).resolve('uplot/dist/uPlot.min.css'), 'utf8');
}

/** Registers the insights page, its script and its summary. */
export function registerInsightsModule(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.storage.db;
  const insights = createInsightsService({
    repository: createInsightsRepository(db, ctx.storage.dialect),
    engagement: (options) => engagementByDay(db, options),
  });
  registerInsightsRoutes(app, {
    keys: createInsightsKeys(ctx.config.tenants.values()),
    insights,
    clock: ctx.clock,
    assets: createWidgetAssets(),
    chartCss: chartStyleSheet(),
  });
}
