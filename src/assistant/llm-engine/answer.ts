/**
 * The answer the model gives through the `answer` tool: its schema (sent to the model as
 * the tool's parameters, and used to check what comes back), and the check itself.
 *
 * The schema is lenient where leniency cannot hurt (null for "absent", extra fields ignored,
 * products as SKU strings or `{sku}` objects, long lists cut later) and strict where the
 * answer would be wrong (no text, wrong types, a button action the shop does not offer).
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { BuyerPreferences } from '../engine.ts';
import { stringEnum } from './schema.ts';

export type ButtonAction = 'open_support_chat' | 'follow_url';

export interface ModelButton {
  label: string;
  action: ButtonAction;
  url?: string;
}

/** A checked answer of the model, before it becomes the spec's blocks. */
export interface ModelAnswer {
  text: string;
  /** SKUs in display order, as the model wrote them (unknown ones are dropped later). */
  products: string[];
  productsTitle?: string;
  quickReplies: string[];
  buttons: ModelButton[];
  preferences: BuyerPreferences | null;
}

const Preferences = Type.Object(
  {
    budget_min: Type.Optional(Type.Number({ description: 'Lowest price the buyer wants to pay' })),
    budget_max: Type.Optional(Type.Number({ description: 'Highest price the buyer wants to pay' })),
    brands: Type.Optional(Type.Array(Type.String(), { description: 'Brands the buyer prefers' })),
    sizes: Type.Optional(Type.Array(Type.String(), { description: 'Clothing, shoe or other sizes of the buyer' })),
    constraints: Type.Optional(
      Type.Array(Type.String(), { description: 'Lasting needs or limits: dietary (vegan, lactose-free), allergies, left-handed, …' }),
    ),
  },
  {
    description:
      "Stable preferences the buyer stated about themselves in this dialog (not one-off search filters). Omit when none were stated.",
  },
);

/**
 * The answer tool's parameters for a tenant that offers these button actions. `lenient`
 * also accepts products as `{sku}` objects (models do that); the model is shown the
 * plain form, which every server's tool parser handles.
 */
export function answerSchema(actions: ButtonAction[], lenient = false): TSchema {
  const sku = Type.String({ minLength: 1 });
  const properties: Record<string, TSchema> = {
    text: Type.String({ minLength: 1, description: 'What you tell the buyer. Do not list all products here: cards show them.' }),
    products: Type.Optional(
      Type.Array(lenient ? Type.Union([sku, Type.Object({ sku })]) : sku, {
        description: 'SKUs of catalogue products to show as cards, best first (at most 8). Only SKUs returned by the tools.',
      }),
    ),
    products_title: Type.Optional(Type.String({ description: 'Short heading above the product cards' })),
    quick_replies: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), { description: 'Up to 4 short messages the buyer might send next, in their language' }),
    ),
    preferences: Type.Optional(Preferences),
  };
  if (actions.length > 0) {
    properties['buttons'] = Type.Optional(
      Type.Array(
        Type.Object({
          label: Type.String({ minLength: 1, description: 'Button text' }),
          action: stringEnum(actions, { description: 'open_support_chat: the shop opens its operator chat; follow_url: opens url' }),
          url: Type.Optional(Type.String({ pattern: '^https?://', description: 'Target address, required for follow_url' })),
        }),
        { description: 'Optional action buttons (at most 3)' },
      ),
    );
  }
  return Type.Object(properties, { additionalProperties: true });
}

type Checker = ReturnType<typeof Compile>;
const checkers = new Map<string, { schema: TSchema; plain: Record<string, unknown>; checker: Checker }>();

/**
 * The answer schema of an action set: the lenient one compiled for checking, the plain one
 * as JSON for the model. There are only a few sets, so each is made once.
 */
export function answerChecker(actions: ButtonAction[]): { schema: TSchema; plain: Record<string, unknown>; checker: Checker } {
  const key = actions.join(',');
  let entry = checkers.get(key);
  if (!entry) {
    const schema = answerSchema(actions, true);
    entry = { schema, plain: JSON.parse(JSON.stringify(answerSchema(actions))) as Record<string, unknown>, checker: Compile(schema) };
    checkers.set(key, entry);
  }
  return entry;
}

/** Levels of the model's answer that are read; the schema has three, anything deeper is invalid. */
const MAX_ANSWER_DEPTH = 8;

/**
 * Null means "absent" to the schema: models often send `"url": null` for fields they skip.
 * Keys are copied as own properties ("__proto__" from the model stays a key, it never
 * becomes the copy's prototype), and no deeper than MAX_ANSWER_DEPTH levels.
 */
function dropNulls(value: unknown, depth = 0): unknown {
  if (depth > MAX_ANSWER_DEPTH) {
    return undefined;
  }
  if (Array.isArray(value)) {
    return value.filter((v) => v !== null).map((v) => dropNulls(v, depth + 1));
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v !== null) {
        Object.defineProperty(out, k, { value: dropNulls(v, depth + 1), enumerable: true, writable: true, configurable: true });
      }
    }
    return out;
  }
  return value;
}

/** The first `max` distinct non-empty items, each cut to `maxChars`; the rest is not read. */
function cleanList(list: string[] | undefined, max: number, maxChars: number): string[] {
  const out: string[] = [];
  for (const item of list ?? []) {
    if (out.length >= max) {
      break;
    }
    const s = item.replace(/\s+/g, ' ').trim().slice(0, maxChars);
    if (s !== '' && !out.includes(s)) {
      out.push(s);
    }
  }
  return out;
}

function preferencesOf(raw: Static<typeof Preferences> | undefined): BuyerPreferences | null {
  if (!raw) {
    return null;
  }
  const prefs: BuyerPreferences = {};
  const positive = (n: number | undefined) => (n !== undefined && Number.isFinite(n) && n > 0 ? n : undefined);
  const min = positive(raw.budget_min);
  const max = positive(raw.budget_max);
  if (min !== undefined && (max === undefined || min <= max)) {
    prefs.budgetMin = min;
  }
  if (max !== undefined) {
    prefs.budgetMax = max;
  }
  for (const key of ['brands', 'sizes', 'constraints'] as const) {
    const list = cleanList(raw[key], 5, key === 'constraints' ? 100 : 40);
    if (list.length > 0) {
      prefs[key] = list;
    }
  }
  return Object.keys(prefs).length > 0 ? prefs : null;
}

/**
 * Checks what the model passed to the answer tool. Returns the answer, or the problems to
 * send back to the model in the one repair attempt.
 */
export function checkModelAnswer(raw: unknown, actions: ButtonAction[]): { answer: ModelAnswer } | { problems: string[] } {
  const value = dropNulls(raw);
  const { checker } = answerChecker(actions);
  if (!checker.Check(value)) {
    const problems = [...checker.Errors(value)].slice(0, 5).map((e) => `${e.instancePath || '(answer)'}: ${e.message}`);
    return { problems: problems.length > 0 ? problems : ['the answer does not match the schema'] };
  }
  const v = value as {
    text: string;
    products?: Array<string | { sku: string }>;
    products_title?: string;
    quick_replies?: string[];
    buttons?: ModelButton[];
    preferences?: Static<typeof Preferences>;
  };
  const text = v.text.trim();
  if (text === '') {
    return { problems: ['/text: must not be empty'] };
  }
  const problems: string[] = [];
  for (const [i, b] of (v.buttons ?? []).entries()) {
    if (b.action === 'follow_url' && !b.url) {
      problems.push(`/buttons/${i}: follow_url needs a url`);
    }
  }
  if (problems.length > 0) {
    return { problems };
  }
  const answer: ModelAnswer = {
    text,
    products: cleanList(
      (v.products ?? []).map((p) => (typeof p === 'string' ? p : p.sku)),
      50,
      200,
    ),
    quickReplies: cleanList(v.quick_replies, 4, 80),
    buttons: (v.buttons ?? []).map((b) => ({ label: b.label.trim().slice(0, 60), action: b.action, ...(b.url ? { url: b.url } : {}) })),
    preferences: preferencesOf(v.preferences),
  };
  const title = v.products_title?.trim();
  if (title) {
    answer.productsTitle = title.slice(0, 100);
  }
  return { answer };
}

/**
 * An answer the model wrote as text instead of calling the tool: the JSON object in it
 * (bare, or in a ```json fence), or undefined when the text holds none.
 */
export function answerInText(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const candidate = (fenced?.[1] ?? text).trim();
  const start = candidate.indexOf('{');
  const end = candidate.lastIndexOf('}');
  if (start < 0 || end <= start) {
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse(candidate.slice(start, end + 1));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      // Some models wrap the tool call itself: {"name": "answer", "arguments": {...}}.
      const o = parsed as Record<string, unknown>;
      let inner = o['arguments'] ?? o['parameters'];
      if (o['name'] === 'answer' && typeof inner === 'string') {
        inner = JSON.parse(inner) as unknown;
      }
      if (o['name'] === 'answer' && inner && typeof inner === 'object') {
        return inner;
      }
      return parsed;
    }
  } catch {
    return undefined;
  }
  return undefined;
}
