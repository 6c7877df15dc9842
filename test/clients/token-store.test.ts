/**
 * The JavaScript client's token stores against the real Aisle app: the memory store keeps
 * each section's and buyer's token apart; the Web Storage store (exercised over an object
 * implementing the Web Storage interface, as Node 20 has no localStorage) keeps the session
 * across a page reload, and when storage refuses access the conversation still works.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createAisleClient, memoryTokenStore, tokenKey, webStorageTokenStore, type TokenStore } from '../../clients/js/src/index.ts';
import { startClientTestServer, type ClientTestServer } from './helpers.ts';

const REGISTER = 'POST /shopping/guest-sessions';

/** The Web Storage interface (as `localStorage` implements it), in memory. */
class MemoryStorage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  clear(): void {
    this.#items.clear();
  }
}

/** Storage that refuses every access, as browsers do when site data is blocked. */
class BlockedStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new Error('SecurityError: access is denied for this document');
  }
  override setItem(): void {
    throw new Error('QuotaExceededError');
  }
  override removeItem(): void {
    throw new Error('SecurityError: access is denied for this document');
  }
}

describe('JavaScript client token stores', () => {
  let s: ClientTestServer;
  const make = (resourceId: string, tokenStore: TokenStore) => createAisleClient({ baseUrl: s.baseUrl, tenantId: 'shop-a', resourceId, tokenStore });

  before(async () => {
    s = await startClientTestServer('sqlite');
  });
  after(async () => {
    await s.close();
  });

  test('one memory store serves several buyers, each with their own token', async () => {
    const store = memoryTokenStore();
    const a = make(`a-${randomUUID()}`, store);
    const b = make(`b-${randomUUID()}`, store);
    const threadA = a.newThreadId();
    const threadB = b.newThreadId();
    await a.generate(a.createMessage({ threadId: threadA, content: 'чайник' }));
    await b.generate(b.createMessage({ threadId: threadB, content: 'утюг' }));
    const tokenA = await store.get(tokenKey('shop-a', a.resourceId));
    const tokenB = await store.get(tokenKey('shop-a', b.resourceId));
    assert.ok(tokenA?.startsWith('gst_') && tokenB?.startsWith('gst_'));
    assert.notEqual(tokenA, tokenB);
    assert.deepEqual(
      (await a.listDialogs()).items.map((d) => d.threadId),
      [threadA],
    );
    assert.deepEqual(
      (await b.listDialogs()).items.map((d) => d.threadId),
      [threadB],
    );
  });

  test('Web Storage keeps the session across a page reload: the new page reads the dialog without registering', async () => {
    const storage = new MemoryStorage();
    const resourceId = `buyer-${randomUUID()}`;
    const firstPage = make(resourceId, webStorageTokenStore({ storage }));
    const threadId = firstPage.newThreadId();
    await firstPage.generate(firstPage.createMessage({ threadId, content: 'чайник' }));
    assert.equal(storage.length, 1);
    assert.equal(storage.key(0), `aisle.guestToken:${tokenKey('shop-a', resourceId)}`);

    const registrations = s.count(REGISTER);
    const reloaded = make(resourceId, webStorageTokenStore({ storage: () => storage }));
    assert.equal((await reloaded.history({ threadId })).items.length, 2);
    assert.equal(s.count(REGISTER), registrations);

    await reloaded.revokeGuestSession();
    assert.equal(storage.length, 0, 'a revoked token is removed from storage');
  });

  test('storage that refuses access: the token is kept for the page and the conversation goes on', async () => {
    const registrations = s.count(REGISTER);
    const aisle = make(`buyer-${randomUUID()}`, webStorageTokenStore({ storage: new BlockedStorage() }));
    const threadId = aisle.newThreadId();
    await aisle.generate(aisle.createMessage({ threadId, content: 'чайник' }));
    await aisle.generate(aisle.createMessage({ threadId, content: 'утюг' }));
    assert.equal((await aisle.history({ threadId })).items.length, 4);
    assert.equal(s.count(REGISTER) - registrations, 1);

    const missing = make(`buyer-${randomUUID()}`, webStorageTokenStore({ storage: () => undefined }));
    await missing.generate(missing.createMessage({ threadId: missing.newThreadId(), content: 'чайник' }));
    assert.equal(await missing.hasGuestSession(), true);
  });

  test('a custom prefix separates stores in one storage', async () => {
    const storage = new MemoryStorage();
    const store = webStorageTokenStore({ storage, prefix: 'shop1:' });
    await store.set('k', 'v');
    assert.equal(storage.getItem('shop1:k'), 'v');
    assert.equal(await webStorageTokenStore({ storage, prefix: 'shop2:' }).get('k'), null);
  });
});
