import { describe, expect, it } from 'vitest';
import { consentNeeded, type LegalVersion } from './legal.rules';

const v = (version: string, asksAgain: boolean): LegalVersion => ({
  version,
  date: version,
  asksAgain,
  summary: '',
});

describe('consentNeeded', () => {
  const versions = [v('2026-01', true), v('2026-05', false), v('2026-09', true), v('2026-12', false)];
  it.each([
    [null, true],
    ['2026-01', true],
    ['2026-05', true],
    ['2026-09', false],
    ['2026-12', false],
    ['1999-01', true],
  ])('accepted %s → asked again: %s', (accepted, asked) => {
    expect(consentNeeded(versions, accepted)).toBe(asked);
  });

  it('a version without new purposes does not ask those who accepted the one before', () => {
    expect(consentNeeded([v('a', true), v('b', false)], 'a')).toBe(false);
  });
});
