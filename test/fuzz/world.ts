/**
 * The world a fuzz run talks to: the real app on a fresh database, with buyers registered and
 * dialogs, answers, shares and links created through the API, so generated requests can
 * name identifiers that exist and reach past the validator and the access checks.
 *
 * Buyers are created in a fixed order with fixed names: a replayed counterexample (by seed and
 * path) picks the same buyer, though its tokens are new. Image URLs are fetched by the real
 * fetcher with a policy that admits no address and a resolver that answers without DNS, so a
 * generated URL can never make the service connect anywhere.
 */
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import type { DialectName } from '../../src/db/dialect.ts';
import { createImagePipeline, createSafeFetcher } from '../../src/images/index.ts';
import type { ImageSamples } from './arbitraries.ts';
import type { Ref } from './values.ts';

const PROMPTS = [
  { id: 'phones', text: 'Смартфон до 30 000 ₽', pageTypes: ['HOMEPAGE', 'CATEGORY', 'SEARCH', 'OTHER'] },
  { id: 'headphones', text: 'Беспроводные наушники', pageTypes: ['HOMEPAGE', 'OTHER'] },
  { id: 'coffee', text: 'Кофемашина для дома', pageTypes: ['HOMEPAGE', 'OTHER'] },
  { id: 'gift', text: 'Подарок до 5 000 ₽', pageTypes: ['HOMEPAGE', 'OTHER', 'CART'] },
  { id: 'tv', text: 'Телевизор 55 дюймов', pageTypes: ['HOMEPAGE', 'CATEGORY'] },
  { id: 'similar', text: 'Покажи похожие товары', pageTypes: ['PRODUCT'] },
  { id: 'cheaper', text: 'Есть дешевле?', pageTypes: ['PRODUCT', 'SEARCH'] },
  { id: 'delivery', text: 'Как работает доставка?', pageTypes: [] },
];

/** Three shops: one with memory and starter prompts, one in English with Markdown, one behind an IP allow-list. */
export const FUZZ_TENANTS = [
  { id: 'shop-a', name: 'Shop A', memory: true, starterPrompts: { enabled: true, version: 2, prompts: PROMPTS } },
  { id: 'shop-b', name: 'Shop B', language: 'en', messageFormat: 'markdown' },
  { id: 'restricted', name: 'Restricted Shop', allowedIps: ['10.0.0.0/8', '2001:db8::/32'], starterPrompts: { enabled: true, prompts: PROMPTS } },
];

/** The address each shop's buyers send from (the restricted shop admits 10.0.0.0/8 only). */
const HOME_IP: Record<string, string> = { 'shop-a': '127.0.0.1', 'shop-b': '127.0.0.1', restricted: '10.1.2.3' };

/** A dialog created during setup, with the identifiers of its messages and links. */
export interface DialogRecord {
  threadId: string;
  clientMessageIds: string[];
  assistantMessageIds: string[];
  userMessageIds: string[];
  shareTokens: string[];
  /** Signed values of its tracking links. */
  signed: string[];
}

export interface Buyer {
  tenant: string;
  resourceId: string;
  /** Null for a resource that was never registered (the earlier, tokenless mode). */
  token: string | null;
  ip: string;
  dialogs: DialogRecord[];
  cursors: string[];
}

export interface World {
  t: TestApp;
  dialect: DialectName;
  /** Buyers with dialogs, answers and shares. */
  buyers: Buyer[];
  /** Guests with a dialog each, for hiding (their dialogs are hidden as the run goes on). */
  hideable: Buyer[];
  /** Guests without dialogs, for revoking (their tokens are spent as the run goes on). */
  revocable: Buyer[];
  /** A token that was revoked during setup. */
  revokedToken: string;
  skus: string[];
  images: ImageSamples;
  /**
   * The string a `Ref` stands for, for the request's buyer: identifiers of dialog
   * `dialog + ref.pick`, so references with the same pick name one dialog and its messages.
   */
  resolve(buyer: Buyer, dialog: number, ref: Ref): string;
  close(): Promise<void>;
}

async function imageSamples(): Promise<ImageSamples> {
  const pixels = sharp({ create: { width: 3, height: 2, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  const [png, jpeg, webp] = await Promise.all([pixels.clone().png().toBuffer(), pixels.clone().jpeg().toBuffer(), pixels.clone().webp().toBuffer()]);
  return {
    valid: [
      { mediaType: 'image/png', data: png.toString('base64') },
      { mediaType: 'image/jpeg', data: jpeg.toString('base64') },
      { mediaType: 'image/webp', data: webp.toString('base64') },
    ],
  };
}

const QUERIES = ['смартфон samsung', 'наушники до 10000', 'покажи дешевле', 'ноутбук для работы'];

/** Builds the app and the buyers. `env` may raise limits further. */
export async function buildWorld(dialect: DialectName): Promise<World> {
  const t = await buildTestApp(dialect, {
    tenants: FUZZ_TENANTS,
    env: {
      // Warnings and errors only: the harness reads them per request, and info lines would grow the log by the request.
      LOG_LEVEL: 'warn',
      RATE_LIMIT_REGISTRATION: '1000000',
      RATE_LIMIT_SHARE: '1000000',
      RATE_LIMIT_SHARE_PER_DIALOG: '1000000',
      RATE_LIMIT_SHARED_READ: '1000000',
      RATE_LIMIT_SHARED_READ_FAILED: '1000000',
    },
    app: {
      images: createImagePipeline({
        fetcher: createSafeFetcher({
          isAllowedAddress: () => false,
          resolveHost: async () => [{ address: '192.0.2.1', family: 4 }],
          timeoutMs: 1000,
        }),
      }),
    },
  });
  const { app } = t;
  const ok = async (what: string, res: { statusCode: number; body: string }, status: number) => {
    if (res.statusCode !== status) {
      throw new Error(`fuzz world setup: ${what} answered ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
  };

  const register = async (tenant: string, resourceId: string): Promise<Buyer> => {
    const res = await app.inject({ method: 'POST', url: '/shopping/guest-sessions', payload: { tenant_id: tenant, resourceId }, remoteAddress: HOME_IP[tenant] });
    await ok('registration', res, 201);
    return emptyBuyer(tenant, resourceId, res.json().accessToken as string);
  };
  const emptyBuyer = (tenant: string, resourceId: string, token: string | null): Buyer => ({
    tenant,
    resourceId,
    token,
    ip: HOME_IP[tenant]!,
    dialogs: [],
    cursors: [],
  });
  const headers = (b: Buyer) => (b.token ? { authorization: `Bearer ${b.token}` } : {});

  const converse = async (b: Buyer, threadId: string, turns: number) => {
    const d: DialogRecord = { threadId, clientMessageIds: [], assistantMessageIds: [], userMessageIds: [], shareTokens: [], signed: [] };
    b.dialogs.push(d);
    for (let i = 0; i < turns; i++) {
      const clientId = `${threadId}-m${i}`;
      const res = await app.inject({
        method: 'POST',
        url: '/shopping/generate',
        headers: headers(b),
        remoteAddress: b.ip,
        payload: {
          threadId,
          resourceId: b.resourceId,
          trafficType: 'test',
          messages: [{ role: 'user', id: clientId, content: QUERIES[(b.dialogs.length + i) % QUERIES.length] }],
          runtimeContext: { tenant_id: b.tenant, ctx: { type: 'HOMEPAGE' } },
        },
      });
      await ok('generation', res, 200);
      const answer = res.json() as { assistantMessageId: string; events?: Array<{ url?: string; urls?: string[] }>; response: { contents: Array<{ value?: unknown }> } };
      d.clientMessageIds.push(clientId);
      d.assistantMessageIds.push(answer.assistantMessageId);
      const links: string[] = [];
      const collect = (events: Array<{ url?: string; urls?: string[] }> | undefined) => {
        for (const e of events ?? []) {
          links.push(...(e.urls ?? []), ...(e.url ? [e.url] : []));
        }
      };
      collect(answer.events);
      for (const block of answer.response.contents) {
        if (Array.isArray(block.value)) {
          for (const product of block.value as Array<{ events?: Array<{ url?: string; urls?: string[] }> }>) {
            collect(product.events);
          }
        }
      }
      for (const link of links) {
        const match = /\/shopping\/events\/([^?#]+)/.exec(link);
        if (match) {
          d.signed.push(decodeURIComponent(match[1]!));
        }
      }
    }
    const history = await app.inject({
      method: 'POST',
      url: '/shopping/history',
      headers: headers(b),
      remoteAddress: b.ip,
      payload: { tenant_id: b.tenant, resourceId: b.resourceId, threadId },
    });
    await ok('history', history, 200);
    for (const item of (history.json() as { items: Array<{ id: string; role: string }> }).items) {
      if (item.role === 'user') {
        d.userMessageIds.push(item.id);
      }
    }
    const share = await app.inject({ method: 'POST', url: '/dialogs/share', headers: headers(b), payload: { user_id: b.resourceId, dialog_id: threadId } });
    await ok('share', share, 201);
    d.shareTokens.push(share.json().share_token as string);
  };

  const buyers: Buyer[] = [];
  const hideable: Buyer[] = [];
  const revocable: Buyer[] = [];
  for (const { id: tenant } of FUZZ_TENANTS) {
    for (let g = 0; g < 2; g++) {
      const b = await register(tenant, `fz-${tenant}-g${g}`);
      await converse(b, `fz-${tenant}-g${g}-d0`, 2);
      await converse(b, `fz-${tenant}-g${g}-d1`, 1);
      const list = await app.inject({ method: 'GET', url: '/shopping/dialogs?limit=1', headers: headers(b), remoteAddress: b.ip });
      await ok('dialog list', list, 200);
      const cursor = (list.json() as { pagination: { nextCursor: string | null } }).pagination.nextCursor;
      if (cursor) {
        b.cursors.push(cursor);
      }
      buyers.push(b);
    }
    const legacy = emptyBuyer(tenant, `fz-${tenant}-legacy`, null);
    await converse(legacy, `fz-${tenant}-legacy-d0`, 1);
    buyers.push(legacy);

    const h = await register(tenant, `fz-${tenant}-h`);
    for (let d = 0; d < 3; d++) {
      await converse(h, `fz-${tenant}-h-d${d}`, 1);
    }
    hideable.push(h);
    for (let r = 0; r < 3; r++) {
      revocable.push(await register(tenant, `fz-${tenant}-r${r}`));
    }
  }
  const spent = await register('shop-a', 'fz-revoked');
  await ok('revoke', await app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: headers(spent) }), 204);

  const skus = ['101001', '101002', '102001', 'no-such-sku', '__proto__'];
  const images = await imageSamples();
  let fresh = 0;
  const at = <T>(list: T[], i: number, fallback: T): T => (list.length === 0 ? fallback : list[i % list.length]!);
  const others = (b: Buyer) => buyers.filter((o) => o !== b);

  return {
    t,
    dialect,
    buyers,
    hideable,
    revocable,
    revokedToken: spent.token!,
    skus,
    images,
    resolve(b, dialog, ref) {
      const other = at(others(b), dialog + ref.pick, b);
      const own = at<DialogRecord | null>(b.dialogs, dialog + ref.pick, null);
      const theirs = at<DialogRecord | null>(other.dialogs, dialog + ref.pick, null);
      // The n-th message of a dialog, for the n-th reference to it (picks beyond the dialogs' count).
      const nth = (list: string[] | undefined, fallback: string) => at(list ?? [], Math.floor((dialog + ref.pick) / Math.max(1, b.dialogs.length)), fallback);
      switch (ref.kind) {
        case 'tenant':
          return b.tenant;
        case 'otherTenant':
          return at(
            FUZZ_TENANTS.map((x) => x.id).filter((id) => id !== b.tenant),
            ref.pick,
            b.tenant,
          );
        case 'unknownTenant':
          return at(['no-such-shop', 'SHOP-A', 'shop-a ', 'constructor', '__proto__', 'toString'], ref.pick, 'x');
        case 'resourceId':
          return b.resourceId;
        case 'otherResourceId':
          return other.resourceId;
        case 'threadId':
          return own?.threadId ?? `fz-none-${ref.pick}`;
        case 'otherThreadId':
          return theirs?.threadId ?? 'fz-none';
        case 'clientMessageId':
          return nth(own?.clientMessageIds, 'fz-none-m');
        case 'assistantMessageId':
          return nth(own?.assistantMessageIds, '00000000-0000-4000-8000-000000000000');
        case 'userMessageId':
          return nth(own?.userMessageIds, '00000000-0000-4000-8000-000000000001');
        case 'shareToken':
          return nth(own?.shareTokens ?? theirs?.shareTokens, 'sh_none');
        case 'cursor':
          return at(b.cursors, ref.pick, at(other.cursors, ref.pick, 'none'));
        case 'signed':
          return nth(own?.signed ?? theirs?.signed, 'debug');
        case 'sku':
          return at(skus, ref.pick, '101001');
        case 'fresh':
          return `fz-new-${++fresh}`;
      }
    },
    close: () => t.close(),
  };
}
