/**
 * Reactions on assistant answers (spec 3.4, 4.7, 4.8). Accepted only when tenant,
 * resource, thread and message match exactly, the dialog is visible and belongs to the
 * caller; otherwise one 404. The same reaction again changes nothing (its time included).
 */
import { AppError, isAppError, type ErrorCode } from '../../errors.ts';
import { isoMillis, type Clock } from '../../clock.ts';
import { mayReact, type AnswerKey, type FeedbackRepository } from './repository.ts';
import type { FeedbackResponse } from './schemas.ts';

export function createFeedbackService(deps: { repository: FeedbackRepository; clock: Clock }) {
  return {
    /**
     * Sets (or with null removes) the reaction. `notFound` is the route's 404 code; any
     * storage failure is `500 Failed to save feedback`.
     */
    async react(key: AnswerKey, reaction: 'like' | 'dislike' | null, sessionId: string | null, notFound: ErrorCode): Promise<FeedbackResponse> {
      try {
        const now = deps.clock.nowMicros();
        // Found, checked and (when it changes) written at once; `answer` is the state before.
        const answer = await deps.repository.react(key, reaction, sessionId, now);
        if (!answer || !mayReact(answer, sessionId)) {
          throw new AppError(notFound);
        }
        if (reaction === null) {
          return { reaction: null, updatedAt: isoMillis(now) };
        }
        if (answer.reaction === reaction && answer.updated_at !== null) {
          return { reaction, updatedAt: isoMillis(answer.updated_at) };
        }
        return { reaction, updatedAt: isoMillis(now) };
      } catch (err) {
        if (isAppError(err)) {
          throw err;
        }
        throw new AppError('FEEDBACK_SAVE_FAILED', undefined, { cause: err });
      }
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
