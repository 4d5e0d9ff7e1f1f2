import { describe, expect, it } from 'vitest';
import {
  autoBookOrder,
  lineOrder,
  mayAutoBook,
  possibleNotices,
  suggestedNotice,
  type WaitlistEntry,
} from './waitlist';

const NOW = new Date('2030-01-07T15:30:00Z');
const at = (hoursAhead: number) => new Date(NOW.getTime() + hoursAhead * 3_600_000);
const entry = (id: string, seq: number, over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id,
  seq,
  autoBook: true,
  minNoticeHours: 12,
  credits: 5,
  ...over,
});

describe('lineOrder: first come, first served', () => {
  it('orders by arrival, whatever order the rows came in', () => {
    const line = [entry('c', 7), entry('b', 2), entry('a', 5), entry('d', 1)];
    expect(lineOrder(line).map((e) => e.id)).toEqual(['d', 'b', 'a', 'c']);
  });
  it('leaves the list it was given alone', () => {
    const line = [entry('b', 1), entry('a', 0)];
    lineOrder(line);
    expect(line.map((e) => e.id)).toEqual(['b', 'a']);
  });
});

describe('mayAutoBook', () => {
  it.each([
    { name: 'automatic, enough credits, far enough ahead', over: {}, hours: 20, cost: 1, want: true },
    { name: 'exactly its notice ahead', over: { minNoticeHours: 20 }, hours: 20, cost: 1, want: true },
    { name: 'only told, never booked', over: { autoBook: false }, hours: 20, cost: 1, want: false },
    { name: 'closer than its notice', over: { minNoticeHours: 24 }, hours: 20, cost: 1, want: false },
    { name: 'short of the cost', over: { credits: 1 }, hours: 20, cost: 2, want: false },
    { name: 'exactly the cost', over: { credits: 2 }, hours: 20, cost: 2, want: true },
    { name: 'a freed hour already gone', over: { minNoticeHours: 0 }, hours: -1, cost: 1, want: false },
  ])('$name → $want', ({ over, hours, cost, want }) => {
    expect(mayAutoBook(entry('a', 0, over), { now: NOW, startsAt: at(hours), cost })).toBe(want);
  });
});

describe('autoBookOrder', () => {
  it('tries, in the line’s order, only those it may book', () => {
    const line = [
      entry('late', 9),
      entry('told-only', 0, { autoBook: false }),
      entry('poor', 1, { credits: 0 }),
      entry('picky', 2, { minNoticeHours: 48 }),
      entry('first', 3),
      entry('second', 4, { minNoticeHours: 2 }),
    ];
    expect(autoBookOrder(line, { now: NOW, startsAt: at(20), cost: 1 }).map((e) => e.id)).toEqual([
      'first',
      'second',
      'late',
    ]);
  });
  it('books nobody into an hour closer than everyone’s notice', () => {
    const line = [entry('a', 0), entry('b', 1, { minNoticeHours: 6 })];
    expect(autoBookOrder(line, { now: NOW, startsAt: at(3), cost: 1 })).toEqual([]);
  });
});

describe('possibleNotices: the notices an hour can still satisfy when the client joins its line', () => {
  // Monday 7 January 2030 in Mexico City (UTC−6).
  const mexico = (time: string, day = '07') => new Date(`2030-01-${day}T${time}:00-06:00`);
  it.each([
    { name: 'at 14:15, the 16:00 of the same day (1 h 45 min left)', now: '14:15', want: [] },
    { name: 'exactly 2 hours ahead', now: '14:00', want: [2] },
    { name: 'one minute short of 2 hours', now: '14:01', want: [] },
    { name: '7 hours ahead', now: '09:00', want: [2, 6] },
    { name: '12 hours ahead', now: '04:00', want: [2, 6, 12] },
    { name: 'an hour already begun', now: '16:30', want: [] },
  ])('$name → $want', ({ now, want }) => {
    expect(possibleNotices({ now: mexico(now), startsAt: mexico('16:00') })).toEqual(want);
  });
  it.each([
    { name: 'the next day at 16:00 (26 h)', day: '08', want: [2, 6, 12, 24] },
    { name: 'two days later at 16:00 (50 h)', day: '09', want: [2, 6, 12, 24, 48] },
  ])('$name → $want', ({ day, want }) => {
    expect(possibleNotices({ now: mexico('14:00'), startsAt: mexico('16:00', day) })).toEqual(want);
  });
  it('agrees with mayAutoBook: a notice it offers is one the list can meet at that moment', () => {
    const now = mexico('09:00');
    const startsAt = mexico('16:00');
    for (const hours of [2, 6, 12, 24, 48]) {
      const offered = possibleNotices({ now, startsAt }).includes(hours);
      expect(
        mayAutoBook({ autoBook: true, minNoticeHours: hours, credits: 1 }, { now, startsAt, cost: 1 }),
      ).toBe(offered);
    }
  });
});

describe('suggestedNotice', () => {
  it.each([
    { possible: [2, 6, 12, 24, 48], want: 12 },
    { possible: [2, 6, 12], want: 12 },
    { possible: [2, 6], want: 6 },
    { possible: [2], want: 2 },
    { possible: [], want: undefined },
  ])('$possible → $want', ({ possible, want }) => {
    expect(suggestedNotice(possible)).toBe(want);
  });
});
