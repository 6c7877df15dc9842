/**
 * Schema pieces several endpoints share: identifiers and the limits Aisle sets where the
 * spec leaves them open (design.md §5: threadId, message ids and message text lengths).
 */
import { Type } from 'typebox';

/** Identifiers (`tenant_id`, `resourceId`, `threadId`, message ids): non-empty, at most 512 characters. */
export const Id = Type.String({ minLength: 1, maxLength: 512 });

/** A message's text: at most 8,000 characters. */
export const MESSAGE_TEXT_MAX = 8000;
