/**
 * Logger options for Fastify's pino: requests are logged by route pattern, never by the
 * raw URL (which may carry share tokens, cursors or resourceId/threadId pairs), and the
 * Authorization header, tokens and cursors are redacted wherever they appear.
 */
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

const REDACT = [
  'req.headers.authorization',
  'headers.authorization',
  '*.authorization',
  '*.accessToken',
  '*.token',
  '*.share_token',
  '*.cursor',
  '*.nextCursor',
];

interface LoggedRequest {
  method: string;
  id: string;
  ip?: string;
  routeOptions?: { url?: string };
}

/** Pino options for the app; `stream` lets tests capture the log. */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req(req: LoggedRequest) {
        // The route pattern (`/dialogs/shared/:share_token`), not the URL with its values.
        return { method: req.method, route: req.routeOptions?.url ?? '(no route)', id: req.id };
      },
      res(res: { statusCode: number }) {
        return { statusCode: res.statusCode };
      },
      err(err: Error & { code?: string }) {
        // Only name, code, message and stack: driver errors carry `detail` with key values.
        return { type: err.name, code: err.code, message: err.message, stack: err.stack ?? '' };
      },
    },
  };
}
