import type { DbOrTx } from '@sala/db/client';
import { rateLimitHits } from '@sala/db/schema/infrastructure';
import { lt, sql } from 'drizzle-orm';

/**
 * Fixed-window counters in the database, so every API process shares them. `takeHit` counts one hit and says
 * whether it is within the limit. Old windows are swept every SWEEP_EVERY hits of a process (a count, not a
 * chance, so a test sees the same statements on every run).
 */
export type WindowLimit = { max: number; windowMs: number };

export function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

const SWEEP_EVERY = 50;
let hitsSinceSweep = 0;

/** Adds one hit to the key's current window and answers the window's count, in one statement. */
async function addHit(db: DbOrTx, key: string, windowMs: number, now: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart: windowStart(now, windowMs), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  hitsSinceSweep += 1;
  if (hitsSinceSweep >= SWEEP_EVERY) {
    hitsSinceSweep = 0;
    await db
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.windowStart, new Date(now.getTime() - 24 * 3_600_000)));
  }
  return row!.count;
}

/**
 * Counts one hit against `key`: within the limit, or refused until the window ends. The count and the check are
 * one upsert, so parallel hits cannot slip past the limit.
 */
export async function takeHit(
  db: DbOrTx,
  key: string,
  limit: WindowLimit,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; until: Date }> {
  if ((await addHit(db, key, limit.windowMs, now)) <= limit.max) return { ok: true };
  return { ok: false, until: new Date(windowStart(now, limit.windowMs).getTime() + limit.windowMs) };
}
