const HOUR_MS = 3_600_000;

/**
 * The waitlist of a full hour (design §7, docs/decisions/019). Pure: the service reads the line and the balances
 * inside the transaction that freed a room, and books in the order `autoBookOrder` gives, trying the next one when
 * a booking of the list cannot be made after all (the client took that hour elsewhere meanwhile).
 */

/** How far ahead a freed hour must still be for the list to book it, as the client may choose (hours). */
export const WAITLIST_NOTICE_OPTIONS = [2, 6, 12, 24, 48] as const;
export const WAITLIST_DEFAULT_NOTICE = 12;

/**
 * The notices an hour starting at `startsAt` can still satisfy when a client joins its line at `now`: the list books
 * a freed room only while the hour is at least the notice ahead (`mayAutoBook`), so a longer notice than the time
 * left could never be met. Empty when even the shortest is too long: the client can only be told.
 */
export function possibleNotices({ now, startsAt }: { now: Date; startsAt: Date }): number[] {
  const left = startsAt.getTime() - now.getTime();
  return WAITLIST_NOTICE_OPTIONS.filter((hours) => left >= hours * HOUR_MS);
}

/** What the form starts on: the usual notice when the hour still allows it, else the longest it allows. */
export function suggestedNotice(possible: readonly number[]): number | undefined {
  return possible.includes(WAITLIST_DEFAULT_NOTICE) ? WAITLIST_DEFAULT_NOTICE : possible.at(-1);
}

/** A client waits for at most this many hours at once (the list is a courtesy, not a way to hold the week). */
export const WAITLIST_MAX_ACTIVE = 10;

export type WaitlistEntry = {
  id: string;
  /** The order of arrival (the database's sequence). */
  seq: number;
  autoBook: boolean;
  minNoticeHours: number;
  /** The client's balance now. */
  credits: number;
};

/** First come, first served: in the order they joined. */
export function lineOrder<T extends Pick<WaitlistEntry, 'seq'>>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.seq - b.seq);
}

/** Whether the list may book this entry into a room freed at `startsAt`: its own choice, its balance, its notice. */
export function mayAutoBook(
  entry: Pick<WaitlistEntry, 'autoBook' | 'minNoticeHours' | 'credits'>,
  { now, startsAt, cost }: { now: Date; startsAt: Date; cost: number },
): boolean {
  return (
    entry.autoBook &&
    entry.credits >= cost &&
    startsAt.getTime() - now.getTime() >= entry.minNoticeHours * HOUR_MS
  );
}

/** The entries the list tries to book, in the order it tries them. */
export function autoBookOrder<T extends WaitlistEntry>(
  entries: readonly T[],
  when: { now: Date; startsAt: Date; cost: number },
): T[] {
  return lineOrder(entries).filter((entry) => mayAutoBook(entry, when));
}
