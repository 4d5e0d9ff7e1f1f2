import { calendarDateNames, WEEKDAYS } from '../format/dates';

/** Weekday names as the panels and reports print them (0 = Sunday, as weekdayOf counts): 'Lun', 'lunes'. */
export const weekdayLongNames = WEEKDAYS;
export const weekdayNames = WEEKDAYS.map((name) => name.charAt(0).toUpperCase() + name.slice(1, 3));

/** A rate of the panels (a percentage with one decimal at most): 45.5 → '45.5 %', 50 → '50 %'. */
export const percent = (rate: number) => `${rate.toFixed(1).replace(/\.0$/, '')} %`;

/**
 * A date in a table's narrow column: 'mar 27 oct' (the first three letters of each name). Here, not in format/dates:
 * a module's exports travel together into every page that shares it, and the booking wizard's budget is full.
 */
export function formatShortDate(date: string): string {
  const { weekday, day, month } = calendarDateNames(date);
  return `${weekday.slice(0, 3)} ${day} ${month.slice(0, 3)}`;
}
