import { hoursOn, opensOn } from '../bookings/availability';
import type { WeeklySchedule } from '../locations/schedule';
import { BUSINESS_TIME_ZONE, businessDate, businessInstant, weekdayOf } from '../time/business-time';
import { blockMessages as m } from './blocks.messages';

/**
 * Whether a period (a whole day, or one hour) of a branch can be blocked at all, before looking at the blocks
 * already there; the spec's message when not, else null. Pure: the clock is a parameter.
 */
export function blockPeriodProblem(
  { now, timeZone = BUSINESS_TIME_ZONE }: { now: Date; timeZone?: string },
  schedule: WeeklySchedule,
  period: { date: string; hour: string | null },
): string | null {
  if (weekdayOf(period.date) === 0) return m.sunday;
  if (period.date < businessDate(now, timeZone)) return m.pastDay;
  if (!opensOn(schedule, period.date)) return m.branchClosed;
  if (period.hour === null) return null;
  if (!hoursOn(schedule, period.date).includes(period.hour)) return m.hourNotOffered;
  if (businessInstant(period.date, period.hour, timeZone).getTime() <= now.getTime()) return m.pastHour;
  return null;
}

/** docs/business-rules.md §5: what the blocks already on that day say about a new day or hour block; null when it may go in. */
export function dayBlockConflict(existing: { hour: string | null }[], hour: string | null): string | null {
  const wholeDay = existing.some((block) => block.hour === null);
  if (hour === null) {
    if (wholeDay) return m.dayAlreadyBlocked;
    return existing.length > 0 ? m.dayHasHourBlocks : null;
  }
  if (wholeDay) return m.dayBlockedNoHours;
  return existing.some((block) => block.hour === hour) ? m.hourAlreadyBlocked : null;
}

/**
 * The hours a whole-day room block adds: every hour the branch offers that day that has not started yet and is
 * not blocked for that room already.
 */
export function roomDayHoursToBlock(
  { now, timeZone = BUSINESS_TIME_ZONE }: { now: Date; timeZone?: string },
  schedule: WeeklySchedule,
  date: string,
  alreadyBlocked: string[],
): string[] {
  return hoursOn(schedule, date).filter(
    (hour) =>
      !alreadyBlocked.includes(hour) && businessInstant(date, hour, timeZone).getTime() > now.getTime(),
  );
}
