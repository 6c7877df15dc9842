/**
 * Logger options for Fastify's pino: requests are logged by route pattern, never by the
 * raw URL (which may carry share tokens, cursors or resourceId/threadId pairs), and the
 * Authorization header, tokens and cursors are redacted wherever they appear.
 */
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';

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

/**
 * Standard output, written in 4 KiB batches rather than one system call per line: logging
 * was the largest single cost of a request. Flushed when the server stops (see server.ts).
 */
export function bufferedStdout(): DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  // A quiet server must not sit on its last lines: write out at least once a second.
  setInterval(() => destination.flush(), 1000).unref();
  return destination;
}

/** Pino options for the app; `stream` lets tests capture the log. */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    stream: stream ?? bufferedStdout(),
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

/**
 * One line per request, when it is answered: method, route pattern, status and time
 * (Fastify's default writes two). The arrival is logged at debug level only.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'request received');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: { statusCode: reply.statusCode }, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
    } else {
      reply.log.info(line, 'request completed');
    }
  }
}
