import type { DbOrTx } from '@sala/db/client';
import { dayBlocks, roomBlocks } from '@sala/db/schema/blocks';
import { costs, dailyProductSales, dailySales } from '@sala/db/schema/commerce';
import { creditLedger } from '@sala/db/schema/ledger';
import { branches, rooms } from '@sala/db/schema/locations';
import { roomSessions } from '@sala/db/schema/sessions';
import { users } from '@sala/db/schema/users';
import type { WeeklySchedule } from '@sala/shared/locations/schedule';
import { BUSINESS_TIME_ZONE } from '@sala/shared/time/business-time';
import { and, asc, desc, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';

/**
 * The owner's figures (issue 22): read-only sums over the tables of several modules, declared in
 * module-boundaries.ts. Every query is one aggregate over an indexed range.
 */

type Range = { from: Date; to: Date; branchId?: string };

/** The branches (one, or all) with their schedule and how many active rooms each has now. */
export function branchesWithRooms(db: DbOrTx, branchId?: string) {
  return db
    .select({
      id: branches.id,
      name: branches.name,
      schedule: sql<WeeklySchedule>`${branches.schedule}`,
      // Written out: in a one-table select Drizzle leaves a column unqualified, and "id" would be the room's.
      activeRooms: sql<number>`(select count(*)::int from ${rooms} r where r."branch_id" = "branches"."id" and r."is_active")`,
    })
    .from(branches)
    .where(branchId ? eq(branches.id, branchId) : undefined)
    .orderBy(asc(branches.name));
}

/** Day and hour blocks of [from, to] (business dates). */
export function dayBlocksBetween(db: DbOrTx, from: string, to: string, branchId?: string) {
  return db
    .select({ branchId: dayBlocks.branchId, date: dayBlocks.date, hour: dayBlocks.hour })
    .from(dayBlocks)
    .where(
      and(
        gte(dayBlocks.date, from),
        lte(dayBlocks.date, to),
        branchId ? eq(dayBlocks.branchId, branchId) : undefined,
      ),
    );
}

/** How many rooms are blocked at each instant of the range, by branch. */
export function roomBlockCounts(db: DbOrTx, range: Range) {
  return db
    .select({
      branchId: roomBlocks.branchId,
      startsAt: roomBlocks.startsAt,
      count: sql<number>`count(*)::int`,
    })
    .from(roomBlocks)
    .where(
      and(
        gte(roomBlocks.startsAt, range.from),
        lt(roomBlocks.startsAt, range.to),
        range.branchId ? eq(roomBlocks.branchId, range.branchId) : undefined,
      ),
    )
    .groupBy(roomBlocks.branchId, roomBlocks.startsAt);
}

/** How many active sessions start at each instant of the range, by branch. */
export function sessionCounts(db: DbOrTx, range: Range) {
  return db
    .select({
      branchId: roomSessions.branchId,
      startsAt: roomSessions.startsAt,
      count: sql<number>`count(*)::int`,
    })
    .from(roomSessions)
    .where(
      and(
        isNull(roomSessions.cancelledAt),
        gte(roomSessions.startsAt, range.from),
        lt(roomSessions.startsAt, range.to),
        range.branchId ? eq(roomSessions.branchId, range.branchId) : undefined,
      ),
    )
    .groupBy(roomSessions.branchId, roomSessions.startsAt);
}

/** Today's blocks with the branch's and the room's names (the panel lists them). */
export async function blocksOfDay(
  db: DbOrTx,
  day: { date: string; from: Date; to: Date; branchId?: string },
) {
  const whole = await db
    .select({ branchName: branches.name, hour: dayBlocks.hour })
    .from(dayBlocks)
    .innerJoin(branches, eq(branches.id, dayBlocks.branchId))
    .where(and(eq(dayBlocks.date, day.date), day.branchId ? eq(dayBlocks.branchId, day.branchId) : undefined))
    .orderBy(asc(branches.name), asc(dayBlocks.hour));
  const perRoom = await db
    .select({ branchName: branches.name, roomName: rooms.name, startsAt: roomBlocks.startsAt })
    .from(roomBlocks)
    .innerJoin(rooms, eq(rooms.id, roomBlocks.roomId))
    .innerJoin(branches, eq(branches.id, roomBlocks.branchId))
    .where(
      and(
        gte(roomBlocks.startsAt, day.from),
        lt(roomBlocks.startsAt, day.to),
        day.branchId ? eq(roomBlocks.branchId, day.branchId) : undefined,
      ),
    )
    .orderBy(asc(branches.name), asc(roomBlocks.startsAt), asc(rooms.position));
  return { whole, perRoom };
}

/** Self-registered clients waiting for a super admin to activate them: how many, and the newest names. */
export async function waitingClients(db: DbOrTx, limit: number) {
  const waiting = and(eq(users.role, 'user'), eq(users.isActive, false), isNull(users.closedAt));
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(waiting);
  const newest = await db
    .select({ name: users.name })
    .from(users)
    .where(waiting)
    .orderBy(desc(users.createdAt))
    .limit(limit);
  return { count, names: newest.map((row) => row.name) };
}

type Days = { from: string; to: string; branchId?: string };

/** A rollup's rows of the range's days, of one branch or of every one. */
const onDays = (rollup: typeof dailySales | typeof dailyProductSales, days: Days) =>
  and(
    gte(rollup.date, days.from),
    lte(rollup.date, days.to),
    days.branchId ? eq(rollup.branchId, days.branchId) : undefined,
  );

/**
 * Completed sales per business date and method: the counter's cash (net of change), card and transfer, and the
 * online store's card on its own (in no branch: left out when a branch is asked for). Read from daily_sales, which
 * the database keeps equal to the orders' sums (migration 0018).
 */
export function salesPerDay(db: DbOrTx, days: Days) {
  return db
    .select({
      date: dailySales.date,
      cashCents: sql<number>`sum(${dailySales.cashCents})::int`,
      cardCents: sql<number>`sum(${dailySales.cardCents})::int`,
      transferCents: sql<number>`sum(${dailySales.transferCents})::int`,
      onlineCents: sql<number>`sum(${dailySales.onlineCents})::int`,
    })
    .from(dailySales)
    .where(onDays(dailySales, days))
    .groupBy(dailySales.date)
    .orderBy(dailySales.date);
}

/** The products sold most in the range (completed orders), by units, with what they brought in. */
export function topProducts(db: DbOrTx, days: Days, limit: number) {
  const units = sql<number>`sum(${dailyProductSales.quantity})::int`;
  return (
    db
      .select({
        name: dailyProductSales.name,
        quantity: units,
        totalCents: sql<number>`sum(${dailyProductSales.totalCents})::int`,
      })
      .from(dailyProductSales)
      .where(onDays(dailyProductSales, days))
      .groupBy(dailyProductSales.name)
      // A product whose every sale was cancelled sold nothing.
      .having(sql`sum(${dailyProductSales.quantity}) > 0`)
      .orderBy(desc(units), asc(dailyProductSales.name))
      .limit(limit)
  );
}

/** Credits granted and spent in the range (the ledger), and every balance now. */
export async function creditFigures(db: DbOrTx, range: { from: Date; to: Date }) {
  const [moved] = await db
    .select({
      sold: sql<number>`coalesce(sum(${creditLedger.delta}) filter (where ${creditLedger.reason} in ('purchase', 'pos', 'order_cancel')), 0)::int`,
      used: sql<number>`coalesce(-sum(${creditLedger.delta}) filter (where ${creditLedger.reason} in ('booking', 'booking_refund', 'reschedule')), 0)::int`,
      expired: sql<number>`coalesce(-sum(${creditLedger.delta}) filter (where ${creditLedger.reason} = 'expired'), 0)::int`,
    })
    .from(creditLedger)
    .where(and(gte(creditLedger.createdAt, range.from), lt(creditLedger.createdAt, range.to)));
  const [owed] = await db
    .select({ outstanding: sql<number>`coalesce(sum(${users.credits}), 0)::int` })
    .from(users);
  return {
    sold: moved?.sold ?? 0,
    used: moved?.used ?? 0,
    expired: moved?.expired ?? 0,
    outstanding: owed?.outstanding ?? 0,
  };
}

/** Credits expired in the range, per calendar month of Mexico City (issue 44): [{ month: 'YYYY-MM', credits }]. */
export async function expiredPerMonth(db: DbOrTx, range: { from: Date; to: Date }) {
  const month = sql<string>`to_char(${creditLedger.createdAt} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)}, 'YYYY-MM')`;
  return db
    .select({ month, credits: sql<number>`(-sum(${creditLedger.delta}))::int` })
    .from(creditLedger)
    .where(
      and(
        gte(creditLedger.createdAt, range.from),
        lt(creditLedger.createdAt, range.to),
        eq(creditLedger.reason, 'expired'),
      ),
    )
    .groupBy(month)
    .orderBy(month);
}

/** The expenses of [from, to] (business dates), of a branch or all. */
export async function expensesBetween(db: DbOrTx, from: string, to: string, branchId?: string) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${costs.totalCents}), 0)::int` })
    .from(costs)
    .where(
      and(gte(costs.date, from), lte(costs.date, to), branchId ? eq(costs.branchId, branchId) : undefined),
    );
  return row?.total ?? 0;
}
