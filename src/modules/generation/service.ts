/**
 * Generation (spec 4.5, 2.4, 3.2; design.md §5 "idempotent retry"): the rules of a turn.
 *
 * A turn reads the dialog (404 when hidden or owned by another session), answers debug
 * traffic with the fixed stub (nothing stored), replays a stored answer for a retried
 * message id (409 when the id was used for another request), otherwise runs the image
 * pipeline and the engine, validates the answer (502 when invalid), and stores the user
 * message and the answer in one transaction. Concurrent duplicates of one message id run
 * the engine once: in-process they share one promise, across instances a claim row in the
 * database lets one run while the others wait for its stored answer. The claim is a short
 * lease its holder renews while the engine works, so the claim of a holder that died is taken
 * over within a lease; a stored turn keeps its claim (done), so a request that looked for
 * the answer just before it was stored and claims just after finds the claim taken.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, isAppError } from '../../errors.ts';
import { MICROS_PER_DAY, type Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
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
import type { ClaimKey, GenerationRepository, HeldClaim, TurnLookup } from './repository.ts';
import type { GenerateBody, GenerateResponse, UserMessage } from './schemas.ts';

/** Earlier messages the engine sees. */
const HISTORY_FOR_ENGINE = 20;
/** How long an engine call may take before the turn fails. */
const ENGINE_DEADLINE_MS = 120_000;
/**
 * A claim's lease. Its holder renews it while the engine works; when the holder dies, a retry
 * of the same message id takes the claim over at most this long after the last renewal.
 */
export const CLAIM_LEASE_MICROS = 10_000_000;
/** How often a holder renews its lease: it may miss two renewals in a row (a stall, a slow database) and keep it. */
const LEASE_RENEW_MS = 3_000;
/** A waiter polls the claim this often at first, backing off to the longest pause. */
const CLAIM_POLL_MS = 50;
const CLAIM_POLL_MAX_MS = 500;
/**
 * Claims are kept this long after their lease (done claims stop a late duplicate from running
 * the engine again; a day is far beyond any retry), then each instance deletes them about hourly.
 */
const CLAIM_KEPT_MICROS = MICROS_PER_DAY;
const CLAIM_PURGE_EVERY_MICROS = 3_600_000_000;

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
    claim: ClaimKey | null,
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

  /** Renews a held claim's lease until the returned function is called. */
  function keepLease(claim: HeldClaim, log: FastifyBaseLogger): () => void {
    let renewing = false;
    const timer = setInterval(() => {
      // A renewal slower than the period must not pile up behind itself.
      if (renewing) {
        return;
      }
      renewing = true;
      repository
        .renewLease(claim, clock.nowMicros() + CLAIM_LEASE_MICROS)
        .catch((err: unknown) => log.warn({ err }, 'renewing a generation claim failed'))
        .finally(() => {
          renewing = false;
        });
      // A lease found taken over needs nothing here: whichever holder stores first wins, and the
      // other answers with that stored answer (see runHolding).
    }, LEASE_RENEW_MS);
    return () => clearInterval(timer);
  }

  let nextPurge: number | null = null;

  /** Deletes old claims about once an hour, in the background of a turn; the first turn only sets the schedule. */
  function purgeClaimsNowAndThen(now: number, log: FastifyBaseLogger): void {
    if (nextPurge !== null && now < nextPurge) {
      return;
    }
    const first = nextPurge === null;
    nextPurge = now + CLAIM_PURGE_EVERY_MICROS;
    if (!first) {
      repository.purgeClaims(now - CLAIM_KEPT_MICROS).catch((err: unknown) => log.warn({ err }, 'purging old generation claims failed'));
    }
  }

  /**
   * Runs the turn while holding its claim. A unique violation at the store means another
   * request stored this message id first (this holder's lease had run out and was taken over):
   * that stored answer is the answer.
   */
  async function runHolding(
    claim: HeldClaim,
    body: GenerateBody,
    tenant: Tenant,
    caller: Caller,
    dialog: Dialog | undefined,
    images: ImageOfMessage[],
    fingerprint: string,
    started: number,
  ): Promise<GenerateResponse> {
    const stopRenewing = keepLease(claim, caller.log);
    try {
      return await produce(body, tenant, caller, dialog, images, fingerprint, claim, started);
    } catch (err) {
      if (isUniqueViolation(err)) {
        const { userMessage } = await lookup(body, caller, claim.clientMessageId);
        if (userMessage) {
          return answerOf(body, tenant, await storedAnswer(userMessage, fingerprint));
        }
      }
      await repository.releaseClaim(claim).catch((releaseErr: unknown) => caller.log.warn({ err: releaseErr }, 'releasing a generation claim failed'));
      throw err;
    } finally {
      stopRenewing();
    }
  }

  /**
   * Waits while another live request holds the claim. Returns 'done' when its turn is stored,
   * 'open' when the claim may be taken (released after a failure, or its holder's lease ran out).
   */
  async function awaitClaim(claim: ClaimKey, flightKey: string, fingerprint: string, deadline: number): Promise<'done' | 'open'> {
    for (let pause = CLAIM_POLL_MS; ; pause = Math.min(pause * 2, CLAIM_POLL_MAX_MS)) {
      if (inFlight.has(flightKey)) {
        // Held in this process: the caller waits on its promise instead of polling the database.
        return 'open';
      }
      const row = await repository.readClaim(claim);
      if (row && row.fingerprint !== fingerprint) {
        throw new AppError('MESSAGE_ID_CONFLICT');
      }
      if (row && row.done_at !== null) {
        return 'done';
      }
      if (!row || row.lease_until <= clock.nowMicros()) {
        return 'open';
      }
      if (Date.now() > deadline) {
        throw new AppError('ASSISTANT_FAILED');
      }
      await sleep(pause);
    }
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
    let sawDone = false;
    for (;;) {
      const running = inFlight.get(flightKey);
      if (running) {
        await running.catch(() => undefined);
      }
      const { dialog, userMessage } = await lookup(body, caller, clientId);
      if (userMessage) {
        return answerOf(body, tenant, await storedAnswer(userMessage, fingerprint));
      }
      if (sawDone) {
        // The claim says the turn is stored, yet it is not found: never loop on that.
        throw new AppError('INTERNAL');
      }
      const now = clock.nowMicros();
      const claim: HeldClaim = { dialogKey, clientMessageId: clientId, holder: randomUUID() };
      if (await repository.tryClaim(claim, fingerprint, now, now + CLAIM_LEASE_MICROS)) {
        purgeClaimsNowAndThen(now, caller.log);
        const work = runHolding(claim, body, tenant, caller, dialog, images, fingerprint, started);
        inFlight.set(flightKey, work);
        try {
          return await work;
        } finally {
          inFlight.delete(flightKey);
        }
      }
      // Another request (here or on another instance) holds the claim, or has stored the turn.
      sawDone = (await awaitClaim(claim, flightKey, fingerprint, deadline)) === 'done';
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
