import { describe, expect, it } from 'vitest';
import { vtimezone } from '../../lib/vtimezone';
import { escapeText, foldLine, sessionInvite } from './calendar';

const base = {
  uid: '0199a2b3-0000-7000-8000-000000000001',
  startsAt: new Date('2026-11-24T16:00:00Z'),
  endsAt: new Date('2026-11-24T17:00:00Z'),
  summary: 'Sesión en Valle · Sala 1',
  location: 'Sala 1, Valle, Ciudad de México',
  description: 'Reservación de Ana; con café.',
  organizer: { name: 'Sala Común', email: 'reservas@example.test' },
  attendee: { name: 'Ana López', email: 'ana@example.test' },
};

describe('the calendar invitation of a session', () => {
  it('states Mexico City without daylight saving, as it has been since 2022', () => {
    expect(vtimezone('America/Mexico_City', new Date('2027-07-01T12:00:00Z'))).toContain('TZOFFSETTO:-0600');
    expect(vtimezone('UTC')).toContain('TZOFFSETTO:+0000');
  });

  it('writes wall-clock times of the zone, a stable UID, the method and CRLF line ends', () => {
    const ics = sessionInvite(
      { ...base, method: 'CANCEL' },
      'America/Mexico_City',
      new Date('2026-11-22T11:49:35Z'),
    );
    const lines = ics.split('\r\n');
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain('UID:0199a2b3-0000-7000-8000-000000000001');
    expect(lines).toContain('STATUS:CANCELLED');
    expect(lines).toContain('SEQUENCE:1');
    expect(lines).toContain('DTSTAMP:20261122T114935Z');
    expect(lines).toContain('DTSTART;TZID=America/Mexico_City:20261124T100000');
    expect(lines).toContain('DTEND;TZID=America/Mexico_City:20261124T110000');
    expect(lines).toContain('LOCATION:Sala 1\\, Valle\\, Ciudad de México');
    expect(lines).toContain('DESCRIPTION:Reservación de Ana\\; con café.');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const long = `SUMMARY:${'ñ'.repeat(60)}`;
    const folded = foldLine(long);
    const pieces = folded.split('\r\n');
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(new TextEncoder().encode(piece).length).toBeLessThanOrEqual(75);
    expect(pieces.map((piece, i) => (i === 0 ? piece : piece.slice(1))).join('')).toBe(long);
  });
});
