import { describe, expect, it } from 'vitest';
import {
  addDays,
  businessDate,
  businessInstant,
  businessTime,
  dateFormatMessage,
  dayRange,
  isHourMinute,
  isIsoDate,
  timeFormatMessage,
  weekdayOf,
} from './business-time';

describe('businessDate', () => {
  it.each([
    ['2026-11-21T05:59:00Z', '2026-11-20'],
    ['2026-11-21T06:00:00Z', '2026-11-21'],
    ['2026-01-01T05:00:00Z', '2025-12-31'],
  ])('%s is %s in Mexico City', (iso, date) => {
    expect(businessDate(new Date(iso))).toBe(date);
  });
});

describe('businessInstant', () => {
  it('turns a Mexico City wall-clock time into an instant (UTC−6, no daylight saving)', () => {
    expect(businessInstant('2026-07-15', '08:00').toISOString()).toBe('2026-07-15T14:00:00.000Z');
  });

  it.each([['2026-7-15'], ['2026-02-30'], ['hoy']])('rejects the date %s', (date) => {
    expect(() => businessInstant(date, '08:00')).toThrow(dateFormatMessage);
  });

  it.each([['8:00'], ['24:00'], ['12:60']])('rejects the time %s', (time) => {
    expect(() => businessInstant('2026-07-15', time)).toThrow(timeFormatMessage);
  });
});

describe('calendar helpers', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-11-28', 7)).toBe('2026-12-05');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it.each([
    ['2026-11-22', 0],
    ['2026-11-23', 1],
    ['2026-11-28', 6],
  ])('%s falls on weekday %i', (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });

  it('knows a real date from a look-alike', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isHourMinute('09:00')).toBe(true);
    expect(isHourMinute('9:00')).toBe(false);
  });

  it('spans a Mexico City day from midnight to midnight, and reads wall-clock times back', () => {
    const { from, to } = dayRange('2026-11-23');
    expect(from.toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(to.toISOString()).toBe('2026-11-24T06:00:00.000Z');
    expect(businessTime(new Date('2026-11-23T16:30:00Z'))).toBe('10:30');
  });

  it('takes the time zone as a parameter', () => {
    expect(businessInstant('2026-11-23', '08:00', 'UTC').toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(businessDate(new Date('2026-11-23T03:00:00Z'), 'UTC')).toBe('2026-11-23');
    expect(businessDate(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
  });
});

describe('the ends of the calendar', () => {
  it('knows the first and last days a YYYY-MM-DD spells, and the leap days of the first centuries', () => {
    expect(isIsoDate('0001-01-01')).toBe(true);
    expect(isIsoDate('9999-12-31')).toBe(true);
    expect(isIsoDate('0000-12-31')).toBe(false);
    expect(isIsoDate('0096-02-29')).toBe(true);
    expect(isIsoDate('0100-02-29')).toBe(false);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
  });

  it('agrees with the calendar on every written day of four centuries and of the first and last years', () => {
    const wrong: string[] = [];
    const check = (from: number, to: number) => {
      for (let y = from; y <= to; y++)
        for (let m = 1; m <= 12; m++)
          for (let d = 0; d <= 32; d++) {
            const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
            const day = new Date(0);
            day.setUTCFullYear(y, m - 1, d);
            const real = d >= 1 && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
            if (isIsoDate(text) !== real) wrong.push(text);
          }
    };
    check(1, 3);
    check(1800, 2200);
    check(9998, 9999);
    expect(wrong).toEqual([]);
    for (const text of ['2026-00-10', '2026-13-01', '2026-1a-01', '2026-01-01 ', '+2026-01-01', '0000-01-01'])
      expect(isIsoDate(text), text).toBe(false);
  });

  it('reads years below 100 as themselves, not as 1900–1999', () => {
    expect(weekdayOf('0001-01-01')).toBe(1);
    // Mexico City kept local mean time (−6:36:36) before 1922.
    expect(businessInstant('0001-01-01', '00:00').toISOString()).toBe('0001-01-01T06:36:36.000Z');
  });

  it('stops adding days at the ends instead of throwing', () => {
    expect(addDays('9999-12-31', 1)).toBe('9999-12-31');
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
    expect(addDays('0001-01-01', -1)).toBe('0001-01-01');
    expect(addDays('2026-11-23', 1e12)).toBe('9999-12-31');
    expect(addDays('2026-11-23', Number.NEGATIVE_INFINITY)).toBe('0001-01-01');
    expect(addDays('2026-11-23', Number.NaN)).toBe('2026-11-23');
    expect(() => addDays('hoy', 1)).toThrow(dateFormatMessage);
  });

  it('spans the last day of the calendar up to the first midnight of year 10000', () => {
    const { from, to } = dayRange('9999-12-31');
    expect(from.toISOString()).toBe('9999-12-31T06:00:00.000Z');
    expect(to.toISOString()).toBe('+010000-01-01T06:00:00.000Z');
    expect(dayRange('0001-01-01').to.toISOString()).toBe('0001-01-02T06:36:36.000Z');
  });
});
