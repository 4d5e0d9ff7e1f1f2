import { describe, expect, it } from 'vitest';
import { dayButtonLabel, holderDisplayName, reservationDays } from './staff-days';

// Noon in Mexico City (UTC−6): Saturday 12 and Sunday 13 January 2030.
const SATURDAY_NOON = new Date('2030-01-12T18:00:00Z');
const SUNDAY_NOON = new Date('2030-01-13T18:00:00Z');

describe('dayButtonLabel', () => {
  it.each([
    ['2026-11-23', 'Lun 23 nov'],
    ['2030-01-12', 'Sáb 12 ene'],
    ['2030-05-01', 'Mié 1 may'],
  ])('%s → %s', (date, label) => {
    expect(dayButtonLabel(date)).toBe(label);
  });
});

describe('reservationDays', () => {
  it('starts today and skips Sunday', () => {
    const { days, selected } = reservationDays(SATURDAY_NOON, null);
    expect(days).toEqual([
      '2030-01-12',
      '2030-01-14',
      '2030-01-15',
      '2030-01-16',
      '2030-01-17',
      '2030-01-18',
      '2030-01-19',
    ]);
    expect(selected).toBe('2030-01-12');
  });

  it('starts on Monday when today is Sunday', () => {
    const { days, selected } = reservationDays(SUNDAY_NOON, null);
    expect(days[0]).toBe('2030-01-14');
    expect(days).toHaveLength(7);
    expect(days).not.toContain('2030-01-20');
    expect(selected).toBe('2030-01-14');
  });

  it('opens the day the address asks for, adding it to the buttons when it lies outside the week', () => {
    expect(reservationDays(SATURDAY_NOON, '2030-01-16')).toEqual(
      expect.objectContaining({ selected: '2030-01-16' }),
    );
    const later = reservationDays(SATURDAY_NOON, '2030-01-25');
    expect(later.selected).toBe('2030-01-25');
    expect(later.days.at(-1)).toBe('2030-01-25');
    expect(later.days).toHaveLength(8);
  });

  it('ignores a malformed or impossible date', () => {
    expect(reservationDays(SATURDAY_NOON, 'mañana').selected).toBe('2030-01-12');
    expect(reservationDays(SATURDAY_NOON, '2030-02-30').selected).toBe('2030-01-12');
  });
});

describe('holderDisplayName', () => {
  it('drops the courtesy prefix only from courtesy sessions', () => {
    expect(holderDisplayName('Sesion de prueba - Dra. Ruiz', true)).toBe('Dra. Ruiz');
    expect(holderDisplayName('Valeria Torres', false)).toBe('Valeria Torres');
  });
});
