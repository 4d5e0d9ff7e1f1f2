import type { TRoomBlock } from '@sala/shared/blocks/blocks.contract';
import { describe, expect, it } from 'vitest';
import { describeHours, groupRoomDays } from './room-days';

const SALA_1 = '8b2e6c70-3f4d-4e5c-9a0b-2c3d4e5f6071';
const SALA_2 = '9c3f7d81-4a5e-4f6d-8b1c-3d4e5f607182';

let next = 0;
const block = (roomId: string, date: string, hour: string): TRoomBlock => {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    cityId: 'c0000000-0000-4000-8000-000000000001',
    cityName: 'Guadalajara',
    branchId: 'b0000000-0000-4000-8000-000000000001',
    branchName: 'Providencia',
    roomId,
    roomName: roomId === SALA_1 ? 'Sala 1' : 'Sala 2',
    startsAt: `${date}T${hour}:00.000Z`,
    date,
    hour,
    createdAt: '2030-01-01T00:00:00.000Z',
  };
};

describe('groupRoomDays', () => {
  it('puts the hours of one room on one date in one row, where its first hour was, even between other rooms', () => {
    const rows = [
      block(SALA_1, '2030-01-07', '08:00'),
      block(SALA_2, '2030-01-07', '08:00'),
      block(SALA_1, '2030-01-07', '09:00'),
      block(SALA_2, '2030-01-07', '09:00'),
      block(SALA_1, '2030-01-08', '09:00'),
    ];
    const days = groupRoomDays(rows);
    expect(days.map((day) => [day.block.roomName, day.block.date, day.blocks.map((b) => b.hour)])).toEqual([
      ['Sala 1', '2030-01-07', ['08:00', '09:00']],
      ['Sala 2', '2030-01-07', ['08:00', '09:00']],
      ['Sala 1', '2030-01-08', ['09:00']],
    ]);
    expect(new Set(days.map((day) => day.id)).size).toBe(3);
  });

  it('lists the hours of a day in order, whatever order the page came in', () => {
    const [day] = groupRoomDays([block(SALA_1, '2030-01-07', '12:00'), block(SALA_1, '2030-01-07', '08:00')]);
    expect(day?.blocks.map((b) => b.hour)).toEqual(['08:00', '12:00']);
    expect(day?.block.hour).toBe('08:00');
  });
});

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
