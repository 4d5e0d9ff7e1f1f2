import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZSaveCostRequest } from '../costs/costs.contract';
import { costMessages } from '../costs/costs.messages';
import { dateFormatMessage } from './business-time';
import { DATE_RANGES, dateBounds, dateOutsideRange } from './date-range';
import { freezeClock } from './freeze-clock';
import { dateField } from './time-fields';

// Monday 23 November 2026, 10:00 in Mexico City (and already the 24th in UTC at 06:00 and later).
const now = new Date('2026-11-23T16:00:00Z');
const lateEvening = new Date('2026-11-24T05:30:00Z');

describe('date ranges', () => {
  it('count from today in Mexico City, both ends included', () => {
    expect(dateBounds({ daysBack: 2, daysAhead: 3 }, now)).toEqual({ min: '2026-11-21', max: '2026-11-26' });
    // 23:30 of the 23rd in Mexico City is the 24th in UTC: today is still the 23rd.
    expect(dateBounds({ daysBack: 0, daysAhead: 0 }, lateEvening)).toEqual({
      min: '2026-11-23',
      max: '2026-11-23',
    });
  });

  it.each([
    ['2026-11-20', 'before'],
    ['2026-11-21', null],
    ['2026-11-26', null],
    ['2026-11-27', 'after'],
    ['0001-01-01', 'before'],
    ['9999-12-31', 'after'],
  ])('place %s: %s', (date, side) => {
    expect(dateOutsideRange(date, { daysBack: 2, daysAhead: 3 }, now)).toBe(side);
  });

  it('give each purpose its reach', () => {
    expect(dateBounds(DATE_RANGES.schedule, now)).toEqual({ min: '2025-11-22', max: '2027-11-24' });
    expect(dateBounds(DATE_RANGES.reports, now)).toEqual({ min: '2021-11-19', max: '2027-11-24' });
    expect(dateBounds(DATE_RANGES.costs, now)).toEqual({ min: '2021-11-19', max: '2026-12-24' });
  });

  it('keep to the calendar even at its ends', () => {
    expect(dateBounds(DATE_RANGES.reports, new Date('9999-12-31T12:00:00Z'))).toEqual({
      min: '9994-12-27',
      max: '9999-12-31',
    });
  });
});

describe('dateField', () => {
  const field = dateField({
    range: { daysBack: 2, daysAhead: 3 },
    outOfRange: { before: 'Muy pronto.', after: 'Muy tarde.' },
    missing: 'Falta la fecha.',
    now: () => now,
  });
  const messageOf = (value: unknown) => field.safeParse(value).error?.issues.map((i) => i.message);

  it('accepts the dates of its range', () => {
    expect(field.parse('2026-11-21')).toBe('2026-11-21');
    expect(field.parse('2026-11-26')).toBe('2026-11-26');
  });

  it.each([
    [undefined, ['Falta la fecha.']],
    [20261123, [dateFormatMessage]],
    ['2026-11-1', [dateFormatMessage]],
    ['2023-02-29', [dateFormatMessage]],
    ['2026-11-20', ['Muy pronto.']],
    ['0001-01-01', ['Muy pronto.']],
    ['2026-11-27', ['Muy tarde.']],
    ['9999-12-31', ['Muy tarde.']],
  ])('refuses %s with one message', (value, messages) => {
    expect(messageOf(value)).toEqual(messages);
  });

  it('reads "today" when a value is parsed, not when the contract was built', () => {
    let clock = now;
    const moving = dateField({
      range: { daysBack: 0, daysAhead: 0 },
      outOfRange: 'Solo hoy.',
      now: () => clock,
    });
    expect(moving.safeParse('2026-11-23').success).toBe(true);
    clock = new Date('2026-11-25T16:00:00Z');
    expect(moving.safeParse('2026-11-23').error?.issues[0]?.message).toBe('Solo hoy.');
  });
});

describe('an expense date', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const cost = (date: string) => ({
    name: 'Luz',
    total: 10,
    branchId: '01a2b3c4-0000-7000-8000-000000000000',
    date,
  });

  it('reaches five years back and a month ahead of the day it is recorded', () => {
    freezeClock(now);
    for (const date of ['2021-11-19', '2026-11-23', '2026-12-24']) {
      expect(ZSaveCostRequest.safeParse(cost(date)).success, date).toBe(true);
    }
    for (const date of ['2021-11-18', '2026-12-25', '2500-01-05', '9999-12-31']) {
      expect(ZSaveCostRequest.safeParse(cost(date)).error?.issues[0]?.message, date).toBe(
        costMessages.dateOutOfRange,
      );
    }
  });
});
