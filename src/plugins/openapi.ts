/**
 * OpenAPI 3.1 document at `/openapi.json` and the interactive page at `/docs`, generated
 * from the route schemas: a route appears there by declaring its schema.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export async function installOpenApi(app: FastifyInstance, publicBaseUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Aisle',
        version: '0.1.0',
        description: 'Conversational shopping assistant: guest sessions, generation, dialogs, feedback, starter prompts, sharing.',
      },
      servers: [{ url: publicBaseUrl }],
      components: {
        securitySchemes: { guestToken: { type: 'http', scheme: 'bearer', description: 'gst_ + 43 base64url characters' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
