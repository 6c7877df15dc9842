/**
 * Logging for the app: requests are logged by route pattern, never by the raw URL (which may
 * carry share tokens, cursors or resourceId/threadId pairs), and the Authorization header,
 * tokens and cursors are redacted wherever they appear.
 *
 * A request's own logger (`request.log`) is made only when something is logged through it, and
 * the one line every answered request writes goes through a logger of its own without
 * redaction: that line is built here from fixed fields (method, route pattern, request id,
 * status, time), none of which can hold a secret. Both were most of the cost Aisle adds to a
 * small request (docs/performance.md).
 */
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

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

/** The request as every line shows it: the route pattern (`/dialogs/shared/:share_token`), not the URL with its values. */
function requestFields(req: LoggedRequest): { method: string; route: string; id: string } {
  return { method: req.method, route: req.routeOptions?.url ?? '(no route)', id: req.id };
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

/** Pino options for the app's logger (redaction, and serializers that keep values out). */
function loggerOptions(level: string, stream: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    stream,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req: requestFields,
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

type LevelName = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * A request's logger that becomes pino's child logger (with the request id bound) only when a
 * line is written at an enabled level; most requests never write through it.
 */
class RequestLogger {
  #child: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  #real(): Logger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }

  #write(level: LevelName, args: unknown[]): void {
    if ((this.#child ?? this.parent).isLevelEnabled(level)) {
      (this.#real()[level] as (...a: unknown[]) => void)(...args);
    }
  }

  get level(): string {
    return (this.#child ?? this.parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.parent).isLevelEnabled(level);
  }

  child(bindings: Record<string, unknown>, options?: object): Logger {
    return this.#real().child(bindings, options);
  }

  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }

  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }

  info(...args: unknown[]): void {
    this.#write('info', args);
  }

  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }

  error(...args: unknown[]): void {
    this.#write('error', args);
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }

  silent(): void {}
}

/**
 * One line per request, when it is answered: method, route pattern, status and time
 * (Fastify's default writes two). The arrival is logged at debug level only.
 */
export class RequestLog extends LogController {
  constructor(private readonly answered: Logger) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'request received');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    if (error) {
      reply.log.error({ req: request, res: { statusCode: reply.statusCode }, ms, err: error }, 'request errored');
    } else if (this.answered.isLevelEnabled('info')) {
      // Fixed fields only, so no redaction is needed (the request id is Fastify's counter).
      this.answered.info({ reqId: request.id, req: requestFields(request), res: { statusCode: reply.statusCode }, ms }, 'request completed');
    }
  }
}

/** What `Fastify()` takes for logging: the logger options, the per-request lines and the lazy request loggers. */
export function appLogging(level: string, stream: DestinationStream = bufferedStdout()): Pick<FastifyServerOptions, 'logger' | 'logController' | 'childLoggerFactory'> {
  return {
    logger: loggerOptions(level, stream),
    logController: new RequestLog(pino({ level }, stream)),
    childLoggerFactory(logger, bindings, options) {
      // A route with a log level or serializers of its own gets pino's child at once.
      if (Object.keys(options).length > 0) {
        return logger.child(bindings, options);
      }
      return new RequestLogger(logger as unknown as Logger, bindings) as unknown as FastifyBaseLogger;
    },
  };
}
