import type { DbOrTx } from '@sala/db/client';
import { branches, cities } from '@sala/db/schema/locations';
import type { WeeklySchedule } from '@sala/shared/locations/schedule';
import { asc, eq, sql } from 'drizzle-orm';
import { preparedSqlOnce } from '../../lib/prepared';
import { rowsOf } from '../../lib/sql-rows';

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

/** Every branch with its zone, cost and active rooms, by zone and name: the first steps of the booking wizard. */
export function listPublicBranches(db: DbOrTx) {
  return db
    .select({
      id: branches.id,
      name: branches.name,
      cityId: branches.cityId,
      cityName: cities.name,
      sessionCost: branches.sessionCost,
      standingWeeksMax: branches.standingWeeksMax,
      roomCount: sql<number>`(select count(*)::int from "rooms" r
        where r."branch_id" = "branches"."id" and r."is_active")`,
    })
    .from(branches)
    .innerJoin(cities, eq(cities.id, branches.cityId))
    .orderBy(asc(cities.name), asc(branches.name));
}

/**
 * What one booking needs to know, in one query: the branch and its zone, the day's blocks, and the one room at
 * the one instant (the room only if it belongs to the branch; whether a session or a block holds it then).
 */
export async function findSlot(db: DbOrTx, branchId: string, date: string, roomId: string, startsAt: Date) {
  const at = startsAt.toISOString();
  const [row] = rowsOf<{
    id: string;
    name: string;
    city_id: string;
    city_name: string;
    address: string;
    schedule: WeeklySchedule;
    session_cost: number;
    room_name: string | null;
    room_position: number | null;
    room_active: boolean | null;
    day_hours: string[];
    busy: boolean;
    blocked: boolean;
  }>(await slotQuery(db).execute({ branchId, date, roomId, at }));
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    cityId: row.city_id,
    cityName: row.city_name,
    address: row.address,
    sessionCost: row.session_cost,
    schedule: row.schedule,
    // '' stands for the whole day (hour null) inside the array.
    dayBlocks: row.day_hours.map((hour) => ({ date, hour: hour === '' ? null : hour })),
    rooms:
      row.room_name === null
        ? []
        : [{ id: roomId, name: row.room_name, position: row.room_position!, isActive: row.room_active! }],
    sessions: row.busy ? [{ roomId, startsAt }] : [],
    roomBlocks: row.blocked ? [{ roomId, startsAt }] : [],
  };
}

const slotQuery = preparedSqlOnce(sql`
  select b."id", b."name", b."city_id", c."name" as city_name, b."address", b."schedule", b."session_cost",
    r."name" as room_name, r."position" as room_position, r."is_active" as room_active,
    array(select coalesce(d."hour", '') from "day_blocks" d
      where d."branch_id" = b."id" and d."date" = ${sql.placeholder('date')}) as day_hours,
    exists(select 1 from "room_sessions" s
      where s."room_id" = ${sql.placeholder('roomId')} and s."starts_at" = ${sql.placeholder('at')}::timestamptz
        and s."cancelled_at" is null) as busy,
    exists(select 1 from "room_blocks" rb
      where rb."room_id" = ${sql.placeholder('roomId')} and rb."starts_at" = ${sql.placeholder('at')}::timestamptz)
      as blocked
  from "branches" b
  join "cities" c on c."id" = b."city_id"
  left join "rooms" r on r."id" = ${sql.placeholder('roomId')} and r."branch_id" = b."id"
  where b."id" = ${sql.placeholder('branchId')}`);

/**
 * What a standing slot needs to know, in one query: the branch, its zone and limits, its rooms, the day blocks of
 * the series' dates, and the active sessions and room blocks at the series' instants.
 */
export async function findBranchAtInstants(db: DbOrTx, branchId: string, dates: string[], instants: Date[]) {
  const at = sql`array[${sql.join(
    instants.map((instant) => sql`${instant.toISOString()}::timestamptz`),
    sql`, `,
  )}]::timestamptz[]`;
  const days = sql`array[${sql.join(
    dates.map((date) => sql`${date}`),
    sql`, `,
  )}]::date[]`;
  const [row] = rowsOf<{
    id: string;
    name: string;
    city_id: string;
    city_name: string;
    address: string;
    schedule: WeeklySchedule;
    session_cost: number;
    standing_weeks_max: number;
    rooms: { id: string; name: string; position: number; isActive: boolean }[];
    day_blocks: { date: string; hour: string | null }[];
    sessions: JsonSession[];
    room_blocks: JsonSession[];
  }>(
    await db.execute(sql`
    select b."id", b."name", b."city_id", c."name" as city_name, b."address", b."schedule", b."session_cost",
      b."standing_weeks_max",
      coalesce((select json_agg(json_build_object('id', r."id", 'name', r."name", 'position', r."position",
          'isActive', r."is_active") order by r."position")
        from "rooms" r where r."branch_id" = b."id"), '[]'::json) as rooms,
      coalesce((select json_agg(json_build_object('date', d."date", 'hour', d."hour"))
        from "day_blocks" d where d."branch_id" = b."id" and d."date" = any(${days})), '[]'::json) as day_blocks,
      coalesce((select json_agg(json_build_object('roomId', s."room_id", 'startsAt', s."starts_at"))
        from "room_sessions" s where s."branch_id" = b."id" and s."starts_at" = any(${at})
          and s."cancelled_at" is null), '[]'::json) as sessions,
      coalesce((select json_agg(json_build_object('roomId', rb."room_id", 'startsAt', rb."starts_at"))
        from "room_blocks" rb where rb."branch_id" = b."id" and rb."starts_at" = any(${at})), '[]'::json)
        as room_blocks
    from "branches" b
    join "cities" c on c."id" = b."city_id"
    where b."id" = ${branchId}`),
  );
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    cityId: row.city_id,
    cityName: row.city_name,
    address: row.address,
    schedule: row.schedule,
    sessionCost: row.session_cost,
    standingWeeksMax: row.standing_weeks_max,
    rooms: row.rooms,
    dayBlocks: row.day_blocks.map((b) => ({ date: String(b.date).slice(0, 10), hour: b.hour })),
    sessions: row.sessions.map((s) => ({ roomId: s.roomId, startsAt: new Date(s.startsAt) })),
    roomBlocks: row.room_blocks.map((b) => ({ roomId: b.roomId, startsAt: new Date(b.startsAt) })),
  };
}
