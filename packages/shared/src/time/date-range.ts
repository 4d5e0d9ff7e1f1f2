import { addDays, BUSINESS_TIME_ZONE, businessDate } from './business-time';

/** How far before and after today (a Mexico City date) a date field reaches, both ends included, in days. */
export type DateRange = { daysBack: number; daysAhead: number };

/** A year in days, rounded up: "a year" always covers a whole calendar year, leap day included. */
const YEAR = 366;

/**
 * The dates each purpose accepts (docs/decisions). The business rules narrow them further with their own
 * messages (bookings: the 8-day window; blocks: today onwards); these only keep every date sane, so no date
 * arithmetic ever runs near the ends of the calendar.
 */
export const DATE_RANGES = {
  /** Availability, bookings and blocks: a year either side of today. */
  schedule: { daysBack: YEAR, daysAhead: YEAR },
  /** The staff's day lists and grid and the corte: five years back (the records kept), a year ahead. */
  reports: { daysBack: 5 * YEAR, daysAhead: YEAR },
  /** Expenses: five years back, and at most a month ahead (a bill already in hand, due this month). */
  costs: { daysBack: 5 * YEAR, daysAhead: 31 },
  /** A lot's last day (issue 44): today up to ten years ahead (the longest validity). */
  expiry: { daysBack: 0, daysAhead: 3650 },
} as const satisfies Record<string, DateRange>;

/** What a date outside a range reads, where the area has no sentence of its own. */
export const dateRangeMessages = {
  schedule: 'Elige una fecha de hasta un año antes o después de hoy.',
  reports: 'Elige una fecha de los últimos cinco años o del próximo año.',
} as const;

/** The first and last dates of a range on the day `now` falls on (YYYY-MM-DD, both included). */
export function dateBounds(
  range: DateRange,
  now: Date = new Date(),
  timeZone = BUSINESS_TIME_ZONE,
): { min: string; max: string } {
  const today = businessDate(now, timeZone);
  return { min: addDays(today, -range.daysBack), max: addDays(today, range.daysAhead) };
}

/** Where a YYYY-MM-DD date falls against a range today: 'before' it, 'after' it, or null inside it. */
export function dateOutsideRange(
  date: string,
  range: DateRange,
  now: Date = new Date(),
  timeZone = BUSINESS_TIME_ZONE,
): 'before' | 'after' | null {
  const { min, max } = dateBounds(range, now, timeZone);
  if (date < min) return 'before';
  return date > max ? 'after' : null;
}
