/**
 * Which real servers the tests can use. Outside CI a missing PostgreSQL or Redis makes
 * their tests skip with a one-line reason; in CI (CI=true) a missing server is a failure,
 * because .ci/run starts both and those tests must run.
 */
import net from 'node:net';
import { Redis } from 'ioredis';

export const PG_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function answers(url: string, fallbackPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || fallbackPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(5000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function skipReason(name: string, url: string, port: number): Promise<string | false> {
  // A loaded machine can be slow to accept; ask a few times before calling the server absent.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await answers(url, port)) {
      return false;
    }
  }
  if (process.env.CI === 'true') {
    throw new Error(`${name} does not answer at ${new URL(url).host}; CI must run the ${name} tests`);
  }
  return `${name} not running at ${new URL(url).host} (skipped outside CI)`;
}

/** False when PostgreSQL answers; otherwise the one-line skip reason. */
export const postgresSkip = await skipReason('PostgreSQL', PG_ADMIN_URL, 5432);
/** False when Redis answers; otherwise the one-line skip reason. */
export const redisSkip = await skipReason('Redis', REDIS_URL, 6379);

/** Real Redis clients for a test file, all disconnected by `closeAll` (call it in `after`). */
export function redisClients(): { client(): Redis; closeAll(): void } {
  const clients: Redis[] = [];
  return {
    client() {
      const r = new Redis(REDIS_URL);
      clients.push(r);
      return r;
    },
    closeAll: () => clients.forEach((r) => r.disconnect()),
  };
}
