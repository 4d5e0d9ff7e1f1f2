import { BUSINESS_TIME_ZONE } from '@sala/shared/time/business-time';

const dateTime = new Intl.DateTimeFormat('es-MX', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: BUSINESS_TIME_ZONE,
});
const dateOnly = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: BUSINESS_TIME_ZONE });

/** '21 nov 2026, 10:00' in Mexico City time. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

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
