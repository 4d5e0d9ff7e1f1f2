import { hoursOn } from '../bookings/availability';
import type { WeeklySchedule } from '../locations/schedule';
import { addDays, businessInstant, weekdayOf } from '../time/business-time';

/**
 * Occupancy (design §8, issue 22): booked session-hours ÷ bookable room-hours for a period. Bookable = the branch's
 * active rooms at each hour it opens, less what is blocked (a whole day, an hour, or one room at an hour). Pure: the
 * service reads the branch's rooms, blocks and session counts for the period and decides here.
 */

export type BranchPeriod = {
  branchId: string;
  branchName: string;
  schedule: WeeklySchedule;
  /** Active rooms now (a room's history of activation is not kept). */
  activeRooms: number;
  /** Whole days blocked ('YYYY-MM-DD') and blocked hours ('YYYY-MM-DD HH:mm'). */
  blockedDays: Set<string>;
  blockedHours: Set<string>;
  /** Rooms blocked at an instant (ms since epoch → how many). */
  roomBlocksAt: Map<number, number>;
  /** Active sessions per date ('YYYY-MM-DD' → 24 counts, index h = those starting at h:00). */
  sessionsOn: Map<string, readonly number[]>;
};

export type OccupancyCell = { booked: number; bookable: number };

/** booked ÷ bookable as a percentage with one decimal (0 when nothing was bookable). */
export function rate({ booked, bookable }: OccupancyCell): number {
  return bookable === 0 ? 0 : Math.round((booked / bookable) * 1000) / 10;
}

/** A day of a period: its weekday and, once asked, the instant each hour starts (shared by every branch). */
export type CalendarDay = { date: string; weekday: number; startOf: (hour: string) => number };

/** The days of [from, to]: computed once per answer, however many branches walk them (issue 46). */
export function calendarOf(from: string, to: string): CalendarDay[] {
  const days: CalendarDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const starts = new Map<string, number>();
    const day = date;
    days.push({
      date,
      weekday: weekdayOf(date),
      startOf: (hour) => {
        let at = starts.get(hour);
        if (at === undefined) {
          at = businessInstant(day, hour).getTime();
          starts.set(hour, at);
        }
        return at;
      },
    });
  }
  return days;
}

export type HourCell = { date: string; hour: string; weekday: number; booked: number; bookable: number };

/** Every hour of the calendar's days a branch opens, with what was bookable and what was booked at it. */
export function branchCells(branch: BranchPeriod, calendar: CalendarDay[]): HourCell[] {
  const cells: HourCell[] = [];
  // Each weekday's opening hours, with the hour's index in a day's 24 counts: asked once per weekday.
  const hoursOfWeekday = new Map<number, { hour: string; index: number }[]>();
  const anyRoomBlock = branch.roomBlocksAt.size > 0;
  for (const { date, weekday, startOf } of calendar) {
    if (branch.blockedDays.has(date)) continue;
    let hours = hoursOfWeekday.get(weekday);
    if (!hours) {
      hours = hoursOn(branch.schedule, date).map((hour) => ({ hour, index: Number(hour.slice(0, 2)) }));
      hoursOfWeekday.set(weekday, hours);
    }
    const sessions = branch.sessionsOn.get(date);
    for (const { hour, index } of hours) {
      if (branch.blockedHours.size > 0 && branch.blockedHours.has(`${date} ${hour}`)) continue;
      const blocked = anyRoomBlock ? (branch.roomBlocksAt.get(startOf(hour)) ?? 0) : 0;
      const bookable = Math.max(0, branch.activeRooms - blocked);
      // A session in a room blocked after it was booked still counts: it was booked, and it was bookable then.
      const booked = sessions?.[index] ?? 0;
      cells.push({ date, hour, weekday, booked, bookable: Math.max(bookable, booked) });
    }
  }
  return cells;
}

/** Every hour of [from, to] a branch opens, with what was bookable and what was booked at it. */
export function branchHours(branch: BranchPeriod, from: string, to: string): HourCell[] {
  return branchCells(branch, calendarOf(from, to));
}

/** The sum of a branch's cells on [from, to]. */
export function occupancyOf(cells: HourCell[], from: string, to: string): OccupancyCell {
  let booked = 0;
  let bookable = 0;
  for (const cell of cells) {
    if (cell.date < from || cell.date > to) continue;
    booked += cell.booked;
    bookable += cell.bookable;
  }
  return { booked, bookable };
}

/** A branch's occupancy over [from, to]. */
export function periodOccupancy(branch: BranchPeriod, from: string, to: string): OccupancyCell {
  return occupancyOf(branchHours(branch, from, to), from, to);
}

/** Weekday × hour over [from, to] of every branch's cells: where the week is busy. */
export function heatOf(cellsOfBranches: HourCell[][], from: string, to: string) {
  // One map of hours per weekday: no key to build per cell.
  const weekdays = Array.from(
    { length: 7 },
    () => new Map<string, OccupancyCell & { weekday: number; hour: string }>(),
  );
  for (const branchCells of cellsOfBranches) {
    for (const cell of branchCells) {
      if (cell.date < from || cell.date > to) continue;
      const hours = weekdays[cell.weekday]!;
      let sum = hours.get(cell.hour);
      if (!sum) {
        sum = { weekday: cell.weekday, hour: cell.hour, booked: 0, bookable: 0 };
        hours.set(cell.hour, sum);
      }
      sum.booked += cell.booked;
      sum.bookable += cell.bookable;
    }
  }
  return weekdays
    .flatMap((hours) => [...hours.values()])
    .sort((a, b) => a.weekday - b.weekday || (a.hour < b.hour ? -1 : 1));
}

/** Weekday × hour over [from, to] (all the branches given): where the week is busy. */
export function heatMap(branches: BranchPeriod[], from: string, to: string) {
  const calendar = calendarOf(from, to);
  return heatOf(
    branches.map((branch) => branchCells(branch, calendar)),
    from,
    to,
  );
}
