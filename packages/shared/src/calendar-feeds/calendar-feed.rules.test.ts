import { describe, expect, it } from 'vitest';
import { feedAddresses, feedWindow, firstName, onePerUid, tokenOfFeedFile } from './calendar-feed.rules';

describe('calendar feed rules', () => {
  it('reads the token of a feed file and nothing else', () => {
    const token = 'a'.repeat(43);
    expect(tokenOfFeedFile(`${token}.ics`)).toBe(token);
    expect(tokenOfFeedFile(`${token}.ICS`)).toBeNull();
    expect(tokenOfFeedFile(`${'a'.repeat(42)}.ics`)).toBeNull();
    expect(tokenOfFeedFile(`${'a'.repeat(42)}/.ics`)).toBeNull();
    expect(tokenOfFeedFile(token)).toBeNull();
  });

  it('gives the https and webcal addresses of a token', () => {
    expect(feedAddresses('https://salacomun.mx/', 'T')).toEqual({
      url: 'https://salacomun.mx/calendario/T.ics',
      webcalUrl: 'webcal://salacomun.mx/calendario/T.ics',
    });
    expect(feedAddresses('http://localhost:3000', 'T').webcalUrl).toBe(
      'webcal://localhost:3000/calendario/T.ics',
    );
  });

  it('holds 30 days back', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(feedWindow(now).startsFrom.toISOString()).toBe('2026-10-29T12:00:00.000Z');
  });

  it('names a client by the first name', () => {
    expect(firstName('  Ana María López ')).toBe('Ana');
    expect(firstName('Beto')).toBe('Beto');
  });

  it('keeps one event per UID: the live session over the one it replaced', () => {
    const rows = [
      { id: 'old', uid: 'u1', cancelled: true, sequence: 0 },
      { id: 'new', uid: 'u1', cancelled: false, sequence: 1 },
      { id: 'gone', uid: 'u2', cancelled: true, sequence: 0 },
      { id: 'moved-twice', uid: 'u3', cancelled: true, sequence: 1 },
      { id: 'moved-once', uid: 'u3', cancelled: true, sequence: 0 },
    ];
    expect(onePerUid(rows).map((row) => row.id)).toEqual(['new', 'gone', 'moved-twice']);
    expect(
      onePerUid([...rows].reverse())
        .map((row) => row.id)
        .sort(),
    ).toEqual(['gone', 'moved-twice', 'new']);
  });
});
