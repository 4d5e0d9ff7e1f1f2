import { describe, expect, it, vi } from 'vitest';
import { forgetBranch, remembered, TTL_MS } from './day-cache';

describe('the day cache', () => {
  it('loads a key once per TTL, and shares a load in flight', async () => {
    const db = {};
    const load = vi.fn(async () => 'día');
    const t0 = 1_000_000;
    const [a, b] = await Promise.all([
      remembered(db, 'b1|day|x', load, t0),
      remembered(db, 'b1|day|x', load, t0),
    ]);
    expect([a, b]).toEqual(['día', 'día']);
    await remembered(db, 'b1|day|x', load, t0 + TTL_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await remembered(db, 'b1|day|x', load, t0 + TTL_MS);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets every key of a branch at once, and only of that branch', async () => {
    const db = {};
    const load = vi.fn(async () => 1);
    await remembered(db, 'b1|day|x', load, 0);
    await remembered(db, 'b1|hours|x|1', load, 0);
    await remembered(db, 'b2|day|x', load, 0);
    forgetBranch(db, 'b1');
    await remembered(db, 'b1|day|x', load, 1);
    await remembered(db, 'b1|hours|x|1', load, 1);
    await remembered(db, 'b2|day|x', load, 1);
    expect(load).toHaveBeenCalledTimes(5);
  });

  it('never remembers a failed load, and keeps databases apart', async () => {
    const db = {};
    await expect(remembered(db, 'k', () => Promise.reject(new Error('x')), 0)).rejects.toThrow('x');
    await expect(remembered(db, 'k', async () => 'ok', 1)).resolves.toBe('ok');
    await expect(remembered({}, 'k', async () => 'other', 1)).resolves.toBe('other');
  });
});
