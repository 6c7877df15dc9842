/** `POST /shopping/starter-prompts` (spec 4.9). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors.ts';
import { CTX_MAX_CHARS, starterPromptsSchema } from './schemas.ts';
import type { StarterPromptsService } from './service.ts';

/** Length in characters (code points), as the spec's limits count them. */
function charCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A surrogate pair is one character.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      i++;
    }
    n++;
  }
  return n;
}

/**
 * Before the schema check: no body at all reads as `{}` (every field is optional), and a
 * `ctx` longer than the spec allows once serialised is refused.
 */
async function prepareBody(request: FastifyRequest): Promise<void> {
  if (request.body === undefined) {
    request.body = {};
  }
  const body = request.body;
  const ctx = typeof body === 'object' && body !== null && 'ctx' in body ? body.ctx : undefined;
  if (ctx !== undefined && ctx !== null) {
    const serialised = JSON.stringify(ctx) ?? '';
    if (serialised.length > CTX_MAX_CHARS && charCount(serialised) > CTX_MAX_CHARS) {
      throw new AppError('INVALID_REQUEST', `body/ctx is longer than ${CTX_MAX_CHARS} characters when serialised`);
    }
  }
}

export function registerStarterPromptsRoutes(app: FastifyInstance, deps: { starterPrompts: StarterPromptsService }): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/shopping/starter-prompts',
    {
      schema: starterPromptsSchema,
      config: {
        // Section and user come from the token; the body names neither (spec 4.9).
        access: { guest: 'required', ipRestricted: true },
        validationCode: 'INVALID_REQUEST',
      },
      preValidation: prepareBody,
      // On refusals too: nothing about a buyer's selection may be cached.
      onSend: async (_request, reply, payload) => {
        void reply.header('Cache-Control', 'no-store');
        return payload;
      },
    },
    async (request) => {
      const access = request.access;
      if (!access?.session || !access.tenant) {
        // The token's section is no longer configured: the token cannot be used here.
        throw new AppError('INVALID_GUEST_TOKEN');
      }
      return deps.starterPrompts.select({ tenant: access.tenant, sessionId: access.session.id, log: request.log }, request.body.ctx ?? null);
    },
  );
}
