import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEKLY_SCHEDULE } from '../locations/schedule';
import { businessInstant } from '../time/business-time';
import {
  type BranchPeriod,
  branchCells,
  branchHours,
  calendarOf,
  cellsOf,
  dayCountsOf,
  heatMap,
  heatOf,
  occupancyOf,
  periodOccupancy,
  rate,
} from './occupancy';

// Monday 7 to Sunday 13 January 2030; the default schedule: weekdays 08:00–20:00 (13 hours), Saturday 08:00–14:00 (7).
const branch = (over: Partial<BranchPeriod> = {}): BranchPeriod => ({
  branchId: 'b',
  branchName: 'Valle',
  schedule: DEFAULT_WEEKLY_SCHEDULE,
  activeRooms: 2,
  blockedDays: new Set(),
  blockedHours: new Set(),
  roomBlocksAt: new Map(),
  sessionsOn: dayCountsOf(),
  ...over,
});
const at = (date: string, hour: string) => businessInstant(date, hour).getTime();
/** [date, 'HH:00', how many] → the per-day counts the service reads from daily_sessions. */
const sessions = (list: [string, string, number][]) => {
  const byDay = new Map<string, number[]>();
  for (const [date, hour, count] of list) {
    const hours = byDay.get(date) ?? Array<number>(24).fill(0);
    hours[Number(hour.slice(0, 2))] = count;
    byDay.set(date, hours);
  }
  return dayCountsOf(byDay);
};

describe('occupancy', () => {
  it('counts every open hour of every active room as bookable, Sunday none', () => {
    // 5 weekdays × 13 + Saturday 7 = 72 hours × 2 rooms.
    expect(periodOccupancy(branch(), '2030-01-07', '2030-01-13')).toEqual({ booked: 0, bookable: 144 });
  });

  it('takes blocked days, hours and rooms out of what was bookable', () => {
    const b = branch({
      blockedDays: new Set(['2030-01-07']),
      blockedHours: new Set(['2030-01-08 10:00']),
      roomBlocksAt: new Map([[at('2030-01-09', '12:00'), 1]]),
    });
    // 144 − 26 (Monday) − 2 (Tuesday 10:00) − 1 (one room Wednesday 12:00)
    expect(periodOccupancy(b, '2030-01-07', '2030-01-13').bookable).toBe(115);
  });

  it('counts the sessions booked, and a session in a room blocked later still as bookable', () => {
    const b = branch({
      roomBlocksAt: new Map([[at('2030-01-09', '12:00'), 2]]),
      sessionsOn: sessions([
        ['2030-01-09', '12:00', 1],
        ['2030-01-10', '09:00', 2],
      ]),
    });
    const cells = branchHours(b, '2030-01-09', '2030-01-10');
    expect(cells.find((c) => c.date === '2030-01-09' && c.hour === '12:00')).toMatchObject({
      booked: 1,
      bookable: 1,
    });
    expect(periodOccupancy(b, '2030-01-09', '2030-01-10')).toEqual({ booked: 3, bookable: 51 });
  });

  it('is a percentage with one decimal, 0 with nothing bookable', () => {
    expect(rate({ booked: 1, bookable: 3 })).toBe(33.3);
    expect(rate({ booked: 0, bookable: 0 })).toBe(0);
    expect(rate({ booked: 26, bookable: 26 })).toBe(100);
  });

  it('adds the branches up by weekday and hour for the heat map', () => {
    const busy = branch({ sessionsOn: sessions([['2030-01-07', '10:00', 2]]) });
    const other = branch({
      branchId: 'c',
      activeRooms: 1,
      sessionsOn: sessions([['2030-01-14', '10:00', 1]]),
    });
    const map = heatMap([busy, other], '2030-01-07', '2030-01-14');
    // Mondays 7 and 14 at 10:00: (2 + 1) booked of (2 + 2 + 1 + 1) bookable.
    expect(map.find((c) => c.weekday === 1 && c.hour === '10:00')).toMatchObject({ booked: 3, bookable: 6 });
    expect(map.some((c) => c.weekday === 0)).toBe(false);
    expect(map[0]).toMatchObject({ weekday: 1, hour: '08:00' });
  });
});

describe('occupancy over one calendar', () => {
  it('gives the same cells, sums and heat map whether each range walks its own days or shares one walk', () => {
    const b = branch({
      blockedHours: new Set(['2030-01-08 10:00']),
      roomBlocksAt: new Map([[at('2030-01-09', '12:00'), 1]]),
      sessionsOn: sessions([
        ['2030-01-08', '09:00', 2],
        ['2030-01-15', '13:00', 1],
      ]),
    });
    const calendar = calendarOf('2030-01-07', '2030-01-20');
    const cells = branchCells(b, calendar);
    expect(cellsOf(cells)).toEqual(branchHours(b, '2030-01-07', '2030-01-20'));
    expect(occupancyOf(cells, '2030-01-14', '2030-01-20')).toEqual(
      periodOccupancy(b, '2030-01-14', '2030-01-20'),
    );
    expect(heatOf([cells], '2030-01-07', '2030-01-13')).toEqual(heatMap([b], '2030-01-07', '2030-01-13'));
    // The shared walk asks the time zone once per day and hour, whatever the number of branches.
    expect(calendar[1]!.startOf('09:00')).toBe(at('2030-01-08', '09:00'));
  });
});

describe('occupancy of part of a calendar', () => {
  it('sums and maps only the days asked for, a blocked day with its sessions left out', () => {
    const b = branch({
      blockedDays: new Set(['2030-01-14']),
      sessionsOn: sessions([
        ['2030-01-07', '10:00', 2],
        ['2030-01-14', '10:00', 1],
        ['2030-01-15', '08:00', 1],
      ]),
    });
    const grid = branchCells(b, calendarOf('2030-01-01', '2030-01-31'));
    // 14–20 January without the blocked Monday: 4 weekdays × 13 + Saturday 7 = 59 hours × 2 rooms.
    expect(occupancyOf(grid, '2030-01-14', '2030-01-20')).toEqual({ booked: 1, bookable: 118 });
    const heat = heatOf([grid], '2030-01-07', '2030-01-20');
    // Mondays 10:00: the 7th only (the 14th is blocked); Tuesdays 08:00: the 8th and the 15th.
    expect(heat.find((c) => c.weekday === 1 && c.hour === '10:00')).toEqual({
      weekday: 1,
      hour: '10:00',
      booked: 2,
      bookable: 2,
    });
    expect(heat.find((c) => c.weekday === 2 && c.hour === '08:00')).toMatchObject({ booked: 1, bookable: 4 });
    expect(heat).toHaveLength(5 * 13 + 7);
    expect(occupancyOf(grid, '2031-01-01', '2031-01-31')).toEqual({ booked: 0, bookable: 0 });
  });
});
