import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEKLY_SCHEDULE, type WeeklySchedule } from '../locations/schedule';
import { blockPeriodProblem, dayBlockConflict, roomDayHoursToBlock } from './block-rules';
import { blockMessages as m } from './blocks.messages';

// Monday 23 November 2026, 10:30 in Mexico City.
const clock = { now: new Date('2026-11-23T16:30:00Z') };
const closedWednesday = [...DEFAULT_WEEKLY_SCHEDULE] as WeeklySchedule;
closedWednesday[3] = null;

describe('blockPeriodProblem', () => {
  it.each([
    ['a Sunday', '2026-11-29', null, m.sunday],
    ['a day that already passed', '2026-11-20', null, m.pastDay],
    ['a day the branch closes', '2026-11-25', null, m.branchClosed],
    ['an hour off the schedule', '2026-11-28', '16:00', m.hourNotOffered],
    ['an hour that already started', '2026-11-23', '10:00', m.pastHour],
    ['today, whole', '2026-11-23', null, null],
    ['a later hour today', '2026-11-23', '11:00', null],
    ['next Saturday at 14:00', '2026-11-28', '14:00', null],
    ['a day weeks ahead', '2027-01-11', null, null],
  ])('%s', (_label, date, hour, problem) => {
    expect(blockPeriodProblem(clock, closedWednesday, { date, hour })).toBe(problem);
  });
});

describe('dayBlockConflict (docs/business-rules.md §5)', () => {
  it.each([
    ['a first whole day', [], null, null],
    ['a first hour', [], '10:00', null],
    ['a whole day twice', [{ hour: null }], null, m.dayAlreadyBlocked],
    ['a whole day over blocked hours', [{ hour: '10:00' }], null, m.dayHasHourBlocks],
    ['an hour in a blocked day', [{ hour: null }], '10:00', m.dayBlockedNoHours],
    ['the same hour twice', [{ hour: '10:00' }], '10:00', m.hourAlreadyBlocked],
    ['another hour', [{ hour: '10:00' }], '11:00', null],
  ])('%s', (_label, existing, hour, conflict) => {
    expect(dayBlockConflict(existing, hour)).toBe(conflict);
  });
});

describe('roomDayHoursToBlock', () => {
  it('takes every hour of the day that is still ahead and not blocked yet', () => {
    expect(roomDayHoursToBlock(clock, DEFAULT_WEEKLY_SCHEDULE, '2026-11-23', ['12:00'])).toEqual([
      '11:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
    ]);
    expect(roomDayHoursToBlock(clock, DEFAULT_WEEKLY_SCHEDULE, '2026-11-28', [])).toHaveLength(7);
  });

  it('is empty when every hour is blocked already', () => {
    const all = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00'];
    expect(roomDayHoursToBlock(clock, DEFAULT_WEEKLY_SCHEDULE, '2026-11-28', all)).toEqual([]);
  });
});
