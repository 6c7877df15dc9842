/**
 * CORS for shop clients on any origin. Guest tokens travel in the Authorization header
 * (never cookies), so any origin may call. Ordinary responses get @fastify/cors's headers
 * (options fixed once, so nothing is recomputed per request); preflights need no token and
 * are answered here with the methods of the requested path.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { RouteTable } from './route-table.ts';

const ALLOWED_HEADERS = 'Authorization, Content-Type';
const MAX_AGE_SECONDS = '600';

export async function installCors(app: FastifyInstance, table: RouteTable): Promise<void> {
  // @fastify/cors also registers the `OPTIONS *` route that lets preflights reach this hook.
  await app.register(cors, { origin: '*', exposedHeaders: ['Retry-After'], preflight: false });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined) {
      return;
    }
    const methods = table.corsMethodsFor(request.url);
    if (methods.length === 0) {
      return;
    }
    await reply
      .code(204)
      .header('Access-Control-Allow-Methods', methods.join(', '))
      .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
      .header('Access-Control-Max-Age', MAX_AGE_SECONDS)
      .send();
  });
}
