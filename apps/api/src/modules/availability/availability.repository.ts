import type { DbOrTx } from '@sala/db/client';
import { branches } from '@sala/db/schema/locations';
import type { WeeklySchedule } from '@sala/shared/locations/schedule';
import { eq, sql } from 'drizzle-orm';

/*
 * Reads of branches, rooms, room_sessions, day_blocks and room_blocks (declared in module-boundaries.ts): one
 * query per answer, each subquery on an indexed column (day_blocks by (branch_id, date, hour), rooms by
 * (branch_id, position), sessions and room blocks by (branch_id, starts_at)). Table names are written out: inside
 * a subquery Drizzle drops them.
 */

type JsonSession = { roomId: string; startsAt: string };

/** The branch's schedule, cost and whole-day blocks between two dates. */
export function findBranchCalendar(db: DbOrTx, branchId: string, firstDate: string, lastDate: string) {
  return db
    .select({
      id: branches.id,
      cityId: branches.cityId,
      schedule: branches.schedule,
      sessionCost: branches.sessionCost,
      dayBlocks: sql<{ date: string; hour: string | null }[]>`coalesce((
        select json_agg(json_build_object('date', d."date", 'hour', d."hour"))
        from "day_blocks" d
        where d."branch_id" = "branches"."id" and d."date" between ${firstDate} and ${lastDate}
      ), '[]'::json)`,
    })
    .from(branches)
    .where(eq(branches.id, branchId))
    .then((rows) => rows[0]);
}

/** Everything one day of a branch holds: schedule, blocks, rooms, active sessions and room blocks. */
export async function findBranchDay(db: DbOrTx, branchId: string, date: string, from: Date, to: Date) {
  const [row] = await db
    .select({
      id: branches.id,
      cityId: branches.cityId,
      schedule: branches.schedule,
      sessionCost: branches.sessionCost,
      dayBlocks: sql<{ date: string; hour: string | null }[]>`coalesce((
        select json_agg(json_build_object('date', d."date", 'hour', d."hour"))
        from "day_blocks" d where d."branch_id" = "branches"."id" and d."date" = ${date}
      ), '[]'::json)`,
      rooms: sql<{ id: string; name: string; position: number; isActive: boolean }[]>`coalesce((
        select json_agg(json_build_object('id', r."id", 'name', r."name", 'position', r."position",
          'isActive', r."is_active") order by r."position")
        from "rooms" r where r."branch_id" = "branches"."id"
      ), '[]'::json)`,
      sessions: sql<JsonSession[]>`coalesce((
        select json_agg(json_build_object('roomId', s."room_id", 'startsAt', s."starts_at"))
        from "room_sessions" s
        where s."branch_id" = "branches"."id" and s."starts_at" >= ${from.toISOString()}::timestamptz
          and s."starts_at" < ${to.toISOString()}::timestamptz and s."cancelled_at" is null
      ), '[]'::json)`,
      roomBlocks: sql<JsonSession[]>`coalesce((
        select json_agg(json_build_object('roomId', b."room_id", 'startsAt', b."starts_at"))
        from "room_blocks" b
        where b."branch_id" = "branches"."id" and b."starts_at" >= ${from.toISOString()}::timestamptz
          and b."starts_at" < ${to.toISOString()}::timestamptz
      ), '[]'::json)`,
    })
    .from(branches)
    .where(eq(branches.id, branchId));
  if (!row) return undefined;
  return {
    ...row,
    schedule: row.schedule as WeeklySchedule,
    sessions: row.sessions.map((s) => ({ roomId: s.roomId, startsAt: new Date(s.startsAt) })),
    roomBlocks: row.roomBlocks.map((b) => ({ roomId: b.roomId, startsAt: new Date(b.startsAt) })),
  };
}
