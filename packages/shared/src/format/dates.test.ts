import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatSessionWhen } from './dates';
import { addHourLabel } from './hours';

describe('dates in Mexican Spanish', () => {
  it('writes a calendar date without moving it across time zones', () => {
    expect(formatCalendarDate('2030-01-08')).toBe('martes 8 de enero de 2030');
    expect(formatCalendarDate('2026-11-23')).toBe('lunes 23 de noviembre de 2026');
  });

  it('writes a session as its day and its hour', () => {
    expect(formatSessionWhen('2026-11-23', '10:00')).toBe('lunes 23 de noviembre de 2026, de 10:00 a 11:00');
    expect(addHourLabel('23:00')).toBe('00:00');
  });
});
