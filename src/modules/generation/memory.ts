/**
 * The buyer's memory as the engine sees it, one unit (as Mastra's `Memory` is): the window of
 * the dialog's earlier messages, and the buyer's preferences of the section (when the section
 * has memory on) — recalled together before the engine runs, merged and saved after the answer
 * is stored.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Tenant } from '../../config/index.ts';
import type { AssistantResponse } from '../../assistant/contract.ts';
import type { BuyerPreferences, EngineTurn } from '../../assistant/engine.ts';
import type { Message } from '../../db/types.ts';
import { assistantText, userText, type StoredUserContent } from '../dialogs/stored-content.ts';
import type { GenerationRepository, TurnDialog } from './repository.ts';

/** Earlier messages the engine sees. */
const HISTORY_FOR_ENGINE = 20;

type MemoryStore = Pick<GenerationRepository, 'recentMessages' | 'loadPreferences' | 'savePreferences'>;
/** A stored message as the engine's window reads it; an answer's content is null in the catalogue engine's view. */
type StoredMessage = Pick<Message, 'role' | 'engine_state'> & { content: string | null };

/** What a turn starts from: the dialog's latest messages as stored (oldest first) and the saved preferences. */
export interface Recollection {
  recent: StoredMessage[];
  preferences: BuyerPreferences | null;
}

/**
 * Merges what a turn learned into the saved preferences: lists keep the newest first (at
 * most 10), values are replaced, and a new budget bound drops a saved opposite bound that
 * contradicts it (a new "up to 20,000" replaces an old "from 30,000").
 */
export function mergePreferences(saved: BuyerPreferences | null, learned: BuyerPreferences): BuyerPreferences {
  const merged: BuyerPreferences = { ...(saved ?? {}) };
  for (const [key, value] of Object.entries(learned) as Array<[keyof BuyerPreferences, unknown]>) {
    if (value === undefined || value === null) {
      continue;
    }
    if (Array.isArray(value)) {
      const before = (merged[key] as string[] | undefined) ?? [];
      (merged as Record<string, unknown>)[key] = [...new Set([...value, ...before])].slice(0, 10);
    } else {
      (merged as Record<string, unknown>)[key] = value;
    }
  }
  if (merged.budgetMin !== undefined && merged.budgetMax !== undefined && merged.budgetMin > merged.budgetMax) {
    if (learned.budgetMax !== undefined) {
      delete merged.budgetMin;
    } else {
      delete merged.budgetMax;
    }
  }
  return merged;
}

/** The engine's view of earlier turns. */
export function engineHistory(recollection: Recollection): EngineTurn[] {
  return recollection.recent.map((row) => {
    if (row.role === 'user') {
      return { role: 'user', text: userText(JSON.parse(row.content ?? '""') as StoredUserContent) };
    }
    const state = row.engine_state ? (JSON.parse(row.engine_state) as Record<string, unknown>) : null;
    if (row.content === null) {
      // The catalogue engine's view: its own state of the latest answer only.
      return { role: 'assistant', text: '', state };
    }
    const response = JSON.parse(row.content) as AssistantResponse;
    return { role: 'assistant', text: assistantText(response), response, state };
  });
}

/**
 * Whether the tenant's engine reads earlier messages themselves: the language-model engine
 * retells their words and cards to the model; the catalogue engine reads only the state it
 * kept with its latest answer, which the dialog row carries, so for it no message is read.
 */
function readsMessages(tenant: Tenant): boolean {
  return tenant.engine.type === 'llm';
}

/** The catalogue engine's view of earlier turns: the state its latest answer kept, as read with the dialog. */
function keptState(dialog: TurnDialog | undefined): StoredMessage[] {
  return dialog?.engine_state ? [{ role: 'assistant', content: null, engine_state: dialog.engine_state }] : [];
}

export function createBuyerMemory(repository: MemoryStore) {
  return {
    /** The dialog's message window and the buyer's preferences, read at once (two queries in parallel). */
    async recall(tenant: Tenant, resourceId: string, dialog: TurnDialog | undefined): Promise<Recollection> {
      const [recent, preferences] = await Promise.all([
        dialog && readsMessages(tenant) ? repository.recentMessages(dialog.id, HISTORY_FOR_ENGINE) : Promise.resolve(keptState(dialog)),
        tenant.memory ? repository.loadPreferences(tenant.id, resourceId) : Promise.resolve(null),
      ]);
      return { recent, preferences: preferences as BuyerPreferences | null };
    },

    /** Saves what the turn learned, merged into the recalled preferences; after the answer is stored. */
    async remember(tenant: Tenant, resourceId: string, recollection: Recollection, learned: BuyerPreferences | null | undefined, at: number, log: FastifyBaseLogger): Promise<void> {
      if (!tenant.memory || !learned) {
        return;
      }
      try {
        await repository.savePreferences(tenant.id, resourceId, { ...mergePreferences(recollection.preferences, learned) }, at);
      } catch (err) {
        // The answer is stored; losing one preference update is not worth failing the turn.
        log.warn({ err }, 'saving buyer preferences failed');
      }
    },
  };
}

export type BuyerMemory = ReturnType<typeof createBuyerMemory>;
