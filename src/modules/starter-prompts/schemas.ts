/** Schemas of `POST /shopping/starter-prompts` (spec 2.10, 4.9, part 8). */
import { Type, type Static } from 'typebox';
import { ErrorBody } from '../../plugins/error-schema.ts';
import { storableText } from '../shared-schemas.ts';

/** Spec part 8: the serialised `ctx` is at most 32,000 characters. */
export const CTX_MAX_CHARS = 32_000;

/** The page context; fields beyond these are allowed and ignored (spec 4.9). */
export const StarterCtx = Type.Object(
  {
    type: Type.Optional(storableText({ maxLength: 100 })),
    data: Type.Optional(Type.Unknown()),
    lng: Type.Optional(Type.Union([storableText({ maxLength: 100 }), Type.Null()])),
    location: Type.Optional(Type.Union([storableText({ maxLength: 500 }), Type.Null()])),
  },
  { additionalProperties: true, description: 'Context of the current page (spec 2.3); unknown or missing type is OTHER.' },
);
export type StarterCtx = Static<typeof StarterCtx>;

/** Only `ctx` at the top level: section and user come from the guest token. */
export const StarterPromptsBody = Type.Object(
  { ctx: Type.Optional(Type.Union([StarterCtx, Type.Null()])) },
  { additionalProperties: false },
);
export type StarterPromptsBody = Static<typeof StarterPromptsBody>;

export const StarterPromptItem = Type.Object({ id: Type.String(), text: Type.String() });

/** `{enabled:false}` alone, or the selection with its (five or zero) prompts. */
export const StarterPromptsResponse = Type.Object({
  enabled: Type.Boolean(),
  selectionId: Type.Optional(Type.String({ format: 'uuid' })),
  promptSetVersion: Type.Optional(Type.Integer()),
  prompts: Type.Optional(Type.Array(StarterPromptItem)),
});
export type StarterPromptsResponse = Static<typeof StarterPromptsResponse>;

export const starterPromptsSchema = {
  tags: ['starter prompts'],
  summary: 'Five starter prompts for the welcome screen, chosen for the page and the buyer',
  security: [{ guestToken: [] as string[] }],
  body: StarterPromptsBody,
  response: { 200: StarterPromptsResponse, '4xx': ErrorBody, '5xx': ErrorBody },
};
