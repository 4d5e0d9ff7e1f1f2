import type { DbOrTx } from '@sala/db/client';
import { dayBlocks, roomBlocks } from '@sala/db/schema/blocks';
import { branches, cities, rooms } from '@sala/db/schema/locations';
import { roomSessions } from '@sala/db/schema/sessions';
import type { branchSortable } from '@sala/shared/locations/branches.contract';
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import { containsPattern, offsetOf, orderBy, totalCount } from '../../lib/paging';

type ListOptions = {
  page: number;
  pageSize: number;
  sort: (typeof branchSortable)[number];
  dir: 'asc' | 'desc';
  q?: string;
};

const roomCount = sql<number>`(select count(*)::int from ${rooms} where ${rooms.branchId} = ${branches.id})`;

const sortColumns = {
  name: branches.name,
  cityName: cities.name,
  sessionCost: branches.sessionCost,
  roomCount,
  createdAt: branches.createdAt,
} as const;

const branchRow = {
  id: branches.id,
  name: branches.name,
  cityId: branches.cityId,
  cityName: cities.name,
  sessionCost: branches.sessionCost,
  schedule: branches.schedule,
  roomCount,
  createdAt: branches.createdAt,
  updatedAt: branches.updatedAt,
};

export function listBranches(db: DbOrTx, options: ListOptions) {
  const pattern = options.q ? containsPattern(options.q) : undefined;
  return db
    .select({ ...branchRow, total: totalCount() })
    .from(branches)
    .innerJoin(cities, eq(cities.id, branches.cityId))
    .where(pattern ? or(ilike(branches.name, pattern), ilike(cities.name, pattern)) : undefined)
    .orderBy(orderBy(sortColumns[options.sort], options.dir), orderBy(branches.id, options.dir))
    .limit(options.pageSize)
    .offset(offsetOf(options.page, options.pageSize));
}

export function findBranchRow(db: DbOrTx, id: string) {
  return db
    .select(branchRow)
    .from(branches)
    .innerJoin(cities, eq(cities.id, branches.cityId))
    .where(eq(branches.id, id))
    .then((rows) => rows[0]);
}

export function listBranchOptions(db: DbOrTx, cityId?: string) {
  return db
    .select({
      id: branches.id,
      name: branches.name,
      cityId: branches.cityId,
      sessionCost: branches.sessionCost,
    })
    .from(branches)
    .where(cityId ? eq(branches.cityId, cityId) : undefined)
    .orderBy(asc(branches.name));
}

/** `lock: 'share'` keeps the branch (and its zone) as read until the transaction ends; 'update' to change it. */
export function findBranch(db: DbOrTx, id: string, options: { lock?: 'update' | 'share' } = {}) {
  const query = db.select().from(branches).where(eq(branches.id, id));
  return (options.lock ? query.for(options.lock) : query).then((rows) => rows[0]);
}

export function countRoomsOf(db: DbOrTx, branchId: string) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(rooms)
    .where(eq(rooms.branchId, branchId))
    .then((rows) => rows[0]?.count ?? 0);
}

/** Rooms, sessions and blocks carry their branch's city: moving a branch to another zone moves them too. */
export async function moveBranchDependentsToCity(db: DbOrTx, branchId: string, cityId: string) {
  await db.update(rooms).set({ cityId }).where(eq(rooms.branchId, branchId));
  await db.update(roomSessions).set({ cityId }).where(eq(roomSessions.branchId, branchId));
  await db.update(dayBlocks).set({ cityId }).where(eq(dayBlocks.branchId, branchId));
  await db.update(roomBlocks).set({ cityId }).where(eq(roomBlocks.branchId, branchId));
}
