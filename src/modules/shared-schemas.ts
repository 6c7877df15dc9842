/**
 * Schema pieces several endpoints share: identifiers and the limits Aisle sets where the
 * spec leaves them open (design.md §5: threadId, message ids and message text lengths), and
 * the one rule for text both databases can store faithfully.
 */
import { Type } from 'typebox';

/**
 * Text both databases store exactly as sent: no U+0000 (PostgreSQL's text cannot hold it) and
 * no unpaired UTF-16 surrogate (neither engine can encode one in UTF-8: SQLite and the
 * PostgreSQL driver replace it with U+FFFD, so two different identifiers would become one).
 * Checked by the schema before any query; Ajv compiles patterns with the `u` flag, under which
 * `\uD800-\uDFFF` matches only a surrogate that is not half of a pair.
 */
export const STORABLE_TEXT_PATTERN = '^[^\\u0000\\uD800-\\uDFFF]*$';

/** Options for a string field that reaches storage or a query: the storable-text rule and its limits. */
export function storableText(options: { minLength?: number; maxLength: number; description?: string }) {
  return Type.String({ ...options, pattern: STORABLE_TEXT_PATTERN });
}

/** Identifiers (`tenant_id`, `resourceId`, `threadId`, message ids): non-empty, at most 512 characters, storable text. */
export const Id = storableText({ minLength: 1, maxLength: 512 });

/** A message's text: at most 8,000 characters. */
export const MESSAGE_TEXT_MAX = 8000;
