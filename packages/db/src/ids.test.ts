import { describe, expect, it, vi } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('makes distinct v7 UUIDs, ordered by their millisecond, across pool refills', () => {
    const ids = Array.from({ length: 1_000 }, () => newId());
    expect(new Set(ids).size).toBe(1_000);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The first 48 bits are the time in milliseconds: never going back.
    const times = ids.map((id) => id.replaceAll('-', '').slice(0, 12));
    expect([...times].sort()).toEqual(times);
  });

  it('sorts the ids of one millisecond in the order they were made (the clock frozen, as in a test)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-07T16:00:00Z'));
    try {
      const ids = Array.from({ length: 600 }, () => newId());
      expect([...ids].sort()).toEqual(ids);
    } finally {
      vi.useRealTimers();
    }
  });
});
