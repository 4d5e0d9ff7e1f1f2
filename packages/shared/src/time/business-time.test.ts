import { describe, expect, it } from 'vitest';
import { businessDate, businessInstant, dateFormatMessage, timeFormatMessage } from './business-time';

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
