import { hourSlots, type WeeklySchedule } from '../locations/schedule';
import { addDays, BUSINESS_TIME_ZONE, businessInstant, weekdayOf } from '../time/business-time';
import { bookingWindow, type Clock, opensOn } from './availability';

/**
 * Standing slots (design §7, docs/decisions/019): the same hour every week or every two weeks, booked at once as
 * ordinary sessions. Pure, like availability.ts: the service reads the branch for every date inside its
 * transaction and decides with `planSeries`, and the preview shows the same answer before.
 */

import { SERIES_MIN_COUNT } from './series-limits';

export { SERIES_MIN_COUNT };
export type EveryWeeks = 1 | 2;

/** Why an occurrence cannot be booked; `bookable` ones carry the room they get. */
export type OccurrenceState = 'bookable' | 'closed' | 'blocked' | 'full' | 'same-time' | 'past';

export type Occurrence = {
  date: string;
  state: OccurrenceState;
  /** The room it books: the one asked for, or another free room of the branch at that hour; null if none. */
  roomId: string | null;
  roomName: string | null;
  /** The room asked for was taken or blocked, and this one is free. */
  roomChanged: boolean;
};

/** What the branch holds on the series' dates, and when its client is already booked. */
export type SeriesData = {
  schedule: WeeklySchedule;
  dayBlocks: { date: string; hour: string | null }[];
  rooms: { id: string; name: string; position: number; isActive: boolean }[];
  /** Active sessions and room blocks of the branch at the series' instants (others may be left out). */
  sessions: { roomId: string; startsAt: Date }[];
  roomBlocks: { roomId: string; startsAt: Date }[];
  /** Instants at which the client already holds an active session (any branch). */
  clientBusy: Date[];
};

export type SeriesAsk = { date: string; hour: string; roomId: string; everyWeeks: EveryWeeks; count: number };

/** The series' dates: the first, then every one or two weeks, `count` in all (a month's end is just more days). */
export function seriesDates(first: string, everyWeeks: EveryWeeks, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(first, i * 7 * everyWeeks));
}

/**
 * Why a series cannot even be previewed, or null: the branch offers none (its limit is 0), the count is outside
 * 2…limit, or the first date is not a day of the booking window (the series starts where a single booking could).
 */
export function seriesAskRefusal(
  clock: Clock,
  standingWeeksMax: number,
  ask: Pick<SeriesAsk, 'date' | 'count'>,
): 'disabled' | 'count' | 'first-date' | null {
  if (standingWeeksMax === 0) return 'disabled';
  if (!Number.isInteger(ask.count) || ask.count < SERIES_MIN_COUNT || ask.count > standingWeeksMax) {
    return 'count';
  }
  return bookingWindow(clock).includes(ask.date) ? null : 'first-date';
}

const key = (roomId: string, at: Date) => `${roomId}|${at.getTime()}`;

/**
 * Each date of the series with its state, by the same rules as a single booking, except the window: a closed day
 * (Sunday, or the branch's schedule) or hour, a blocked day or hour, an hour already started, the client's own
 * session at that hour; then the room: the one asked for if free, else the first free active room by position
 * (`roomChanged`), else `full`.
 */
export function planSeries(
  { now, timeZone = BUSINESS_TIME_ZONE }: Clock,
  data: SeriesData,
  ask: SeriesAsk,
): Occurrence[] {
  const taken = new Set([...data.sessions, ...data.roomBlocks].map((row) => key(row.roomId, row.startsAt)));
  const clientBusy = new Set(data.clientBusy.map((at) => at.getTime()));
  const rooms = data.rooms.filter((room) => room.isActive).sort((a, b) => a.position - b.position);
  const asked = rooms.find((room) => room.id === ask.roomId);
  const none = { roomId: null, roomName: null, roomChanged: false };

  return seriesDates(ask.date, ask.everyWeeks, ask.count).map((date): Occurrence => {
    const offered =
      opensOn(data.schedule, date) && hourSlots(data.schedule[weekdayOf(date)]!).includes(ask.hour);
    if (!offered) return { date, state: 'closed', ...none };
    const startsAt = businessInstant(date, ask.hour, timeZone);
    if (startsAt.getTime() <= now.getTime()) return { date, state: 'past', ...none };
    if (data.dayBlocks.some((b) => b.date === date && (b.hour === null || b.hour === ask.hour))) {
      return { date, state: 'blocked', ...none };
    }
    if (clientBusy.has(startsAt.getTime())) return { date, state: 'same-time', ...none };
    const free = (room: { id: string }) => !taken.has(key(room.id, startsAt));
    if (asked && free(asked)) {
      return { date, state: 'bookable', roomId: asked.id, roomName: asked.name, roomChanged: false };
    }
    const other = rooms.find(free);
    if (!other) return { date, state: 'full', ...none };
    return { date, state: 'bookable', roomId: other.id, roomName: other.name, roomChanged: true };
  });
}

/** The dates (and rooms) a confirmation books: the bookable ones. */
export const bookableOccurrences = (plan: Occurrence[]) =>
  plan.filter((occurrence) => occurrence.state === 'bookable');

/**
 * The dates whose outcome differs between what the client was shown and what holds now: a date shown bookable
 * that is not, or in another room, or a date not shown bookable that now is. Empty when the confirmation stands.
 */
export function changedDates(shown: { date: string; roomId: string }[], now: Occurrence[]): string[] {
  const shownRoom = new Map(shown.map((o) => [o.date, o.roomId]));
  const nowRoom = new Map(bookableOccurrences(now).map((o) => [o.date, o.roomId]));
  const dates = new Set([...shownRoom.keys(), ...nowRoom.keys()]);
  return [...dates].filter((date) => shownRoom.get(date) !== nowRoom.get(date)).sort();
}
