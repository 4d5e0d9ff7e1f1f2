import { describe, expect, it } from 'vitest';
import { sessionInvite, vtimezone } from './calendar';

describe('the calendar invitation of a session', () => {
  it('states Mexico City without daylight saving, as it has been since 2022', () => {
    expect(vtimezone('America/Mexico_City', new Date('2027-07-01T12:00:00Z'))).toContain('TZOFFSETTO:-0600');
    expect(vtimezone('UTC')).toContain('TZOFFSETTO:+0000');
  });

  it('writes wall-clock times of the zone, a stable UID and the method', () => {
    const ics = sessionInvite({
      uid: '0199a2b3-0000-7000-8000-000000000001',
      method: 'CANCEL',
      startsAt: new Date('2026-11-24T16:00:00Z'),
      endsAt: new Date('2026-11-24T17:00:00Z'),
      summary: 'Sesión en Valle · Sala 1',
      location: 'Sala 1, Valle, Ciudad de México',
      description: 'Reservación de Ana.',
      organizer: { name: 'Sala Común', email: 'reservas@example.test' },
      attendee: { name: 'Ana', email: 'ana@example.test' },
    });
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('UID:0199a2b3-0000-7000-8000-000000000001');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('DTSTART;TZID=America/Mexico_City:20261124T100000');
    expect(ics).toContain('DTEND;TZID=America/Mexico_City:20261124T110000');
  });
});
