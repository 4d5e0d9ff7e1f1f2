import { addHourLabel } from './hours';

const calendarDate = new Intl.DateTimeFormat('es-MX', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar date (YYYY-MM-DD, no time of day) in Mexican Spanish: 'martes 8 de enero de 2030'. It is read as a
 * date, not an instant, so no time zone can move it to the day before.
 */
export function formatCalendarDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return calendarDate
    .formatToParts(Date.UTC(y, m - 1, d))
    .map((part) => (part.type === 'literal' && part.value.trim() === ',' ? ' ' : part.value))
    .join('');
}

/** A one-hour session in words: 'lunes 23 de noviembre de 2026, de 10:00 a 11:00'. */
export function formatSessionWhen(date: string, hour: string): string {
  return `${formatCalendarDate(date)}, de ${hour} a ${addHourLabel(hour)}`;
}
