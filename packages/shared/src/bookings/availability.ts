import { hourSlots, type WeeklySchedule } from '../locations/schedule';
import { addDays, BUSINESS_TIME_ZONE, businessDate, businessInstant, weekdayOf } from '../time/business-time';

/**
 * What can be booked when (docs/business-rules.md §5 Booking, §9; docs/business-rules.md D§4). Pure: the clock and the time zone are
 * parameters. The availability API shows these answers and the booking service decides its writes with
 * `checkSlot`, on the same data read inside its transaction.
 */

/** Today plus the next 7 days. */
export const BOOKING_WINDOW_DAYS = 8;

export type HourState = 'free' | 'past' | 'blocked' | 'full';
export type RoomState = 'free' | 'busy' | 'blocked';

export type Clock = { now: Date; timeZone?: string };

/** A cell of the staff's day grid (a room at an hour). */
export type GridCellState = 'booked' | 'blocked' | 'past' | 'free';

/**
 * What the staff's day grid shows in a cell: a session wins over everything (it is there to be served, even in a
 * block made after it or an hour already gone), then a block (of the day, the hour or the room), then the past.
 */
export function gridCellState(cell: { booked: boolean; blocked: boolean; past: boolean }): GridCellState {
  if (cell.booked) return 'booked';
  if (cell.blocked) return 'blocked';
  return cell.past ? 'past' : 'free';
}

/** What one branch holds for the day(s) asked about; sessions are the active (not cancelled) ones. */
export type BranchDay = {
  schedule: WeeklySchedule;
  dayBlocks: { date: string; hour: string | null }[];
  rooms: { id: string; name: string; position: number; isActive: boolean }[];
  sessions: { roomId: string; startsAt: Date }[];
  roomBlocks: { roomId: string; startsAt: Date }[];
};

export type DayOption = { date: string; weekday: number };
/** `startsAt`: the instant the hour starts (ISO), so a browser never does the time zone's arithmetic itself. */
export type HourOption = { hour: string; startsAt: string; state: HourState; freeRooms: number };
export type RoomOption = { id: string; name: string; position: number; state: RoomState };

/** The dates a client may book: today (in the business time zone) and the next 7 days. */
export function bookingWindow({ now, timeZone = BUSINESS_TIME_ZONE }: Clock): string[] {
  const today = businessDate(now, timeZone);
  return Array.from({ length: BOOKING_WINDOW_DAYS }, (_, i) => addDays(today, i));
}

/** docs/business-rules.md §2 Reservaciones: buttons for the next 7 days from today, Sundays skipped. */
export function staffWeek({ now, timeZone = BUSINESS_TIME_ZONE }: Clock): string[] {
  const today = businessDate(now, timeZone);
  const days: string[] = [];
  for (let i = 0; days.length < 7; i++) {
    const date = addDays(today, i);
    if (weekdayOf(date) !== 0) days.push(date);
  }
  return days;
}

/** Sundays never open (docs/business-rules.md §9); other days as the branch's weekly schedule says. */
export function opensOn(schedule: WeeklySchedule, date: string): boolean {
  const weekday = weekdayOf(date);
  return weekday !== 0 && schedule[weekday] !== null && schedule[weekday] !== undefined;
}

/** The HH:mm start times a branch offers on a date ([] when it does not open). */
export function hoursOn(schedule: WeeklySchedule, date: string): string[] {
  return opensOn(schedule, date) ? hourSlots(schedule[weekdayOf(date)]!) : [];
}

const isDayBlocked = (data: Pick<BranchDay, 'dayBlocks'>, date: string) =>
  data.dayBlocks.some((block) => block.date === date && block.hour === null);

const isHourBlocked = (data: Pick<BranchDay, 'dayBlocks'>, date: string, hour: string) =>
  data.dayBlocks.some((block) => block.date === date && block.hour === hour);

/** The days of the window the branch opens and has not blocked whole. */
export function bookableDays(clock: Clock, data: Pick<BranchDay, 'schedule' | 'dayBlocks'>): DayOption[] {
  return bookingWindow(clock)
    .filter((date) => opensOn(data.schedule, date) && !isDayBlocked(data, date))
    .map((date) => ({ date, weekday: weekdayOf(date) }));
}

const isBookableDay = (clock: Clock, data: Pick<BranchDay, 'schedule' | 'dayBlocks'>, date: string) =>
  bookableDays(clock, data).some((day) => day.date === date);

/** Who is where at each instant of the day, read once per answer. */
type DayIndex = {
  activeRooms: BranchDay['rooms'];
  busyAt: Map<number, Set<string>>;
  blockedAt: Map<number, Set<string>>;
};

function byInstant(rows: { roomId: string; startsAt: Date }[]): Map<number, Set<string>> {
  const map = new Map<number, Set<string>>();
  for (const row of rows) {
    const at = row.startsAt.getTime();
    const rooms = map.get(at) ?? new Set<string>();
    rooms.add(row.roomId);
    map.set(at, rooms);
  }
  return map;
}

function indexDay(data: BranchDay): DayIndex {
  return {
    activeRooms: data.rooms.filter((room) => room.isActive).sort((a, b) => a.position - b.position),
    busyAt: byInstant(data.sessions),
    blockedAt: byInstant(data.roomBlocks),
  };
}

/** Each active room's state at one instant: a session makes it busy, else a room block blocks it. */
function roomStates(index: DayIndex, startsAt: Date): RoomOption[] {
  const busy = index.busyAt.get(startsAt.getTime());
  const blocked = index.blockedAt.get(startsAt.getTime());
  return index.activeRooms.map((room) => ({
    id: room.id,
    name: room.name,
    position: room.position,
    state: busy?.has(room.id) ? 'busy' : blocked?.has(room.id) ? 'blocked' : 'free',
  }));
}

function hourState(clock: Clock, data: BranchDay, index: DayIndex, date: string, hour: string): HourOption {
  const startsAt = businessInstant(date, hour, clock.timeZone);
  const busy = index.busyAt.get(startsAt.getTime());
  const blocked = index.blockedAt.get(startsAt.getTime());
  const freeRooms = index.activeRooms.filter((room) => !busy?.has(room.id) && !blocked?.has(room.id)).length;
  const at = { hour, startsAt: startsAt.toISOString() };
  // A session that has started (its start is not after now) can no longer be booked.
  if (startsAt.getTime() <= clock.now.getTime()) return { ...at, state: 'past', freeRooms };
  if (isHourBlocked(data, date, hour)) return { ...at, state: 'blocked', freeRooms };
  return { ...at, state: freeRooms === 0 ? 'full' : 'free', freeRooms };
}

/** The hours of a bookable day with their state; a day outside the window, closed or blocked whole has none. */
export function dayHours(clock: Clock, data: BranchDay, date: string): HourOption[] {
  if (!isBookableDay(clock, data, date)) return [];
  const index = indexDay(data);
  return hoursOn(data.schedule, date).map((hour) => hourState(clock, data, index, date, hour));
}

/**
 * The branch's active rooms at one hour, by position, with the hour's own state; `closed` when the day or the
 * hour is not offered at all.
 */
export function hourRooms(
  clock: Clock,
  data: BranchDay,
  date: string,
  hour: string,
): { hourState: HourState | 'closed'; rooms: RoomOption[] } {
  if (!isBookableDay(clock, data, date) || !hoursOn(data.schedule, date).includes(hour)) {
    return { hourState: 'closed', rooms: [] };
  }
  const index = indexDay(data);
  const startsAt = businessInstant(date, hour, clock.timeZone);
  return { hourState: hourState(clock, data, index, date, hour).state, rooms: roomStates(index, startsAt) };
}

export type SlotRefusal = 'closed' | 'past' | 'blocked' | 'full' | 'unknown-room' | 'busy' | 'room-blocked';

/**
 * Whether one room at one hour can be booked now, and if not, why. The booking service runs this on the data it
 * read in its transaction; the partial unique index still decides a race between two bookings.
 */
export function checkSlot(
  clock: Clock,
  data: BranchDay,
  slot: { date: string; hour: string; roomId: string },
): { ok: true; startsAt: Date } | { ok: false; reason: SlotRefusal } {
  const { hourState: state, rooms } = hourRooms(clock, data, slot.date, slot.hour);
  if (state === 'closed' || state === 'past' || state === 'blocked') return { ok: false, reason: state };
  const room = rooms.find((r) => r.id === slot.roomId);
  if (!room) return { ok: false, reason: 'unknown-room' };
  if (room.state === 'busy') return { ok: false, reason: 'busy' };
  if (room.state === 'blocked') return { ok: false, reason: 'room-blocked' };
  return { ok: true, startsAt: businessInstant(slot.date, slot.hour, clock.timeZone) };
}
