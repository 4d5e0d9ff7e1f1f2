import type { Db, DbOrTx, Tx } from '@sala/db/client';
import { hoursOn } from '@sala/shared/bookings/availability';
import type {
  TDashboardMoney,
  TDashboardOccupancy,
  TDashboardQuery,
  TDashboardToday,
  TReport,
  TReportQuery,
} from '@sala/shared/dashboard/dashboard.contract';
import {
  type BranchPeriod,
  branchCells,
  branchHours,
  calendarOf,
  dayCountsOf,
  heatOf,
  occupancyOf,
  rate,
} from '@sala/shared/dashboard/occupancy';
import { addDays, businessDate, businessTime, dayRange } from '@sala/shared/time/business-time';
import type { ActingContext } from '../../context';
import { readTogether } from '../../lib/read-together';
import { invoicingTotals } from '../invoicing/invoicing.service';
import {
  blocksOfDay,
  branchesWithRooms,
  creditFigures,
  dayBlocksBetween,
  expensesBetween,
  expiredPerMonth,
  roomBlockCounts,
  salesPerDay,
  sessionCounts,
  topProducts,
  waitingClients,
} from './dashboard.repository';

/**
 * The owner's numbers (issue 22, design §8): /admin's panels and the reports. Occupancy = booked session-hours ÷
 * bookable room-hours (packages/shared/src/dashboard/occupancy.ts); money figures are the super admin's alone.
 */

/** The panel's top products; a report lists more. */
const TOP_PRODUCTS = 5;
const REPORT_PRODUCTS = 50;

/**
 * The figures of one answer read at one instant (decision 042): a read-only transaction in one snapshot, so a sale
 * committed while a report is read is in every figure or in none (sales per day, invoicing, credits), and its ten
 * queries take their turns on one connection (readTogether) instead of taking the pool from the process's bookings
 * and sales.
 */
const atOneInstant = <T>(db: Db, read: (tx: Tx) => Promise<T>) =>
  db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });

/** Every branch asked for (one or all), with what the rules need for [from, to] (business dates). */
async function branchPeriods(
  db: DbOrTx,
  from: string,
  to: string,
  branchId?: string,
): Promise<BranchPeriod[]> {
  const range = { from: dayRange(from).from, to: dayRange(to).to, branchId };
  const [list, blocks, roomBlocks, sessions] = await readTogether(db, [
    () => branchesWithRooms(db, branchId),
    () => dayBlocksBetween(db, from, to, branchId),
    () => roomBlockCounts(db, range),
    () => sessionCounts(db, { from, to, branchId }),
  ]);
  return list.map((branch) => {
    const period: BranchPeriod = {
      branchId: branch.id,
      branchName: branch.name,
      schedule: branch.schedule,
      activeRooms: branch.activeRooms,
      blockedDays: new Set(),
      blockedHours: new Set(),
      roomBlocksAt: new Map(),
      sessionsOn: sessions.get(branch.id) ?? dayCountsOf(),
    };
    for (const block of blocks) {
      if (block.branchId !== branch.id) continue;
      if (block.hour === null) period.blockedDays.add(block.date);
      else period.blockedHours.add(`${block.date} ${block.hour}`);
    }
    for (const row of roomBlocks) {
      if (row.branchId === branch.id) period.roomBlocksAt.set(row.startsAt.getTime(), row.count);
    }
    return period;
  });
}

/** Each branch's hours of [from, to], walked once for every figure of an answer (issue 46). */
const withCells = (periods: BranchPeriod[], from: string, to: string) => {
  const calendar = calendarOf(from, to);
  return periods.map((period) => ({ period, cells: branchCells(period, calendar) }));
};

type BranchCells = ReturnType<typeof withCells>;

const byBranch = (branches: BranchCells, from: string, to: string) =>
  branches.map(({ period, cells }) => {
    const cell = occupancyOf(cells, from, to);
    return { branchId: period.branchId, branchName: period.branchName, ...cell, rate: rate(cell) };
  });

const heat = (branches: BranchCells, from: string, to: string) =>
  heatOf(
    branches.map(({ cells }) => cells),
    from,
    to,
  ).map((cell) => ({ ...cell, rate: rate(cell) }));

/** GET /api/dashboard/today — today's sessions by hour (the current one marked), rooms free now, today's blocks. */
export async function todayPanel(ctx: ActingContext, query: TDashboardQuery): Promise<TDashboardToday> {
  const { db, now, actor } = ctx;
  const today = businessDate(now);
  const currentHour = `${businessTime(now).slice(0, 2)}:00`;
  const range = dayRange(today);
  const [periods, blocks, pending] = await Promise.all([
    branchPeriods(db, today, today, query.branchId),
    blocksOfDay(db, { date: today, ...range, branchId: query.branchId }),
    actor.role === 'superadmin' ? waitingClients(db, 5) : Promise.resolve(null),
  ]);
  const byHour = new Map<string, { hour: string; booked: number; bookable: number }>();
  let openNow = false;
  let freeNow = 0;
  for (const period of periods) {
    for (const cell of branchHours(period, today, today)) {
      const sum = byHour.get(cell.hour) ?? { hour: cell.hour, booked: 0, bookable: 0 };
      sum.booked += cell.booked;
      sum.bookable += cell.bookable;
      byHour.set(cell.hour, sum);
      if (cell.hour === currentHour) {
        openNow = true;
        freeNow += Math.max(0, cell.bookable - cell.booked);
      }
    }
  }
  const hours = [...byHour.values()].sort((a, b) => (a.hour < b.hour ? -1 : 1));
  const opensAt = (hour: string) => periods.some((p) => hoursOn(p.schedule, today).includes(hour));
  return {
    date: today,
    currentHour: opensAt(currentHour) ? currentHour : null,
    hours,
    roomsFreeNow: openNow ? freeNow : null,
    blocks: [
      ...blocks.whole.map((block) => ({ branchName: block.branchName, hour: block.hour, roomName: null })),
      ...blocks.perRoom.map((block) => ({
        branchName: block.branchName,
        hour: businessTime(block.startsAt),
        roomName: block.roomName,
      })),
    ],
    pendingClients: pending,
  };
}

/** GET /api/dashboard/occupancy — the next 7 days and the last 30 by branch, and the last 8 weeks' weekday × hour. */
export async function occupancyPanel(
  ctx: ActingContext,
  query: TDashboardQuery,
): Promise<TDashboardOccupancy> {
  const today = businessDate(ctx.now);
  const from = addDays(today, -56);
  const to = addDays(today, 6);
  const branches = withCells(await branchPeriods(ctx.db, from, to, query.branchId), from, to);
  return {
    next7: byBranch(branches, today, addDays(today, 6)),
    last30: byBranch(branches, addDays(today, -30), addDays(today, -1)),
    heatmap: heat(branches, from, addDays(today, -1)),
  };
}

/** The money figures of [from, to] (business dates): sales per day by method, credits, top products. */
async function moneyOf(db: DbOrTx, from: string, to: string, branchId: string | undefined, products: number) {
  const days = { from, to, branchId };
  const [sales, credits, top] = await readTogether(db, [
    () => salesPerDay(db, days),
    () => creditFigures(db, days),
    () => topProducts(db, days, products),
  ]);
  // Every date of the range, a day without sales as zeros (a chart's gap is a day, not a missing bar).
  const found = new Map(sales.map((day) => [day.date, day]));
  const everyDay = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    everyDay.push(found.get(date) ?? { date, cashCents: 0, cardCents: 0, transferCents: 0, onlineCents: 0 });
  }
  return { days: everyDay, credits, products: top };
}

/** GET /api/dashboard/money — the super admin's: the last 30 days. */
export async function moneyPanel(ctx: ActingContext, query: TDashboardQuery): Promise<TDashboardMoney> {
  const today = businessDate(ctx.now);
  const { days, credits, products } = await atOneInstant(ctx.db, (db) =>
    moneyOf(db, addDays(today, -29), today, query.branchId, TOP_PRODUCTS),
  );
  return { days, credits, topProducts: products };
}

/** GET /api/reports — the super admin's: every figure of the panels for any range and branch. */
export async function report(ctx: ActingContext, query: TReportQuery): Promise<TReport> {
  const [periods, money, expensesCents, invoicing, expired] = await atOneInstant(ctx.db, (db) =>
    readTogether(db, [
      () => branchPeriods(db, query.from, query.to, query.branchId),
      () => moneyOf(db, query.from, query.to, query.branchId, REPORT_PRODUCTS),
      () => expensesBetween(db, query.from, query.to, query.branchId),
      () => invoicingTotals(db, query),
      () => expiredPerMonth(db, query),
    ]),
  );
  const branches = withCells(periods, query.from, query.to);
  return {
    from: query.from,
    to: query.to,
    occupancy: byBranch(branches, query.from, query.to),
    heatmap: heat(branches, query.from, query.to),
    days: money.days,
    credits: money.credits,
    expiredPerMonth: expired,
    products: money.products,
    expensesCents,
    invoicing,
  };
}
