import { rateLimitHits } from '@sala/db/schema/infrastructure';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeHit } from '../src/lib/rate-limit';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the shared rate-limit windows', () => {
  it('counts hits per key and window, and refuses past the limit until the window ends', async () => {
    const now = new Date('2026-11-25T12:00:30Z');
    const limit = { max: 2, windowMs: 60_000 };
    expect(await takeHit(t.db, 'k:a', limit, now)).toEqual({ ok: true });
    expect(await takeHit(t.db, 'k:a', limit, now)).toEqual({ ok: true });
    expect(await takeHit(t.db, 'k:a', limit, now)).toEqual({
      ok: false,
      until: new Date('2026-11-25T12:01:00Z'),
    });
    expect(await takeHit(t.db, 'k:b', limit, now)).toEqual({ ok: true });
    expect(await takeHit(t.db, 'k:a', limit, new Date('2026-11-25T12:01:00Z'))).toEqual({ ok: true });
  });

  it('sweeps windows older than a day within fifty hits, always', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    await t.db
      .insert(rateLimitHits)
      .values({ key: 'old', windowStart: new Date('2026-11-23T12:00:00Z'), count: 9 });
    for (let hit = 0; hit < 50; hit++) await takeHit(t.db, 'sweep', { max: 100, windowMs: 60_000 }, now);
    expect(await t.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'old'))).toEqual([]);
    expect(await t.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'sweep'))).toHaveLength(1);
  });
});
