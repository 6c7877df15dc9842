/**
 * A TCP proxy a test can stop and restart, to make a real database "stop answering"
 * and come back, without touching the database server itself.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Closes the listener and cuts every open connection. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect({ host: targetHost, port: targetPort });
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) {
        s.destroy();
      }
      sockets.clear();
      if (!server) {
        resolve();
        return;
      }
      server.close(() => resolve());
      server = null;
    });
  return {
    get port() {
      return port;
    },
    stop,
    start: listen,
    close: stop,
  };
}
