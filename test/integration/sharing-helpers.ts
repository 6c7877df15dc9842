/** Helpers of the sharing tests: dialogs made through generation, and the three sharing calls. */
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sample } from '../unit/images/helpers.ts';

/** A real JPEG as a Base64 image part. */
export const HOPPER_BASE64 = sample('pillow_testimages/hopper.jpg').toString('base64');
export const imagePart = { type: 'image', source: { type: 'base64', mediaType: 'image/jpeg', data: HOPPER_BASE64 } } as const;

export interface Say {
  resourceId: string;
  threadId: string;
  content: unknown;
  id?: string;
  tenant?: string;
  token?: string;
  remoteAddress?: string;
}

/** Sends one user message through generation; returns the answer (asserting 200). */
export async function say(app: FastifyInstance, m: Say): Promise<{ assistantMessageId: string; response: { contents: Array<{ type: string }> } }> {
  const res = await app.inject({
    method: 'POST',
    url: '/shopping/generate',
    headers: m.token ? { authorization: `Bearer ${m.token}` } : {},
    ...(m.remoteAddress ? { remoteAddress: m.remoteAddress } : {}),
    payload: {
      threadId: m.threadId,
      resourceId: m.resourceId,
      messages: [{ role: 'user', ...(m.id ? { id: m.id } : {}), content: m.content }],
      runtimeContext: { tenant_id: m.tenant ?? 'shop-a' },
    },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

const bearer = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

/** `POST /dialogs/share`, with a guest token when given. */
export function share(app: FastifyInstance, body: unknown, token?: string, remoteAddress?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/dialogs/share', payload: body as object, headers: bearer(token), ...(remoteAddress ? { remoteAddress } : {}) });
}

/** `GET /dialogs/shared/{token}`. */
export function readShared(app: FastifyInstance, shareToken: string, headers: Record<string, string> = {}, remoteAddress?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `/dialogs/shared/${shareToken}`, headers, ...(remoteAddress ? { remoteAddress } : {}) });
}

/** `POST /dialogs/share/revoke`, with a guest token when given. */
export function revokeShare(app: FastifyInstance, body: unknown, token?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/dialogs/share/revoke', payload: body as object, headers: bearer(token) });
}

/** Creates a share and returns its token (asserting 201). */
export async function shareToken(app: FastifyInstance, body: unknown, token?: string): Promise<string> {
  const res = await share(app, body, token);
  assert.equal(res.statusCode, 201, res.body);
  return res.json().share_token as string;
}

/** Every response of the sharing endpoints, errors included, must forbid caching. */
export function assertNoStore(res: { headers: Record<string, unknown> }, what = ''): void {
  assert.equal(res.headers['cache-control'], 'no-store', `Cache-Control ${what}`);
}
