/**
 * Generators of field values from the published JSON schemas: mostly values the schema
 * admits (with the request's own buyer's identifiers, so requests get past the validator and
 * the access checks into the handlers), mixed with hostile values that the schema admits
 * too, and with values it refuses (wrong types, missing and extra fields, lengths one past a
 * limit, huge arrays, 10,000 levels of nesting where a field is free-form). Which is which is
 * not decided here: the oracle validates the final request against the same schema.
 */
import fc from 'fast-check';
import type { JsonSchema } from './spec.ts';
import { anyShortString, Cat, Deep, HOSTILE_STRINGS, Many, MESSAGE_WORDS, objectOf, Raw, Ref, Repeat, type RefKind } from './values.ts';

/**
 * Which identifier a field of that name holds, with weights: mostly the buyer's own, so
 * requests get past the access checks; now and then another buyer's, an unknown or a new one.
 */
const REF_OF_FIELD: Record<string, Array<[RefKind, number]>> = {
  tenant_id: [['tenant', 12], ['otherTenant', 1], ['unknownTenant', 1]],
  resourceId: [['resourceId', 12], ['otherResourceId', 1], ['fresh', 1]],
  user_id: [['resourceId', 12], ['otherResourceId', 1]],
  // A new thread starts a dialog; another buyer's must not open theirs.
  threadId: [['threadId', 8], ['fresh', 1], ['otherThreadId', 1]],
  dialog_id: [['threadId', 12], ['otherThreadId', 1]],
  messageId: [['assistantMessageId', 8], ['userMessageId', 1]],
  through_message_id: [['assistantMessageId', 3], ['userMessageId', 1]],
  share_token: [['shareToken', 1]],
  cursor: [['cursor', 1]],
  signed: [['signed', 1]],
  // A message's client id: a new one (a new turn) or one already used (a retry or a conflict).
  id: [['fresh', 3], ['clientMessageId', 1]],
};

/** Free text fields: sentences of catalogue and hostile words. */
const TEXT_FIELDS = new Set(['content', 'text']);

/** Fields whose schema admits anything: page data. */
const FREE_FORM_FIELDS = new Set(['data']);

/** Values for fields the schemas leave open but the pipeline reads closely. */
const KNOWN_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  type: fc.constantFrom('HOMEPAGE', 'PRODUCT', 'CART', 'CATEGORY', 'SEARCH', 'OTHER', 'product', 'constructor', '__proto__'),
  lng: fc.constantFrom('ru', 'en', 'msk', '__proto__', 'toString'),
  location: fc.constantFrom('https://shop.example/p/101001', '/cart', 'javascript:alert(1)'),
  storeId: fc.constantFrom('store-1', 'constructor', '__proto__'),
  mediaType: fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/gif', 'IMAGE/PNG', 'image/png; charset=utf-8', 'text/html', 'image/svg+xml'),
  // Image URLs never leave the machine: the fuzz app's fetcher refuses every address (see world.ts).
  url: fc.constantFrom(
    'https://images.example/cat.png',
    'http://images.example/cat.png',
    'https://127.0.0.1/a.png',
    'https://[::1]/a.png',
    'https://user:pw@images.example/a.png',
    'https://169.254.169.254/latest/meta-data/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://',
    'not a url',
  ),
};

export interface ImageSamples {
  /** Valid Base64 images (PNG, JPEG, WebP) and their media types. */
  valid: Array<{ mediaType: string; data: string }>;
}

export interface SchemaArbOptions {
  images: ImageSamples;
  /** False: only values the schema admits (hostile ones among them), so the request reaches the handler. */
  mutate: boolean;
  /** True: identifiers are the buyer's own nearly always and free text is words (a request that should succeed). */
  coherent: boolean;
}

/** Fast-check weights: how often a field gets a value its schema refuses. */
const VALID_WEIGHT = 14;
const INVALID_WEIGHT = 1;

/** Valid values, or (when mutating) mostly valid values with now and then an invalid one. */
function mix(options: SchemaArbOptions, valid: fc.Arbitrary<unknown>, invalid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  // Cross-shrinking lets a counterexample shrink from an invalid value to a valid one when that fails too.
  return options.mutate ? fc.oneof({ withCrossShrink: true }, { weight: VALID_WEIGHT, arbitrary: valid }, { weight: INVALID_WEIGHT, arbitrary: invalid }) : valid;
}

const typeOf = (schema: JsonSchema): string | undefined => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

/** A value of the wrong JSON type for `schema`. */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  const all: Array<[string, fc.Arbitrary<unknown>]> = [
    ['string', fc.constantFrom('1', 'true', '', '\u0000')],
    ['integer', fc.constantFrom(0, -1, 1.5, 2 ** 53 + 2)],
    ['number', fc.constantFrom(0, 1e308)],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.constantFrom([], ['x'], [1, 2])],
    ['object', fc.constantFrom({}, { a: 1 }, objectOf([['__proto__', { polluted: 1 }]]))],
  ];
  return fc.oneof(...all.filter(([t]) => t !== type && !(t === 'number' && type === 'integer')).map(([, a]) => a));
}

function refArb(field: string, coherent: boolean): fc.Arbitrary<unknown> | null {
  const kinds = REF_OF_FIELD[field];
  if (!kinds) {
    return null;
  }
  const choices = coherent ? kinds.filter(([kind]) => kind !== 'otherTenant' && kind !== 'unknownTenant' && !kind.startsWith('other')) : kinds;
  const kind = fc.oneof(...choices.map(([k, weight]) => ({ weight, arbitrary: fc.constant(k) })));
  // Coherent references all name the plan's dialog (pick 0); others any dialog.
  return fc.record({ kind, pick: coherent ? fc.constant(0) : fc.nat({ max: 7 }) }).map(({ kind: k, pick }) => new Ref(k, pick));
}

function sentence(maxLength: number): fc.Arbitrary<unknown> {
  return fc.array(fc.constantFrom(...MESSAGE_WORDS), { minLength: 1, maxLength: 8 }).map((words) => words.join(' ').slice(0, maxLength));
}

function stringArb(schema: JsonSchema, field: string, options: SchemaArbOptions): fc.Arbitrary<unknown> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 10_000;
  // Coherent requests still carry a hostile value now and then, but mostly what a client sends.
  const rare = options.coherent ? 1 : 2;
  const usual = options.coherent ? 24 : 8;
  const valid: Array<fc.WeightedArbitrary<unknown>> = [
    { weight: rare, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: rare, arbitrary: anyShortString(Math.min(max, 24)) },
    // At the limits: exactly min and max characters (words, not one long word: see the brief on stalls).
    { weight: 1, arbitrary: fc.constantFrom(new Repeat('x', Math.max(min, 1)), max <= 600 ? new Repeat('x', max) : new Repeat('ab ', Math.floor(max / 3))) },
  ];
  const ref = refArb(field, options.coherent);
  if (ref) {
    valid.push({ weight: usual, arbitrary: ref });
    valid.push({ weight: 1, arbitrary: fc.tuple(ref, fc.constantFrom(...HOSTILE_STRINGS)).map(([r, h]) => new Cat([r, h])) });
  }
  if (TEXT_FIELDS.has(field)) {
    valid.push({ weight: usual, arbitrary: sentence(max) });
  }
  const known = KNOWN_VALUES[field];
  if (known) {
    valid.push({ weight: usual, arbitrary: known });
  }
  const invalid: Array<fc.Arbitrary<unknown>> = [wrongType(schema)];
  if (schema.maxLength !== undefined) {
    invalid.push(fc.constant(max <= 600 ? new Repeat('x', max + 1) : new Repeat('ab ', Math.floor(max / 3) + 1)));
  }
  if (min > 0) {
    invalid.push(fc.constant(''));
  }
  return mix(options, fc.oneof(...valid), fc.oneof(...invalid));
}

function integerArb(schema: JsonSchema, options: SchemaArbOptions): fc.Arbitrary<unknown> {
  const min = schema.minimum ?? -(2 ** 31);
  const max = schema.maximum ?? 2 ** 31;
  const valid = fc.oneof(fc.integer({ min, max: Math.min(max, min + 5) }), fc.constantFrom(min, max), fc.integer({ min, max }));
  const invalid = fc.oneof(
    fc.constantFrom(min - 1, max + 1, 1.5, -0.5, 2 ** 53 + 2, String(min)),
    fc.constantFrom(new Raw('1e999'), new Raw('-0'), new Raw('123456789012345678901234567890'), new Raw('1.0')),
    wrongType(schema),
  );
  return mix(options, valid, invalid);
}

/** Anything at all: where the schema admits any JSON (page data). */
function freeForm(options: SchemaArbOptions): fc.Arbitrary<unknown> {
  // A `__proto__` key is refused by the JSON parser itself: only in mutated requests, so clean ones reach the handler.
  const keys = ['sku', 'skus', 'query', 'category', 'constructor', 'toString', 'a', ...(options.mutate ? ['__proto__'] : [])];
  const leaf = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.integer(), fc.boolean(), fc.constant(null), fc.constantFrom(new Ref('sku'), new Ref('sku', 1)));
  const small = fc.letrec<{ v: unknown }>((tie) => ({
    v: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('v'), { maxLength: 4 }),
      fc.array(fc.tuple(fc.constantFrom(...keys), tie('v')), { maxLength: 4 }).map(objectOf),
    ),
  })).v;
  return fc.oneof(
    { weight: 6, arbitrary: small },
    { weight: 3, arbitrary: fc.array(fc.constantFrom(new Ref('sku'), new Ref('sku', 1), new Ref('sku', 2)), { minLength: 1, maxLength: 3 }) },
    // Nesting far beyond anything a page sends: a recursive walk would overflow the stack.
    { weight: 1, arbitrary: fc.record({ depth: fc.constantFrom(10_000, 1_000, 100), shape: fc.constantFrom('array' as const, 'object' as const) }).map((d) => new Deep(d.depth, d.shape, 1)) },
    // Huge arrays within the 1 MiB body limit.
    { weight: 1, arbitrary: fc.record({ count: fc.constantFrom(50_000, 200_000), item: fc.constantFrom(0, 'x', new Ref('sku')) }).map((m) => new Many(m.count, m.item)) },
    // Many distinct long-ish words (page data is tokenised): long, but far from what stalls.
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 200 }).map((n) => new Repeat('абвгд ', n)) },
  );
}

function arrayArb(schema: JsonSchema, field: string, options: SchemaArbOptions): fc.Arbitrary<unknown> {
  const min = schema.minItems ?? 0;
  const max = schema.maxItems ?? 5;
  const item = schema.items ? schemaArb(schema.items, field, options) : freeForm(options);
  const valid = fc.array(item, { minLength: min, maxLength: Math.min(max, min + 2) });
  const invalid: Array<fc.Arbitrary<unknown>> = [wrongType(schema)];
  if (schema.maxItems !== undefined) {
    invalid.push(fc.array(item, { minLength: max + 1, maxLength: max + 1 }));
    invalid.push(fc.constant(new Many(100_000, 0)));
  }
  if (min > 0) {
    invalid.push(fc.constant([]));
  }
  return mix(options, valid, fc.oneof(...invalid));
}

const EXTRA_KEYS = ['__proto__', 'constructor', 'toString', 'tenantId', 'tenant_id', 'resourceId', 'threadId', 'messages', 'extra', 'a\u0000'];

function objectArb(schema: JsonSchema, options: SchemaArbOptions): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, sub] of Object.entries(properties)) {
    model[name] = schemaArb(sub, name, options);
  }
  const base = fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
  const requiredList = [...required];
  // Mutations of the object itself: a required field dropped, a field outside the schema added.
  const mutation = fc.oneof(
    { withCrossShrink: true },
    { weight: 12, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.record({ drop: fc.nat({ max: Math.max(0, requiredList.length - 1) }) }) },
    { weight: 1, arbitrary: fc.record({ key: fc.constantFrom(...EXTRA_KEYS), value: fc.oneof(fc.constantFrom(1, 'x', null), fc.constantFrom({ polluted: true })) }) },
  );
  return fc.tuple(base, options.mutate ? mutation : fc.constant(null)).map(([value, m]) => {
    const entries = Object.entries(value as Record<string, unknown>);
    if (m && 'drop' in m && requiredList.length > 0) {
      const name = requiredList[m.drop];
      return objectOf(entries.filter(([k]) => k !== name));
    }
    if (m && 'key' in m) {
      return objectOf([...entries.filter(([k]) => k !== m.key), [m.key, m.value]]);
    }
    return objectOf(entries);
  });
}

/** Image parts: a real small image most of the time, so requests reach the decoder. */
function imageSourceArb(options: SchemaArbOptions, generic: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const valid = options.images.valid;
  const base64 = fc.record({
    image: fc.nat({ max: valid.length - 1 }),
    swapType: fc.nat({ max: 6 }),
    damage: fc.constantFrom('none', 'none', 'none', 'truncate', 'prefix', 'space', 'garbage'),
  }).map(({ image, swapType, damage }) => {
    const sample = valid[image]!;
    // One time in seven the media type belongs to another sample: a mismatch the pipeline must refuse.
    const mediaType = swapType === 0 ? valid[(image + 1) % valid.length]!.mediaType : sample.mediaType;
    const data =
      damage === 'truncate'
        ? sample.data.slice(0, Math.floor(sample.data.length / 2))
        : damage === 'prefix'
          ? `data:${sample.mediaType};base64,${sample.data}`
          : damage === 'space'
            ? `${sample.data.slice(0, 8)} ${sample.data.slice(8)}`
            : damage === 'garbage'
              ? '!!!!'
              : sample.data;
    return objectOf([
      ['type', 'base64'],
      ['mediaType', mediaType],
      ['data', data],
    ]);
  });
  return fc.oneof({ weight: 3, arbitrary: base64 }, { weight: 2, arbitrary: generic });
}

/** A value for `schema` at field `field` (the property name it sits under). */
export function schemaArb(schema: JsonSchema, field: string, options: SchemaArbOptions): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    // A coherent message is mostly plain text; one image at most per message is the contract.
    const first = options.coherent && field === 'content' ? 4 : 1;
    const generic = fc.oneof(...alternatives.map((s, i) => ({ weight: i === 0 ? first : 1, arbitrary: schemaArb(s, field, options) })));
    return field === 'source' ? imageSourceArb(options, generic) : generic;
  }
  if (schema.enum) {
    const invalid = fc.constantFrom(...schema.enum.filter((v) => typeof v === 'string').map((v) => (v as string).toUpperCase()), 'unknown', '\u0000');
    return mix(options, fc.constantFrom(...schema.enum), fc.oneof(invalid, wrongType(schema)));
  }
  if (FREE_FORM_FIELDS.has(field) && schema.type === undefined) {
    return freeForm(options);
  }
  switch (typeOf(schema)) {
    case 'string':
      return stringArb(schema, field, options);
    case 'integer':
    case 'number':
      return integerArb(schema, options);
    case 'boolean':
      return mix(options, fc.boolean(), wrongType(schema));
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArb(schema, field, options);
    case 'object':
      return objectArb(schema, options);
    default:
      return freeForm(options);
  }
}

/** One change to a generated body: a value replaced, a field removed, or a field added, at the `at`-th place. */
export interface Mutation {
  at: number;
  change: 'replace' | 'remove' | 'add';
  key: string;
  value: unknown;
}

/** Values a mutation puts anywhere: hostile strings, wrong types, boundary and huge sizes, deep nesting. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(0, -1, 1.5, 1e308, true, false, null, [], {}, ['x'], { a: 1 }) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom<RefKind>('tenant', 'resourceId', 'threadId', 'assistantMessageId'), fc.constantFrom(...HOSTILE_STRINGS)).map(([k, h]) => new Cat([new Ref(k), h])) },
  { weight: 1, arbitrary: fc.constantFrom(new Repeat('x', 512), new Repeat('x', 513), new Repeat('ab ', 2667), new Repeat('ab ', 2668)) },
  { weight: 1, arbitrary: fc.constantFrom(new Deep(10_000, 'array', 1), new Deep(10_000, 'object', 'x'), new Many(50_000, 0), new Many(20_000, 'constructor')) },
);

export const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat({ max: 63 }),
  change: fc.oneof({ weight: 4, arbitrary: fc.constant('replace' as const) }, { weight: 1, arbitrary: fc.constantFrom('remove' as const, 'add' as const) }),
  key: fc.constantFrom(...EXTRA_KEYS),
  value: hostileValue,
});

const isPlain = (v: unknown): v is Record<string, unknown> | unknown[] => Array.isArray(v) || (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype);

/** A copy of a generated value's plain arrays and objects (symbolic nodes are immutable and shared). */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(copy);
  }
  if (isPlain(value)) {
    return objectOf(Object.entries(value).map(([k, v]) => [k, copy(v)]));
  }
  return value;
}

/** The body with the mutations applied in order (each picks a place among the current ones, modulo their count). */
export function applyMutations(value: unknown, mutations: readonly Mutation[]): unknown {
  const root = { body: copy(value) };
  for (const m of mutations) {
    // Places are the fields and items inside the body (the body itself is replaced by other
    // plans: malformed and absent bodies); fields are added to any object, the body included.
    const places: Array<[Record<string, unknown> | unknown[], string | number]> = [];
    const objects: Array<Record<string, unknown>> = [];
    const walk = (container: Record<string, unknown> | unknown[]) => {
      if (!Array.isArray(container)) {
        objects.push(container);
      }
      for (const [k, v] of Object.entries(container)) {
        places.push([container, Array.isArray(container) ? Number(k) : k]);
        if (isPlain(v)) {
          walk(v);
        }
      }
    };
    if (isPlain(root.body)) {
      walk(root.body);
    }
    if (m.change === 'add') {
      const target = objects[m.at % Math.max(1, objects.length)];
      if (target) {
        Object.defineProperty(target, m.key, { value: copy(m.value), enumerable: true, writable: true, configurable: true });
      }
      continue;
    }
    const place = places[m.at % Math.max(1, places.length)];
    if (!place) {
      continue;
    }
    const [container, key] = place;
    if (m.change === 'replace') {
      // A copy: generated constants are shared between plans, and a later mutation may add to this one.
      Object.defineProperty(container, key, { value: copy(m.value), enumerable: true, writable: true, configurable: true });
    } else if (Array.isArray(container)) {
      container.splice(key as number, 1);
    } else {
      delete container[key as string];
    }
  }
  return root.body;
}
