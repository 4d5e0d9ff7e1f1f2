import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** Every business date (today, a day's sessions, the corte) is a date in Mexico City. */
export const BUSINESS_TIME_ZONE = 'America/Mexico_City';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export const dateFormatMessage = 'Invalid date format. Expected YYYY-MM-DD.';
export const timeFormatMessage = 'Invalid time format. Expected HH:mm.';

/** The Mexico City calendar date (YYYY-MM-DD) of an instant. */
export function businessDate(instant: Date): string {
  return format(new TZDate(instant.getTime(), BUSINESS_TIME_ZONE), 'yyyy-MM-dd');
}

/** The instant at which a Mexico City wall-clock date and HH:mm time happens. */
export function businessInstant(date: string, time: string): Date {
  if (!DATE_RE.test(date)) throw new Error(dateFormatMessage);
  if (!TIME_RE.test(time)) throw new Error(timeFormatMessage);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = new TZDate(y, m - 1, d, hh, mm, 0, BUSINESS_TIME_ZONE);
  if (wall.getMonth() !== m - 1 || wall.getDate() !== d) throw new Error(dateFormatMessage);
  return new Date(wall.getTime());
}
