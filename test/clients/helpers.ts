/**
 * For the JavaScript client's tests. The real Aisle app listening on a local port: the client
 * talks to it over HTTP with the real `fetch`. The app records which routes were asked (so a
 * test can prove a request was or was not sent, e.g. that nothing was retried) and can drop
 * the connection of one request after the app has answered it — a lost answer, as a buyer
 * on a bad network sees it.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { isAisleError, type AisleError } from '../../clients/js/src/index.ts';
import type { DialectName } from '../../src/db/dialect.ts';
import { buildTestApp, type TestApp, type TestAppOptions } from '../helpers/app.ts';

export interface ClientTestServer {
  t: TestApp;
  /** `http://127.0.0.1:<port>`. */
  baseUrl: string;
  /** How many requests reached each route, as `METHOD /route/pattern`. */
  count(route: string): number;
  /** Every request URL seen, path and query (to prove what never appears in one). */
  urls: string[];
  /** Makes the next request of `route` lose its answer: the app handles it, then the connection is cut. */
  cutNextAnswer(route: string): void;
  close(): Promise<void>;
}

export async function startClientTestServer(dialect: DialectName, options: TestAppOptions = {}): Promise<ClientTestServer> {
  const counts = new Map<string, number>();
  const urls: string[] = [];
  const cut = new Set<string>();
  const routeOf = (method: string, pattern: string | undefined) => `${method} ${pattern ?? '?'}`;
  const t = await buildTestApp(dialect, {
    ...options,
    beforeReady: async (app) => {
      app.addHook('onRequest', async (request) => {
        const route = routeOf(request.method, request.routeOptions.url);
        counts.set(route, (counts.get(route) ?? 0) + 1);
        urls.push(request.url);
      });
      app.addHook('onSend', async (request, _reply, payload) => {
        const route = routeOf(request.method, request.routeOptions.url);
        if (cut.delete(route)) {
          request.raw.socket.destroy();
        }
        return payload;
      });
      await options.beforeReady?.(app);
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as net.AddressInfo;
  return {
    t,
    baseUrl: `http://127.0.0.1:${port}`,
    count: (route) => counts.get(route) ?? 0,
    urls,
    cutNextAnswer: (route) => {
      cut.add(route);
    },
    close: () => t.close(),
  };
}

/** A local address on which nothing listens. */
export async function deadAddress(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Runs `work`, which must fail with an AisleError, and returns that error. */
export async function refusal(work: () => Promise<unknown>): Promise<AisleError> {
  try {
    await work();
  } catch (err) {
    assert.ok(isAisleError(err), `expected an AisleError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the call to fail');
}
