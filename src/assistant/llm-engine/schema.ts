/**
 * Schema helpers for what the model fills in: JSON schemas in the plainest form every
 * OpenAI-compatible server understands (string enums rather than `anyOf` of constants),
 * checked with TypeBox when the model's input comes back.
 */
import { jsonSchema } from 'ai';
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

/** `{type: "string", enum: [...]}`: understood by every server's tool parser and grammar builder. */
export function stringEnum<T extends string>(values: readonly T[], options: { description?: string } = {}): TUnsafe<T> {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });
}

function stripNulls(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
  }
  return value;
}

/**
 * A tool's input schema for the SDK that also checks what the model sent, converting
 * gently where a model is sloppy ("5000" → 5000, null → absent).
 */
export function checkedSchema<T extends TSchema>(schema: T) {
  const checker = Compile(schema);
  // The SDK sends the schema as is; a plain copy leaves TypeBox's own markers behind.
  const plain = JSON.parse(JSON.stringify(schema)) as Parameters<typeof jsonSchema>[0];
  return jsonSchema<Static<T>>(plain, {
    validate: (value: unknown) => {
      const converted = Value.Convert(schema, stripNulls(value));
      if (checker.Check(converted)) {
        return { success: true, value: converted as Static<T> };
      }
      const first = [...checker.Errors(converted)][0];
      return { success: false, error: new Error(first ? `${first.instancePath || '(input)'}: ${first.message}` : 'invalid input') };
    },
  });
}
