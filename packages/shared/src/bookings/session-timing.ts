/**
 * docs/business-rules.md §4 "Session timing": a session is past once its start is not after now, almost within the next 24 hours,
 * and beyond otherwise. Clients cancel only beyond sessions; a super admin any that has not started.
 */
/** Every session lasts one hour: a branch's slots are its whole hours. */
export const SESSION_MS = 3_600_000;

export const ALMOST_THRESHOLD_MS = 24 * 3_600_000;

export type SessionTiming = 'past' | 'almost' | 'beyond';

export function sessionTiming(startsAt: Date, now: Date): SessionTiming {
  const ahead = startsAt.getTime() - now.getTime();
  if (ahead <= 0) return 'past';
  return ahead <= ALMOST_THRESHOLD_MS ? 'almost' : 'beyond';
}

/** Who may cancel a session that is still active, and when (docs/business-rules.md D§4). */
export function canCancelSession(
  session: { startsAt: Date; userId: string | null },
  actor: { id: string; role: 'user' | 'admin' | 'superadmin' },
  now: Date,
): boolean {
  const timing = sessionTiming(session.startsAt, now);
  if (actor.role === 'superadmin') return timing !== 'past';
  return session.userId === actor.id && timing === 'beyond';
}
