/**
 * The values the fuzzer sends, and the JSON text they become.
 *
 * Generated requests hold symbolic nodes rather than large or world-specific values: `Ref`
 * (an identifier of the chosen buyer, resolved when the request is built), `Deep` (10,000
 * levels written as text, never as a recursive object), `Repeat` and `Many` (long strings and
 * huge arrays). A counterexample then prints in a few lines, shrinks structurally, and replays
 * against a freshly built world whose tokens differ but whose buyers are the same.
 */
import fc from 'fast-check';

/** What a `Ref` names: an identifier of the request's buyer (or of another buyer). */
export type RefKind =
  | 'tenant'
  | 'otherTenant'
  | 'unknownTenant'
  | 'resourceId'
  | 'otherResourceId'
  | 'threadId'
  | 'otherThreadId'
  | 'clientMessageId'
  | 'assistantMessageId'
  | 'userMessageId'
  | 'shareToken'
  | 'cursor'
  | 'signed'
  | 'sku'
  | 'fresh';

export class Ref {
  constructor(
    readonly kind: RefKind,
    /** Which of several values of that kind (taken modulo their count). */
    readonly pick: number = 0,
  ) {}
  [fc.toStringMethod](): string {
    return `ref(${this.kind}${this.pick ? `#${this.pick}` : ''})`;
  }
}

/** Strings joined: a valid identifier with hostile text around it. */
export class Cat {
  constructor(readonly parts: unknown[]) {}
  [fc.toStringMethod](): string {
    return `cat(${this.parts.map((p) => fc.stringify(p)).join(', ')})`;
  }
}

export class Repeat {
  constructor(
    readonly unit: string,
    readonly times: number,
  ) {}
  [fc.toStringMethod](): string {
    return `repeat(${fc.stringify(this.unit)}, ${this.times})`;
  }
}

/** `depth` nested arrays or objects around `leaf`, written directly as JSON text. */
export class Deep {
  constructor(
    readonly depth: number,
    readonly shape: 'array' | 'object',
    readonly leaf: unknown,
  ) {}
  [fc.toStringMethod](): string {
    return `deep(${this.depth}, ${this.shape}, ${fc.stringify(this.leaf)})`;
  }
}

/** An array of `count` copies of `item`. */
export class Many {
  constructor(
    readonly count: number,
    readonly item: unknown,
  ) {}
  [fc.toStringMethod](): string {
    return `many(${this.count}, ${fc.stringify(this.item)})`;
  }
}

/** JSON text inserted as is (numbers JavaScript cannot hold: `1e999`, `-0`, 20-digit integers). */
export class Raw {
  constructor(readonly text: string) {}
  [fc.toStringMethod](): string {
    return `raw(${this.text})`;
  }
}

export type Resolver = (ref: Ref) => string;

/** The string a string-like node stands for (a `Ref`, `Cat`, `Repeat` or a plain string). */
export function textOf(value: unknown, resolve: Resolver): string {
  if (typeof value === 'string') {
    return value;
  }
  if (value instanceof Ref) {
    return resolve(value);
  }
  if (value instanceof Cat) {
    return value.parts.map((p) => textOf(p, resolve)).join('');
  }
  if (value instanceof Repeat) {
    return value.unit.repeat(value.times);
  }
  return JSON.stringify(value) ?? '';
}

/** Writes a generated value as JSON text (lone surrogates and U+0000 become `\uXXXX` escapes). */
export function writeJson(value: unknown, resolve: Resolver): string {
  if (value instanceof Ref || value instanceof Cat || value instanceof Repeat) {
    return JSON.stringify(textOf(value, resolve));
  }
  if (value instanceof Raw) {
    return value.text;
  }
  if (value instanceof Deep) {
    const [open, close] = value.shape === 'array' ? ['[', ']'] : ['{"a":', '}'];
    return open.repeat(value.depth) + writeJson(value.leaf, resolve) + close.repeat(value.depth);
  }
  if (value instanceof Many) {
    const item = writeJson(value.item, resolve);
    return `[${new Array<string>(value.count).fill(item).join(',')}]`;
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => writeJson(v, resolve)).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${writeJson(v, resolve)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** An object with the given entries as own properties, `__proto__` included. */
export function objectOf(entries: Array<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) {
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Strings that broke or could break a service: NUL, unpaired surrogates, names of
 * `Object.prototype` members, direction marks, emoji, escapes, SQL and HTML fragments.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDC00',
  'x\uDC00\uD800y',
  '\uD83D',
  '😀',
  '👨‍👩‍👧‍👦',
  '\u202Eevil\u202C',
  '\u200F\u200E',
  '\uFEFF',
  '\u00A0',
  'e\u0301',
  'İ',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
  '%00',
  '%',
  '%ZZ',
  '%ED%A0%80',
  '%2e%2e%2f',
  '../..',
  '/',
  '\\',
  "' OR '1'='1",
  "'; DROP TABLE dialogs; --",
  '%s%s%n',
  '${7*7}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '\r\n',
  '\t',
  'null',
  'NaN',
  '-1',
  '1e308',
  `gst_${'A'.repeat(43)}`,
];

/** Words of buyers' messages: catalogue words the engine understands, and hostile words. */
export const MESSAGE_WORDS: readonly string[] = [
  'смартфон',
  'samsung',
  'наушники',
  'дешевле',
  'до',
  '30000',
  'ноутбук',
  'кофемашина',
  'телевизор',
  'подарок',
  'phone',
  'cheaper',
  'headphones',
  'under',
  '5000',
  'like',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '\u0000',
  '\uD800',
  '😀',
  '\u202E',
  '<b>',
  "'",
  '"',
  '%00',
  '101001',
];

/**
 * Code units of every kind, lone surrogates and control characters included
 * (fast-check's own units never produce a lone surrogate).
 */
export const anyCodeUnit: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u202E', '\n', '"', '\\', '%') },
);

/** A short string of any code units. */
export const anyShortString = (maxLength: number): fc.Arbitrary<string> => fc.string({ unit: anyCodeUnit, maxLength: Math.max(0, maxLength) });
