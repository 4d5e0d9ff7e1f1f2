import { describe, expect, it } from 'vitest';
import { describePeriod, lastClosedPeriod, periodOf } from './global-period';

describe('the periods of the global invoice', () => {
  it('a month, and the month that closed before today', () => {
    expect(periodOf('2026-11-27', 'month')).toEqual({
      periodicity: 'month',
      start: '2026-11-01',
      end: '2026-11-30',
      months: '11',
      year: 2026,
    });
    expect(lastClosedPeriod('2026-11-01', 'month')).toMatchObject({
      start: '2026-10-01',
      end: '2026-10-31',
      months: '10',
    });
    expect(lastClosedPeriod('2026-01-10', 'month')).toMatchObject({
      start: '2025-12-01',
      end: '2025-12-31',
      year: 2025,
    });
    expect(periodOf('2028-02-10', 'month').end).toBe('2028-02-29');
  });

  it('days and fortnights', () => {
    expect(periodOf('2026-11-27', 'day')).toMatchObject({
      start: '2026-11-27',
      end: '2026-11-27',
      months: '11',
    });
    expect(periodOf('2026-11-15', 'fortnight')).toMatchObject({ start: '2026-11-01', end: '2026-11-15' });
    expect(periodOf('2026-11-16', 'fortnight')).toMatchObject({ start: '2026-11-16', end: '2026-11-30' });
    expect(lastClosedPeriod('2026-11-16', 'fortnight')).toMatchObject({
      start: '2026-11-01',
      end: '2026-11-15',
    });
  });

  it('a week runs Monday to Sunday, cut at the month edges (Meses names one month)', () => {
    // 2026-11-27 is a Friday.
    expect(periodOf('2026-11-27', 'week')).toMatchObject({ start: '2026-11-23', end: '2026-11-29' });
    // The week of Monday 2026-11-30 spills into December: November's part, then December's.
    expect(periodOf('2026-11-30', 'week')).toMatchObject({
      start: '2026-11-30',
      end: '2026-11-30',
      months: '11',
    });
    expect(periodOf('2026-12-02', 'week')).toMatchObject({
      start: '2026-12-01',
      end: '2026-12-06',
      months: '12',
    });
    expect(lastClosedPeriod('2026-12-01', 'week')).toMatchObject({ start: '2026-11-30', end: '2026-11-30' });
  });

  it('pairs of months carry the SAT codes 13 to 18', () => {
    expect(periodOf('2026-02-10', 'two_months')).toMatchObject({
      start: '2026-01-01',
      end: '2026-02-28',
      months: '13',
    });
    expect(periodOf('2026-11-10', 'two_months')).toMatchObject({
      start: '2026-11-01',
      end: '2026-12-31',
      months: '18',
    });
  });

  it('reads in Spanish', () => {
    expect(describePeriod(periodOf('2026-11-03', 'month'))).toBe('noviembre de 2026');
    expect(describePeriod(periodOf('2026-11-03', 'fortnight'))).toBe('1–15 de noviembre de 2026');
    expect(describePeriod(periodOf('2026-11-03', 'day'))).toBe('3 de noviembre de 2026');
    expect(describePeriod(periodOf('2026-02-03', 'two_months'))).toBe('enero y febrero de 2026');
  });
});
