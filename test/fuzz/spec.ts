/**
 * The operations the fuzzer drives, read from the running app's `/openapi.json`: so a new
 * endpoint or a changed field limit is fuzzed without editing the fuzzer, and a server whose
 * validation drifts from the schema it publishes is caught by the oracle (which validates
 * with the published schemas, not with the server's own).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';

/** The parts of JSON Schema the published document uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  description?: string;
}

export interface Param {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export type GuestPolicy = 'none' | 'optional' | 'required';

export interface Operation {
  /** `METHOD /path/{param}` as in the document. */
  id: string;
  method: string;
  path: string;
  pathParams: Param[];
  query: Param[];
  body: JsonSchema | null;
  bodyRequired: boolean;
  guest: GuestPolicy;
  /** Whether values are valid for the published schemas (query and path coerced as text, as the server does). */
  queryValid(query: Record<string, string>): boolean;
  pathValid(params: Record<string, string>): boolean;
  bodyValid(body: unknown): boolean;
}

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema: JsonSchema }> };
  security?: Array<Record<string, string[]>>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

function guestPolicy(security: OpenApiOperation['security']): GuestPolicy {
  if (!security || security.length === 0) {
    return 'none';
  }
  // `{}` among the alternatives means "or no credentials".
  return security.some((s) => Object.keys(s).length === 0) ? 'optional' : 'required';
}

/** Ajv configured as the server says it validates: bodies strictly, query and path as coerced text. */
function validators() {
  const strict = new Ajv({ strict: false, allErrors: false, coerceTypes: false });
  const coercing = new Ajv({ strict: false, allErrors: false, coerceTypes: 'array' });
  return { strict, coercing };
}

function objectOf(params: Param[], closed: boolean): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
    ...(closed ? { additionalProperties: false } : {}),
  };
}

/**
 * Query parameters the spec closes: `GET /shopping/dialogs` refuses any parameter it does not
 * name (spec 4.3); the published parameter list cannot say so.
 */
const CLOSED_QUERY = new Set(['GET /shopping/dialogs']);

/** Reads the operations of the app's published OpenAPI document. */
export async function readOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/openapi.json' });
  if (res.statusCode !== 200) {
    throw new Error(`/openapi.json answered ${res.statusCode}`);
  }
  const doc = res.json() as OpenApiDocument;
  const { strict, coercing } = validators();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const id = `${method.toUpperCase()} ${path}`;
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, required: true, schema: p.schema }));
      const query = params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: p.required === true, schema: p.schema }));
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      const queryCheck: ValidateFunction = coercing.compile(objectOf(query, CLOSED_QUERY.has(id)));
      const pathCheck: ValidateFunction = coercing.compile(objectOf(pathParams, false));
      const bodyCheck: ValidateFunction | null = body ? strict.compile(body) : null;
      operations.push({
        id,
        method: method.toUpperCase(),
        path,
        pathParams,
        query,
        body,
        bodyRequired: op.requestBody?.required === true,
        guest: guestPolicy(op.security),
        // Ajv's coercion rewrites its input, so each check gets a copy (the strict one changes nothing).
        queryValid: (q) => queryCheck({ ...q }),
        pathValid: (p) => pathCheck({ ...p }),
        bodyValid: (b) => (b === undefined ? op.requestBody?.required !== true : bodyCheck ? bodyCheck(b) : true),
      });
    }
  }
  return operations;
}
