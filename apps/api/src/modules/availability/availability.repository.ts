import type { DbOrTx } from '@sala/db/client';
import { branches, cities } from '@sala/db/schema/locations';
import type { WeeklySchedule } from '@sala/shared/locations/schedule';
import { asc, eq, sql } from 'drizzle-orm';

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

/** Every branch with its zone and cost, by zone and name: the first steps of the booking wizard. */
export function listPublicBranches(db: DbOrTx) {
  return db
    .select({
      id: branches.id,
      name: branches.name,
      cityId: branches.cityId,
      cityName: cities.name,
      sessionCost: branches.sessionCost,
    })
    .from(branches)
    .innerJoin(cities, eq(cities.id, branches.cityId))
    .orderBy(asc(cities.name), asc(branches.name));
}

/**
 * What one booking needs to know, in one query: the branch, the day's blocks, and the one room at the one
 * instant (the room only if it belongs to the branch; its active session and block at that start).
 */
export async function findSlot(db: DbOrTx, branchId: string, date: string, roomId: string, startsAt: Date) {
  const at = startsAt.toISOString();
  const [row] = await db
    .select({
      id: branches.id,
      name: branches.name,
      cityId: branches.cityId,
      cityName: cities.name,
      schedule: branches.schedule,
      sessionCost: branches.sessionCost,
      dayBlocks: sql<{ date: string; hour: string | null }[]>`coalesce((
        select json_agg(json_build_object('date', d."date", 'hour', d."hour"))
        from "day_blocks" d where d."branch_id" = "branches"."id" and d."date" = ${date}
      ), '[]'::json)`,
      rooms: sql<{ id: string; name: string; position: number; isActive: boolean }[]>`coalesce((
        select json_agg(json_build_object('id', r."id", 'name', r."name", 'position', r."position",
          'isActive', r."is_active"))
        from "rooms" r where r."id" = ${roomId} and r."branch_id" = "branches"."id"
      ), '[]'::json)`,
      sessionCount: sql<number>`(select count(*)::int from "room_sessions" s
        where s."room_id" = ${roomId} and s."starts_at" = ${at}::timestamptz and s."cancelled_at" is null)`,
      blockCount: sql<number>`(select count(*)::int from "room_blocks" b
        where b."room_id" = ${roomId} and b."starts_at" = ${at}::timestamptz)`,
    })
    .from(branches)
    .innerJoin(cities, eq(cities.id, branches.cityId))
    .where(eq(branches.id, branchId));
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    cityId: row.cityId,
    cityName: row.cityName,
    sessionCost: row.sessionCost,
    schedule: row.schedule as WeeklySchedule,
    dayBlocks: row.dayBlocks,
    rooms: row.rooms,
    sessions: row.sessionCount > 0 ? [{ roomId, startsAt }] : [],
    roomBlocks: row.blockCount > 0 ? [{ roomId, startsAt }] : [],
  };
}
