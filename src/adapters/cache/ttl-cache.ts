/**
 * A small time-bounded map: entries live `ttlMs` of wall time and the oldest are dropped
 * beyond `maxEntries`. Used to keep per-request credential and workspace look-ups off the
 * store (they cost more than a primary-key read of the data itself).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  private removals = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      return undefined;
    }
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Counts removals. A caller that reads the store takes it before the read and hands it to
   * `set`: a value read while something was removed may predate that change (a revocation
   * committed meanwhile), so it is not cached.
   */
  get generation(): number {
    return this.removals;
  }

  /** Caches `value`, unless an entry was removed since `generation` was read (see above). */
  set(key: K, value: V, generation = this.removals): void {
    if (generation !== this.removals) {
      return;
    }
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) {
        this.entries.delete(oldest.value);
      }
    }
  }

  delete(key: K): void {
    this.removals += 1;
    this.entries.delete(key);
  }

  clear(): void {
    this.removals += 1;
    this.entries.clear();
  }

  /** Removes every entry whose value matches. */
  deleteWhere(matches: (value: V) => boolean): void {
    this.removals += 1;
    for (const [key, entry] of this.entries) {
      if (matches(entry.value)) {
        this.entries.delete(key);
      }
    }
  }
}
