/**
 * Checks a response body against the route's documented schema. History pages and share
 * snapshots are written as JSON text for speed and sent as is, so Fastify's serializer
 * (which would drop undeclared fields and coerce types) never sees them; these checks stand
 * in for it in the tests.
 */
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

const ajv = new Ajv({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv) => void)(ajv);

/**
 * The schema with every object that lists its properties closed to others: a field the
 * schema does not declare would be dropped by the serializer, so text that has one differs
 * from what the route documents. Objects that declare their own `additionalProperties` or
 * `patternProperties` (maps) are left as they are.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) {
    return schema.map(closed);
  }
  if (schema === null || typeof schema !== 'object') {
    return schema;
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, closed(v)])) : closed(value);
  }
  if (out.type === 'object' && out.properties && !('additionalProperties' in out) && !('patternProperties' in out)) {
    out.additionalProperties = false;
  }
  return out;
}

/** A compiled response schema: `check(res.body)` parses the text and fails the test with Ajv's errors when it does not match. */
export function responseChecker(schema: object): (text: string, what: string) => void {
  const validate = ajv.compile(closed(schema) as object);
  return (text, what) => {
    const body: unknown = JSON.parse(text);
    assert.ok(validate(body), `${what} does not match the response schema: ${ajv.errorsText(validate.errors)}\n${text.slice(0, 500)}`);
  };
}
