/**
 * A very short-lived memory of what a branch's day holds, per API process (docs/decisions/007).
 *
 * Availability is read far more than it changes (every visitor of the wizard asks for the same few days). Each
 * answer is still computed with the clock of its own request, from a snapshot at most TTL_MS old: a write made by
 * this process forgets the branch's snapshots at once, a write made by another process is seen within TTL_MS. No
 * booking is decided from here: the booking service reads the day inside its transaction.
 */
export const TTL_MS = 1_000;

type Entry<T> = { expiresAt: number; value: Promise<T> };

const perDatabase = new WeakMap<object, Map<string, Entry<unknown>>>();

function cacheOf(db: object) {
  let cache = perDatabase.get(db);
  if (!cache) {
    cache = new Map();
    perDatabase.set(db, cache);
  }
  return cache;
}

/**
 * The value of `key`, loaded at most once per TTL_MS (requests that arrive while it loads share the load).
 * A failed load is not remembered.
 */
export function remembered<T>(db: object, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const cache = cacheOf(db);
  const hit = cache.get(key) as Entry<T> | undefined;
  if (hit && hit.expiresAt > now) return hit.value;
  if (cache.size > 10_000) cache.clear();
  const value = load();
  cache.set(key, { expiresAt: now + TTL_MS, value });
  value.catch(() => cache.delete(key));
  return value;
}

/**
 * Forgets every remembered day of a branch (after this process changed its blocks, rooms or sessions), and the
 * lists of every branch (keys under 'all|').
 */
export function forgetBranch(db: object, branchId: string) {
  const cache = perDatabase.get(db);
  if (!cache) return;
  for (const key of cache.keys()) {
    if (key.startsWith(`${branchId}|`) || key.startsWith('all|')) cache.delete(key);
  }
}
