import type { TMySession } from '@sala/shared/users/profile.contract';

/** What a row of the client's session history is now: cancelled, or its timing (docs/business-rules.md §4 "Session timing"). */
export type SessionState = 'cancelled' | TMySession['timing'];

export function sessionState(session: Pick<TMySession, 'cancelledAt' | 'timing'>): SessionState {
  return session.cancelledAt ? 'cancelled' : session.timing;
}

export const sessionStateLabels: Record<SessionState, string> = {
  beyond: 'Próxima',
  almost: 'En menos de 24 h',
  past: 'Pasada',
  cancelled: 'Cancelada',
};

/** A session still to come (not cancelled, not started) can be added to a calendar. */
export function isUpcoming(session: Pick<TMySession, 'cancelledAt' | 'timing'>): boolean {
  const state = sessionState(session);
  return state === 'beyond' || state === 'almost';
}
