import { addHourLabel } from './hours';

/**
 * Mexican Spanish names of the days (Sunday first, as Date#getUTCDay counts) and months, written out: they never
 * change, and asking Intl for them makes a page load the browser's locale data first, a task of 60–190 ms on a slow
 * phone (issue 25). The unit test holds them to Intl's es-MX output.
 */
export const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] as const;
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** A calendar date's names: { weekday: 'martes', day: 8, month: 'enero', year: 2030 }. No time zone can move it. */
export function calendarDateNames(date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnight = new Date(0);
  midnight.setUTCFullYear(year, month - 1, day);
  return { weekday: WEEKDAYS[midnight.getUTCDay()]!, day, month: MONTHS[month - 1]!, year };
}

/** A calendar date (YYYY-MM-DD, no time of day) in Mexican Spanish: 'martes 8 de enero de 2030'. */
export function formatCalendarDate(date: string): string {
  const { weekday, day, month, year } = calendarDateNames(date);
  return `${weekday} ${day} de ${month} de ${year}`;
}

/** A one-hour session in words: 'lunes 23 de noviembre de 2026, de 10:00 a 11:00'. */
export function formatSessionWhen(date: string, hour: string): string {
  return `${formatCalendarDate(date)}, de ${hour} a ${addHourLabel(hour)}`;
}
