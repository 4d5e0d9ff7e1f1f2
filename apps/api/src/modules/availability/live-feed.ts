import type { Channels } from '@sala/db/channels';
import { forgetDays } from './day-cache';

/**
 * The change feed of availability (design §10, docs/decisions/021): every write that changes what can be booked
 * announces the branch and the days it touched once its transaction has committed. Every process hears it (the
 * announcer too): it forgets those days' snapshots and tells its live streams.
 */
export const AVAILABILITY_CHANNEL = 'sala_availability';

/** What changed: a branch's days, or (`null`) every day of it (a schedule, a room, the branch itself). */
export type AvailabilityChange = { branchId: string; dates: string[] | null };

/** `branchId|2030-01-08,2030-01-15` or `branchId|*`: a NOTIFY payload is at most 8 000 bytes (about 700 days). */
export function encodeChange({ branchId, dates }: AvailabilityChange): string {
  const days = [...new Set(dates ?? [])];
  return `${branchId}|${days.length > 0 && days.length < 700 ? days.join(',') : '*'}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The payload back, or undefined for anything this version did not write. */
export function decodeChange(payload: string): AvailabilityChange | undefined {
  const [branchId = '', days = '', ...rest] = payload.split('|');
  if (rest.length > 0 || !UUID.test(branchId)) return undefined;
  if (days === '*') return { branchId, dates: null };
  const dates = days.split(',');
  return dates.every((date) => DATE.test(date)) ? { branchId, dates } : undefined;
}

/** The channels of each open database (tests run many in one process): set when an app opens it. */
const feeds = new WeakMap<object, Channels>();

export function attachFeed(db: object, channels: Channels) {
  feeds.set(db, channels);
}

/**
 * After a commit that changed a branch's availability: this process forgets those days at once, then every process
 * (this one too) hears of it. A lost message is bounded by the snapshots' one-second life; never thrown at the
 * caller, whose write has already succeeded.
 */
export function announceChange(db: object, change: AvailabilityChange, onError?: (error: unknown) => void) {
  forgetDays(db, change.branchId, change.dates);
  const channels = feeds.get(db);
  if (!channels) return;
  channels.notify(AVAILABILITY_CHANNEL, encodeChange(change)).catch((error) => onError?.(error));
}
