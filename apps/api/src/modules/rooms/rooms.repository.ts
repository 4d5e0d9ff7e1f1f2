import type { DbOrTx } from '@sala/db/client';
import { branches, cities, rooms } from '@sala/db/schema/locations';
import type { roomSortable } from '@sala/shared/locations/rooms.contract';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { containsPattern, offsetOf, orderBy, totalCount } from '../../lib/paging';

type ListOptions = {
  page: number;
  pageSize: number;
  sort: (typeof roomSortable)[number];
  dir: 'asc' | 'desc';
  q?: string;
};

const sortColumns = {
  position: rooms.position,
  branchName: branches.name,
  cityName: cities.name,
  isActive: rooms.isActive,
  createdAt: rooms.createdAt,
} as const;

const roomRow = {
  id: rooms.id,
  name: rooms.name,
  position: rooms.position,
  cityId: rooms.cityId,
  cityName: cities.name,
  branchId: rooms.branchId,
  branchName: branches.name,
  isActive: rooms.isActive,
  createdAt: rooms.createdAt,
  updatedAt: rooms.updatedAt,
};

export function listRooms(db: DbOrTx, options: ListOptions) {
  const pattern = options.q ? containsPattern(options.q) : undefined;
  return db
    .select({ ...roomRow, total: totalCount() })
    .from(rooms)
    .innerJoin(branches, eq(branches.id, rooms.branchId))
    .innerJoin(cities, eq(cities.id, rooms.cityId))
    .where(
      pattern
        ? or(ilike(rooms.name, pattern), ilike(branches.name, pattern), ilike(cities.name, pattern))
        : undefined,
    )
    .orderBy(
      orderBy(sortColumns[options.sort], options.dir),
      // Then as a receptionist reads them: by zone, branch and position (a branch's rooms stay together).
      asc(cities.name),
      asc(branches.name),
      asc(rooms.position),
      asc(rooms.id),
    )
    .limit(options.pageSize)
    .offset(offsetOf(options.page, options.pageSize));
}

export function listRoomOptions(db: DbOrTx, branchId: string) {
  return db
    .select({ id: rooms.id, name: rooms.name, position: rooms.position, isActive: rooms.isActive })
    .from(rooms)
    .where(eq(rooms.branchId, branchId))
    .orderBy(asc(rooms.position));
}

export function findRoomRow(db: DbOrTx, id: string) {
  return db
    .select(roomRow)
    .from(rooms)
    .innerJoin(branches, eq(branches.id, rooms.branchId))
    .innerJoin(cities, eq(cities.id, rooms.cityId))
    .where(eq(rooms.id, id))
    .then((rows) => rows[0]);
}

export function findRoom(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(rooms).where(eq(rooms.id, id));
  return (options.forUpdate ? query.for('update') : query).then((rows) => rows[0]);
}

export function positionTaken(db: DbOrTx, branchId: string, position: number, exceptId?: string) {
  return db
    .select({ id: rooms.id })
    .from(rooms)
    .where(
      and(
        eq(rooms.branchId, branchId),
        eq(rooms.position, position),
        exceptId ? sql`${rooms.id} <> ${exceptId}` : undefined,
      ),
    )
    .then((rows) => rows.length > 0);
}

export function insertRoom(db: DbOrTx, values: typeof rooms.$inferInsert) {
  return db
    .insert(rooms)
    .values(values)
    .returning({ id: rooms.id })
    .then((rows) => rows[0]!);
}

/** A room's blocks follow it to another branch or zone on their own (room_blocks' composite key cascades). */
export function updateRoomRow(db: DbOrTx, id: string, values: Partial<typeof rooms.$inferInsert>) {
  return db
    .update(rooms)
    .set(values)
    .where(eq(rooms.id, id))
    .returning({ id: rooms.id })
    .then((rows) => rows[0]);
}

export function deleteRoomRow(db: DbOrTx, id: string) {
  return db.delete(rooms).where(eq(rooms.id, id));
}
