import { formatCalendarDate } from '@sala/shared/format/dates';
import { addDays, businessDate, weekdayOf } from '@sala/shared/time/business-time';

/** Today in Mexico City, as YYYY-MM-DD (the business day the API reasons in), by the app's own rule. */
export const mexicoToday = () => businessDate(new Date());

/** The first Monday–Friday at least `from` days ahead (every weekday of the demo branches offers 08:00–20:00). */
export function weekdayAhead(from: number) {
  for (let i = from; ; i++) {
    const date = addDays(mexicoToday(), i);
    if (weekdayOf(date) >= 1 && weekdayOf(date) <= 5) return date;
  }
}

/** The next Sunday (the demo branches close on Sundays). */
export function sundayAhead() {
  for (let i = 1; ; i++) {
    const date = addDays(mexicoToday(), i);
    if (weekdayOf(date) === 0) return date;
  }
}

/** As the app writes a date: 'martes 8 de enero de 2030'. */
export const spokenDate = formatCalendarDate;
