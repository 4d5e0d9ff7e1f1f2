import type { DbOrTx } from '@sala/db/client';
import { branches, cities } from '@sala/db/schema/locations';
import type { citySortable } from '@sala/shared/locations/cities.contract';
import { asc, eq, ilike, sql } from 'drizzle-orm';
import { containsPattern, offsetOf, orderBy, totalCount } from '../../lib/paging';

type ListOptions = {
  page: number;
  pageSize: number;
  sort: (typeof citySortable)[number];
  dir: 'asc' | 'desc';
  q?: string;
};

/**
 * Branches per zone (a read of branches). Written out with explicit table names: inside a subquery Drizzle
 * renders columns without their table, and an unqualified `id` would be the branch's own.
 */
const branchCount = sql<number>`(select count(*)::int from "branches" b where b."city_id" = "cities"."id")`;

const sortColumns = { name: cities.name, branchCount, createdAt: cities.createdAt } as const;

export function listCities(db: DbOrTx, options: ListOptions) {
  return db
    .select({
      id: cities.id,
      name: cities.name,
      branchCount,
      createdAt: cities.createdAt,
      updatedAt: cities.updatedAt,
      total: totalCount(),
    })
    .from(cities)
    .where(options.q ? ilike(cities.name, containsPattern(options.q)) : undefined)
    .orderBy(orderBy(sortColumns[options.sort], options.dir), orderBy(cities.id, options.dir))
    .limit(options.pageSize)
    .offset(offsetOf(options.page, options.pageSize));
}

export function listCityOptions(db: DbOrTx) {
  return db.select({ id: cities.id, name: cities.name }).from(cities).orderBy(asc(cities.name));
}

export function findCity(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(cities).where(eq(cities.id, id));
  return (options.forUpdate ? query.for('update') : query).then((rows) => rows[0]);
}

export function countBranchesOf(db: DbOrTx, cityId: string) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(branches)
    .where(eq(branches.cityId, cityId))
    .then((rows) => rows[0]?.count ?? 0);
}

export function insertCity(db: DbOrTx, name: string) {
  return db
    .insert(cities)
    .values({ name })
    .returning()
    .then((rows) => rows[0]!);
}

export function renameCity(db: DbOrTx, id: string, name: string) {
  return db
    .update(cities)
    .set({ name })
    .where(eq(cities.id, id))
    .returning()
    .then((rows) => rows[0]);
}

export function deleteCityRow(db: DbOrTx, id: string) {
  return db.delete(cities).where(eq(cities.id, id));
}
