/** Feedback storage: one reaction per assistant message. Kysely only. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { prepared } from '../../db/prepared.ts';

export interface AnswerKey {
  tenantId: string;
  resourceId: string;
  threadId: string;
  messageId: string;
}

export function createFeedbackRepository(db: Kysely<Database>) {
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
  return {
    /** The assistant message with exactly these identifiers, its dialog's state and its reaction. */
    async findAnswer(key: AnswerKey) {
      return (await answer(key.messageId, key.tenantId, key.resourceId, key.threadId))[0];
    },

    async set(messageId: string, reaction: 'like' | 'dislike', at: number): Promise<void> {
      await db
        .insertInto('feedback')
        .values({ message_id: messageId, reaction, updated_at: at })
        .onConflict((oc) => oc.column('message_id').doUpdateSet({ reaction, updated_at: at }))
        .execute();
    },

    async clear(messageId: string): Promise<void> {
      await db.deleteFrom('feedback').where('message_id', '=', messageId).execute();
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
