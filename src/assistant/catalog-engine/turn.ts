/**
 * One answer in the making: the request, the message as read, the work budget, the
 * tenant's index, the dialog's last state, the language and currency to answer in; and how
 * an answer's parts become the result.
 */
import type { WorkBudget } from '../../catalog/search/limits.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import type { BuyerPreferences, EngineRequest, EngineResult } from '../engine.ts';
import { composeAnswer, type AnswerParts } from './compose.ts';
import type { Lang } from '../language.ts';
import { stateRecord, type EngineState } from '../engine-state.ts';
import type { Texts } from './texts.ts';

/** How many cards one answer shows. */
export const SHELF_SIZE = 6;

/** Everything one answer needs, resolved once. */
export interface Turn {
  req: EngineRequest;
  /** The message as the engine reads it: its first MAX_MESSAGE_CHARS characters, trimmed. */
  text: string;
  /** What this turn's searches may still read; spent, the engine answers with what it has. */
  budget: WorkBudget;
  index: CatalogIndex | undefined;
  prev: EngineState | null;
  lang: Lang;
  t: Texts;
  currency: string;
}

/** The engine result: the composed answer, the state to remember, learned preferences. */
export function result(turn: Turn, parts: AnswerParts, state: EngineState | null, learned?: BuyerPreferences | null): EngineResult {
  const out: EngineResult = {
    answer: composeAnswer(parts, turn.req.tenant, turn.req.tracking),
    state: state ? stateRecord({ ...state, lang: turn.lang }) : null,
  };
  if (learned) {
    out.learnedPreferences = learned;
  }
  return out;
}
