/** Schemas of `PUT /shopping/feedback` and `GET /shopping/feedback` (spec 2.9, 4.7, 4.8), with their reference text. */
import { Type, type Static } from 'typebox';
import { BODY_ERRORS, errorResponses, success } from '../../plugins/error-schema.ts';
import { Id, storableText } from '../shared-schemas.ts';

const Reaction = Type.Union([Type.Literal('like'), Type.Literal('dislike')]);

const ASSISTANT_ID = '2477a0de-4d17-4b2e-bb76-9468af0d3743';

export const PutFeedbackBody = Type.Object(
  { tenant_id: Id, resourceId: Id, threadId: Id, messageId: Id, reaction: Type.Union([Reaction, Type.Null()]) },
  {
    additionalProperties: false,
    'x-examples': {
      like: { summary: 'Like an answer', value: { tenant_id: 'demo', resourceId: 'buyer-1024', threadId: 'thread-7f3a', messageId: ASSISTANT_ID, reaction: 'like' } },
      remove: { summary: 'Remove the reaction', value: { tenant_id: 'demo', resourceId: 'buyer-1024', threadId: 'thread-7f3a', messageId: ASSISTANT_ID, reaction: null } },
    },
  },
);
export type PutFeedbackBody = Static<typeof PutFeedbackBody>;

/** A query parameter of the ready link: an identifier, with an example for the reference. */
const param = (description: string, example: string) => Object.assign(storableText({ minLength: 1, maxLength: 512, description }), { examples: [example] });

/** Ready links: every parameter required and non-empty; `null` is not a reaction here. */
export const GetFeedbackQuery = Type.Object({
  tenant_id: param('The section of the answer.', 'demo'),
  resourceId: param('The owner of the dialog.', 'buyer-1024'),
  threadId: param('The dialog of the answer.', 'thread-7f3a'),
  messageId: param('`assistantMessageId` of the answer.', ASSISTANT_ID),
  reaction: Type.Union([Type.Literal('like'), Type.Literal('dislike')], { description: '`like` or `dislike`; removing a reaction is only possible with PUT.', examples: ['like'] }),
});
export type GetFeedbackQuery = Static<typeof GetFeedbackQuery>;

export const FeedbackResponse = Type.Object({
  reaction: Type.Union([Reaction, Type.Null()]),
  updatedAt: Type.String({ description: 'ISO 8601 UTC of the last change' }),
});
export type FeedbackResponse = Static<typeof FeedbackResponse>;

const storedReaction = (description: string) =>
  success(FeedbackResponse, {
    description,
    examples: {
      liked: { summary: 'The answer is liked', value: { reaction: 'like', updatedAt: '2026-11-24T06:18:16.277Z' } },
      removed: { summary: 'No reaction (after PUT with null)', value: { reaction: null, updatedAt: '2026-11-24T06:20:02.914Z' } },
    },
  });

const REACTION_RULES = [
  'One reaction per answer: `like` and `dislike` replace each other, the same reaction again changes nothing (`updatedAt` included).',
  'Only answers stored by generation can be rated; debug answers cannot.',
];

export const putFeedbackSchema = {
  tags: ['feedback'],
  summary: 'Set, change or remove the reaction on an assistant answer',
  description: [
    'Stores the buyer\'s reaction on one answer: `messageId` is `assistantMessageId` from generation or an assistant `id` from history.',
    '`reaction: null` removes it. Accepted only when `tenant_id`, `resourceId`, `threadId` and `messageId` match the stored answer',
    'exactly, the dialog is visible and belongs to the caller; otherwise one 404.',
    ...REACTION_RULES,
    '',
    "**Access.** A resource registered through a guest session needs `Authorization: Bearer <accessToken>`; a resource never registered",
    "works without it. The section's IP allow-list applies. Identifiers: 1–512 characters.",
  ].join('\n'),
  security: [{ guestToken: [] as string[] }, {}] as Array<Record<string, string[]>>,
  body: PutFeedbackBody,
  response: {
    200: storedReaction('The stored state.'),
    ...errorResponses({
      INVALID_REQUEST: { when: 'a field is missing, empty, unknown, too long or not storable text, or `reaction` is not `like`, `dislike` or null', example: 'body/reaction must be equal to constant' },
      ...BODY_ERRORS,
      GUEST_TOKEN_REQUIRED: true,
      INVALID_GUEST_TOKEN: true,
      GUEST_RESOURCE_MISMATCH: true,
      IP_NOT_ALLOWED: true,
      MESSAGE_NOT_FOUND: 'no visible answer of this caller matches the four identifiers exactly',
      FEEDBACK_SAVE_FAILED: 'the reaction could not be read or stored',
      INTERNAL: 'the guest-session check failed unexpectedly',
      AUTH_STORAGE_UNAVAILABLE: true,
    }),
  },
};

export const getFeedbackSchema = {
  tags: ['feedback'],
  summary: 'Ready like/dislike link from the events of a generation answer',
  description: [
    'The target of the `like` and `dislike` links in the root `events` of a generation answer: call the link with GET as it is, only',
    'when the buyer presses the reaction (never when the answer arrives). No body. All five query parameters are required and',
    'non-empty; `null` is not accepted (remove a reaction with PUT). Links point to the production address of the service that',
    'stored the answer.',
    ...REACTION_RULES,
    '',
    "**Access.** Not restricted by the section's IP list; the link does not prove who calls it, and the answer must belong to the",
    'given section, buyer and dialog. A resource registered through a guest session needs `Authorization: Bearer <accessToken>`,',
    'which a plain link follow does not carry, so guest integrations use PUT /shopping/feedback instead.',
  ].join('\n'),
  security: [{ guestToken: [] as string[] }, {}] as Array<Record<string, string[]>>,
  querystring: GetFeedbackQuery,
  response: {
    200: storedReaction('The stored state.'),
    ...errorResponses({
      INVALID_REQUEST_QUERY: 'a query parameter is missing, empty, too long or not storable text, or `reaction` is not `like` or `dislike`',
      GUEST_TOKEN_REQUIRED: true,
      INVALID_GUEST_TOKEN: true,
      GUEST_RESOURCE_MISMATCH: true,
      ASSISTANT_MESSAGE_NOT_FOUND: 'no visible stored answer matches the four identifiers exactly',
      FEEDBACK_SAVE_FAILED: 'the reaction could not be read or stored',
      INTERNAL: 'the guest-session check failed unexpectedly',
      AUTH_STORAGE_UNAVAILABLE: true,
    }),
  },
};
