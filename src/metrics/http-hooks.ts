/**
 * Counts and times every answered request by route pattern (never the URL, which carries
 * thread ids and tokens) and status class.
 */
import type { FastifyInstance } from 'fastify';
import type { MetricDefinitions } from './definitions.ts';

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];

export function installHttpMetrics(app: FastifyInstance, metrics: MetricDefinitions): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const statusClass = STATUS_CLASSES[Math.floor(reply.statusCode / 100) - 1] ?? 'other';
    metrics.httpRequests.inc({ method: request.method, route, status_class: statusClass });
    metrics.httpDuration.observe({ route, status_class: statusClass }, reply.elapsedTime / 1000);
    done();
  });
}
