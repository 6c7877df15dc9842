/**
 * Named request and response types, each taken from the generated `paths` of the server's
 * OpenAPI document (generated/api-types.ts) — never written out by hand, so they follow the
 * route schemas.
 */
import type { paths } from './generated/api-types.ts';

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Operation<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'delete'> = NonNullable<paths[P][M]>;
type RequestOf<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'delete'> = JsonOf<Operation<P, M>['requestBody']>;
type ResponseOf<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'delete', S extends number> =
  S extends keyof Operation<P, M>['responses'] ? JsonOf<Operation<P, M>['responses'][S]> : never;

/** `POST /shopping/guest-sessions` (spec 2.1). */
export type RegisterGuestRequest = RequestOf<'/shopping/guest-sessions', 'post'>;
export type GuestSession = ResponseOf<'/shopping/guest-sessions', 'post', 201>;

/** `POST /shopping/generate` (spec 2.2–2.6, 4.5). */
export type GenerateRequest = RequestOf<'/shopping/generate', 'post'>;
export type GenerateResponse = ResponseOf<'/shopping/generate', 'post', 200>;
export type UserMessage = GenerateRequest['messages'][number];
export type MessageContent = UserMessage['content'];
export type ContentPart = Extract<MessageContent, readonly unknown[]>[number];
export type RuntimeContext = GenerateRequest['runtimeContext'];
export type PageContext = NonNullable<RuntimeContext['ctx']>;
export type TrafficType = NonNullable<GenerateRequest['trafficType']>;
export type MessageFormat = NonNullable<GenerateResponse['messageFormat']>;
export type AssistantResponse = GenerateResponse['response'];
export type ContentBlock = AssistantResponse['contents'][number];
export type MessageBlock = Extract<ContentBlock, { type: 'message' }>;
export type ProductsBlock = Extract<ContentBlock, { type: 'products' }>;
export type ButtonBlock = Extract<ContentBlock, { type: 'button' }>;
export type Product = ProductsBlock['value'][number];
export type EngagementEvent = NonNullable<GenerateResponse['events']>[number];

/** `POST /shopping/history` (spec 2.8, 4.6). */
export type HistoryRequest = RequestOf<'/shopping/history', 'post'>;
export type HistoryResponse = ResponseOf<'/shopping/history', 'post', 200>;
export type HistoryItem = HistoryResponse['items'][number];
export type UserHistoryItem = Extract<HistoryItem, { role: 'user' }>;
export type AssistantHistoryItem = Extract<HistoryItem, { role: 'assistant' }>;

/** `GET /shopping/dialogs` (spec 2.7, 4.3). */
export type DialogListQuery = NonNullable<Operation<'/shopping/dialogs', 'get'>['parameters']['query']>;
export type DialogList = ResponseOf<'/shopping/dialogs', 'get', 200>;
export type DialogListItem = DialogList['items'][number];

/** `PUT` and `GET /shopping/feedback` (spec 2.9, 4.7, 4.8). */
export type PutFeedbackRequest = RequestOf<'/shopping/feedback', 'put'>;
export type GetFeedbackQuery = Operation<'/shopping/feedback', 'get'>['parameters']['query'];
export type Feedback = ResponseOf<'/shopping/feedback', 'put', 200>;
export type Reaction = PutFeedbackRequest['reaction'];

/** `POST /shopping/starter-prompts` (spec 2.10, 4.9). */
export type StarterPromptsRequest = RequestOf<'/shopping/starter-prompts', 'post'>;
export type StarterPromptsContext = NonNullable<StarterPromptsRequest['ctx']>;
export type StarterPrompts = ResponseOf<'/shopping/starter-prompts', 'post', 200>;

/** Sharing (spec 2.11, 4.10–4.12). */
export type CreateShareRequest = RequestOf<'/dialogs/share', 'post'>;
export type ShareCreated = ResponseOf<'/dialogs/share', 'post', 201>;
export type RevokeShareRequest = RequestOf<'/dialogs/share/revoke', 'post'>;
export type SharedSnapshot = ResponseOf<'/dialogs/shared/{share_token}', 'get', 200>;
export type SnapshotMessage = SharedSnapshot['messages'][number];

/** The body of every refusal: `{statusCode, code, error, message}` (any non-2xx answer of generation). */
type ErrorResponsesOf<O extends { responses: object }> = {
  [S in keyof O['responses']]: S extends 200 | 201 | 204 ? never : JsonOf<O['responses'][S]>;
}[keyof O['responses']];
export type ErrorBody = ErrorResponsesOf<Operation<'/shopping/generate', 'post'>>;
