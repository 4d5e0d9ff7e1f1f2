import { blockMessages as m } from '@sala/shared/blocks/blocks.messages';
import { DEFAULT_WEEKLY_SCHEDULE, type WeeklySchedule } from '@sala/shared/locations/schedule';
import { describe, expect, it } from 'vitest';
import { affectedPeriod, periodHourOptions, periodProblems } from './block-period';

// Monday 23 November 2026, 10:30 in Mexico City.
const now = new Date('2026-11-23T16:30:00Z');
const schedule = DEFAULT_WEEKLY_SCHEDULE;
const closedWednesday = [...schedule] as WeeklySchedule;
closedWednesday[3] = null;
const choice = { schedule, date: '2026-11-24', wholeDay: true, hour: null };

describe('periodHourOptions', () => {
  it("offers the weekday's hours, and today's past ones disabled", () => {
    const today = periodHourOptions(now, { ...choice, date: '2026-11-23' });
    expect(today).toHaveLength(13);
    expect(today.slice(2, 4)).toEqual([
      { value: '10:00', label: '10:00 (ya pasó)', disabled: true },
      { value: '11:00', label: '11:00', disabled: false },
    ]);
    expect(periodHourOptions(now, { ...choice, date: '2026-11-28' })).toHaveLength(7);
    expect(periodHourOptions(now, { ...choice, date: '2026-11-29' })).toEqual([]);
    expect(periodHourOptions(now, { ...choice, schedule: undefined })).toEqual([]);
  });
});

describe('periodProblems', () => {
  it.each([
    ['nothing chosen yet', { schedule: undefined }, {}],
    ['a Sunday', { date: '2026-11-29' }, { date: m.sunday }],
    ['a past day', { date: '2026-11-20' }, { date: m.pastDay }],
    ['a closed day', { schedule: closedWednesday, date: '2026-11-25' }, { date: m.branchClosed }],
    ['an hour that started', { date: '2026-11-23', wholeDay: false, hour: '10:00' }, { hour: m.pastHour }],
    ['a later hour', { date: '2026-11-23', wholeDay: false, hour: '11:00' }, {}],
    ['a whole day ahead', {}, {}],
  ])('%s', (_label, change, problems) => {
    expect(periodProblems(now, { ...choice, ...change })).toEqual(problems);
  });
});

describe('affectedPeriod', () => {
  const branchId = 'b';
  it('is asked for once the period is complete and can be blocked', () => {
    expect(affectedPeriod(now, { ...choice, branchId })).toEqual({ branchId, date: '2026-11-24' });
    expect(affectedPeriod(now, { ...choice, branchId, wholeDay: false, hour: '12:00', roomId: 'r' })).toEqual(
      { branchId, date: '2026-11-24', hour: '12:00', roomId: 'r' },
    );
    expect(affectedPeriod(now, { ...choice, branchId, wholeDay: false, hour: null })).toBeUndefined();
    expect(affectedPeriod(now, { ...choice, branchId, roomId: '' })).toBeUndefined();
    expect(affectedPeriod(now, { ...choice, branchId, date: '2026-11-29' })).toBeUndefined();
    expect(affectedPeriod(now, { ...choice, branchId: '' })).toBeUndefined();
  });
});
