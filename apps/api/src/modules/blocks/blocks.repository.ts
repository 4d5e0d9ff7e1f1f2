import type { DbOrTx } from '@sala/db/client';
import { dayBlocks, roomBlocks } from '@sala/db/schema/blocks';
import { branches, cities, rooms } from '@sala/db/schema/locations';
import type { dayBlockSortable, roomBlockSortable } from '@sala/shared/blocks/blocks.contract';
import { BUSINESS_TIME_ZONE } from '@sala/shared/time/business-time';
import { and, asc, count, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import { containsPattern, offsetOf, orderBy, totalCount } from '../../lib/paging';

type Page<TSort> = { page: number; pageSize: number; sort: TSort; dir: 'asc' | 'desc'; q?: string };

const dayBlockRow = {
  id: dayBlocks.id,
  cityId: dayBlocks.cityId,
  cityName: cities.name,
  branchId: dayBlocks.branchId,
  branchName: branches.name,
  date: dayBlocks.date,
  hour: dayBlocks.hour,
  isHourBlocked: dayBlocks.isHourBlocked,
  createdAt: dayBlocks.createdAt,
};

const daySort = {
  date: dayBlocks.date,
  cityName: cities.name,
  branchName: branches.name,
  createdAt: dayBlocks.createdAt,
} as const;

/** Day and hour blocks dated `today` or later (a page), and how many are older. */
export async function listDayBlocksFrom(
  db: DbOrTx,
  today: string,
  page: Page<(typeof dayBlockSortable)[number]>,
) {
  const pattern = page.q ? containsPattern(page.q) : undefined;
  const [rows, [past]] = await Promise.all([
    db
      .select({ ...dayBlockRow, total: totalCount() })
      .from(dayBlocks)
      .innerJoin(branches, eq(branches.id, dayBlocks.branchId))
      .innerJoin(cities, eq(cities.id, dayBlocks.cityId))
      .where(
        and(
          gte(dayBlocks.date, today),
          pattern ? or(ilike(branches.name, pattern), ilike(cities.name, pattern)) : undefined,
        ),
      )
      .orderBy(
        orderBy(daySort[page.sort], page.dir),
        asc(dayBlocks.date),
        asc(branches.name),
        // The whole day (hour null) before its hours.
        asc(dayBlocks.hour),
        asc(dayBlocks.id),
      )
      .limit(page.pageSize)
      .offset(offsetOf(page.page, page.pageSize)),
    db.select({ count: count() }).from(dayBlocks).where(lt(dayBlocks.date, today)),
  ]);
  return { rows, pastCount: past?.count ?? 0 };
}

export function findDayBlockRow(db: DbOrTx, id: string) {
  return db
    .select(dayBlockRow)
    .from(dayBlocks)
    .innerJoin(branches, eq(branches.id, dayBlocks.branchId))
    .innerJoin(cities, eq(cities.id, dayBlocks.cityId))
    .where(eq(dayBlocks.id, id))
    .then((rows) => rows[0]);
}

export function dayBlocksOn(db: DbOrTx, branchId: string, date: string) {
  return db
    .select({ hour: dayBlocks.hour })
    .from(dayBlocks)
    .where(and(eq(dayBlocks.branchId, branchId), eq(dayBlocks.date, date)));
}

export function insertDayBlock(db: DbOrTx, values: typeof dayBlocks.$inferInsert) {
  return db
    .insert(dayBlocks)
    .values(values)
    .returning({ id: dayBlocks.id })
    .then((rows) => rows[0]!);
}

export function deleteDayBlockRow(db: DbOrTx, id: string) {
  return db
    .delete(dayBlocks)
    .where(eq(dayBlocks.id, id))
    .returning({ id: dayBlocks.id, branchId: dayBlocks.branchId })
    .then((rows) => rows[0]);
}

const roomBlockRow = {
  id: roomBlocks.id,
  cityId: roomBlocks.cityId,
  cityName: cities.name,
  branchId: roomBlocks.branchId,
  branchName: branches.name,
  roomId: roomBlocks.roomId,
  roomName: rooms.name,
  startsAt: roomBlocks.startsAt,
  createdAt: roomBlocks.createdAt,
};

/** The Mexico City date of a room block, the day the list groups its hours under. */
const blockDate = sql<string>`to_char(${roomBlocks.startsAt} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
const firstStartsAt = sql<Date>`min(${roomBlocks.startsAt})`;
const firstCreatedAt = sql<Date>`min(${roomBlocks.createdAt})`;

const roomSort = {
  startsAt: firstStartsAt,
  cityName: cities.name,
  branchName: branches.name,
  roomName: rooms.position,
  createdAt: firstCreatedAt,
} as const;

/**
 * Room blocks from `now` on, one row per room and Mexico City date with its hours in order (a page of room-days,
 * so a whole day is never split across pages), and how many hour blocks are older.
 */
export async function listRoomDaysFrom(
  db: DbOrTx,
  now: Date,
  page: Page<(typeof roomBlockSortable)[number]>,
) {
  const pattern = page.q ? containsPattern(page.q) : undefined;
  const [rows, [past]] = await Promise.all([
    db
      .select({
        cityId: roomBlocks.cityId,
        cityName: cities.name,
        branchId: roomBlocks.branchId,
        branchName: branches.name,
        roomId: roomBlocks.roomId,
        roomName: rooms.name,
        date: blockDate,
        createdAt: firstCreatedAt,
        hours: sql<
          { id: string; startsAt: string }[]
        >`json_agg(json_build_object('id', ${roomBlocks.id}, 'startsAt', ${roomBlocks.startsAt}) order by ${roomBlocks.startsAt})`,
        total: totalCount(),
      })
      .from(roomBlocks)
      .innerJoin(rooms, eq(rooms.id, roomBlocks.roomId))
      .innerJoin(branches, eq(branches.id, roomBlocks.branchId))
      .innerJoin(cities, eq(cities.id, roomBlocks.cityId))
      .where(
        and(
          gte(roomBlocks.startsAt, now),
          pattern
            ? or(ilike(branches.name, pattern), ilike(cities.name, pattern), ilike(rooms.name, pattern))
            : undefined,
        ),
      )
      .groupBy(
        roomBlocks.roomId,
        blockDate,
        roomBlocks.cityId,
        cities.name,
        roomBlocks.branchId,
        branches.name,
        rooms.name,
        rooms.position,
      )
      .orderBy(
        orderBy(roomSort[page.sort], page.dir),
        asc(firstStartsAt),
        asc(branches.name),
        asc(rooms.position),
        asc(roomBlocks.roomId),
      )
      .limit(page.pageSize)
      .offset(offsetOf(page.page, page.pageSize)),
    db.select({ count: count() }).from(roomBlocks).where(lt(roomBlocks.startsAt, now)),
  ]);
  return { rows, pastCount: past?.count ?? 0 };
}

export function findRoomBlockRows(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(roomBlockRow)
    .from(roomBlocks)
    .innerJoin(rooms, eq(rooms.id, roomBlocks.roomId))
    .innerJoin(branches, eq(branches.id, roomBlocks.branchId))
    .innerJoin(cities, eq(cities.id, roomBlocks.cityId))
    .where(or(...ids.map((id) => eq(roomBlocks.id, id))))
    .orderBy(asc(roomBlocks.startsAt));
}

export function roomBlockStartsBetween(db: DbOrTx, roomId: string, from: Date, to: Date) {
  return db
    .select({ startsAt: roomBlocks.startsAt })
    .from(roomBlocks)
    .where(and(eq(roomBlocks.roomId, roomId), gte(roomBlocks.startsAt, from), lt(roomBlocks.startsAt, to)))
    .then((rows) => rows.map((row) => row.startsAt));
}

/** Inserts the blocks that are not there yet (a racing save may have added some); returns the new ids. */
export function insertRoomBlocks(db: DbOrTx, values: (typeof roomBlocks.$inferInsert)[]) {
  if (values.length === 0) return Promise.resolve([]);
  return db
    .insert(roomBlocks)
    .values(values)
    .onConflictDoNothing({ target: [roomBlocks.roomId, roomBlocks.startsAt] })
    .returning({ id: roomBlocks.id });
}

export function deleteRoomBlockRow(db: DbOrTx, id: string) {
  return db
    .delete(roomBlocks)
    .where(eq(roomBlocks.id, id))
    .returning({ id: roomBlocks.id, branchId: roomBlocks.branchId })
    .then((rows) => rows[0]);
}

export function deleteRoomBlocksBetween(db: DbOrTx, roomId: string, from: Date, to: Date) {
  return db
    .delete(roomBlocks)
    .where(and(eq(roomBlocks.roomId, roomId), gte(roomBlocks.startsAt, from), lt(roomBlocks.startsAt, to)))
    .returning({ id: roomBlocks.id, branchId: roomBlocks.branchId, startsAt: roomBlocks.startsAt });
}
