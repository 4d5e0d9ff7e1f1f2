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
  /** Active sessions at an instant (ms since epoch → how many). */
  sessionsAt: Map<number, number>;
};

export type OccupancyCell = { booked: number; bookable: number };

/** booked ÷ bookable as a percentage with one decimal (0 when nothing was bookable). */
export function rate({ booked, bookable }: OccupancyCell): number {
  return bookable === 0 ? 0 : Math.round((booked / bookable) * 1000) / 10;
}

/** Every hour of [from, to] a branch opens, with what was bookable and what was booked at it. */
export function branchHours(
  branch: BranchPeriod,
  from: string,
  to: string,
): { date: string; hour: string; weekday: number; booked: number; bookable: number }[] {
  const cells = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (branch.blockedDays.has(date)) continue;
    for (const hour of hoursOn(branch.schedule, date)) {
      if (branch.blockedHours.has(`${date} ${hour}`)) continue;
      const at = businessInstant(date, hour).getTime();
      const bookable = Math.max(0, branch.activeRooms - (branch.roomBlocksAt.get(at) ?? 0));
      // A session in a room blocked after it was booked still counts: it was booked, and it was bookable then.
      const booked = branch.sessionsAt.get(at) ?? 0;
      cells.push({ date, hour, weekday: weekdayOf(date), booked, bookable: Math.max(bookable, booked) });
    }
  }
  return cells;
}

/** A branch's occupancy over [from, to]. */
export function periodOccupancy(branch: BranchPeriod, from: string, to: string): OccupancyCell {
  let booked = 0;
  let bookable = 0;
  for (const cell of branchHours(branch, from, to)) {
    booked += cell.booked;
    bookable += cell.bookable;
  }
  return { booked, bookable };
}

/** Weekday × hour over [from, to] (all the branches given): where the week is busy. */
export function heatMap(branches: BranchPeriod[], from: string, to: string) {
  const cells = new Map<string, OccupancyCell & { weekday: number; hour: string }>();
  for (const branch of branches) {
    for (const cell of branchHours(branch, from, to)) {
      const key = `${cell.weekday}|${cell.hour}`;
      const sum = cells.get(key) ?? { weekday: cell.weekday, hour: cell.hour, booked: 0, bookable: 0 };
      sum.booked += cell.booked;
      sum.bookable += cell.bookable;
      cells.set(key, sum);
    }
  }
  return [...cells.values()].sort((a, b) => a.weekday - b.weekday || (a.hour < b.hour ? -1 : 1));
}
