/**
 * How instances tell each other that a guest token was revoked, so that each drops it from its
 * session cache within a second: Redis pub/sub when Redis is configured, else PostgreSQL
 * LISTEN/NOTIFY when the database is PostgreSQL; on SQLite there is one instance and nothing to
 * tell. Messages carry the token's hash, never the token. While the channel is not listening
 * (not yet connected, or reconnecting) the cache must not be used, and it is emptied whenever
 * the channel (re)connects, since announcements may have been missed in between.
 */
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Storage } from '../../db/create-db.ts';

/** The channel name on Redis and on PostgreSQL (a plain identifier). */
export const REVOCATION_CHANNEL = 'aisle_guest_session_revoked';

export interface InvalidationChannel {
  /** Whether revocations on other instances reach this one right now. */
  readonly listening: boolean;
  /** Tells the other instances that the token with this hash was revoked. */
  publish(tokenHash: string): Promise<void>;
  close(): Promise<void>;
}

export interface InvalidationHandlers {
  /** A token was revoked on another instance (or this one: messages come back to their sender too). */
  revoked(tokenHash: string): void;
  /** Messages may have been missed: forget every cached session. */
  gap(): void;
}

/** A token hash is 64 hex characters; anything else on the channel is ignored. */
const TOKEN_HASH = /^[0-9a-f]{64}$/;

function redisChannel(redis: Redis, handlers: InvalidationHandlers): InvalidationChannel {
  const subscriber = redis.duplicate({ autoResubscribe: false, lazyConnect: false });
  let listening = false;
  let closed = false;
  const lost = () => {
    listening = false;
    handlers.gap();
  };
  subscriber.on('error', () => {
    // Reconnection is automatic; until then the cache is not used.
  });
  subscriber.on('close', lost);
  subscriber.on('ready', () => {
    subscriber.subscribe(REVOCATION_CHANNEL).then(
      () => {
        if (!closed) {
          handlers.gap();
          listening = true;
        }
      },
      () => lost(),
    );
  });
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === REVOCATION_CHANNEL && TOKEN_HASH.test(message)) {
      handlers.revoked(message);
    }
  });
  return {
    get listening() {
      return listening;
    },
    async publish(tokenHash) {
      await redis.publish(REVOCATION_CHANNEL, tokenHash);
    },
    async close() {
      closed = true;
      listening = false;
      subscriber.disconnect();
    },
  };
}

function postgresChannel(storage: Storage, handlers: InvalidationHandlers): InvalidationChannel {
  let listening = false;
  const listener = storage.listen!(REVOCATION_CHANNEL, {
    message(payload) {
      if (TOKEN_HASH.test(payload)) {
        handlers.revoked(payload);
      }
    },
    state(up) {
      handlers.gap();
      listening = up;
    },
  });
  return {
    get listening() {
      return listening;
    },
    async publish(tokenHash) {
      await sql`select pg_notify(${REVOCATION_CHANNEL}, ${tokenHash})`.execute(storage.db);
    },
    close: () => listener.close(),
  };
}

/** One SQLite file is served by one instance: there is nobody to tell. */
const singleInstance: InvalidationChannel = {
  listening: true,
  publish: async () => undefined,
  close: async () => undefined,
};

export function createInvalidationChannel(deps: { storage: Storage; redis: Redis | null }, handlers: InvalidationHandlers): InvalidationChannel {
  if (deps.redis) {
    return redisChannel(deps.redis, handlers);
  }
  if (deps.storage.dialect === 'postgres' && deps.storage.listen) {
    return postgresChannel(deps.storage, handlers);
  }
  if (deps.storage.dialect === 'postgres') {
    // A PostgreSQL storage that cannot listen: never cache, so other instances' revocations count at once.
    return { listening: false, publish: async () => undefined, close: async () => undefined };
  }
  return singleInstance;
}
