/**
 * CORS for shop clients on any origin. Guest tokens travel in the Authorization header
 * (never cookies), so any origin may call; preflights need no token and are answered with
 * the methods of the requested path.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { RouteTable } from './route-table.ts';

export async function installCors(app: FastifyInstance, table: RouteTable): Promise<void> {
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (req, callback) => {
      const methods = table.methodsFor(req.url ?? '/');
      callback(null, {
        origin: '*',
        methods: methods.length > 0 ? methods : ['GET'],
        allowedHeaders: ['Authorization', 'Content-Type'],
        exposedHeaders: ['Retry-After'],
        maxAge: 600,
      });
    },
  });
}
