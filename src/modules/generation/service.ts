/**
 * Generation (spec 4.5, 2.4, 3.2; design.md §5 "idempotent retry"): the rules of a turn.
 *
 * A turn reads the dialog (404 when hidden or owned by another session), answers debug
 * traffic with the fixed stub (nothing stored), replays a stored answer for a retried
 * message id (409 when the id was used for another request), otherwise runs the image
 * pipeline and the engine, validates the answer (502 when invalid), and stores the user
 * message and the answer in one transaction. Concurrent duplicates of one message id run
 * the engine once (single-flight.ts); turns are answered in arrival order, one starting per
 * event-loop iteration (turn-queue.ts). The steps' other jobs have files of their own: the
 * request checks, the buyer's memory, the presentation of answers, and the `Turn` value.
 */
import { newMessageId } from '../../db/row-ids.ts';
import { AppError, isAppError } from '../../errors.ts';
import type { Clock } from '../../clock.ts';
import type { Config, Tenant } from '../../config/index.ts';
import type { GenerationOutcome, MetricsRecorder, SpanRecorder } from '../../app-context.ts';
import type { AnnouncedChanges } from '../../announcements/announced-changes.ts';
import type { Signer } from '../../security/signer.ts';
import { engineAnswerProblems } from '../../assistant/contract.ts';
import type { AssistantEngine } from '../../assistant/engine.ts';
import type { ImagePipeline } from '../../images/index.ts';
import type { Message, NewMessage } from '../../db/types.ts';
import { ownedBy } from '../dialogs/ownership.ts';
import { dialogTitle, userText } from '../dialogs/stored-content.ts';
import { createTrackingLinks } from '../tracking/index.ts';
import { requestFingerprint } from './fingerprint.ts';
import { createBuyerMemory, engineHistory } from './memory.ts';
import { answerText, debugAnswerText } from './presentation.ts';
import type { GenerationRepository, TurnDialog, TurnLookup } from './repository.ts';
import { checkMessages, pageContext, storedContent } from './request-checks.ts';
import type { GenerateBody } from './schemas.ts';
import { createSingleFlight, type ClaimStore } from './single-flight.ts';
import { createTurnQueue } from './turn-queue.ts';
import { createDebugOpenings } from './debug-openings.ts';
import { claimKeyOf, clientMessageIdOf, dialogKeyOf, dialogKeyText, type Caller, type Turn, type TurnRequest } from './turn.ts';

export type { Caller } from './turn.ts';

/** Dialog keys a debug request was last answered on, kept in memory (debug-openings.ts): at most this many, and characters of them. */
const DEBUG_OPENINGS_KEPT = 10_000;
const DEBUG_OPENINGS_CHARS = 2_000_000;

/** How long an engine call may take before the turn fails. */
const ENGINE_DEADLINE_MS = 120_000;

export interface GenerationDeps {
  config: Config;
  clock: Clock;
  signer: Signer;
  repository: GenerationRepository;
  /** Where message ids are claimed: the repository's claims table, or this process's memory (one instance). */
  claims: ClaimStore;
  images: ImagePipeline;
  engineFor(tenant: Tenant): AssistantEngine;
  metrics: Pick<MetricsRecorder, 'generation' | 'engineTime' | 'turnQueue'>;
  spans: SpanRecorder;
  /** Told of each stored turn (the session's dialog list changed); tells of hidden dialogs. */
  changes: AnnouncedChanges;
}

/** The outcome a failed generation counts as: the error codes operators watch, the rest by status. */
function failureOutcome(err: unknown): GenerationOutcome {
  if (isAppError(err)) {
    if (err.code === 'MESSAGE_ID_CONFLICT') {
      return 'conflict';
    }
    if (err.code === 'ASSISTANT_INVALID_ANSWER') {
      return 'invalid_answer';
    }
    if (err.status < 500) {
      return 'rejected';
    }
  }
  return 'failed';
}

export function createGenerationService(deps: GenerationDeps) {
  const { config, clock, repository } = deps;
  const memory = createBuyerMemory(repository);
  // A waiter gives up a little after the holder's engine deadline.
  const singleFlight = createSingleFlight({ claims: deps.claims, clock, waitMs: ENGINE_DEADLINE_MS + 10_000 });
  const turns = createTurnQueue();
  deps.metrics.turnQueue(() => turns.waiting);
  const debugOpenings = createDebugOpenings({ changes: deps.changes, maxEntries: DEBUG_OPENINGS_KEPT, maxChars: DEBUG_OPENINGS_CHARS });

  /**
   * The caller's dialog (undefined when none exists yet; 404 when hidden or foreign) and the
   * user message already stored under the message id, in one query.
   */
  async function lookup(body: GenerateBody, caller: Caller, clientId: string | null): Promise<TurnLookup> {
    const found = await repository.lookup(dialogKeyOf(body), clientId);
    if (found.dialog && (found.dialog.hidden_at !== null || !ownedBy(found.dialog, caller.sessionId))) {
      throw new AppError('DIALOG_NOT_FOUND');
    }
    return found;
  }

  /** 404 when debug traffic names a hidden or foreign dialog; the dialog is read only when not known to be answerable. */
  async function checkDebugDialog(tenant: Tenant, body: GenerateBody, caller: Caller): Promise<void> {
    const key = dialogKeyText({ tenant, body });
    if (debugOpenings.answerable(caller.sessionId, key)) {
      return;
    }
    const readAt = debugOpenings.epoch;
    await lookup(body, caller, null);
    debugOpenings.remember(caller.sessionId, key, readAt);
  }

  /** The stored answer to a retried message; 409 when the id was used for another request. */
  async function storedAnswer(userMessage: NonNullable<TurnLookup['userMessage']>, fingerprint: string): Promise<Message> {
    if (userMessage.fingerprint !== fingerprint) {
      throw new AppError('MESSAGE_ID_CONFLICT');
    }
    const reply = await repository.findReply(userMessage.id);
    if (!reply) {
      throw new AppError('INTERNAL');
    }
    return reply;
  }

  /** Runs the engine for the turn, stores the turn, and saves what the buyer's memory learned. */
  async function produce(turn: Turn): Promise<string> {
    const { body, tenant, caller, dialog } = turn;
    await turns.next();
    const receivedAt = clock.nowMicros();
    // Derived from the dialog's key, so two requests creating the same dialog at once agree on
    // its id (the tracking links the losing one hands out still name the stored dialog).
    const dialogId = dialog?.id ?? deps.signer.stableId('dialog', dialogKeyText(turn));
    const assistantId = newMessageId();
    const normalised = await Promise.all(turn.images.map(async (img) => ({ index: img.index, image: await deps.images.normalise(img.source) })));
    const last = body.messages[body.messages.length - 1]!;
    const texts = body.messages.map((m) => userText(storedContent(m)));
    const recollection = await memory.recall(tenant, body.resourceId, dialog);
    const lastImage = normalised.find((n) => n.index === body.messages.length - 1)?.image ?? null;

    let result;
    const engineStarted = performance.now();
    try {
      result = await deps.spans.span('engine.answer', { 'aisle.engine.name': tenant.engine.type, 'aisle.tenant.id': tenant.id }, () =>
        deps.engineFor(tenant).answer({
          tenant,
          text: texts.join('\n').trim(),
          image: lastImage ? { jpeg: lastImage.jpeg } : null,
          page: pageContext(body),
          history: engineHistory(recollection),
          preferences: recollection.preferences,
          tracking: createTrackingLinks(deps.signer, config.publicBaseUrl, { tenantId: tenant.id, dialogId, messageId: assistantId }),
          signal: AbortSignal.timeout(ENGINE_DEADLINE_MS),
        }),
      );
    } catch (err) {
      if (isAppError(err)) {
        throw err;
      }
      throw new AppError('ASSISTANT_FAILED', undefined, { cause: err });
    } finally {
      deps.metrics.engineTime(tenant.engine.type, tenant.id, (performance.now() - engineStarted) / 1000);
    }
    const problems = engineAnswerProblems(result.answer);
    if (problems.length > 0) {
      caller.log.warn({ problems, tenant: tenant.id }, 'assistant answer failed validation; nothing stored');
      throw new AppError('ASSISTANT_INVALID_ANSWER');
    }

    const latencyMs = Math.max(0, Math.round(performance.now() - turn.started));
    const answeredAt = Math.max(clock.nowMicros(), receivedAt + body.messages.length);
    const userRows: NewMessage[] = body.messages.map((message, i) => ({
      id: newMessageId(),
      dialog_id: dialogId,
      role: 'user',
      content: JSON.stringify(storedContent(message)),
      created_at: receivedAt + i,
      client_message_id: message === last ? (message.id ?? null) : null,
      fingerprint: message === last ? turn.fingerprint : null,
      reply_to: null,
      traffic_type: body.trafficType ?? null,
      latency_ms: null,
      events: null,
      engine_state: null,
    }));
    const lastUser = userRows[userRows.length - 1]!;
    const assistantRow: NewMessage = {
      id: assistantId,
      dialog_id: dialogId,
      role: 'assistant',
      content: JSON.stringify(result.answer.response),
      created_at: answeredAt,
      client_message_id: null,
      fingerprint: null,
      reply_to: lastUser.id,
      traffic_type: body.trafficType ?? null,
      latency_ms: latencyMs,
      events: JSON.stringify(result.answer.events),
      engine_state: result.state ? JSON.stringify(result.state) : null,
    };
    const storedImage = normalised.find((n) => n.index === body.messages.length - 1) ?? normalised[0];
    try {
      await repository.storeTurn({
        dialog: {
          id: dialogId,
          tenant_id: tenant.id,
          resource_id: body.resourceId,
          thread_id: body.threadId,
          session_id: caller.sessionId,
          title: dialogTitle(texts[0] ?? ''),
          created_at: receivedAt,
        },
        userMessages: userRows,
        image: storedImage
          ? { messageId: userRows[storedImage.index]!.id, jpeg: storedImage.image.jpeg, width: storedImage.image.width, height: storedImage.image.height }
          : null,
        assistant: assistantRow,
        claim: turn.claim,
      });
    } finally {
      // The session's dialog list changes with the turn (a new dialog, a later last message), here and on every instance.
      if (caller.sessionId) {
        await deps.changes.announce('dialogs-changed', caller.sessionId);
      }
    }

    await memory.remember(tenant, body.resourceId, recollection, result.learnedPreferences, answeredAt, caller.log);
    return answerText(config.publicBaseUrl, body, tenant, assistantRow);
  }

  /**
   * Runs a turn with a message id: once, however many identical requests arrive together.
   * `replayed` is set when the answer is one stored before (a retry), not produced here.
   */
  function produceOnce(request: TurnRequest, clientId: string, replayed: { value: boolean }): Promise<string> {
    const { body, tenant, caller, fingerprint } = request;
    return singleFlight.runOnce<string, TurnDialog | undefined>(claimKeyOf(request, clientId), fingerprint, {
      log: caller.log,
      find: async () => {
        const { dialog, userMessage } = await lookup(body, caller, clientId);
        if (!userMessage) {
          return { start: dialog };
        }
        const done = answerText(config.publicBaseUrl, body, tenant, await storedAnswer(userMessage, fingerprint));
        replayed.value = true;
        return { done };
      },
      run: (claim, dialog) => produce({ ...request, dialog, claim }),
    });
  }

  async function generate(tenant: Tenant, body: GenerateBody, caller: Caller, started: number, replayed: { value: boolean }): Promise<string> {
    const images = checkMessages(body.messages);
    const clientId = clientMessageIdOf(body);
    if (body.trafficType === 'debug') {
      await checkDebugDialog(tenant, body, caller);
      return debugAnswerText(config.publicBaseUrl, body);
    }
    const fingerprint = requestFingerprint({ trafficType: body.trafficType ?? null, messages: body.messages, runtimeContext: body.runtimeContext });
    const request: TurnRequest = { body, tenant, caller, images, fingerprint, started };
    if (clientId === undefined) {
      const { dialog } = await lookup(body, caller, null);
      return produce({ ...request, dialog, claim: null });
    }
    return produceOnce(request, clientId, replayed);
  }

  return {
    /** The answer as the JSON text sent (presentation.ts). */
    async generate(body: GenerateBody, caller: Caller): Promise<string> {
      const started = performance.now();
      const tenant = config.tenants.get(body.runtimeContext.tenant_id);
      if (!tenant) {
        // Not counted: the tenant label would be the caller's own text.
        throw new AppError('INVALID_REQUEST', 'runtimeContext.tenant_id is not a known section');
      }
      const replayed = { value: false };
      try {
        const response = await generate(tenant, body, caller, started, replayed);
        deps.metrics.generation(tenant.id, body.trafficType === 'debug' ? 'debug' : replayed.value ? 'retried' : 'answered');
        return response;
      } catch (err) {
        deps.metrics.generation(tenant.id, failureOutcome(err));
        throw err;
      }
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
