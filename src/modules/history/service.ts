/**
 * History (spec 2.8, 4.6): exact match of tenant, resource and thread, or one 404 for
 * "not found" and "mismatch" alike. Page 1 holds the oldest messages; items oldest first.
 * User messages come back as sent (stored images as a Base64 JPEG part); assistant
 * messages with their response, reaction, latency and events, never feedback links.
 */
import { AppError } from '../../errors.ts';
import { isoMillis } from '../../clock.ts';
import { ownedBy } from '../dialogs/ownership.ts';
import type { DialogRepository } from '../dialogs/repository.ts';
import { toHistoryContent, type StoredUserContent } from '../dialogs/stored-content.ts';
import type { HistoryRepository, HistoryRow } from './repository.ts';
import type { JsonPieces } from '../dialogs/json-text-reply.ts';
import type { HistoryBody } from './schemas.ts';

export const HISTORY_DEFAULT_LIMIT = 50;

/** One stored message as history returns it, written around the stored JSON, onto `out`. */
function pushItem(out: JsonPieces, row: HistoryRow, body: HistoryBody): void {
  const createdAt = JSON.stringify(isoMillis(row.created_at));
  if (row.role === 'user') {
    // Content is stored as sent; only a message with an image needs its JPEG put back.
    const content = row.jpeg ? JSON.stringify(toHistoryContent(JSON.parse(row.content.toString('utf8')) as StoredUserContent, row.jpeg)) : row.content;
    out.push(`{"id":${JSON.stringify(row.client_message_id ?? row.id)},"role":"user","createdAt":${createdAt},"content":`, content, '}');
    return;
  }
  const reaction = row.reaction === 'like' || row.reaction === 'dislike' ? `"${row.reaction}"` : 'null';
  out.push(
    `{"id":${JSON.stringify(row.id)},"role":"assistant","createdAt":${createdAt},` +
      `"threadId":${JSON.stringify(body.threadId)},"resourceId":${JSON.stringify(body.resourceId)},"response":`,
    row.content,
    `,"feedback":{"reaction":${reaction}}` + (row.latency_ms !== null ? `,"responseLatencyMs":${row.latency_ms}` : ''),
  );
  if (row.events) {
    out.push(',"events":', row.events);
  }
  out.push('}');
}

export function createHistoryService(deps: { dialogs: DialogRepository; repository: HistoryRepository }) {
  return {
    /**
     * One page of history as JSON text in pieces. Stored answers were validated and written by
     * Aisle as JSON, so they go into the page as they are: parsing and re-serialising them was
     * most of the cost of a history read.
     */
    async read(body: HistoryBody, sessionId: string | null): Promise<JsonPieces> {
      const page = body.page ?? 1;
      const limit = body.limit ?? HISTORY_DEFAULT_LIMIT;
      const dialog = await deps.dialogs.findByKey({ tenantId: body.tenant_id, resourceId: body.resourceId, threadId: body.threadId });
      if (!dialog || dialog.hidden_at !== null || !ownedBy(dialog, sessionId)) {
        throw new AppError('SHOPPING_HISTORY_NOT_FOUND');
      }
      const rows = await deps.repository.page(dialog.id, (page - 1) * limit, limit);
      const out: JsonPieces = [`{"threadId":${JSON.stringify(body.threadId)},"resourceId":${JSON.stringify(body.resourceId)},"items":[`];
      const items = Math.min(rows.length, limit);
      for (let i = 0; i < items; i++) {
        if (i > 0) {
          out.push(',');
        }
        pushItem(out, rows[i]!, body);
      }
      out.push(`],"pagination":{"page":${page},"limit":${limit},"hasMore":${rows.length > limit}}}`);
      return out;
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
