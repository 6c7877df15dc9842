/**
 * Starter-prompt storage: Kysely only. Reads the buyer's earlier messages of one guest
 * session (for the selection) and records each selection shown.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { userText, type StoredUserContent } from '../dialogs/stored-content.ts';

export interface SelectionRecord {
  id: string;
  tenantId: string;
  sessionId: string;
  promptSetVersion: number;
  pageType: string;
  promptIds: string[];
  createdAt: number;
}

/** How many of the session's dialogs the selection reads. */
const RECENT_DIALOGS = 10;

export function createStarterPromptsRepository(db: Kysely<Database>) {
  return {
    /**
     * The texts of the latest user messages in this session's visible dialogs, newest
     * first. Hidden dialogs are left out: the buyer put them away.
     */
    async recentUserTexts(tenantId: string, sessionId: string, limit: number): Promise<string[]> {
      // The most recently active dialogs first, so a long-lived session reads a bounded set.
      const dialogs = await db
        .selectFrom('dialogs')
        .select('id')
        .where('session_id', '=', sessionId)
        .where('tenant_id', '=', tenantId)
        .where('hidden_at', 'is', null)
        .orderBy('last_message_at', 'desc')
        .limit(RECENT_DIALOGS)
        .execute();
      if (dialogs.length === 0) {
        return [];
      }
      const rows = await db
        .selectFrom('messages')
        .select('content')
        .where(
          'dialog_id',
          'in',
          dialogs.map((d) => d.id),
        )
        .where('role', '=', 'user')
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => userText(JSON.parse(r.content) as StoredUserContent)).filter((t) => t.trim() !== '');
    },

    async record(selection: SelectionRecord): Promise<void> {
      await db
        .insertInto('starter_prompt_selections')
        .values({
          id: selection.id,
          tenant_id: selection.tenantId,
          session_id: selection.sessionId,
          prompt_set_version: selection.promptSetVersion,
          page_type: selection.pageType,
          prompt_ids: JSON.stringify(selection.promptIds),
          created_at: selection.createdAt,
        })
        .execute();
    },
  };
}

export type StarterPromptsRepository = ReturnType<typeof createStarterPromptsRepository>;
