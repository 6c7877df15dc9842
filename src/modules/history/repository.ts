/**
 * History reads: one page of a dialog's messages with their reactions and images. Kysely only.
 * The stored JSON (content, events) comes back as its UTF-8 bytes, which go into the page as
 * they are: read as text it was decoded here and encoded again for the socket, most of a page's
 * cost (on PostgreSQL `bytea`, sent in hex, still costs less than the text decoded and encoded).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { DialectName } from '../../db/dialect.ts';
import { prepared } from '../../db/prepared.ts';

export interface HistoryRow {
  id: string;
  role: 'user' | 'assistant';
  content: Buffer;
  created_at: number;
  client_message_id: string | null;
  latency_ms: number | null;
  events: Buffer | null;
  reaction: string | null;
  jpeg: Buffer | null;
}

export function createHistoryRepository(db: Kysely<Database>, dialect: DialectName) {
  const content = dialect === 'sqlite' ? sql<Buffer>`cast(m.content as blob)` : sql<Buffer>`convert_to(m.content, 'UTF8')`;
  const events = dialect === 'sqlite' ? sql<Buffer | null>`cast(m.events as blob)` : sql<Buffer | null>`convert_to(m.events, 'UTF8')`;
  const page = prepared(db, 3, (dialogId: string, offset: number, rows: number) =>
    db
      .selectFrom('messages as m')
      .leftJoin('feedback as f', 'f.message_id', 'm.id')
      .leftJoin('message_images as i', 'i.message_id', 'm.id')
      .select(['m.id', 'm.role', 'm.created_at', 'm.client_message_id', 'm.latency_ms', 'f.reaction', 'i.jpeg'])
      .select([content.as('content'), events.as('events')])
      .where('m.dialog_id', '=', dialogId)
      .orderBy('m.created_at')
      .orderBy('m.id')
      .limit(rows)
      .offset(offset),
  );
  return {
    /** `limit + 1` rows from `offset`, oldest first, so the caller can tell whether more follow. */
    async page(dialogId: string, offset: number, limit: number): Promise<HistoryRow[]> {
      return (await page(dialogId, offset, limit + 1)) as HistoryRow[];
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
