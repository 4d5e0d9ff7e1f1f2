import type { DbOrTx } from '@sala/db/client';
import {
  type BranchDay,
  bookableDays,
  bookingWindow,
  type Clock,
  dayHours,
  hourRooms,
} from '@sala/shared/bookings/availability';
import {
  type TAvailabilityDaysResponse,
  type TAvailabilityHoursQuery,
  type TAvailabilityLiveState,
  type TAvailabilityRoomsQuery,
  type TAvailabilityRoomsResponse,
  type TPublicBranch,
  ZAvailabilityHoursResponse,
} from '@sala/shared/bookings/availability.contract';
import { locationMessages } from '@sala/shared/locations/locations.messages';
import { businessInstant, dayRange } from '@sala/shared/time/business-time';
import type { RequestContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { COMPRESSION, type EncodedText, encodedText } from '../../lib/encoded-text';
import {
  findBranchAtInstants,
  findBranchCalendar,
  findBranchDay,
  findSlot,
  listPublicBranches,
} from './availability.repository';
import { remembered } from './day-cache';
import { announceChange } from './live-feed';

const branchNotFound = () => new AppError('not-found', locationMessages.branchNotFound);

export async function availableDays(
  { db, now }: RequestContext,
  { branchId }: { branchId: string },
): Promise<TAvailabilityDaysResponse> {
  const clock: Clock = { now };
  const window = bookingWindow(clock);
  const branch = await remembered(db, `${branchId}|calendar|${window[0]}`, () =>
    findBranchCalendar(db, branchId, window[0]!, window.at(-1)!),
  );
  if (!branch) throw branchNotFound();
  return {
    branchId: branch.id,
    today: window[0]!,
    sessionCost: branch.sessionCost,
    days: bookableDays(clock, branch),
  };
}

/**
 * One day of a branch as the availability rules read it, with its zone and session cost, read now. The booking
 * service reads it inside its transaction and decides with the same rules (checkSlot).
 */
export async function loadBranchDay(
  db: DbOrTx,
  branchId: string,
  date: string,
): Promise<(BranchDay & { id: string; cityId: string; sessionCost: number }) | undefined> {
  const { from, to } = dayRange(date);
  return findBranchDay(db, branchId, date, from, to);
}

/** The day as the availability answers read it: at most TTL_MS old (day-cache.ts). */
function recentBranchDay(db: DbOrTx, branchId: string, date: string) {
  return remembered(db, `${branchId}|day|${date}`, () => loadBranchDay(db, branchId, date));
}

/**
 * After a committed change to a branch's blocks, rooms, schedule or sessions on `dates` (null: any day): every
 * process answers from fresh data and tells its live streams (live-feed.ts).
 */
export function availabilityChanged(db: DbOrTx, branchId: string, dates: readonly string[] | null = null) {
  announceChange(db, { branchId, dates: dates ? [...dates] : null });
}

/**
 * GET /api/availability/hours as the JSON sent (issue 46): the answer changes only with the data and when a slot
 * starts (on a minute, hence the minute in its key), so it is computed, checked against its contract, written out
 * and compressed (each form the first time a client asks for it) at most once a second per key (day-cache.ts's
 * TTL_MS, and at once after this process's writes); every other ask of that second sends the same bytes.
 */
export async function availableHoursAnswer(
  { db, now }: RequestContext,
  { branchId, date }: TAvailabilityHoursQuery,
): Promise<EncodedText> {
  const clock: Clock = { now };
  const minute = Math.floor(clock.now.getTime() / 60_000);
  return remembered(db, `${branchId}|hours|${date}|${minute}`, async () => {
    const day = await recentBranchDay(db, branchId, date);
    if (!day) throw branchNotFound();
    const answer = ZAvailabilityHoursResponse.parse({ date, hours: dayHours(clock, day, date) });
    return encodedText(JSON.stringify(answer), COMPRESSION.often);
  });
}

/**
 * Everything a live stream sends of a branch-day (live-streams.ts): its hours and each hour's rooms, read as the
 * hours and rooms answers read them, with one clock.
 */
export async function liveState(
  db: DbOrTx,
  now: Date,
  branchId: string,
  date: string,
): Promise<TAvailabilityLiveState> {
  const clock: Clock = { now };
  const day = await recentBranchDay(db, branchId, date);
  if (!day) throw branchNotFound();
  const hours = dayHours(clock, day, date);
  return { date, hours, rooms: hours.map(({ hour }) => ({ hour, ...hourRooms(clock, day, date, hour) })) };
}

export async function availableRooms(
  { db, now }: RequestContext,
  { branchId, date, hour }: TAvailabilityRoomsQuery,
): Promise<TAvailabilityRoomsResponse> {
  const clock: Clock = { now };
  const day = await recentBranchDay(db, branchId, date);
  if (!day) throw branchNotFound();
  return { date, hour, ...hourRooms(clock, day, date, hour) };
}

/** Zones and branches for the wizard's first two steps (public, like the rest of availability). */
export function publicBranches({ db }: RequestContext): Promise<TPublicBranch[]> {
  return remembered(db, 'all|branches', () => listPublicBranches(db));
}

/**
 * The one slot a booking asks for, read now (inside the booking's transaction), as the availability rules read
 * a day: `checkSlot` decides on it exactly as the wizard's answers did. A malformed date or hour never gets here.
 */
export function loadSlot(
  db: DbOrTx,
  slot: { branchId: string; roomId: string; date: string; hour: string },
): Promise<
  | (BranchDay & {
      id: string;
      name: string;
      cityId: string;
      cityName: string;
      address: string;
      sessionCost: number;
    })
  | undefined
> {
  return findSlot(db, slot.branchId, slot.date, slot.roomId, businessInstant(slot.date, slot.hour));
}

/**
 * A branch as a standing slot's dates find it, read now (inside the series' transaction): its rooms, the day blocks
 * of those dates, and the sessions and room blocks at those instants. `planSeries` decides on it.
 */
export function loadBranchAtInstants(db: DbOrTx, branchId: string, dates: string[], instants: Date[]) {
  return findBranchAtInstants(db, branchId, dates, instants);
}
