/**
 * Starter prompts (spec 2.10, 4.9). Being built; registers nothing yet.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.ts';

export function registerStarterPromptsModule(_app: FastifyInstance, _ctx: AppContext): void {}
