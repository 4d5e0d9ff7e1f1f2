/**
 * A small per-process memory with a time to live, kept apart per database handle (tests run many apps in one
 * process). A value is loaded at most once per TTL; requests that arrive while it loads share the load; a failed
 * load is not remembered.
 */
export function ttlCache(ttlMs: number, maxEntries = 10_000) {
  type Entry = { expiresAt: number; value: Promise<unknown> };
  const perDatabase = new WeakMap<object, Map<string, Entry>>();

  const cacheOf = (db: object) => {
    let cache = perDatabase.get(db);
    if (!cache) {
      cache = new Map();
      perDatabase.set(db, cache);
    }
    return cache;
  };

  return {
    ttlMs,
    get<T>(db: object, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
      const cache = cacheOf(db);
      const hit = cache.get(key);
      if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
      if (cache.size >= maxEntries) cache.clear();
      const value = load();
      cache.set(key, { expiresAt: now + ttlMs, value });
      value.catch(() => cache.delete(key));
      return value;
    },
    /** Drops every remembered key the predicate picks. */
    forget(db: object, picks: (key: string) => boolean) {
      const cache = perDatabase.get(db);
      if (!cache) return;
      for (const key of cache.keys()) if (picks(key)) cache.delete(key);
    },
  };
}
