/**
 * Public sharing through HTTP (spec 2.11, 3.3, 4.10–4.12, part 5 items 2, 8, 9, 11):
 * every row of 3.3, the snapshot's exact content and what it must never contain,
 * immutability, cuts, expiry on the injected clock, revoke, the guest-token rules,
 * storage of the token as a hash only, `Cache-Control: no-store` and the logs.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../helpers/assert.ts';
import { createHash, randomBytes } from 'node:crypto';
import { DIALECTS, createUnreliablePostgres, skipFor } from '../helpers/storage.ts';
import { sharedDataSkip } from '../helpers/shared-data.ts';
import { responseChecker } from '../helpers/response-schema.ts';
import { SharedSnapshot } from '../../src/modules/sharing/schemas.ts';
import { buildTestApp, registerGuest, auth, NO_RATE_LIMITS, type TestApp } from '../helpers/app.ts';
import { postgresSkip } from '../helpers/services.ts';
import { MICROS_PER_DAY } from '../../src/clock.ts';
import { createSharingRepository } from '../../src/modules/sharing/repository.ts';
import { createSharingService } from '../../src/modules/sharing/service.ts';
import { createKeptSnapshots } from '../../src/modules/sharing/kept-snapshots.ts';
import { createAnnouncedChanges } from '../../src/announcements/announced-changes.ts';
import { PURGE_GRACE_MICROS, startPurgeJob } from '../../src/modules/sharing/purge.ts';
import {
  HOPPER_BASE64,
  assertNoStore,
  imagePart,
  readShared,
  revokeShare,
  say,
  share,
  shareToken,
} from './sharing-helpers.ts';

const SNAPSHOT_PRODUCT_FIELDS = ['sku', 'category_id', 'name', 'price', 'features', 'brand', 'url', 'image_url'];
const DAY_MS = 86_400_000;

interface HistoryItem {
  id: string;
  role: 'user' | 'assistant';
  createdAt: string;
  content?: string | Array<{ type: string; text?: string; source?: { data: string } }>;
  response?: { contents: Array<Record<string, unknown>>; ui?: unknown };
}

/** What spec 2.11 says a snapshot holds of a history item, computed independently of the service. */
function expectedSnapshotMessage(item: HistoryItem): unknown {
  if (item.role === 'user') {
    const content = item.content!;
    const text = typeof content === 'string' ? content : content.filter((p) => p.type === 'text').map((p) => p.text).join('\n');
    return { role: 'user', created_at: item.createdAt, content: text };
  }
  const contents = item.response!.contents
    .filter((b) => b.type === 'message' || b.type === 'products')
    .map((b) => {
      if (b.type === 'message') {
        return { type: 'message', value: b.value };
      }
      const block: Record<string, unknown> = {
        type: 'products',
        value: (b.value as Array<Record<string, unknown>>).map((p) => Object.fromEntries(Object.entries(p).filter(([k]) => SNAPSHOT_PRODUCT_FIELDS.includes(k)))),
      };
      if (b.title !== undefined) {
        block.title = b.title;
      }
      if (b.categories !== undefined) {
        block.categories = b.categories;
      }
      return block;
    });
  return { role: 'assistant', created_at: item.createdAt, response: { contents } };
}

const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;

/** Snapshots are stored as JSON text and sent as is, past the serializer: each read is checked against the documented schema. */
const checkSnapshot = responseChecker(SharedSnapshot);

for (const dialect of DIALECTS) {
  // The snapshot dialog is said with the shared sample photo (sharing-helpers.ts).
  describe(`sharing [${dialect}]`, { skip: skipFor(dialect) || sharedDataSkip }, () => {
    let t: TestApp;
    /** Everything that must never reach the log: share tokens, user and dialog ids of share requests. */
    const secrets: string[] = [];

    // The main dialog: text with an image, a products answer, a shop-brand (is_stm) product,
    // an image alone, and a support button; a reaction on one answer.
    const main = { resourceId: unique('snap-user'), threadId: unique('snap-thread') };
    let history: HistoryItem[] = [];
    let storedJpegBase64 = '';

    const readHistory = async (resourceId: string, threadId: string, tenant = 'shop-a', token?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/shopping/history',
        headers: token ? auth(token) : {},
        payload: { tenant_id: tenant, resourceId, threadId },
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().items as HistoryItem[];
    };
    const keep = <T extends string>(value: T): T => {
      secrets.push(value);
      return value;
    };

    before(async () => {
      t = await buildTestApp(dialect, { env: NO_RATE_LIMITS });
      keep(main.resourceId);
      keep(main.threadId);
      const base = { ...main };
      await say(t.app, { ...base, id: 'snap-msg-1', content: [{ type: 'text', text: 'Привет! Я Анна, мой телефон +7 900 123-45-67.' }, imagePart] });
      const products = await say(t.app, { ...base, id: 'snap-msg-2', content: 'смартфон samsung' });
      assert.ok(products.response.contents.some((b) => b.type === 'products'));
      await say(t.app, { ...base, content: 'чехол Aisle Basic' });
      await say(t.app, { ...base, id: 'snap-msg-4', content: [imagePart] });
      await say(t.app, { ...base, id: 'snap-msg-5', content: 'позови оператора' });
      const like = await t.app.inject({
        method: 'PUT',
        url: '/shopping/feedback',
        payload: { tenant_id: 'shop-a', resourceId: main.resourceId, threadId: main.threadId, messageId: products.assistantMessageId, reaction: 'like' },
      });
      assert.equal(like.statusCode, 200);
      history = await readHistory(main.resourceId, main.threadId);
      assert.equal(history.length, 10);
      const first = history[0]!.content as Array<{ type: string; source?: { data: string } }>;
      storedJpegBase64 = first.find((p) => p.type === 'image')!.source!.data;
    });
    after(async () => {
      await t.close();
    });

    test('the source dialog really holds everything a snapshot must leave out', () => {
      const text = JSON.stringify(history);
      for (const field of ['"events"', 'shelf_id', 'source_query', '"is_stm"', 'suggests', '"button"', 'open_support_chat', '"reaction":"like"', 'responseLatencyMs', storedJpegBase64.slice(0, 200)]) {
        assert.ok(text.includes(field), `history holds ${field}`);
      }
    });

    test('3.3 (none) → active: 201 with share_token, shared_path, through_message_id (the last message) and expires_at 30 days on', async () => {
      const res = await share(t.app, { user_id: main.resourceId, dialog_id: main.threadId });
      assert.equal(res.statusCode, 201, res.body);
      assertNoStore(res);
      const body = res.json();
      assert.deepEqual(Object.keys(body).sort(), ['expires_at', 'share_token', 'shared_path', 'through_message_id']);
      keep(body.share_token);
      assert.match(body.share_token, /^[A-Za-z0-9_-]{43}$/, '32 random bytes, base64url');
      assert.equal(Buffer.from(body.share_token, 'base64url').length, 32);
      assert.equal(body.shared_path, `/dialogs/shared/${body.share_token}`);
      assert.equal(body.through_message_id, history[9]!.id, 'default: the last message (an assistant answer)');
      assert.match(body.expires_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const read = await readShared(t.app, body.share_token);
      assert.equal(read.statusCode, 200);
      assertNoStore(read);
      assert.match(String(read.headers['content-type']), /^application\/json/);
      const snapshot = read.json();
      assert.equal(snapshot.expires_at, body.expires_at);
      assert.equal(Date.parse(snapshot.expires_at) - Date.parse(snapshot.created_at), 30 * DAY_MS);
    });

    test('2.11: the snapshot holds exactly roles, times, user text and message/products blocks with the listed product fields', async () => {
      const token = keep(await shareToken(t.app, { user_id: main.resourceId, dialog_id: main.threadId }));
      const read = await readShared(t.app, token);
      checkSnapshot(read.body, 'a snapshot of the whole dialog, products included');
      const snapshot = read.json();
      assert.deepEqual(Object.keys(snapshot).sort(), ['created_at', 'expires_at', 'messages']);
      assert.deepEqual(snapshot.messages, history.map(expectedSnapshotMessage));
      // Spot checks of the rules the expectation encodes.
      assert.equal(snapshot.messages[0].content, 'Привет! Я Анна, мой телефон +7 900 123-45-67.', 'text as written, image left out');
      assert.equal(snapshot.messages[6].content, '', 'an image alone leaves an empty text');
      for (const m of snapshot.messages) {
        assert.deepEqual(Object.keys(m).sort(), m.role === 'user' ? ['content', 'created_at', 'role'] : ['created_at', 'response', 'role']);
        if (m.role === 'assistant') {
          assert.deepEqual(Object.keys(m.response), ['contents']);
          for (const block of m.response.contents) {
            assert.ok(['message', 'products'].includes(block.type));
            for (const p of block.type === 'products' ? block.value : []) {
              assertEvery(Object.keys(p), (k) => SNAPSHOT_PRODUCT_FIELDS.includes(k), Object.keys(p).join());
              assert.equal(typeof p.name, 'string');
            }
          }
        }
      }
      const products = snapshot.messages[3].response.contents[1];
      assert.equal(products.type, 'products');
      assert.ok(products.title);
      assert.ok(products.value.length > 0 && products.value[0].sku && products.value[0].url && products.value[0].image_url);
    });

    test('2.11: the JSON text of a read carries no identifier, image data, button, quick reply, reaction, latency or tracking', async () => {
      const token = keep(await shareToken(t.app, { user_id: main.resourceId, dialog_id: main.threadId }));
      const text = (await readShared(t.app, token)).body;
      const assistantIds = history.filter((h) => h.role === 'assistant').map((h) => h.id);
      const rows = await t.database.storage.db.selectFrom('messages').select(['id', 'dialog_id']).where('client_message_id', '=', 'snap-msg-2').execute();
      const internalIds = (await t.database.storage.db.selectFrom('messages').select('id').where('dialog_id', '=', rows[0]!.dialog_id).execute()).map((r) => r.id);
      const forbidden = [
        main.resourceId,
        main.threadId,
        rows[0]!.dialog_id,
        ...assistantIds,
        ...internalIds,
        'snap-msg-1',
        'snap-msg-2',
        'snap-msg-4',
        'snap-msg-5',
        token,
        '"events"',
        '"url":"https://aisle.test',
        'aisle.test/shopping',
        'shelf_id',
        'source_query',
        'aisle-search',
        'is_stm',
        'suggests',
        '"ui"',
        'button',
        'open_support_chat',
        'Связаться с оператором',
        'reaction',
        'feedback',
        'like',
        'responseLatencyMs',
        'latency',
        'threadId',
        'resourceId',
        'assistantMessageId',
        '"id"',
        '"type":"image"',
        'base64',
        storedJpegBase64.slice(0, 64),
        storedJpegBase64.slice(-64),
        HOPPER_BASE64.slice(0, 64),
        '/9j/',
        'tenant',
        'shop-a',
      ];
      for (const f of forbidden) {
        assert.ok(!text.includes(f), `the snapshot must not contain ${f}`);
      }
    });

    test('3.3: a snapshot is immutable — later messages, reactions and reaction changes do not alter it', async () => {
      const d = { resourceId: keep(unique('imm-user')), threadId: keep(unique('imm-thread')) };
      await say(t.app, { ...d, id: 'imm-1', content: 'смартфон samsung' });
      const token = keep(await shareToken(t.app, { user_id: d.resourceId, dialog_id: d.threadId }));
      const before = (await readShared(t.app, token)).body;
      const next = await say(t.app, { ...d, id: 'imm-2', content: 'наушники' });
      const feedback = (reaction: string | null, messageId: string) =>
        t.app.inject({ method: 'PUT', url: '/shopping/feedback', payload: { tenant_id: 'shop-a', ...d, messageId, reaction } });
      const items = await readHistory(d.resourceId, d.threadId);
      assert.equal((await feedback('like', items[1]!.id)).statusCode, 200);
      assert.equal((await feedback('dislike', items[1]!.id)).statusCode, 200);
      assert.equal((await feedback('like', next.assistantMessageId)).statusCode, 200);
      const after = await readShared(t.app, token);
      assert.equal(after.statusCode, 200);
      assert.equal(after.body, before, 'byte for byte');
      assert.equal(JSON.parse(before).messages.length, 2);
      const second = keep(await shareToken(t.app, { user_id: d.resourceId, dialog_id: d.threadId }));
      assert.equal((await readShared(t.app, second)).json().messages.length, 4, 'a new share sees the new messages');
    });

    test('4.10: every success is a separate snapshot with its own token', async () => {
      const count = async () => (await t.database.storage.db.selectFrom('shares').select('id').execute()).length;
      const before = await count();
      const a = keep(await shareToken(t.app, { user_id: main.resourceId, dialog_id: main.threadId }));
      const b = keep(await shareToken(t.app, { user_id: main.resourceId, dialog_id: main.threadId }));
      assert.notEqual(a, b);
      assert.equal(await count(), before + 2);
      assert.equal((await readShared(t.app, a)).statusCode, 200);
      assert.equal((await readShared(t.app, b)).statusCode, 200);
      assert.equal((await revokeShare(t.app, { user_id: main.resourceId, dialog_id: main.threadId, share_token: a })).statusCode, 204);
      assert.equal((await readShared(t.app, a)).statusCode, 404);
      assert.equal((await readShared(t.app, b)).statusCode, 200, 'revoking one leaves the other');
    });

    test('4.10 through_message_id: cut at a user message (client id or Aisle id) or an assistant message; returned as history shows it', async () => {
      const cut = async (through: string) => {
        const res = await share(t.app, { user_id: main.resourceId, dialog_id: main.threadId, through_message_id: through });
        assert.equal(res.statusCode, 201, `${through}: ${res.body}`);
        keep(res.json().share_token);
        const read = await readShared(t.app, res.json().share_token);
        checkSnapshot(read.body, `the snapshot through ${through}`);
        return { through: res.json().through_message_id as string, messages: read.json().messages };
      };
      const atUser = await cut('snap-msg-2');
      assert.equal(atUser.through, 'snap-msg-2');
      assert.equal(atUser.messages.length, 3);
      assert.deepEqual(atUser.messages.at(-1), { role: 'user', created_at: history[2]!.createdAt, content: 'смартфон samsung' });

      const aisleId = (await t.database.storage.db.selectFrom('messages').select('id').where('client_message_id', '=', 'snap-msg-2').executeTakeFirstOrThrow()).id;
      const byAisleId = await cut(aisleId);
      assert.equal(byAisleId.through, 'snap-msg-2', "a user message with a client id is named by it, as history does");
      assert.deepEqual(byAisleId.messages, atUser.messages);

      const noClientId = history[4]!;
      assert.equal(noClientId.role, 'user');
      const atUserWithoutClientId = await cut(noClientId.id);
      assert.equal(atUserWithoutClientId.through, noClientId.id, 'history shows Aisle\'s id when the client sent none');
      assert.equal(atUserWithoutClientId.messages.length, 5);
      assert.equal(atUserWithoutClientId.messages.at(-1).content, 'чехол Aisle Basic');

      const answer = history[3]!;
      assert.equal(answer.role, 'assistant');
      const atAssistant = await cut(answer.id);
      assert.equal(atAssistant.through, answer.id);
      assert.equal(atAssistant.messages.length, 4);
      assert.equal(atAssistant.messages.at(-1).role, 'assistant');
      assert.deepEqual(atAssistant.messages, history.slice(0, 4).map(expectedSnapshotMessage));

      const atFirst = await cut('snap-msg-1');
      assert.deepEqual(atFirst.messages, [expectedSnapshotMessage(history[0]!)]);
    });

    test('4.10: an unknown message, or one of another dialog → 404', async () => {
      const other = { resourceId: keep(unique('cut-user')), threadId: keep(unique('cut-thread')) };
      const answer = await say(t.app, { ...other, id: 'other-msg', content: 'ноутбук' });
      for (const through of ['no-such-message', answer.assistantMessageId, 'other-msg', 'snap-msg-3']) {
        const res = await share(t.app, { user_id: main.resourceId, dialog_id: main.threadId, through_message_id: through });
        assert.equal(res.statusCode, 404, through);
        assertNoStore(res);
      }
    });

    test('4.10: a closed body — tenant_id, client_id or any other field, a missing or empty field, bad JSON → 400', async () => {
      const ok = { user_id: main.resourceId, dialog_id: main.threadId };
      const bodies: unknown[] = [
        { ...ok, tenant_id: 'shop-a' },
        { ...ok, client_id: 'web' },
        { ...ok, title: 'x' },
        { user_id: main.resourceId },
        { dialog_id: main.threadId },
        { ...ok, user_id: '' },
        { ...ok, through_message_id: '' },
        { ...ok, dialog_id: 42 },
        [],
      ];
      for (const body of bodies) {
        const res = await share(t.app, body);
        assert.equal(res.statusCode, 400, JSON.stringify(body));
        assert.equal(res.json().code, 'INVALID_REQUEST');
        assertNoStore(res, JSON.stringify(body));
      }
      for (const payload of ['{"user_id":', '']) {
        const res = await t.app.inject({ method: 'POST', url: '/dialogs/share', headers: { 'content-type': 'application/json' }, payload });
        assert.equal(res.statusCode, 400, payload);
        assertNoStore(res);
      }
      const wrongType = await t.app.inject({ method: 'POST', url: '/dialogs/share', headers: { 'content-type': 'text/plain' }, payload: 'x' });
      assert.equal(wrongType.statusCode, 415);
      assertNoStore(wrongType);
      const revokeBodies: unknown[] = [
        { ...ok },
        { ...ok, share_token: 'x', tenant_id: 'shop-a' },
        { ...ok, share_token: '' },
        { share_token: 'x', dialog_id: main.threadId },
      ];
      for (const body of revokeBodies) {
        const res = await revokeShare(t.app, body);
        assert.equal(res.statusCode, 400, JSON.stringify(body));
        assertNoStore(res);
      }
    });

    test('4.10: an unknown dialog, a dialog of another user, a pair in two sections without a token, or a section no longer configured → 404', async () => {
      const cases = [
        { user_id: main.resourceId, dialog_id: 'no-such-thread' },
        { user_id: 'someone-else', dialog_id: main.threadId },
      ];
      for (const body of cases) {
        const res = await share(t.app, body);
        assert.equal(res.statusCode, 404, JSON.stringify(body));
        assertNoStore(res);
      }

      const dup = { resourceId: keep(unique('dup-user')), threadId: keep(unique('dup-thread')) };
      await say(t.app, { ...dup, tenant: 'shop-a', content: 'смартфон samsung' });
      await say(t.app, { ...dup, tenant: 'shop-b', content: 'headphones' });
      const ambiguous = await share(t.app, { user_id: dup.resourceId, dialog_id: dup.threadId });
      assert.equal(ambiguous.statusCode, 404, 'not guessed between sections');
      assert.equal((await revokeShare(t.app, { user_id: dup.resourceId, dialog_id: dup.threadId, share_token: 'x'.repeat(43) })).statusCode, 204);

      // A dialog whose section was removed from the tenants file.
      const db = t.database.storage.db;
      const gone = { resourceId: keep(unique('gone-user')), threadId: keep(unique('gone-thread')) };
      const dialogId = unique('gone-dialog');
      await db.insertInto('dialogs').values({ id: dialogId, tenant_id: 'removed-shop', resource_id: gone.resourceId, thread_id: gone.threadId, session_id: null, title: 't', created_at: 1, last_message_at: 2, hidden_at: null }).execute();
      await db.insertInto('messages').values({ id: unique('gone-msg'), dialog_id: dialogId, role: 'user', content: '"hi"', created_at: 1, client_message_id: null, fingerprint: null, reply_to: null, traffic_type: null, latency_ms: null, events: null, engine_state: null }).execute();
      const noSection = await share(t.app, { user_id: gone.resourceId, dialog_id: gone.threadId });
      assert.equal(noSection.statusCode, 404);
    });

    test('design §5: with a guest token the pair is looked up in the token\'s section only', async () => {
      const user = keep(unique('two-sections'));
      const thread = keep(unique('two-thread'));
      const token = await registerGuest(t.app, 'shop-a', user);
      await say(t.app, { resourceId: user, threadId: thread, tenant: 'shop-a', token, content: 'смартфон samsung' });
      await say(t.app, { resourceId: user, threadId: thread, tenant: 'shop-b', content: 'headphones' });
      assert.equal((await share(t.app, { user_id: user, dialog_id: thread })).statusCode, 404, 'two sections, no token');
      const res = await share(t.app, { user_id: user, dialog_id: thread }, token);
      assert.equal(res.statusCode, 201, res.body);
      keep(res.json().share_token);
      const text = (await readShared(t.app, res.json().share_token)).body;
      assert.ok(text.includes('смартфон samsung') && !text.includes('headphones'), 'the snapshot of the token\'s section');

      // Spec 5 item 3: a token of another session with an equal resourceId does not open the dialog.
      const equal = keep(unique('equal-user'));
      const equalThread = keep(unique('equal-thread'));
      await say(t.app, { resourceId: equal, threadId: equalThread, tenant: 'shop-a', content: 'смартфон samsung' });
      const otherSectionToken = await registerGuest(t.app, 'shop-b', equal);
      const foreign = await share(t.app, { user_id: equal, dialog_id: equalThread }, otherSectionToken);
      assert.equal(foreign.statusCode, 404);
      assertNoStore(foreign);
      assert.equal((await share(t.app, { user_id: equal, dialog_id: equalThread })).statusCode, 201, 'the legacy dialog without a token');
    });

    test('5 item 2: a registered resource needs its token for share create and revoke (401 without, 403 with another resource\'s, 401 for an invalid one)', async () => {
      const user = keep(unique('guest-user'));
      const thread = keep(unique('guest-thread'));
      const reg = await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions', payload: { tenant_id: 'shop-a', resourceId: user } });
      const { accessToken: token, sessionId } = reg.json();
      const otherToken = await registerGuest(t.app, 'shop-a', unique('guest-other'));
      await say(t.app, { resourceId: user, threadId: thread, token, id: 'guest-msg-1', content: 'смартфон samsung' });
      const body = { user_id: user, dialog_id: thread };

      const without = await share(t.app, body);
      assert.equal(without.statusCode, 401);
      assert.equal(without.json().code, 'GUEST_TOKEN_REQUIRED');
      assertNoStore(without);
      const mismatch = await share(t.app, body, otherToken);
      assert.equal(mismatch.statusCode, 403);
      assert.equal(mismatch.json().code, 'GUEST_RESOURCE_MISMATCH');
      assertNoStore(mismatch);
      const invalid = await share(t.app, body, `gst_${'A'.repeat(43)}`);
      assert.equal(invalid.statusCode, 401);
      assert.equal(invalid.json().code, 'INVALID_GUEST_TOKEN');

      const created = await share(t.app, body, token);
      assert.equal(created.statusCode, 201);
      const link = keep(created.json().share_token as string);
      const text = (await readShared(t.app, link)).body;
      for (const id of [sessionId, token, user, thread, 'guest-msg-1']) {
        assert.ok(!text.includes(id), `no ${id} in the snapshot`);
      }

      const revokeBody = { ...body, share_token: link };
      const revokeWithout = await revokeShare(t.app, revokeBody);
      assert.equal(revokeWithout.statusCode, 401);
      assert.equal(revokeWithout.json().code, 'GUEST_TOKEN_REQUIRED');
      assertNoStore(revokeWithout);
      const revokeOther = await revokeShare(t.app, revokeBody, otherToken);
      assert.equal(revokeOther.statusCode, 403);
      assert.equal(revokeOther.json().code, 'GUEST_RESOURCE_MISMATCH');
      assert.equal((await readShared(t.app, link)).statusCode, 200, 'refused revokes change nothing');

      // 3.3: revoking the guest token does not revoke links.
      assert.equal((await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: auth(token) })).statusCode, 204);
      assert.equal((await readShared(t.app, link)).statusCode, 200, 'the link still opens after the guest token is revoked');
      const afterRevoke = await share(t.app, body, token);
      assert.equal(afterRevoke.statusCode, 401);
      assert.equal(afterRevoke.json().code, 'INVALID_GUEST_TOKEN');
      assert.equal((await share(t.app, body)).json().code, 'GUEST_TOKEN_REQUIRED', 'the resource stays protected');
    });

    test('4.11 / 5 item 9: the share token is not a guest token and changes nothing', async () => {
      const user = keep(unique('st-user'));
      const thread = keep(unique('st-thread'));
      const token = await registerGuest(t.app, 'shop-a', user);
      await say(t.app, { resourceId: user, threadId: thread, token, content: 'смартфон samsung' });
      const link = keep(await shareToken(t.app, { user_id: user, dialog_id: thread }, token));
      const asGuest = [
        await t.app.inject({ method: 'GET', url: '/shopping/dialogs', headers: auth(link) }),
        await t.app.inject({ method: 'POST', url: '/shopping/history', headers: auth(link), payload: { tenant_id: 'shop-a', resourceId: user, threadId: thread } }),
        await t.app.inject({ method: 'DELETE', url: `/shopping/dialogs/${thread}`, headers: auth(link) }),
        await share(t.app, { user_id: user, dialog_id: thread }, link),
        await revokeShare(t.app, { user_id: user, dialog_id: thread, share_token: link }, link),
        await t.app.inject({
          method: 'POST',
          url: '/shopping/generate',
          headers: auth(link),
          payload: { threadId: thread, resourceId: user, messages: [{ role: 'user', content: 'ещё' }], runtimeContext: { tenant_id: 'shop-a' } },
        }),
      ];
      for (const res of asGuest) {
        assert.equal(res.statusCode, 401, res.body);
        assert.equal(res.json().code, 'INVALID_GUEST_TOKEN');
      }
      assert.equal((await readShared(t.app, link)).statusCode, 200, 'the dialog is not hidden and the link not revoked');
      assert.equal((await readHistory(user, thread, 'shop-a', token)).length, 2, 'nothing was added');
    });

    test('4.11 / 5 item 8: the public read needs no token and ignores the section IP list; share create is not IP-restricted', async () => {
      const d = { resourceId: keep(unique('ip-user')), threadId: keep(unique('ip-thread')) };
      await say(t.app, { ...d, tenant: 'restricted', remoteAddress: '10.1.2.3', content: 'смартфон samsung' });
      const created = await share(t.app, { user_id: d.resourceId, dialog_id: d.threadId }, undefined, '203.0.113.9');
      assert.equal(created.statusCode, 201, created.body);
      const link = keep(created.json().share_token as string);
      assert.equal((await readShared(t.app, link, {}, '203.0.113.9')).statusCode, 200);
      assert.equal((await readShared(t.app, link, { authorization: `Bearer gst_${'Z'.repeat(43)}` })).statusCode, 200, 'an Authorization header is ignored');
      const revoked = await t.app.inject({
        method: 'POST',
        url: '/dialogs/share/revoke',
        remoteAddress: '203.0.113.9',
        payload: { user_id: d.resourceId, dialog_id: d.threadId, share_token: link },
      });
      assert.equal(revoked.statusCode, 204);
    });

    test('3.3 revoke: 204 on success and repeat; reads then 404; no such combination → 204 and nothing changes', async () => {
      const d = { resourceId: keep(unique('rv-user')), threadId: keep(unique('rv-thread')) };
      const other = { resourceId: d.resourceId, threadId: keep(unique('rv-other')) };
      await say(t.app, { ...d, content: 'смартфон samsung' });
      await say(t.app, { ...other, content: 'наушники' });
      const link = keep(await shareToken(t.app, { user_id: d.resourceId, dialog_id: d.threadId }));
      const otherLink = keep(await shareToken(t.app, { user_id: other.resourceId, dialog_id: other.threadId }));
      const noSuch = [
        { user_id: 'someone-else', dialog_id: d.threadId, share_token: link },
        { user_id: d.resourceId, dialog_id: other.threadId, share_token: link },
        { user_id: d.resourceId, dialog_id: d.threadId, share_token: otherLink },
        { user_id: d.resourceId, dialog_id: d.threadId, share_token: randomBytes(32).toString('base64url') },
        { user_id: d.resourceId, dialog_id: d.threadId, share_token: 'not a token' },
        { user_id: d.resourceId, dialog_id: 'no-such-thread', share_token: link },
      ];
      for (const body of noSuch) {
        const res = await revokeShare(t.app, body);
        assert.equal(res.statusCode, 204, JSON.stringify(body));
        assertNoStore(res);
        assert.equal(res.body, '');
      }
      assert.equal((await readShared(t.app, link)).statusCode, 200, 'a mismatched revoke leaves the link');
      assert.equal((await readShared(t.app, otherLink)).statusCode, 200);

      const body = { user_id: d.resourceId, dialog_id: d.threadId, share_token: link };
      const first = await revokeShare(t.app, body);
      assert.equal(first.statusCode, 204);
      assertNoStore(first);
      assert.equal((await readShared(t.app, link)).statusCode, 404);
      assert.equal((await revokeShare(t.app, body)).statusCode, 204, 'repeat');
      assert.equal((await readShared(t.app, link)).statusCode, 404);
      assert.equal((await readShared(t.app, otherLink)).statusCode, 200);

      const row = await t.database.storage.db.selectFrom('shares').selectAll().where('token_hash', '=', createHash('sha256').update(link).digest('hex')).executeTakeFirstOrThrow();
      assert.ok(row.revoked_at !== null);
      assert.equal(row.snapshot, '[]', 'the revoked snapshot text is dropped at once');
    });

    test('3.2 / 3.3: hiding the source dialog closes its links; share create on it → 404; revoke still 204', async () => {
      const user = keep(unique('hide-user'));
      const thread = keep(unique('hide-thread'));
      const token = await registerGuest(t.app, 'shop-a', user);
      await say(t.app, { resourceId: user, threadId: thread, token, content: 'смартфон samsung' });
      const link = keep(await shareToken(t.app, { user_id: user, dialog_id: thread }, token));
      assert.equal((await readShared(t.app, link)).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/shopping/dialogs/${thread}`, headers: auth(token) })).statusCode, 204);
      const read = await readShared(t.app, link);
      assert.equal(read.statusCode, 404);
      assertNoStore(read);
      const again = await share(t.app, { user_id: user, dialog_id: thread }, token);
      assert.equal(again.statusCode, 404);
      assertNoStore(again);
      assert.equal((await revokeShare(t.app, { user_id: user, dialog_id: thread, share_token: link }, token)).statusCode, 204);
    });

    test('4.11: one indistinguishable 404 for malformed, unknown, revoked and hidden-source links', async () => {
      const d = { resourceId: keep(unique('nf-user')), threadId: keep(unique('nf-thread')) };
      await say(t.app, { ...d, content: 'смартфон samsung' });
      const revoked = keep(await shareToken(t.app, { user_id: d.resourceId, dialog_id: d.threadId }));
      await revokeShare(t.app, { user_id: d.resourceId, dialog_id: d.threadId, share_token: revoked });
      const user = keep(unique('nf-guest'));
      const thread = keep(unique('nf-guest-thread'));
      const token = await registerGuest(t.app, 'shop-a', user);
      await say(t.app, { resourceId: user, threadId: thread, token, content: 'наушники' });
      const hidden = keep(await shareToken(t.app, { user_id: user, dialog_id: thread }, token));
      await t.app.inject({ method: 'DELETE', url: `/shopping/dialogs/${thread}`, headers: auth(token) });

      const paths = [
        randomBytes(32).toString('base64url'),
        'abc',
        `${revoked}A`,
        revoked.slice(0, 42),
        `${revoked.slice(0, 42)}+`,
        encodeURIComponent(`${revoked.slice(0, 42)}=`),
        'A'.repeat(300),
        'a/b',
        '',
        revoked,
        hidden,
      ];
      const answers = await Promise.all(paths.map((p) => readShared(t.app, p)));
      const reference = answers[0]!;
      assert.equal(reference.statusCode, 404);
      for (const [i, res] of answers.entries()) {
        assert.equal(res.statusCode, 404, paths[i]);
        assert.equal(res.body, reference.body, paths[i]);
        assert.equal(res.headers['content-type'], reference.headers['content-type']);
        assertNoStore(res, paths[i]);
      }
      assert.equal(reference.json().code, 'SHARE_NOT_FOUND');
    });

    test('the token is stored only as its SHA-256 hash', async () => {
      const link = keep(await shareToken(t.app, { user_id: main.resourceId, dialog_id: main.threadId }));
      const rows = await t.database.storage.db.selectFrom('shares').selectAll().execute();
      assert.ok(!JSON.stringify(rows).includes(link), 'no column holds the token');
      const hash = createHash('sha256').update(link).digest('hex');
      const mine = rows.filter((r) => r.token_hash === hash);
      assert.equal(mine.length, 1);
      assert.match(mine[0]!.token_hash, /^[0-9a-f]{64}$/);
      assert.ok(!mine[0]!.snapshot.includes(main.resourceId) && !mine[0]!.snapshot.includes(main.threadId));
    });

    test('the three endpoints appear in /openapi.json', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      assert.ok(doc.paths['/dialogs/share']?.post);
      assert.ok(doc.paths['/dialogs/share/revoke']?.post);
      assert.ok(doc.paths['/dialogs/shared/{share_token}']?.get);
      assert.ok(doc.paths['/dialogs/share'].post.responses['201']);
      assert.equal(Object.keys(doc.paths).filter((p) => p.includes('*')).length, 0, 'the catch-all is hidden');
    });

    // Moves the shared clock by more than 30 days: kept last in this suite.
    test('3.3 active → expired after 30 days (injected clock): read → 404; the purge deletes expired and revoked links after the grace', async (context) => {
      const d = { resourceId: keep(unique('exp-user')), threadId: keep(unique('exp-thread')) };
      await say(t.app, { ...d, content: 'смартфон samsung' });
      const link = keep(await shareToken(t.app, { user_id: d.resourceId, dialog_id: d.threadId }));
      const revoked = keep(await shareToken(t.app, { user_id: d.resourceId, dialog_id: d.threadId }));
      await revokeShare(t.app, { user_id: d.resourceId, dialog_id: d.threadId, share_token: revoked });
      const reference = await readShared(t.app, 'abc');

      t.clock.advance(30 * MICROS_PER_DAY - 1_000_000);
      assert.equal((await readShared(t.app, link)).statusCode, 200, 'a second before expiry');
      t.clock.advance(2_000_000);
      const expired = await readShared(t.app, link);
      assert.equal(expired.statusCode, 404);
      assert.equal(expired.body, reference.body, 'indistinguishable from a malformed token');
      assertNoStore(expired);

      const db = t.database.storage.db;
      const changes = createAnnouncedChanges({ storage: t.database.storage, redis: null, log: t.app.log });
      context.after(() => changes.close());
      const service = createSharingService({ repository: createSharingRepository(db), clock: t.clock, kept: createKeptSnapshots(changes), changes });
      const present = async (token: string) =>
        (await db.selectFrom('shares').select('token_hash').where('token_hash', '=', createHash('sha256').update(token).digest('hex')).executeTakeFirst()) !== undefined;
      assert.ok((await service.purgeExpired(PURGE_GRACE_MICROS)) >= 1);
      assert.equal(await present(revoked), false, 'a link revoked 30 days ago is gone (revoking set its expiry)');
      assert.equal(await present(link), true, 'a link expired within the grace is kept');
      const fresh = keep(await shareToken(t.app, { user_id: d.resourceId, dialog_id: d.threadId }));
      t.clock.advance(PURGE_GRACE_MICROS);
      assert.ok((await service.purgeExpired(PURGE_GRACE_MICROS)) >= 1);
      assert.equal(await present(link), false, 'the expired link is gone after the grace');
      assert.equal(await service.purgeExpired(PURGE_GRACE_MICROS), 0, 'purging again is harmless');
      assert.equal((await readShared(t.app, fresh)).statusCode, 200, 'a live link is kept');
    });

    test('5 item 11: share tokens and user_id/dialog_id pairs never reach the log', () => {
      const log = t.logText();
      assert.ok(log.includes('/dialogs/shared/:share_token') && log.includes('/dialogs/share'), 'requests are logged by route pattern');
      for (const secret of secrets) {
        assert.ok(!log.includes(secret), `the log holds ${secret}`);
      }
    });
  });
}

describe('purge job', () => {
  test('runs every interval, survives a failed run, does not overlap, and stops', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const job = startPurgeJob({
      intervalMs: 10,
      purge: async () => {
        calls++;
        if (calls === 1) {
          throw new Error('database away');
        }
        return 0;
      },
      onError: (err) => errors.push(err),
    });
    await new Promise((resolve) => setTimeout(resolve, 80));
    await job.stop();
    assert.ok(calls >= 3, `ran ${calls} times`);
    assert.equal(errors.length, 1, 'the failure was reported and the job went on');
    const stoppedAt = calls;
    await new Promise((resolve) => setTimeout(resolve, 40));
    assert.equal(calls, stoppedAt, 'no runs after stop');

    let concurrent = 0;
    let most = 0;
    let release!: () => void;
    const slow = startPurgeJob({
      intervalMs: 5,
      purge: async () => {
        concurrent++;
        most = Math.max(most, concurrent);
        await new Promise<void>((resolve) => (release = resolve));
        concurrent--;
        return 0;
      },
      onError: () => undefined,
    });
    await new Promise((resolve) => setTimeout(resolve, 40));
    release();
    await slow.stop();
    assert.equal(most, 1, 'a slow purge is not started twice');
  });
});

describe('sharing while the database is away', { skip: postgresSkip }, () => {
  test('share create and revoke → 503 AUTH_STORAGE_UNAVAILABLE, read → 500; no detail, no secret in the log; recovers', async () => {
    const database = await createUnreliablePostgres();
    const { proxy } = database;
    const t = await buildTestApp('postgres', { database, env: NO_RATE_LIMITS });
    try {
      const d = { resourceId: unique('away-user'), threadId: unique('away-thread') };
      await say(t.app, { ...d, content: 'смартфон samsung' });
      const link = await shareToken(t.app, { user_id: d.resourceId, dialog_id: d.threadId });

      await proxy.stop();
      const created = await share(t.app, { user_id: d.resourceId, dialog_id: d.threadId });
      assert.equal(created.statusCode, 503);
      assert.equal(created.json().code, 'AUTH_STORAGE_UNAVAILABLE');
      assertNoStore(created);
      const revoked = await revokeShare(t.app, { user_id: d.resourceId, dialog_id: d.threadId, share_token: link });
      assert.equal(revoked.statusCode, 503);
      assertNoStore(revoked);
      const read = await readShared(t.app, link);
      assert.equal(read.statusCode, 500);
      assert.equal(read.json().code, 'INTERNAL');
      assertNoStore(read);
      for (const res of [created, revoked, read]) {
        assert.doesNotMatch(res.body, /ECONNREFUSED|127\.0\.0\.1|postgres|terminated/i, 'no internal detail');
      }
      const log = t.logText();
      assert.match(log, /"level":50/, 'the failures are logged');
      for (const secret of [link, d.resourceId, d.threadId]) {
        assert.ok(!log.includes(secret), `the log holds ${secret}`);
      }

      await proxy.start();
      assert.equal((await readShared(t.app, link)).statusCode, 200, 'recovered');
      assert.equal((await revokeShare(t.app, { user_id: d.resourceId, dialog_id: d.threadId, share_token: link })).statusCode, 204);
      assert.equal((await readShared(t.app, link)).statusCode, 404);
    } finally {
      await t.app.close();
      await database.dispose();
    }
  });
});
