/**
 * A turn: one checked generation request and what the service learned about it, carried as
 * one value through the steps of the service (instead of eight positional parameters).
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Tenant } from '../../config/index.ts';
import type { DialogKey } from '../dialogs/repository.ts';
import type { ImageOfMessage } from './request-checks.ts';
import type { ClaimKey, TurnDialog } from './repository.ts';
import type { GenerateBody } from './schemas.ts';

/** Who asks, as the access plugin established it. */
export interface Caller {
  sessionId: string | null;
  log: FastifyBaseLogger;
}

/** A request that passed the checks and names a configured section. */
export interface TurnRequest {
  body: GenerateBody;
  tenant: Tenant;
  caller: Caller;
  /** The image parts of the messages, found by the checks. */
  images: ImageOfMessage[];
  /** The request's fingerprint: a retry of its message id must carry the same. */
  fingerprint: string;
  /** `performance.now()` when the request arrived: the answer's latency counts from it. */
  started: number;
}

/** A request about to run: its dialog as read (undefined when the turn creates it) and the claim it holds. */
export interface Turn extends TurnRequest {
  dialog: TurnDialog | undefined;
  /** The claim to mark done with the stored turn; null for a request without a message id. */
  claim: ClaimKey | null;
}

export function dialogKeyOf(body: GenerateBody): DialogKey {
  return { tenantId: body.runtimeContext.tenant_id, resourceId: body.resourceId, threadId: body.threadId };
}

/** The dialog's key as one text: the seed of its stable id and of its claims' key. */
export function dialogKeyText(request: Pick<TurnRequest, 'tenant' | 'body'>): string {
  return `${request.tenant.id}\0${request.body.resourceId}\0${request.body.threadId}`;
}

/** The message id of the request's last message, the one a retry repeats. */
export function clientMessageIdOf(body: GenerateBody): string | undefined {
  return body.messages[body.messages.length - 1]!.id;
}

/** The single-flight claim of a message id of the turn's dialog. */
export function claimKeyOf(request: TurnRequest, clientMessageId: string): ClaimKey {
  return { dialogKey: createHash('sha256').update(dialogKeyText(request)).digest('hex'), clientMessageId };
}
