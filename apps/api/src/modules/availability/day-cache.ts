import { ttlCache } from '../../lib/ttl-cache';

/**
 * A very short-lived memory of what a branch's day holds, per API process (docs/decisions/007).
 *
 * Availability is read far more than it changes (every visitor of the wizard asks for the same few days). Each
 * answer is still computed with the clock of its own request, from a snapshot at most TTL_MS old: a write made by
 * this process forgets the branch's snapshots at once, a write made by another process is seen within TTL_MS. No
 * booking is decided from here: the booking service reads the slot inside its transaction.
 */
export const TTL_MS = 1_000;

const days = ttlCache(TTL_MS);

/** The value of `key`, loaded at most once per TTL_MS (requests that arrive while it loads share the load). */
export function remembered<T>(db: object, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  return days.get(db, key, load, now);
}

/**
 * Forgets every remembered day of a branch (after this process changed its blocks, rooms or sessions), and the
 * lists of every branch (keys under 'all|').
 */
export function forgetBranch(db: object, branchId: string) {
  days.forget(db, (key) => key.startsWith(`${branchId}|`) || key.startsWith('all|'));
}
