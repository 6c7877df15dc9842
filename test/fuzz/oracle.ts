/**
 * What every answer must satisfy, whatever was sent: no 5xx; a 4xx carries the common error
 * body `{statusCode, code, error, message}` with a code of src/errors.ts and its status, and
 * `Cache-Control: no-store`; a request the published schema refuses gets the spec's 400 (or
 * 413, 415, 405 for an oversized body, a wrong media type, a wrong method); and a refused
 * request changes nothing in the database.
 */
import { ERRORS } from '../../src/errors.ts';
import { NOT_JSON, type Built, type Plan } from './plan.ts';
import type { Operation } from './spec.ts';
import { FUZZ_TENANTS } from './world.ts';
import { writeJson } from './values.ts';
import { applyMutations } from './arbitraries.ts';

export interface Expectation {
  statuses: number[];
  /** Null: any code of that status. */
  codes: string[] | null;
  why: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export type FailureKind = '5xx' | 'no-answer' | 'expected' | 'error-body' | 'no-store' | 'db-changed' | 'event-lost' | 'not-stored-as-sent';

export interface Failure {
  kind: FailureKind;
  op: string;
  status: number;
  code: string | null;
  /** One line: what was wrong. */
  detail: string;
  /** What the server logged at error level for the request, if anything. */
  serverError: string | null;
  /** Stable across requests that fail the same way: failures are reported once per signature. */
  signature: string;
}

/** The code a route's schema refusals carry where the spec names a message (spec part 7). */
const VALIDATION_CODE: Record<string, string> = {
  'POST /shopping/guest-sessions': 'INVALID_REQUEST_BODY',
  'GET /shopping/feedback': 'INVALID_REQUEST_QUERY',
};

/** Successful answers the spec says are not cached (4.1, 4.6, 4.9, and all sharing endpoints). */
const NO_STORE_ON_SUCCESS = new Set([
  'POST /shopping/guest-sessions',
  'POST /shopping/history',
  'POST /shopping/starter-prompts',
  'POST /dialogs/share',
  'POST /dialogs/share/revoke',
  'GET /dialogs/shared/{share_token}',
]);

const KNOWN_TENANTS = new Set(FUZZ_TENANTS.map((t) => t.id));

/** Whether parsed JSON holds what Fastify's parser refuses as prototype poisoning (walked without recursion: it may be 10,000 deep). */
function poisoned(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') {
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(v, '__proto__')) {
      return true;
    }
    const c = (v as Record<string, unknown>).constructor;
    if (Object.prototype.hasOwnProperty.call(v, 'constructor') && c !== null && typeof c === 'object' && Object.prototype.hasOwnProperty.call(c, 'prototype')) {
      return true;
    }
    for (const child of Object.values(v)) {
      stack.push(child);
    }
  }
  return false;
}

type Parsed = { ok: true; value: unknown } | { ok: false };

function parseBody(text: string | undefined): Parsed {
  if (text === undefined || text.trim() === '') {
    return { ok: true, value: undefined };
  }
  try {
    const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return poisoned(value) ? { ok: false } : { ok: true, value };
  } catch {
    return { ok: false };
  }
}

function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) {
    n++;
  }
  return n;
}

function imagesPerMessage(body: unknown): number {
  const messages = (body as { messages?: Array<{ content?: unknown }> }).messages ?? [];
  let most = 0;
  for (const m of messages) {
    if (Array.isArray(m.content)) {
      most = Math.max(most, m.content.filter((p: { type?: string }) => p?.type === 'image').length);
    }
  }
  return most;
}

/** Refusals of the access rules, which run before a handler's own checks. */
const ACCESS_REFUSALS = { statuses: [401, 403], codes: ['GUEST_TOKEN_REQUIRED', 'INVALID_GUEST_TOKEN', 'GUEST_RESOURCE_MISMATCH', 'IP_NOT_ALLOWED'] };

/** The answer the spec fixes for this request, or null where it leaves the outcome open. */
export function expectationOf(op: Operation, methodsOfPath: ReadonlySet<string>, plan: Plan, built: Built): Expectation | null {
  let expected = expectationBeforeUrl(op, methodsOfPath, plan, built);
  if (expected && expected.codes !== null && (built.payload?.length ?? 0) > 16 * 1024) {
    // Routes may set their own body limits, which the published document does not show.
    expected = { statuses: [...new Set([...expected.statuses, 413])], codes: [...new Set([...expected.codes, 'BODY_TOO_LARGE'])], why: `${expected.why} (or too large for the route)` };
  }
  const rawUrl = plan.rawQuery !== null || built.pathValues === null || plan.query.some(([, part]) => part.raw);
  if (expected && rawUrl && expected.codes !== null) {
    // Raw percent-escapes may make the URL malformed, which is refused before anything else.
    return { statuses: [...new Set([...expected.statuses, 400])], codes: [...expected.codes, 'INVALID_REQUEST'], why: `${expected.why} (or a malformed URL)` };
  }
  return expected;
}

function expectationBeforeUrl(op: Operation, methodsOfPath: ReadonlySet<string>, plan: Plan, built: Built): Expectation | null {
  const routeCode = VALIDATION_CODE[op.id] ?? 'INVALID_REQUEST';
  if (built.method !== op.method) {
    if (methodsOfPath.has(built.method) || built.method === 'HEAD' || built.method === 'OPTIONS' || built.pathValues === null) {
      return null;
    }
    // A body sent along may be refused first, as the body of any request is.
    return built.payload !== undefined || plan.contentType !== null
      ? { statuses: [405, 400, 413, 415], codes: null, why: `${built.method} is not a method of ${op.path}` }
      : { statuses: [405], codes: ['METHOD_NOT_ALLOWED'], why: `${built.method} is not a method of ${op.path}` };
  }
  if (!op.body && (plan.contentType !== null || built.payload !== undefined)) {
    // A body or Content-Type on a request that takes none: whether it is parsed first is Fastify's choice.
    return null;
  }
  let body: unknown;
  if (op.body) {
    const hasPayload = built.payload !== undefined && built.payload.length > 0;
    const type = plan.contentType;
    if (hasPayload && (type === null || NOT_JSON.has(type))) {
      return { statuses: [415], codes: ['UNSUPPORTED_MEDIA_TYPE'], why: `a body with Content-Type ${type ?? '(none)'}` };
    }
    if (type !== 'application/json') {
      // Other spellings of JSON, or no body at all: the parser's choice, not the spec's.
      return null;
    }
    if (plan.body.kind === 'oversize') {
      // Unless the route admits more (generation takes images), in which case the body is simply invalid.
      return { statuses: [413, 400], codes: ['BODY_TOO_LARGE', routeCode], why: 'a body over 1 MiB' };
    }
    const parsed = parseBody(built.payload);
    if (!parsed.ok) {
      const codes = op.id === 'POST /shopping/starter-prompts' ? ['INVALID_REQUEST'] : ['MALFORMED_JSON', routeCode];
      return { statuses: [400], codes, why: 'the body is not valid JSON (or is refused prototype poisoning)' };
    }
    body = parsed.value;
    if (body === undefined && (op.body.required ?? []).length === 0) {
      // No body where every field is optional (starter prompts: "body {} is valid"): the spec fixes no answer.
      return null;
    }
    if (!op.bodyValid(body)) {
      return { statuses: [400], codes: [routeCode], why: 'the body does not match the published schema' };
    }
  }
  if (built.pathValues && !op.pathValid(built.pathValues)) {
    return { statuses: [400], codes: [routeCode], why: 'a path parameter does not match the published schema' };
  }
  if (built.queryValues && !op.queryValid(built.queryValues)) {
    return { statuses: [400], codes: [routeCode], why: 'the query does not match the published schema' };
  }
  if (!built.pathValues || built.queryAmbiguous) {
    return null;
  }
  // Valid by the schemas: a few refusals the spec's prose fixes.
  if (op.id === 'POST /shopping/guest-sessions' && !KNOWN_TENANTS.has((body as { tenant_id: string }).tenant_id)) {
    return { statuses: [400], codes: ['UNKNOWN_TENANT'], why: 'an unknown tenant (spec 4.1)' };
  }
  if (op.id === 'POST /shopping/starter-prompts' && plan.body.kind === 'json') {
    // Measured on the text sent (JSON.stringify of the parsed value would recurse 10,000 levels).
    const ctx = ((plan.body.mutations.length > 0 ? applyMutations(plan.body.value, plan.body.mutations) : plan.body.value) as { ctx?: unknown }).ctx;
    if (ctx !== undefined && ctx !== null && codePoints(writeJson(ctx, (ref) => built.resolve(ref))) > 32_000) {
      return { statuses: [400, ...ACCESS_REFUSALS.statuses], codes: ['INVALID_REQUEST', ...ACCESS_REFUSALS.codes], why: 'ctx serialises to more than 32,000 characters (spec 4.9)' };
    }
  }
  if (op.id === 'POST /shopping/generate' && imagesPerMessage(body) > 1) {
    // The handler counts images, after the access rules and the dialog lookup (a hidden dialog is a 404).
    return { statuses: [400, 404, ...ACCESS_REFUSALS.statuses], codes: null, why: 'more than one image in a message (spec 2.2)' };
  }
  return null;
}

const header = (answer: Answer, name: string): string => {
  const v = answer.headers[name];
  return Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v);
};

/** Digits and quoted values vary between requests failing the same way. */
const normalise = (text: string): string =>
  text
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d+/g, '#')
    .slice(0, 160);

/** The first check an answer fails, or null. `changed` lists the tables a refused request changed. */
export function judge(
  op: Operation,
  built: Built,
  answer: Answer,
  expected: Expectation | null,
  changed: string[] | null,
  serverError: string | null,
): Failure | null {
  const { status } = answer;
  let code: string | null = null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
    code = typeof (parsed as { code?: unknown })?.code === 'string' ? (parsed as { code: string }).code : null;
  } catch {
    parsed = undefined;
  }
  const fail = (kind: Failure['kind'], detail: string, key: string): Failure => ({
    kind,
    op: op.id,
    status,
    code,
    detail,
    serverError,
    signature: `${op.id} | ${kind} | ${key}`,
  });

  if (status >= 500) {
    return fail('5xx', `answered ${status} ${code ?? ''}`, `${status} ${code} ${normalise(serverError ?? '')}`);
  }
  if (expected && !(expected.statuses.includes(status) && (expected.codes === null || (code !== null && expected.codes.includes(code))))) {
    return fail(
      'expected',
      `expected ${expected.statuses.join('/')} ${expected.codes?.join('/') ?? ''} because ${expected.why}; got ${status} ${code ?? ''}`,
      `${expected.why} → ${status} ${code}`,
    );
  }
  if (status >= 400 && built.method !== 'HEAD') {
    const body = parsed as Record<string, unknown> | undefined;
    const keys = body && typeof body === 'object' ? Object.keys(body).sort().join(',') : '';
    if (keys !== 'code,error,message,statusCode' || body!.statusCode !== status || typeof body!.error !== 'string' || typeof body!.message !== 'string') {
      return fail('error-body', `the error body is not {statusCode, code, error, message}: ${answer.body.slice(0, 200)}`, `${status} ${keys}`);
    }
    const spec = code === null ? undefined : (ERRORS as Record<string, { status: number }>)[code];
    if (!spec || spec.status !== status) {
      return fail('error-body', `code ${code} is not in src/errors.ts with status ${status}`, `${status} ${code}`);
    }
  }
  const noStoreDue = status >= 400 || (status < 300 && NO_STORE_ON_SUCCESS.has(op.id));
  if (noStoreDue && !/\bno-store\b/.test(header(answer, 'cache-control'))) {
    return fail('no-store', `answered ${status} without Cache-Control: no-store`, `${status >= 400 ? '4xx' : status}`);
  }
  if (status >= 400 && changed && changed.length > 0) {
    return fail('db-changed', `refused with ${status} ${code ?? ''} but changed ${changed.join(', ')}`, `${changed.map((c) => c.replace(/ \(.*$/, '')).join(',')}`);
  }
  return null;
}
