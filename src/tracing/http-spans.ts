/**
 * A server span per request, named by method and route pattern (`POST /shopping/generate`),
 * with the HTTP semantic-convention attributes: method, route, scheme and status code. The
 * URL, query string and headers are never recorded — they carry tokens, cursors, threadId
 * and resourceId. The span is made current for the hooks and handler, so their spans (the
 * database queries, the engine) are its children; a `traceparent` header joins the caller's
 * trace when the settings allow it.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_SCHEME,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCode } from './recorder.ts';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH']);

interface RequestSpan {
  span: Span;
  context: Context;
  /** The code of the error the request failed with, when it threw one. */
  errorType?: string;
}

/** Reads one header for the trace-context propagator (only `traceparent` and `tracestate` are asked for). */
const headerGetter = {
  keys: (headers: FastifyRequest['headers']) => Object.keys(headers),
  get: (headers: FastifyRequest['headers'], key: string) => headers[key],
};

export function installHttpSpans(app: FastifyInstance, tracer: Tracer, acceptTraceContext: boolean): void {
  const spans = new WeakMap<FastifyRequest, RequestSpan>();
  const propagator = acceptTraceContext ? new W3CTraceContextPropagator() : null;

  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagator ? propagator.extract(ROOT_CONTEXT, request.headers, headerGetter) : ROOT_CONTEXT;
    const method = KNOWN_METHODS.has(request.method) ? request.method : '_OTHER';
    const route = request.is404 ? undefined : request.routeOptions.url;
    const span = tracer.startSpan(
      route ? `${method} ${route}` : method,
      {
        kind: SpanKind.SERVER,
        attributes: { [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_URL_SCHEME]: request.protocol, ...(route ? { [ATTR_HTTP_ROUTE]: route } : {}) },
      },
      parent,
    );
    const current = trace.setSpan(parent, span);
    spans.set(request, { span, context: current });
    context.with(current, done);
  });

  // The body is read between onRequest and preValidation, outside the request's context: enter it again.
  app.addHook('preValidation', (request, _reply, done) => {
    const entry = spans.get(request);
    if (entry) {
      context.with(entry.context, done);
    } else {
      done();
    }
  });

  app.addHook('onError', (request, _reply, error, done) => {
    const entry = spans.get(request);
    if (entry) {
      entry.errorType = errorCode(error);
    }
    done();
  });

  const end = (request: FastifyRequest, status: number | null) => {
    const entry = spans.get(request);
    if (!entry) {
      return;
    }
    spans.delete(request);
    const { span } = entry;
    if (status !== null) {
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
    }
    if (status === null || status >= 400) {
      span.setAttribute(ATTR_ERROR_TYPE, entry.errorType ?? (status === null ? 'aborted' : String(status)));
    }
    // A server span fails on a 5xx; a 4xx is the client's mistake, recorded by its code only.
    if (status === null || status >= 500) {
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };

  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, null);
    done();
  });
}
