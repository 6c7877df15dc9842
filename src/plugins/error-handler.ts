/**
 * The one error handler: every failure becomes Fastify's body shape
 * `{statusCode, code, error, message}`. AppErrors map through the table in errors.ts;
 * Fastify's own 4xx (validation, malformed JSON, wrong content type, oversized body) get
 * stable codes; anything else is a 500 with no detail (logged server-side without secrets).
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERRORS, type ErrorCode, isAppError } from '../errors.ts';
import { STORABLE_TEXT_PATTERN } from '../modules/shared-schemas.ts';
import { closeAfterDrainingBody } from './oversized-body.ts';

/** Sends the error body. Errors are never cached: they often depend on a token or a moment. */
export function sendError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .send({ statusCode: status, code, error: STATUS_CODES[status] ?? 'Error', message });
}

function validationMessage(err: FastifyError): string {
  // Within a union (a message's content is text or parts) the first error names the first branch;
  // text that cannot be stored is what the client must fix, whichever branch it was in.
  const first = err.validation?.find((e) => (e.params as { pattern?: string } | undefined)?.pattern === STORABLE_TEXT_PATTERN) ?? err.validation?.[0];
  if (!first) {
    return 'Invalid request';
  }
  const where = `${err.validationContext ?? 'body'}${first.instancePath ?? ''}`;
  const params = first.params as { additionalProperty?: string; missingProperty?: string; pattern?: string } | undefined;
  if (params?.additionalProperty) {
    return `${where} has an unexpected field "${params.additionalProperty}"`;
  }
  if (params?.pattern === STORABLE_TEXT_PATTERN) {
    return `${where} contains a NUL character or an unpaired surrogate`;
  }
  return `${where} ${first.message ?? 'is invalid'}`;
}

function fromFastifyError(err: FastifyError, request: FastifyRequest): AppError | null {
  const routeCode: ErrorCode | undefined = request.routeOptions.config?.validationCode;
  if (err.validation) {
    // Where the spec names a fixed message (registration, GET feedback), that text is the message.
    return routeCode && routeCode !== 'INVALID_REQUEST' ? new AppError(routeCode) : new AppError('INVALID_REQUEST', validationMessage(err));
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('BODY_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return routeCode ? new AppError(routeCode) : new AppError('MALFORMED_JSON');
    default:
      break;
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new AppError(err.statusCode === 404 ? 'NOT_FOUND' : 'INVALID_REQUEST');
  }
  return null;
}

/** Installs the error handler on `app`. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const known = isAppError(err) ? err : fromFastifyError(err, request);
    if (known) {
      for (const [name, value] of Object.entries(known.headers)) {
        void reply.header(name, value);
      }
      if (known.code === 'BODY_TOO_LARGE') {
        closeAfterDrainingBody(request);
      }
      if (known.status >= 500) {
        request.log.error({ err: known.cause ?? known, code: known.code }, 'request failed');
      }
      return sendError(reply, known.status, known.code, known.message);
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(reply, 500, 'INTERNAL', ERRORS.INTERNAL.message);
  });
}
