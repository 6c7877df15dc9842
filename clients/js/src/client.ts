/**
 * `createAisleClient`: one method per endpoint of the contract, with the client-side rules
 * of spec parts 3, 4, 5 and 7 kept here so an integrator does not have to know them:
 * the guest token is registered once, kept in a token store and sent only as a Bearer header;
 * a message's id is fixed when the message is made and reused by an explicit retry; nothing
 * is retried automatically; a refused token ends the session instead of a silent
 * re-registration; a share link that does not open is one "unavailable" result.
 */
import { AisleError, sessionEndedError } from './errors.ts';
import { randomId } from './ids.ts';
import { memoryTokenStore, tokenKey, type TokenStore } from './token-store.ts';
import { defaultFetch, exchange, normaliseBaseUrl, type Exchange, type FetchLike } from './transport.ts';
import type {
  AssistantHistoryItem,
  CreateShareRequest,
  DialogList,
  DialogListItem,
  Feedback,
  GenerateRequest,
  GenerateResponse,
  GuestSession,
  HistoryItem,
  HistoryRequest,
  HistoryResponse,
  MessageContent,
  PageContext,
  PutFeedbackRequest,
  Reaction,
  RevokeShareRequest,
  ShareCreated,
  SharedSnapshot,
  StarterPrompts,
  StarterPromptsContext,
  TrafficType,
} from './types.ts';

export interface AisleClientOptions {
  /** Aisle's base address, e.g. `https://assistant.shop.example` (paths are appended to it). */
  baseUrl: string;
  /** The section (tenant) id. */
  tenantId: string;
  /** The buyer's stable id (spec part 1: `user.uid`, or a generated id kept for an anonymous buyer). */
  resourceId: string;
  /**
   * `guest` (default): a guest session is registered on first need and its token sent with every
   * call that takes it. `none`: an integration from before guest tokens (spec 5 item 6), no token.
   */
  auth?: 'guest' | 'none';
  /** Where the token is kept; default in memory (lost on reload). See `localStorageTokenStore`. */
  tokenStore?: TokenStore;
  fetch?: FetchLike;
  /**
   * Called once when this resource's guest session can no longer be used: its token was refused
   * (`401 INVALID_GUEST_TOKEN`: expired or revoked sessions are not resumed) or the resource is
   * registered but this store has no token (`409 RESOURCE_ALREADY_EXISTS`). No token can be had
   * again for this resourceId (spec 3.1): an anonymous buyer needs a new resourceId and client.
   */
  onSessionEnded?: (error: AisleError) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** A user message, made once by `createMessage`: its id and request never change, so a retry is the same request (spec 4.5). */
export interface OutgoingMessage {
  readonly id: string;
  readonly threadId: string;
  readonly request: Readonly<GenerateRequest>;
}

export interface CreateMessageInput {
  threadId: string;
  content: MessageContent;
  /** The current page (spec 2.3). An empty `attributes.storeId` is left out, as the spec asks. */
  ctx?: PageContext | null;
  trafficType?: TrafficType;
  /** An id kept from before (e.g. a message saved before a page reload); default: a new random id. */
  id?: string;
}

/** A public link that opens, or the one state for every link that does not (spec part 7). */
export type SharedDialogResult = { available: true; snapshot: SharedSnapshot } | { available: false };

export interface AisleClient {
  readonly tenantId: string;
  readonly resourceId: string;

  /** A new dialog id (the dialog itself is created by its first message, spec 3.2). */
  newThreadId(): string;
  /** Makes a user message with its id fixed from now on. Nothing is sent. */
  createMessage(input: CreateMessageInput): OutgoingMessage;
  /** `POST /shopping/generate`. Never retried automatically; after a network error call `retry(message)`. */
  generate(message: OutgoingMessage, options?: CallOptions): Promise<GenerateResponse>;
  /** Sends the same message again (same id and request): the stored answer comes back if there is one. */
  retry(message: OutgoingMessage, options?: CallOptions): Promise<GenerateResponse>;

  /** `POST /shopping/guest-sessions`: registers and stores the token. Normally implicit. */
  registerGuestSession(options?: CallOptions): Promise<GuestSession>;
  /** Whether a token for this section and resource is in the store. */
  hasGuestSession(): Promise<boolean>;
  /** `POST /shopping/guest-sessions/revoke`; the token is removed from the store. No-op without a token. */
  revokeGuestSession(options?: CallOptions): Promise<void>;

  /** `POST /shopping/history`: one page, oldest first. */
  history(input: { threadId: string; page?: number; limit?: number }, options?: CallOptions): Promise<HistoryResponse>;
  /** Every history item of a dialog, page after page. */
  iterateHistory(threadId: string, options?: CallOptions & { limit?: number }): AsyncGenerator<HistoryItem>;
  /** `GET /shopping/dialogs`: one page, most recently active first. */
  listDialogs(input?: { limit?: number; cursor?: string }, options?: CallOptions): Promise<DialogList>;
  /** Every dialog of the session, following `nextCursor`. */
  iterateDialogs(options?: CallOptions & { limit?: number }): AsyncGenerator<DialogListItem>;
  /** `DELETE /shopping/dialogs/{threadId}`: hides the dialog for good. */
  hideDialog(threadId: string, options?: CallOptions): Promise<void>;

  /** `PUT /shopping/feedback`: sets, changes or (with `null`) removes the reaction. */
  putFeedback(input: { threadId: string; messageId: string; reaction: Reaction }, options?: CallOptions): Promise<Feedback>;
  /** `GET /shopping/feedback`: the ready-link form, for integrations without a guest token. */
  getFeedback(input: { threadId: string; messageId: string; reaction: 'like' | 'dislike' }, options?: CallOptions): Promise<Feedback>;
  /**
   * The buyer's reaction to an answer, by PUT (the form a guest integration must use, spec 4.7).
   * An answer without an id (the debug stub) takes no feedback: null, nothing sent.
   */
  react(answer: GenerateResponse | AssistantHistoryItem, reaction: Reaction, options?: CallOptions): Promise<Feedback | null>;

  /** `POST /shopping/starter-prompts`. */
  starterPrompts(ctx?: StarterPromptsContext | null, options?: CallOptions): Promise<StarterPrompts>;

  /** `POST /dialogs/share`: a new snapshot of the dialog up to `throughMessageId` (default: its last message). */
  createShare(input: { threadId: string; throughMessageId?: string }, options?: CallOptions): Promise<ShareCreated>;
  /** `GET /dialogs/shared/{token}`: no token of any kind is sent. */
  readShare(shareToken: string, options?: CallOptions): Promise<SharedDialogResult>;
  /** `POST /dialogs/share/revoke`. */
  revokeShare(input: { threadId: string; shareToken: string }, options?: CallOptions): Promise<void>;
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Web Locks, where the platform has them: two tabs of one buyer must not both register (the second would get 409). */
function withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  return locks ? locks.request(name, work) : work();
}

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) {
      deepFreeze(inner);
    }
  }
  return value;
};

/** Spec 2.3: with no store chosen, `storeId` is left out, never sent empty. */
function cleanContext(ctx: PageContext): PageContext {
  if (ctx.attributes?.storeId === '') {
    const { storeId: _dropped, ...attributes } = ctx.attributes;
    return { ...ctx, attributes };
  }
  return ctx;
}

/** `GET /dialogs/shared/{token}` for pages that have no client (a public share page knows no section or buyer). */
export async function readSharedDialog(input: { baseUrl: string; shareToken: string; fetch?: FetchLike; signal?: AbortSignal }): Promise<SharedDialogResult> {
  const result = await exchange<SharedSnapshot>(input.fetch ?? defaultFetch(), normaliseBaseUrl(input.baseUrl), {
    operation: 'readShare',
    method: 'GET',
    path: `/dialogs/shared/${encodeURIComponent(input.shareToken)}`,
    signal: input.signal,
  });
  if (result.ok) {
    return { available: true, snapshot: result.data };
  }
  if (result.error.status === 404) {
    return { available: false };
  }
  throw result.error;
}

export function createAisleClient(options: AisleClientOptions): AisleClient {
  const { tenantId, resourceId } = options;
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const fetchFn = options.fetch ?? defaultFetch();
  const guest = (options.auth ?? 'guest') === 'guest';
  const store = options.tokenStore ?? memoryTokenStore();
  const key = tokenKey(tenantId, resourceId);
  let ended = false;
  let registering: Promise<string> | null = null;

  const storedToken = async (): Promise<string | null> => (await store.get(key)) || null;

  const endSession = (error: AisleError) => {
    if (ended) {
      return;
    }
    ended = true;
    try {
      options.onSessionEnded?.(error);
    } catch {
      // The caller's handler must not turn the original error into another one.
    }
  };

  async function register(signal: AbortSignal | undefined): Promise<GuestSession> {
    const result = await exchange<GuestSession>(fetchFn, baseUrl, {
      operation: 'registerGuestSession',
      method: 'POST',
      path: '/shopping/guest-sessions',
      body: { tenant_id: tenantId, resourceId },
      signal,
    });
    if (!result.ok) {
      if (result.error.code === 'RESOURCE_ALREADY_EXISTS' && !(await storedToken())) {
        endSession(result.error);
      }
      throw result.error;
    }
    await store.set(key, result.data.accessToken);
    ended = false;
    return result.data;
  }

  /** The token to send: the stored one, or a new registration (one at a time, and once per tab group). */
  async function token(operation: string): Promise<string | null> {
    if (!guest) {
      return null;
    }
    if (ended) {
      throw sessionEndedError(operation);
    }
    const stored = await storedToken();
    if (stored) {
      return stored;
    }
    registering ??= withLock(`aisle.register:${key}`, async () => {
      // Another tab may have registered while this one waited for the lock.
      const again = await storedToken();
      // No caller's signal: the registration serves every call waiting for it.
      return again ?? (await register(undefined)).accessToken;
    }).finally(() => {
      registering = null;
    });
    return registering;
  }

  /** One call of an endpoint; `auth` says whether it takes the guest token. */
  async function call<T>(ex: Omit<Exchange, 'token'>, auth: boolean): Promise<T> {
    const sent = auth ? await token(ex.operation) : null;
    const result = await exchange<T>(fetchFn, baseUrl, { ...ex, token: sent });
    if (result.ok) {
      return result.data;
    }
    const { error } = result;
    // Only this refusal means the token is dead; 403, 404 and 503 do not (spec part 7).
    if (sent && error.status === 401 && error.code === 'INVALID_GUEST_TOKEN') {
      if ((await storedToken()) === sent) {
        await store.delete(key);
      }
      endSession(error);
    }
    throw error;
  }

  async function generate(message: OutgoingMessage, opts: CallOptions = {}): Promise<GenerateResponse> {
    return call<GenerateResponse>({ operation: 'generate', method: 'POST', path: '/shopping/generate', body: message.request, signal: opts.signal }, true);
  }

  async function history(input: { threadId: string; page?: number; limit?: number }, opts: CallOptions = {}): Promise<HistoryResponse> {
    const body: HistoryRequest = { tenant_id: tenantId, resourceId, threadId: input.threadId };
    if (input.page !== undefined) {
      body.page = input.page;
    }
    if (input.limit !== undefined) {
      body.limit = input.limit;
    }
    return call<HistoryResponse>({ operation: 'history', method: 'POST', path: '/shopping/history', body, signal: opts.signal }, true);
  }

  async function listDialogs(input: { limit?: number; cursor?: string } = {}, opts: CallOptions = {}): Promise<DialogList> {
    const query = new URLSearchParams();
    if (input.limit !== undefined) {
      query.set('limit', String(input.limit));
    }
    if (input.cursor !== undefined) {
      query.set('cursor', input.cursor);
    }
    const qs = query.toString();
    return call<DialogList>({ operation: 'listDialogs', method: 'GET', path: `/shopping/dialogs${qs ? `?${qs}` : ''}`, signal: opts.signal }, true);
  }

  async function putFeedback(input: { threadId: string; messageId: string; reaction: Reaction }, opts: CallOptions = {}): Promise<Feedback> {
    const body: PutFeedbackRequest = { tenant_id: tenantId, resourceId, threadId: input.threadId, messageId: input.messageId, reaction: input.reaction };
    return call<Feedback>({ operation: 'putFeedback', method: 'PUT', path: '/shopping/feedback', body, signal: opts.signal }, true);
  }

  return {
    tenantId,
    resourceId,

    newThreadId: randomId,

    createMessage(input) {
      const ctx = input.ctx ? cleanContext(input.ctx) : undefined;
      const id = input.id ?? randomId();
      const request: GenerateRequest = {
        threadId: input.threadId,
        resourceId,
        ...(input.trafficType ? { trafficType: input.trafficType } : {}),
        messages: [{ role: 'user', id, content: input.content }],
        runtimeContext: { tenant_id: tenantId, ...(ctx ? { ctx } : {}) },
      };
      // A copy, frozen: later changes to the caller's objects cannot alter what a retry sends.
      return deepFreeze({ id, threadId: input.threadId, request: JSON.parse(JSON.stringify(request)) as GenerateRequest });
    },

    generate,
    retry: generate,

    async registerGuestSession(opts = {}) {
      return register(opts.signal);
    },

    async hasGuestSession() {
      return (await storedToken()) !== null;
    },

    async revokeGuestSession(opts = {}) {
      const sent = await storedToken();
      if (!sent) {
        return;
      }
      const result = await exchange<void>(fetchFn, baseUrl, {
        operation: 'revokeGuestSession',
        method: 'POST',
        path: '/shopping/guest-sessions/revoke',
        token: sent,
        signal: opts.signal,
      });
      // 401 means the token was already unknown to Aisle: either way it is of no more use.
      if (result.ok || result.error.code === 'INVALID_GUEST_TOKEN') {
        if ((await storedToken()) === sent) {
          await store.delete(key);
        }
        ended = true;
        return;
      }
      throw result.error;
    },

    history,

    async *iterateHistory(threadId, opts = {}) {
      for (let page = 1; ; page++) {
        const res = await history({ threadId, page, ...(opts.limit === undefined ? {} : { limit: opts.limit }) }, opts);
        yield* res.items;
        if (!res.pagination.hasMore || res.items.length === 0) {
          return;
        }
      }
    },

    listDialogs,

    async *iterateDialogs(opts = {}) {
      const seen = new Set<string>();
      let cursor: string | undefined;
      for (;;) {
        const res = await listDialogs({ ...(opts.limit === undefined ? {} : { limit: opts.limit }), ...(cursor === undefined ? {} : { cursor }) }, opts);
        yield* res.items;
        const next = res.pagination.nextCursor;
        // A cursor seen before would loop forever; the server never sends one, but a proxy's cache might.
        if (!res.pagination.hasMore || !next || seen.has(next)) {
          return;
        }
        seen.add(next);
        cursor = next;
      }
    },

    async hideDialog(threadId, opts = {}) {
      await call<void>({ operation: 'hideDialog', method: 'DELETE', path: `/shopping/dialogs/${encodeURIComponent(threadId)}`, signal: opts.signal }, true);
    },

    putFeedback,

    async getFeedback(input, opts = {}) {
      const query = new URLSearchParams({ tenant_id: tenantId, resourceId, threadId: input.threadId, messageId: input.messageId, reaction: input.reaction });
      return call<Feedback>({ operation: 'getFeedback', method: 'GET', path: `/shopping/feedback?${query.toString()}`, signal: opts.signal }, true);
    },

    async react(answer, reaction, opts = {}) {
      const messageId = 'role' in answer ? answer.id : answer.assistantMessageId;
      if (!messageId) {
        return null;
      }
      return putFeedback({ threadId: answer.threadId, messageId, reaction }, opts);
    },

    async starterPrompts(ctx, opts = {}) {
      return call<StarterPrompts>(
        { operation: 'starterPrompts', method: 'POST', path: '/shopping/starter-prompts', body: ctx ? { ctx } : {}, signal: opts.signal },
        true,
      );
    },

    async createShare(input, opts = {}) {
      const body: CreateShareRequest = { user_id: resourceId, dialog_id: input.threadId };
      if (input.throughMessageId !== undefined) {
        body.through_message_id = input.throughMessageId;
      }
      return call<ShareCreated>({ operation: 'createShare', method: 'POST', path: '/dialogs/share', body, signal: opts.signal }, true);
    },

    async readShare(shareToken, opts = {}) {
      return readSharedDialog({ baseUrl, shareToken, fetch: fetchFn, ...(opts.signal ? { signal: opts.signal } : {}) });
    },

    async revokeShare(input, opts = {}) {
      const body: RevokeShareRequest = { user_id: resourceId, dialog_id: input.threadId, share_token: input.shareToken };
      await call<void>({ operation: 'revokeShare', method: 'POST', path: '/dialogs/share/revoke', body, signal: opts.signal }, true);
    },
  };
}
