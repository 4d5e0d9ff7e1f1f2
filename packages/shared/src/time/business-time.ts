import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** Every business date (today, a day's sessions, the corte) is a date in Mexico City. */
export const BUSINESS_TIME_ZONE = 'America/Mexico_City';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Spec §5's date helpers, verbatim. */
export const dateFormatMessage = 'Invalid date format. Expected YYYY-MM-DD.';
export const timeFormatMessage = 'Invalid time format. Expected HH:mm.';

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(date: string): boolean {
  if (!DATE_RE.test(date)) return false;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(y, m - 1, d));
  return utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d;
}

/** A wall-clock time written HH:mm (00:00 to 23:59). */
export const isHourMinute = (time: string) => TIME_RE.test(time);

/**
 * Time-zone arithmetic (Intl under TZDate) is slow next to everything else the availability answers do, and they
 * ask the same few questions over and over: small memos keep the answers (a wall-clock minute maps to one instant
 * and back, whatever the day).
 */
function memo<T>(compute: (key: string) => T, limit = 5_000) {
  const cache = new Map<string, T>();
  return (key: string): T => {
    let value = cache.get(key);
    if (value === undefined) {
      if (cache.size >= limit) cache.clear();
      value = compute(key);
      cache.set(key, value);
    }
    return value;
  };
}

const dateOfMinute = memo((key) => {
  const [minute, timeZone] = key.split('|') as [string, string];
  return format(new TZDate(Number(minute) * 60_000, timeZone), 'yyyy-MM-dd');
});

const instantOf = memo((key) => {
  const [date, time, timeZone] = key.split('|') as [string, string, string];
  // Checked here, once per distinct key: a malformed one throws and is never remembered.
  if (!isIsoDate(date)) throw new Error(dateFormatMessage);
  if (!isHourMinute(time)) throw new Error(timeFormatMessage);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new TZDate(y, m - 1, d, hh, mm, 0, timeZone).getTime();
});

/** The calendar date (YYYY-MM-DD) of an instant in a time zone (Mexico City unless told). */
export function businessDate(instant: Date, timeZone = BUSINESS_TIME_ZONE): string {
  // Offsets are whole minutes: every instant of one minute falls on the same date.
  return dateOfMinute(`${Math.floor(instant.getTime() / 60_000)}|${timeZone}`);
}

/** The instant at which a wall-clock date and HH:mm time happens in a time zone (Mexico City unless told). */
export function businessInstant(date: string, time: string, timeZone = BUSINESS_TIME_ZONE): Date {
  return new Date(instantOf(`${date}|${time}|${timeZone}`));
}

const shiftedDate = memo((key) => {
  const [date, days] = key.split('|') as [string, string];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + Number(days))).toISOString().slice(0, 10);
});

/** A calendar date n days later (or earlier), as YYYY-MM-DD; no time zone involved. */
export function addDays(date: string, days: number): string {
  return shiftedDate(`${date}|${days}`);
}

/** 0 = Sunday … 6 = Saturday, as Date#getDay(), for a calendar date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The instants a calendar day spans in a time zone: [its midnight, the next midnight). */
export function dayRange(date: string, timeZone = BUSINESS_TIME_ZONE): { from: Date; to: Date } {
  return {
    from: businessInstant(date, '00:00', timeZone),
    to: businessInstant(addDays(date, 1), '00:00', timeZone),
  };
}

const timeOfMinute = memo((key) => {
  const [minute, timeZone] = key.split('|') as [string, string];
  return format(new TZDate(Number(minute) * 60_000, timeZone), 'HH:mm');
});

/** The HH:mm wall-clock time of an instant in a time zone. */
export function businessTime(instant: Date, timeZone = BUSINESS_TIME_ZONE): string {
  return timeOfMinute(`${Math.floor(instant.getTime() / 60_000)}|${timeZone}`);
}
