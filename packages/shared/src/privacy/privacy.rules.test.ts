import { describe, expect, it } from 'vitest';
import { businessDaysAfter, mexicanRestDays, privacyDueDate } from './privacy.rules';

describe("Mexico's rest days", () => {
  it.each([
    [
      2026,
      ['2026-01-01', '2026-02-02', '2026-03-16', '2026-05-01', '2026-09-16', '2026-11-16', '2026-12-25'],
    ],
    [
      2030,
      [
        '2030-01-01',
        '2030-02-04',
        '2030-03-18',
        '2030-05-01',
        '2030-09-16',
        '2030-10-01',
        '2030-11-18',
        '2030-12-25',
      ],
    ],
  ])('%i', (year, days) => {
    expect([...mexicanRestDays(year)].sort()).toEqual(days);
  });
});

describe('business days', () => {
  it.each([
    // A Monday: four weeks later, no holiday on the way.
    ['2026-04-06', 20, '2026-05-05'],
    // Received on a Friday: the weekend does not count.
    ['2026-11-06', 1, '2026-11-09'],
    // The third Monday of November (the Revolution) is skipped.
    ['2026-11-13', 1, '2026-11-17'],
    // Over Christmas and New Year.
    ['2026-12-14', 20, '2027-01-13'],
    // Over Labour Day (a Friday in 2026).
    ['2026-04-24', 5, '2026-05-04'],
  ])('%s + %i business days → %s', (from, days, due) => {
    expect(businessDaysAfter(from, days)).toBe(due);
  });

  it('a privacy request is due 20 business days after it was received', () => {
    expect(privacyDueDate('2026-11-25')).toBe(businessDaysAfter('2026-11-25', 20));
    expect(privacyDueDate('2026-11-25')).toBe('2026-12-23');
  });
});
