/**
 * Generation storage: Kysely only. A turn (the user message, its image, the answer, the
 * dialog's creation or its new last-message time, its claim marked done) is written in one
 * transaction, so a failure leaves nothing half-stored and a retry runs again.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, Dialog, DialogsTable, Message, NewDialog, NewMessage } from '../../db/types.ts';
import type { DialectName } from '../../db/dialect.ts';
import { selectDialogByKey, type DialogKey } from '../dialogs/repository.ts';
import { prepared, preparedOn } from '../../db/prepared.ts';

export interface TurnToStore {
  /** The dialog as created when the turn is its first; its times and visibility are set by the store. */
  dialog: Omit<NewDialog, 'last_message_at' | 'hidden_at'>;
  userMessages: NewMessage[];
  image: { messageId: string; jpeg: Buffer; width: number; height: number } | null;
  assistant: NewMessage;
  /** The claim to mark done, when the request carried a message id. */
  claim: ClaimKey | null;
}

/** A single-flight claim: one per message id of a dialog. */
export interface ClaimKey {
  dialogKey: string;
  clientMessageId: string;
}

/** A claim held by one request. */
export interface HeldClaim extends ClaimKey {
  holder: string;
}

/**
 * The dialog's engine state after a turn: the new answer's, or the one kept before when the
 * answer kept none (the engine reads the latest answer that kept a state).
 */
const keptEngineState = sql<string | null>`coalesce(excluded.engine_state, dialogs.engine_state)`;

/** Claims written by code from before leases have none; they keep that code's 150-second rule. */
const LEGACY_CLAIM_MICROS = 150_000_000;
/** The end of a claim's lease, also for claims written before leases existed. */
const leaseEnd = sql<number>`coalesce(generation_claims.lease_until, generation_claims.claimed_at + ${sql.lit(LEGACY_CLAIM_MICROS)})`;

/** A dialog as a turn reads it: with the state the engine kept with its latest answer. */
export type TurnDialog = Dialog & Pick<DialogsTable, 'engine_state'>;

export interface TurnLookup {
  dialog: TurnDialog | undefined;
  /** The user message already stored under the request's message id, if any. */
  userMessage: { id: string; fingerprint: string | null } | undefined;
}

export function createGenerationRepository(db: Kysely<Database>, dialect: DialectName) {
  /** PostgreSQL: the whole turn as one statement (data-modifying CTEs are atomic), one round trip. */
  function turnStatement(turn: TurnToStore) {
    const lastMessageAt = turn.assistant.created_at;
    let statement = db
      .with('d', (qb) =>
        qb
          .insertInto('dialogs')
          .values({ ...turn.dialog, last_message_at: lastMessageAt, hidden_at: null, engine_state: turn.assistant.engine_state ?? null })
          .onConflict((oc) => oc.columns(['tenant_id', 'resource_id', 'thread_id']).doUpdateSet({ last_message_at: lastMessageAt, engine_state: keptEngineState }))
          .returning('id'),
      )
      .with('m', (qb) =>
        qb.insertInto('messages').values(
          [...turn.userMessages, turn.assistant].map((m) => ({ ...m, dialog_id: (eb) => eb.selectFrom('d').select('id') })),
        ),
      );
    if (turn.image) {
      const image = turn.image;
      statement = statement.with('i', (qb) =>
        qb.insertInto('message_images').values({ message_id: image.messageId, jpeg: image.jpeg, width: image.width, height: image.height }),
      ) as unknown as typeof statement;
    }
    const claim = turn.claim;
    if (claim) {
      statement = statement.with('c', (qb) =>
        qb
          .updateTable('generation_claims')
          .set({ done_at: lastMessageAt })
          .where('dialog_key', '=', claim.dialogKey)
          .where('client_message_id', '=', claim.clientMessageId),
      ) as unknown as typeof statement;
    }
    return statement.selectFrom('d').select('id');
  }

  // The usual turn (one user message, no image, with or without a claim) compiled once: its
  // values in a fixed order, the same order the markers take when it is built.
  const MESSAGE_FIELDS = ['id', 'role', 'content', 'created_at', 'client_message_id', 'fingerprint', 'reply_to', 'traffic_type', 'latency_ms', 'events', 'engine_state'] as const;
  const DIALOG_FIELDS = ['id', 'tenant_id', 'resource_id', 'thread_id', 'session_id', 'title', 'created_at'] as const;
  const usualTurnValues = (turn: TurnToStore): unknown[] => [
    ...DIALOG_FIELDS.map((f) => turn.dialog[f]),
    ...[turn.userMessages[0]!, turn.assistant].flatMap((m) => MESSAGE_FIELDS.map((f) => m[f])),
    ...(turn.claim ? [turn.claim.dialogKey, turn.claim.clientMessageId] : []),
  ];
  const usualTurnOf = (values: string[], withClaim: boolean): TurnToStore => {
    const take = <F extends string>(fields: readonly F[], at: number) => Object.fromEntries(fields.map((f, i) => [f, values[at + i]]));
    const message = (at: number) => ({ ...take(MESSAGE_FIELDS, at), dialog_id: '' }) as unknown as NewMessage;
    const dialogAt = 0;
    const userAt = DIALOG_FIELDS.length;
    const assistantAt = userAt + MESSAGE_FIELDS.length;
    const claimAt = assistantAt + MESSAGE_FIELDS.length;
    return {
      dialog: take(DIALOG_FIELDS, dialogAt) as unknown as TurnToStore['dialog'],
      userMessages: [message(userAt)],
      image: null,
      assistant: message(assistantAt),
      claim: withClaim ? { dialogKey: values[claimAt]!, clientMessageId: values[claimAt + 1]! } : null,
    };
  };
  const usualArity = DIALOG_FIELDS.length + 2 * MESSAGE_FIELDS.length;
  const usualTurn = prepared(db, usualArity, (...values: string[]) => turnStatement(usualTurnOf(values, false)));
  const usualTurnWithClaim = prepared(db, usualArity + 2, (...values: string[]) => turnStatement(usualTurnOf(values, true)));

  async function storeTurnInOneStatement(turn: TurnToStore): Promise<string> {
    if (turn.userMessages.length === 1 && !turn.image) {
      // Prepared queries take their arguments as they are bound: numbers and nulls pass through as they are.
      const values = usualTurnValues(turn) as string[];
      const [row] = await (turn.claim ? usualTurnWithClaim(...values) : usualTurn(...values));
      if (!row) {
        throw new Error('the turn was not stored');
      }
      return row.id;
    }
    const row = await turnStatement(turn).executeTakeFirstOrThrow();
    return row.id;
  }

  // SQLite: the statements of a stored turn, compiled once and run in one transaction.
  const upsertDialog = preparedOn(9, (id: string, tenantId: string, resourceId: string, threadId: string, sessionId: string, title: string, createdAt: string, lastMessageAt: string, engineState: string) =>
    db
      .insertInto('dialogs')
      .values({
        id,
        tenant_id: tenantId,
        resource_id: resourceId,
        thread_id: threadId,
        session_id: sessionId,
        title,
        created_at: createdAt as unknown as number,
        last_message_at: lastMessageAt as unknown as number,
        hidden_at: null,
        engine_state: engineState,
      })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'resource_id', 'thread_id']).doUpdateSet((eb) => ({ last_message_at: eb.ref('excluded.last_message_at'), engine_state: keptEngineState })),
      )
      .returning('id'),
  );
  const insertMessage = preparedOn(12, (...v: string[]) =>
    db.insertInto('messages').values({
      id: v[0]!,
      dialog_id: v[1]!,
      role: v[2] as NewMessage['role'],
      content: v[3]!,
      created_at: v[4] as unknown as number,
      client_message_id: v[5]!,
      fingerprint: v[6]!,
      reply_to: v[7]!,
      traffic_type: v[8] as NewMessage['traffic_type'],
      latency_ms: v[9] as unknown as number,
      events: v[10]!,
      engine_state: v[11]!,
    }),
  );
  const markClaimDone = preparedOn(3, (dialogKey: string, clientMessageId: string, at: string) =>
    db.updateTable('generation_claims').set({ done_at: at as unknown as number }).where('dialog_key', '=', dialogKey).where('client_message_id', '=', clientMessageId),
  );

  // The claim of every turn with a message id: a row comes back when it was inserted or taken over.
  const claimQuery = prepared(db, 6, (dialogKey: string, clientMessageId: string, fingerprint: string, now: string, holder: string, leaseUntil: string) =>
    db
      .insertInto('generation_claims')
      .values({ dialog_key: dialogKey, client_message_id: clientMessageId, fingerprint, claimed_at: now as unknown as number, holder, lease_until: leaseUntil as unknown as number, done_at: null })
      .onConflict((oc) =>
        oc
          .columns(['dialog_key', 'client_message_id'])
          .doUpdateSet({ holder, lease_until: leaseUntil as unknown as number, claimed_at: now as unknown as number })
          .where('generation_claims.done_at', 'is', null)
          .whereRef('generation_claims.fingerprint', '=', 'excluded.fingerprint')
          .where(leaseEnd, '<=', now as unknown as number),
      )
      .returning('client_message_id'),
  );

  // The queries of every turn, compiled once.
  const dialogByKey = prepared(db, 3, (tenantId: string, resourceId: string, threadId: string) =>
    selectDialogByKey(db, tenantId, resourceId, threadId).select('dialogs.engine_state'),
  );
  const dialogWithMessage = prepared(db, 4, (tenantId: string, resourceId: string, threadId: string, clientMessageId: string) =>
    selectDialogByKey(db, tenantId, resourceId, threadId)
      .select('dialogs.engine_state')
      .leftJoin('messages as m', (join) => join.onRef('m.dialog_id', '=', 'dialogs.id').on('m.client_message_id', '=', clientMessageId))
      .select(['m.id as user_message_id', 'm.fingerprint as user_fingerprint']),
  );
  const reply = prepared(db, 1, (userMessageId: string) => db.selectFrom('messages').selectAll().where('reply_to', '=', userMessageId));
  // A buyer's memory between dialogs, read on every turn of a section with memory on.
  const preferencesOf = prepared(db, 2, (tenantId: string, resourceId: string) =>
    db.selectFrom('buyer_preferences').select('data').where('tenant_id', '=', tenantId).where('resource_id', '=', resourceId),
  );
  const upsertPreferences = prepared(db, 4, (tenantId: string, resourceId: string, data: string, at: string) =>
    db
      .insertInto('buyer_preferences')
      .values({ tenant_id: tenantId, resource_id: resourceId, data, updated_at: at as unknown as number })
      .onConflict((oc) => oc.columns(['tenant_id', 'resource_id']).doUpdateSet((eb) => ({ data: eb.ref('excluded.data'), updated_at: eb.ref('excluded.updated_at') }))),
  );
  const recent = prepared(db, 2, (dialogId: string, count: number) =>
    db.selectFrom('messages').select(['role', 'content', 'engine_state']).where('dialog_id', '=', dialogId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(count),
  );
  return {
    /** The dialog and, when the request has a message id, the user message stored under it: one query. */
    async lookup(key: DialogKey, clientMessageId: string | null): Promise<TurnLookup> {
      if (clientMessageId === null) {
        return { dialog: (await dialogByKey(key.tenantId, key.resourceId, key.threadId))[0], userMessage: undefined };
      }
      const row = (await dialogWithMessage(key.tenantId, key.resourceId, key.threadId, clientMessageId))[0];
      if (!row) {
        return { dialog: undefined, userMessage: undefined };
      }
      const { user_message_id, user_fingerprint, ...dialog } = row;
      return { dialog, userMessage: user_message_id ? { id: user_message_id, fingerprint: user_fingerprint } : undefined };
    },

    async findReply(userMessageId: string): Promise<Message | undefined> {
      return (await reply(userMessageId))[0];
    },

    /** The latest `count` messages of a dialog, oldest first (the language-model engine's view of earlier turns). */
    async recentMessages(dialogId: string, count: number): Promise<Array<{ role: Message['role']; content: string | null; engine_state: string | null }>> {
      return (await recent(dialogId, count)).reverse();
    },

    /**
     * Takes the claim of a message id, or takes it over when its holder's lease ran out (the
     * holder died) and the turn was not stored; false when a live request holds it, the turn is
     * stored, or the id was claimed for another request. Atomic on both engines: of several
     * requests taking over at once, exactly one wins.
     */
    async tryClaim(claim: HeldClaim, fingerprint: string, now: number, leaseUntil: number): Promise<boolean> {
      // Prepared queries take their arguments as they are bound: the times pass through as numbers.
      const rows = await claimQuery(claim.dialogKey, claim.clientMessageId, fingerprint, now as unknown as string, claim.holder, leaseUntil as unknown as string);
      return rows.length > 0;
    },

    /** Moves the lease on while its holder still has it (not taken over, released or done). */
    async renewLease(claim: HeldClaim, leaseUntil: number): Promise<void> {
      await db
        .updateTable('generation_claims')
        .set({ lease_until: leaseUntil })
        .where('dialog_key', '=', claim.dialogKey)
        .where('client_message_id', '=', claim.clientMessageId)
        .where('holder', '=', claim.holder)
        .where('done_at', 'is', null)
        .execute();
    },

    readClaim(claim: ClaimKey): Promise<{ fingerprint: string; lease_until: number; done_at: number | null } | undefined> {
      return db
        .selectFrom('generation_claims')
        .select(['fingerprint', 'done_at', leaseEnd.as('lease_until')])
        .where('dialog_key', '=', claim.dialogKey)
        .where('client_message_id', '=', claim.clientMessageId)
        .executeTakeFirst();
    },

    /** Gives a claim up after a failed turn, unless another request has taken it over since. */
    async releaseClaim(claim: HeldClaim): Promise<void> {
      await db
        .deleteFrom('generation_claims')
        .where('dialog_key', '=', claim.dialogKey)
        .where('client_message_id', '=', claim.clientMessageId)
        .where('holder', '=', claim.holder)
        .where('done_at', 'is', null)
        .execute();
    },

    /** Deletes claims whose lease ended before `before`: stored turns' and dead holders'. Returns how many. */
    async purgeClaims(before: number): Promise<number> {
      const result = await db
        .deleteFrom('generation_claims')
        .where((eb) => eb.or([eb('lease_until', '<', before), eb.and([eb('lease_until', 'is', null), eb('claimed_at', '<', before)])]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Stores a whole turn atomically; returns the dialog's id (an existing dialog keeps its own). */
    storeTurn(turn: TurnToStore): Promise<string> {
      if (dialect === 'postgres') {
        return storeTurnInOneStatement(turn);
      }
      // SQLite runs in-process: a transaction of statements compiled once costs no round trips
      // (SQLite has no data-modifying CTEs to make it one statement, and needs none).
      return db.transaction().execute(async (trx) => {
        const lastMessageAt = turn.assistant.created_at;
        const d = turn.dialog;
        // Prepared queries take their arguments as they are bound: numbers and nulls pass through as they are.
        const bind = (x: unknown) => x as string;
        const [dialog] = await upsertDialog(
          trx,
          d.id,
          d.tenant_id,
          d.resource_id,
          d.thread_id,
          bind(d.session_id),
          d.title,
          bind(d.created_at),
          bind(lastMessageAt),
          bind(turn.assistant.engine_state ?? null),
        );
        if (!dialog) {
          throw new Error('the dialog was not stored');
        }
        // An existing dialog keeps its id, creation time and title: the upsert sets only last_message_at and the engine's state.
        for (const m of [...turn.userMessages, turn.assistant]) {
          await insertMessage(
            trx,
            m.id,
            dialog.id,
            m.role,
            m.content,
            bind(m.created_at),
            bind(m.client_message_id),
            bind(m.fingerprint),
            bind(m.reply_to),
            bind(m.traffic_type),
            bind(m.latency_ms),
            bind(m.events),
            bind(m.engine_state),
          );
        }
        if (turn.image) {
          await trx
            .insertInto('message_images')
            .values({ message_id: turn.image.messageId, jpeg: turn.image.jpeg, width: turn.image.width, height: turn.image.height })
            .execute();
        }
        if (turn.claim) {
          await markClaimDone(trx, turn.claim.dialogKey, turn.claim.clientMessageId, bind(lastMessageAt));
        }
        return dialog.id;
      });
    },

    async loadPreferences(tenantId: string, resourceId: string): Promise<Record<string, unknown> | null> {
      const row = (await preferencesOf(tenantId, resourceId))[0];
      return row ? (JSON.parse(row.data) as Record<string, unknown>) : null;
    },

    async savePreferences(tenantId: string, resourceId: string, data: Record<string, unknown>, now: number): Promise<void> {
      // Prepared queries take their arguments as they are bound: the time passes through as a number.
      await upsertPreferences(tenantId, resourceId, JSON.stringify(data), now as unknown as string);
    },
  };
}

export type GenerationRepository = ReturnType<typeof createGenerationRepository>;
