import { ttlCache } from '../../lib/ttl-cache';

/**
 * A very short-lived memory of what a branch's day holds, per API process (docs/decisions/007).
 *
 * Availability is read far more than it changes (every visitor of the wizard asks for the same few days). Each
 * answer is still computed with the clock of its own request, from a snapshot at most TTL_MS old. A write forgets
 * the snapshots of the branch-days it touched: at once in the process that made it, and in every other process when
 * the change feed tells it (live-feed.ts); TTL_MS bounds what a lost message could leave behind. No booking is
 * decided from here: the booking service reads the slot inside its transaction.
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

/**
 * Forgets what a branch's `dates` held: those days and their hours, and the branch's bookable days (a full day drops
 * out of them). `null`: every day of the branch, and the lists of every branch.
 */
export function forgetDays(db: object, branchId: string, dates: readonly string[] | null) {
  if (!dates) return forgetBranch(db, branchId);
  const prefixes = [
    `${branchId}|calendar|`,
    ...dates.flatMap((date) => [`${branchId}|day|${date}`, `${branchId}|hours|${date}|`]),
  ];
  days.forget(db, (key) => prefixes.some((prefix) => key.startsWith(prefix)));
}

/** Forgets everything (the change feed was interrupted: some changes may not have been heard). */
export function forgetAll(db: object) {
  days.forget(db, () => true);
}
