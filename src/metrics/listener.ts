/**
 * The metrics listener: a second HTTP server, on its own port, that serves only `GET /metrics`,
 * so the numbers are never on the public port. It listens when the app is ready and closes
 * with the app.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

export interface MetricsListener {
  /** `http://host:port` once the app is ready; null before. */
  url(): string | null;
}

export function installMetricsListener(app: FastifyInstance, registry: Registry, host: string, port: number): MetricsListener {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(request.method === 'HEAD' ? undefined : text),
      (err: unknown) => {
        app.log.warn({ err }, 'collecting metrics failed');
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end('Collecting metrics failed\n');
      },
    );
  });
  let url: string | null = null;
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address() as AddressInfo;
    url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    app.log.info({ url }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    if (server.listening) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
  return { url: () => url };
}
