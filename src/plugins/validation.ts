/**
 * Schema validation as the contract needs it. Fastify's default Ajv silently removes
 * unknown fields and coerces types; the spec wants closed bodies refused. So bodies are
 * checked strictly (no removal, no coercion), while query strings and path parameters —
 * which are text on the wire — are coerced to the declared types.
 */
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { AppError } from '../errors.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './json-depth.ts';

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: false, useDefaults: true, removeAdditional: false, ...options });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

/** Installs the two validators. */
export function installValidation(app: FastifyInstance): void {
  const strict = makeAjv({ coerceTypes: false });
  const coercing = makeAjv({ coerceTypes: 'array' });
  app.setValidatorCompiler<FastifySchema>(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    return ajv.compile(schema as object) as ReturnType<Parameters<FastifyInstance['setValidatorCompiler']>[0]>;
  });
}

/**
 * JSON bodies: an empty body is "no body" (for endpoints that take none); malformed JSON is a
 * 400, and so is a body nested more than MAX_JSON_DEPTH levels deep, refused before parsing
 * (with the route's own message where the spec names one).
 */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  // JSON is the only body format of the contract; anything else is a 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
      const routeCode = request.routeOptions.config?.validationCode;
      done(
        routeCode && routeCode !== 'INVALID_REQUEST'
          ? new AppError(routeCode)
          : new AppError('INVALID_REQUEST', `body is nested more than ${MAX_JSON_DEPTH} levels deep`),
        undefined,
      );
      return;
    }
    void parse(request, text, done);
  });
}
