import type { DbOrTx } from '@sala/db/client';
import { cashDrawers } from '@sala/db/schema/commerce';
import { branches } from '@sala/db/schema/locations';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { preparedOnce } from '../../lib/prepared';

const columns = {
  id: cashDrawers.id,
  branchId: cashDrawers.branchId,
  branchName: branches.name,
  date: cashDrawers.date,
  status: cashDrawers.status,
  openingFloatCents: cashDrawers.openingFloatCents,
  openedAt: cashDrawers.openedAt,
  openedByName: cashDrawers.openedByName,
  closedAt: cashDrawers.closedAt,
  closedByName: cashDrawers.closedByName,
  expectedCents: cashDrawers.expectedCents,
  countedCents: cashDrawers.countedCents,
  differenceCents: cashDrawers.differenceCents,
  countDetail: cashDrawers.countDetail,
  note: cashDrawers.note,
  reopenings: cashDrawers.reopenings,
};
export function findDrawerOf(db: DbOrTx, branchId: string, date: string) {
  return db
    .select(columns)
    .from(cashDrawers)
    .innerJoin(branches, eq(branches.id, cashDrawers.branchId))
    .where(and(eq(cashDrawers.branchId, branchId), eq(cashDrawers.date, date)))
    .then((rows) => rows[0]);
}

/**
 * A drawer by id, locked for the rest of the transaction: FOR UPDATE to close or reopen it (it waits for the sales
 * in flight), FOR SHARE for a sale (sales do not wait for each other, only for a closing). A sale holds its branch
 * FOR SHARE too, in the same statement (issue 46: one round trip less inside the sale).
 */
export function lockDrawer(
  tx: DbOrTx,
  where: { id: string } | { branchId: string; date: string },
  mode: 'update' | 'share',
) {
  const query = 'id' in where ? drawerById[mode](tx).execute(where) : drawerOfDay[mode](tx).execute(where);
  return query.then((rows) => rows[0]);
}

/** The four shapes of `lockDrawer`, each built once. */
const lockedDrawer = (where: SQL | undefined, mode: 'update' | 'share') =>
  preparedOnce((db) =>
    db
      .select(columns)
      .from(cashDrawers)
      .innerJoin(branches, eq(branches.id, cashDrawers.branchId))
      .where(where)
      .for(mode, { of: mode === 'share' ? [cashDrawers, branches] : cashDrawers }),
  );
const byId = eq(cashDrawers.id, sql.placeholder('id'));
const ofDay = and(
  eq(cashDrawers.branchId, sql.placeholder('branchId')),
  eq(cashDrawers.date, sql.placeholder('date')),
);
const drawerById = { update: lockedDrawer(byId, 'update'), share: lockedDrawer(byId, 'share') };
const drawerOfDay = { update: lockedDrawer(ofDay, 'update'), share: lockedDrawer(ofDay, 'share') };

export function findDrawerById(db: DbOrTx, id: string) {
  return db
    .select(columns)
    .from(cashDrawers)
    .innerJoin(branches, eq(branches.id, cashDrawers.branchId))
    .where(eq(cashDrawers.id, id))
    .then((rows) => rows[0]);
}

export type DrawerRow = NonNullable<Awaited<ReturnType<typeof findDrawerOf>>>;

/** Opens a drawer unless the branch's day already has one (the unique index decides a race): whether it did. */
export async function insertDrawer(
  tx: DbOrTx,
  values: {
    branchId: string;
    date: string;
    openingFloatCents: number;
    openedAt: Date;
    openedById: string;
    openedByName: string;
  },
) {
  const rows = await tx
    .insert(cashDrawers)
    .values(values)
    .onConflictDoNothing({ target: [cashDrawers.branchId, cashDrawers.date] })
    .returning({ id: cashDrawers.id });
  return rows.length > 0;
}

export function closeDrawerRow(
  tx: DbOrTx,
  id: string,
  values: {
    closedAt: Date;
    closedById: string;
    closedByName: string;
    expectedCents: number;
    countedCents: number;
    differenceCents: number;
    countDetail: Record<string, number> | null;
    note: string | null;
  },
) {
  return tx
    .update(cashDrawers)
    .set({ ...values, status: 'closed' })
    .where(and(eq(cashDrawers.id, id), eq(cashDrawers.status, 'open')));
}

export function reopenDrawerRow(tx: DbOrTx, id: string) {
  return tx
    .update(cashDrawers)
    .set({
      status: 'open',
      closedAt: null,
      closedById: null,
      closedByName: null,
      expectedCents: null,
      countedCents: null,
      differenceCents: null,
      countDetail: null,
      reopenings: sql`${cashDrawers.reopenings} + 1`,
    })
    .where(and(eq(cashDrawers.id, id), eq(cashDrawers.status, 'closed')));
}

/** The drawers of a date (all branches, or one): the corte shows their float, count and difference. */
export function drawersOfDate(db: DbOrTx, date: string, branchId?: string) {
  return db
    .select(columns)
    .from(cashDrawers)
    .innerJoin(branches, eq(branches.id, cashDrawers.branchId))
    .where(and(eq(cashDrawers.date, date), branchId ? eq(cashDrawers.branchId, branchId) : undefined))
    .orderBy(branches.name);
}
