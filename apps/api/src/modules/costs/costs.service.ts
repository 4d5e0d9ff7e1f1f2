import type { DbOrTx } from '@sala/db/client';
import type { TCashMovement } from '@sala/shared/cash-summary/cash-summary.contract';
import {
  type TCost,
  type TCostListQuery,
  type TSaveCostValues,
  toCostValues,
} from '@sala/shared/costs/costs.contract';
import { costMessages as m } from '@sala/shared/costs/costs.messages';
import type { TPage } from '@sala/shared/table/table.contract';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { toPage } from '../../lib/paging';
import { lockBranch } from '../branches/branches.service';
import {
  branchCostsTotal,
  costsOfDate,
  deleteCostRow,
  findCost,
  insertCost,
  listCosts,
  updateCostRow,
} from './costs.repository';

type CostRow = NonNullable<Awaited<ReturnType<typeof findCost>>>;

const toCost = (row: CostRow): TCost => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const notFound = () => new AppError('not-found', m.notFound);

/** GET /api/costs */
export async function listCostPage({ db }: ActingContext, query: TCostListQuery): Promise<TPage<TCost>> {
  return toPage(await listCosts(db, query), query, toCost);
}

/** The branch a cost is filed under, held until the cost is saved (it cannot vanish meanwhile). */
async function requireBranch(tx: DbOrTx, branchId: string) {
  if (!(await lockBranch(tx, branchId))) throw new AppError('invalid-argument', m.branchNotFound);
}

/** POST /api/costs — recorded by the acting super admin ('added by'). */
export async function createCost({ db, actor }: ActingContext, input: TSaveCostValues): Promise<TCost> {
  const id = await db.transaction(async (tx) => {
    await requireBranch(tx, input.branchId);
    return insertCost(tx, { ...toCostValues(input), addedById: actor.id, addedByName: actor.name });
  });
  return toCost((await findCost(db, id))!);
}

/** PATCH /api/costs/:id — who added it stays as it was. */
export async function updateCost(
  { db }: ActingContext,
  { id, values: input }: { id: string; values: TSaveCostValues },
): Promise<TCost> {
  const updated = await db.transaction(async (tx) => {
    await requireBranch(tx, input.branchId);
    return updateCostRow(tx, id, toCostValues(input));
  });
  if (!updated) throw notFound();
  return toCost((await findCost(db, id))!);
}

/** DELETE /api/costs/:id */
export async function deleteCost({ db }: ActingContext, { id }: { id: string }): Promise<void> {
  if (!(await deleteCostRow(db, id))) throw notFound();
}

/** The expenses of a business date as corte movements. */
export async function costMovementsOfDay(
  db: DbOrTx,
  day: { date: string; branchId?: string },
): Promise<TCashMovement[]> {
  const rows = await costsOfDate(db, day);
  return rows.map((row) => ({
    kind: 'cost' as const,
    id: row.id,
    at: row.createdAt.toISOString(),
    name: row.name,
    addedByName: row.addedByName,
    branchName: row.branchName,
    totalCents: row.totalCents,
  }));
}

/** For the cash drawer: a branch's expenses of a day, paid from its drawer (docs/decisions/020). */
export function drawerExpensesOfDay(db: DbOrTx, day: { branchId: string; date: string }) {
  return branchCostsTotal(db, day.branchId, day.date);
}
