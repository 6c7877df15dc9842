/**
 * How Aisle's parts record trace spans: a narrow interface that `src/tracing/` implements
 * when the operator turned tracing on, and `NO_SPANS` when it is off (the work just runs).
 * Attributes are fixed names, counts, tenant ids and error codes; never a buyer's words,
 * tokens, cursors, resourceId or threadId.
 */

export type SpanAttributeValue = string | number | boolean | readonly string[];
export type SpanAttributes = Readonly<Record<string, SpanAttributeValue | undefined>>;

/** The span of the work in progress. */
export interface SpanHandle {
  /** Adds what was learned during the work (counts, finish reasons). */
  set(attributes: SpanAttributes): void;
}

/** `client` for a call to another service (the model); `internal` for Aisle's own work. */
export type SpanKindName = 'internal' | 'client';

export interface SpanRecorder {
  /**
   * Runs `work` in a child span of the current one and ends the span when the work (or the
   * promise it returns) settles. An error marks the span failed with its code, never its message.
   */
  span<T>(name: string, attributes: SpanAttributes, work: (span: SpanHandle) => T, kind?: SpanKindName): T;
}

const NO_SPAN: SpanHandle = { set() {} };

/** Tracing off: the work runs, nothing is recorded. */
export const NO_SPANS: SpanRecorder = { span: (_name, _attributes, work) => work(NO_SPAN) };
