import type { DbOrTx } from '@sala/db/client';
import { dayBlocks, roomBlocks } from '@sala/db/schema/blocks';
import { costs, dailyProductSales, dailyProductTotals, dailySales } from '@sala/db/schema/commerce';
import { type CreditReason, dailyCredits } from '@sala/db/schema/ledger';
import { branches, rooms } from '@sala/db/schema/locations';
import { dailySessions } from '@sala/db/schema/sessions';
import { users } from '@sala/db/schema/users';
import type { WeeklySchedule } from '@sala/shared/locations/schedule';
import { type AnyColumn, and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { parseDayCounts } from './day-counts';

/**
 * The owner's figures (issue 22): read-only sums over the tables of several modules, declared in
 * module-boundaries.ts. Every query is one aggregate over an indexed range.
 */

type Range = { from: Date; to: Date; branchId?: string };
type Days = { from: string; to: string; branchId?: string };

/** A sum of cents over many days: a chain's 90 days pass the 21 million pesos an int holds. */
const centsSum = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

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

/**
 * The active sessions of [from, to] (business dates) per branch and day: 24 counts, one per hour (the rollup of
 * migration 0027: a row per branch-day, not a row per session).
 */
export async function sessionCounts(db: DbOrTx, days: Days) {
  const rows = await db
    .select({
      branchId: dailySessions.branchId,
      // One row per branch, its days as text ('YYYY-MM-DD h0,h1,…,h23', joined by ';'): a year of a chain is 11 000
      // days, and a row each cost the drivers more than its text (PGlite 39 ms, one row per branch 14 ms; the
      // driver's array parser took 25 ms for 11 000 arrays). Each day's text is stored with its row (migration 0034).
      days: sql<string>`string_agg(${dailySessions.dayText}, ';')`,
    })
    .from(dailySessions)
    .where(
      and(
        gte(dailySessions.date, days.from),
        lte(dailySessions.date, days.to),
        days.branchId ? eq(dailySessions.branchId, days.branchId) : undefined,
      ),
    )
    .groupBy(dailySessions.branchId);
  return new Map(rows.map((row) => [row.branchId, parseDayCounts(row.days)]));
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
      cashCents: centsSum(dailySales.cashCents),
      cardCents: centsSum(dailySales.cardCents),
      transferCents: centsSum(dailySales.transferCents),
      onlineCents: centsSum(dailySales.onlineCents),
    })
    .from(dailySales)
    .where(onDays(dailySales, days))
    .groupBy(dailySales.date)
    .orderBy(dailySales.date);
}

/**
 * The products sold most in the range (completed orders), by units, with what they brought in: every branch's from
 * daily_product_totals, one branch's from daily_product_sales (issue 46).
 */
export function topProducts(db: DbOrTx, days: Days, limit: number) {
  const rollup = days.branchId ? dailyProductSales : dailyProductTotals;
  const units = sql<number>`sum(${rollup.quantity})::int`;
  return (
    db
      .select({ name: rollup.name, quantity: units, totalCents: centsSum(rollup.totalCents) })
      .from(rollup)
      .where(
        and(
          gte(rollup.date, days.from),
          lte(rollup.date, days.to),
          days.branchId ? eq(dailyProductSales.branchId, days.branchId) : undefined,
        ),
      )
      .groupBy(rollup.name)
      // A product whose every sale was cancelled sold nothing.
      .having(sql`sum(${rollup.quantity}) > 0`)
      .orderBy(desc(units), asc(rollup.name))
      .limit(limit)
  );
}

/** The ledger's deltas of the range's days (the rollup of migration 0027), of some reasons. */
const creditsOf = (reasons: CreditReason[]) =>
  sql<number>`coalesce(sum(${dailyCredits.delta}) filter (where ${inArray(dailyCredits.reason, reasons)}), 0)::bigint`.mapWith(
    Number,
  );

/** Credits granted and spent in [from, to] (business dates), and every balance now. */
export async function creditFigures(db: DbOrTx, days: Days) {
  const [moved] = await db
    .select({
      sold: creditsOf(['purchase', 'pos', 'order_cancel']),
      used: creditsOf(['booking', 'booking_refund', 'reschedule']),
      expired: creditsOf(['expired']),
    })
    .from(dailyCredits)
    .where(and(gte(dailyCredits.date, days.from), lte(dailyCredits.date, days.to)));
  const [owed] = await db
    .select({ outstanding: sql<number>`coalesce(sum(${users.credits}), 0)::int` })
    .from(users);
  return {
    sold: moved?.sold ?? 0,
    used: -(moved?.used ?? 0),
    expired: -(moved?.expired ?? 0),
    outstanding: owed?.outstanding ?? 0,
  };
}

/** Credits expired in [from, to] (business dates), per calendar month of Mexico City (issue 44). */
export async function expiredPerMonth(db: DbOrTx, days: Days) {
  const month = sql<string>`to_char(${dailyCredits.date}, 'YYYY-MM')`;
  return db
    .select({ month, credits: sql<number>`(-sum(${dailyCredits.delta}))::bigint`.mapWith(Number) })
    .from(dailyCredits)
    .where(
      and(
        gte(dailyCredits.date, days.from),
        lte(dailyCredits.date, days.to),
        eq(dailyCredits.reason, 'expired'),
      ),
    )
    .groupBy(month)
    .having(sql`sum(${dailyCredits.delta}) <> 0`)
    .orderBy(month);
}

/** The expenses of [from, to] (business dates), of a branch or all. */
export async function expensesBetween(db: DbOrTx, from: string, to: string, branchId?: string) {
  const [row] = await db
    .select({ total: centsSum(costs.totalCents) })
    .from(costs)
    .where(
      and(gte(costs.date, from), lte(costs.date, to), branchId ? eq(costs.branchId, branchId) : undefined),
    );
  return row?.total ?? 0;
}
