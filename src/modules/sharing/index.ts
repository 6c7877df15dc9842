/**
 * Public sharing of dialogs (spec 2.11, 3.3, 4.10–4.12). Being built; registers nothing yet.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.ts';

export function registerSharingModule(_app: FastifyInstance, _ctx: AppContext): void {}
