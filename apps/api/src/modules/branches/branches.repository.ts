import type { DbOrTx } from '@sala/db/client';
import { branches, cities, rooms } from '@sala/db/schema/locations';
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

/**
 * Rooms per branch (a read of rooms). Written out with explicit table names: inside a subquery Drizzle renders
 * columns without their table, and an unqualified `id` would be the room's own.
 */
const roomCount = sql<number>`(select count(*)::int from "rooms" r where r."branch_id" = "branches"."id")`;

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
  standingWeeksMax: branches.standingWeeksMax,
  schedule: branches.schedule,
  address: branches.address,
  phone: branches.phone,
  whatsapp: branches.whatsapp,
  mapUrl: branches.mapUrl,
  description: branches.description,
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
      standingWeeksMax: branches.standingWeeksMax,
      schedule: branches.schedule,
    })
    .from(branches)
    .where(cityId ? eq(branches.cityId, cityId) : undefined)
    .orderBy(asc(branches.name));
}

/** The active rooms of a branch (the ones a visitor can book); see roomCount for the qualified names. */
const activeRoomCount = sql<number>`(select count(*)::int from "rooms" r where r."branch_id" = "branches"."id" and r."is_active")`;

/** Every branch as the public site shows it, by zone and name. */
export function listPublicBranchRows(db: DbOrTx) {
  return db
    .select({
      id: branches.id,
      name: branches.name,
      cityId: branches.cityId,
      cityName: cities.name,
      sessionCost: branches.sessionCost,
      schedule: branches.schedule,
      address: branches.address,
      phone: branches.phone,
      whatsapp: branches.whatsapp,
      mapUrl: branches.mapUrl,
      description: branches.description,
      roomCount: activeRoomCount,
    })
    .from(branches)
    .innerJoin(cities, eq(cities.id, branches.cityId))
    .orderBy(asc(cities.name), asc(branches.name));
}

/**
 * `lock: 'share'` keeps the branch (and its zone) as read until the transaction ends; 'update' to change it;
 * 'no key update' serialises writers of one branch's blocks without holding up bookings (their foreign-key
 * checks take 'key share', which it does not conflict with).
 */
export type BranchLock = 'update' | 'no key update' | 'share';

export function findBranch(db: DbOrTx, id: string, options: { lock?: BranchLock } = {}) {
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

export function insertBranch(db: DbOrTx, values: typeof branches.$inferInsert) {
  return db
    .insert(branches)
    .values(values)
    .returning({ id: branches.id })
    .then((rows) => rows[0]!);
}

/**
 * Rooms, sessions and blocks follow a branch that moves to another zone on their own: their composite foreign
 * keys to branches(id, city_id) cascade the update.
 */
export function updateBranchRow(db: DbOrTx, id: string, values: Partial<typeof branches.$inferInsert>) {
  return db.update(branches).set(values).where(eq(branches.id, id));
}

export function deleteBranchRow(db: DbOrTx, id: string) {
  return db.delete(branches).where(eq(branches.id, id));
}
