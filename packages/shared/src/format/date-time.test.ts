import { describe, expect, it } from 'vitest';
import { businessTime } from '../time/business-time';
import { formatDate, formatDateTime } from './date-time';

describe('formatDateTime (issue 39: one way to write a time, 24 h as the schedule)', () => {
  it.each([
    ['2026-11-27T23:00:00Z', '27 nov 2026, 17:00'],
    ['2026-11-27T14:05:00Z', '27 nov 2026, 08:05'],
    ['2026-11-28T05:30:00Z', '27 nov 2026, 23:30'],
    ['2026-11-28T06:00:00Z', '28 nov 2026, 00:00'],
  ])('%s reads %j in Mexico City, never "p.m."', (iso, shown) => {
    expect(formatDateTime(iso)).toBe(shown);
  });

  it('writes the time as the e-mails and the booking screens do', () => {
    const iso = '2026-11-27T23:00:00Z';
    expect(formatDateTime(iso).endsWith(businessTime(new Date(iso)))).toBe(true);
  });

  it('leaves dates without a time alone', () => {
    expect(formatDate('2026-11-27T23:00:00Z')).toBe('27 de noviembre de 2026');
  });
});
