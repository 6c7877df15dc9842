/**
 * A request plan: everything one fuzz request is made of, as a value fast-check can generate,
 * shrink and print — which buyer sends it, its token, address, method, content type, path,
 * query and body — and the HTTP request it becomes.
 */
import fc from 'fast-check';
import { applyMutations, mutationArb, schemaArb, type Mutation, type SchemaArbOptions } from './arbitraries.ts';
import type { Operation } from './spec.ts';
import type { Buyer, World } from './world.ts';
import { HOSTILE_STRINGS, Ref, textOf, writeJson, type Resolver } from './values.ts';

/** Whose token goes into `Authorization: Bearer`, or a header value of its own. */
export type AuthChoice = 'own' | 'none' | 'otherBuyer' | 'revoked' | { header: string };

/** A path or query value; `raw` values are sent without percent-encoding (their own escapes intact). */
export interface Part {
  value: unknown;
  raw: boolean;
}

export type BodyChoice =
  | { kind: 'json'; value: unknown; mutations: Mutation[] }
  | { kind: 'malformed'; text: string }
  | { kind: 'truncated'; value: unknown; keep: number }
  | { kind: 'absent' }
  | { kind: 'oversize' };

export interface Plan {
  buyer: number;
  /** Which of the buyer's dialogs the request's references name. */
  dialog: number;
  auth: AuthChoice;
  ip: string;
  /** Null: the operation's own method. */
  method: string | null;
  /** Null: no Content-Type header. */
  contentType: string | null;
  params: Record<string, Part>;
  query: Array<[string, Part]>;
  /** Appended to the query string as is. */
  rawQuery: string | null;
  body: BodyChoice;
}

/** What the request carried, as the server decodes it (null where a raw part makes that unknown). */
export interface Built {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  remoteAddress: string;
  buyer: Buyer;
  /** Resolves the plan's references for this buyer (a `fresh` one gives a new value each time). */
  resolve: Resolver;
  pathValues: Record<string, string> | null;
  queryValues: Record<string, string> | null;
  /** Query names sent more than once, or raw query text: no schema verdict on the query then. */
  queryAmbiguous: boolean;
}

const MALFORMED = ['{', '{"a":1', '[1,]', "{'a':1}", '{"a":1}x', 'NaN', '\uFEFF{}', '{"a":01}', '{"a":"\\x"}', '{"a":"\\ud800"}', 'null', '"text"', '123', '[]', '{}', '{"a":1,"a":2}', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000'];

const RAW_QUERIES = ['%ZZ=1', 'limit=%00', 'a[b]=1', 'limit=1&limit=2', '__proto__=x', 'constructor[prototype][x]=1', '=', '&&&', 'cursor=%ED%A0%80', 'x=%'];

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/vnd.api+json',
  'application/json; charset=latin1',
];

/** Content types the body parser must refuse with 415. */
export const NOT_JSON = new Set(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']);

const OVERSIZE_BYTES = 1024 * 1024 + 4096;

/** Counterexamples shrink towards each choice's first, ordinary alternative (own token, home address, JSON, …). */
const CROSS = { withCrossShrink: true };

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];

/** The buyers an operation's requests come from: spent tokens and hidden dialogs stay out of the others' way. */
export function buyersFor(op: Operation, world: World): Buyer[] {
  if (op.id === 'POST /shopping/guest-sessions/revoke') {
    return world.revocable;
  }
  if (op.method === 'DELETE') {
    return world.hideable;
  }
  // Resources without a token cannot use operations that require one: they would only ever get 401.
  return op.guest === 'required' ? world.buyers.filter((b) => b.token !== null) : world.buyers;
}

function partArb(arb: fc.Arbitrary<unknown>): fc.Arbitrary<Part> {
  return fc.record({ value: arb, raw: fc.oneof(CROSS, { weight: 12, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }) });
}

/**
 * The generator of plans for one operation. `coherentOnly`: only requests a well-behaved client
 * sends (own token, the shop's address, the operation's method and media type, values the schema
 * admits with the buyer's own identifiers), the kind that can succeed.
 */
export function planArb(op: Operation, world: World, { coherentOnly = false } = {}): fc.Arbitrary<Plan> {
  const options: SchemaArbOptions = { images: world.images, mutate: true, coherent: false };
  const coherent: SchemaArbOptions = { images: world.images, mutate: false, coherent: true };
  const buyers = buyersFor(op, world);
  const auth: fc.Arbitrary<AuthChoice> = fc.oneof(
    CROSS,
    { weight: 24, arbitrary: fc.constant('own' as const) },
    { weight: 2, arbitrary: fc.constantFrom('none' as const, 'otherBuyer' as const, 'revoked' as const) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'Bearer',
        'Bearer ',
        'Basic dXNlcjpwYXNz',
        `Bearer gst_${'A'.repeat(43)}`,
        `Bearer gst_${'A'.repeat(42)}`,
        'Bearer gst_%00',
        `Bearer ${'x'.repeat(5000)}`,
        'bearer  gst_',
        'Bearer __proto__',
      ).map((header) => ({ header })),
    },
  );
  const ip = fc.oneof(CROSS, { weight: 12, arbitrary: fc.constant('home') }, { weight: 1, arbitrary: fc.constantFrom('127.0.0.1', '10.9.8.7', '2001:db8::1', '::1', '198.51.100.4') });
  const method = fc.oneof(CROSS, { weight: 30, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS.filter((m) => m !== op.method)) });
  const contentType = op.body
    ? fc.oneof(CROSS, { weight: 24, arbitrary: fc.constant<string | null>('application/json') }, { weight: 1, arbitrary: fc.constantFrom<string | null>(null, ...CONTENT_TYPES) })
    : fc.oneof(CROSS, { weight: 12, arbitrary: fc.constant<string | null>(null) }, { weight: 1, arbitrary: fc.constantFrom<string | null>('application/json', 'text/plain') });
  const paramsWith = (o: SchemaArbOptions) => fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, partArb(schemaArb(p.schema, p.name, o))])));
  const params = fc.oneof(CROSS, { weight: 2, arbitrary: paramsWith(coherent) }, { weight: 1, arbitrary: paramsWith(options) });
  const namedWith = (o: SchemaArbOptions) =>
    fc.tuple(
      ...op.query.map((p) =>
        fc
          .tuple(fc.oneof({ weight: p.required ? 20 : 1, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }), partArb(schemaArb(p.schema, p.name, o)))
          .map(([present, part]) => (present ? [[p.name, part] as [string, Part]] : [])),
      ),
    );
  const extra = fc.oneof(
    { weight: 10, arbitrary: fc.constant([] as Array<[string, Part]>) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('tenant_id', 'resourceId', 'threadId', '__proto__', 'constructor', 'page', 'x\u0000'), partArb(fc.constantFrom(...HOSTILE_STRINGS))).map((pair) => [pair]) },
  );
  const named = fc.oneof(CROSS, { weight: 2, arbitrary: namedWith(coherent) }, { weight: 1, arbitrary: namedWith(options) });
  const query = fc.tuple(named, extra).map(([lists, more]) => [...lists.flat(), ...more]);
  if (coherentOnly) {
    return fc.record({
      buyer: fc.nat({ max: buyers.length - 1 }),
      dialog: fc.nat({ max: 7 }),
      auth: fc.constant('own' as const),
      ip: fc.constant('home'),
      method: fc.constant(null),
      contentType: fc.constant(op.body ? 'application/json' : null),
      params: paramsWith(coherent),
      query: namedWith(coherent).map((lists) => lists.flat()),
      rawQuery: fc.constant(null),
      body: op.body ? schemaArb(op.body, '', coherent).map((value): BodyChoice => ({ kind: 'json', value, mutations: [] })) : fc.constant<BodyChoice>({ kind: 'absent' }),
    });
  }
  const rawQuery = fc.oneof(CROSS, { weight: 20, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) });
  const body: fc.Arbitrary<BodyChoice> = op.body
    ? fc.oneof(
      CROSS,
        // A request a client could send, as is or with one to three mutations anywhere in it.
        { weight: 14, arbitrary: schemaArb(op.body, '', coherent).map((value) => ({ kind: 'json' as const, value, mutations: [] })) },
        {
          weight: 12,
          arbitrary: fc
            .tuple(schemaArb(op.body, '', coherent), fc.array(mutationArb, { minLength: 1, maxLength: 3 }))
            .map(([value, mutations]) => ({ kind: 'json' as const, value, mutations })),
        },
        // Every field drawn on its own from valid, hostile and invalid values.
        { weight: 4, arbitrary: schemaArb(op.body, '', options).map((value) => ({ kind: 'json' as const, value, mutations: [] })) },
        { weight: 1, arbitrary: fc.constantFrom(...MALFORMED).map((text) => ({ kind: 'malformed' as const, text })) },
        { weight: 1, arbitrary: fc.tuple(schemaArb(op.body, '', options), fc.integer({ min: 1, max: 60 })).map(([value, keep]) => ({ kind: 'truncated' as const, value, keep })) },
        { weight: 1, arbitrary: fc.constant({ kind: 'absent' as const }) },
        { weight: 1, arbitrary: fc.constant({ kind: 'oversize' as const }) },
      )
    : fc.oneof(
      CROSS,
        { weight: 12, arbitrary: fc.constant({ kind: 'absent' as const }) },
        { weight: 1, arbitrary: fc.constantFrom('{}', '{"a":', 'x').map((text) => ({ kind: 'malformed' as const, text })) },
      );
  return fc.record({
    buyer: fc.nat({ max: buyers.length - 1 }),
    dialog: fc.nat({ max: 7 }),
    auth,
    ip,
    method,
    contentType,
    params,
    query,
    rawQuery,
    body,
  });
}

/** The text a server decodes from a percent-encoded UTF-8 string: lone surrogates become U+FFFD. */
const wellFormed = (s: string): string => Buffer.from(s, 'utf8').toString('utf8');

/** Percent-encodes all but the characters a raw part keeps as they are (its `%` escapes among them). */
const encodeRaw = (s: string): string => wellFormed(s).replace(/[^A-Za-z0-9\-._~%!$&'()*+,;=:@/]/gu, (c) => encodeURIComponent(c));

/** Turns a plan into the request to send. */
export function buildRequest(op: Operation, world: World, plan: Plan): Built {
  const buyers = buyersFor(op, world);
  const buyer = buyers[plan.buyer % buyers.length]!;
  const resolve: Resolver = (ref: Ref) => world.resolve(buyer, plan.dialog, ref);

  let pathValues: Record<string, string> | null = {};
  let path = op.path;
  for (const p of op.pathParams) {
    const part = plan.params[p.name] ?? { value: new Ref('fresh'), raw: false };
    const text = textOf(part.value, resolve);
    path = path.replace(`{${p.name}}`, part.raw ? encodeRaw(text) : encodeURIComponent(wellFormed(text)));
    if (part.raw || text === '') {
      // Raw escapes decode as the router decides; an empty segment may not reach the route at all.
      pathValues = null;
    } else if (pathValues) {
      pathValues[p.name] = wellFormed(text);
    }
  }

  // Names come from the plan ('__proto__' among them): a prototype-less record keeps them as data.
  const queryValues: Record<string, string> = Object.create(null) as Record<string, string>;
  const pairs: string[] = [];
  let queryAmbiguous = plan.rawQuery !== null;
  for (const [name, part] of plan.query) {
    const text = textOf(part.value, resolve);
    if (part.raw || name in queryValues) {
      queryAmbiguous = true;
    }
    queryValues[name] = wellFormed(text);
    pairs.push(`${encodeURIComponent(wellFormed(name))}=${part.raw ? encodeRaw(text) : encodeURIComponent(wellFormed(text))}`);
  }
  if (plan.rawQuery !== null) {
    pairs.push(plan.rawQuery);
  }
  const url = pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;

  const headers: Record<string, string> = {};
  if (plan.contentType !== null) {
    headers['content-type'] = plan.contentType;
  }
  const auth = plan.auth;
  const tokenOf = (): string | null => {
    if (auth === 'own') {
      return buyer.token;
    }
    if (auth === 'otherBuyer') {
      // From the same pool: a revoke must spend only tokens meant for revoking.
      return buyers.find((b) => b.token && b !== buyer && b.tenant !== buyer.tenant)?.token ?? null;
    }
    if (auth === 'revoked') {
      return world.revokedToken;
    }
    return null;
  };
  if (typeof auth === 'object') {
    headers.authorization = auth.header;
  } else {
    const token = tokenOf();
    if (token) {
      headers.authorization = `Bearer ${token}`;
    }
  }

  let payload: string | undefined;
  const b = plan.body;
  if (b.kind === 'json') {
    payload = writeJson(b.mutations.length > 0 ? applyMutations(b.value, b.mutations) : b.value, resolve);
  } else if (b.kind === 'malformed') {
    payload = b.text;
  } else if (b.kind === 'truncated') {
    const text = writeJson(b.value, resolve);
    payload = text.slice(0, Math.max(1, Math.floor((text.length * b.keep) / 61)));
  } else if (b.kind === 'oversize') {
    payload = `{"a":"${'x'.repeat(OVERSIZE_BYTES)}"}`;
  }

  return {
    method: plan.method ?? op.method,
    url,
    headers,
    payload,
    remoteAddress: plan.ip === 'home' ? buyer.ip : plan.ip,
    buyer,
    resolve,
    pathValues,
    queryValues: queryAmbiguous ? null : queryValues,
    queryAmbiguous,
  };
}
