/**
 * What an index remembers of recent requests: at most `size` entries, the least recently
 * used forgotten first. Keys come from buyers, so the table is a `Map` and its size is
 * capped; an index is rebuilt with every catalogue, and its memos with it.
 */
export class RecentMemo<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly size: number) {}

  /** The remembered value, now the most recently used, or undefined. */
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.size) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, value);
  }
}
