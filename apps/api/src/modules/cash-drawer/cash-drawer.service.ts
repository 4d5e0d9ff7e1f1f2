import type { DbOrTx } from '@sala/db/client';
import type {
  TCloseDrawerRequest,
  TDrawer,
  TDrawerQuery,
  TOpenDrawerRequest,
} from '@sala/shared/cash-drawer/drawer.contract';
import { drawerMessages as m } from '@sala/shared/cash-drawer/drawer.messages';
import {
  countedFromPieces,
  drawerDifference,
  expectedCashCents,
} from '@sala/shared/cash-drawer/drawer.rules';
import { formatMoney } from '@sala/shared/format/money';
import { businessDate } from '@sala/shared/time/business-time';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { assertMayWorkAt } from '../../lib/branch-scope';
import { readTogether } from '../../lib/read-together';
import { recordAudit } from '../audit/audit.service';
import { lockBranch } from '../branches/branches.service';
import { drawerExpensesOfDay } from '../costs/costs.service';
import { posTakingsOfDay } from '../orders/orders.service';
import {
  closeDrawerRow,
  type DrawerRow,
  drawersOfDate,
  findDrawerById,
  findDrawerOf,
  insertDrawer,
  lockDrawer,
  reopenDrawerRow,
} from './cash-drawer.repository';

/**
 * The cash drawer of a branch's day (issue 22, design §8, docs/decisions/020). One per branch and Mexico City date
 * (a unique index). A sale holds its drawer FOR SHARE until it commits and a closing takes it FOR UPDATE, so a
 * closing waits for the sales in flight, counts exactly them, and no sale gets into a closed drawer.
 */

/** The drawer with the day's figures: the snapshot taken at closing, or what it should hold now while open. */
async function withFigures(db: DbOrTx, row: DrawerRow): Promise<TDrawer> {
  const day = { branchId: row.branchId, date: row.date };
  const [sales, cashExpensesCents] = await readTogether(db, [
    () => posTakingsOfDay(db, day),
    () => drawerExpensesOfDay(db, day),
  ]);
  const expectedNow = expectedCashCents({
    openingFloatCents: row.openingFloatCents,
    cashReceivedCents: sales.cashReceivedCents,
    changeCents: sales.changeCents,
    cashExpensesCents,
  });
  return {
    ...row,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    sales,
    cashExpensesCents,
    expectedCents: row.status === 'closed' && row.expectedCents !== null ? row.expectedCents : expectedNow,
    countDetail: row.countDetail ?? null,
  };
}

/** Staff read today's drawer of a branch; other days are the corte's (the super admin's). */
function dateAsked(ctx: ActingContext, date: string | undefined) {
  const today = businessDate(ctx.now);
  const asked = date ?? today;
  if (asked !== today && ctx.actor.role !== 'superadmin') {
    throw new AppError('permission-denied', 'Solo un super administrador consulta las cajas de otros días.');
  }
  return asked;
}

/** GET /api/cash-drawers */
export async function drawerOf(ctx: ActingContext, query: TDrawerQuery): Promise<{ drawer: TDrawer | null }> {
  assertMayWorkAt(ctx.actor, query.branchId);
  const row = await findDrawerOf(ctx.db, query.branchId, dateAsked(ctx, query.date));
  return { drawer: row ? await withFigures(ctx.db, row) : null };
}

/** GET /api/cash-drawers/:id — its closing report (Z) reads this; another day's is the super admin's. */
export async function drawerById(ctx: ActingContext, { id }: { id: string }): Promise<TDrawer> {
  const row = await findDrawerById(ctx.db, id);
  if (!row) throw new AppError('not-found', m.notFound);
  assertMayWorkAt(ctx.actor, row.branchId);
  dateAsked(ctx, row.date);
  return withFigures(ctx.db, row);
}

/** POST /api/cash-drawers: opens today's drawer of a branch with its float (once: the unique index decides). */
export async function openDrawer(ctx: ActingContext, input: TOpenDrawerRequest): Promise<TDrawer> {
  const { db, actor, now } = ctx;
  assertMayWorkAt(actor, input.branchId);
  const date = businessDate(now);
  const opened = await db.transaction(async (tx) => {
    const branch = await lockBranch(tx, input.branchId);
    if (!branch) throw new AppError('invalid-argument', m.branchNotFound, { branchId: m.branchNotFound });
    const made = await insertDrawer(tx, {
      branchId: input.branchId,
      date,
      openingFloatCents: input.openingFloatCents,
      openedAt: now,
      openedById: actor.id,
      openedByName: actor.name,
    });
    if (!made) throw new AppError('aborted', m.alreadyOpen);
    return (await findDrawerOf(tx, input.branchId, date))!;
  });
  return withFigures(db, opened);
}

/**
 * For a point-of-sale sale, in its transaction: today's drawer of the branch (with the branch's name), held FOR
 * SHARE until the sale commits. The first sale of the day opens it with the float the cashier gave; without one it
 * is refused (the screen asks for it); a closed drawer takes no sale. Undefined when the branch does not exist.
 * The branch is held FOR SHARE with its drawer, in the same statement (it keeps it from moving or going while the
 * sale is saved); only the day's first sale reads it apart, to open the drawer.
 */
export async function drawerForSale(
  tx: DbOrTx,
  ctx: Pick<ActingContext, 'actor' | 'now'>,
  sale: { branchId: string; openingFloatCents?: number },
) {
  const date = businessDate(ctx.now);
  let drawer = await lockDrawer(tx, { branchId: sale.branchId, date }, 'share');
  if (!drawer) {
    if (!(await lockBranch(tx, sale.branchId))) return undefined;
    if (sale.openingFloatCents === undefined) {
      throw new AppError('aborted', m.notOpen, { openingFloatCents: m.notOpen });
    }
    await insertDrawer(tx, {
      branchId: sale.branchId,
      date,
      openingFloatCents: sale.openingFloatCents,
      openedAt: ctx.now,
      openedById: ctx.actor.id,
      openedByName: ctx.actor.name,
    });
    drawer = await lockDrawer(tx, { branchId: sale.branchId, date }, 'share');
  }
  if (drawer!.status === 'closed') throw new AppError('aborted', m.closed);
  return drawer!;
}

/**
 * POST /api/cash-drawers/:id/close: the counted cash (an amount, or bills and coins) against what the drawer should
 * hold now, in a transaction that waits for the sales in flight; the difference needs a note.
 */
export async function closeDrawer(
  ctx: ActingContext,
  { id, ...input }: TCloseDrawerRequest & { id: string },
): Promise<TDrawer> {
  const { db, actor, now } = ctx;
  const closed = await db.transaction(async (tx) => {
    const drawer = await lockDrawer(tx, { id }, 'update');
    if (!drawer) throw new AppError('not-found', m.notFound);
    assertMayWorkAt(actor, drawer.branchId);
    if (drawer.status === 'closed') throw new AppError('aborted', m.alreadyClosed);
    if (drawer.date !== businessDate(now) && actor.role !== 'superadmin') {
      throw new AppError('permission-denied', 'Solo un super administrador cierra la caja de otro día.');
    }
    const { expectedCents } = await withFigures(tx, drawer);
    const countedCents = input.pieces ? countedFromPieces(input.pieces) : input.countedCents!;
    const difference = drawerDifference(countedCents, expectedCents);
    const note = input.note ?? null;
    if (difference.kind !== 'even' && !note)
      throw new AppError('invalid-argument', m.noteRequired, { note: m.noteRequired });
    await closeDrawerRow(tx, id, {
      closedAt: now,
      closedById: actor.id,
      closedByName: actor.name,
      expectedCents,
      countedCents,
      differenceCents: difference.cents,
      countDetail: input.pieces
        ? (Object.fromEntries(Object.entries(input.pieces).filter(([, n]) => (n ?? 0) > 0)) as Record<
            string,
            number
          >)
        : null,
      note,
    });
    await recordAudit(tx, ctx, [
      {
        action: 'cash_drawer.close',
        entity: 'cash_drawer',
        entityId: id,
        label: `Caja de ${drawer.branchName} · ${drawer.date}`,
        before: { status: 'open' },
        after: {
          status: 'closed',
          expected: formatMoney(expectedCents),
          counted: formatMoney(countedCents),
          difference: formatMoney(difference.cents),
        },
      },
    ]);
    return (await lockDrawer(tx, { id }, 'update'))!;
  });
  return withFigures(db, closed);
}

/** POST /api/cash-drawers/:id/reopen: the super admin only, with the reason, in the audit log. */
export async function reopenDrawer(
  ctx: ActingContext,
  { id, reason }: { id: string; reason: string },
): Promise<TDrawer> {
  const { db } = ctx;
  const reopened = await db.transaction(async (tx) => {
    const drawer = await lockDrawer(tx, { id }, 'update');
    if (!drawer) throw new AppError('not-found', m.notFound);
    assertMayWorkAt(ctx.actor, drawer.branchId);
    if (drawer.status !== 'closed') throw new AppError('aborted', m.notClosed);
    await reopenDrawerRow(tx, id);
    await recordAudit(tx, ctx, [
      {
        action: 'cash_drawer.reopen',
        entity: 'cash_drawer',
        entityId: id,
        label: `Caja de ${drawer.branchName} · ${drawer.date}`,
        before: {
          status: 'closed',
          counted: formatMoney(drawer.countedCents ?? 0),
          difference: formatMoney(drawer.differenceCents ?? 0),
        },
        after: { status: 'open', reason },
      },
    ]);
    return (await lockDrawer(tx, { id }, 'update'))!;
  });
  return withFigures(db, reopened);
}

/** For the corte: the drawers of a date with their figures (every branch, or one). */
export async function drawersOfDay(db: DbOrTx, date: string, branchId?: string): Promise<TDrawer[]> {
  const rows = await drawersOfDate(db, date, branchId);
  return readTogether(
    db,
    rows.map((row) => () => withFigures(db, row)),
  );
}
