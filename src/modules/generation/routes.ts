/** `POST /shopping/generate` (spec 4.5). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { identifyByBody } from '../../plugins/route-config.ts';
import { GenerateBody, generateSchema } from './schemas.ts';
import type { GenerationService } from './service.ts';
import { sendJsonText } from '../dialogs/json-text-reply.ts';

/** Image parts in Base64 make bodies large: 5 MiB of image is about 6.7 MiB of Base64. */
const GENERATE_BODY_LIMIT = 8 * 1024 * 1024;

export function registerGenerationRoutes(app: FastifyInstance, deps: { generation: GenerationService }): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/shopping/generate',
    {
      schema: generateSchema,
      bodyLimit: GENERATE_BODY_LIMIT,
      config: {
        access: {
          guest: 'when-registered',
          ipRestricted: true,
          identify: identifyByBody(GenerateBody, (body) => ({ tenantId: body.runtimeContext.tenant_id, resourceId: body.resourceId })),
        },
      },
    },
    async (request, reply) => {
      // The answer comes as JSON text (presentation.ts), sent past the serializer.
      return sendJsonText(reply, await deps.generation.generate(request.body, { sessionId: request.access?.session?.id ?? null, log: request.log }));
    },
  );
}
