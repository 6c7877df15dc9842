/**
 * The `SpanRecorder` over an OpenTelemetry tracer: a child span of the active one around a
 * piece of work, ended when the work settles. A failure sets the span's status to ERROR and
 * `error.type` to the error's code; the message and stack are never recorded, because an
 * error may quote what the buyer sent.
 */
import { SpanKind, SpanStatusCode, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import { isAppError } from '../errors.ts';
import type { SpanAttributes, SpanHandle, SpanRecorder } from '../spans.ts';

/** What an error code looks like (AppError codes, driver codes such as 23505 or SQLITE_BUSY, error class names). */
const CODE_SHAPE = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$|^[0-9A-Z]{5}$/;

/** A low-cardinality name of what failed: the AppError code, the driver's code, or the error class. */
export function errorCode(err: unknown): string {
  if (isAppError(err)) {
    return err.code;
  }
  const e = err as { code?: unknown; name?: unknown } | null;
  if (typeof e?.code === 'string' && CODE_SHAPE.test(e.code)) {
    return e.code;
  }
  if (typeof e?.name === 'string' && CODE_SHAPE.test(e.name)) {
    return e.name;
  }
  return 'Error';
}

/** Marks `span` failed by `err`'s code. */
export function failSpan(span: Span, err: unknown): void {
  span.setAttribute('error.type', errorCode(err));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** The attributes without the unset ones. */
export function attributesOf(attributes: SpanAttributes): Attributes {
  const out: Attributes = {};
  for (const key in attributes) {
    const value = attributes[key];
    if (value !== undefined) {
      out[key] = value as Attributes[string];
    }
  }
  return out;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

export function createSpanRecorder(tracer: Tracer): SpanRecorder {
  return {
    span(name, attributes, work, kind = 'internal') {
      const options = { kind: kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL, attributes: attributesOf(attributes) };
      return tracer.startActiveSpan(name, options, (span) => {
        const handle: SpanHandle = { set: (more) => span.setAttributes(attributesOf(more)) };
        let result;
        try {
          result = work(handle);
        } catch (err) {
          failSpan(span, err);
          span.end();
          throw err;
        }
        if (!isThenable(result)) {
          span.end();
          return result;
        }
        return result.then(
          (value) => {
            span.end();
            return value;
          },
          (err: unknown) => {
            failSpan(span, err);
            span.end();
            throw err;
          },
        ) as typeof result;
      });
    },
  };
}
