/**
 * Feedback storage: one reaction per assistant message. On PostgreSQL a reaction is found,
 * checked and written in one statement (one round trip); on SQLite, in process, it is a read
 * and, when something changes, a write.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { DialectName } from '../../db/dialect.ts';
import { prepared } from '../../db/prepared.ts';

export interface AnswerKey {
  tenantId: string;
  resourceId: string;
  threadId: string;
  messageId: string;
}

/** The answer a reaction is for, as it was before the request: its dialog's state and its reaction. */
export interface FoundAnswer {
  id: string;
  session_id: string | null;
  hidden_at: number | null;
  reaction: 'like' | 'dislike' | null;
  updated_at: number | null;
}

/** Whether the caller may react to `answer` (visible, in a dialog of the caller's session). */
export function mayReact(answer: FoundAnswer, sessionId: string | null): boolean {
  return answer.hidden_at === null && answer.session_id === sessionId;
}

const ANSWER = sql`select m.id, d.session_id, d.hidden_at, f.reaction, f.updated_at
  from messages m
  join dialogs d on d.id = m.dialog_id
  left join feedback f on f.message_id = m.id`;

export function createFeedbackRepository(db: Kysely<Database>, dialect: DialectName) {
  const answer = prepared(db, 4, (messageId: string, tenantId: string, resourceId: string, threadId: string) =>
    db
      .selectFrom('messages as m')
      .innerJoin('dialogs as d', 'd.id', 'm.dialog_id')
      .leftJoin('feedback as f', 'f.message_id', 'm.id')
      .select(['m.id', 'd.session_id', 'd.hidden_at', 'f.reaction', 'f.updated_at'])
      .where('m.id', '=', messageId)
      .where('m.role', '=', 'assistant')
      .where('d.tenant_id', '=', tenantId)
      .where('d.resource_id', '=', resourceId)
      .where('d.thread_id', '=', threadId),
  );
  // PostgreSQL: the answer as it was, and the write when the caller may react and the reaction changes.
  const where = (messageId: string, tenantId: string, resourceId: string, threadId: string) =>
    sql`m.id = ${messageId} and m.role = 'assistant' and d.tenant_id = ${tenantId} and d.resource_id = ${resourceId} and d.thread_id = ${threadId}`;
  const setInOne = prepared(db, 7, (messageId: string, tenantId: string, resourceId: string, threadId: string, sessionId: string, reaction: string, at: string) => ({
    compile: () =>
      sql<FoundAnswer>`with a as (${ANSWER} where ${where(messageId, tenantId, resourceId, threadId)}),
        w as (
          insert into feedback (message_id, reaction, updated_at)
          select a.id, cast(${reaction} as text), cast(${at} as bigint) from a
          where a.hidden_at is null and a.session_id is not distinct from cast(${sessionId} as text)
            and (a.reaction is distinct from cast(${reaction} as text) or a.updated_at is null)
          on conflict (message_id) do update set reaction = excluded.reaction, updated_at = excluded.updated_at
          returning message_id
        )
        select a.id, a.session_id, a.hidden_at, a.reaction, a.updated_at from a`.compile(db),
  }));
  const clearInOne = prepared(db, 5, (messageId: string, tenantId: string, resourceId: string, threadId: string, sessionId: string) => ({
    compile: () =>
      sql<FoundAnswer>`with a as (${ANSWER} where ${where(messageId, tenantId, resourceId, threadId)}),
        w as (
          delete from feedback where message_id in (
            select a.id from a where a.hidden_at is null and a.session_id is not distinct from cast(${sessionId} as text) and a.reaction is not null
          )
          returning message_id
        )
        select a.id, a.session_id, a.hidden_at, a.reaction, a.updated_at from a`.compile(db),
  }));

  // SQLite: the write after the read, compiled once.
  const upsert = prepared(db, 3, (messageId: string, reaction: string, at: string) =>
    db
      .insertInto('feedback')
      .values({ message_id: messageId, reaction: reaction as 'like' | 'dislike', updated_at: at as unknown as number })
      .onConflict((oc) => oc.column('message_id').doUpdateSet((eb) => ({ reaction: eb.ref('excluded.reaction'), updated_at: eb.ref('excluded.updated_at') }))),
  );
  const remove = prepared(db, 1, (messageId: string) => db.deleteFrom('feedback').where('message_id', '=', messageId));

  return {
    /**
     * Sets (or with null removes) the reaction when the caller may react and it changes; returns
     * the answer as it was before, or undefined when no answer has exactly these identifiers.
     */
    async react(key: AnswerKey, reaction: 'like' | 'dislike' | null, sessionId: string | null, at: number): Promise<FoundAnswer | undefined> {
      if (dialect === 'postgres') {
        // Prepared queries take their arguments as they are bound: a null session id is bound as null.
        const session = sessionId as string;
        const rows =
          reaction === null
            ? await clearInOne(key.messageId, key.tenantId, key.resourceId, key.threadId, session)
            : await setInOne(key.messageId, key.tenantId, key.resourceId, key.threadId, session, reaction, String(at));
        return rows[0];
      }
      const found = (await answer(key.messageId, key.tenantId, key.resourceId, key.threadId))[0] as FoundAnswer | undefined;
      if (!found || !mayReact(found, sessionId)) {
        return found;
      }
      if (reaction === null) {
        if (found.reaction !== null) {
          await remove(found.id);
        }
      } else if (found.reaction !== reaction || found.updated_at === null) {
        // Prepared queries take their arguments as they are bound: the time passes through as a number.
        await upsert(found.id, reaction, at as unknown as string);
      }
      return found;
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
