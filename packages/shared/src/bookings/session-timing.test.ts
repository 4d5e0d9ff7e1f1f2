import { describe, expect, it } from 'vitest';
import { canCancelSession, sessionTiming } from './session-timing';

// A session at 10:00 on Tuesday 24 November 2026 in Mexico City (16:00 UTC).
const startsAt = new Date('2026-11-24T16:00:00Z');

describe('sessionTiming', () => {
  it.each([
    ['a day and a minute before', '2026-11-23T15:59:00Z', 'beyond'],
    ['a day and a millisecond before', '2026-11-23T15:59:59.999Z', 'beyond'],
    ['exactly 24 hours before', '2026-11-23T16:00:00Z', 'almost'],
    ['an hour before', '2026-11-24T15:00:00Z', 'almost'],
    ['a millisecond before', '2026-11-24T15:59:59.999Z', 'almost'],
    ['at its start', '2026-11-24T16:00:00Z', 'past'],
    ['during it', '2026-11-24T16:30:00Z', 'past'],
    ['the next day', '2026-11-25T16:00:00Z', 'past'],
  ])('%s it is %s', (_label, now, timing) => {
    expect(sessionTiming(startsAt, new Date(now))).toBe(timing);
  });

  it('reads the 24 hours across the Mexico City midnight the same way', () => {
    // 23:30 the night before is 10.5 hours ahead: almost.
    expect(sessionTiming(startsAt, new Date('2026-11-24T05:30:00Z'))).toBe('almost');
  });
});

describe('canCancelSession', () => {
  const client = { id: 'c1', role: 'user' as const };
  const boss = { id: 'b1', role: 'superadmin' as const };
  const admin = { id: 'a1', role: 'admin' as const };
  const own = { startsAt, userId: 'c1' };
  const beyondNow = new Date('2026-11-22T16:00:00Z');
  const almostNow = new Date('2026-11-24T10:00:00Z');
  const pastNow = new Date('2026-11-24T17:00:00Z');

  it.each([
    ['a client, its own beyond session', client, own, beyondNow, true],
    ['a client, its own almost session', client, own, almostNow, false],
    ['a client, another client’s session', client, { startsAt, userId: 'c2' }, beyondNow, false],
    ['an admin, a client’s session', admin, own, beyondNow, false],
    ['a super admin, an almost session', boss, own, almostNow, true],
    ['a super admin, a courtesy session', boss, { startsAt, userId: null }, beyondNow, true],
    ['a super admin, a past session', boss, own, pastNow, false],
  ])('%s → %s', (_label, actor, session, now, allowed) => {
    expect(canCancelSession(session, actor, now)).toBe(allowed);
  });
});
