import { hoursOn } from '../bookings/availability';
import { formatHour, type WeeklySchedule } from '../locations/schedule';
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
  /** Active sessions per date. */
  sessionsOn: DayCounts;
};

/**
 * A branch's active sessions per date: where each date's 24 counts start in `counts` (index h = those starting at
 * h:00). One array for all of a branch's days: a year of a chain is 11 000 days, and an array a day made the year-long
 * report's garbage collection pause for tens of milliseconds (issue 46).
 */
export type DayCounts = { at: Map<string, number>; counts: Int32Array };

/** Day counts from each date's 24 counts (none: a branch without sessions in the period). */
export function dayCountsOf(days: Iterable<readonly [string, ArrayLike<number>]> = []): DayCounts {
  const list = [...days];
  const counts = new Int32Array(list.length * 24);
  const at = new Map<string, number>();
  list.forEach(([date, hours], d) => {
    for (let hour = 0; hour < 24; hour++) counts[d * 24 + hour] = hours[hour] ?? 0;
    at.set(date, d * 24);
  });
  return { at, counts };
}

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

/** One open hour of a branch. */
export type HourCell = { date: string; hour: string; weekday: number; booked: number; bookable: number };

/**
 * A branch's open hours over a calendar, kept compact (issue 46): a year of a chain's 30 branches is 140 000 hours,
 * which as objects took most of the year-long report's time and its garbage. Entry k is one open hour; the hours of
 * the calendar's day d are entries dayStart[d] to dayStart[d + 1] − 1.
 */
export type BranchGrid = {
  calendar: CalendarDay[];
  dayStart: Int32Array;
  /** The entry's hour of the day (0–23). */
  hourOf: Uint8Array;
  booked: Int32Array;
  bookable: Int32Array;
};

/** Every hour of the calendar's days a branch opens, with what was bookable and what was booked at it. */
export function branchCells(branch: BranchPeriod, calendar: CalendarDay[]): BranchGrid {
  const room = calendar.length * 24;
  const grid: BranchGrid = {
    calendar,
    dayStart: new Int32Array(calendar.length + 1),
    hourOf: new Uint8Array(room),
    booked: new Int32Array(room),
    bookable: new Int32Array(room),
  };
  // Each weekday's opening hours, with the hour's index in a day's 24 counts: asked once per weekday.
  const hoursOfWeekday = new Map<number, { hour: string; index: number }[]>();
  const anyRoomBlock = branch.roomBlocksAt.size > 0;
  // The days with an hour blocked: only their hours are looked up one by one.
  const daysWithHourBlocks = new Set([...branch.blockedHours].map((key) => key.slice(0, 10)));
  let k = 0;
  calendar.forEach(({ date, weekday, startOf }, d) => {
    grid.dayStart[d] = k;
    if (branch.blockedDays.has(date)) return;
    let hours = hoursOfWeekday.get(weekday);
    if (!hours) {
      hours = hoursOn(branch.schedule, date).map((hour) => ({ hour, index: Number(hour.slice(0, 2)) }));
      hoursOfWeekday.set(weekday, hours);
    }
    const sessionsAt = branch.sessionsOn.at.get(date);
    const someHourBlocked = daysWithHourBlocks.has(date);
    for (const { hour, index } of hours) {
      if (someHourBlocked && branch.blockedHours.has(`${date} ${hour}`)) continue;
      const blocked = anyRoomBlock ? (branch.roomBlocksAt.get(startOf(hour)) ?? 0) : 0;
      const bookable = Math.max(0, branch.activeRooms - blocked);
      // A session in a room blocked after it was booked still counts: it was booked, and it was bookable then.
      const booked = sessionsAt === undefined ? 0 : branch.sessionsOn.counts[sessionsAt + index]!;
      grid.hourOf[k] = index;
      grid.booked[k] = booked;
      grid.bookable[k] = Math.max(bookable, booked);
      k++;
    }
  });
  grid.dayStart[calendar.length] = k;
  return grid;
}

/** The calendar's days [first, last) that fall in [from, to] (the calendar is in date order). */
function daysWithin(calendar: CalendarDay[], from: string, to: string) {
  let first = 0;
  while (first < calendar.length && calendar[first]!.date < from) first++;
  let last = first;
  while (last < calendar.length && calendar[last]!.date <= to) last++;
  return { first, last };
}

/** The grid's hours as cells, day by day (a day's panel, the tests). */
export function cellsOf(grid: BranchGrid): HourCell[] {
  const cells: HourCell[] = [];
  grid.calendar.forEach(({ date, weekday }, d) => {
    for (let k = grid.dayStart[d]!; k < grid.dayStart[d + 1]!; k++) {
      const hour = formatHour(grid.hourOf[k]!);
      cells.push({ date, hour, weekday, booked: grid.booked[k]!, bookable: grid.bookable[k]! });
    }
  });
  return cells;
}

/** Every hour of [from, to] a branch opens, with what was bookable and what was booked at it. */
export function branchHours(branch: BranchPeriod, from: string, to: string): HourCell[] {
  return cellsOf(branchCells(branch, calendarOf(from, to)));
}

/** The sum of a branch's hours on [from, to]. */
export function occupancyOf(grid: BranchGrid, from: string, to: string): OccupancyCell {
  const { first, last } = daysWithin(grid.calendar, from, to);
  let booked = 0;
  let bookable = 0;
  for (let k = grid.dayStart[first]!; k < grid.dayStart[last]!; k++) {
    booked += grid.booked[k]!;
    bookable += grid.bookable[k]!;
  }
  return { booked, bookable };
}

/** A branch's occupancy over [from, to]. */
export function periodOccupancy(branch: BranchPeriod, from: string, to: string): OccupancyCell {
  return occupancyOf(branchCells(branch, calendarOf(from, to)), from, to);
}

/** Weekday × hour over [from, to] of every branch's hours: where the week is busy. */
export function heatOf(grids: BranchGrid[], from: string, to: string) {
  // One slot per weekday and hour of the day.
  const booked = new Int32Array(7 * 24);
  const bookable = new Int32Array(7 * 24);
  const open = new Uint8Array(7 * 24);
  for (const grid of grids) {
    const { first, last } = daysWithin(grid.calendar, from, to);
    for (let d = first; d < last; d++) {
      const base = grid.calendar[d]!.weekday * 24;
      for (let k = grid.dayStart[d]!; k < grid.dayStart[d + 1]!; k++) {
        const slot = base + grid.hourOf[k]!;
        booked[slot]! += grid.booked[k]!;
        bookable[slot]! += grid.bookable[k]!;
        open[slot] = 1;
      }
    }
  }
  const heat: (OccupancyCell & { weekday: number; hour: string })[] = [];
  for (let slot = 0; slot < 7 * 24; slot++) {
    if (open[slot]) {
      heat.push({
        weekday: Math.floor(slot / 24),
        hour: formatHour(slot % 24),
        booked: booked[slot]!,
        bookable: bookable[slot]!,
      });
    }
  }
  return heat;
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
