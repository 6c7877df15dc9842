/**
 * The API reference at `/openapi.json` against the real routes.
 *
 * 1. Every route the app serves is documented: a description, a success answer with an example,
 *    a description for every answer, error statuses with their codes; no "Default Response".
 * 2. Every declared (operation, status) is produced by a real request through the real app, with
 *    a declared code, a body matching the documented schema and the documented headers. A
 *    declared pair without a scenario fails the test, and so does a scenario whose answer the
 *    document does not declare. Statuses that need a broken part get it honestly: tables dropped
 *    under a running app (a data error: 500), PostgreSQL behind a stopped proxy (503), a closed
 *    database (/ready), an engine told to fail or to answer nonsense, an image server that never
 *    answers, small rate limits, a tenant behind an IP allow-list.
 * 3. Every example in the document validates against its own schema.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../helpers/assert.ts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { DIALECTS, skipFor, createUnreliablePostgres } from '../helpers/storage.ts';
import { readSharedData, sharedDataSkip } from '../helpers/shared-data.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import type { DialectName } from '../../src/db/dialect.ts';
import type { AssistantEngine } from '../../src/assistant/engine.ts';
import type { EngineResolver } from '../../src/assistant/engines.ts';
import type { Tenant } from '../../src/config/index.ts';
import { createImagePipeline, createSafeFetcher } from '../../src/images/index.ts';
import { AppError, ERRORS, type ErrorCode } from '../../src/errors.ts';
import { errorResponses } from '../../src/plugins/error-schema.ts';

const image = (name: string) => readSharedData(`images/pillow_testimages/${name}`).toString('base64');
const HOPPER_GIF = image('hopper.gif');
const BROKEN_PNG = image('broken.png');

// ---------------------------------------------------------------------------------------------
// The document

interface Media {
  schema?: Record<string, unknown>;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Response {
  description: string;
  headers?: Record<string, { schema: Record<string, unknown> }>;
  content?: Record<string, Media>;
}
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<Media & { name: string; in: string }>;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Response>;
}
interface Document {
  info: { description?: string };
  components: { securitySchemes: Record<string, { description?: string }> };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function operations(doc: Document): Array<{ key: string; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
}

const ajv = new Ajv({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const compiled = new WeakMap<object, ValidateFunction>();
function validator(schema: Record<string, unknown>): ValidateFunction {
  let v = compiled.get(schema);
  if (!v) {
    v = ajv.compile(schema);
    compiled.set(schema, v);
  }
  return v;
}

/** Every example the document carries, with the schema it must satisfy. */
function examplesOf(doc: Document): Array<{ where: string; schema: Record<string, unknown>; value: unknown }> {
  const found: Array<{ where: string; schema: Record<string, unknown>; value: unknown }> = [];
  const fromSchema = (where: string, schema: unknown) => {
    if (schema === null || typeof schema !== 'object') {
      return;
    }
    const s = schema as Record<string, unknown>;
    if (Array.isArray(s.examples)) {
      s.examples.forEach((value, i) => found.push({ where: `${where} examples[${i}]`, schema: s, value }));
    }
    if ('example' in s) {
      found.push({ where: `${where} example`, schema: s, value: s.example });
    }
    for (const [key, child] of Object.entries(s)) {
      if (key === 'examples' || key === 'example' || key === 'enum' || key === 'required') {
        continue;
      }
      if (Array.isArray(child)) {
        child.forEach((c, i) => fromSchema(`${where}/${key}/${i}`, c));
      } else {
        fromSchema(`${where}/${key}`, child);
      }
    }
  };
  const fromMedia = (where: string, media: Media) => {
    if (!media.schema) {
      return;
    }
    if (media.example !== undefined) {
      found.push({ where: `${where} example`, schema: media.schema, value: media.example });
    }
    for (const [name, ex] of Object.entries(media.examples ?? {})) {
      found.push({ where: `${where} examples.${name}`, schema: media.schema, value: ex.value });
    }
    fromSchema(where, media.schema);
  };
  for (const { key, op } of operations(doc)) {
    for (const p of op.parameters ?? []) {
      fromMedia(`${key} parameter ${p.name}`, p);
    }
    for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
      fromMedia(`${key} request ${type}`, media);
    }
    for (const [status, response] of Object.entries(op.responses)) {
      for (const [type, media] of Object.entries(response.content ?? {})) {
        fromMedia(`${key} ${status} ${type}`, media);
      }
    }
  }
  return found;
}

/** The routes the app serves (`METHOD /path/{param}`), read from Fastify's radix tree: a path is its nodes' labels joined. */
function servedRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) {
      continue;
    }
    const depth = m[1]!.length / 4;
    segments.length = depth;
    segments.push(m[2] === '(empty root node)' ? '' : m[2]!);
    const path = segments.join('').replace(/:([A-Za-z_]+)/g, '{$1}');
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') {
        routes.push(`${method} ${path}`);
      }
    }
  }
  return routes.filter((r) => !r.split(' ')[1]!.startsWith('/docs'));
}

/**
 * Routes served but not documented on their own, each for a stated reason. The wildcard twins
 * answer the same URLs as their documented routes (paths the `:param` route cannot take).
 */
const UNDOCUMENTED: Record<string, string> = {
  'GET /openapi.json': 'the document itself',
  'GET /dialogs/shared/*': 'twin of GET /dialogs/shared/{share_token}',
  'GET /': 'the playground page (HTML), not an API operation',
  'GET /playground.js': "the playground page's script",
  'GET /widget/v1/aisle-chat.js': 'the chat widget script',
  'GET /widget/v1/tenants/{tenant_id}': "the chat widget's display settings of a tenant",
  'GET /s/{share_token}': 'the share page (HTML) buyers open',
  'GET /s/*': 'twin of GET /s/{share_token}',
  'GET /insights': "the shops' insights page (HTML), opened with a shop's insights key",
  'GET /insights/v1/insights.js': "the insights page's script",
  'GET /insights/v1/summary': "the insights page's figures, behind a shop's insights key: Aisle's own page, not the buyers' API (docs/operations.md §7)",
};

// ---------------------------------------------------------------------------------------------
// The apps a scenario can run on

/** Around the real engine: can be told to fail, or to answer something that is not a valid answer. */
function engineProbe() {
  const probe = {
    failNext: 0,
    invalidNext: 0,
    engineFor: (tenant: Tenant, defaults: EngineResolver): AssistantEngine => ({
      async answer(request) {
        if (probe.failNext > 0) {
          probe.failNext--;
          throw new Error('the model is down');
        }
        if (probe.invalidNext > 0) {
          probe.invalidNext--;
          return { answer: { response: { contents: [{ type: 'products', value: [{ sku: 'x' }] }] }, events: [] } as never };
        }
        return defaults(tenant).answer(request);
      },
    }),
  };
  return probe;
}

/**
 * An HTTPS image server that accepts requests and never answers them, with a certificate made
 * at test time (the fetcher trusts only it). Its address 127.0.0.1 is admitted by the fetcher's
 * address policy in these tests alone.
 */
async function silentImageServer(): Promise<{ port: number; cert: Buffer; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'aisle-ref-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      { stdio: 'ignore' },
    );
    const cert = readFileSync(join(dir, 'cert.pem'));
    const stalled = new Set<ServerResponse>();
    const server = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (_req, res) => stalled.add(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      port: (server.address() as AddressInfo).port,
      cert,
      close: () =>
        new Promise<void>((resolve) => {
          stalled.forEach((res) => res.destroy());
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}


type AppName = 'main' | 'limited' | 'dropped' | 'noSessions' | 'closed' | 'unreachable';

interface Dialog {
  tenant: string;
  resourceId: string;
  threadId: string;
  token?: string;
  assistantMessageId: string;
  events: Array<{ type: string; url?: string; urls?: string[] }>;
}

const OUTSIDE_IP = '203.0.113.7';
const INSIDE_IP = '10.1.2.3';
const WELL_FORMED_TOKEN = `gst_${'A'.repeat(43)}`;
const WELL_FORMED_SHARE = 'B'.repeat(43);

/** The token of the buyer registered on the `dropped` app before its tables went. */
const droppedTokens = new WeakMap<TestApp, string>();

/** The apps of one dialect, built on first use, and helpers that set up what a scenario needs. */
class Env {
  readonly probe = engineProbe();
  private readonly apps = new Map<AppName, Promise<TestApp>>();
  private readonly extras: Array<() => Promise<void>> = [];
  private n = 0;
  imageServerPort = 0;

  constructor(readonly dialect: DialectName) {}

  unique(prefix: string): string {
    return `${prefix}-${++this.n}`;
  }

  app(name: AppName): Promise<TestApp> {
    let built = this.apps.get(name);
    if (!built) {
      built = this.build(name);
      this.apps.set(name, built);
    }
    return built;
  }

  /** A request on the main app. */
  async inject(options: InjectOptions): Promise<LightMyRequestResponse> {
    return (await this.app('main')).app.inject(options);
  }

  /** A registered buyer (with a token) on the main app. */
  async guest(tenant = 'shop-a', remoteAddress?: string): Promise<{ tenant: string; resourceId: string; token: string }> {
    const resourceId = this.unique('buyer');
    const res = await this.inject({ method: 'POST', url: '/shopping/guest-sessions', payload: { tenant_id: tenant, resourceId }, ...(remoteAddress ? { remoteAddress } : {}) });
    assert.equal(res.statusCode, 201, res.body);
    return { tenant, resourceId, token: res.json().accessToken as string };
  }

  /** A dialog with one stored answer: of a registered buyer (`registered`) or of a resource never registered. */
  async dialog(registered: boolean): Promise<Dialog> {
    const owner = registered ? await this.guest() : { tenant: 'shop-a', resourceId: this.unique('legacy'), token: undefined };
    const threadId = this.unique('thread');
    const res = await this.inject({
      method: 'POST',
      url: '/shopping/generate',
      headers: owner.token ? auth(owner.token) : {},
      payload: { threadId, resourceId: owner.resourceId, messages: [{ role: 'user', id: 'm1', content: 'Нужен смартфон Samsung' }], runtimeContext: { tenant_id: owner.tenant } },
    });
    assert.equal(res.statusCode, 200, res.body);
    const answer = res.json() as { assistantMessageId: string; events: Dialog['events'] };
    return { ...owner, threadId, assistantMessageId: answer.assistantMessageId, events: answer.events };
  }

  async share(d: Dialog): Promise<string> {
    const res = await this.inject({ method: 'POST', url: '/dialogs/share', headers: d.token ? auth(d.token) : {}, payload: { user_id: d.resourceId, dialog_id: d.threadId } });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().share_token as string;
  }

  private async build(name: AppName): Promise<TestApp> {
    switch (name) {
      case 'main': {
        const imageServer = await silentImageServer();
        this.imageServerPort = imageServer.port;
        this.extras.push(() => imageServer.close());
        // The real pipeline, trusting the local server and admitting its address, with a short deadline.
        const fetcher = createSafeFetcher({ isAllowedAddress: (ip) => ip === '127.0.0.1', connect: { ca: imageServer.cert }, timeoutMs: 300 });
        const images = createImagePipeline({ fetcher });
        return buildTestApp(this.dialect, { env: NO_RATE_LIMITS, app: { engineFor: this.probe.engineFor, images } });
      }
      case 'limited':
        return buildTestApp(this.dialect, { catalogs: {}, env: { RATE_LIMIT_REGISTRATION: '1', RATE_LIMIT_SHARE: '1', RATE_LIMIT_SHARED_READ: '1' } });
      case 'dropped': {
        // Dialogs, messages, feedback and shares gone under a running app: every query on them is a
        // data error (not "unavailable"), while guest sessions still work.
        const t = await buildTestApp(this.dialect, { catalogs: {} });
        const token = await registerGuest(t.app, 'shop-a', 'dropped-owner');
        droppedTokens.set(t, token);
        for (const table of ['feedback', 'message_images', 'shares', 'tracking_events', 'messages', 'dialogs']) {
          await sql.raw(`drop table ${table}${this.dialect === 'postgres' ? ' cascade' : ''}`).execute(t.database.storage.db);
        }
        return t;
      }
      case 'noSessions': {
        const t = await buildTestApp(this.dialect, { catalogs: {} });
        await sql.raw(`drop table guest_sessions${this.dialect === 'postgres' ? ' cascade' : ''}`).execute(t.database.storage.db);
        return t;
      }
      case 'closed': {
        const t = await buildTestApp(this.dialect, { catalogs: {} });
        await t.database.storage.close();
        return t;
      }
      case 'unreachable':
        return this.unreachable();
    }
  }

  /** PostgreSQL behind a proxy that is then stopped: connections are refused. */
  private async unreachable(): Promise<TestApp> {
    const database = await createUnreliablePostgres(2);
    const t = await buildTestApp('postgres', { catalogs: {}, database });
    await database.proxy.stop();
    this.extras.push(() => database.dispose());
    return t;
  }

  async close(): Promise<void> {
    for (const built of this.apps.values()) {
      const t = await built.catch(() => null);
      await t?.close();
    }
    for (const extra of this.extras) {
      await extra();
    }
  }
}


// ---------------------------------------------------------------------------------------------
// The scenarios: (operation, status) → a real request producing exactly that status and code

interface Scenario {
  op: string;
  status: number;
  /** The error code expected (errors only). */
  code?: string;
  name: string;
  app?: AppName;
  /** Needs PostgreSQL (a database that stops answering cannot be made of SQLite without blocking the event loop for busy_timeout). */
  postgresOnly?: boolean;
  request(env: Env): Promise<InjectOptions>;
}

const json = (method: InjectOptions['method'], url: string, payload: unknown, headers: Record<string, string> = {}, extra: Partial<InjectOptions> = {}): InjectOptions => ({
  method,
  url,
  payload: payload as InjectOptions['payload'],
  headers,
  ...extra,
});
const textBody = (method: InjectOptions['method'], url: string, headers: Record<string, string> = {}): InjectOptions => ({
  method,
  url,
  headers: { ...headers, 'content-type': 'text/plain' },
  payload: 'hello',
});
const badJson = (method: InjectOptions['method'], url: string, headers: Record<string, string> = {}): InjectOptions => ({
  method,
  url,
  headers: { ...headers, 'content-type': 'application/json' },
  payload: '{"threadId":',
});
const hugeBody = (method: InjectOptions['method'], url: string, bytes: number, headers: Record<string, string> = {}): InjectOptions => ({
  method,
  url,
  headers: { ...headers, 'content-type': 'application/json' },
  payload: `{"pad":"${'x'.repeat(bytes)}"}`,
});
const MiB = 1024 * 1024;

const REGISTER = 'POST /shopping/guest-sessions';
const REVOKE = 'POST /shopping/guest-sessions/revoke';
const GENERATE = 'POST /shopping/generate';
const HISTORY = 'POST /shopping/history';
const LIST = 'GET /shopping/dialogs';
const HIDE = 'DELETE /shopping/dialogs/{threadId}';
const PUT_FEEDBACK = 'PUT /shopping/feedback';
const GET_FEEDBACK = 'GET /shopping/feedback';
const TRACKING = 'GET /shopping/events/{signed}';
const SHARE = 'POST /dialogs/share';
const SHARE_REVOKE = 'POST /dialogs/share/revoke';
const SHARED = 'GET /dialogs/shared/{share_token}';
const STARTER = 'POST /shopping/starter-prompts';
const HEALTH = 'GET /health';
const READY = 'GET /ready';

const generateBody = (d: { tenant: string; resourceId: string; threadId: string }, content: unknown = 'Покажи наушники', id?: string) => ({
  threadId: d.threadId,
  resourceId: d.resourceId,
  messages: [{ role: 'user', ...(id ? { id } : {}), content }],
  runtimeContext: { tenant_id: d.tenant },
});
const imageMessage = (source: unknown) => [{ type: 'text', text: 'Найди похожее' }, { type: 'image', source }];
const freshThread = async (env: Env) => ({ ...(await env.guest()), threadId: env.unique('thread') });
const historyBody = (d: Dialog) => ({ tenant_id: d.tenant, resourceId: d.resourceId, threadId: d.threadId });
const feedbackBody = (d: Dialog, reaction: unknown = 'like') => ({ tenant_id: d.tenant, resourceId: d.resourceId, threadId: d.threadId, messageId: d.assistantMessageId, reaction });
const feedbackQuery = (d: { tenant: string; resourceId: string; threadId: string; assistantMessageId: string }, reaction = 'like') =>
  `/shopping/feedback?${new URLSearchParams({ tenant_id: d.tenant, resourceId: d.resourceId, threadId: d.threadId, messageId: d.assistantMessageId, reaction })}`;
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
/** A tracking link of a real answer, as the client calls it. */
const trackingLink = (d: Dialog) => pathOf(d.events.find((e) => e.type === 'WRIMP')!.url!);

/** Hits on the `limited` app until the limit is spent; the next request is refused. */
async function spend(env: Env, options: InjectOptions): Promise<InjectOptions> {
  const t = await env.app('limited');
  await t.app.inject(options);
  return options;
}

const SCENARIOS: Scenario[] = [
  // Guest registration
  { op: REGISTER, status: 201, name: 'a new buyer', request: async (env) => json('POST', '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: env.unique('new') }) },
  { op: REGISTER, status: 400, code: 'INVALID_REQUEST_BODY', name: 'no resourceId', request: async () => json('POST', '/shopping/guest-sessions', { tenant_id: 'shop-a' }) },
  { op: REGISTER, status: 400, code: 'INVALID_REQUEST_BODY', name: 'malformed JSON', request: async () => badJson('POST', '/shopping/guest-sessions') },
  { op: REGISTER, status: 400, code: 'UNKNOWN_TENANT', name: 'an unknown section', request: async () => json('POST', '/shopping/guest-sessions', { tenant_id: 'no-such-shop', resourceId: 'x' }) },
  {
    op: REGISTER,
    status: 403,
    code: 'IP_NOT_ALLOWED',
    name: 'from outside the allow-list',
    request: async (env) => json('POST', '/shopping/guest-sessions', { tenant_id: 'restricted', resourceId: env.unique('r') }, {}, { remoteAddress: OUTSIDE_IP }),
  },
  { op: REGISTER, status: 409, code: 'RESOURCE_ALREADY_EXISTS', name: 'registered twice', request: async (env) => json('POST', '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: (await env.guest()).resourceId }) },
  { op: REGISTER, status: 409, code: 'RESOURCE_ALREADY_EXISTS', name: 'a resource with history', request: async (env) => json('POST', '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: (await env.dialog(false)).resourceId }) },
  { op: REGISTER, status: 413, code: 'BODY_TOO_LARGE', name: 'a body over 1 MiB', request: async () => hugeBody('POST', '/shopping/guest-sessions', MiB) },
  { op: REGISTER, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', name: 'a text/plain body', request: async () => textBody('POST', '/shopping/guest-sessions') },
  {
    op: REGISTER,
    status: 429,
    code: 'RATE_LIMITED',
    name: 'past the per-IP limit',
    app: 'limited',
    request: async (env) => {
      await spend(env, json('POST', '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'first' }, {}, { remoteAddress: '198.51.100.1' }));
      return json('POST', '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'second' }, {}, { remoteAddress: '198.51.100.1' });
    },
  },
  { op: REGISTER, status: 500, code: 'INTERNAL', name: 'a query the database refuses', app: 'dropped', request: async () => json('POST', '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'x' }) },
  { op: REGISTER, status: 503, code: 'AUTH_STORAGE_UNAVAILABLE', name: 'the database unreachable', app: 'unreachable', postgresOnly: true, request: async () => json('POST', '/shopping/guest-sessions', { tenant_id: 'shop-a', resourceId: 'x' }) },

  // Token revocation
  { op: REVOKE, status: 204, name: 'a valid token', request: async (env) => json('POST', '/shopping/guest-sessions/revoke', undefined, auth((await env.guest()).token)) },
  { op: REVOKE, status: 400, code: 'MALFORMED_JSON', name: 'a malformed body sent anyway', request: async (env) => badJson('POST', '/shopping/guest-sessions/revoke', auth((await env.guest()).token)) },
  { op: REVOKE, status: 401, code: 'INVALID_GUEST_TOKEN', name: 'no token', request: async () => json('POST', '/shopping/guest-sessions/revoke', undefined) },
  { op: REVOKE, status: 401, code: 'INVALID_GUEST_TOKEN', name: 'an unknown token', request: async () => json('POST', '/shopping/guest-sessions/revoke', undefined, auth(WELL_FORMED_TOKEN)) },
  { op: REVOKE, status: 413, code: 'BODY_TOO_LARGE', name: 'a body over 1 MiB', request: async () => hugeBody('POST', '/shopping/guest-sessions/revoke', MiB, auth(WELL_FORMED_TOKEN)) },
  { op: REVOKE, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', name: 'a text/plain body', request: async () => textBody('POST', '/shopping/guest-sessions/revoke', auth(WELL_FORMED_TOKEN)) },
  { op: REVOKE, status: 500, code: 'INTERNAL', name: 'a query the database refuses', app: 'noSessions', request: async () => json('POST', '/shopping/guest-sessions/revoke', undefined, auth(WELL_FORMED_TOKEN)) },
  { op: REVOKE, status: 503, code: 'AUTH_STORAGE_UNAVAILABLE', name: 'the database unreachable', app: 'unreachable', postgresOnly: true, request: async () => json('POST', '/shopping/guest-sessions/revoke', undefined, auth(WELL_FORMED_TOKEN)) },

  // Generation
  { op: GENERATE, status: 200, name: 'a registered buyer with the token', request: async (env) => { const d = await freshThread(env); return json('POST', '/shopping/generate', generateBody(d, 'Нужен смартфон Samsung', 'm1'), auth(d.token)); } },
  { op: GENERATE, status: 200, name: 'a resource never registered, no token', request: async (env) => json('POST', '/shopping/generate', generateBody({ tenant: 'shop-b', resourceId: env.unique('legacy'), threadId: 't' }, 'wireless headphones')) },
  { op: GENERATE, status: 200, name: 'debug traffic', request: async (env) => json('POST', '/shopping/generate', { ...generateBody({ tenant: 'shop-a', resourceId: env.unique('qa'), threadId: 'd' }), trafficType: 'debug' }) },
  { op: GENERATE, status: 400, code: 'INVALID_REQUEST', name: 'an unknown field', request: async (env) => json('POST', '/shopping/generate', { ...generateBody({ tenant: 'shop-a', resourceId: env.unique('x'), threadId: 't' }), stream: true }) },
  { op: GENERATE, status: 400, code: 'INVALID_REQUEST', name: 'an image URL that is not HTTPS', request: async (env) => json('POST', '/shopping/generate', generateBody({ tenant: 'shop-a', resourceId: env.unique('x'), threadId: 't' }, imageMessage({ type: 'url', url: 'http://example.com/a.jpg' }))) },
  { op: GENERATE, status: 400, code: 'MALFORMED_JSON', name: 'malformed JSON', request: async () => badJson('POST', '/shopping/generate') },
  { op: GENERATE, status: 401, code: 'GUEST_TOKEN_REQUIRED', name: 'a registered buyer without the token', request: async (env) => json('POST', '/shopping/generate', generateBody(await freshThread(env))) },
  { op: GENERATE, status: 401, code: 'INVALID_GUEST_TOKEN', name: 'an unknown token', request: async (env) => json('POST', '/shopping/generate', generateBody(await freshThread(env)), auth(WELL_FORMED_TOKEN)) },
  { op: GENERATE, status: 403, code: 'GUEST_RESOURCE_MISMATCH', name: "another buyer's token", request: async (env) => json('POST', '/shopping/generate', generateBody(await freshThread(env)), auth((await env.guest()).token)) },
  {
    op: GENERATE,
    status: 403,
    code: 'IP_NOT_ALLOWED',
    name: 'from outside the allow-list',
    request: async (env) => json('POST', '/shopping/generate', generateBody({ tenant: 'restricted', resourceId: env.unique('r'), threadId: 't' }), {}, { remoteAddress: OUTSIDE_IP }),
  },
  {
    op: GENERATE,
    status: 404,
    code: 'DIALOG_NOT_FOUND',
    name: 'a hidden dialog',
    request: async (env) => {
      const d = await env.dialog(true);
      assert.equal((await env.inject({ method: 'DELETE', url: `/shopping/dialogs/${d.threadId}`, headers: auth(d.token!) })).statusCode, 204);
      return json('POST', '/shopping/generate', generateBody(d), auth(d.token!));
    },
  },
  { op: GENERATE, status: 409, code: 'MESSAGE_ID_CONFLICT', name: 'a message id reused for other text', request: async (env) => { const d = await env.dialog(true); return json('POST', '/shopping/generate', generateBody(d, 'Совсем другой вопрос', 'm1'), auth(d.token!)); } },
  {
    op: GENERATE,
    status: 413,
    code: 'IMAGE_TOO_LARGE',
    name: 'Base64 longer than 5 MiB of image',
    request: async (env) => json('POST', '/shopping/generate', generateBody({ tenant: 'shop-a', resourceId: env.unique('x'), threadId: 't' }, imageMessage({ type: 'base64', mediaType: 'image/jpeg', data: 'A'.repeat(7_100_000) }))),
  },
  { op: GENERATE, status: 413, code: 'BODY_TOO_LARGE', name: 'a body over 8 MiB', request: async () => hugeBody('POST', '/shopping/generate', 8 * MiB) },
  {
    op: GENERATE,
    status: 415,
    code: 'IMAGE_UNSUPPORTED',
    name: 'a GIF',
    request: async (env) => json('POST', '/shopping/generate', generateBody({ tenant: 'shop-a', resourceId: env.unique('x'), threadId: 't' }, imageMessage({ type: 'base64', mediaType: 'image/gif', data: HOPPER_GIF }))),
  },
  { op: GENERATE, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', name: 'a text/plain body', request: async () => textBody('POST', '/shopping/generate') },
  {
    op: GENERATE,
    status: 422,
    code: 'IMAGE_UNPROCESSABLE',
    name: 'a damaged PNG',
    request: async (env) => json('POST', '/shopping/generate', generateBody({ tenant: 'shop-a', resourceId: env.unique('x'), threadId: 't' }, imageMessage({ type: 'base64', mediaType: 'image/png', data: BROKEN_PNG }))),
  },
  {
    op: GENERATE,
    status: 500,
    code: 'ASSISTANT_FAILED',
    name: 'the engine fails',
    request: async (env) => {
      env.probe.failNext = 1;
      return json('POST', '/shopping/generate', generateBody({ tenant: 'shop-a', resourceId: env.unique('x'), threadId: 't' }));
    },
  },
  { op: GENERATE, status: 500, code: 'INTERNAL', name: 'a query the database refuses', app: 'dropped', request: async () => json('POST', '/shopping/generate', generateBody({ tenant: 'shop-a', resourceId: 'legacy', threadId: 't' })) },
  {
    op: GENERATE,
    status: 502,
    code: 'ASSISTANT_INVALID_ANSWER',
    name: 'the engine answers nonsense',
    request: async (env) => {
      env.probe.invalidNext = 1;
      return json('POST', '/shopping/generate', generateBody({ tenant: 'shop-a', resourceId: env.unique('x'), threadId: 't' }));
    },
  },
  { op: GENERATE, status: 503, code: 'AUTH_STORAGE_UNAVAILABLE', name: 'the database unreachable', app: 'unreachable', postgresOnly: true, request: async () => json('POST', '/shopping/generate', generateBody({ tenant: 'shop-a', resourceId: 'x', threadId: 't' })) },
  {
    op: GENERATE,
    status: 504,
    code: 'IMAGE_FETCH_TIMEOUT',
    name: 'an image server that never answers',
    request: async (env) => {
      await env.app('main');
      return json('POST', '/shopping/generate', generateBody({ tenant: 'shop-a', resourceId: env.unique('x'), threadId: 't' }, imageMessage({ type: 'url', url: `https://127.0.0.1:${env.imageServerPort}/photo.jpg` })));
    },
  },

  // History
  { op: HISTORY, status: 200, name: 'a registered buyer with the token', request: async (env) => { const d = await env.dialog(true); return json('POST', '/shopping/history', historyBody(d), auth(d.token!)); } },
  { op: HISTORY, status: 200, name: 'a resource never registered, no token', request: async (env) => json('POST', '/shopping/history', historyBody(await env.dialog(false))) },
  { op: HISTORY, status: 400, code: 'INVALID_REQUEST', name: 'limit over 100', request: async (env) => json('POST', '/shopping/history', { ...historyBody(await env.dialog(false)), limit: 101 }) },
  { op: HISTORY, status: 400, code: 'MALFORMED_JSON', name: 'malformed JSON', request: async () => badJson('POST', '/shopping/history') },
  { op: HISTORY, status: 401, code: 'GUEST_TOKEN_REQUIRED', name: 'a registered buyer without the token', request: async (env) => json('POST', '/shopping/history', historyBody(await env.dialog(true))) },
  { op: HISTORY, status: 401, code: 'INVALID_GUEST_TOKEN', name: 'an unknown token', request: async (env) => json('POST', '/shopping/history', historyBody(await env.dialog(true)), auth(WELL_FORMED_TOKEN)) },
  { op: HISTORY, status: 403, code: 'GUEST_RESOURCE_MISMATCH', name: "another buyer's token", request: async (env) => json('POST', '/shopping/history', historyBody(await env.dialog(true)), auth((await env.guest()).token)) },
  { op: HISTORY, status: 403, code: 'IP_NOT_ALLOWED', name: 'from outside the allow-list', request: async () => json('POST', '/shopping/history', { tenant_id: 'restricted', resourceId: 'r', threadId: 't' }, {}, { remoteAddress: OUTSIDE_IP }) },
  { op: HISTORY, status: 404, code: 'SHOPPING_HISTORY_NOT_FOUND', name: 'a thread that does not exist', request: async (env) => json('POST', '/shopping/history', { tenant_id: 'shop-a', resourceId: env.unique('x'), threadId: 'nope' }) },
  { op: HISTORY, status: 413, code: 'BODY_TOO_LARGE', name: 'a body over 1 MiB', request: async () => hugeBody('POST', '/shopping/history', MiB) },
  { op: HISTORY, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', name: 'a text/plain body', request: async () => textBody('POST', '/shopping/history') },
  { op: HISTORY, status: 500, code: 'INTERNAL', name: 'a query the database refuses', app: 'dropped', request: async () => json('POST', '/shopping/history', { tenant_id: 'shop-a', resourceId: 'legacy', threadId: 't' }) },
  { op: HISTORY, status: 503, code: 'AUTH_STORAGE_UNAVAILABLE', name: 'the database unreachable', app: 'unreachable', postgresOnly: true, request: async () => json('POST', '/shopping/history', { tenant_id: 'shop-a', resourceId: 'x', threadId: 't' }) },

  // Dialog list
  { op: LIST, status: 200, name: 'with the token', request: async (env) => ({ method: 'GET', url: '/shopping/dialogs?limit=5', headers: auth((await env.dialog(true)).token!) }) },
  { op: LIST, status: 400, code: 'INVALID_REQUEST', name: 'a query parameter outside the contract', request: async (env) => ({ method: 'GET', url: '/shopping/dialogs?tenant_id=shop-a', headers: auth((await env.guest()).token) }) },
  { op: LIST, status: 400, code: 'INVALID_CURSOR', name: 'a forged cursor', request: async (env) => ({ method: 'GET', url: '/shopping/dialogs?cursor=forged', headers: auth((await env.guest()).token) }) },
  { op: LIST, status: 401, code: 'GUEST_TOKEN_REQUIRED', name: 'no token', request: async () => ({ method: 'GET', url: '/shopping/dialogs' }) },
  { op: LIST, status: 401, code: 'INVALID_GUEST_TOKEN', name: 'an unknown token', request: async () => ({ method: 'GET', url: '/shopping/dialogs', headers: auth(WELL_FORMED_TOKEN) }) },
  { op: LIST, status: 403, code: 'IP_NOT_ALLOWED', name: 'from outside the allow-list', request: async (env) => ({ method: 'GET', url: '/shopping/dialogs', headers: auth((await env.guest('restricted', INSIDE_IP)).token), remoteAddress: OUTSIDE_IP }) },
  { op: LIST, status: 500, code: 'INTERNAL', name: 'a query the database refuses', app: 'dropped', request: async (env) => ({ method: 'GET', url: '/shopping/dialogs', headers: auth(droppedTokens.get(await env.app('dropped'))!) }) },
  { op: LIST, status: 503, code: 'AUTH_STORAGE_UNAVAILABLE', name: 'the database unreachable', app: 'unreachable', postgresOnly: true, request: async () => ({ method: 'GET', url: '/shopping/dialogs', headers: auth(WELL_FORMED_TOKEN) }) },

  // Hiding
  { op: HIDE, status: 204, name: 'an own dialog', request: async (env) => { const d = await env.dialog(true); return { method: 'DELETE', url: `/shopping/dialogs/${d.threadId}`, headers: auth(d.token!) }; } },
  { op: HIDE, status: 400, code: 'INVALID_REQUEST', name: 'a threadId over 512 characters', request: async (env) => ({ method: 'DELETE', url: `/shopping/dialogs/${'t'.repeat(513)}`, headers: auth((await env.guest()).token) }) },
  { op: HIDE, status: 400, code: 'MALFORMED_JSON', name: 'a malformed body sent anyway', request: async (env) => badJson('DELETE', '/shopping/dialogs/t', auth((await env.guest()).token)) },
  { op: HIDE, status: 401, code: 'GUEST_TOKEN_REQUIRED', name: 'no token', request: async () => ({ method: 'DELETE', url: '/shopping/dialogs/t' }) },
  { op: HIDE, status: 401, code: 'INVALID_GUEST_TOKEN', name: 'an unknown token', request: async () => ({ method: 'DELETE', url: '/shopping/dialogs/t', headers: auth(WELL_FORMED_TOKEN) }) },
  { op: HIDE, status: 403, code: 'IP_NOT_ALLOWED', name: 'from outside the allow-list', request: async (env) => ({ method: 'DELETE', url: '/shopping/dialogs/t', headers: auth((await env.guest('restricted', INSIDE_IP)).token), remoteAddress: OUTSIDE_IP }) },
  { op: HIDE, status: 404, code: 'DIALOG_NOT_FOUND', name: "another session's dialog", request: async (env) => ({ method: 'DELETE', url: `/shopping/dialogs/${(await env.dialog(true)).threadId}`, headers: auth((await env.guest()).token) }) },
  { op: HIDE, status: 413, code: 'BODY_TOO_LARGE', name: 'a body over 1 MiB', request: async () => hugeBody('DELETE', '/shopping/dialogs/t', MiB, auth(WELL_FORMED_TOKEN)) },
  { op: HIDE, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', name: 'a text/plain body', request: async () => textBody('DELETE', '/shopping/dialogs/t', auth(WELL_FORMED_TOKEN)) },
  { op: HIDE, status: 500, code: 'INTERNAL', name: 'a query the database refuses', app: 'dropped', request: async (env) => ({ method: 'DELETE', url: '/shopping/dialogs/t', headers: auth(droppedTokens.get(await env.app('dropped'))!) }) },
  { op: HIDE, status: 503, code: 'AUTH_STORAGE_UNAVAILABLE', name: 'the database unreachable', app: 'unreachable', postgresOnly: true, request: async () => ({ method: 'DELETE', url: '/shopping/dialogs/t', headers: auth(WELL_FORMED_TOKEN) }) },

  // PUT feedback
  { op: PUT_FEEDBACK, status: 200, name: 'a registered buyer with the token', request: async (env) => { const d = await env.dialog(true); return json('PUT', '/shopping/feedback', feedbackBody(d), auth(d.token!)); } },
  { op: PUT_FEEDBACK, status: 200, name: 'removing, no token for a resource never registered', request: async (env) => json('PUT', '/shopping/feedback', feedbackBody(await env.dialog(false), null)) },
  { op: PUT_FEEDBACK, status: 400, code: 'INVALID_REQUEST', name: 'an unsupported reaction', request: async (env) => json('PUT', '/shopping/feedback', feedbackBody(await env.dialog(false), 'love')) },
  { op: PUT_FEEDBACK, status: 400, code: 'MALFORMED_JSON', name: 'malformed JSON', request: async () => badJson('PUT', '/shopping/feedback') },
  { op: PUT_FEEDBACK, status: 401, code: 'GUEST_TOKEN_REQUIRED', name: 'a registered buyer without the token', request: async (env) => json('PUT', '/shopping/feedback', feedbackBody(await env.dialog(true))) },
  { op: PUT_FEEDBACK, status: 401, code: 'INVALID_GUEST_TOKEN', name: 'an unknown token', request: async (env) => json('PUT', '/shopping/feedback', feedbackBody(await env.dialog(true)), auth(WELL_FORMED_TOKEN)) },
  { op: PUT_FEEDBACK, status: 403, code: 'GUEST_RESOURCE_MISMATCH', name: "another buyer's token", request: async (env) => json('PUT', '/shopping/feedback', feedbackBody(await env.dialog(true)), auth((await env.guest()).token)) },
  { op: PUT_FEEDBACK, status: 403, code: 'IP_NOT_ALLOWED', name: 'from outside the allow-list', request: async () => json('PUT', '/shopping/feedback', { tenant_id: 'restricted', resourceId: 'r', threadId: 't', messageId: 'm', reaction: 'like' }, {}, { remoteAddress: OUTSIDE_IP }) },
  { op: PUT_FEEDBACK, status: 404, code: 'MESSAGE_NOT_FOUND', name: 'a message id of nothing', request: async (env) => json('PUT', '/shopping/feedback', { ...feedbackBody(await env.dialog(false)), messageId: 'nope' }) },
  { op: PUT_FEEDBACK, status: 413, code: 'BODY_TOO_LARGE', name: 'a body over 1 MiB', request: async () => hugeBody('PUT', '/shopping/feedback', MiB) },
  { op: PUT_FEEDBACK, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', name: 'a text/plain body', request: async () => textBody('PUT', '/shopping/feedback') },
  { op: PUT_FEEDBACK, status: 500, code: 'FEEDBACK_SAVE_FAILED', name: 'a query the database refuses', app: 'dropped', request: async () => json('PUT', '/shopping/feedback', { tenant_id: 'shop-a', resourceId: 'legacy', threadId: 't', messageId: 'm', reaction: 'like' }) },
  { op: PUT_FEEDBACK, status: 500, code: 'INTERNAL', name: 'the guest-session check refused', app: 'noSessions', request: async () => json('PUT', '/shopping/feedback', { tenant_id: 'shop-a', resourceId: 'legacy', threadId: 't', messageId: 'm', reaction: 'like' }) },
  {
    op: PUT_FEEDBACK,
    status: 503,
    code: 'AUTH_STORAGE_UNAVAILABLE',
    name: 'the database unreachable',
    app: 'unreachable',
    postgresOnly: true,
    request: async () => json('PUT', '/shopping/feedback', { tenant_id: 'shop-a', resourceId: 'x', threadId: 't', messageId: 'm', reaction: 'like' }),
  },

  // GET feedback (the ready link)
  { op: GET_FEEDBACK, status: 200, name: 'the like link of a real answer, no token', request: async (env) => ({ method: 'GET', url: pathOf((await env.dialog(false)).events.find((e) => e.type === 'like')!.url!) }) },
  { op: GET_FEEDBACK, status: 200, name: 'a registered buyer with the token', request: async (env) => { const d = await env.dialog(true); return { method: 'GET', url: feedbackQuery(d, 'dislike'), headers: auth(d.token!) }; } },
  { op: GET_FEEDBACK, status: 400, code: 'INVALID_REQUEST_QUERY', name: 'reaction null', request: async (env) => ({ method: 'GET', url: feedbackQuery(await env.dialog(false), 'null') }) },
  { op: GET_FEEDBACK, status: 401, code: 'GUEST_TOKEN_REQUIRED', name: 'the link of a registered buyer followed without the token', request: async (env) => ({ method: 'GET', url: feedbackQuery(await env.dialog(true)) }) },
  { op: GET_FEEDBACK, status: 401, code: 'INVALID_GUEST_TOKEN', name: 'an unknown token', request: async (env) => ({ method: 'GET', url: feedbackQuery(await env.dialog(true)), headers: auth(WELL_FORMED_TOKEN) }) },
  { op: GET_FEEDBACK, status: 403, code: 'GUEST_RESOURCE_MISMATCH', name: "another buyer's token", request: async (env) => ({ method: 'GET', url: feedbackQuery(await env.dialog(true)), headers: auth((await env.guest()).token) }) },
  { op: GET_FEEDBACK, status: 404, code: 'ASSISTANT_MESSAGE_NOT_FOUND', name: 'a message id of nothing', request: async (env) => ({ method: 'GET', url: feedbackQuery({ ...(await env.dialog(false)), assistantMessageId: 'nope' }) }) },
  { op: GET_FEEDBACK, status: 500, code: 'FEEDBACK_SAVE_FAILED', name: 'a query the database refuses', app: 'dropped', request: async () => ({ method: 'GET', url: feedbackQuery({ tenant: 'shop-a', resourceId: 'legacy', threadId: 't', assistantMessageId: 'm' }) }) },
  { op: GET_FEEDBACK, status: 500, code: 'INTERNAL', name: 'the guest-session check refused', app: 'noSessions', request: async () => ({ method: 'GET', url: feedbackQuery({ tenant: 'shop-a', resourceId: 'legacy', threadId: 't', assistantMessageId: 'm' }) }) },
  {
    op: GET_FEEDBACK,
    status: 503,
    code: 'AUTH_STORAGE_UNAVAILABLE',
    name: 'the database unreachable',
    app: 'unreachable',
    postgresOnly: true,
    request: async () => ({ method: 'GET', url: feedbackQuery({ tenant: 'shop-a', resourceId: 'x', threadId: 't', assistantMessageId: 'm' }) }),
  },

  // Tracking
  { op: TRACKING, status: 204, name: 'a tracking link of a real answer', request: async (env) => ({ method: 'GET', url: trackingLink(await env.dialog(false)) }) },
  { op: TRACKING, status: 204, name: 'the debug link', request: async () => ({ method: 'GET', url: '/shopping/events/debug' }) },
  { op: TRACKING, status: 400, code: 'INVALID_REQUEST', name: 'a link over 4,096 characters', request: async () => ({ method: 'GET', url: `/shopping/events/${'a'.repeat(5000)}` }) },
  { op: TRACKING, status: 404, code: 'NOT_FOUND', name: 'an altered link', request: async (env) => ({ method: 'GET', url: `${trackingLink(await env.dialog(false))}x` }) },

  // Share create
  { op: SHARE, status: 201, name: 'a registered buyer with the token', request: async (env) => { const d = await env.dialog(true); return json('POST', '/dialogs/share', { user_id: d.resourceId, dialog_id: d.threadId }, auth(d.token!)); } },
  { op: SHARE, status: 201, name: 'a resource never registered, no token', request: async (env) => { const d = await env.dialog(false); return json('POST', '/dialogs/share', { user_id: d.resourceId, dialog_id: d.threadId, through_message_id: 'm1' }); } },
  { op: SHARE, status: 400, code: 'INVALID_REQUEST', name: 'tenant_id in the body', request: async () => json('POST', '/dialogs/share', { user_id: 'u', dialog_id: 'd', tenant_id: 'shop-a' }) },
  { op: SHARE, status: 400, code: 'MALFORMED_JSON', name: 'malformed JSON', request: async () => badJson('POST', '/dialogs/share') },
  { op: SHARE, status: 401, code: 'GUEST_TOKEN_REQUIRED', name: 'a registered buyer without the token', request: async (env) => { const d = await env.dialog(true); return json('POST', '/dialogs/share', { user_id: d.resourceId, dialog_id: d.threadId }); } },
  { op: SHARE, status: 401, code: 'INVALID_GUEST_TOKEN', name: 'an unknown token', request: async (env) => { const d = await env.dialog(true); return json('POST', '/dialogs/share', { user_id: d.resourceId, dialog_id: d.threadId }, auth(WELL_FORMED_TOKEN)); } },
  {
    op: SHARE,
    status: 403,
    code: 'GUEST_RESOURCE_MISMATCH',
    name: "another buyer's token",
    request: async (env) => {
      const d = await env.dialog(true);
      return json('POST', '/dialogs/share', { user_id: d.resourceId, dialog_id: d.threadId }, auth((await env.guest()).token));
    },
  },
  { op: SHARE, status: 404, code: 'DIALOG_NOT_FOUND', name: 'a dialog that does not exist', request: async (env) => json('POST', '/dialogs/share', { user_id: env.unique('x'), dialog_id: 'nope' }) },
  { op: SHARE, status: 404, code: 'MESSAGE_NOT_FOUND', name: 'through_message_id of nothing', request: async (env) => { const d = await env.dialog(false); return json('POST', '/dialogs/share', { user_id: d.resourceId, dialog_id: d.threadId, through_message_id: 'nope' }); } },
  { op: SHARE, status: 413, code: 'BODY_TOO_LARGE', name: 'a body over 1 MiB', request: async () => hugeBody('POST', '/dialogs/share', MiB) },
  { op: SHARE, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', name: 'a text/plain body', request: async () => textBody('POST', '/dialogs/share') },
  {
    op: SHARE,
    status: 429,
    code: 'RATE_LIMITED',
    name: 'past the per-IP limit',
    app: 'limited',
    request: async (env) => {
      const options = json('POST', '/dialogs/share', { user_id: 'u', dialog_id: 'd' }, {}, { remoteAddress: '198.51.100.2' });
      return spend(env, options);
    },
  },
  { op: SHARE, status: 500, code: 'INTERNAL', name: 'a query the database refuses', app: 'dropped', request: async () => json('POST', '/dialogs/share', { user_id: 'u', dialog_id: 'd' }) },
  { op: SHARE, status: 503, code: 'AUTH_STORAGE_UNAVAILABLE', name: 'the database unreachable', app: 'unreachable', postgresOnly: true, request: async () => json('POST', '/dialogs/share', { user_id: 'u', dialog_id: 'd' }) },

  // Share revoke
  {
    op: SHARE_REVOKE,
    status: 204,
    name: 'an existing link, with the token',
    request: async (env) => {
      const d = await env.dialog(true);
      return json('POST', '/dialogs/share/revoke', { user_id: d.resourceId, dialog_id: d.threadId, share_token: await env.share(d) }, auth(d.token!));
    },
  },
  { op: SHARE_REVOKE, status: 204, name: 'no such combination, no token', request: async (env) => json('POST', '/dialogs/share/revoke', { user_id: env.unique('x'), dialog_id: 'd', share_token: WELL_FORMED_SHARE }) },
  { op: SHARE_REVOKE, status: 400, code: 'INVALID_REQUEST', name: 'no share_token', request: async () => json('POST', '/dialogs/share/revoke', { user_id: 'u', dialog_id: 'd' }) },
  { op: SHARE_REVOKE, status: 400, code: 'MALFORMED_JSON', name: 'malformed JSON', request: async () => badJson('POST', '/dialogs/share/revoke') },
  {
    op: SHARE_REVOKE,
    status: 401,
    code: 'GUEST_TOKEN_REQUIRED',
    name: 'a registered buyer without the token',
    request: async (env) => {
      const d = await env.dialog(true);
      return json('POST', '/dialogs/share/revoke', { user_id: d.resourceId, dialog_id: d.threadId, share_token: WELL_FORMED_SHARE });
    },
  },
  { op: SHARE_REVOKE, status: 401, code: 'INVALID_GUEST_TOKEN', name: 'an unknown token', request: async () => json('POST', '/dialogs/share/revoke', { user_id: 'u', dialog_id: 'd', share_token: WELL_FORMED_SHARE }, auth(WELL_FORMED_TOKEN)) },
  {
    op: SHARE_REVOKE,
    status: 403,
    code: 'GUEST_RESOURCE_MISMATCH',
    name: "another buyer's token",
    request: async (env) => {
      const d = await env.dialog(true);
      return json('POST', '/dialogs/share/revoke', { user_id: d.resourceId, dialog_id: d.threadId, share_token: WELL_FORMED_SHARE }, auth((await env.guest()).token));
    },
  },
  { op: SHARE_REVOKE, status: 413, code: 'BODY_TOO_LARGE', name: 'a body over 1 MiB', request: async () => hugeBody('POST', '/dialogs/share/revoke', MiB) },
  { op: SHARE_REVOKE, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', name: 'a text/plain body', request: async () => textBody('POST', '/dialogs/share/revoke') },
  {
    op: SHARE_REVOKE,
    status: 429,
    code: 'RATE_LIMITED',
    name: 'past the per-IP limit',
    app: 'limited',
    request: async (env) => spend(env, json('POST', '/dialogs/share/revoke', { user_id: 'u', dialog_id: 'd', share_token: WELL_FORMED_SHARE }, {}, { remoteAddress: '198.51.100.3' })),
  },
  { op: SHARE_REVOKE, status: 500, code: 'INTERNAL', name: 'a query the database refuses', app: 'dropped', request: async () => json('POST', '/dialogs/share/revoke', { user_id: 'u', dialog_id: 'd', share_token: WELL_FORMED_SHARE }) },
  {
    op: SHARE_REVOKE,
    status: 503,
    code: 'AUTH_STORAGE_UNAVAILABLE',
    name: 'the database unreachable',
    app: 'unreachable',
    postgresOnly: true,
    request: async () => json('POST', '/dialogs/share/revoke', { user_id: 'u', dialog_id: 'd', share_token: WELL_FORMED_SHARE }),
  },

  // Public read
  { op: SHARED, status: 200, name: 'a live link', request: async (env) => ({ method: 'GET', url: `/dialogs/shared/${await env.share(await env.dialog(false))}` }) },
  { op: SHARED, status: 404, code: 'SHARE_NOT_FOUND', name: 'an unknown link', request: async () => ({ method: 'GET', url: `/dialogs/shared/${WELL_FORMED_SHARE}` }) },
  { op: SHARED, status: 404, code: 'SHARE_NOT_FOUND', name: 'a malformed link', request: async () => ({ method: 'GET', url: '/dialogs/shared/not-a-token' }) },
  {
    op: SHARED,
    status: 429,
    code: 'RATE_LIMITED',
    name: 'past the per-IP read limit',
    app: 'limited',
    request: async (env) => spend(env, { method: 'GET', url: `/dialogs/shared/${WELL_FORMED_SHARE}`, remoteAddress: '198.51.100.4' }),
  },
  { op: SHARED, status: 500, code: 'INTERNAL', name: 'a query the database refuses', app: 'dropped', request: async () => ({ method: 'GET', url: `/dialogs/shared/${WELL_FORMED_SHARE}` }) },

  // Starter prompts
  { op: STARTER, status: 200, name: 'with the token', request: async (env) => json('POST', '/shopping/starter-prompts', { ctx: { type: 'HOMEPAGE' } }, auth((await env.guest()).token)) },
  { op: STARTER, status: 400, code: 'INVALID_REQUEST', name: 'tenant_id in the body', request: async (env) => json('POST', '/shopping/starter-prompts', { tenant_id: 'shop-a' }, auth((await env.guest()).token)) },
  { op: STARTER, status: 400, code: 'INVALID_REQUEST', name: 'malformed JSON', request: async (env) => badJson('POST', '/shopping/starter-prompts', auth((await env.guest()).token)) },
  { op: STARTER, status: 401, code: 'GUEST_TOKEN_REQUIRED', name: 'no token', request: async () => json('POST', '/shopping/starter-prompts', {}) },
  { op: STARTER, status: 401, code: 'INVALID_GUEST_TOKEN', name: 'an unknown token', request: async () => json('POST', '/shopping/starter-prompts', {}, auth(WELL_FORMED_TOKEN)) },
  { op: STARTER, status: 403, code: 'IP_NOT_ALLOWED', name: 'from outside the allow-list', request: async (env) => json('POST', '/shopping/starter-prompts', {}, auth((await env.guest('restricted', INSIDE_IP)).token), { remoteAddress: OUTSIDE_IP }) },
  { op: STARTER, status: 413, code: 'BODY_TOO_LARGE', name: 'a body over 1 MiB', request: async () => hugeBody('POST', '/shopping/starter-prompts', MiB, auth(WELL_FORMED_TOKEN)) },
  { op: STARTER, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', name: 'a text/plain body', request: async () => textBody('POST', '/shopping/starter-prompts', auth(WELL_FORMED_TOKEN)) },
  { op: STARTER, status: 500, code: 'INTERNAL', name: 'the guest-session check refused', app: 'noSessions', request: async () => json('POST', '/shopping/starter-prompts', {}, auth(WELL_FORMED_TOKEN)) },
  { op: STARTER, status: 503, code: 'AUTH_STORAGE_UNAVAILABLE', name: 'the database unreachable', app: 'unreachable', postgresOnly: true, request: async () => json('POST', '/shopping/starter-prompts', {}, auth(WELL_FORMED_TOKEN)) },

  // Operations
  { op: HEALTH, status: 200, name: 'always', request: async () => ({ method: 'GET', url: '/health' }) },
  { op: READY, status: 200, name: 'the database answers', request: async () => ({ method: 'GET', url: '/ready' }) },
  { op: READY, status: 503, code: 'NOT_READY', name: 'the database closed', app: 'closed', request: async () => ({ method: 'GET', url: '/ready' }) },
];

// ---------------------------------------------------------------------------------------------

let documentCache: Promise<Document> | null = null;
/** The document as the app serves it (the same for every dialect). */
function served(): Promise<Document> {
  documentCache ??= (async () => {
    const t = await buildTestApp('sqlite', { catalogs: {} });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
      assert.equal(res.statusCode, 200);
      return res.json() as Document;
    } finally {
      await t.close();
    }
  })();
  return documentCache;
}

function operation(doc: Document, key: string): Operation {
  const [method, path] = key.split(' ') as [string, string];
  const op = doc.paths[path]?.[method.toLowerCase()];
  assert.ok(op, `${key} is not in the document`);
  return op;
}

function declaredPairs(doc: Document): string[] {
  return operations(doc).flatMap(({ key, op }) => Object.keys(op.responses).map((status) => `${key} → ${status}`));
}

describe('API reference: the document', () => {
  let doc: Document;
  before(async () => {
    doc = await served();
  });

  test('every route the app serves is documented, and every documented operation is served', async () => {
    const t = await buildTestApp('sqlite', { catalogs: {} });
    let routes: string[];
    try {
      routes = servedRoutes(t.app);
    } finally {
      await t.close();
    }
    assert.ok(routes.includes('POST /shopping/generate') && routes.includes('DELETE /shopping/dialogs/{threadId}'), `the route tree was read: ${routes.join(', ')}`);
    const documented = new Set(operations(doc).map((o) => o.key));
    for (const route of routes) {
      assert.ok(documented.has(route) || route in UNDOCUMENTED, `${route} is served but not documented`);
    }
    for (const exception of Object.keys(UNDOCUMENTED)) {
      assert.ok(routes.includes(exception), `${exception} is listed as an exception but not served`);
      assert.ok(!documented.has(exception), `${exception} is documented after all: drop it from the exceptions`);
    }
    for (const key of documented) {
      assert.ok(routes.includes(key), `${key} is documented but not served`);
    }
  });

  test('every operation has a summary, a description, a tag, a success answer with an example, and described answers only', () => {
    const ops = operations(doc);
    assert.ok(ops.length > 0, 'the document has operations');
    for (const { key, op } of ops) {
      assert.ok(op.summary && op.description && op.description.length > 80, `${key}: summary and description`);
      assert.ok(op.tags?.length, `${key}: tag`);
      const statuses = Object.keys(op.responses);
      assertEvery(statuses, (s) => /^[1-5][0-9][0-9]$/.test(s), `${key}: exact statuses only, not ${statuses.join(', ')}`);
      const successes = statuses.filter((s) => s.startsWith('2'));
      assert.equal(successes.length, 1, `${key}: one success status`);
      for (const [status, response] of Object.entries(op.responses)) {
        assert.ok(response.description && response.description !== 'Default Response', `${key} ${status}: described`);
      }
      const success = op.responses[successes[0]!]!;
      if (successes[0] === '204') {
        assert.equal(success.content, undefined, `${key}: 204 has no body`);
      } else {
        const media = success.content?.['application/json'];
        assert.ok(media?.example !== undefined || Object.keys(media?.examples ?? {}).length > 0, `${key}: success example`);
      }
      if (op.requestBody) {
        const media = op.requestBody.content['application/json'];
        assert.ok(media?.example !== undefined || Object.keys(media?.examples ?? {}).length > 0, `${key}: request example`);
      }
      for (const p of op.parameters ?? []) {
        assert.ok(p.example !== undefined || p.examples !== undefined, `${key}: parameter ${p.name} has an example`);
      }
    }
  });

  test('every error status lists its codes as an enum, each with an example, in the body shape of design.md §5', () => {
    let errors = 0;
    for (const { key, op } of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses).filter(([s]) => Number(s) >= 400)) {
        errors++;
        const media = response.content?.['application/json'];
        const props = (media?.schema as { properties?: Record<string, { enum?: unknown[] }> } | undefined)?.properties;
        assert.deepEqual(Object.keys(props ?? {}).sort(), ['code', 'error', 'message', 'statusCode'], `${key} ${status}`);
        assert.deepEqual(props!.statusCode!.enum, [Number(status)], `${key} ${status}`);
        const codes = props!.code!.enum as string[];
        assert.ok(codes.length > 0, `${key} ${status}: codes`);
        assert.deepEqual(Object.keys(media!.examples ?? {}).sort(), [...codes].sort(), `${key} ${status}: one example per code`);
        for (const code of codes) {
          assert.ok(response.description.includes(`\`${code}\``), `${key} ${status}: ${code} is described`);
        }
        assert.ok(response.headers?.['Cache-Control'], `${key} ${status}: no-store is documented`);
        if (status === '429') {
          assert.ok(response.headers?.['Retry-After'], `${key} 429: Retry-After is documented`);
        }
      }
    }
    assert.ok(errors > 50, `error responses found: ${errors}`);
  });

  test('the guest token: explained once for the document, declared per operation as the access rules need', () => {
    const info = doc.info.description ?? '';
    for (const needle of ['POST /shopping/guest-sessions', 'Authorization: Bearer', 'GUEST_TOKEN_REQUIRED', 'INVALID_GUEST_TOKEN', 'GUEST_RESOURCE_MISMATCH', 'never in a URL']) {
      assert.ok(info.includes(needle), `info description mentions ${needle}`);
    }
    assert.match(doc.components.securitySchemes.guestToken!.description ?? '', /POST \/shopping\/guest-sessions/);
    const security = (key: string) => JSON.stringify(operation(doc, key).security ?? []);
    const required = JSON.stringify([{ guestToken: [] }]);
    const optional = JSON.stringify([{ guestToken: [] }, {}]);
    for (const key of [REVOKE, LIST, HIDE, STARTER]) {
      assert.equal(security(key), required, key);
    }
    // Spec part 5 item 2: required once the resource is registered, optional before.
    for (const key of [GENERATE, HISTORY, PUT_FEEDBACK, GET_FEEDBACK, SHARE, SHARE_REVOKE]) {
      assert.equal(security(key), optional, key);
    }
    for (const key of [REGISTER, SHARED, TRACKING, HEALTH, READY]) {
      assert.equal(security(key), '[]', key);
    }
  });

  test('every example validates against its own schema', () => {
    const examples = examplesOf(doc);
    assert.ok(examples.length > 100, `examples found: ${examples.length}`);
    const failures = examples.flatMap(({ where, schema, value }) => {
      const validate = validator(schema);
      return validate(value) ? [] : [`${where}: ${ajv.errorsText(validate.errors)}`];
    });
    assert.deepEqual(failures, []);
  });

  test('an error the route does not declare keeps the body shape and no-store (the schemas serialise only what they declare)', async () => {
    const t = await buildTestApp('sqlite', {
      catalogs: {},
      beforeReady: (app) => {
        app.get<{ Querystring: { code: ErrorCode } }>(
          '/test/refuse',
          { schema: { hide: true, response: { 200: { type: 'object' }, ...errorResponses({ INVALID_REQUEST: 'always' }) } } },
          async (request) => {
            throw new AppError(request.query.code);
          },
        );
      },
    });
    try {
      // 409 is not declared at all; INVALID_CURSOR is a 400, but not one of the declared 400 codes.
      for (const [code, status, error] of [['MESSAGE_ID_CONFLICT', 409, 'Conflict'], ['INVALID_CURSOR', 400, 'Bad Request']] as const) {
        const res = await t.app.inject({ method: 'GET', url: `/test/refuse?code=${code}` });
        assert.equal(res.statusCode, status);
        assert.equal(res.headers['cache-control'], 'no-store');
        assert.deepEqual(res.json(), { statusCode: status, code, error, message: ERRORS[code].message });
      }
    } finally {
      await t.close();
    }
  });

  test('every declared (operation, status) has a scenario, and every scenario is of a declared pair', () => {
    const declared = declaredPairs(doc);
    const covered = new Set(SCENARIOS.map((s) => `${s.op} → ${s.status}`));
    assert.deepEqual(declared.filter((pair) => !covered.has(pair)), [], 'declared but without a scenario');
    assert.deepEqual([...covered].filter((pair) => !declared.includes(pair)), [], 'a scenario of an undeclared pair');
  });
});

for (const dialect of DIALECTS) {
  // Some cases send the shared sample images (a GIF, a broken PNG).
  describe(`API reference: every declared status is reachable [${dialect}]`, { skip: skipFor(dialect) || sharedDataSkip }, () => {
    const env = new Env(dialect);
    let doc: Document;
    before(async () => {
      doc = await served();
    });
    after(() => env.close());
    /** Per operation, whether each success was reached with or without a token. */
    const successes = new Map<string, boolean[]>();

    // A database that stops answering is PostgreSQL behind a proxy the test stops: those scenarios run
    // in the PostgreSQL pass only (the whole pass is skipped, with its reason, where PostgreSQL is absent).
    for (const s of SCENARIOS.filter((scenario) => !scenario.postgresOnly || dialect === 'postgres')) {
      test(`${s.op} → ${s.status}${s.code ? ` ${s.code}` : ''}: ${s.name}`, async () => {
        const options = await s.request(env);
        const t = await env.app(s.app ?? 'main');
        const res = await t.app.inject(options);
        assert.equal(res.statusCode, s.status, res.body.slice(0, 500));
        if (s.status < 300) {
          const withToken = Object.keys(options.headers ?? {}).some((h) => h.toLowerCase() === 'authorization');
          successes.set(s.op, [...(successes.get(s.op) ?? []), withToken]);
        }
        const response = operation(doc, s.op).responses[String(s.status)];
        assert.ok(response, `${s.op} does not declare ${s.status}`);
        const media = response.content?.['application/json'];
        if (media?.schema) {
          const validate = validator(media.schema);
          assert.ok(validate(res.json()), `the body matches the documented schema: ${ajv.errorsText(validate.errors)}\n${res.body.slice(0, 500)}`);
        } else {
          assert.equal(res.body, '', 'no body');
        }
        if (s.code !== undefined) {
          assert.equal(res.json().code, s.code);
        }
        for (const [name, header] of Object.entries(response.headers ?? {})) {
          const value = res.headers[name.toLowerCase()];
          assert.ok(value !== undefined, `header ${name} is documented and sent`);
          assert.ok(validator(header.schema)(name === 'Retry-After' ? Number(value) : value), `header ${name}: ${String(value)}`);
        }
      });
    }

    test('the declared security holds: token-optional operations succeeded without a token, token-only ones with it', () => {
      assert.equal(successes.size, operations(doc).length, 'every operation succeeded in some scenario');
      for (const { key, op } of operations(doc)) {
        const declared = JSON.stringify(op.security ?? []);
        const seen = successes.get(key) ?? [];
        if (declared === JSON.stringify([{ guestToken: [] }])) {
          assertEvery(seen, Boolean, `${key} declares the token required`);
        } else {
          assert.ok(seen.some((withToken) => !withToken), `${key} declares no token or an optional one: it succeeded without`);
        }
      }
    });
  });
}
