import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEEKLY_SCHEDULE,
  describeSchedule,
  hourSlots,
  openingHours,
  type WeeklySchedule,
} from './schedule';

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

describe('describeSchedule', () => {
  it('says the hours the branch is open, as the public site does: from the first session to the end of the last', () => {
    expect(describeSchedule(DEFAULT_WEEKLY_SCHEDULE)).toBe(
      'Lun–Vie: 08:00 a 21:00 · Sáb: 08:00 a 15:00 · Dom: Cerrado',
    );
  });

  it('names a lone day, keeps apart days that differ, and never opens on Sunday (docs/business-rules.md §9)', () => {
    const week: WeeklySchedule = [
      { firstHour: 10, lastHour: 12 },
      { firstHour: 8, lastHour: 20 },
      null,
      { firstHour: 8, lastHour: 20 },
      { firstHour: 8, lastHour: 20 },
      { firstHour: 7, lastHour: 21 },
      null,
    ];
    expect(describeSchedule(week)).toBe(
      'Lun: 08:00 a 21:00 · Mar: Cerrado · Mié–Jue: 08:00 a 21:00 · Vie: 07:00 a 22:00 · Sáb–Dom: Cerrado',
    );
  });

  it('is the same hours as openingHours, on one line', () => {
    for (const week of [
      DEFAULT_WEEKLY_SCHEDULE,
      [null, null, null, null, null, null, { firstHour: 9, lastHour: 23 }],
    ]) {
      const line = describeSchedule(week as WeeklySchedule);
      for (const { days, hours } of openingHours(week as WeeklySchedule))
        expect(line).toContain(`${days}: ${hours}`);
    }
  });
});

describe('openingHours', () => {
  it('shows from the first session to the end of the last, Sunday always closed', () => {
    expect(openingHours(DEFAULT_WEEKLY_SCHEDULE)).toEqual([
      { days: 'Lun–Vie', hours: '08:00 a 21:00' },
      { days: 'Sáb', hours: '08:00 a 15:00' },
      { days: 'Dom', hours: 'Cerrado' },
    ]);
    const sundayOpen: WeeklySchedule = [...DEFAULT_WEEKLY_SCHEDULE];
    sundayOpen[0] = { firstHour: 9, lastHour: 23 };
    sundayOpen[6] = { firstHour: 9, lastHour: 23 };
    expect(openingHours(sundayOpen).at(-2)).toEqual({ days: 'Sáb', hours: '09:00 a 23:59' });
    expect(openingHours(sundayOpen).at(-1)).toEqual({ days: 'Dom', hours: 'Cerrado' });
  });
});
