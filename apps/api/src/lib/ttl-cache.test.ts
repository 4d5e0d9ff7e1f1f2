import { describe, expect, it } from 'vitest';
import { ttlCache } from './ttl-cache';

const load = (value: string) => () => Promise.resolve(value);

describe('ttlCache', () => {
  it('loads a key once per time to live, then again', async () => {
    const cache = ttlCache(1_000);
    const db = {};
    let loads = 0;
    const counted = () => Promise.resolve(++loads);
    expect(await cache.get(db, 'k', counted, 0)).toBe(1);
    expect(await cache.get(db, 'k', counted, 999)).toBe(1);
    expect(await cache.get(db, 'k', counted, 1_000)).toBe(2);
  });

  it('keeps each database apart', async () => {
    const cache = ttlCache(1_000);
    const [a, b] = [{}, {}];
    await cache.get(a, 'k', load('a'), 0);
    expect(await cache.get(b, 'k', load('b'), 0)).toBe('b');
    expect(await cache.get(a, 'k', load('x'), 1)).toBe('a');
  });

  it('sweeps out expired keys as new ones come, so keys asked once do not pile up until it is full', async () => {
    const cache = ttlCache(1_000);
    const db = {};
    // A key per minute and date, each asked once: 256 of them in the first second.
    for (let i = 0; i < 256; i++) await cache.get(db, `minute-1|${i}`, load('old'), 0);
    expect(cache.size(db)).toBe(256);
    // Two seconds later the next key finds them all expired.
    await cache.get(db, 'minute-2|0', load('new'), 2_000);
    expect(cache.size(db)).toBe(1);
    // Keys still alive stay: 300 fresh ones, then one more while they live.
    for (let i = 1; i <= 300; i++) await cache.get(db, `minute-2|${i}`, load('new'), 2_500);
    await cache.get(db, 'minute-2|301', load('new'), 2_600);
    expect(cache.size(db)).toBe(302);
    expect(await cache.get(db, 'minute-2|7', load('reloaded'), 2_700)).toBe('new');
  });

  it('forgets what it is told to, and a failed load is not remembered', async () => {
    const cache = ttlCache(1_000);
    const db = {};
    await cache.get(db, 'branch-1|day', load('a'), 0);
    await cache.get(db, 'branch-2|day', load('b'), 0);
    cache.forget(db, (key) => key.startsWith('branch-1|'));
    expect(await cache.get(db, 'branch-1|day', load('a2'), 1)).toBe('a2');
    expect(await cache.get(db, 'branch-2|day', load('b2'), 1)).toBe('b');
    await expect(cache.get(db, 'bad', () => Promise.reject(new Error('no')), 0)).rejects.toThrow('no');
    expect(await cache.get(db, 'bad', load('ok'), 1)).toBe('ok');
  });
});
