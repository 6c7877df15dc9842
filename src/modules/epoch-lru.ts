/**
 * Values read from the database and kept in memory, by key, that a change may make stale: at
 * most `maxEntries` (the least recently read dropped first), and, when `maxWeight` is given, at
 * most that much of `weigh` summed over the kept values (bytes of text). Every removal bumps
 * `epoch`, so a value whose database read started before a removal is not kept after it (`set`
 * takes the epoch read before the read). With `ttlMs`, a value is trusted that long after it was
 * kept and read again after: the bound on staleness should an announcement of a change from
 * another instance be lost. The guest-session cache, the dialog list's first pages and the
 * shared dialogs are kept so.
 */
export interface EpochLru<V> {
  /** Bumped by every removal; read it before a database read and pass it to `set`. */
  readonly epoch: number;
  /** The value of a key while it is trusted, now the most recently read. */
  get(key: string): V | undefined;
  /** Keeps `value` unless something was removed since `readAt`. */
  set(key: string, value: V, readAt: number): void;
  /** Removes a key because it changed (bumps the epoch). */
  delete(key: string): void;
  /** Removes every key whose value `changed` says changed (bumps the epoch once). */
  deleteWhere(changed: (value: V) => boolean): void;
  /** Forgets a key that merely aged (no epoch bump: nothing changed). */
  forget(key: string): void;
  /** Removes everything (bumps the epoch). */
  clear(): void;
  readonly size: number;
}

export interface EpochLruOptions<V> {
  maxEntries: number;
  /** How long a kept value is trusted, in milliseconds (default: until removed or dropped). */
  ttlMs?: number;
  /** Milliseconds, monotonic enough for ages (performance.now by default). */
  now?: () => number;
  /** A bound on the sum of `weigh(value)` over the kept values; a value heavier than it is not kept. */
  maxWeight?: number;
  weigh?: (value: V) => number;
  /** While this is false nothing is read from memory or kept (default: always true). */
  usable?: () => boolean;
}

interface Kept<V> {
  value: V;
  at: number;
  weight: number;
}

export function createEpochLru<V>(options: EpochLruOptions<V>): EpochLru<V> {
  const { maxEntries, ttlMs = Infinity, maxWeight = Infinity } = options;
  const now = options.now ?? (() => performance.now());
  const weigh = options.weigh ?? (() => 0);
  const usable = options.usable ?? (() => true);
  const entries = new Map<string, Kept<V>>();
  let epoch = 0;
  let weight = 0;

  const remove = (key: string): void => {
    const kept = entries.get(key);
    if (kept) {
      weight -= kept.weight;
      entries.delete(key);
    }
  };
  const dropOldest = (): void => {
    remove(entries.keys().next().value as string);
  };

  return {
    get epoch(): number {
      return epoch;
    },
    get(key) {
      const kept = usable() ? entries.get(key) : undefined;
      if (kept === undefined) {
        return undefined;
      }
      entries.delete(key);
      if (now() - kept.at > ttlMs) {
        weight -= kept.weight;
        return undefined;
      }
      entries.set(key, kept);
      return kept.value;
    },
    set(key, value, readAt) {
      if (readAt !== epoch || !usable()) {
        return;
      }
      const w = weigh(value);
      remove(key);
      if (w > maxWeight) {
        return;
      }
      while (entries.size > 0 && (entries.size >= maxEntries || weight + w > maxWeight)) {
        dropOldest();
      }
      entries.set(key, { value, at: now(), weight: w });
      weight += w;
    },
    delete(key) {
      epoch++;
      remove(key);
    },
    deleteWhere(changed) {
      epoch++;
      for (const [key, kept] of entries) {
        if (changed(kept.value)) {
          remove(key);
        }
      }
    },
    forget(key) {
      remove(key);
    },
    clear() {
      epoch++;
      entries.clear();
      weight = 0;
    },
    get size(): number {
      return entries.size;
    },
  };
}

/**
 * An EpochLru of values other instances may change: used only while their announcements
 * (`AnnouncedChanges` of src/announcements/) can be heard, and emptied whenever announcements may have been missed. The caller forgets the keys
 * of the changes it listens for (`changes.on`).
 */
export function createAnnouncedLru<V>(changes: { readonly listening: boolean; onGap(handler: () => void): void }, options: Omit<EpochLruOptions<V>, 'usable'>): EpochLru<V> {
  const lru = createEpochLru<V>({ ...options, usable: () => changes.listening });
  changes.onGap(() => lru.clear());
  return lru;
}
