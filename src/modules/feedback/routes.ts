/** `PUT /shopping/feedback` and `GET /shopping/feedback` (spec 4.7, 4.8). */
import type { FastifyInstance } from 'fastify';
import { getFeedbackSchema, putFeedbackSchema, type GetFeedbackQuery, type PutFeedbackBody } from './schemas.ts';
import type { FeedbackService } from './service.ts';

export function registerFeedbackRoutes(app: FastifyInstance, deps: { feedback: FeedbackService }): void {
  app.put<{ Body: PutFeedbackBody }>(
    '/shopping/feedback',
    {
      schema: putFeedbackSchema,
      config: {
        access: {
          guest: 'when-registered',
          ipRestricted: true,
          identify: (req) => {
            const b = req.body as PutFeedbackBody;
            return { tenantId: b.tenant_id, resourceId: b.resourceId };
          },
        },
      },
    },
    async (request) => {
      const b = request.body;
      return deps.feedback.react(
        { tenantId: b.tenant_id, resourceId: b.resourceId, threadId: b.threadId, messageId: b.messageId },
        b.reaction,
        request.access?.session?.id ?? null,
        'MESSAGE_NOT_FOUND',
      );
    },
  );

  // Not restricted by the IP list (spec 5 item 8); a registered resource still needs its token.
  app.get<{ Querystring: GetFeedbackQuery }>(
    '/shopping/feedback',
    {
      schema: getFeedbackSchema,
      config: {
        validationCode: 'INVALID_REQUEST_QUERY',
        access: {
          guest: 'when-registered',
          ipRestricted: false,
          identify: (req) => {
            const q = req.query as GetFeedbackQuery;
            return { tenantId: q.tenant_id, resourceId: q.resourceId };
          },
        },
      },
    },
    async (request) => {
      const q = request.query;
      return deps.feedback.react(
        { tenantId: q.tenant_id, resourceId: q.resourceId, threadId: q.threadId, messageId: q.messageId },
        q.reaction,
        request.access?.session?.id ?? null,
        'ASSISTANT_MESSAGE_NOT_FOUND',
      );
    },
  );
}
