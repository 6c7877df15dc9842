/** Local ports for tests. */
import net from 'node:net';

/** A local port with nothing listening on it: asked of the system, then released (for an app to take, or to find closed). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
