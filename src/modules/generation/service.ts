/**
 * Generation (spec 4.5, 2.4, 3.2; design.md §5 "idempotent retry"): the rules of a turn.
 *
 * A turn reads the dialog (404 when hidden or owned by another session), answers debug
 * traffic with the fixed stub (nothing stored), replays a stored answer for a retried
 * message id (409 when the id was used for another request), otherwise runs the image
 * pipeline and the engine, validates the answer (502 when invalid), and stores the user
 * message and the answer in one transaction. Concurrent duplicates of one message id run
 * the engine once: in-process they share one promise, across instances a claim row in the
 * database lets one run while the others wait for its stored answer.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, isAppError } from '../../errors.ts';
import type { Clock } from '../../clock.ts';
import type { Config, Tenant } from '../../config/index.ts';
import type { Signer } from '../../security/signer.ts';
import { engineAnswerProblems, type AssistantResponse, type EngagementEvent } from '../../assistant/contract.ts';
import type { AssistantEngine, BuyerPreferences, EngineTurn, PageContext } from '../../assistant/engine.ts';
import { DEBUG_STUB_LATENCY_MS, DEBUG_STUB_RESPONSE, debugStubEvents } from '../../assistant/debug-stub.ts';
import { PAGE_TYPES, type PageType } from '../../config/tenant.ts';
import type { ImagePipeline, ImageSource } from '../../images/index.ts';
import type { Dialog, Message, NewMessage } from '../../db/types.ts';
import { ownedBy } from '../dialogs/repository.ts';
import { assistantText, dialogTitle, userText, type StoredUserContent } from '../dialogs/stored-content.ts';
import { feedbackLinks } from '../feedback/links.ts';
import { createTrackingLinks } from '../tracking/links.ts';
import { requestFingerprint } from './fingerprint.ts';
import type { GenerationRepository, TurnLookup } from './repository.ts';
import type { GenerateBody, GenerateResponse, UserMessage } from './schemas.ts';

/** Earlier messages the engine sees. */
const HISTORY_FOR_ENGINE = 20;
/** How long an engine call may take before the turn fails. */
const ENGINE_DEADLINE_MS = 120_000;
/** A claim older than this belongs to a request that died; another may take over. */
const STALE_CLAIM_MICROS = 150_000_000;
const CLAIM_POLL_MS = 50;

export interface GenerationDeps {
  config: Config;
  clock: Clock;
  signer: Signer;
  repository: GenerationRepository;
  images: ImagePipeline;
  engineFor(tenant: Tenant): AssistantEngine;
}

export interface Caller {
  sessionId: string | null;
  log: FastifyBaseLogger;
}

interface ImageOfMessage {
  index: number;
  source: ImageSource;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function pageContext(body: GenerateBody): PageContext {
  const ctx = body.runtimeContext.ctx;
  const type = (PAGE_TYPES as readonly string[]).includes(ctx?.type ?? '') ? (ctx!.type as PageType) : 'OTHER';
  return {
    type,
    data: ctx?.data,
    lng: ctx?.lng ?? null,
    location: ctx?.location ?? null,
    ...(ctx?.attributes?.storeId ? { storeId: ctx.attributes.storeId } : {}),
  };
}

/** Checks what the schema cannot say: one image per message at most, and something to answer. */
function checkMessages(messages: UserMessage[]): ImageOfMessage[] {
  const images: ImageOfMessage[] = [];
  messages.forEach((message, index) => {
    if (typeof message.content === 'string') {
      if (message.content.trim() === '') {
        throw new AppError('INVALID_REQUEST', `body/messages/${index}/content is empty`);
      }
      return;
    }
    const imageParts = message.content.filter((p) => p.type === 'image');
    if (imageParts.length > 1) {
      throw new AppError('INVALID_REQUEST', `body/messages/${index}/content has more than one image part`);
    }
    const hasText = message.content.some((p) => p.type === 'text' && p.text.trim() !== '');
    if (!hasText && imageParts.length === 0) {
      throw new AppError('INVALID_REQUEST', `body/messages/${index}/content has neither text nor an image`);
    }
    if (imageParts[0]) {
      images.push({ index, source: imageParts[0].source as ImageSource });
    }
  });
  return images;
}

/** Content as stored: images replaced by a marker (the JPEG goes to its own table). */
function storedContent(message: UserMessage): StoredUserContent {
  if (typeof message.content === 'string') {
    return message.content;
  }
  return message.content.map((p) => (p.type === 'image' ? { type: 'image' as const, stored: true as const } : p));
}

function toEngineTurns(rows: Array<Pick<Message, 'role' | 'content' | 'engine_state'>>): EngineTurn[] {
  return rows.map((row) => {
    if (row.role === 'user') {
      return { role: 'user', text: userText(JSON.parse(row.content) as StoredUserContent) };
    }
    const response = JSON.parse(row.content) as AssistantResponse;
    return {
      role: 'assistant',
      text: assistantText(response),
      response,
      state: row.engine_state ? (JSON.parse(row.engine_state) as Record<string, unknown>) : null,
    };
  });
}

/**
 * Merges what a turn learned into the saved preferences: lists keep the newest first (at
 * most 10), values are replaced, and a new budget bound drops a saved opposite bound that
 * contradicts it (a new "up to 20,000" replaces an old "from 30,000").
 */
export function mergePreferences(saved: BuyerPreferences | null, learned: BuyerPreferences): BuyerPreferences {
  const merged: BuyerPreferences = { ...(saved ?? {}) };
  for (const [key, value] of Object.entries(learned) as Array<[keyof BuyerPreferences, unknown]>) {
    if (value === undefined || value === null) {
      continue;
    }
    if (Array.isArray(value)) {
      const before = (merged[key] as string[] | undefined) ?? [];
      (merged as Record<string, unknown>)[key] = [...new Set([...value, ...before])].slice(0, 10);
    } else {
      (merged as Record<string, unknown>)[key] = value;
    }
  }
  if (merged.budgetMin !== undefined && merged.budgetMax !== undefined && merged.budgetMin > merged.budgetMax) {
    if (learned.budgetMax !== undefined) {
      delete merged.budgetMin;
    } else {
      delete merged.budgetMax;
    }
  }
  return merged;
}

export function createGenerationService(deps: GenerationDeps) {
  const { config, clock, repository } = deps;
  const inFlight = new Map<string, Promise<unknown>>();

  function answerOf(body: GenerateBody, tenant: Tenant, row: Message): GenerateResponse {
    const events = row.events ? (JSON.parse(row.events) as EngagementEvent[]) : [];
    return {
      threadId: body.threadId,
      resourceId: body.resourceId,
      assistantMessageId: row.id,
      messageFormat: tenant.messageFormat,
      response: JSON.parse(row.content) as AssistantResponse,
      responseLatencyMs: row.latency_ms ?? 0,
      events: [
        ...events,
        ...feedbackLinks(config.publicBaseUrl, {
          tenantId: tenant.id,
          resourceId: body.resourceId,
          threadId: body.threadId,
          messageId: row.id,
        }),
      ],
    };
  }

  function debugAnswer(body: GenerateBody): GenerateResponse {
    return {
      threadId: body.threadId,
      resourceId: body.resourceId,
      // Frozen and never changed: serialised as is.
      response: DEBUG_STUB_RESPONSE,
      responseLatencyMs: DEBUG_STUB_LATENCY_MS,
      events: debugStubEvents(config.publicBaseUrl),
    };
  }

  /**
   * The caller's dialog (undefined when none exists yet; 404 when hidden or foreign) and the
   * user message already stored under the message id, in one query.
   */
  async function lookup(body: GenerateBody, caller: Caller, clientId: string | null): Promise<TurnLookup> {
    const found = await repository.lookup({ tenantId: body.runtimeContext.tenant_id, resourceId: body.resourceId, threadId: body.threadId }, clientId);
    if (found.dialog && (found.dialog.hidden_at !== null || !ownedBy(found.dialog, caller.sessionId))) {
      throw new AppError('DIALOG_NOT_FOUND');
    }
    return found;
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

  async function produce(
    body: GenerateBody,
    tenant: Tenant,
    caller: Caller,
    dialog: Dialog | undefined,
    images: ImageOfMessage[],
    fingerprint: string,
    claim: { dialogKey: string; clientMessageId: string } | null,
    started: number,
  ): Promise<GenerateResponse> {
    const receivedAt = clock.nowMicros();
    // Derived from the dialog's key, so two requests creating the same dialog at once agree on
    // its id (the tracking links the losing one hands out still name the stored dialog).
    const dialogId = dialog?.id ?? deps.signer.stableId('dialog', `${tenant.id}\0${body.resourceId}\0${body.threadId}`);
    const assistantId = randomUUID();
    const normalised = await Promise.all(images.map(async (img) => ({ index: img.index, image: await deps.images.normalise(img.source) })));
    const last = body.messages[body.messages.length - 1]!;
    const texts = body.messages.map((m) => userText(storedContent(m)));
    const [history, preferences] = await Promise.all([
      dialog ? repository.recentMessages(dialog.id, HISTORY_FOR_ENGINE) : Promise.resolve([]),
      tenant.memory ? repository.loadPreferences(tenant.id, body.resourceId) : Promise.resolve(null),
    ]);
    const lastImage = normalised.find((n) => n.index === body.messages.length - 1)?.image ?? null;

    let result;
    try {
      result = await deps.engineFor(tenant).answer({
        tenant,
        text: texts.join('\n').trim(),
        image: lastImage ? { jpeg: lastImage.jpeg } : null,
        page: pageContext(body),
        history: toEngineTurns(history),
        preferences: preferences as BuyerPreferences | null,
        tracking: createTrackingLinks(deps.signer, config.publicBaseUrl, { tenantId: tenant.id, dialogId, messageId: assistantId }),
        signal: AbortSignal.timeout(ENGINE_DEADLINE_MS),
      });
    } catch (err) {
      if (isAppError(err)) {
        throw err;
      }
      throw new AppError('ASSISTANT_FAILED', undefined, { cause: err });
    }
    const problems = engineAnswerProblems(result.answer);
    if (problems.length > 0) {
      caller.log.warn({ problems, tenant: tenant.id }, 'assistant answer failed validation; nothing stored');
      throw new AppError('ASSISTANT_INVALID_ANSWER');
    }

    const latencyMs = Math.max(0, Math.round(performance.now() - started));
    const answeredAt = Math.max(clock.nowMicros(), receivedAt + body.messages.length);
    const userRows: NewMessage[] = body.messages.map((message, i) => ({
      id: randomUUID(),
      dialog_id: dialogId,
      role: 'user',
      content: JSON.stringify(storedContent(message)),
      created_at: receivedAt + i,
      client_message_id: message === last ? (message.id ?? null) : null,
      fingerprint: message === last ? fingerprint : null,
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
      claim,
    });

    if (tenant.memory && result.learnedPreferences) {
      try {
        await repository.savePreferences(tenant.id, body.resourceId, { ...mergePreferences(preferences as BuyerPreferences | null, result.learnedPreferences) }, answeredAt);
      } catch (err) {
        // The answer is stored; losing one preference update is not worth failing the turn.
        caller.log.warn({ err }, 'saving buyer preferences failed');
      }
    }
    return answerOf(body, tenant, { ...(assistantRow as Message) });
  }

  /** Runs a turn with a message id: once, however many identical requests arrive together. */
  async function produceOnce(
    body: GenerateBody,
    tenant: Tenant,
    caller: Caller,
    images: ImageOfMessage[],
    fingerprint: string,
    clientId: string,
    started: number,
  ): Promise<GenerateResponse> {
    const dialogKey = createHash('sha256').update(`${tenant.id}\0${body.resourceId}\0${body.threadId}`).digest('hex');
    const flightKey = `${dialogKey}:${clientId}`;
    const deadline = Date.now() + ENGINE_DEADLINE_MS + 10_000;
    for (;;) {
      const running = inFlight.get(flightKey);
      if (running) {
        await running.catch(() => undefined);
      }
      const { dialog, userMessage } = await lookup(body, caller, clientId);
      if (userMessage) {
        return answerOf(body, tenant, await storedAnswer(userMessage, fingerprint));
      }
      if (await repository.tryClaim(dialogKey, clientId, fingerprint, clock.nowMicros())) {
        const work = produce(body, tenant, caller, dialog, images, fingerprint, { dialogKey, clientMessageId: clientId }, started);
        inFlight.set(flightKey, work);
        try {
          return await work;
        } catch (err) {
          await repository.releaseClaim(dialogKey, clientId).catch((releaseErr: unknown) => caller.log.warn({ err: releaseErr }, 'releasing a generation claim failed'));
          throw err;
        } finally {
          inFlight.delete(flightKey);
        }
      }
      // Another request (here or on another instance) holds the claim.
      const claim = await repository.readClaim(dialogKey, clientId);
      if (claim && claim.fingerprint !== fingerprint) {
        throw new AppError('MESSAGE_ID_CONFLICT');
      }
      if (claim && clock.nowMicros() - claim.claimed_at > STALE_CLAIM_MICROS) {
        await repository.releaseClaim(dialogKey, clientId, clock.nowMicros() - STALE_CLAIM_MICROS);
        continue;
      }
      if (Date.now() > deadline) {
        throw new AppError('ASSISTANT_FAILED');
      }
      await sleep(CLAIM_POLL_MS);
    }
  }

  return {
    async generate(body: GenerateBody, caller: Caller): Promise<GenerateResponse> {
      const started = performance.now();
      const tenant = config.tenants.get(body.runtimeContext.tenant_id);
      if (!tenant) {
        throw new AppError('INVALID_REQUEST', 'runtimeContext.tenant_id is not a known section');
      }
      const images = checkMessages(body.messages);
      const clientId = body.messages[body.messages.length - 1]!.id;
      if (body.trafficType === 'debug') {
        await lookup(body, caller, null);
        return debugAnswer(body);
      }
      const fingerprint = requestFingerprint({ trafficType: body.trafficType ?? null, messages: body.messages, runtimeContext: body.runtimeContext });
      if (clientId === undefined) {
        const { dialog } = await lookup(body, caller, null);
        return produce(body, tenant, caller, dialog, images, fingerprint, null, started);
      }
      return produceOnce(body, tenant, caller, images, fingerprint, clientId, started);
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
