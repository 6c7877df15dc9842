/** History reads: one page of a dialog's messages with their reactions and images. Kysely only. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { prepared } from '../../db/prepared.ts';

export function createHistoryRepository(db: Kysely<Database>) {
  const page = prepared(db, 3, (dialogId: string, offset: number, rows: number) =>
    db
      .selectFrom('messages as m')
      .leftJoin('feedback as f', 'f.message_id', 'm.id')
      .leftJoin('message_images as i', 'i.message_id', 'm.id')
      .select(['m.id', 'm.role', 'm.content', 'm.created_at', 'm.client_message_id', 'm.latency_ms', 'm.events', 'f.reaction', 'i.jpeg'])
      .where('m.dialog_id', '=', dialogId)
      .orderBy('m.created_at')
      .orderBy('m.id')
      .limit(rows)
      .offset(offset),
  );
  return {
    /** `limit + 1` rows from `offset`, oldest first, so the caller can tell whether more follow. */
    page(dialogId: string, offset: number, limit: number) {
      return page(dialogId, offset, limit + 1);
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
