import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';

/** Every business date (today, a day's sessions, the corte) is a date in Mexico City. */
export const BUSINESS_TIME_ZONE = 'America/Mexico_City';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A date or time that is not one (docs/business-rules.md §5's date helpers). The old app's helpers said it in
 * English to developers; here it reaches people and API clients, so it is said in Spanish (decision 013).
 */
export const dateFormatMessage =
  'La fecha no es válida: usa el formato AAAA-MM-DD (por ejemplo, 2030-01-07).';
export const timeFormatMessage = 'La hora no es válida: usa el formato HH:mm (por ejemplo, 09:00).';

/** The last day a YYYY-MM-DD date can spell. */
export const LAST_DATE = '9999-12-31';

const DAY_MS = 86_400_000;
/** 400 Gregorian years: whole weeks, so moving a date by them keeps its month, day and weekday. */
const FOUR_CENTURIES_DAYS = 146_097;

/** Midnight UTC of a calendar day; years 0–99 are those years, not 1900–1999 as Date.UTC would read them. */
function utcMidnight(y: number, m: number, d: number): number {
  const date = new Date(Date.UTC(2000, 0, 1));
  date.setUTCFullYear(y, m - 1, d);
  return date.getTime();
}

const partsOf = (date: string) => date.split('-').map(Number) as [number, number, number];

/** A real calendar date written YYYY-MM-DD, from 0001-01-01 to 9999-12-31 (2026-02-30 is not one). */
export function isIsoDate(date: string): boolean {
  if (!DATE_RE.test(date)) return false;
  // Read digit by digit (every date field of every request comes here): no arrays, no Date.
  const digits = (from: number, to: number) => {
    let n = 0;
    for (let i = from; i < to; i++) n = n * 10 + date.charCodeAt(i) - 48;
    return n;
  };
  const y = digits(0, 4);
  const m = digits(5, 7);
  const d = digits(8, 10);
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** The days of a month of the Gregorian calendar, read back before 1582 as Date reads it. */
function daysInMonth(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
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
  const [y, m, d] = partsOf(date);
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  // Date's constructors read years 0–99 as 1900–1999: such a date is computed 400 years later and moved back.
  const shift = y < 100 ? 400 : 0;
  return (
    new TZDate(y + shift, m - 1, d, hh, mm, 0, timeZone).getTime() -
    (shift ? FOUR_CENTURIES_DAYS * DAY_MS : 0)
  );
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

const FIRST_DAY_MS = utcMidnight(1, 1, 1);
const LAST_DAY_MS = utcMidnight(9999, 12, 31);

const shiftedDate = memo((key) => {
  const [date, days] = key.split('|') as [string, string];
  if (!isIsoDate(date)) throw new Error(dateFormatMessage);
  const ms = utcMidnight(...partsOf(date)) + Number(days) * DAY_MS;
  // Past either end of the calendar there is no YYYY-MM-DD to give (and far enough, no Date at all): the answer
  // stops at the end. Contracts refuse dates that close to the ends long before any arithmetic.
  return new Date(Math.min(Math.max(ms, FIRST_DAY_MS), LAST_DAY_MS)).toISOString().slice(0, 10);
});

/**
 * A calendar date n days later (or earlier), as YYYY-MM-DD; no time zone involved. Never past the calendar's
 * ends (0001-01-01, 9999-12-31): it stops there.
 */
export function addDays(date: string, days: number): string {
  return shiftedDate(`${date}|${Number.isNaN(days) ? 0 : Math.trunc(days)}`);
}

/** 0 = Sunday … 6 = Saturday, as Date#getDay(), for a calendar date. */
export function weekdayOf(date: string): number {
  return new Date(utcMidnight(...partsOf(date))).getUTCDay();
}

/**
 * The instants a calendar day spans in a time zone: [its midnight, the next midnight). The calendar's last day
 * has one too, in a year no YYYY-MM-DD spells.
 */
export function dayRange(date: string, timeZone = BUSINESS_TIME_ZONE): { from: Date; to: Date } {
  const from = businessInstant(date, '00:00', timeZone);
  if (date !== LAST_DATE) return { from, to: businessInstant(addDays(date, 1), '00:00', timeZone) };
  return { from, to: new Date(new TZDate(10_000, 0, 1, 0, 0, 0, timeZone).getTime()) };
}

const timeOfMinute = memo((key) => {
  const [minute, timeZone] = key.split('|') as [string, string];
  return format(new TZDate(Number(minute) * 60_000, timeZone), 'HH:mm');
});

/** The HH:mm wall-clock time of an instant in a time zone. */
export function businessTime(instant: Date, timeZone = BUSINESS_TIME_ZONE): string {
  return timeOfMinute(`${Math.floor(instant.getTime() / 60_000)}|${timeZone}`);
}
