import { describe, expect, it } from 'vitest';
import { autoBookOrder, lineOrder, mayAutoBook, type WaitlistEntry } from './waitlist';

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
