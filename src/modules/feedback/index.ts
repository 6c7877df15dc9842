/** Feedback on answers (spec 4.7, 4.8). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createFeedbackRepository } from './repository.ts';
import { registerFeedbackRoutes } from './routes.ts';
import { createFeedbackService } from './service.ts';

/** Registers the feedback endpoint. */
export function registerFeedbackModule(app: FastifyInstance, ctx: AppContext): void {
  registerFeedbackRoutes(app, { feedback: createFeedbackService({ repository: createFeedbackRepository(ctx.storage.db, ctx.storage.dialect), clock: ctx.clock }) });
}

// Generation puts these links in every answer.
export { feedbackLinks } from './links.ts';
