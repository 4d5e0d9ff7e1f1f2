import { describe, expect, it } from 'vitest';
import { digitGroups } from './digit-groups';

describe('digitGroups', () => {
  it('cuts a number in fours from its start, the last group shorter', () => {
    expect(digitGroups('646180157000000004')).toEqual(['6461', '8015', '7000', '0000', '04']);
    expect(digitGroups('93000262280785070190123456789012').join('')).toBe('93000262280785070190123456789012');
  });

  it('takes another size, and gives nothing for nothing', () => {
    expect(digitGroups('123456', 3)).toEqual(['123', '456']);
    expect(digitGroups('')).toEqual([]);
  });
});
