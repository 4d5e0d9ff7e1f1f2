import type { DbOrTx } from '@sala/db/client';
import { costs } from '@sala/db/schema/commerce';
import { branches } from '@sala/db/schema/locations';
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { containsPattern, offsetOf, orderBy, rowCount, withTotal } from '../../lib/paging';

const costRow = {
  id: costs.id,
  name: costs.name,
  description: costs.description,
  totalCents: costs.totalCents,
  addedByName: costs.addedByName,
  branchId: costs.branchId,
  branchName: branches.name,
  date: costs.date,
  createdAt: costs.createdAt,
  updatedAt: costs.updatedAt,
};

const sortColumns = {
  date: costs.date,
  name: costs.name,
  totalCents: costs.totalCents,
  addedByName: costs.addedByName,
  createdAt: costs.createdAt,
};

export function listCosts(
  db: DbOrTx,
  page: {
    page: number;
    pageSize: number;
    sort: keyof typeof sortColumns;
    dir: 'asc' | 'desc';
    q?: string;
  },
) {
  const search = page.q
    ? or(ilike(costs.name, containsPattern(page.q)), ilike(costs.description, containsPattern(page.q)))
    : undefined;
  return withTotal(
    db,
    db
      .select(costRow)
      .from(costs)
      .leftJoin(branches, eq(branches.id, costs.branchId))
      .where(search)
      .orderBy(orderBy(sortColumns[page.sort], page.dir), orderBy(costs.createdAt, page.dir), costs.id)
      .limit(page.pageSize)
      .offset(offsetOf(page.page, page.pageSize)),
    db.select({ total: rowCount() }).from(costs).where(search),
  );
}

export function findCost(db: DbOrTx, id: string) {
  return db
    .select(costRow)
    .from(costs)
    .leftJoin(branches, eq(branches.id, costs.branchId))
    .where(eq(costs.id, id))
    .then((rows) => rows[0]);
}

type CostValues = Pick<
  typeof costs.$inferInsert,
  'name' | 'description' | 'totalCents' | 'branchId' | 'date'
>;

export async function insertCost(
  tx: DbOrTx,
  values: CostValues & { addedById: string; addedByName: string },
) {
  const [row] = await tx.insert(costs).values(values).returning({ id: costs.id });
  return row!.id;
}

export async function updateCostRow(tx: DbOrTx, id: string, values: CostValues) {
  const [row] = await tx
    .update(costs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(costs.id, id))
    .returning({ id: costs.id });
  return row?.id;
}

export async function deleteCostRow(tx: DbOrTx, id: string) {
  const rows = await tx.delete(costs).where(eq(costs.id, id)).returning({ id: costs.id });
  return rows.length > 0;
}

/** The expenses of one business date, of one branch or all, in the order they were recorded. */
export function costsOfDate(db: DbOrTx, day: { date: string; branchId?: string }) {
  return db
    .select({
      id: costs.id,
      name: costs.name,
      addedByName: costs.addedByName,
      branchName: branches.name,
      totalCents: costs.totalCents,
      createdAt: costs.createdAt,
    })
    .from(costs)
    .leftJoin(branches, eq(branches.id, costs.branchId))
    .where(and(eq(costs.date, day.date), day.branchId ? eq(costs.branchId, day.branchId) : undefined))
    .orderBy(costs.createdAt, costs.id);
}

/** The total of a branch's expenses of one business date. */
export async function branchCostsTotal(db: DbOrTx, branchId: string, date: string) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${costs.totalCents}), 0)::int` })
    .from(costs)
    .where(and(eq(costs.branchId, branchId), eq(costs.date, date)));
  return row?.total ?? 0;
}
