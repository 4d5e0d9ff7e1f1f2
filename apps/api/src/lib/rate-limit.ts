import type { DbOrTx } from '@sala/db/client';
import { rateLimitHits } from '@sala/db/schema/infrastructure';
import { and, eq, lt, sql } from 'drizzle-orm';

/**
 * Fixed-window counters in the database, so every API process shares them. `count` reads the current window;
 * `hit` adds one. Old windows are swept now and then.
 */
export function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

export async function countHits(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart(now, windowMs))));
  return row?.count ?? 0;
}

export async function addHit(db: DbOrTx, key: string, windowMs: number, now = new Date()): Promise<void> {
  await db
    .insert(rateLimitHits)
    .values({ key, windowStart: windowStart(now, windowMs), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    });
  if (Math.random() < 0.02) {
    await db
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.windowStart, new Date(now.getTime() - 24 * 3_600_000)));
  }
}
