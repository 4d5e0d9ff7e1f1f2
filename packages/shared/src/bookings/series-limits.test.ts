import { describe, expect, it } from 'vitest';
import { firstSeriesCount } from './series-limits';

describe('firstSeriesCount: where "Repetir" starts', () => {
  it.each([
    { max: 52, want: 4 },
    { max: 8, want: 4 },
    { max: 4, want: 4 },
    { max: 3, want: 3 },
    { max: 2, want: 2 },
  ])('a branch allowing $max dates → $want', ({ max, want }) => {
    expect(firstSeriesCount(max)).toBe(want);
  });
});
