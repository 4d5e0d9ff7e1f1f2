import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEKLY_SCHEDULE, type WeeklySchedule } from '../locations/schedule';
import { businessInstant } from '../time/business-time';
import {
  type BranchDay,
  bookableDays,
  bookingWindow,
  checkSlot,
  dayHours,
  gridCellState,
  hourRooms,
  hoursOn,
  opensOn,
  staffWeek,
} from './availability';

// Monday 23 November 2026, 10:59 in Mexico City (UTC−6).
const at = (iso: string) => ({ now: new Date(iso) });
const monday1059 = at('2026-11-23T16:59:00Z');

const rooms = [
  { id: 'r2', name: 'Sala 2', position: 2, isActive: true },
  { id: 'r1', name: 'Sala 1', position: 1, isActive: true },
  { id: 'r3', name: 'Sala 3', position: 3, isActive: false },
];
const data = (overrides: Partial<BranchDay> = {}): BranchDay => ({
  schedule: DEFAULT_WEEKLY_SCHEDULE,
  dayBlocks: [],
  rooms,
  sessions: [],
  roomBlocks: [],
  ...overrides,
});
const mx = (date: string, hour: string) => businessInstant(date, hour);

describe('the booking window', () => {
  it('is today in Mexico City plus the next 7 days', () => {
    expect(bookingWindow(monday1059)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
  });

  it('starts from the Mexico City date, not the UTC one', () => {
    // 23:30 on Sunday 22 in Mexico City is already Monday in UTC.
    expect(bookingWindow(at('2026-11-23T05:30:00Z'))[0]).toBe('2026-11-22');
    expect(bookingWindow({ now: new Date('2026-11-23T05:30:00Z'), timeZone: 'UTC' })[0]).toBe('2026-11-23');
  });
});

describe('the staff week', () => {
  it('is the next 7 days from today, Sunday skipped', () => {
    expect(staffWeek(monday1059)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-30',
    ]);
    // From a Sunday (in Mexico City) the week starts on Monday.
    expect(staffWeek(at('2026-11-22T18:00:00Z'))[0]).toBe('2026-11-23');
  });
});

describe('bookable days', () => {
  it('omit Sundays, and include the last day of the window', () => {
    const days = bookableDays(monday1059, data()).map((d) => d.date);
    expect(days).not.toContain('2026-11-29');
    expect(days.at(-1)).toBe('2026-11-30');
    expect(days).toHaveLength(7);
  });

  it('omit the days the branch closes', () => {
    const closedWednesday = [...DEFAULT_WEEKLY_SCHEDULE] as WeeklySchedule;
    closedWednesday[3] = null;
    const days = bookableDays(monday1059, data({ schedule: closedWednesday })).map((d) => d.date);
    expect(days).not.toContain('2026-11-25');
    expect(days).toHaveLength(6);
  });

  it('omit a day blocked whole, but not one with an hour blocked', () => {
    const days = bookableDays(
      monday1059,
      data({
        dayBlocks: [
          { date: '2026-11-24', hour: null },
          { date: '2026-11-25', hour: '10:00' },
        ],
      }),
    ).map((d) => d.date);
    expect(days).not.toContain('2026-11-24');
    expect(days).toContain('2026-11-25');
  });

  it('never open on Sunday, whatever the schedule says', () => {
    const sundayOpen = [...DEFAULT_WEEKLY_SCHEDULE] as WeeklySchedule;
    sundayOpen[0] = { firstHour: 9, lastHour: 12 };
    expect(opensOn(sundayOpen, '2026-11-29')).toBe(false);
    expect(hoursOn(sundayOpen, '2026-11-29')).toEqual([]);
  });
});

describe('hours of a day', () => {
  it('are 13 on a weekday and 7 on Saturday', () => {
    expect(hoursOn(DEFAULT_WEEKLY_SCHEDULE, '2026-11-24')).toHaveLength(13);
    expect(hoursOn(DEFAULT_WEEKLY_SCHEDULE, '2026-11-28')).toEqual([
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
    ]);
  });

  it.each([
    ['10:59', '2026-11-23T16:59:00Z', 'free'],
    ['11:00', '2026-11-23T17:00:00Z', 'past'],
  ])('at %s the 11:00 slot is %s', (_label, now, state) => {
    const eleven = dayHours(at(now), data(), '2026-11-23').find((h) => h.hour === '11:00');
    expect(eleven?.state).toBe(state);
  });

  it('mark past hours of today, and none of tomorrow', () => {
    const today = dayHours(monday1059, data(), '2026-11-23');
    expect(today.filter((h) => h.state === 'past').map((h) => h.hour)).toEqual(['08:00', '09:00', '10:00']);
    expect(dayHours(monday1059, data(), '2026-11-24').every((h) => h.state === 'free')).toBe(true);
  });

  it('count the free active rooms of each hour; an inactive room is not offered', () => {
    const hours = dayHours(monday1059, data(), '2026-11-24');
    expect(hours[0]).toEqual({
      hour: '08:00',
      startsAt: mx('2026-11-24', '08:00').toISOString(),
      state: 'free',
      freeRooms: 2,
    });
  });

  it('show a blocked hour as blocked, and an hour every active room is busy or blocked in as full', () => {
    const hours = dayHours(
      monday1059,
      data({
        dayBlocks: [{ date: '2026-11-24', hour: '09:00' }],
        sessions: [{ roomId: 'r1', startsAt: mx('2026-11-24', '10:00') }],
        roomBlocks: [
          { roomId: 'r2', startsAt: mx('2026-11-24', '10:00') },
          { roomId: 'r2', startsAt: mx('2026-11-24', '11:00') },
        ],
      }),
      '2026-11-24',
    );
    const byHour = Object.fromEntries(hours.map((h) => [h.hour, h]));
    expect(byHour['09:00']!.state).toBe('blocked');
    expect(byHour['10:00']).toMatchObject({ hour: '10:00', state: 'full', freeRooms: 0 });
    expect(byHour['11:00']).toMatchObject({ hour: '11:00', state: 'free', freeRooms: 1 });
  });

  it('are full when the branch has no active room', () => {
    const hours = dayHours(monday1059, data({ rooms: [rooms[2]!] }), '2026-11-24');
    expect(hours.every((h) => h.state === 'full' && h.freeRooms === 0)).toBe(true);
  });

  it.each([
    ['a Sunday', '2026-11-29'],
    ['a day past the window', '2026-12-01'],
    ['yesterday', '2026-11-22'],
  ])('are none on %s', (_label, date) => {
    expect(dayHours(monday1059, data(), date)).toEqual([]);
  });

  it('are none on a day blocked whole', () => {
    expect(
      dayHours(monday1059, data({ dayBlocks: [{ date: '2026-11-24', hour: null }] }), '2026-11-24'),
    ).toEqual([]);
  });
});

describe('rooms of an hour', () => {
  const busyDay = data({
    sessions: [{ roomId: 'r1', startsAt: mx('2026-11-24', '10:00') }],
    roomBlocks: [{ roomId: 'r2', startsAt: mx('2026-11-24', '12:00') }],
  });

  it('list the active rooms by position with their state', () => {
    expect(hourRooms(monday1059, busyDay, '2026-11-24', '10:00')).toEqual({
      hourState: 'free',
      rooms: [
        { id: 'r1', name: 'Sala 1', position: 1, state: 'busy' },
        { id: 'r2', name: 'Sala 2', position: 2, state: 'free' },
      ],
    });
    expect(hourRooms(monday1059, busyDay, '2026-11-24', '12:00').rooms.map((r) => r.state)).toEqual([
      'free',
      'blocked',
    ]);
  });

  it('say when the hour is not offered at all', () => {
    expect(hourRooms(monday1059, busyDay, '2026-11-24', '10:30')).toEqual({ hourState: 'closed', rooms: [] });
    expect(hourRooms(monday1059, busyDay, '2026-11-28', '15:00').hourState).toBe('closed');
    expect(hourRooms(monday1059, busyDay, '2026-11-29', '10:00').hourState).toBe('closed');
  });
});

describe('checkSlot, the rule of every booking', () => {
  const blocked = data({
    dayBlocks: [{ date: '2026-11-24', hour: '09:00' }],
    sessions: [{ roomId: 'r1', startsAt: mx('2026-11-24', '10:00') }],
    roomBlocks: [{ roomId: 'r2', startsAt: mx('2026-11-24', '10:00') }],
  });
  it.each([
    ['a free room', '2026-11-24', '11:00', 'r1', null],
    ['a past hour', '2026-11-23', '10:00', 'r1', 'past'],
    ['a blocked hour', '2026-11-24', '09:00', 'r1', 'blocked'],
    ['a Sunday', '2026-11-29', '10:00', 'r1', 'closed'],
    ['outside the window', '2026-12-01', '10:00', 'r1', 'closed'],
    ['an hour off the schedule', '2026-11-28', '16:00', 'r1', 'closed'],
    ['an inactive room', '2026-11-24', '11:00', 'r3', 'unknown-room'],
    ['a room of another branch', '2026-11-24', '11:00', 'zz', 'unknown-room'],
    ['a booked room', '2026-11-24', '10:00', 'r1', 'busy'],
    ['a blocked room', '2026-11-24', '10:00', 'r2', 'room-blocked'],
  ])('%s', (_label, date, hour, roomId, reason) => {
    const result = checkSlot(monday1059, blocked, { date, hour, roomId });
    if (reason === null) {
      expect(result).toEqual({ ok: true, startsAt: mx(date, hour) });
    } else {
      expect(result).toEqual({ ok: false, reason });
    }
  });
});

describe('gridCellState (the staff day grid)', () => {
  it.each([
    [{ booked: true, blocked: true, past: true }, 'booked'],
    [{ booked: true, blocked: false, past: true }, 'booked'],
    [{ booked: true, blocked: true, past: false }, 'booked'],
    [{ booked: true, blocked: false, past: false }, 'booked'],
    [{ booked: false, blocked: true, past: true }, 'blocked'],
    [{ booked: false, blocked: true, past: false }, 'blocked'],
    [{ booked: false, blocked: false, past: true }, 'past'],
    [{ booked: false, blocked: false, past: false }, 'free'],
  ] as const)('%o is %s', (cell, state) => {
    expect(gridCellState(cell)).toBe(state);
  });
});
