/**
 * The answer contract of spec parts 2.4–2.6: content blocks, products, buttons and
 * engagement events. One schema serves validation of every engine answer (before it is
 * stored or sent), the TypeScript types, response serialisation and the OpenAPI document.
 */
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';

/** Spec 2.6: either one URL or several. `type` is an open set and its case is kept. */
export const EngagementEvent = Type.Union(
  [
    Type.Object({ type: Type.String({ minLength: 1 }), url: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
    Type.Object(
      { type: Type.String({ minLength: 1 }), urls: Type.Array(Type.String({ minLength: 1 })) },
      { additionalProperties: false },
    ),
]);
export type EngagementEvent = Static<typeof EngagementEvent>;

/** Spec 2.5 product card. */
export const Product = Type.Object(
  {
    sku: Type.Optional(Type.String()),
    category_id: Type.Optional(Type.String()),
    name: Type.String({ minLength: 1 }),
    price: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    features: Type.Optional(Type.String()),
    is_stm: Type.Optional(Type.Boolean()),
    brand: Type.Optional(Type.String()),
    url: Type.Optional(Type.String()),
    image_url: Type.Optional(Type.String()),
    events: Type.Optional(Type.Array(EngagementEvent)),
  },
  { additionalProperties: false },
);
export type Product = Static<typeof Product>;

export const MessageBlock = Type.Object(
  { type: Type.Literal('message'), value: Type.String() },
  { additionalProperties: false },
);
export type MessageBlock = Static<typeof MessageBlock>;

export const ProductsBlock = Type.Object(
  {
    type: Type.Literal('products'),
    value: Type.Array(Product),
    title: Type.Optional(Type.String()),
    categories: Type.Optional(Type.Array(Type.String())),
    shelf_id: Type.Optional(Type.String()),
    source_query: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type ProductsBlock = Static<typeof ProductsBlock>;

/** Button actions of spec 2.5. `follow_url` needs an HTTP(S) `url`. */
export const ButtonBlock = Type.Object(
  {
    type: Type.Literal('button'),
    value: Type.String({ minLength: 1 }),
    action: Type.String({ minLength: 1 }),
    url: Type.Optional(Type.String({ pattern: '^https?://' })),
  },
  { additionalProperties: false },
);
export type ButtonBlock = Static<typeof ButtonBlock>;

export const ContentBlock = Type.Union([MessageBlock, ProductsBlock, ButtonBlock]);
export type ContentBlock = Static<typeof ContentBlock>;

/** The `response` object of a generation answer and of an assistant history item. */
export const AssistantResponse = Type.Object(
  {
    contents: Type.Array(ContentBlock),
    ui: Type.Optional(Type.Object({ suggests: Type.Optional(Type.Array(Type.String())) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type AssistantResponse = Static<typeof AssistantResponse>;

/** What an engine returns: the response plus its root (block-level) events. */
export const EngineAnswer = Type.Object(
  {
    response: AssistantResponse,
    events: Type.Array(EngagementEvent),
  },
  { additionalProperties: false },
);
export type EngineAnswer = Static<typeof EngineAnswer>;

const engineAnswerChecker = Compile(EngineAnswer);

/**
 * Checks an engine answer against the block schemas. Returns the first problems found
 * (for logs; never sent to clients), or an empty list when the answer is valid.
 * Beyond the schema: a `follow_url` button must carry a URL.
 */
export function engineAnswerProblems(answer: unknown): string[] {
  if (!engineAnswerChecker.Check(answer)) {
    return [...engineAnswerChecker.Errors(answer)].slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
  }
  const problems: string[] = [];
  for (const block of (answer as EngineAnswer).response.contents) {
    if (block.type === 'button' && block.action === 'follow_url' && !block.url) {
      problems.push('follow_url button without url');
    }
  }
  return problems;
}
