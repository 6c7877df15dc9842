/**
 * History (spec 2.8, 4.6): exact match of tenant, resource and thread, or one 404 for
 * "not found" and "mismatch" alike. Page 1 holds the oldest messages; items oldest first.
 * User messages come back as sent (stored images as a Base64 JPEG part); assistant
 * messages with their response, reaction, latency and events, never feedback links.
 */
import { AppError } from '../../errors.ts';
import { isoMillis } from '../../clock.ts';
import type { AssistantResponse, EngagementEvent } from '../../assistant/contract.ts';
import { ownedBy, type DialogRepository } from '../dialogs/repository.ts';
import { toHistoryContent, type StoredUserContent } from '../dialogs/stored-content.ts';
import type { HistoryRepository } from './repository.ts';
import type { HistoryBody, HistoryResponse } from './schemas.ts';

export const HISTORY_DEFAULT_LIMIT = 50;

export function createHistoryService(deps: { dialogs: DialogRepository; repository: HistoryRepository }) {
  return {
    async read(body: HistoryBody, sessionId: string | null): Promise<HistoryResponse> {
      const page = body.page ?? 1;
      const limit = body.limit ?? HISTORY_DEFAULT_LIMIT;
      const dialog = await deps.dialogs.findByKey({ tenantId: body.tenant_id, resourceId: body.resourceId, threadId: body.threadId });
      if (!dialog || dialog.hidden_at !== null || !ownedBy(dialog, sessionId)) {
        throw new AppError('SHOPPING_HISTORY_NOT_FOUND');
      }
      const rows = await deps.repository.page(dialog.id, (page - 1) * limit, limit);
      const items = rows.slice(0, limit).map((row): HistoryResponse['items'][number] => {
        if (row.role === 'user') {
          return {
            id: row.client_message_id ?? row.id,
            role: 'user',
            createdAt: isoMillis(row.created_at),
            content: toHistoryContent(JSON.parse(row.content) as StoredUserContent, row.jpeg ?? null),
          };
        }
        return {
          id: row.id,
          role: 'assistant',
          createdAt: isoMillis(row.created_at),
          threadId: body.threadId,
          resourceId: body.resourceId,
          response: JSON.parse(row.content) as AssistantResponse,
          feedback: { reaction: (row.reaction as 'like' | 'dislike' | null) ?? null },
          ...(row.latency_ms !== null ? { responseLatencyMs: row.latency_ms } : {}),
          ...(row.events ? { events: JSON.parse(row.events) as EngagementEvent[] } : {}),
        };
      });
      return { threadId: body.threadId, resourceId: body.resourceId, items, pagination: { page, limit, hasMore: rows.length > limit } };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
