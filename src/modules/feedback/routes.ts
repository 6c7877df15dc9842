/** `PUT /shopping/feedback` and `GET /shopping/feedback` (spec 4.7, 4.8). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { identifyByBody, identifyByQuery } from '../../plugins/route-config.ts';
import { GetFeedbackQuery, PutFeedbackBody, getFeedbackSchema, putFeedbackSchema } from './schemas.ts';
import type { FeedbackService } from './service.ts';

export function registerFeedbackRoutes(app: FastifyInstance, deps: { feedback: FeedbackService }): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.put(
    '/shopping/feedback',
    {
      schema: putFeedbackSchema,
      config: {
        access: {
          guest: 'when-registered',
          ipRestricted: true,
          identify: identifyByBody(PutFeedbackBody, (body) => ({ tenantId: body.tenant_id, resourceId: body.resourceId })),
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
  routes.get(
    '/shopping/feedback',
    {
      schema: getFeedbackSchema,
      config: {
        validationCode: 'INVALID_REQUEST_QUERY',
        access: {
          guest: 'when-registered',
          ipRestricted: false,
          identify: identifyByQuery(GetFeedbackQuery, (query) => ({ tenantId: query.tenant_id, resourceId: query.resourceId })),
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
