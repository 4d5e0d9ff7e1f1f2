import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEKLY_SCHEDULE, type WeeklySchedule } from '../locations/schedule';
import { businessInstant } from '../time/business-time';
import { changedDates, planSeries, type SeriesData, seriesAskRefusal, seriesDates } from './series';

// Monday 23 November 2026, 10:59 in Mexico City (UTC−6).
const monday1059 = { now: new Date('2026-11-23T16:59:00Z') };
const mx = (date: string, hour: string) => businessInstant(date, hour);

const rooms = [
  { id: 'r2', name: 'Sala 2', position: 2, isActive: true },
  { id: 'r1', name: 'Sala 1', position: 1, isActive: true },
  { id: 'r3', name: 'Sala 3', position: 3, isActive: false },
];
const data = (overrides: Partial<SeriesData> = {}): SeriesData => ({
  schedule: DEFAULT_WEEKLY_SCHEDULE,
  dayBlocks: [],
  rooms,
  sessions: [],
  roomBlocks: [],
  clientBusy: [],
  ...overrides,
});
const tuesdays = { date: '2026-11-24', hour: '10:00', roomId: 'r2', everyWeeks: 1, count: 8 } as const;
const states = (plan: ReturnType<typeof planSeries>) =>
  plan.map((o) => `${o.date} ${o.state} ${o.roomId ?? '-'}`);

describe('the dates of a series', () => {
  it.each([
    {
      name: 'weekly across a month end and a year end',
      first: '2026-12-15',
      every: 1,
      count: 4,
      want: ['2026-12-15', '2026-12-22', '2026-12-29', '2027-01-05'],
    },
    {
      name: 'every two weeks across February',
      first: '2028-02-08',
      every: 2,
      count: 3,
      want: ['2028-02-08', '2028-02-22', '2028-03-07'],
    },
    { name: 'the fewest: two', first: '2026-11-30', every: 1, count: 2, want: ['2026-11-30', '2026-12-07'] },
  ] as const)('$name', ({ first, every, count, want }) => {
    expect(seriesDates(first, every, count)).toEqual(want);
  });
});

describe('what a series may ask for', () => {
  it.each([
    { name: 'a branch with no standing slots', max: 0, date: '2026-11-24', count: 2, want: 'disabled' },
    { name: 'one date is not a series', max: 8, date: '2026-11-24', count: 1, want: 'count' },
    { name: 'past the branch limit', max: 8, date: '2026-11-24', count: 9, want: 'count' },
    { name: 'at the branch limit', max: 8, date: '2026-11-24', count: 8, want: null },
    { name: 'a limit of its own', max: 12, date: '2026-11-24', count: 12, want: null },
    { name: 'a fraction', max: 8, date: '2026-11-24', count: 2.5, want: 'count' },
    { name: 'starting today', max: 8, date: '2026-11-23', count: 2, want: null },
    { name: 'starting on the window’s last day', max: 8, date: '2026-11-30', count: 2, want: null },
    { name: 'starting past the window', max: 8, date: '2026-12-01', count: 2, want: 'first-date' },
    { name: 'starting yesterday', max: 8, date: '2026-11-22', count: 2, want: 'first-date' },
  ] as const)('$name → $want', ({ max, date, count, want }) => {
    expect(seriesAskRefusal(monday1059, max, { date, count })).toBe(want);
  });
});

describe('planning a series', () => {
  it('books every date in the room asked for when all is free, past the booking window too', () => {
    const plan = planSeries(monday1059, data(), tuesdays);
    expect(plan.map((o) => o.date)).toEqual(seriesDates('2026-11-24', 1, 8));
    expect(plan.every((o) => o.state === 'bookable' && o.roomId === 'r2' && !o.roomChanged)).toBe(true);
    expect(plan.at(-1)!.date).toBe('2027-01-12');
  });

  it.each([
    {
      name: 'a whole day blocked',
      change: { dayBlocks: [{ date: '2026-12-08', hour: null }] },
      date: '2026-12-08',
      want: 'blocked',
    },
    {
      name: 'the hour blocked',
      change: { dayBlocks: [{ date: '2026-12-08', hour: '10:00' }] },
      date: '2026-12-08',
      want: 'blocked',
    },
    {
      name: 'another hour blocked is no matter',
      change: { dayBlocks: [{ date: '2026-12-08', hour: '11:00' }] },
      date: '2026-12-08',
      want: 'bookable',
    },
    {
      name: 'the client already booked that hour',
      change: { clientBusy: [mx('2026-12-01', '10:00')] },
      date: '2026-12-01',
      want: 'same-time',
    },
    {
      name: 'every active room taken or blocked',
      change: {
        sessions: [{ roomId: 'r1', startsAt: mx('2026-12-15', '10:00') }],
        roomBlocks: [{ roomId: 'r2', startsAt: mx('2026-12-15', '10:00') }],
      },
      date: '2026-12-15',
      want: 'full',
    },
  ])('$name: $want', ({ change, date, want }) => {
    const plan = planSeries(monday1059, data(change as Partial<SeriesData>), tuesdays);
    expect(plan.find((o) => o.date === date)!.state).toBe(want);
    // The other dates are untouched.
    expect(plan.filter((o) => o.state !== 'bookable').length).toBe(want === 'bookable' ? 0 : 1);
  });

  it('offers the first free room by position when the one asked for is taken or blocked', () => {
    const plan = planSeries(
      monday1059,
      data({
        sessions: [{ roomId: 'r2', startsAt: mx('2026-12-01', '10:00') }],
        roomBlocks: [{ roomId: 'r2', startsAt: mx('2026-12-08', '10:00') }],
      }),
      tuesdays,
    );
    expect(states(plan).slice(0, 3)).toEqual([
      '2026-11-24 bookable r2',
      '2026-12-01 bookable r1',
      '2026-12-08 bookable r1',
    ]);
    expect(plan[1]!.roomChanged).toBe(true);
    expect(plan[1]!.roomName).toBe('Sala 1');
  });

  it('never offers an inactive room, and an inactive room asked for is replaced on every date', () => {
    const plan = planSeries(monday1059, data(), { ...tuesdays, roomId: 'r3', count: 2 });
    expect(states(plan)).toEqual(['2026-11-24 bookable r1', '2026-12-01 bookable r1']);
    expect(plan.every((o) => o.roomChanged)).toBe(true);
  });

  it('closes the dates the schedule does not offer: a closed weekday, an hour after closing, Sundays', () => {
    // Saturdays close at 14:00 here; 16:00 is never offered.
    const saturdays = { date: '2026-11-28', hour: '16:00', roomId: 'r1', everyWeeks: 1, count: 2 } as const;
    expect(states(planSeries(monday1059, data(), saturdays))).toEqual([
      '2026-11-28 closed -',
      '2026-12-05 closed -',
    ]);
    const sundays = { date: '2026-11-29', hour: '10:00', roomId: 'r1', everyWeeks: 2, count: 2 } as const;
    const open = [...DEFAULT_WEEKLY_SCHEDULE] as WeeklySchedule;
    open[0] = { firstHour: 8, lastHour: 20 };
    // Even a schedule that names Sunday never opens it (the business rules close Sundays).
    expect(states(planSeries(monday1059, data({ schedule: open }), sundays))).toEqual([
      '2026-11-29 closed -',
      '2026-12-13 closed -',
    ]);
    const closedTuesday = [...DEFAULT_WEEKLY_SCHEDULE] as WeeklySchedule;
    closedTuesday[2] = null;
    expect(
      planSeries(monday1059, data({ schedule: closedTuesday }), tuesdays).every((o) => o.state === 'closed'),
    ).toBe(true);
  });

  it('calls an hour that has started past, to the minute', () => {
    const today = { date: '2026-11-23', hour: '10:00', roomId: 'r1', everyWeeks: 1, count: 2 } as const;
    expect(states(planSeries(monday1059, data(), today))).toEqual([
      '2026-11-23 past -',
      '2026-11-30 bookable r1',
    ]);
    const at1100 = { date: '2026-11-23', hour: '11:00', roomId: 'r1', everyWeeks: 1, count: 2 } as const;
    expect(planSeries(monday1059, data(), at1100)[0]!.state).toBe('bookable');
    expect(planSeries({ now: mx('2026-11-23', '11:00') }, data(), at1100)[0]!.state).toBe('past');
  });

  it('every two weeks skips the weeks between', () => {
    const plan = planSeries(monday1059, data({ dayBlocks: [{ date: '2026-12-01', hour: null }] }), {
      ...tuesdays,
      everyWeeks: 2,
      count: 3,
    });
    expect(states(plan)).toEqual([
      '2026-11-24 bookable r2',
      '2026-12-08 bookable r2',
      '2026-12-22 bookable r2',
    ]);
  });
});

describe('what changed between the preview and the confirmation', () => {
  const shown = [
    { date: '2026-11-24', roomId: 'r2' },
    { date: '2026-12-01', roomId: 'r2' },
  ];
  const occurrence = (date: string, state: 'bookable' | 'full', roomId: string | null) => ({
    date,
    state,
    roomId,
    roomName: null,
    roomChanged: false,
  });

  it.each([
    {
      name: 'nothing',
      now: [occurrence('2026-11-24', 'bookable', 'r2'), occurrence('2026-12-01', 'bookable', 'r2')],
      want: [],
    },
    {
      name: 'a date taken since',
      now: [occurrence('2026-11-24', 'bookable', 'r2'), occurrence('2026-12-01', 'full', null)],
      want: ['2026-12-01'],
    },
    {
      name: 'a date moved to another room',
      now: [occurrence('2026-11-24', 'bookable', 'r1'), occurrence('2026-12-01', 'bookable', 'r2')],
      want: ['2026-11-24'],
    },
    {
      name: 'a date that freed up since',
      now: [
        occurrence('2026-11-24', 'bookable', 'r2'),
        occurrence('2026-12-01', 'bookable', 'r2'),
        occurrence('2026-12-08', 'bookable', 'r2'),
      ],
      want: ['2026-12-08'],
    },
  ])('$name', ({ now, want }) => {
    expect(changedDates(shown, now)).toEqual(want);
  });
});
