/**
 * What a tenant (a shop; a "section" in the spec) declares in the tenants file.
 * The YAML file is validated against `TenantSchema`; errors name the tenant and the field.
 */
import { Type, type Static } from 'typebox';

export const PAGE_TYPES = ['HOMEPAGE', 'PRODUCT', 'CART', 'CATEGORY', 'SEARCH', 'OTHER'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export const LlmSettingsSchema = Type.Object(
  {
    baseUrl: Type.String({ pattern: '^https?://' }),
    model: Type.String({ minLength: 1 }),
    /** Name of the environment variable that holds the API key (the key itself never sits in the file). */
    apiKeyEnv: Type.Optional(Type.String({ minLength: 1 })),
    timeoutMs: Type.Integer({ minimum: 100, maximum: 300000, default: 20000 }),
    /** Sent only when set: some models (reasoning models) refuse a token limit or a temperature. */
    maxTokens: Type.Optional(Type.Integer({ minimum: 16, maximum: 200000 })),
    temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 2 })),
    acceptsImages: Type.Boolean({ default: false }),
    /** On a model timeout or error, answer with the catalogue engine instead of failing with 500. */
    fallbackToCatalog: Type.Boolean({ default: true }),
    /** Replaces the default system prompt; may use {shopName} and {language}. */
    systemPrompt: Type.Optional(Type.String({ minLength: 1 })),
    maxToolRounds: Type.Integer({ minimum: 0, maximum: 10, default: 4 }),
  },
  { additionalProperties: false },
);
export type LlmSettings = Static<typeof LlmSettingsSchema>;

export const LinkSchema = Type.Object(
  {
    /** What the link is about: delivery, returns, stores, payment, warranty, … (free text). */
    topic: Type.String({ minLength: 1 }),
    label: Type.String({ minLength: 1 }),
    url: Type.String({ pattern: '^https?://' }),
    /** Words in the buyer's message that call for this link (any language). */
    keywords: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
  },
  { additionalProperties: false },
);
export type TenantLink = Static<typeof LinkSchema>;

export const StarterPromptSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    text: Type.String({ minLength: 1, maxLength: 500 }),
    /** Page types the prompt suits; empty = any page. */
    pageTypes: Type.Array(Type.Union(PAGE_TYPES.map((p) => Type.Literal(p))), { default: [] }),
  },
  { additionalProperties: false },
);

export const TenantSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 512 }),
    name: Type.String({ minLength: 1 }),
    language: Type.Union([Type.Literal('ru'), Type.Literal('en')], { default: 'ru' }),
    messageFormat: Type.Union([Type.Literal('plain_text'), Type.Literal('markdown')], { default: 'plain_text' }),
    /** CIDR ranges (IPv4 and IPv6) allowed for the restricted operations; empty = any address. */
    allowedIps: Type.Array(Type.String({ minLength: 1 }), { default: [] }),
    /** Memory between dialogs: save the buyer's stable preferences and use them in later dialogs. */
    memory: Type.Boolean({ default: false }),
    /** Whether an operator chat exists, so the assistant may offer `open_support_chat`. */
    supportChat: Type.Boolean({ default: true }),
    /** Whether product blocks carry `categories` (spec 2.5: "present only when agreed"). */
    showCategories: Type.Boolean({ default: false }),
    currencySymbol: Type.Optional(Type.String({ minLength: 1, maxLength: 8 })),
    catalog: Type.Optional(
      Type.Object(
        {
          path: Type.String({ minLength: 1 }),
          format: Type.Union(
            ['auto', 'yml', 'google', 'csv', 'jsonl'].map((f) => Type.Literal(f)),
            { default: 'auto' },
          ),
        },
        { additionalProperties: false },
      ),
    ),
    links: Type.Array(LinkSchema, { default: [] }),
    /** Hosts a `follow_url` button may point to (the links' hosts are always allowed). */
    allowedLinkHosts: Type.Array(Type.String({ minLength: 1 }), { default: [] }),
    engine: Type.Object(
      {
        type: Type.Union([Type.Literal('catalog'), Type.Literal('llm')], { default: 'catalog' }),
        llm: Type.Optional(LlmSettingsSchema),
      },
      { additionalProperties: false, default: {} },
    ),
    /**
     * SHA-256 (hex) of the shop's insights key (`aisle insights-key` makes one): the key opens the
     * shop's insights page `/insights`. Only the hash sits in the file; absent, the page is closed.
     */
    insightsKeySha256: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })),
    starterPrompts: Type.Object(
      {
        enabled: Type.Boolean({ default: false }),
        version: Type.Integer({ minimum: 1, default: 1 }),
        prompts: Type.Array(StarterPromptSchema, { default: [] }),
        /** Time budget for a model-based selection; past it the answer has an empty list. */
        timeoutMs: Type.Integer({ minimum: 50, maximum: 30000, default: 1500 }),
      },
      { additionalProperties: false, default: {} },
    ),
  },
  { additionalProperties: false },
);
export type Tenant = Static<typeof TenantSchema>;
