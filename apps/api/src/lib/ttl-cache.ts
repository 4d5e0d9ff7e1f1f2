/** The fewest keys at which a cache sweeps out its expired ones. */
const SWEEP_FLOOR = 256;

/**
 * A small per-process memory with a time to live, kept apart per database handle (tests run many apps in one
 * process). A value is loaded at most once per TTL; requests that arrive while it loads share the load; a failed
 * load is not remembered.
 */
export function ttlCache(ttlMs: number, maxEntries = 10_000) {
  type Entry = { expiresAt: number; value: Promise<unknown> };
  /** A database's keys, and the size at which they are next swept. */
  type Memory = { entries: Map<string, Entry>; sweepAt: number };
  const perDatabase = new WeakMap<object, Memory>();

  const memoryOf = (db: object) => {
    let memory = perDatabase.get(db);
    if (!memory) {
      memory = { entries: new Map(), sweepAt: SWEEP_FLOOR };
      perDatabase.set(db, memory);
    }
    return memory;
  };

  return {
    ttlMs,
    get<T>(db: object, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
      const memory = memoryOf(db);
      const cache = memory.entries;
      const hit = cache.get(key);
      if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
      // Keys asked once (the hours of one minute, say) leave as they expire, not only when the cache is full: swept
      // each time the cache has doubled since the last sweep, which costs a key a constant share of one sweep.
      if (cache.size >= memory.sweepAt) {
        for (const [old, entry] of cache) if (entry.expiresAt <= now) cache.delete(old);
        memory.sweepAt = Math.max(SWEEP_FLOOR, cache.size * 2);
      }
      if (cache.size >= maxEntries) cache.clear();
      const value = load();
      cache.set(key, { expiresAt: now + ttlMs, value });
      value.catch(() => cache.delete(key));
      return value;
    },
    /** Drops every remembered key the predicate picks. */
    forget(db: object, picks: (key: string) => boolean) {
      const cache = perDatabase.get(db)?.entries;
      if (!cache) return;
      for (const key of cache.keys()) if (picks(key)) cache.delete(key);
    },
    /** How many keys a database's memory holds, expired ones not yet swept included. */
    size(db: object) {
      return perDatabase.get(db)?.entries.size ?? 0;
    },
  };
}
