import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEKLY_SCHEDULE, hourSlots } from './schedule';

describe('default schedule', () => {
  it('offers 13 hourly slots from 08:00 to 20:00 on weekdays, Friday included', () => {
    for (const day of [1, 2, 3, 4, 5]) {
      const slots = hourSlots(DEFAULT_WEEKLY_SCHEDULE[day] ?? null);
      expect(slots).toHaveLength(13);
      expect(slots[0]).toBe('08:00');
      expect(slots.at(-1)).toBe('20:00');
    }
  });

  it('offers a shorter Saturday and no Sunday', () => {
    expect(hourSlots(DEFAULT_WEEKLY_SCHEDULE[6] ?? null)).toEqual([
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
    ]);
    expect(hourSlots(DEFAULT_WEEKLY_SCHEDULE[0] ?? null)).toEqual([]);
  });
});
