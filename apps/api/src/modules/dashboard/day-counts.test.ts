import type { DayCounts } from '@sala/shared/dashboard/occupancy';
import { describe, expect, it } from 'vitest';
import { parseDayCounts } from './day-counts';

const hours = (...set: [number, number][]) => {
  const counts = new Array<number>(24).fill(0);
  for (const [hour, n] of set) counts[hour] = n;
  return counts;
};
const day = (date: string, counts: number[]) => `${date} ${counts.join(',')}`;
const asArrays = ({ at, counts }: DayCounts) =>
  [...at].map(([date, start]) => [date, [...counts.subarray(start, start + 24)]]);

describe('parseDayCounts (the sessions of a branch, as the report reads them)', () => {
  it('reads each day of the text with its 24 counts, in order', () => {
    const first = hours([9, 3], [10, 12], [23, 1]);
    const second = hours([0, 7], [15, 1_234]);
    const text = [day('2030-01-07', first), day('2030-01-08', second)].join(';');
    expect(asArrays(parseDayCounts(text))).toEqual([
      ['2030-01-07', first],
      ['2030-01-08', second],
    ]);
  });

  it('a day of zeros, one day alone, and no day at all', () => {
    expect(asArrays(parseDayCounts(day('2030-02-01', hours())))).toEqual([['2030-02-01', hours()]]);
    expect(parseDayCounts('').at.size).toBe(0);
  });

  it('reads what split and Number read, for any counts (a seeded draw of 200 days)', () => {
    let seed = 46;
    const next = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return seed;
    };
    const days = Array.from({ length: 200 }, (_, d) => ({
      date: new Date(Date.UTC(2031, 0, 1 + d)).toISOString().slice(0, 10),
      // Mostly a room's few sessions, now and then a large number.
      counts: Array.from({ length: 24 }, () => (next() % 10 === 0 ? next() % 100_000 : next() % 12)),
    }));
    const text = days.map(({ date, counts }) => day(date, counts)).join(';');
    const bySplit = new Map<string, number[]>();
    for (const part of text.split(';')) bySplit.set(part.slice(0, 10), part.slice(11).split(',').map(Number));
    expect(asArrays(parseDayCounts(text))).toEqual([...bySplit]);
  });
});
