/**
 * A realistic, reproducible population of guests, dialogs and messages, produced as rows
 * exactly as Aisle writes them (src/modules/generation/service.ts and repository.ts,
 * src/modules/guest-sessions/service.ts, src/modules/feedback/service.ts):
 *
 * - assistant answers are real catalogue-engine answers to real buyer messages over the
 *   tenant's own catalogue, with their product cards, block and card events signed with
 *   the database's signing secret for that very dialog and message, and the engine state;
 * - user messages carry the client's message id and the request fingerprint;
 * - dialogs have the id (derived from their key), title, creation and last-message times
 *   the service derives;
 * - guest sessions store only the SHA-256 of their token; the tokens themselves are
 *   derived from a seed key so the benchmark (and anyone seeding a test database) can use them.
 *
 * Answers are computed once per distinct buyer message ("templates") and then filled per
 * stored message with freshly signed links, because running the engine a million times
 * would turn minutes into hours while the stored bytes would be the same.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Tenant } from '../../src/config/index.ts';
import type { CatalogIndex } from '../../src/catalog/search/index.ts';
import { createCatalogEngine } from '../../src/assistant/catalog-engine/index.ts';
import type { EngineTurn, TrackingLinks } from '../../src/assistant/engine.ts';
import { createTrackingLinks, EVENT_PURPOSE, type EventPayload } from '../../src/modules/tracking/links.ts';
import { createSigner } from '../../src/security/signer.ts';
import { hashToken } from '../../src/security/tokens.ts';
import { assistantText, dialogTitle } from '../../src/modules/dialogs/stored-content.ts';
import { requestFingerprint } from '../../src/modules/generation/fingerprint.ts';
import { MICROS_PER_DAY } from '../../src/clock.ts';
import { SESSION_LIFETIME_MICROS } from '../../src/modules/guest-sessions/service.ts';
import { seededRandom, uuidFrom } from './util.ts';
import { createFastLinkSigner } from './link-signer.ts';

/** Column order of every table the seeder fills; rows are value arrays in this order. */
export const COLUMNS = {
  guest_sessions: ['id', 'tenant_id', 'resource_id', 'token_hash', 'created_at', 'expires_at', 'extended_at', 'revoked_at'],
  dialogs: ['id', 'tenant_id', 'resource_id', 'thread_id', 'session_id', 'title', 'created_at', 'last_message_at', 'hidden_at'],
  messages: [
    'id',
    'dialog_id',
    'role',
    'content',
    'created_at',
    'client_message_id',
    'fingerprint',
    'reply_to',
    'traffic_type',
    'latency_ms',
    'events',
    'engine_state',
  ],
  feedback: ['message_id', 'reaction', 'updated_at'],
} as const;

export type TableName = keyof typeof COLUMNS;
export type Row = Array<string | number | null>;
export type Batch = Record<TableName, Row[]>;
/** Insert order that satisfies the foreign keys. */
export const TABLE_ORDER: TableName[] = ['guest_sessions', 'dialogs', 'messages', 'feedback'];

/** First messages of dialogs: what buyers of a general store write (mostly Russian, some English). */
export const OPENERS = [
  'жесткий диск samsung',
  'ssd 512 гб до 5000 рублей',
  'видеокарта для игр',
  'блок питания 600w',
  'батарейки AA',
  'веб камера с микрофоном',
  'наушники с микрофоном до 2000',
  'мышь беспроводная',
  'зарядка для ноутбука hp',
  'смеситель для кухни',
  'смеситель для ванной с душем',
  'полотенцесушитель из нержавейки',
  'шаровой кран 1/2',
  'унитаз компакт',
  'барный стул',
  'деревянный стул до 5 тыс',
  'диван раскладной',
  'стол для кафе',
  'эфирное масло лаванды',
  'навигатор для автомобиля',
  'стиральная машина lg',
  'кондиционер для квартиры',
  'холодильник no frost',
  'чехол для iphone',
  'защитное стекло для телефона',
  'автомобильная зарядка',
  'беспроводные наушники',
  'колонка bluetooth',
  'картридж для принтера hp',
  'ноутбук 16 гб',
  'монитор 27 дюймов',
  'флешка 64 гб',
  'клавиатура logitech',
  'кабель usb type-c',
  'роутер wifi',
  'фен для волос',
  'утюг с отпаривателем',
  'электрический чайник',
  'кофемашина для дома',
  'пылесос для квартиры',
  'подарок до 3000 рублей',
  'что есть из инструментов?',
  'iphone case',
  'wireless headphones under $100',
  'usb flash drive 64gb',
  'laptop charger',
  'привет',
  'позовите оператора',
];

/** Later messages of a dialog: refinements of the previous search and small talk. */
export const FOLLOW_UPS = ['а подешевле?', 'а подороже?', 'другого бренда', 'покажи похожие', 'только в наличии', 'что к нему подойдёт?'];
const CLOSERS = ['спасибо!', 'спасибо, посмотрю', 'а доставка есть?'];

interface Slot {
  /** The end of the link's payload JSON after `"y":` — `"IMP"}` or `"click","s":"SKU"}` — as JSON.stringify writes it. */
  tail: string;
}

/** A stored answer with holes where the per-message signed links go. */
interface Filled {
  parts: string[];
  slots: Slot[];
}

export interface Template {
  text: string;
  content: Filled;
  events: Filled;
  state: string | null;
  /** Templates that may follow this one in the same dialog (refinements of this answer). */
  followUps: number[];
}

const MARK = /@@T(\d+)@@/g;

/** Splits a JSON text at the link markers the fake tracking object wrote. */
function holes(json: string, slots: Slot[]): Filled {
  const parts: string[] = [];
  const used: Slot[] = [];
  let last = 0;
  for (const m of json.matchAll(MARK)) {
    parts.push(json.slice(last, m.index));
    used.push(slots[Number(m[1])]!);
    last = m.index + m[0].length;
  }
  parts.push(json.slice(last));
  return { parts, slots: used };
}

/**
 * Runs the real catalogue engine once per distinct buyer message (and per follow-up of
 * each), recording where its signed links go.
 */
export async function buildTemplates(tenant: Tenant, index: CatalogIndex): Promise<Template[]> {
  const engine = createCatalogEngine({ catalogs: { get: () => index } });
  const signal = new AbortController().signal;
  const templates: Template[] = [];
  const run = async (text: string, history: EngineTurn[]) => {
    const slots: Slot[] = [];
    const mark = (y: string, s: string | null) => {
      slots.push({ tail: s === null ? `${JSON.stringify(y)}}` : `${JSON.stringify(y)},"s":${JSON.stringify(s)}}` });
      return `@@T${slots.length - 1}@@`;
    };
    const tracking: TrackingLinks = { block: (type) => mark(type, null), card: (type, sku) => mark(type, sku) };
    const result = await engine.answer({ tenant, text, image: null, page: { type: 'HOMEPAGE' }, history, preferences: null, tracking, signal });
    const template: Template = {
      text,
      content: holes(JSON.stringify(result.answer.response), slots),
      events: holes(JSON.stringify(result.answer.events), slots),
      state: result.state ? JSON.stringify(result.state) : null,
      followUps: [],
    };
    templates.push(template);
    return { template, result };
  };
  for (const opener of OPENERS) {
    const { template, result } = await run(opener, []);
    const hasProducts = result.answer.response.contents.some((b) => b.type === 'products');
    const history: EngineTurn[] = [
      { role: 'user', text: opener },
      { role: 'assistant', text: assistantText(result.answer.response), response: result.answer.response, state: result.state ?? null },
    ];
    for (const followUp of hasProducts ? FOLLOW_UPS : []) {
      const before = templates.length;
      await run(followUp, history);
      template.followUps.push(before);
    }
    for (const closer of CLOSERS) {
      const before = templates.length;
      await run(closer, history);
      template.followUps.push(before);
    }
  }
  return templates;
}

/** The fixed guests the benchmark reads and writes through; they exist only in a block that starts at resource 0. */
export const FIXTURES = [
  /** The dialog list: 120 dialogs of two turns. */
  { resourceId: 'bench-list', turns: Array<number>(120).fill(2) },
  /** History: one dialog of 100 turns (200 messages) and two short ones. */
  { resourceId: 'bench-history', turns: [100, 1, 1] },
  /** PUT feedback: one dialog of 50 answers. */
  { resourceId: 'bench-feedback', turns: [50] },
  /** Sharing: one dialog of 10 turns. */
  { resourceId: 'bench-share', turns: [10] },
  /** Generation writes its turns here. */
  { resourceId: 'bench-gen', turns: [] as number[] },
] as const;

export const FIXTURE_DIALOGS = FIXTURES.reduce((n, f) => n + f.turns.length, 0);
export const FIXTURE_MESSAGES = FIXTURES.reduce((n, f) => n + 2 * f.turns.reduce((a, b) => a + b, 0), 0);

/** Thread id of a fixture dialog: `bench-history-0` is the long one. */
export function fixtureThreadId(resourceId: string, index: number): string {
  return `${resourceId}-${index}`;
}

/** The guest token of a seeded resource, derived from the seed key (only its hash is stored). */
export function seededToken(seedKey: string, tenantId: string, resourceId: string): string {
  return `gst_${createHmac('sha256', seedKey).update(`${tenantId}\0${resourceId}`).digest('base64url')}`;
}

/** Resource id of the i-th seeded (non-fixture) resource. */
export function seededResourceId(seedKey: string, i: number): string {
  return uuidFrom(`${seedKey}:resource:${i}`);
}

export interface BlockSpec {
  /** Index of the first resource of this block (fixtures exist only in the block starting at 0). */
  firstResource: number;
  resources: number;
  dialogs: number;
  messages: number;
  fixtures: boolean;
}

export interface PopulationOptions {
  seedKey: string;
  tenants: Tenant[];
  /** Answer templates per tenant, in the order of `tenants` (each over that tenant's catalogue). */
  templates: Template[][];
  signingSecret: string;
  publicBaseUrl: string;
  /** "Now" of the population, microseconds. */
  now: number;
  /** Resources per generated batch (bounds memory). */
  batchResources?: number;
}

/** Share of resources registered through a guest session (the rest are legacy, token-less). */
const GUEST_SHARE = 0.6;
const REVOKED_SHARE = 0.015;
const HIDDEN_SHARE = 0.04;
const FEEDBACK_SHARE = 0.1;
const HISTORY_DAYS = 180;

/** Checks a block's numbers before anything is written. */
export function checkBlock(spec: BlockSpec): void {
  const fixtureResources = spec.fixtures ? FIXTURES.length : 0;
  const dialogs = spec.dialogs - (spec.fixtures ? FIXTURE_DIALOGS : 0);
  const messages = spec.messages - (spec.fixtures ? FIXTURE_MESSAGES : 0);
  if (spec.resources < fixtureResources || dialogs < 0 || messages < 0) {
    throw new Error(`a block with the benchmark's fixtures needs at least ${fixtureResources} resources, ${FIXTURE_DIALOGS} dialogs and ${FIXTURE_MESSAGES} messages`);
  }
  if (messages % 2 !== 0) {
    throw new Error('messages come in user/assistant pairs: the number of messages must be even');
  }
  if (messages / 2 < dialogs) {
    throw new Error(`${dialogs} dialogs need at least ${2 * dialogs} messages (one turn each)`);
  }
  if (dialogs > 0 && spec.resources - fixtureResources === 0) {
    throw new Error('dialogs need resources to belong to');
  }
}

/** Skewed counts: every slot gets `min`, the rest go preferably to a few (as real usage does). */
function skewed(random: () => number, slots: number, total: number, min: number): Int32Array {
  const out = new Int32Array(slots).fill(min);
  for (let left = total - slots * min; left > 0; left--) {
    out[Math.floor(slots * random() ** 1.5)]!++;
  }
  // Shuffle so that heavy slots are not the low indices.
  for (let i = slots - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}

interface DialogPlan {
  threadId: string;
  turns: number;
  /** Microseconds. */
  start: number;
  gapScale: number;
  hidden: boolean;
  fixture: boolean;
}

/**
 * Generates the rows of one block, in batches of whole resources. The same spec, seed key
 * and templates give the same identifiers (thread ids, resource ids, tokens); message and
 * message ids are random UUIDs like the app's.
 */
export function* generateBlock(spec: BlockSpec, options: PopulationOptions): Generator<Batch> {
  checkBlock(spec);
  const { seedKey, now } = options;
  const random = seededRandom(`${seedKey}:block:${spec.firstResource}:${spec.resources}:${spec.dialogs}:${spec.messages}`);
  const fixtureCount = spec.fixtures ? FIXTURES.length : 0;
  const plainResources = spec.resources - fixtureCount;
  const plainDialogs = spec.dialogs - (spec.fixtures ? FIXTURE_DIALOGS : 0);
  const plainTurns = (spec.messages - (spec.fixtures ? FIXTURE_MESSAGES : 0)) / 2;
  const dialogsPer = plainResources > 0 ? skewed(random, plainResources, plainDialogs, plainDialogs >= plainResources ? 1 : 0) : new Int32Array(0);
  const turnsPer = skewed(random, plainDialogs, plainTurns, 1);
  const choices = options.templates.map((templates) => {
    const openers = templates.map((t, i) => ({ t, i })).filter(({ t }) => OPENERS.includes(t.text));
    return { templates, openers, searchOpeners: openers.filter(({ t }) => t.followUps.length > CLOSERS.length) };
  });
  const forAnswer = createFastLinkSigner(options.signingSecret, options.publicBaseUrl);
  const realSigner = createSigner(options.signingSecret);
  const linkPrefix = `${options.publicBaseUrl}/shopping/events/`;
  let answers = 0;
  const batchResources = options.batchResources ?? 20;
  const tenantJson = options.tenants.map((t) => JSON.stringify(t.id));
  let dialogCursor = 0;

  const empty = (): Batch => ({ guest_sessions: [], dialogs: [], messages: [], feedback: [] });
  let batch = empty();
  let inBatch = 0;

  for (let r = 0; r < spec.resources; r++) {
    const fixture = r < fixtureCount ? FIXTURES[r]! : null;
    const globalIndex = spec.firstResource + r;
    const tenantIndex = fixture ? 0 : globalIndex % options.tenants.length;
    const tenant = options.tenants[tenantIndex]!;
    const { templates, openers, searchOpeners } = choices[tenantIndex]!;
    const resourceId = fixture ? fixture.resourceId : seededResourceId(seedKey, globalIndex);
    const guest = fixture !== null || random() < GUEST_SHARE;

    // The resource's dialogs.
    const plans: DialogPlan[] = [];
    if (fixture) {
      fixture.turns.forEach((turns, j) => {
        plans.push({
          threadId: fixtureThreadId(fixture.resourceId, j),
          turns,
          // Recent, one dialog every ten minutes, so the list order is fixed.
          start: now - (j + 1) * 600_000_000 - turns * 120_000_000 + Math.floor(random() * 1000),
          gapScale: 0.2,
          hidden: false,
          fixture: true,
        });
      });
    } else {
      const count = dialogsPer[r - fixtureCount]!;
      for (let j = 0; j < count; j++) {
        const turns = turnsPer[dialogCursor++]!;
        plans.push({
          threadId: uuidFrom(`${seedKey}:thread:${globalIndex}:${j}`),
          turns,
          start: now - Math.floor(random() * HISTORY_DAYS * MICROS_PER_DAY) - turns * 600_000_000,
          gapScale: 0.2 + random() * 2,
          hidden: random() < HIDDEN_SHARE,
          fixture: false,
        });
      }
    }

    const sessionId = guest ? uuidFrom(`${seedKey}:session:${tenant.id}:${resourceId}`) : null;
    // A guest without dialogs registered some time ago and never wrote.
    let firstActivity = plans.length > 0 ? Number.MAX_SAFE_INTEGER : now - Math.floor(random() * HISTORY_DAYS * MICROS_PER_DAY);
    let lastActivity = plans.length > 0 ? 0 : firstActivity;

    for (const plan of plans) {
      // As the generation service names a new dialog: derived from its key with the signing secret.
      const dialogId = realSigner.stableId('dialog', `${tenant.id}\0${resourceId}\0${plan.threadId}`);
      let t = plan.start;
      let title = '';
      let current = searchOpeners.length > 0 && random() < 0.93 ? searchOpeners[Math.floor(random() * searchOpeners.length)]!.i : openers[Math.floor(random() * openers.length)]!.i;
      let base = current;
      let lastAt = t;
      for (let turn = 0; turn < plan.turns; turn++) {
        if (turn > 0) {
          const follow = templates[base]!.followUps;
          const roll = random();
          if (roll < 0.45 && follow.length > 0) {
            current = follow[Math.floor(random() * follow.length)]!;
          } else {
            base = searchOpeners.length > 0 ? searchOpeners[Math.floor(random() * searchOpeners.length)]!.i : base;
            current = base;
          }
          t += Math.floor((10 + random() * 300) * 1_000_000 * plan.gapScale);
        }
        const template = templates[current]!;
        if (turn === 0) {
          title = dialogTitle(template.text);
        }
        const userId = randomUUID();
        const assistantId = randomUUID();
        // Most widgets send a message id (it makes retries safe); the fingerprint is kept either way.
        const clientId = random() < 0.95 ? randomUUID() : null;
        const trafficRoll = random();
        const traffic = trafficRoll < 0.9 ? 'real' : trafficRoll < 0.98 ? null : 'test';
        const message = clientId ? { role: 'user', id: clientId, content: template.text } : { role: 'user', content: template.text };
        const fingerprint = requestFingerprint({ trafficType: traffic, messages: [message], runtimeContext: { tenant_id: tenant.id, ctx: { type: 'HOMEPAGE' } } });
        const latencyMs = 2 + Math.floor(random() * random() * 60);
        const receivedAt = t;
        const answeredAt = receivedAt + latencyMs * 1000 - Math.floor(random() * 500);
        const sign = forAnswer(`{"t":${tenantJson[tenantIndex]},"d":"${dialogId}","m":"${assistantId}","y":`);
        const fill = (f: Filled) => {
          let out = f.parts[0]!;
          for (let k = 0; k < f.slots.length; k++) {
            out += sign(f.slots[k]!.tail) + f.parts[k + 1]!;
          }
          return out;
        };
        // Every so often, one link goes through the app's own verifier: a wrong byte stops the seeding.
        if (answers++ % 5000 === 0 && template.events.slots.length > 0) {
          const link = sign(template.events.slots[0]!.tail);
          const payload = realSigner.verify<EventPayload>(EVENT_PURPOSE, link.slice(linkPrefix.length));
          if (!payload || payload.m !== assistantId || payload.d !== dialogId) {
            throw new Error(`a seeded tracking link does not verify: ${link}`);
          }
        }
        batch.messages.push(
          [userId, dialogId, 'user', JSON.stringify(template.text), receivedAt, clientId, fingerprint, null, traffic, null, null, null],
          [assistantId, dialogId, 'assistant', fill(template.content), answeredAt, null, null, userId, traffic, latencyMs, fill(template.events), template.state],
        );
        if (!plan.fixture && random() < FEEDBACK_SHARE) {
          batch.feedback.push([assistantId, random() < 0.72 ? 'like' : 'dislike', answeredAt + Math.floor(random() * 120_000_000)]);
        } else if (plan.fixture && resourceId === 'bench-history' && turn % 10 === 3) {
          batch.feedback.push([assistantId, 'like', answeredAt + 5_000_000]);
        }
        lastAt = answeredAt;
      }
      const hiddenAt = plan.hidden ? Math.min(now, lastAt + Math.floor(random() * 3 * MICROS_PER_DAY)) : null;
      batch.dialogs.push([dialogId, tenant.id, resourceId, plan.threadId, sessionId, title, plan.start, lastAt, hiddenAt]);
      firstActivity = Math.min(firstActivity, plan.start);
      lastActivity = Math.max(lastActivity, lastAt);
    }

    if (guest) {
      const createdAt = firstActivity - Math.floor(random() * 3_600_000_000);
      // The benchmark's guests were active two minutes ago, so their first request slides the expiry once.
      const extendedAt = fixture ? now - 120_000_000 : Math.min(now, lastActivity);
      const revokedAt = !fixture && random() < REVOKED_SHARE ? Math.min(now, extendedAt + Math.floor(random() * MICROS_PER_DAY)) : null;
      batch.guest_sessions.push([
        sessionId!,
        tenant.id,
        resourceId,
        hashToken(seededToken(seedKey, tenant.id, resourceId)),
        createdAt,
        extendedAt + SESSION_LIFETIME_MICROS,
        extendedAt,
        revokedAt,
      ]);
    }

    if (++inBatch >= batchResources) {
      yield batch;
      batch = empty();
      inBatch = 0;
    }
  }
  if (inBatch > 0) {
    yield batch;
  }
}

/**
 * Proves the fast link signer writes what the app would: the same links as
 * `createTrackingLinks` with the real signer, which also verifies them.
 */
export function checkLinkSigner(secret: string, baseUrl: string): void {
  const ids = { tenantId: 'shop "1"', dialogId: randomUUID(), messageId: randomUUID() };
  const real = createTrackingLinks(createSigner(secret), baseUrl, ids);
  const sign = createFastLinkSigner(secret, baseUrl)(`{"t":${JSON.stringify(ids.tenantId)},"d":"${ids.dialogId}","m":"${ids.messageId}","y":`);
  const pairs: Array<[string, string]> = [
    [real.block('WRIMP'), sign('"WRIMP"}')],
    [real.card('click', 'b59:7526/"ё"'), sign(`"click","s":${JSON.stringify('b59:7526/"ё"')}}`)],
  ];
  for (const [a, b] of pairs) {
    if (a !== b) {
      throw new Error(`seeded event links would differ from the app's:\n${a}\n${b}`);
    }
  }
}
