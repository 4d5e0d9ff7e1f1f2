/**
 * What a calendar feed holds (issue 43): sessions from 30 days back to every future one; a cancelled one stays, as
 * STATUS:CANCELLED, for 30 days after it was cancelled, so a calendar that showed it removes it.
 */
export const FEED_PAST_DAYS = 30;
export const FEED_CANCELLED_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const feedWindow = (now: Date) => ({
  startsFrom: new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
  cancelledFrom: new Date(now.getTime() - FEED_CANCELLED_DAYS * DAY_MS),
});

/** A feed token: 256 random bits, base64url (43 characters). Anything else is no feed, without a query. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** `/calendario/TOKEN.ics` → the token, or null. */
export function tokenOfFeedFile(file: string): string | null {
  const match = /^([A-Za-z0-9_-]{43})\.ics$/.exec(file);
  return match ? match[1]! : null;
}

export const feedAddresses = (publicUrl: string, token: string) => {
  const url = `${publicUrl.replace(/\/+$/, '')}/calendario/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://') };
};

/** The staff feed names a client by first name only: whoever has the address may read it. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

/**
 * One event per calendar UID. A rescheduled session keeps its first session's UID (docs/decisions/019), so the
 * replaced one (cancelled) and its replacement share it: the feed keeps the live one, else the latest.
 */
export function onePerUid<T extends { uid: string; cancelled: boolean; sequence: number }>(rows: T[]): T[] {
  const byUid = new Map<string, T>();
  for (const row of rows) {
    const kept = byUid.get(row.uid);
    const better =
      !kept ||
      (kept.cancelled && !row.cancelled) ||
      (kept.cancelled === row.cancelled && row.sequence > kept.sequence);
    if (better) byUid.set(row.uid, row);
  }
  return [...byUid.values()];
}
