import { describe, expect, it } from 'vitest';
import { describeHours } from './room-days';

describe('describeHours', () => {
  it.each([
    [['10:00'], '10:00 a 11:00'],
    [
      [
        '08:00',
        '09:00',
        '10:00',
        '11:00',
        '12:00',
        '13:00',
        '14:00',
        '15:00',
        '16:00',
        '17:00',
        '18:00',
        '19:00',
        '20:00',
      ],
      '08:00 a 21:00',
    ],
    [['08:00', '09:00', '12:00', '19:00', '20:00'], '08:00 a 10:00, 12:00 a 13:00, 19:00 a 21:00'],
  ])('%j → %s', (hours, text) => {
    expect(describeHours(hours)).toBe(text);
  });
});
