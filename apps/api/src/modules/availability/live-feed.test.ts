import { addDays } from '@sala/shared/time/business-time';
import { describe, expect, it } from 'vitest';
import { decodeChange, encodeChange } from './live-feed';

const BRANCH = '0199a2b3-0000-7000-8000-0000000000b1';

describe('the change feed payload', () => {
  it('carries a branch and its days, or every day, and reads back the same', () => {
    expect(encodeChange({ branchId: BRANCH, dates: ['2030-01-08', '2030-01-15', '2030-01-08'] })).toBe(
      `${BRANCH}|2030-01-08,2030-01-15`,
    );
    expect(decodeChange(`${BRANCH}|2030-01-08,2030-01-15`)).toEqual({
      branchId: BRANCH,
      dates: ['2030-01-08', '2030-01-15'],
    });
    expect(encodeChange({ branchId: BRANCH, dates: null })).toBe(`${BRANCH}|*`);
    expect(decodeChange(`${BRANCH}|*`)).toEqual({ branchId: BRANCH, dates: null });
  });

  it('says every day when no day is named or the days would not fit in a NOTIFY (8 000 bytes)', () => {
    expect(encodeChange({ branchId: BRANCH, dates: [] })).toBe(`${BRANCH}|*`);
    const days = (n: number) => Array.from({ length: n }, (_, i) => addDays('2030-01-01', i));
    const most = encodeChange({ branchId: BRANCH, dates: days(699) });
    expect(most.length).toBeLessThan(8_000);
    expect(decodeChange(most)?.dates).toHaveLength(699);
    expect(encodeChange({ branchId: BRANCH, dates: days(700) })).toBe(`${BRANCH}|*`);
  });

  it('ignores what this version did not write', () => {
    for (const payload of [
      '',
      'x|*',
      `${BRANCH}`,
      `${BRANCH}|2030-1-8`,
      `${BRANCH}|*|extra`,
      `${BRANCH}|2030-01-08,nope`,
    ]) {
      expect(decodeChange(payload)).toBeUndefined();
    }
  });
});
