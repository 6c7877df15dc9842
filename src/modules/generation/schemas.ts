/** Request and response schemas of `POST /shopping/generate` (spec 2.2–2.6, 4.5). */
import { Type, type Static } from 'typebox';
import { AssistantResponse, EngagementEvent } from '../../assistant/contract.ts';
import { ErrorBody } from '../../plugins/error-schema.ts';
import { Id, MESSAGE_TEXT_MAX, storableText } from '../shared-schemas.ts';

export const TextPart = Type.Object(
  { type: Type.Literal('text'), text: storableText({ maxLength: MESSAGE_TEXT_MAX }) },
  { additionalProperties: false },
);

/** Format and size of the image itself are checked by the image pipeline (413/415/422), not here. */
export const ImagePart = Type.Object(
  {
    type: Type.Literal('image'),
    source: Type.Union([
      Type.Object({ type: Type.Literal('url'), url: Type.String({ minLength: 1, maxLength: 4096 }) }, { additionalProperties: false }),
      Type.Object(
        { type: Type.Literal('base64'), mediaType: Type.String({ minLength: 1, maxLength: 100 }), data: Type.String({ minLength: 1 }) },
        { additionalProperties: false },
      ),
    ]),
  },
  { additionalProperties: false },
);

export const UserMessage = Type.Object(
  {
    role: Type.Literal('user'),
    id: Type.Optional(Id),
    content: Type.Union([
      storableText({ minLength: 1, maxLength: MESSAGE_TEXT_MAX }),
      Type.Array(Type.Union([TextPart, ImagePart]), { minItems: 1, maxItems: 20 }),
    ]),
  },
  { additionalProperties: false },
);
export type UserMessage = Static<typeof UserMessage>;

export const PageCtx = Type.Object(
  {
    type: Type.Optional(storableText({ maxLength: 100 })),
    data: Type.Optional(Type.Unknown()),
    lng: Type.Optional(Type.Union([storableText({ maxLength: 100 }), Type.Null()])),
    location: Type.Optional(Type.Union([storableText({ maxLength: 2000 }), Type.Null()])),
    attributes: Type.Optional(Type.Object({ storeId: Type.Optional(storableText({ minLength: 1, maxLength: 512 })) })),
  },
  { description: 'Context of the current page (spec 2.3); further fields are accepted and ignored.' },
);

export const GenerateBody = Type.Object(
  {
    threadId: Id,
    resourceId: Id,
    trafficType: Type.Optional(Type.Union([Type.Literal('real'), Type.Literal('test'), Type.Literal('debug')])),
    messages: Type.Array(UserMessage, { minItems: 1, maxItems: 10 }),
    runtimeContext: Type.Object({ tenant_id: Id, ctx: Type.Optional(PageCtx) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type GenerateBody = Static<typeof GenerateBody>;

export const GenerateResponse = Type.Object({
  threadId: Type.String(),
  resourceId: Type.String(),
  assistantMessageId: Type.Optional(Type.String()),
  messageFormat: Type.Optional(Type.Union([Type.Literal('plain_text'), Type.Literal('markdown')])),
  response: AssistantResponse,
  responseLatencyMs: Type.Optional(Type.Number()),
  events: Type.Optional(Type.Array(EngagementEvent)),
});
export type GenerateResponse = Static<typeof GenerateResponse>;

export const generateSchema = {
  tags: ['generation'],
  summary: 'Send a buyer message and get the assistant answer',
  security: [{ guestToken: [] as string[] }, {}] as Array<Record<string, string[]>>,
  body: GenerateBody,
  response: { 200: GenerateResponse, '4xx': ErrorBody, '5xx': ErrorBody },
};
