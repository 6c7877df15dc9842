/** Schemas of `PUT /shopping/feedback` and `GET /shopping/feedback` (spec 2.9, 4.7, 4.8). */
import { Type, type Static } from 'typebox';
import { ErrorBody } from '../../plugins/error-schema.ts';
import { Id } from '../shared-schemas.ts';

const Reaction = Type.Union([Type.Literal('like'), Type.Literal('dislike')]);

export const PutFeedbackBody = Type.Object(
  { tenant_id: Id, resourceId: Id, threadId: Id, messageId: Id, reaction: Type.Union([Reaction, Type.Null()]) },
  { additionalProperties: false },
);
export type PutFeedbackBody = Static<typeof PutFeedbackBody>;

/** Ready links: every parameter required and non-empty; `null` is not a reaction here. */
export const GetFeedbackQuery = Type.Object({ tenant_id: Id, resourceId: Id, threadId: Id, messageId: Id, reaction: Reaction });
export type GetFeedbackQuery = Static<typeof GetFeedbackQuery>;

export const FeedbackResponse = Type.Object({
  reaction: Type.Union([Reaction, Type.Null()]),
  updatedAt: Type.String({ description: 'ISO 8601 UTC of the last change' }),
});
export type FeedbackResponse = Static<typeof FeedbackResponse>;

export const putFeedbackSchema = {
  tags: ['feedback'],
  summary: 'Set, change or remove the reaction on an assistant answer',
  security: [{ guestToken: [] as string[] }, {}] as Array<Record<string, string[]>>,
  body: PutFeedbackBody,
  response: { 200: FeedbackResponse, '4xx': ErrorBody, '5xx': ErrorBody },
};

export const getFeedbackSchema = {
  tags: ['feedback'],
  summary: 'Ready like/dislike link from the events of a generation answer',
  querystring: GetFeedbackQuery,
  response: { 200: FeedbackResponse, '4xx': ErrorBody, '5xx': ErrorBody },
};
