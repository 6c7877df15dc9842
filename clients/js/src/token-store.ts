/**
 * Where a guest token is kept between calls and page loads. A token is bound to one section
 * and one resourceId (spec 5 item 1) and is returned only at registration (spec 2.1), so a
 * lost token cannot be had again for that resourceId: the store is what keeps the buyer's
 * dialogs reachable. Stores are keyed by {@link tokenKey}.
 */

/** A place for tokens. Methods may be synchronous or return promises. */
export interface TokenStore {
  get(key: string): string | null | undefined | Promise<string | null | undefined>;
  set(key: string, token: string): void | Promise<void>;
  delete(key: string): void | Promise<void>;
}

/** The key of a section's and resourceId's token: unambiguous whatever characters the ids hold. */
export function tokenKey(tenantId: string, resourceId: string): string {
  return JSON.stringify([tenantId, resourceId]);
}

/** Tokens for this page or process only: gone on reload. */
export function memoryTokenStore(): TokenStore {
  const tokens = new Map<string, string>();
  return {
    get: (key) => tokens.get(key) ?? null,
    set: (key, token) => {
      tokens.set(key, token);
    },
    delete: (key) => {
      tokens.delete(key);
    },
  };
}

/** The part of the Web Storage interface (`localStorage`, `sessionStorage`) the store uses. */
export interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface WebStorageTokenStoreOptions {
  /** The storage, or a function giving it (reading `window.localStorage` itself can throw). Default: `globalThis.localStorage`. */
  storage?: WebStorageLike | (() => WebStorageLike | undefined);
  /** Prefix of the storage keys. Default `aisle.guestToken:`. */
  prefix?: string;
}

function defaultStorage(): WebStorageLike | undefined {
  return (globalThis as { localStorage?: WebStorageLike }).localStorage;
}

/**
 * Tokens in Web Storage, so a buyer keeps their dialogs across page loads and tabs.
 * Storage may be missing or refuse access (blocked cookies, private modes, a full quota):
 * then the token is kept in memory for this page instead of failing the conversation.
 */
export function webStorageTokenStore(options: WebStorageTokenStoreOptions = {}): TokenStore {
  const prefix = options.prefix ?? 'aisle.guestToken:';
  const source = options.storage ?? defaultStorage;
  const fallback = new Map<string, string>();
  const storage = (): WebStorageLike | undefined => (typeof source === 'function' ? source() : source);
  return {
    get(key) {
      try {
        const stored = storage()?.getItem(prefix + key);
        if (stored) {
          return stored;
        }
      } catch {
        // Unreadable storage: the fallback below still answers.
      }
      return fallback.get(key) ?? null;
    },
    set(key, token) {
      try {
        const s = storage();
        if (s) {
          s.setItem(prefix + key, token);
          fallback.delete(key);
          return;
        }
      } catch {
        // Unwritable storage: keep the token for this page at least.
      }
      fallback.set(key, token);
    },
    delete(key) {
      fallback.delete(key);
      try {
        storage()?.removeItem(prefix + key);
      } catch {
        // Nothing more can be done; the token is no longer used by this page.
      }
    },
  };
}

/** {@link webStorageTokenStore} over `localStorage`. */
export function localStorageTokenStore(prefix?: string): TokenStore {
  return webStorageTokenStore(prefix === undefined ? {} : { prefix });
}
