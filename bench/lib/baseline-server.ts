/**
 * Child process: the ceiling. A bare Fastify (no logger, no hooks, no plugins) with the
 * same routes as the measured endpoints, each answering with a response captured from
 * Aisle — same status, same headers, byte-identical body — chosen by the parent before
 * each run. Whatever Aisle spends beyond this is Aisle's own work.
 */
import Fastify from 'fastify';
import { BASELINE_ROUTES, installUsageReporting, reportReady, type CapturedResponse } from './child-usage.ts';

const active = new Map<string, CapturedResponse>();
/**
 * `--calibrate`: this many microseconds of busy work per request before answering, so a run shows
 * what a ratio to the ceiling means in work added per request on this machine and load.
 */
const burnNanos = BigInt(Math.round(Number(process.env.BENCH_BASELINE_BURN_US ?? 0) * 1000));
const burn = () => {
  const start = process.hrtime.bigint();
  while (process.hrtime.bigint() - start < burnNanos) {
    // busy: CPU time, as a server's own work would be
  }
};
const app = Fastify({ logger: false, bodyLimit: 8 * 1024 * 1024 });
for (const route of BASELINE_ROUTES) {
  const [method, url] = route.split(' ') as [string, string];
  app.route({
    method: method as 'GET',
    url,
    handler: (_request, reply) => {
      if (burnNanos > 0n) {
        burn();
      }
      const r = active.get(route);
      if (!r) {
        return reply.code(500).send({ error: `no response captured for ${route}` });
      }
      return reply.code(r.status).headers(r.headers).send(r.body);
    },
  });
}
const url = await app.listen({ host: '127.0.0.1', port: 0 });
installUsageReporting({
  onStop: () => app.close(),
  onServe: (route, response) => active.set(route, response),
  maxLifetimeMs: Number(process.env.BENCH_CHILD_MAX_MS ?? 1_800_000),
});
reportReady(url);
