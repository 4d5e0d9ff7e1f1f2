import { describe, expect, it } from 'vitest';
import { isUpcoming, sessionState, sessionStateLabels } from './session-state';

describe('sessionState', () => {
  it.each([
    [{ cancelledAt: null, timing: 'beyond' }, 'beyond', 'Próxima', true],
    [{ cancelledAt: null, timing: 'almost' }, 'almost', 'En menos de 24 h', true],
    [{ cancelledAt: null, timing: 'past' }, 'past', 'Pasada', false],
    [{ cancelledAt: '2030-01-01T10:00:00.000Z', timing: 'beyond' }, 'cancelled', 'Cancelada', false],
    [{ cancelledAt: '2030-01-01T10:00:00.000Z', timing: 'past' }, 'cancelled', 'Cancelada', false],
  ] as const)('%j is %s (%s)', (session, state, label, upcoming) => {
    expect(sessionState(session)).toBe(state);
    expect(sessionStateLabels[sessionState(session)]).toBe(label);
    expect(isUpcoming(session)).toBe(upcoming);
  });
});
