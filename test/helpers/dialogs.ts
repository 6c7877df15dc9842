/**
 * Small HTTP helpers for the dialog endpoints' integration tests: a generation turn, a
 * history read, the dialog list, and a poll for rows written in the background. They go
 * through `app.inject` only; nothing of Aisle's own is replaced.
 */
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.ts';

export interface Turn {
  tenant?: string;
  resourceId: string;
  threadId: string;
  /** A string, or parts as in spec 2.2. */
  content?: unknown;
  messageId?: string;
  trafficType?: 'real' | 'test' | 'debug';
  token?: string;
  remoteAddress?: string;
}

/** The body of `POST /shopping/generate` for one user message. */
export function generateBody(turn: Turn): Record<string, unknown> {
  return {
    threadId: turn.threadId,
    resourceId: turn.resourceId,
    ...(turn.trafficType ? { trafficType: turn.trafficType } : {}),
    messages: [{ role: 'user', ...(turn.messageId ? { id: turn.messageId } : {}), content: turn.content ?? 'смартфон samsung' }],
    runtimeContext: { tenant_id: turn.tenant ?? 'shop-a' },
  };
}

/** Sends one generation turn and returns the raw response. */
export function sendTurn(t: TestApp, turn: Turn): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/shopping/generate',
    payload: generateBody(turn),
    headers: turn.token ? { authorization: `Bearer ${turn.token}` } : {},
    ...(turn.remoteAddress ? { remoteAddress: turn.remoteAddress } : {}),
  });
}

export interface Answer {
  threadId: string;
  resourceId: string;
  assistantMessageId: string;
  response: { contents: Array<Record<string, unknown>>; ui?: { suggests?: string[] } };
  responseLatencyMs: number;
  events: Array<{ type: string; url?: string; urls?: string[] }>;
}

/** Sends one generation turn that must succeed (200) and returns its answer. */
export async function generate(t: TestApp, turn: Turn): Promise<Answer> {
  const res = await sendTurn(t, turn);
  assert.equal(res.statusCode, 200, `generation failed: ${res.statusCode} ${res.body}`);
  return res.json() as Answer;
}

/** `POST /shopping/history` with any body (a string is sent as is, for malformed JSON). */
export function readHistory(t: TestApp, body: unknown, options: { token?: string; remoteAddress?: string } = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/shopping/history',
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** `GET /shopping/dialogs` with the given query (values are URL-encoded here, as a client does). */
export function listDialogs(t: TestApp, token: string | undefined, query: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const qs = new URLSearchParams(query).toString();
  return t.app.inject({
    method: 'GET',
    url: `/shopping/dialogs${qs ? `?${qs}` : ''}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** Path and query of an absolute URL, for `inject`. */
export function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

/** Polls `read` until `done` holds (the tracking writer flushes every 20 ms in tests); fails after ~3 s. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  let value = await read();
  for (let i = 0; i < 150 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  assert.ok(done(value), `timed out waiting for ${what}`);
  return value;
}
