import { describe, expect, it } from 'vitest';
import {
  branchCountLabel,
  dayParts,
  groupByZone,
  hourStateLabel,
  roomStateLabel,
  sessionHours,
  shortDayLabel,
} from './booking-labels';

describe('hourStateLabel', () => {
  it.each([
    [{ state: 'free', freeRooms: 3 }, '3 salas libres'],
    [{ state: 'free', freeRooms: 1 }, '1 sala libre'],
    [{ state: 'past', freeRooms: 0 }, 'pasada'],
    [{ state: 'blocked', freeRooms: 0 }, 'bloqueada'],
    [{ state: 'full', freeRooms: 0 }, 'llena'],
  ] as const)('%j → %s', (hour, label) => {
    expect(hourStateLabel(hour)).toBe(label);
  });
});

describe('roomStateLabel', () => {
  it.each([
    ['free', 'libre'],
    ['busy', 'ocupada'],
    ['blocked', 'bloqueada'],
  ] as const)('%s → %s', (state, label) => {
    expect(roomStateLabel(state)).toBe(label);
  });
});

describe('dates and hours in Mexican Spanish', () => {
  it('a day card reads the calendar date, never shifted by a time zone', () => {
    expect(dayParts('2026-11-23')).toEqual({ weekday: 'lun', day: '23', month: 'nov' });
    expect(shortDayLabel('2026-11-23')).toBe('lun 23 nov');
    expect(shortDayLabel('2030-01-01')).toBe('mar 1 ene');
  });

  it('a session lasts one hour', () => {
    expect(sessionHours('10:00')).toBe('de 10:00 a 11:00');
    expect(sessionHours('20:00')).toBe('de 20:00 a 21:00');
  });
});

describe('groupByZone', () => {
  const branch = (id: string, name: string, cityId: string, cityName: string) => ({
    id,
    name,
    cityId,
    cityName,
    sessionCost: 1,
    standingWeeksMax: 8,
    roomCount: 2,
  });

  it('groups the branches under their zone, both alphabetically', () => {
    const zones = groupByZone([
      branch('b1', 'Valle', 'c1', 'Ciudad de México'),
      branch('b2', 'Providencia', 'c2', 'Guadalajara'),
      branch('b3', 'Polanco', 'c1', 'Ciudad de México'),
    ]);
    expect(zones.map((z) => z.name)).toEqual(['Ciudad de México', 'Guadalajara']);
    expect(zones[0]!.branches.map((b) => b.name)).toEqual(['Polanco', 'Valle']);
    expect(zones[1]!.id).toBe('c2');
  });

  it('counts branches in words', () => {
    expect(branchCountLabel(1)).toBe('1 sucursal');
    expect(branchCountLabel(2)).toBe('2 sucursales');
  });
});
