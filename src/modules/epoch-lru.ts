/**
 * Values read from the database and kept in memory, by key, that a change may make stale: at
 * most `maxEntries` (the least recently read dropped first). Every removal bumps `epoch`, so a
 * value whose database read started before a removal is not kept after it (`set` takes the
 * epoch read before the read). The guest-session cache and the dialog list's first pages are
 * kept so.
 */
export interface EpochLru<V> {
  /** Bumped by every removal; read it before a database read and pass it to `set`. */
  readonly epoch: number;
  /** The value of a key, now the most recently read. */
  get(key: string): V | undefined;
  /** Keeps `value` unless something was removed since `readAt`. */
  set(key: string, value: V, readAt: number): void;
  /** Removes a key because it changed (bumps the epoch). */
  delete(key: string): void;
  /** Forgets a key that merely aged (no epoch bump: nothing changed). */
  forget(key: string): void;
  /** Removes everything (bumps the epoch). */
  clear(): void;
  readonly size: number;
}

export function createEpochLru<V>(maxEntries: number): EpochLru<V> {
  const entries = new Map<string, V>();
  let epoch = 0;
  return {
    get epoch(): number {
      return epoch;
    },
    get(key) {
      const value = entries.get(key);
      if (value === undefined) {
        return undefined;
      }
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value, readAt) {
      if (readAt !== epoch) {
        return;
      }
      entries.delete(key);
      if (entries.size >= maxEntries) {
        entries.delete(entries.keys().next().value as string);
      }
      entries.set(key, value);
    },
    delete(key) {
      epoch++;
      entries.delete(key);
    },
    forget(key) {
      entries.delete(key);
    },
    clear() {
      epoch++;
      entries.clear();
    },
    get size(): number {
      return entries.size;
    },
  };
}
