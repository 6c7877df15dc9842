/**
 * Reactions on assistant answers (spec 3.4, 4.7, 4.8). Accepted only when tenant,
 * resource, thread and message match exactly, the dialog is visible and belongs to the
 * caller; otherwise one 404. The same reaction again changes nothing (its time included).
 */
import { AppError, isAppError, type ErrorCode } from '../../errors.ts';
import { isoMillis, type Clock } from '../../clock.ts';
import type { AnswerKey, FeedbackRepository } from './repository.ts';
import type { FeedbackResponse } from './schemas.ts';

export function createFeedbackService(deps: { repository: FeedbackRepository; clock: Clock }) {
  return {
    /**
     * Sets (or with null removes) the reaction. `notFound` is the route's 404 code; any
     * storage failure is `500 Failed to save feedback`.
     */
    async react(key: AnswerKey, reaction: 'like' | 'dislike' | null, sessionId: string | null, notFound: ErrorCode): Promise<FeedbackResponse> {
      try {
        const answer = await deps.repository.findAnswer(key);
        if (!answer || answer.hidden_at !== null || answer.session_id !== sessionId) {
          throw new AppError(notFound);
        }
        const now = deps.clock.nowMicros();
        if (reaction === null) {
          if (answer.reaction !== null) {
            await deps.repository.clear(answer.id);
          }
          return { reaction: null, updatedAt: isoMillis(now) };
        }
        if (answer.reaction === reaction && answer.updated_at !== null) {
          return { reaction, updatedAt: isoMillis(answer.updated_at) };
        }
        await deps.repository.set(answer.id, reaction, now);
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
