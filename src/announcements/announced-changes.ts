/**
 * Changes that make what an instance keeps in memory stale, announced to every instance: a
 * revoked guest token (the session cache), a session's dialogs changed by a stored turn or a
 * hidden dialog (the dialog list's first pages), a hidden dialog and a revoked share link (the
 * shared dialogs). An announcement runs this instance's handlers at once, then reaches the other
 * instances through Redis pub/sub when Redis is configured, else PostgreSQL LISTEN/NOTIFY when
 * the database is PostgreSQL; on SQLite there is one instance and nobody else to tell.
 *
 * While the channel is not listening (not yet connected, or reconnecting) no cache may be used,
 * and every cache is emptied whenever the channel (re)connects (`onGap`), since announcements
 * may have been missed in between. Messages carry token hashes and internal ids, never a token.
 *
 * On the wire a message is the sending instance's tag (`i:<8 hex digits>`, so that it skips its
 * own messages when they come back) and one or more announcements, separated by spaces, each
 * `<letter>:<id>`; a revoked guest token is its hash alone, in a message of its own, as instances
 * of the previous version send and read it. Announcements made within one turn of the event loop share one
 * message (at most `MAX_PER_MESSAGE` each), so a busy instance sends one NOTIFY, not one per turn.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Storage } from '../db/create-db.ts';

/** The channel name on Redis and on PostgreSQL (a plain identifier), kept from when it carried revocations only. */
export const CHANGES_CHANNEL = 'aisle_guest_session_revoked';

export type ChangeKind = 'guest-token-revoked' | 'dialogs-changed' | 'dialog-hidden' | 'share-revoked';

/** The letter of each kind on the wire (a revoked guest token has none: its hash alone). */
const LETTERS = { 'dialogs-changed': 'd', 'dialog-hidden': 'h', 'share-revoked': 's' } as const satisfies Record<Exclude<ChangeKind, 'guest-token-revoked'>, string>;
const KIND_OF_LETTER = new Map<string, ChangeKind>(Object.entries(LETTERS).map(([kind, letter]) => [letter, kind as ChangeKind]));

/** A token hash is 64 hex characters; an id is a UUID or such (lower-case hex and dashes). */
const TOKEN_HASH = /^[0-9a-f]{64}$/;
const ID = /^[0-9a-f-]{1,64}$/;
/** PostgreSQL refuses payloads of 8,000 bytes or more; longer messages are nobody's. */
const MAX_MESSAGE_CHARS = 7_999;
export const MAX_PER_MESSAGE = 100;
/**
 * How long a value kept in memory is trusted before it is read again, whatever was announced:
 * the bound on how late another instance shows a change whose announcement was lost.
 */
export const TRUSTED_FOR_MS = 10_000;

export interface AnnouncedChanges {
  /** Whether announcements of other instances reach this one right now (caches are used only then). */
  readonly listening: boolean;
  /** Runs `handler` with the id of each change of this kind, announced here or by another instance. */
  on(kind: ChangeKind, handler: (id: string) => void): void;
  /** Runs `handler` whenever announcements may have been missed: what is kept must be forgotten. */
  onGap(handler: () => void): void;
  /**
   * Runs this instance's handlers for the change at once, then tells the other instances;
   * resolves once they are told, rejects when they could not be.
   */
  announceOrThrow(kind: ChangeKind, id: string): Promise<void>;
  /**
   * The same, for changes the caller has no better answer to a failure for than a warning in the
   * log: the other instances then show the change within `TRUSTED_FOR_MS`. Never rejects.
   */
  announce(kind: ChangeKind, id: string): Promise<void>;
  close(): Promise<void>;
}

/** How messages travel between instances. */
interface Transport {
  readonly listening: boolean;
  publish(message: string): Promise<void>;
  close(): Promise<void>;
}

interface TransportEvents {
  message(message: string): void;
  /** Listening began or ended; either way announcements may have been missed. */
  state(listening: boolean): void;
}

function redisTransport(redis: Redis, events: TransportEvents): Transport {
  const subscriber = redis.duplicate({ autoResubscribe: false, lazyConnect: false });
  let listening = false;
  let closed = false;
  const lost = () => {
    listening = false;
    events.state(false);
  };
  subscriber.on('error', () => {
    // Reconnection is automatic; until then no cache is used.
  });
  subscriber.on('close', lost);
  subscriber.on('ready', () => {
    subscriber.subscribe(CHANGES_CHANNEL).then(
      () => {
        if (!closed) {
          listening = true;
          events.state(true);
        }
      },
      () => lost(),
    );
  });
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === CHANGES_CHANNEL) {
      events.message(message);
    }
  });
  return {
    get listening() {
      return listening;
    },
    async publish(message) {
      await redis.publish(CHANGES_CHANNEL, message);
    },
    async close() {
      closed = true;
      listening = false;
      subscriber.disconnect();
    },
  };
}

function postgresTransport(storage: Storage, events: TransportEvents): Transport {
  let listening = false;
  const listener = storage.listen!(CHANGES_CHANNEL, {
    message: (payload) => events.message(payload),
    state(up) {
      listening = up;
      events.state(up);
    },
  });
  return {
    get listening() {
      return listening;
    },
    async publish(message) {
      await sql`select pg_notify(${CHANGES_CHANNEL}, ${message})`.execute(storage.db);
    },
    close: () => listener.close(),
  };
}

/** One SQLite file is served by one instance: there is nobody to tell. */
const singleInstance: Transport = {
  listening: true,
  publish: async () => undefined,
  close: async () => undefined,
};

/** A PostgreSQL storage that cannot listen: never cache, so other instances' changes count at once. */
const deaf: Transport = {
  listening: false,
  publish: async () => undefined,
  close: async () => undefined,
};

interface Pending {
  entry: string;
  resolve(): void;
  reject(err: unknown): void;
}

export function createAnnouncedChanges(deps: { storage: Storage; redis: Redis | null; log: FastifyBaseLogger }): AnnouncedChanges {
  const ownTag = `i:${randomBytes(4).toString('hex')}`;
  const handlers = new Map<ChangeKind, Array<(id: string) => void>>();
  const gapHandlers: Array<() => void> = [];
  const run = (kind: ChangeKind, id: string) => {
    for (const handler of handlers.get(kind) ?? []) {
      handler(id);
    }
  };

  /** An incoming message: each well-formed announcement in it runs its handlers; the rest is ignored. */
  const heard = (message: string) => {
    if (message.length > MAX_MESSAGE_CHARS) {
      return;
    }
    if (TOKEN_HASH.test(message)) {
      run('guest-token-revoked', message);
      return;
    }
    const entries = message.split(' ', MAX_PER_MESSAGE + 1);
    if (entries[0] === ownTag) {
      // Its handlers ran when it was announced.
      return;
    }
    for (const entry of entries) {
      const kind = entry[1] === ':' ? KIND_OF_LETTER.get(entry[0]!) : undefined;
      const id = entry.slice(2);
      if (kind !== undefined && ID.test(id)) {
        run(kind, id);
      }
    }
  };
  const events: TransportEvents = {
    message: heard,
    state() {
      for (const handler of gapHandlers) {
        handler();
      }
    },
  };
  const transport = deps.redis
    ? redisTransport(deps.redis, events)
    : deps.storage.dialect === 'postgres'
      ? deps.storage.listen
        ? postgresTransport(deps.storage, events)
        : deaf
      : singleInstance;

  let pending: Pending[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batch = pending;
    pending = [];
    for (let i = 0; i < batch.length; i += MAX_PER_MESSAGE) {
      const part = batch.slice(i, i + MAX_PER_MESSAGE);
      transport.publish([ownTag, ...part.map((p) => p.entry)].join(' ')).then(
        () => part.forEach((p) => p.resolve()),
        (err: unknown) => part.forEach((p) => p.reject(err)),
      );
    }
  };

  function announceOrThrow(kind: ChangeKind, id: string): Promise<void> {
    run(kind, id);
    if (transport === singleInstance) {
      return Promise.resolve();
    }
    if (kind === 'guest-token-revoked') {
      return transport.publish(id);
    }
    return new Promise<void>((resolve, reject) => {
      pending.push({ entry: `${LETTERS[kind]}:${id}`, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
  }

  return {
    get listening() {
      return transport.listening;
    },
    on(kind, handler) {
      const list = handlers.get(kind) ?? [];
      list.push(handler);
      handlers.set(kind, list);
    },
    onGap(handler) {
      gapHandlers.push(handler);
    },
    announceOrThrow,
    announce(kind, id) {
      return announceOrThrow(kind, id).catch((err: unknown) => {
        deps.log.warn({ err, change: kind }, `a change was not announced to the other instances; they show it within ${TRUSTED_FOR_MS / 1000} s`);
      });
    },
    close: () => transport.close(),
  };
}
