import { describe, expect, it } from 'vitest';
import { addDays } from '../time/business-time';
import { calendarDateNames, formatCalendarDate, formatSessionWhen } from './dates';
import { addHourLabel } from './hours';

describe('dates in Mexican Spanish', () => {
  it('writes a calendar date without moving it across time zones', () => {
    expect(formatCalendarDate('2030-01-08')).toBe('martes 8 de enero de 2030');
    expect(formatCalendarDate('2026-11-23')).toBe('lunes 23 de noviembre de 2026');
  });

  it("says what Intl's es-MX calendar says, for every day of eight years and the calendar's ends", () => {
    const intl = new Intl.DateTimeFormat('es-MX', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const short = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('es-MX', { ...options, timeZone: 'UTC' });
    const [weekdayShort, monthShort] = [short({ weekday: 'short' }), short({ month: 'short' })];
    const dates = [
      ...Array.from({ length: 8 * 366 }, (_, i) => addDays('2024-01-01', i)),
      '0001-01-01',
      '0099-12-31',
      '1900-02-28',
      '9999-12-31',
    ];
    for (const date of dates) {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const instant = new Date(0);
      instant.setUTCFullYear(y, m - 1, d);
      const expected = intl
        .formatToParts(instant)
        .map((part) => (part.type === 'literal' && part.value.trim() === ',' ? ' ' : part.value))
        .join('');
      expect(formatCalendarDate(date), date).toBe(expected);
      // The day cards' short forms are the first three letters ('mié', 'sep').
      const names = calendarDateNames(date);
      expect(names.weekday.slice(0, 3)).toBe(weekdayShort.format(instant).replace('.', ''));
      expect(names.month.slice(0, 3)).toBe(monthShort.format(instant).replace('.', ''));
    }
  });

  it('writes a session as its day and its hour', () => {
    expect(formatSessionWhen('2026-11-23', '10:00')).toBe('lunes 23 de noviembre de 2026, de 10:00 a 11:00');
    expect(addHourLabel('23:00')).toBe('00:00');
  });
});
